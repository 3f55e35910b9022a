//! The scene layer (`isect::scene::Scene`) against brute force over every object: each query
//! written here as a loop over the objects with the primitive queries (the query moved into
//! the object's frame for hulls and meshes, `brute.rs`), independent of the broad phase.

mod brute;
mod cases;
mod grazing;
mod hulls;
mod kinds;
mod scenarios;

use std::collections::BTreeMap;
use std::sync::Arc;

use isect::math::Vec3;

use brute::{
    brute_contacts, brute_distances, brute_frustum, brute_overlaps, brute_ray, brute_sweep,
    contact_of, world,
};
use isect::scene::{Geometry, ObjectId, Pose, Scene, SceneShape};
use isect::{ContactInfo, ConvexHull, Frustum, Ray, Real, TriMesh};

/// What the scene should hold: every object's geometry and pose (rotation normalized as the
/// scene does).
pub type Model = BTreeMap<ObjectId, (Geometry, Pose)>;

/// The pose the scene keeps for `pose`.
pub fn normalized(pose: Pose) -> Pose {
    Pose::new(pose.rotation / pose.rotation.length(), pose.translation)
}

/// The scene's answers to every query, checked against brute force.
pub fn check_ray(scene: &Scene<u32>, model: &Model, ray: &Ray, max_t: Real) {
    let brute = brute_ray(model, ray, max_t);
    let closest = scene.raycast(ray, max_t);
    let min = brute.iter().map(|b| b.1).reduce(Real::min);
    assert_eq!(
        closest.map(|h| h.t),
        min,
        "closest t along {ray:?} (max_t {max_t}): {closest:?}, brute force {brute:?}, {:?}",
        brute
            .iter()
            .map(|b| (&model[&b.0], scene.aabb(b.0)))
            .collect::<Vec<_>>()
    );
    if let Some(h) = closest {
        assert!(brute.contains(&(h.object, h.t)), "closest object {h:?}");
        assert!(h.normal.is_finite() && h.point.is_finite(), "{h:?}");
    }
    let any = scene.raycast_any(ray, max_t);
    assert_eq!(any.is_some(), min.is_some(), "any along {ray:?}");
    if let Some(h) = any {
        assert!(brute.contains(&(h.object, h.t)), "any-hit object {h:?}");
    }
    let mut all = Vec::new();
    scene.raycast_all(ray, max_t, |h| {
        all.push((h.object, h.t));
        true
    });
    all.sort_by_key(|a| a.0);
    assert_eq!(all, brute, "all hits along {ray:?}");
}

pub fn check_shape<S: SceneShape + std::fmt::Debug>(
    scene: &Scene<u32>,
    model: &Model,
    s: &S,
    motion: Vec3,
) {
    let mut found = Vec::new();
    scene.query_shape(s, |o| {
        found.push(o);
        true
    });
    found.sort();
    assert_eq!(found, brute_overlaps(model, s), "overlaps of {s:?}");

    let mut contacts = Vec::new();
    scene.contact_shape(s, |o, c| contacts.push((o, c)));
    contacts.sort_by_key(|x| x.0);
    let brute: Vec<_> = model
        .iter()
        .filter_map(|(id, (g, p))| contact_of(s, &world(g, p)).map(|c| (*id, c)))
        .collect();
    assert_eq!(contacts, brute, "contacts of {s:?}");

    let brute = brute_sweep(model, s, motion);
    let first = brute
        .iter()
        .min_by(|a, b| a.1.t_first.total_cmp(&b.1.t_first).then(a.0.cmp(&b.0)));
    let hit = scene.sweep(s, motion);
    assert_eq!(
        hit.map(|h| (h.object, h.hit)),
        first.copied(),
        "sweep of {s:?} by {motion:?}"
    );
}

pub fn check_frustum(scene: &Scene<u32>, model: &Model, f: &Frustum) {
    let mut found = Vec::new();
    scene.query_frustum(f, |o| {
        found.push(o);
        true
    });
    found.sort();
    assert_eq!(found, brute_frustum(model, f), "frustum");
}

pub fn check_nearest(scene: &Scene<u32>, model: &Model, q: Vec3) {
    let brute = brute_distances(model, q)
        .into_iter()
        .filter(|d| d.1.is_finite())
        .min_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)));
    assert_eq!(scene.nearest(q), brute, "nearest to {q:?}");
}

/// The scene's contact pairs against brute force: the same pairs, the same contacts bit for
/// bit, except where a hull meets a hull or a mesh: the scene places one through its support
/// map where brute force rebuilds it from its moved points (`ConvexHull::new`), so those agree
/// to rounding: two hulls in everything ([`close_contacts`]), a hull and a mesh in depth and
/// normal ([`close_depth_normal`]) with the point in both objects' boxes: which of several
/// triangles at the same depth is the deepest, and so where the point is, turns on rounding.
pub fn check_contacts(scene: &Scene<u32>, model: &Model) {
    let mut found = Vec::new();
    scene.contacts(|a, b, c| {
        assert!(a < b, "pair out of order");
        found.push((a, b, c));
    });
    found.sort_by_key(|x| (x.0, x.1));
    let brute = brute_contacts(model);
    let ids = |v: &[(ObjectId, ObjectId, ContactInfo)]| -> Vec<_> {
        v.iter().map(|x| (x.0, x.1)).collect()
    };
    assert_eq!(ids(&found), ids(&brute), "contact pairs");
    for (f, b) in found.iter().zip(&brute) {
        let (ga, gb) = (&model[&f.0].0, &model[&f.1].0);
        let what = format!("{ga:?} against {gb:?}");
        match (ga, gb) {
            (Geometry::ConvexHull(_), Geometry::ConvexHull(_)) => close_contacts(&f.2, &b.2, &what),
            (Geometry::ConvexHull(_), Geometry::TriMesh(_))
            | (Geometry::TriMesh(_), Geometry::ConvexHull(_)) => {
                close_depth_normal(&f.2, &b.2, &what);
                let tol = 1e-4 * f.2.point.abs().max_element().max(1.0);
                for id in [f.0, f.1] {
                    let boxed = scene.aabb(id).unwrap();
                    assert!(
                        f.2.point.cmpge(boxed.min - tol).all()
                            && f.2.point.cmple(boxed.max + tol).all(),
                        "{what}: {:?} outside {boxed:?}",
                        f.2
                    );
                }
            }
            _ => assert_eq!(f.2, b.2, "contact of {what}"),
        }
    }
}

/// `got` equals `want` within `1e-4` relative (of the point's magnitude, at least 1): depth,
/// normal and point.
pub fn close_contacts(got: &ContactInfo, want: &ContactInfo, what: &str) {
    close_depth_normal(got, want, what);
    let tol = 1e-4 * want.point.abs().max_element().max(1.0);
    assert!(
        (got.point - want.point).abs().max_element() <= tol,
        "{what}: {got:?}, moved by hand {want:?}"
    );
}

/// [`close_contacts`] for the depth and the normal only.
pub fn close_depth_normal(got: &ContactInfo, want: &ContactInfo, what: &str) {
    let scale = want
        .point
        .abs()
        .max_element()
        .max(want.depth.abs())
        .max(1.0);
    assert!(
        (got.depth - want.depth).abs() <= 1e-4 * scale
            && (got.normal - want.normal).abs().max_element() <= 1e-4,
        "{what}: {got:?}, moved by hand {want:?}"
    );
}

/// A hull, a closed cube mesh and an open floor mesh, each shared by many objects.
pub type Shared = (Arc<ConvexHull>, Arc<TriMesh>, Arc<TriMesh>);

/// The geometry the scenarios instance.
pub fn shared_geometry() -> Shared {
    let hull = Arc::new(ConvexHull::new(vec![
        Vec3::new(-1.0, -0.5, -0.25),
        Vec3::new(1.0, -0.5, -0.25),
        Vec3::new(0.0, 1.0, -0.25),
        Vec3::new(0.0, 0.0, 1.0),
        Vec3::new(0.25, 0.25, -0.75),
    ]));
    let (v, t) = crate::common::mesh::subdivided_cube(2);
    let cube = Arc::new(TriMesh::new(v, t).unwrap());
    let (v, t) = crate::common::mesh::floor(2, 1.0);
    let floor = Arc::new(TriMesh::new(v, t).unwrap());
    (hull, cube, floor)
}
