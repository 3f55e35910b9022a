//! AABB–triangle overlap.

use crate::math::{Real, Vec3};
use crate::query::algo::scale::rescale;
use crate::query::{Intersects, mirror_intersects};
use crate::shape::{Aabb, Triangle};

impl Intersects<Triangle> for Aabb {
    /// Akenine-Möller's separating-axis test ("Fast 3D Triangle-Box Overlap Testing", 2001;
    /// Ericson, *Real-Time Collision Detection*, §5.2.9): the nine cross products of the box axes
    /// with the triangle's edges, the three box axes, and the triangle's normal, with the
    /// triangle moved to the box's center.
    ///
    /// Closed sets: touching (a corner on a face, a face on a face, an edge on an edge) is
    /// `true`; the comparisons are exact on the computed projections (`>`, never `≥`).
    ///
    /// Degenerate input is answered as what it is. A collinear triangle has a zero normal and
    /// parallel edges: the normal axis then never separates, and the remaining axes are the box
    /// axes and the box axes crossed with the segment's direction, which is the complete
    /// separating-axis set of a segment against a box. A point triangle leaves only the three box
    /// axes, the point-in-box test. A zero-extent box is the rectangle, segment or point it is.
    /// Near such limits the axes are short and their direction is rounding noise, but a test on
    /// any axis is a valid projection test, so no false separation arises beyond the rounding of
    /// the projections themselves. Non-finite input or `min > max` gives `false`.
    ///
    /// ```
    /// use isect::{Aabb, Intersects, Triangle, glam::Vec3};
    /// let b = Aabb::new(Vec3::ZERO, Vec3::ONE);
    /// let t = Triangle::new(Vec3::new(1.0, 0.0, 0.0), Vec3::new(2.0, 0.0, 0.0), Vec3::new(1.0, 1.0, 0.0));
    /// assert!(b.intersects(&t));
    /// assert!(!b.intersects(&Triangle::new(t.a + Vec3::X, t.b + Vec3::X, t.c + Vec3::X)));
    /// ```
    #[inline]
    fn intersects(&self, triangle: &Triangle) -> bool {
        rescale!(pair self, triangle, intersects);
        if !(self.is_usable() && triangle.is_usable()) {
            return false;
        }
        let center = self.center();
        let h = self.half_extents();
        triangle_box_overlap(
            [
                triangle.a - center,
                triangle.b - center,
                triangle.c - center,
            ],
            h,
        )
    }
}

/// Akenine-Möller's 13-axis test of the triangle `v` against the box `[-h, h]` centered at the
/// origin (both in the box's frame). Shared with the OBB–triangle test.
#[inline]
pub(super) fn triangle_box_overlap(v: [Vec3; 3], h: Vec3) -> bool {
    let [v0, v1, v2] = v;
    // The box's face normals: the triangle's bounding box against the box.
    let lo = v0.min(v1).min(v2);
    let hi = v0.max(v1).max(v2);
    if lo.cmpgt(h).any() || hi.cmplt(-h).any() {
        return false;
    }
    // The nine edge–edge axes eᵢ × f, written out (one coordinate of each axis is zero).
    for f in [v1 - v0, v2 - v1, v0 - v2] {
        let axes = [
            Vec3::new(0.0, -f.z, f.y),
            Vec3::new(f.z, 0.0, -f.x),
            Vec3::new(-f.y, f.x, 0.0),
        ];
        for axis in axes {
            if separates(axis, v, h) {
                return false;
            }
        }
    }
    // The triangle's normal. Projected from all three corners, not from one as in the paper:
    // for a thin triangle the computed normal is off from perpendicular to the edges by
    // rounding, so the corners' projections differ, and one of them alone could separate a
    // box that the triangle (a segment, to within rounding) pierces. A zero normal never
    // separates.
    let n = (v1 - v0).cross(v2 - v0);
    !separates(n, v, h)
}

/// Whether the projections of the triangle and of the box `[-h, h]` onto `axis` are disjoint.
#[inline(always)]
fn separates(axis: Vec3, [v0, v1, v2]: [Vec3; 3], h: Vec3) -> bool {
    let p0: Real = axis.dot(v0);
    let p1 = axis.dot(v1);
    let p2 = axis.dot(v2);
    let r = h.dot(axis.abs());
    p0.min(p1).min(p2) > r || p0.max(p1).max(p2) < -r
}

mirror_intersects!(Aabb, Triangle);
