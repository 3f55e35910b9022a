//! The round shapes' first contact with a mesh triangle: spheres, capsules and segments (capsules
//! of radius 0), by the closed forms of their pair sweeps.

use crate::math::{Real, Vec3};
use crate::query::algo::balls::ball_overlap_middle;
use crate::query::algo::plane_extent::PlaneExtent;
use crate::query::sweep::capsule_triangle::capsule_triangle_first;
use crate::query::sweep::sphere_triangle::sphere_triangle_first;
use crate::query::{Bounded, Distance, PointQuery};
use crate::shape::{Aabb, Capsule, Segment, Sphere, Triangle};

use super::reject::core_may_reach;
use super::sealed::TriangleCast;

impl TriangleCast for Sphere {
    fn usable(&self) -> bool {
        self.is_usable()
    }

    fn bounds(&self) -> Aabb {
        self.aabb()
    }

    #[inline]
    fn extent(&self, n: Vec3) -> (Vec3, Real) {
        self.center_extent(n)
    }

    #[inline]
    fn first_contact(
        &self,
        offset: Vec3,
        v: Vec3,
        triangle: &Triangle,
        max_t: Real,
        start: bool,
    ) -> Option<(Real, Vec3)> {
        sphere_triangle_first(self.center + offset, self.radius, triangle, v, max_t, start)
    }

    #[inline]
    fn touches(&self, offset: Vec3, _v: Vec3, triangle: &Triangle, start: bool) -> bool {
        // The start test of `sphere_triangle_first`.
        start && triangle.distance_to_point(self.center + offset) <= self.radius
    }

    fn contact_point(&self, offset: Vec3, triangle: &Triangle, _overlapping: bool) -> Vec3 {
        // Within the radius of the center: the contact point when they touch.
        triangle.closest_point(self.center + offset)
    }

    fn inner_point(&self) -> Vec3 {
        self.center
    }

    fn ball(&self) -> (Vec3, Real) {
        (self.center, self.radius)
    }
}

/// The contact point of a capsule's core (moved) and radius with a triangle, as the capsule–
/// triangle sweep reports it.
fn capsule_point(core: Segment, r: Real, triangle: &Triangle, overlapping: bool) -> Vec3 {
    let cp = triangle.closest_points(&core);
    if overlapping {
        ball_overlap_middle(cp.b, r, cp.a, 0.0)
    } else {
        cp.a
    }
}

/// `segment` moved by `offset`.
fn moved(segment: Segment, offset: Vec3) -> Segment {
    Segment::new(segment.a + offset, segment.b + offset)
}

impl TriangleCast for Capsule {
    fn usable(&self) -> bool {
        self.is_usable()
    }

    fn bounds(&self) -> Aabb {
        self.aabb()
    }

    #[inline]
    fn extent(&self, n: Vec3) -> (Vec3, Real) {
        self.center_extent(n)
    }

    #[inline]
    fn first_contact(
        &self,
        offset: Vec3,
        v: Vec3,
        triangle: &Triangle,
        max_t: Real,
        start: bool,
    ) -> Option<(Real, Vec3)> {
        let core = moved(self.segment(), offset);
        capsule_triangle_first(&core, self.radius, triangle, v, max_t, start)
    }

    #[inline]
    fn touches(&self, offset: Vec3, _v: Vec3, triangle: &Triangle, start: bool) -> bool {
        // The start test of `capsule_triangle_first`.
        start && triangle.distance(&moved(self.segment(), offset)) <= self.radius
    }

    fn contact_point(&self, offset: Vec3, triangle: &Triangle, overlapping: bool) -> Vec3 {
        capsule_point(
            moved(self.segment(), offset),
            self.radius,
            triangle,
            overlapping,
        )
    }

    fn inner_point(&self) -> Vec3 {
        self.a
    }

    fn ball(&self) -> (Vec3, Real) {
        let half = (self.b - self.a) * 0.5;
        (self.a + half, half.length() + self.radius)
    }

    #[inline]
    fn may_reach(&self, offset: Vec3, travel: Real, m: Vec3, rho: Real) -> bool {
        // The core against the ball grown by the radius: the ball around a capsule of a
        // character's proportions is three times its radius.
        core_may_reach(
            self.a + offset,
            self.b + offset,
            self.radius + travel,
            m,
            rho,
        )
    }
}

/// A segment is a capsule of radius 0: its sweep is the ray against the prism of offsets.
impl TriangleCast for Segment {
    fn usable(&self) -> bool {
        self.is_usable()
    }

    fn bounds(&self) -> Aabb {
        self.aabb()
    }

    #[inline]
    fn extent(&self, n: Vec3) -> (Vec3, Real) {
        let half = (self.b - self.a) * 0.5;
        (self.a + half, n.dot(half).abs())
    }

    #[inline]
    fn first_contact(
        &self,
        offset: Vec3,
        v: Vec3,
        triangle: &Triangle,
        max_t: Real,
        start: bool,
    ) -> Option<(Real, Vec3)> {
        capsule_triangle_first(&moved(*self, offset), 0.0, triangle, v, max_t, start)
    }

    #[inline]
    fn touches(&self, offset: Vec3, _v: Vec3, triangle: &Triangle, start: bool) -> bool {
        // The start test of `capsule_triangle_first`.
        start && triangle.distance(&moved(*self, offset)) <= 0.0
    }

    fn contact_point(&self, offset: Vec3, triangle: &Triangle, overlapping: bool) -> Vec3 {
        capsule_point(moved(*self, offset), 0.0, triangle, overlapping)
    }

    fn inner_point(&self) -> Vec3 {
        self.a
    }

    fn ball(&self) -> (Vec3, Real) {
        let half = (self.b - self.a) * 0.5;
        (self.a + half, half.length())
    }

    #[inline]
    fn may_reach(&self, offset: Vec3, travel: Real, m: Vec3, rho: Real) -> bool {
        core_may_reach(self.a + offset, self.b + offset, travel, m, rho)
    }
}
