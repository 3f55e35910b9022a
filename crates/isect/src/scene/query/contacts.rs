//! Contact pairs among the objects, and the objects in contact with a shape.

use alloc::vec::Vec;

use super::super::Frame;
use super::{ObjectId, Placed, Scene, SceneShape, Transform};
use crate::broad::Proxy;
use crate::math::Vec3;
use crate::query::algo::mesh_pair::Rigid;
use crate::query::algo::placed_hull::PlacedHull;
use crate::query::deepest_pair_contact;
use crate::query::{Contact, ContactInfo};
use crate::shape::{Capsule, ConvexHull, Plane, Segment};

impl Placed {
    /// `s`'s contact with this object (normal from the object towards `s`).
    fn contact_of<S: SceneShape + ?Sized>(&self, s: &S) -> Option<ContactInfo> {
        match self {
            Self::Sphere(o) => s.contact(o),
            Self::Obb(o) => s.contact(o),
            Self::Capsule(o) => s.contact(o),
            Self::Triangle(o) => s.contact(o),
            Self::Hull(h, f) => s
                .transform(&f.inverse)
                .contact(&**h)
                .map(|c| c.transform(&f.pose)),
            Self::Mesh(m, f) => s
                .transform(&f.inverse)
                .contact(&**m)
                .map(|c| c.transform(&f.pose)),
            Self::Segment(o) => s.contact(&as_capsule(o)),
            Self::Plane(o) => s.contact(o),
            // No primitive contact for these kinds.
            Self::Frustum(_) | Self::Line(_) | Self::Ray(_) => None,
        }
    }

    /// Whether a contact query exists for this kind (every kind but frusta, lines and rays).
    fn has_contact(&self) -> bool {
        !matches!(self, Self::Frustum(_) | Self::Line(_) | Self::Ray(_))
    }

    /// This object's contact with the plane `p` (normal from the plane towards this one);
    /// `None` for a mesh (no primitive contact of a mesh with a plane) and for the kinds
    /// without contacts.
    fn contact_plane(&self, p: &Plane) -> Option<ContactInfo> {
        match self {
            Self::Sphere(o) => o.contact(p),
            Self::Obb(o) => o.contact(p),
            Self::Capsule(o) => o.contact(p),
            Self::Triangle(o) => o.contact(p),
            Self::Segment(o) => as_capsule(o).contact(p),
            Self::Plane(o) => o.contact(p),
            Self::Hull(h, f) => h
                .contact(&p.transform(&f.inverse))
                .map(|c| c.transform(&f.pose)),
            Self::Mesh(..) | Self::Frustum(_) | Self::Line(_) | Self::Ray(_) => None,
        }
    }

    /// The contact of this object with `other` (normal from `other` towards this one).
    /// Two hulls, or a hull and a mesh, meet in the frame of the second with the first placed
    /// there through its support map (no new hull; EPA still allocates its polytope). Two
    /// meshes meet in the first's frame, the second's triangles and node boxes moved there one
    /// at a time (neither is copied).
    fn contact(&self, other: &Self) -> Option<ContactInfo> {
        if !(self.has_contact() && other.has_contact()) {
            return None;
        }
        if let Self::Plane(p) = other {
            return self.contact_plane(p);
        }
        match self {
            Self::Sphere(o) => other.contact_of(o),
            Self::Obb(o) => other.contact_of(o),
            Self::Capsule(o) => other.contact_of(o),
            Self::Triangle(o) => other.contact_of(o),
            Self::Hull(h, f) => match other {
                Self::Hull(g, e) => {
                    let placed = PlacedHull::new(h, place(f, e)?);
                    match placed.contact_hull(g) {
                        Some(c) => c,
                        // Magnitudes the hull query would rescale: the hull rebuilt there.
                        None => moved_hull(h, f, e).contact(&**g),
                    }
                    .map(|c| c.transform(&e.pose))
                }
                Self::Mesh(m, e) => m
                    .deepest_contact(&PlacedHull::new(h, place(f, e)?))
                    .map(|c| {
                        ContactInfo {
                            point: c.point,
                            normal: c.normal,
                            depth: c.depth,
                        }
                        .transform(&e.pose)
                    }),
                _ => other.contact(self).map(flip),
            },
            Self::Mesh(m, f) => match other {
                Self::Mesh(g, e) => {
                    deepest_pair_contact(m, g, Some(&place(e, f)?)).map(|c| c.transform(&f.pose))
                }
                _ => other.contact(self).map(flip),
            },
            Self::Segment(o) => other.contact_of(&as_capsule(o)),
            Self::Plane(_) => other.contact(self).map(flip),
            Self::Frustum(_) | Self::Line(_) | Self::Ray(_) => None,
        }
    }
}

/// A segment as the capsule of radius 0 (the same set), whose contacts the scene gives it.
fn as_capsule(s: &Segment) -> Capsule {
    Capsule::new(s.a, s.b, 0.0)
}

/// The placement of an object's own frame (placed by `from`) in another's (placed by `to`):
/// `from`'s pose, then back into `to`'s frame; `None` when not finite.
fn place(from: &Frame, to: &Frame) -> Option<Rigid> {
    Rigid::new(
        to.inverse.rotation * from.pose.rotation,
        to.inverse.transform_point(from.pose.translation),
    )
}

/// Hull `h` (placed by `from`) rebuilt in the frame of `to` (allocates and runs Quickhull): for
/// the rare magnitudes the hull query rescales.
#[cold]
fn moved_hull(h: &ConvexHull, from: &Frame, to: &Frame) -> ConvexHull {
    let points: Vec<Vec3> = h
        .points()
        .iter()
        .map(|&p| to.inverse.transform_point(from.pose.transform_point(p)))
        .collect();
    ConvexHull::new(points)
}

fn flip(c: ContactInfo) -> ContactInfo {
    ContactInfo {
        normal: -c.normal,
        ..c
    }
}

impl<T> Scene<T> {
    /// Calls `f(a, b, contact)` for every pair of objects in contact (touching counts), each
    /// pair once with `a < b`, `contact` as [`Contact`] gives it for `a` against `b` (normal
    /// from `b` towards `a`): the broad phase's pairs, then the contact of the two kinds.
    /// Two meshes meet as `Contact<TriMesh>` for [`TriMesh`](crate::TriMesh) answers, with
    /// the second's triangles and BVH boxes moved into the first's frame as the traversal
    /// reaches them (one mesh placed many times is never copied). Two hulls, or a hull and a mesh, meet with one
    /// hull placed in the other's frame through its support map and its triangles' contacts
    /// taken in its own frame (neither hull is copied or rebuilt). Each unbounded object
    /// (a plane) is then tested against every other object: linear in the number of objects
    /// per unbounded object. Segments meet as capsules of radius 0; frusta, lines and rays,
    /// and a mesh with a plane, have no contact and are in no pair. An object with an invalid
    /// pose is in no pair.
    ///
    /// ```
    /// use isect::scene::{Geometry, Pose, Scene};
    /// use isect::{Sphere, math::Vec3};
    /// let mut scene = Scene::new();
    /// let ball = Geometry::Sphere(Sphere::new(Vec3::ZERO, 1.0));
    /// let a = scene.insert(ball.clone(), Pose::IDENTITY, ());
    /// let b = scene.insert(ball.clone(), Pose::from_translation(Vec3::new(1.5, 0.0, 0.0)), ());
    /// scene.insert(ball, Pose::from_translation(Vec3::new(9.0, 0.0, 0.0)), ());
    /// let mut pairs = Vec::new();
    /// scene.contacts(|p, q, c| pairs.push((p, q, c.normal, c.depth)));
    /// assert_eq!(pairs, [(a, b, -Vec3::X, 0.5)]);
    /// ```
    pub fn contacts(&self, mut f: impl FnMut(ObjectId, ObjectId, ContactInfo)) {
        let mut pair = |p: Proxy, q: Proxy| {
            let (p, q) = if p < q { (p, q) } else { (q, p) };
            if let Some(c) = self.placed(p).contact(self.placed(q)) {
                f(ObjectId(p), ObjectId(q), c);
            }
        };
        self.broad.pairs(&mut pair);
        // Each unbounded object against every bounded one and every later unbounded one.
        for (i, &u) in self.unbounded.iter().enumerate() {
            let placed = self.placed(u);
            if !(placed.is_usable() && placed.has_contact()) {
                continue;
            }
            for (q, aabb, _) in self.broad.iter() {
                // Unbounded and invalid objects have invalid boxes.
                if aabb.is_usable() {
                    pair(u, q);
                }
            }
            for &v in &self.unbounded[i + 1..] {
                if self.placed(v).is_usable() {
                    pair(u, v);
                }
            }
        }
    }

    /// Calls `f(object, contact)` for every object `shape` is in contact with (touching
    /// counts), `contact` as [`Contact`] gives it for `shape` against the object (normal from
    /// the object towards `shape`). Nothing for an invalid shape.
    pub fn contact_shape<S: SceneShape + ?Sized>(
        &self,
        shape: &S,
        mut f: impl FnMut(ObjectId, ContactInfo),
    ) {
        self.broad.query_aabb(&shape.aabb(), |proxy| {
            if let Some(c) = self.placed(proxy).contact_of(shape) {
                f(ObjectId(proxy), c);
            }
            true
        });
        for (proxy, o) in self.side() {
            if let Some(c) = o.contact_of(shape) {
                f(ObjectId(proxy), c);
            }
        }
    }
}
