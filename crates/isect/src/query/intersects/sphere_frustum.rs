//! Sphere–frustum overlap: the exact test, and the conservative plane test used for culling.

use crate::query::algo::frustum_pair;
use crate::query::{Intersects, PointQuery, mirror_intersects};
use crate::shape::{Frustum, Sphere};

impl Intersects<Frustum> for Sphere {
    /// Exact: the distance from the center to the frustum (the exact projection onto its
    /// faces, edges and corners, [`Frustum`]'s `PointQuery`) is at most the radius, after two
    /// shortcuts: a plane with the center more than the radius in front of it separates
    /// (`false`), and a center behind every plane is inside (`true`). Touching counts; a sphere
    /// of radius 0 is a point. Works for any six planes, the infinite projection's frustum
    /// included. `false` for invalid input (NaN, infinities, negative radius).
    ///
    /// For culling, [`Frustum::may_intersect_sphere`] is the fast conservative test.
    fn intersects(&self, frustum: &Frustum) -> bool {
        if let Some(meets) = frustum_pair::rescaled(self, frustum, |s, f| s.intersects(f)) {
            return meets;
        }
        if !(self.is_usable() && frustum.is_usable()) {
            return false;
        }
        let mut inside = true;
        for plane in &frustum.planes {
            let s = plane.signed_distance(self.center);
            if s > self.radius {
                return false;
            }
            inside &= s <= 0.0;
        }
        inside || frustum.distance_to_point(self.center) <= self.radius
    }
}

mirror_intersects!(Sphere, Frustum);

impl Frustum {
    /// The fast conservative sphere test of frustum culling (Akenine-Möller et al., *Real-Time
    /// Rendering*, 4th ed., §22.14.1 / 3rd ed. §16.14.1): `false` only when the sphere lies
    /// wholly in front of one of the six planes, so never `false` for a sphere that
    /// intersects the frustum.
    ///
    /// It may report `true` for a sphere outside the frustum near one of its edges or corners,
    /// behind every plane's front by at least the radius yet not touching the frustum: off an
    /// edge whose faces meet at an angle θ, a center up to `r / sin(θ / 2) − r` beyond the edge
    /// passes (0.41·r for the right angles of a box). Use [`Intersects`] for the exact answer.
    /// `false` for invalid input.
    ///
    /// ```
    /// use isect::{Aabb, Frustum, Plane, Sphere, math::Vec3};
    /// // The unit cube as six planes.
    /// let cube = Frustum::new([
    ///     Plane::new(-Vec3::X, 0.0), Plane::new(Vec3::X, 1.0),
    ///     Plane::new(-Vec3::Y, 0.0), Plane::new(Vec3::Y, 1.0),
    ///     Plane::new(-Vec3::Z, 0.0), Plane::new(Vec3::Z, 1.0),
    /// ]);
    /// // Off a corner: passes the plane tests, yet does not touch the cube.
    /// let near_corner = Sphere::new(Vec3::new(1.5, 1.5, 0.5), 0.6);
    /// assert!(cube.may_intersect_sphere(&near_corner));
    /// assert!(!isect::intersects(&cube, &near_corner));
    /// ```
    #[must_use]
    pub fn may_intersect_sphere(&self, sphere: &Sphere) -> bool {
        sphere.is_usable()
            && self.is_usable()
            && self
                .planes
                .iter()
                .all(|plane| plane.signed_distance(sphere.center) <= sphere.radius)
    }
}
