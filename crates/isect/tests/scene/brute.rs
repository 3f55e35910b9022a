//! Brute force over every object: each query written as a loop over the objects with the
//! primitive queries (the query moved into the object's frame for hulls and meshes), and the
//! scene's own choices where a kind has no primitive query (a segment as a capsule of radius
//! 0; no ray cast at lines and rays; no sweep or contact against frusta, lines and rays; no
//! mesh–plane contact).

use isect::math::Vec3;
use isect::scene::{Geometry, ObjectId, Pose, SceneShape, Transform};
use isect::{
    Contact, ContactInfo, ConvexHull, Frustum, Intersects, PointQuery, Ray, RayCast, Real, Sweep,
    SweepHit, TriMesh,
};

use super::Model;

/// A geometry moved to the scene, or left in its frame with the pose.
pub enum World<'a> {
    Sphere(isect::Sphere),
    Obb(isect::Obb),
    Capsule(isect::Capsule),
    Triangle(isect::Triangle),
    Hull(&'a ConvexHull, Pose),
    Mesh(&'a TriMesh, Pose),
    Segment(isect::Segment),
    Frustum(Frustum),
    Plane(isect::Plane),
    Line(isect::Line),
    Ray(Ray),
}

pub fn world<'a>(geometry: &'a Geometry, pose: &Pose) -> World<'a> {
    match geometry {
        Geometry::Sphere(s) => World::Sphere(s.transform(pose)),
        Geometry::Aabb(b) => World::Obb(b.transform(pose)),
        Geometry::Obb(b) => World::Obb(b.transform(pose)),
        Geometry::Capsule(c) => World::Capsule(c.transform(pose)),
        Geometry::Triangle(t) => World::Triangle(t.transform(pose)),
        Geometry::ConvexHull(h) => World::Hull(h, *pose),
        Geometry::TriMesh(m) => World::Mesh(m, *pose),
        Geometry::Segment(x) => World::Segment(x.transform(pose)),
        Geometry::Frustum(x) => World::Frustum(x.transform(pose)),
        Geometry::Plane(x) => World::Plane(x.transform(pose)),
        Geometry::Line(x) => World::Line(x.transform(pose)),
        Geometry::Ray(x) => World::Ray(x.transform(pose)),
    }
}

/// A segment as the scene takes it for sweeps and contacts: the capsule of radius 0.
fn as_capsule(s: &isect::Segment) -> isect::Capsule {
    isect::Capsule::new(s.a, s.b, 0.0)
}

/// Runs `$body` with `$x` bound to a scene-frame primitive, or `$local` on a hull or mesh with
/// `$inv` the inverse pose and `$pose` the pose.
macro_rules! each {
    ($w:expr, $x:ident => $body:expr, ($obj:ident, $pose:ident, $inv:ident) => $local:expr) => {
        match $w {
            World::Sphere($x) => $body,
            World::Obb($x) => $body,
            World::Capsule($x) => $body,
            World::Triangle($x) => $body,
            World::Segment($x) => $body,
            World::Frustum($x) => $body,
            World::Plane($x) => $body,
            World::Line($x) => $body,
            World::Ray($x) => $body,
            World::Hull($obj, $pose) => {
                let $inv = $pose.inverse();
                $local
            }
            World::Mesh($obj, $pose) => {
                let $inv = $pose.inverse();
                $local
            }
        }
    };
}

/// Every object the ray hits within `max_t` (the solid cast), with its `t`: the whole ray's
/// first hit, kept when within `max_t` (an account of `max_t` independent of the shapes'
/// casts).
pub fn brute_ray(model: &Model, ray: &Ray, max_t: Real) -> Vec<(ObjectId, Real)> {
    model
        .iter()
        .filter_map(|(id, (g, p))| {
            let inf = Real::INFINITY;
            let hit = match world(g, p) {
                World::Sphere(x) => x.raycast(ray, inf),
                World::Obb(x) => x.raycast(ray, inf),
                World::Capsule(x) => x.raycast(ray, inf),
                World::Triangle(x) => x.raycast(ray, inf),
                World::Segment(x) => x.raycast(ray, inf),
                World::Frustum(x) => x.raycast(ray, inf),
                World::Plane(x) => x.raycast(ray, inf),
                // No primitive ray cast against lines and rays: never hit.
                World::Line(_) | World::Ray(_) => None,
                World::Hull(o, pose) => o.raycast(&ray.transform(&pose.inverse()), inf),
                World::Mesh(o, pose) => o.raycast(&ray.transform(&pose.inverse()), inf),
            };
            let t = hit?.t;
            (t <= max_t).then_some((*id, t))
        })
        .collect()
}

pub fn brute_overlaps<S: SceneShape>(model: &Model, s: &S) -> Vec<ObjectId> {
    model
        .iter()
        .filter(|(_, (g, p))| {
            each!(world(g, p), x => s.intersects(&x),
                (o, _pose, inv) => s.transform(&inv).intersects(o))
        })
        .map(|(id, _)| *id)
        .collect()
}

pub fn brute_frustum(model: &Model, f: &Frustum) -> Vec<ObjectId> {
    model
        .iter()
        .filter(|(_, (g, p))| {
            each!(world(g, p), x => x.intersects(f),
                (o, _pose, inv) => f.transform(&inv).intersects(o))
        })
        .map(|(id, _)| *id)
        .collect()
}

/// Every object's sweep hit.
pub fn brute_sweep<S: SceneShape>(model: &Model, s: &S, motion: Vec3) -> Vec<(ObjectId, SweepHit)> {
    model
        .iter()
        .filter_map(|(id, (g, p))| {
            let still = Vec3::ZERO;
            let local = |pose: &Pose| {
                (
                    s.transform(&pose.inverse()),
                    pose.inverse().transform_vector(motion),
                )
            };
            let hit = match world(g, p) {
                World::Sphere(x) => s.sweep(motion, &x, still),
                World::Obb(x) => s.sweep(motion, &x, still),
                World::Capsule(x) => s.sweep(motion, &x, still),
                World::Triangle(x) => s.sweep(motion, &x, still),
                World::Segment(x) => s.sweep(motion, &as_capsule(&x), still),
                World::Plane(x) => s.sweep(motion, &x, still),
                // No primitive sweep against these.
                World::Frustum(_) | World::Line(_) | World::Ray(_) => None,
                World::Hull(o, pose) => {
                    let (l, m) = local(&pose);
                    l.sweep(m, o, still).map(|h| h.transform(&pose))
                }
                World::Mesh(o, pose) => {
                    let (l, m) = local(&pose);
                    l.sweep(m, o, still).map(|h| h.transform(&pose))
                }
            }?;
            Some((*id, hit))
        })
        .collect()
}

pub fn brute_distances(model: &Model, q: Vec3) -> Vec<(ObjectId, Real)> {
    model
        .iter()
        .map(|(id, (g, p))| {
            let d = each!(world(g, p), x => x.distance_to_point(q),
                (o, _pose, inv) => o.distance_to_point(inv.transform_point(q)));
            (*id, d)
        })
        .collect()
}

pub fn contact_of<S: SceneShape>(s: &S, w: &World<'_>) -> Option<ContactInfo> {
    match w {
        World::Sphere(x) => s.contact(x),
        World::Obb(x) => s.contact(x),
        World::Capsule(x) => s.contact(x),
        World::Triangle(x) => s.contact(x),
        World::Segment(x) => s.contact(&as_capsule(x)),
        World::Plane(x) => s.contact(x),
        World::Frustum(_) | World::Line(_) | World::Ray(_) => None,
        World::Hull(o, pose) => s
            .transform(&pose.inverse())
            .contact(*o)
            .map(|c| c.transform(pose)),
        World::Mesh(o, pose) => s
            .transform(&pose.inverse())
            .contact(*o)
            .map(|c| c.transform(pose)),
    }
}

/// `w`'s contact with the plane `p` (normal from the plane towards `w`); no primitive contact
/// of a mesh with a plane.
fn contact_with_plane(w: &World<'_>, p: &isect::Plane) -> Option<ContactInfo> {
    match w {
        World::Sphere(x) => x.contact(p),
        World::Obb(x) => x.contact(p),
        World::Capsule(x) => x.contact(p),
        World::Triangle(x) => x.contact(p),
        World::Segment(x) => as_capsule(x).contact(p),
        World::Plane(x) => x.contact(p),
        World::Hull(h, pose) => h
            .contact(&p.transform(&pose.inverse()))
            .map(|c| c.transform(pose)),
        World::Mesh(..) | World::Frustum(_) | World::Line(_) | World::Ray(_) => None,
    }
}

fn hull_in(h: &ConvexHull, from: &Pose, to: &Pose) -> ConvexHull {
    let inv = to.inverse();
    ConvexHull::new(
        h.points()
            .iter()
            .map(|&p| inv.transform_point(from.transform_point(p)))
            .collect::<Vec<_>>(),
    )
}

fn flip(c: ContactInfo) -> ContactInfo {
    ContactInfo {
        normal: -c.normal,
        ..c
    }
}

/// The contact of `a` against `b` as the scene defines it.
fn brute_contact(a: &World<'_>, b: &World<'_>) -> Option<ContactInfo> {
    let no_contact =
        |w: &World<'_>| matches!(w, World::Frustum(_) | World::Line(_) | World::Ray(_));
    if no_contact(a) || no_contact(b) {
        return None;
    }
    if let World::Plane(p) = b {
        return contact_with_plane(a, p);
    }
    match a {
        World::Segment(x) => contact_of(&as_capsule(x), b),
        World::Plane(_) => brute_contact(b, a).map(flip),
        World::Frustum(_) | World::Line(_) | World::Ray(_) => None,
        World::Sphere(x) => contact_of(x, b),
        World::Obb(x) => contact_of(x, b),
        World::Capsule(x) => contact_of(x, b),
        World::Triangle(x) => contact_of(x, b),
        World::Hull(h, pa) => match b {
            World::Hull(g, pb) => hull_in(h, pa, pb).contact(*g).map(|c| c.transform(pb)),
            World::Mesh(m, pb) => hull_in(h, pa, pb).contact(*m).map(|c| c.transform(pb)),
            _ => brute_contact(b, a).map(flip),
        },
        World::Mesh(m, pa) => match b {
            World::Mesh(g, pb) => m.contact(&mesh_in(g, pb, pa)).map(|c| c.transform(pa)),
            _ => brute_contact(b, a).map(flip),
        },
    }
}

/// Mesh `m` (placed by `from`) copied into the frame of `to`, by the motion the scene's
/// placement uses (the composed rotation as a matrix), so its triangles are the ones the scene
/// moves into that frame one at a time.
fn mesh_in(m: &TriMesh, from: &Pose, to: &Pose) -> TriMesh {
    let back = to.inverse();
    let rot = isect::math::Mat3::from_quat(back.rotation * from.rotation);
    let trans = back.transform_point(from.translation);
    TriMesh::new(
        m.vertices().iter().map(|&p| rot * p + trans).collect(),
        m.triangles().to_vec(),
    )
    .unwrap()
}

/// A ball around the placed object (to skip pairs far apart before the contact query); `None`
/// for the unbounded kinds (and frusta), never skipped.
fn bound(g: &Geometry, p: &Pose) -> Option<isect::Sphere> {
    use isect::Bounded;
    let s = match g {
        Geometry::Segment(s) => s.bounding_sphere(),
        Geometry::Frustum(_) | Geometry::Plane(_) | Geometry::Line(_) | Geometry::Ray(_) => {
            return None;
        }
        Geometry::Sphere(s) => s.bounding_sphere(),
        Geometry::Aabb(b) => b.bounding_sphere(),
        Geometry::Obb(b) => b.bounding_sphere(),
        Geometry::Capsule(c) => c.bounding_sphere(),
        Geometry::Triangle(t) => t.bounding_sphere(),
        Geometry::ConvexHull(h) => h.bounding_sphere(),
        Geometry::TriMesh(m) => m.bounding_sphere(),
    };
    Some(isect::Sphere::new(
        p.transform_point(s.center),
        s.radius * 1.001 + 1e-3,
    ))
}

/// Every pair in contact, lower object first, with its contact.
pub fn brute_contacts(model: &Model) -> Vec<(ObjectId, ObjectId, ContactInfo)> {
    let items: Vec<_> = model.iter().collect();
    let mut out = Vec::new();
    for (i, (a, (ga, pa))) in items.iter().enumerate() {
        let ba = bound(ga, pa);
        for (b, (gb, pb)) in &items[i + 1..] {
            if let (Some(ba), Some(bb)) = (ba, bound(gb, pb)) {
                if !ba.intersects(&bb) {
                    continue;
                }
            }
            if let Some(c) = brute_contact(&world(ga, pa), &world(gb, pb)) {
                out.push((**a, **b, c));
            }
        }
    }
    out
}
