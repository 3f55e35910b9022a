//! Overlap of triangles with spheres, boxes, capsules, triangles, planes and frusta: hand cases
//! (exactly touching configurations built from small integers and powers of two, and the same
//! moved apart by 1/1024), degenerate and invalid shapes, and properties (symmetry, agreement with
//! GJK away from the boundary, rigid-motion invariance). Triangle–segment distance is tested here
//! too, since capsule–triangle stands on it.

mod boxes;
mod capsule;
mod plane_frustum;
mod properties;
mod sphere;
mod triangle_pair;

use isect::Real;
use isect::Triangle;
use isect::math::Vec3;

use crate::common::v;

/// The offset that moves a touching configuration apart: exactly representable, and far above
/// rounding at the small coordinates of the hand cases.
pub const APART: Real = 1.0 / 1024.0;

/// The triangle most hand cases use: a right triangle of legs 4 in the plane z = 0.
pub fn base() -> Triangle {
    Triangle::new(v(0.0, 0.0, 0.0), v(4.0, 0.0, 0.0), v(0.0, 4.0, 0.0))
}

pub fn shifted(t: &Triangle, d: Vec3) -> Triangle {
    Triangle::new(t.a + d, t.b + d, t.c + d)
}

/// Triangles with one non-finite corner coordinate.
pub fn invalid_triangles() -> Vec<Triangle> {
    let mut out = Vec::new();
    for p in crate::common::non_finite_points() {
        let t = base();
        out.push(Triangle::new(p, t.b, t.c));
        out.push(Triangle::new(t.a, p, t.c));
        out.push(Triangle::new(t.a, t.b, p));
    }
    out
}
