//! Exact orientation signs in space: Shewchuk's adaptive predicates ("Adaptive Precision
//! Floating-Point Arithmetic and Fast Robust Geometric Predicates", 1997; the `robust` crate) on
//! the coordinates widened to `f64`, which is exact for `f32` input and for `f64` input whose
//! products neither overflow nor underflow (callers bring `f64` input into the window of
//! [`scale`](crate::query::algo::scale) first).

use robust::{Coord, Coord3D, orient2d, orient3d};

use crate::math::{Vec3, to_f64};

/// A point in `f64`.
pub(crate) type P = [f64; 3];

/// The point in `f64`, exactly (a no-op in `isect-f64`).
#[inline]
pub(crate) fn wide(v: Vec3) -> P {
    [to_f64(v.x), to_f64(v.y), to_f64(v.z)]
}

/// Shewchuk's `orient3d`: `(a − d) · ((b − d) × (c − d))` with the exact sign, which is the
/// side of `a` against the plane of `b, c, d` (positive on the side from which `b, c, d` run
/// counter-clockwise).
#[inline]
pub(crate) fn o3(a: P, b: P, c: P, d: P) -> f64 {
    let c3 = |p: P| Coord3D {
        x: p[0],
        y: p[1],
        z: p[2],
    };
    orient3d(c3(a), c3(b), c3(c), c3(d))
}

/// Exact 2D orientation of `a, b, c` in the projection dropping coordinate `k`:
/// `((a − c) × (b − c))ₖ` with the exact sign (and its value to about an ulp where the
/// adaptive stages decide it).
#[inline]
pub(crate) fn o2(k: usize, a: P, b: P, c: P) -> f64 {
    let (i, j) = ((k + 1) % 3, (k + 2) % 3);
    let c2 = |p: P| Coord { x: p[i], y: p[j] };
    orient2d(c2(a), c2(b), c2(c))
}

/// `(a − c) × (b − c)` with each coordinate's sign exact: the three projections' orientations.
/// Zero exactly when the points are collinear (or coincide).
#[inline]
pub(crate) fn cross(a: P, b: P, c: P) -> P {
    [0, 1, 2].map(|k| o2(k, a, b, c))
}
