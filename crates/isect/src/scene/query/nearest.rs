//! The object nearest to a point.

use super::{ObjectId, Placed, Scene};
use crate::math::{Real, Vec3};
use crate::query::PointQuery;
use crate::shape::Aabb;

impl Placed {
    fn distance_to_point(&self, p: Vec3) -> Real {
        match self {
            Self::Sphere(o) => o.distance_to_point(p),
            Self::Obb(o) => o.distance_to_point(p),
            Self::Capsule(o) => o.distance_to_point(p),
            Self::Triangle(o) => o.distance_to_point(p),
            Self::Hull(h, f) => h.distance_to_point(f.inverse.transform_point(p)),
            Self::Mesh(m, f) => m.distance_to_point(f.inverse.transform_point(p)),
            Self::Segment(o) => o.distance_to_point(p),
            Self::Frustum(o) => o.distance_to_point(p),
            Self::Plane(o) => o.distance_to_point(p),
            Self::Line(o) => o.distance_to_point(p),
            Self::Ray(o) => o.distance_to_point(p),
        }
    }
}

impl<T> Scene<T> {
    /// The object nearest to `p` and its distance (0 when `p` is in or on it; a solid mesh
    /// includes its inside); the lowest [`ObjectId`] among objects at the same distance.
    /// `None` for an empty scene (or one whose objects are all invalid) and for a non-finite
    /// point.
    ///
    /// ```
    /// use isect::scene::{Geometry, Pose, Scene};
    /// use isect::{Aabb, math::Vec3};
    /// let mut scene = Scene::new();
    /// let b = scene.insert(Geometry::Aabb(Aabb::new(Vec3::ZERO, Vec3::ONE)), Pose::from_translation(Vec3::new(3.0, 0.0, 0.0)), ());
    /// assert_eq!(scene.nearest(Vec3::new(0.0, 0.5, 0.5)), Some((b, 3.0)));
    /// ```
    #[must_use]
    pub fn nearest(&self, p: Vec3) -> Option<(ObjectId, Real)> {
        if !p.is_finite() {
            return None;
        }
        // The unbounded objects first, one by one; their nearest bounds the search.
        let mut best: Option<(ObjectId, Real)> = None;
        let consider = |object: ObjectId, d: Real, best: &mut Option<(ObjectId, Real)>| {
            if best.is_none_or(|(o, e)| d < e || (d == e && object < o)) {
                *best = Some((object, d));
            }
        };
        for (proxy, o) in self.side() {
            let d = o.distance_to_point(p);
            if !d.is_nan() {
                consider(ObjectId(proxy), d, &mut best);
            }
        }
        // Grow a box around `p` until it meets some object's box (or reaches the nearest
        // unbounded object); the nearest object is then within the distance of the nearest
        // object found, and each object lies in its box, so one more box query of that radius
        // finds it.
        let mut r = p.abs().max_element().max(1.0) * Real::EPSILON;
        let mut bound = best.map_or(Real::INFINITY, |b| b.1);
        loop {
            let reach = r.min(Real::MAX);
            let mut found = false;
            self.broad.query_aabb(&around(p, reach), |proxy| {
                found = true;
                bound = bound.min(self.placed(proxy).distance_to_point(p));
                true
            });
            if found || r >= Real::MAX || r >= bound {
                break;
            }
            r *= 4.0;
        }
        if bound == Real::INFINITY {
            return None;
        }
        self.broad.query_aabb(&around(p, bound), |proxy| {
            let d = self.placed(proxy).distance_to_point(p);
            if d <= bound {
                consider(ObjectId(proxy), d, &mut best);
            }
            true
        });
        best
    }
}

/// The box of half-size `r` around `p`, grown by a few ulps so that rounding never leaves
/// out a point within `r` of `p` (within `±Real::MAX`).
fn around(p: Vec3, r: Real) -> Aabb {
    let big = Vec3::splat(Real::MAX);
    let r = r + (p.abs().max_element() + r) * (4.0 * Real::EPSILON);
    Aabb::new((p - r).max(-big), (p + r).min(big))
}
