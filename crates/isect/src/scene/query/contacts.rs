//! Contact pairs among the objects, and the objects in contact with a shape.

use alloc::vec::Vec;

use super::{ObjectId, Placed, Scene, SceneShape, Transform};
use crate::math::Vec3;
use crate::query::algo::mesh_pair::Rigid;
use crate::query::deepest_pair_contact;
use crate::query::{Contact, ContactInfo};
use crate::shape::ConvexHull;

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
        }
    }

    /// The contact of this object with `other` (normal from `other` towards this one).
    /// Two hulls, or a hull and a mesh, meet in the frame of the second with the first's
    /// points moved there (a new hull: this allocates). Two meshes meet in the first's frame,
    /// the second's triangles and node boxes moved there one at a time (neither is copied).
    fn contact(&self, other: &Self) -> Option<ContactInfo> {
        match self {
            Self::Sphere(o) => other.contact_of(o),
            Self::Obb(o) => other.contact_of(o),
            Self::Capsule(o) => other.contact_of(o),
            Self::Triangle(o) => other.contact_of(o),
            Self::Hull(h, f) => match other {
                Self::Hull(g, e) => moved_hull(h, f, e)
                    .contact(&**g)
                    .map(|c| c.transform(&e.pose)),
                Self::Mesh(m, e) => moved_hull(h, f, e)
                    .contact(&**m)
                    .map(|c| c.transform(&e.pose)),
                _ => other.contact(self).map(flip),
            },
            Self::Mesh(m, f) => match other {
                Self::Mesh(g, e) => {
                    // `g`'s frame to `m`'s: the scene pose of `g`, then back into `m`'s frame.
                    let place = Rigid::new(
                        f.inverse.rotation * e.pose.rotation,
                        f.inverse.transform_point(e.pose.translation),
                    )?;
                    deepest_pair_contact(m, g, Some(&place)).map(|c| c.transform(&f.pose))
                }
                _ => other.contact(self).map(flip),
            },
        }
    }
}

/// Hull `h` (placed by `from`) in the frame of `to`.
fn moved_hull(h: &ConvexHull, from: &super::super::Frame, to: &super::super::Frame) -> ConvexHull {
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
    /// Two meshes meet as `Contact<TriMesh>` for [`TriMesh`] answers, with the second's
    /// triangles and BVH boxes moved into the first's frame as the traversal reaches them (one
    /// mesh placed many times is never copied). Two hulls, or a hull and a mesh, meet with one
    /// hull's points moved into the other's frame, which allocates. An object with an invalid
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
        self.broad.pairs(|p, q| {
            if let Some(c) = self.placed(p).contact(self.placed(q)) {
                f(ObjectId(p), ObjectId(q), c);
            }
        });
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
    }
}
