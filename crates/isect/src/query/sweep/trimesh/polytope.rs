//! The flat-sided shapes' first contact with a mesh triangle: boxes by the moving separating axes,
//! triangles by the triangle pair's sweep, hulls by GJK's ray cast.

use crate::math::{Real, Vec3};
use crate::query::Bounded;
use crate::query::algo::gjk::{SupportMap, gjk_closest_points};
use crate::query::algo::gjk_raycast::gjk_raycast;
use crate::query::algo::moving_sat::box_triangle;
use crate::query::algo::plane_extent::PlaneExtent;
use crate::query::sweep::triangle_triangle::first_contact as triangle_first;
use crate::shape::{Aabb, ConvexHull, Obb, Triangle};

use super::reject::hull_across_motion_may_meet;
use super::sealed::TriangleCast;
use crate::query::algo::balls::corners_ball;

/// A shape moved by a translation, as a support map.
struct Shifted<'a, S: ?Sized> {
    shape: &'a S,
    offset: Vec3,
}

impl<'a, S: SupportMap + ?Sized> Shifted<'a, S> {
    fn by(shape: &'a S, offset: Vec3) -> Self {
        Self { shape, offset }
    }

    /// GJK's ray cast of the moved shape against `triangle` along `v` over `[0, max_t]`: the
    /// first time and the normal (zero where GJK gives none).
    fn cast_against(&self, triangle: &Triangle, v: Vec3, max_t: Real) -> Option<(Real, Vec3)> {
        gjk_raycast(self, triangle, v, max_t).map(|h| (h.t, h.normal.unwrap_or(Vec3::ZERO)))
    }
}

impl<S: SupportMap + ?Sized> SupportMap for Shifted<'_, S> {
    #[inline]
    fn support(&self, dir: Vec3) -> Vec3 {
        self.shape.support(dir) + self.offset
    }
}

/// The midpoint of GJK's closest points of two shapes that touch or overlap: a common point up
/// to rounding.
fn common_point<A: SupportMap + ?Sized, B: SupportMap + ?Sized>(a: &A, b: &B) -> Vec3 {
    let cp = gjk_closest_points(a, b, Vec3::X);
    (cp.a + cp.b) * 0.5
}

/// The first contact of a box (center, unit axes, half extents) by the moving separating axes.
#[inline]
fn box_first(
    b: (Vec3, [Vec3; 3], Vec3),
    v: Vec3,
    triangle: &Triangle,
    max_t: Real,
) -> Option<(Real, Vec3)> {
    box_triangle(b, triangle.vertices(), v, max_t).map(|(t, _, normal)| (t, normal))
}

impl TriangleCast for Obb {
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
        _start: bool,
    ) -> Option<(Real, Vec3)> {
        let r = self.rotation;
        let axes = [r.x_axis, r.y_axis, r.z_axis];
        box_first(
            (self.center + offset, axes, self.half_extents),
            v,
            triangle,
            max_t,
        )
    }

    fn contact_point(&self, offset: Vec3, triangle: &Triangle, _overlapping: bool) -> Vec3 {
        let moved = Obb::new(self.center + offset, self.half_extents, self.rotation);
        common_point(&moved, triangle)
    }

    fn inner_point(&self) -> Vec3 {
        self.center
    }

    fn ball(&self) -> (Vec3, Real) {
        // `rotation` need not be orthonormal: a corner `Σ ±h_i c_i` of the columns `c_i`
        // has `|Σ ±h_i c_i|² <= Σ h_i² |c_i|² + 2 Σ_{i<j} h_i h_j |c_i · c_j|`.
        let c = [
            self.rotation.x_axis,
            self.rotation.y_axis,
            self.rotation.z_axis,
        ];
        let h = self.half_extents;
        let mut r2 = 0.0;
        for i in 0..3 {
            r2 += h[i] * h[i] * c[i].length_squared();
            for j in i + 1..3 {
                r2 += 2.0 * h[i] * h[j] * c[i].dot(c[j]).abs();
            }
        }
        (self.center, crate::ops::sqrt(r2))
    }
}

impl TriangleCast for Aabb {
    fn usable(&self) -> bool {
        self.is_usable()
    }

    fn bounds(&self) -> Aabb {
        *self
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
        _start: bool,
    ) -> Option<(Real, Vec3)> {
        let axes = [Vec3::X, Vec3::Y, Vec3::Z];
        let center = self.center() + offset;
        box_first((center, axes, self.half_extents()), v, triangle, max_t)
    }

    fn contact_point(&self, offset: Vec3, triangle: &Triangle, _overlapping: bool) -> Vec3 {
        common_point(&Aabb::new(self.min + offset, self.max + offset), triangle)
    }

    fn inner_point(&self) -> Vec3 {
        self.min
    }

    fn ball(&self) -> (Vec3, Real) {
        (self.center(), self.half_extents().length())
    }
}

impl TriangleCast for Triangle {
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
        _start: bool,
    ) -> Option<(Real, Vec3)> {
        // The pair sweep's own first contact: separating axes, or conservative advancement
        // where either triangle is a segment or a point within rounding.
        triangle_first(self, offset, v, triangle, max_t)
    }

    fn contact_point(&self, offset: Vec3, triangle: &Triangle, _overlapping: bool) -> Vec3 {
        common_point(&Shifted::by(self, offset), triangle)
    }

    fn inner_point(&self) -> Vec3 {
        self.a
    }

    fn ball(&self) -> (Vec3, Real) {
        corners_ball(&[self.a, self.b, self.c])
    }
}

impl TriangleCast for ConvexHull {
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
        _start: bool,
    ) -> Option<(Real, Vec3)> {
        Shifted::by(self, offset).cast_against(triangle, v, max_t)
    }

    #[inline]
    fn may_meet(
        &self,
        offset: Vec3,
        v: Vec3,
        corners: [Vec3; 3],
        max_t: Real,
        scale: Real,
    ) -> bool {
        hull_across_motion_may_meet(self, offset, v, corners, max_t, scale)
    }

    fn contact_point(&self, offset: Vec3, triangle: &Triangle, _overlapping: bool) -> Vec3 {
        common_point(&Shifted::by(self, offset), triangle)
    }

    fn inner_point(&self) -> Vec3 {
        self.points()[0]
    }

    fn ball(&self) -> (Vec3, Real) {
        corners_ball(self.points())
    }
}
