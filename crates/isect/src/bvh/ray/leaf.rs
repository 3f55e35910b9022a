//! The watertight test of a leaf's triangles, four lanes at once ([`Bvh::leaf_test`]), and the
//! one-triangle test with the range check every hit passes ([`Bvh::accept`]).
//!
//! The leaf test is compiled once per axis permutation of the ray (`with_permutation!`), so it
//! swizzles without branching; it does the one-triangle test's operations lane by lane (no
//! fused multiply-adds), so its values are the same bits.

use glam::Vec3Swizzles;

use crate::bvh::layout::{Bvh, TriBlock, WIDTH};
use crate::bvh::ray::{CLEAR, Frame, PreRay};
use crate::math::{Real, Vec3, Vec4};
use crate::query::TriangleHit;
use crate::query::raycast::triangle::{Sheared, Verdict};
use crate::shape::{Ray, Triangle};

/// Runs `$body` with `$p` bound to the frame's permutation as a closure whose swizzle is fixed
/// at compile time: one copy of the body per permutation, so the leaf test has no per-corner
/// branch on the ray's axes (the same values as [`Frame::permute`]).
macro_rules! with_permutation {
    ($frame:expr, |$p:ident| $body:expr) => {{
        let frame: &Frame = $frame;
        match (frame.z_is_x, frame.z_is_y, frame.flip) {
            (true, _, false) => {
                let $p = |v: Vec3| v.yzx();
                $body
            }
            (true, _, true) => {
                let $p = |v: Vec3| v.zyx();
                $body
            }
            (false, true, false) => {
                let $p = |v: Vec3| v.zxy();
                $body
            }
            (false, true, true) => {
                let $p = |v: Vec3| v.xzy();
                $body
            }
            (false, false, false) => {
                let $p = |v: Vec3| v;
                $body
            }
            (false, false, true) => {
                let $p = |v: Vec3| v.yxz();
                $body
            }
        }
    }};
}

/// The watertight test's values for the four lanes of a leaf (see [`Sheared`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct LeafLanes {
    u: Vec4,
    v: Vec4,
    w: Vec4,
    t: Vec4,
    det: Vec4,
}

impl LeafLanes {
    /// The values of `lane`. Read from the vectors as arrays: indexing the vectors themselves
    /// compiled to a jump over the lane with every lane of all five vectors broadcast before it
    /// (docs/performance.md, "Leaf blocks and the four-lane tests").
    #[inline(always)]
    pub(super) fn get(&self, lane: usize) -> Sheared {
        let lane = lane % WIDTH;
        Sheared {
            u: self.u.to_array()[lane],
            v: self.v.to_array()[lane],
            w: self.w.to_array()[lane],
            t: self.t.to_array()[lane],
            det: self.det.to_array()[lane],
        }
    }
}

impl Bvh {
    /// The watertight test of the triangle in `slot` within `[0, hi]`.
    #[inline(always)]
    pub(super) fn triangle_test(
        &self,
        ray: &PreRay,
        frame: &Frame,
        slot: usize,
        hi: Real,
    ) -> Option<TriangleHit> {
        let s = frame.shear(ray, &self.tri(slot as u32));
        self.accept(ray, slot, s, hi)
    }

    /// The hit of the triangle in `slot` within `[0, hi]` from its sheared values `s`.
    #[inline(always)]
    pub(super) fn accept(
        &self,
        ray: &PreRay,
        slot: usize,
        s: Sheared,
        hi: Real,
    ) -> Option<TriangleHit> {
        if self.degenerate[slot] {
            return None;
        }
        // A leaf lane whose `T` or `det` over- or underflowed (a ray far from the triangle,
        // `Sheared::in_range`): the one-triangle values, rescaled.
        let s = if s.in_range() {
            s
        } else {
            self.reshear(ray, slot)
        };
        // A clear triangle crossed clearly cannot be grazed: its crossing is decided by the
        // range alone, without the grazing check's cross product (the same verdict, see
        // `is_clear`). Every other candidate takes the full verdict.
        let verdict = if s.crosses(false)
            && self.clear[slot] & CLEAR != 0
            && crosses_clearly(self.normals[slot], ray.dir3())
        {
            if s.t_within(0.0, hi) {
                Verdict::Crossing
            } else {
                Verdict::Miss
            }
        } else {
            s.verdict(0.0, hi, false, ray.dir3(), || self.tri(slot as u32))
        };
        match verdict {
            Verdict::Crossing => {
                let h = s.hit();
                // Rounding of T / det can step just past `hi`.
                Some(TriangleHit {
                    t: h.t.min(hi),
                    ..h
                })
            }
            // Decided in the plane, as the one-triangle cast does.
            Verdict::InPlane => in_plane(&self.tri(slot as u32), ray, hi),
            Verdict::Miss => None,
        }
    }

    /// The one-triangle values of the triangle in `slot` (rescaled where they leave the range),
    /// out of line: the leaf loops stay as small as without it.
    #[cold]
    #[inline(never)]
    fn reshear(&self, ray: &PreRay, slot: usize) -> Sheared {
        Frame::new(ray).shear(ray, &self.tri(slot as u32))
    }

    /// The watertight test of the `count` triangles of the leaf at slot `first` over four lanes
    /// at once: a mask of the lanes that may be hit (the ray's line crosses them, or they are
    /// in the ray's plane; [`Bvh::accept`] decides, with the range) and every lane's values.
    /// The same operations as [`Frame::shear`] lane by lane (no fused multiply-adds), so
    /// the values are the same bits as the one-triangle test's.
    #[inline(always)]
    fn leaf_test_permuted(
        &self,
        ray: &PreRay,
        frame: &Frame,
        permute: impl Fn(Vec3) -> Vec3,
        first: u32,
        count: u32,
    ) -> (u32, LeafLanes) {
        let block: &TriBlock = &self.blocks[first as usize / WIDTH];
        // The permutation as axis indices (constants once `permute` is inlined).
        let k = permute(Vec3::new(0.0, 1.0, 2.0));
        let (kx, ky, kz) = (k.x as usize % 3, k.y as usize % 3, k.z as usize % 3);
        let o = permute(ray.origin3());
        let (ox, oy, oz) = (Vec4::splat(o.x), Vec4::splat(o.y), Vec4::splat(o.z));
        let (sx, sy) = (Vec4::splat(frame.sx), Vec4::splat(frame.sy));
        // Sheared x, y and depth z of each corner (a macro: the rule of the two copies, in the
        // module docs of `bvh::ray`).
        macro_rules! corner {
            ($c:expr) => {{
                let c: &[[Real; WIDTH]; 3] = $c;
                let pz = Vec4::from_array(c[kz]) - oz;
                let x = (Vec4::from_array(c[kx]) - ox) - sx * pz;
                let y = (Vec4::from_array(c[ky]) - oy) - sy * pz;
                (x, y, pz)
            }};
        }
        let (ax, ay, az) = corner!(&block.c[0]);
        let (bx, by, bz) = corner!(&block.c[1]);
        let (cx, cy, cz) = corner!(&block.c[2]);
        let (u, v, w) = (cx * by - cy * bx, ax * cy - ay * cx, bx * ay - by * ax);
        // Edge functions that round to 0 in `f32` are redone in `f64` (`edge_function`).
        #[cfg(not(isect_f64))]
        let (u, v, w) = if (u.cmpeq(Vec4::ZERO) | v.cmpeq(Vec4::ZERO) | w.cmpeq(Vec4::ZERO)).any() {
            use crate::query::raycast::triangle::edge_function;
            let lane = |a: Vec4, d: Vec4, b: Vec4, c: Vec4| {
                Vec4::from_array(core::array::from_fn(|l| {
                    edge_function(a[l], d[l], b[l], c[l])
                }))
            };
            (
                lane(cx, by, cy, bx),
                lane(ax, cy, ay, cx),
                lane(bx, ay, by, ax),
            )
        } else {
            (u, v, w)
        };
        let t = (u * az + v * bz + w * cz) * Vec4::splat(frame.sz);
        let det = u + v + w;
        // `Sheared::crosses(false)` lane-wise, and the lanes in the ray's plane: the line
        // crosses the triangle. The range is left to `accept` (through `Sheared::verdict`):
        // for a ray grazing the plane `T / det` is rounding noise and may lie anywhere, and
        // only triangles on the ray's line get this far.
        let zero = Vec4::ZERO;
        let neg = u.cmplt(zero) | v.cmplt(zero) | w.cmplt(zero);
        let pos = u.cmpgt(zero) | v.cmpgt(zero) | w.cmpgt(zero);
        let mask = (det.cmpeq(zero) | !(neg & pos)).bitmask();
        (mask & ((1 << count) - 1), LeafLanes { u, v, w, t, det })
    }

    /// [`Bvh::leaf_test_permuted`] for the leaf at slot `first` with the ray's frame, made by the
    /// first leaf a traversal reaches.
    #[inline(always)]
    pub(super) fn leaf_test(
        &self,
        ray: &PreRay,
        frame: &mut Option<Frame>,
        first: u32,
        count: u32,
    ) -> (u32, LeafLanes) {
        let frame = *frame.get_or_insert_with(|| Frame::new(ray));
        with_permutation!(&frame, |permute| self
            .leaf_test_permuted(ray, &frame, permute, first, count))
    }
}

/// The cosine with a clear triangle's stored normal above which a direction cannot graze it:
/// `2^-10`, far above the grazing check's `64 ε` (`2^-17` in `f32`) plus the angle between the
/// stored normal and the grazing check's cross product (see [`is_clear`]).
const CLEAR_COSINE: Real = 1.0 / 1024.0;

/// The ratio `|n|² / (longest side)⁴` at or above which a triangle is clear ([`is_clear`]):
/// every angle's sine at least `2^-4`.
const CLEAR_SHAPE: Real = 1.0 / 256.0;

/// Whether a triangle is clear: not degenerate, neither huge nor tiny, and with no angle
/// narrower than about 3.6° (`|n| >= 2^-4 |longest side|²`, `n` its `scaled_normal`), so that
/// the cross product the grazing check computes from its corners and its stored unit normal
/// ([`crate::Triangle::normal`], from another corner or exact) both lie within about
/// `200 ε` of its exact normal's direction (rounding of the edges and products is a few ε of
/// `|e1| |e2| <= 16 |n|`). For a clear triangle, a direction `d` whose cosine with the stored
/// normal is at least [`CLEAR_COSINE`] (tested as `|N · d| >= 2^-10 (|dx| + |dy| + |dz|)`,
/// [`crosses_clearly`]) has a cosine with the cross product above `2^-11`, where the grazing
/// check (true only below about `2 · 64 ε`) answers `false`: so the shortcut gives the
/// verdict the full check would, bit for bit. Made at build and refit, `false` for padding.
///
/// The sides' squares are bounded below (`2^20` times the smallest normal number) so that no
/// product in the cross product underflows by more than a negligible part of `|n|`, and the
/// test is false for anything non-finite or overflowing (`NaN` fails every comparison).
pub(in crate::bvh) fn is_clear(c: &[Vec3; 3]) -> bool {
    let n = Triangle::new(c[0], c[1], c[2]).scaled_normal();
    let nn = n.length_squared();
    let longest = (c[1] - c[0])
        .length_squared()
        .max((c[2] - c[0]).length_squared())
        .max((c[2] - c[1]).length_squared());
    let tiny = Real::MIN_POSITIVE * (1 << 20) as Real;
    nn < Real::INFINITY && longest >= tiny && nn >= CLEAR_SHAPE * (longest * longest)
}

/// Whether `dir` crosses the plane of a clear triangle with stored unit normal `n` at a
/// cosine of at least [`CLEAR_COSINE`] (the `L1` length bounds `|dir|` from above). An
/// overflowing `n · dir` (a direction near the largest floats) has a cosine above `1/√3`, so
/// it answers rightly too; an overflowing sum answers `false`, the full check then decides.
#[inline(always)]
fn crosses_clearly(n: Vec3, dir: Vec3) -> bool {
    let a = dir.abs();
    n.dot(dir).abs() >= CLEAR_COSINE * (a.x + a.y + a.z)
}

/// A ray parallel to the triangle's plane: the triangle's own cast (clipping in the plane).
#[cold]
pub(super) fn in_plane(tri: &[Vec3; 3], ray: &PreRay, hi: Real) -> Option<TriangleHit> {
    Triangle::new(tri[0], tri[1], tri[2])
        .raycast_barycentric(&Ray::new(ray.origin3(), ray.dir3()), hi)
}

#[cfg(test)]
mod tests {
    use super::super::test_cases::{direction, pow2, squashed};
    use super::*;
    use crate::query::raycast::triangle::Sheared;
    use proptest::prelude::*;

    /// The full verdict's grazing check for `corners` and `dir` (a crossing within range
    /// otherwise: `InPlane` exactly when the check finds the direction grazing).
    fn grazes(corners: [Vec3; 3], dir: Vec3) -> bool {
        let s = Sheared {
            u: 1.0,
            v: 1.0,
            w: 1.0,
            t: 1.0,
            det: 3.0,
        };
        s.verdict(0.0, 10.0, false, dir, || corners) == Verdict::InPlane
    }

    #[test]
    fn clear_triangles() {
        let (o, x, y) = (Vec3::ZERO, Vec3::X, Vec3::Y);
        assert!(is_clear(&[o, x, y]));
        // Corner order does not matter.
        assert!(is_clear(&[y, o, x]) && is_clear(&[x, o, y]));
        // A sliver (an angle under 3.6°), a degenerate triangle, padding-like repeats.
        assert!(!is_clear(&[o, x, Vec3::new(0.5, 0.01, 0.0)]));
        assert!(!is_clear(&[o, x, x * 2.0]));
        assert!(!is_clear(&[o, o, o]));
        // Small and large ones are clear; tiny ones (squared sides near the smallest normal
        // number), huge ones (squares that overflow) and invalid ones take the full check.
        assert!(is_clear(&[o, x * 1e-5, y * 1e-5]) && is_clear(&[o, x * 1e5, y * 1e5]));
        let (tiny, huge) = (
            crate::ops::sqrt(Real::MIN_POSITIVE),
            crate::ops::sqrt(Real::MAX),
        );
        assert!(!is_clear(&[o, x * tiny, y * tiny]));
        assert!(!is_clear(&[o, x * huge, y * huge]));
        assert!(!is_clear(&[o, x, Vec3::new(Real::NAN, 1.0, 0.0)]));
        assert!(!is_clear(&[o, x, Vec3::new(Real::INFINITY, 1.0, 0.0)]));
    }

    #[test]
    fn crossing_clearly() {
        let n = Vec3::Z;
        assert!(crosses_clearly(n, Vec3::new(1.0, 1.0, 1.0)));
        assert!(crosses_clearly(n, Vec3::new(0.0, 0.0, -1e-30)));
        // Along the plane, and just under the cosine bound.
        assert!(!crosses_clearly(n, Vec3::X));
        assert!(!crosses_clearly(n, Vec3::new(1.0, 0.0, 0.5 / 1024.0)));
        // Sums that overflow leave it to the full check.
        assert!(!crosses_clearly(n, Vec3::new(Real::MAX, Real::MAX, 1.0)));
    }

    proptest! {
        /// Wherever the shortcut answers (a clear triangle crossed clearly), the full check
        /// finds no grazing: the shortcut gives the same verdict. Triangles from fat to just
        /// clear and beyond, at scales from `2^-40` to `2^40`, directions at cosines from
        /// `2^-24` to 1 with the stored normal, of lengths `2^-40` to `2^40`.
        #[test]
        fn the_shortcut_never_skips_a_grazing_ray(
            a in prop::array::uniform3(-1.0 as Real..1.0),
            b in prop::array::uniform3(-1.0 as Real..1.0),
            squash in 0.0 as Real..1.0,
            scale in -40i32..40,
            cos_exp in -24i32..0,
            cos_frac in 1.0 as Real..2.0,
            turn in 0.0 as Real..6.3,
            len in -40i32..40,
        ) {
            let c = squashed(a, b, squash, scale);
            prop_assume!(is_clear(&c));
            let n = unit_normal_of(&c);
            let dir = direction(n, pow2(cos_exp) * cos_frac * 0.5, turn, pow2(len));
            if crosses_clearly(n, dir) {
                prop_assert!(!grazes(c, dir), "{:?} {:?}", c, dir);
            }
            // Along the plane (within the grazing check's margin) the shortcut stays out.
            let along = direction(n, 0.0, turn, pow2(len));
            prop_assert!(!crosses_clearly(n, along) || !grazes(c, along));
        }
    }

    /// The stored normal of a triangle, as the build makes it.
    fn unit_normal_of(c: &[Vec3; 3]) -> Vec3 {
        crate::bvh::layout::unit_normal(c)
    }
}
