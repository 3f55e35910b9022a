//! The watertight test's sheared edge functions and what they decide (see the parent module).

use glam::Vec3Swizzles;

use crate::math::{Real, Vec3};
use crate::query::TriangleHit;
#[cfg(feature = "alloc")]
use crate::query::algo::scale::ldexp;
use crate::query::algo::scale::{ldexp_vec, normalizing_exponent};
use crate::shape::Triangle;

use super::grazing::grazing;

/// `U, V, W` and the sheared depths `T = U az + V bz + W cz` of the three corners, before the
/// division by `det = U + V + W` (also the mesh BVH's triangle test).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sheared {
    pub u: Real,
    pub v: Real,
    pub w: Real,
    pub t: Real,
    pub det: Real,
}

/// `a d − b c`, with the sign right when it rounds to 0 in `f32` (recomputed in `f64`, where the
/// products are exact).
#[inline(always)]
pub(crate) fn edge_function(a: Real, d: Real, b: Real, c: Real) -> Real {
    let e = a * d - b * c;
    #[cfg(not(isect_f64))]
    if e == 0.0 {
        return (a as f64 * d as f64 - b as f64 * c as f64) as Real;
    }
    e
}

/// The watertight test's sheared edge functions for the ray `origin + t dir` (`dir` non-zero
/// and finite).
#[inline(always)]
pub(super) fn watertight(tri: &Triangle, origin: Vec3, dir: Vec3) -> Sheared {
    // The axis of dir's largest coordinate becomes z by a cyclic permutation (kz, then kx =
    // kz + 1, ky = kz + 2, as in the paper), and x and y are swapped when that coordinate is
    // negative, which keeps the projected winding the same for every ray. Done with swizzles
    // rather than indices `v[k]`, whose bounds checks cost more than the test, and on the four
    // vectors at once: one three-way branch and one two-way branch in all, not two per vector.
    let ad = dir.abs();
    let (z_is_x, z_is_y) = (ad.x >= ad.y && ad.x >= ad.z, ad.y >= ad.z);
    let offsets = [dir, tri.a - origin, tri.b - origin, tri.c - origin];
    let rotated = if z_is_x {
        offsets.map(Vec3Swizzles::yzx)
    } else if z_is_y {
        offsets.map(Vec3Swizzles::zxy)
    } else {
        offsets
    };
    let [d, a, b, c] = if rotated[0].z < 0.0 {
        rotated.map(Vec3Swizzles::yxz)
    } else {
        rotated
    };
    let sz = 1.0 / d.z;
    let sx = d.x * sz;
    let sy = d.y * sz;
    shear([a, b, c], sx, sy, sz)
}

/// The watertight test's values for corners `a, b, c` already moved to the ray's origin and
/// permuted (the ray's dominant axis as z), with the ray's shear `sx, sy` and `sz = 1 / d.z`.
#[inline(always)]
pub(crate) fn shear([a, b, c]: [Vec3; 3], sx: Real, sy: Real, sz: Real) -> Sheared {
    let (ax, ay) = (a.x - sx * a.z, a.y - sy * a.z);
    let (bx, by) = (b.x - sx * b.z, b.y - sy * b.z);
    let (cx, cy) = (c.x - sx * c.z, c.y - sy * c.z);
    let u = edge_function(cx, by, cy, bx);
    let v = edge_function(ax, cy, ay, cx);
    let w = edge_function(bx, ay, by, ax);
    let t = (u * a.z + v * b.z + w * c.z) * sz;
    Sheared {
        u,
        v,
        w,
        t,
        det: u + v + w,
    }
}

/// The least `|T|` and `|det|` [`Sheared::in_range`] takes as computed: a term below it may have
/// lost bits to gradual underflow (`2⁻¹⁰³` in `f32`).
#[cfg(feature = "alloc")]
const TINY: Real = Real::MIN_POSITIVE / Real::EPSILON;

/// [`shear`] for corners whose offsets from the ray's origin lie far from 1, where `T` (a cubic
/// in them) and `det` (a quadratic) would over- or underflow ([`Sheared::in_range`]): computed on
/// the offsets times the power of two that brings their largest into `[1, 2)`, with `T` scaled
/// back once (by `2⁻ᵏ`: `T / det` is then the ray's `t`, and the weights `U / det` do not change).
/// The one-triangle cast brings its input into the rescaling window first and never needs it;
/// a mesh's triangles are tested where they are (`bvh::ray`), and a ray `2⁴²` from a mesh in
/// `f32` had every `T` overflow (a miss), one `2⁻⁶⁰` from it every `T` underflow to 0 (a hit at
/// the ray's origin). The values as computed where the offsets are zero or not finite.
#[cfg(feature = "alloc")]
#[cold]
#[inline(never)]
pub(crate) fn shear_rescaled(corners: [Vec3; 3], sx: Real, sy: Real, sz: Real) -> Sheared {
    let m = corners
        .iter()
        .fold(0.0, |m: Real, c| m.max(c.abs().max_element()));
    if !(m > 0.0 && m.is_finite()) {
        return shear(corners, sx, sy, sz);
    }
    let k = normalizing_exponent(m);
    let s = shear(corners.map(|c| ldexp_vec(c, k)), sx, sy, sz);
    Sheared {
        t: ldexp(s.t, -k),
        ..s
    }
}

/// A normal of the triangle `corners` whose `scaled_normal` overflows (sides beyond about `2⁶³`
/// in `f32`, which a mesh's triangles may have: the one-triangle cast rescales its input
/// first): the cross product of the sides times the power of two that brings the longest
/// into `[1, 2)`. The grazing check needs the direction only; a mesh's crossing counts along
/// rays took every triangle of a cube `2⁶⁴` across for grazed, and its inside for outside.
#[cold]
#[inline(never)]
fn overflowed_normal([a, b, c]: [Vec3; 3]) -> Vec3 {
    let (e, f) = (b - a, c - a);
    let m = e.abs().max(f.abs()).max_element();
    if !(m > 0.0 && m.is_finite()) {
        return e.cross(f);
    }
    let k = normalizing_exponent(m);
    ldexp_vec(e, k).cross(ldexp_vec(f, k))
}

/// What the watertight test's values say about a ray and a triangle ([`Sheared::verdict`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// The ray crosses the triangle within the range: [`Sheared::hit`].
    Crossing,
    /// The ray runs in the triangle's plane (`det = 0`, or a crossing along the plane within
    /// rounding): decided by clipping in the plane.
    InPlane,
    /// No hit within the range.
    Miss,
}

impl Sheared {
    /// Whether `T` and `det` are as the exact values rounded: finite, and (unless `det` is 0, a
    /// ray along the plane) at least [`TINY`] in magnitude, so that no product in them
    /// overflowed or lost bits to underflow. Otherwise the caller takes [`shear_rescaled`]. (A
    /// ray starting exactly in the triangle's plane, `T = 0`, is taken there too, to the same
    /// answer.)
    #[cfg(feature = "alloc")]
    #[inline(always)]
    pub(crate) fn in_range(&self) -> bool {
        let ok = |x: Real| (TINY..=Real::MAX).contains(&x.abs());
        self.det == 0.0 || ok(self.det) && ok(self.t)
    }

    /// Whether the ray's line passes through the closed triangle (edges and corners included),
    /// from the front only when `front_only`; `false` for a line in the triangle's plane.
    #[inline(always)]
    pub(crate) fn crosses(&self, front_only: bool) -> bool {
        let neg = self.u < 0.0 || self.v < 0.0 || self.w < 0.0;
        let pos = self.u > 0.0 || self.v > 0.0 || self.w > 0.0;
        let ok = if front_only { !neg } else { !(neg && pos) };
        ok && self.det != 0.0
    }

    /// Whether `t = T / det` is in `[lo, hi]`, without dividing.
    #[inline(always)]
    pub(crate) fn t_within(&self, lo: Real, hi: Real) -> bool {
        let (t, det) = if self.det < 0.0 {
            (-self.t, -self.det)
        } else {
            (self.t, self.det)
        };
        lo * det <= t && t <= hi * det
    }

    /// How these values decide the ray against the triangle within `[lo, hi]` (from the front
    /// only when `front_only`). `corners` are asked for only when the ray's line crosses, to
    /// check that it does not run along the plane within rounding ([`grazing`]); that comes
    /// before the range, since a grazing ray's `T / det` is rounding noise and may lie anywhere.
    #[cfg_attr(
        not(feature = "alloc"),
        expect(
            dead_code,
            reason = "the mesh BVH's leaves use it, and the BVH needs `alloc`"
        )
    )]
    #[inline(always)]
    pub(crate) fn verdict(
        &self,
        lo: Real,
        hi: Real,
        front_only: bool,
        dir: Vec3,
        corners: impl FnOnce() -> [Vec3; 3],
    ) -> Verdict {
        self.verdict_normal(lo, hi, front_only, dir, || {
            let [a, b, c] = corners();
            let n = Triangle::new(a, b, c).scaled_normal();
            if n.is_finite() {
                n
            } else {
                overflowed_normal([a, b, c])
            }
        })
    }

    /// [`Sheared::verdict`] with the triangle's `scaled_normal` in place of its corners, for a
    /// caller that has it already.
    #[inline(always)]
    pub(super) fn verdict_normal(
        &self,
        lo: Real,
        hi: Real,
        front_only: bool,
        dir: Vec3,
        normal: impl FnOnce() -> Vec3,
    ) -> Verdict {
        if self.det == 0.0 {
            Verdict::InPlane
        } else if !self.crosses(front_only) {
            Verdict::Miss
        } else if grazing(normal(), dir) {
            Verdict::InPlane
        } else if self.t_within(lo, hi) {
            Verdict::Crossing
        } else {
            Verdict::Miss
        }
    }

    /// The hit: `t`, and `u`, `v` the weights of corners `b` and `c`.
    #[inline(always)]
    pub(crate) fn hit(&self) -> TriangleHit {
        let inv = 1.0 / self.det;
        TriangleHit {
            t: self.t * inv,
            u: self.v * inv,
            v: self.w * inv,
        }
    }
}
