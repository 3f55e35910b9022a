//! The watertight test of a leaf's triangles, four lanes at once ([`Bvh::leaf_test`]), and the
//! one-triangle test with the range check every hit passes ([`Bvh::accept`]).
//!
//! The leaf test is compiled once per axis permutation of the ray (`with_permutation!`), so it
//! swizzles without branching; it does the one-triangle test's operations lane by lane (no
//! fused multiply-adds), so its values are the same bits.

use glam::Vec3Swizzles;

use crate::bvh::layout::{Bvh, TriBlock, WIDTH};
use crate::bvh::ray::{Frame, PreRay};
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
        match s.verdict(0.0, hi, false, ray.dir3(), || self.tri(slot as u32)) {
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

/// A ray parallel to the triangle's plane: the triangle's own cast (clipping in the plane).
#[cold]
pub(super) fn in_plane(tri: &[Vec3; 3], ray: &PreRay, hi: Real) -> Option<TriangleHit> {
    Triangle::new(tri[0], tri[1], tri[2])
        .raycast_barycentric(&Ray::new(ray.origin3(), ray.dir3()), hi)
}
