//! The slab tests: of the whole tree's box before the root node ([`PreRay::may_enter`]) and of
//! a node's lanes ([`PreRay::node_slabs`]).
//!
//! Robust (Ize, "Robust BVH Ray Traversal", 2013): the far distance is widened by a few ulp, so
//! rounding never culls a box whose triangle the exact test hits, and an axis the ray runs
//! parallel to (a zero direction coordinate) is an interval test of the origin, with no `0 · ∞`
//! NaN. A ray with no zero direction coordinate (`OBLIQUE`) takes a copy of the node test
//! without the parallel-axis branch, compiled once per octant of the direction (`OCTANT`), so
//! the near and far planes are at fixed offsets in the node; with AVX the eight lanes are one
//! register ([`crate::dispatch::V3::slabs8`]), else two four-lane halves.

use crate::bvh::layout::{LANES, Node};
use crate::bvh::ray::{PreRay, WIDEN};
use crate::math::{Real, SimdVec3, Vec4};

impl PreRay {
    /// Whether the ray may enter the box `[lo, hi]` within `[0, t_max]`: `false` only if
    /// [`PreRay::node_slabs`] would find that it enters no box inside `[lo, hi]`.
    ///
    /// The slab test of one box with the same operations as [`PreRay::node_slabs`]: the planes of
    /// a box containing a lane's box lie outside the lane's, and rounding is monotone, so its
    /// entry distance is at most the lane's and its exit at least the lane's. A ray with a
    /// zero direction coordinate is let through (`true`); the node test handles it.
    ///
    /// A ray that misses a whole mesh (most camera rays) stops here, at a third of the cost of
    /// the root node's eight lanes and without setting up the traversal.
    #[inline(always)]
    pub(crate) fn may_enter(&self, (lo, hi): (SimdVec3, SimdVec3), t_max: Real) -> bool {
        if !self.oblique {
            return true;
        }
        // The sign mask again from `dir` (one compare) rather than from the `negative` bits,
        // which would take a lane-by-lane rebuild.
        let negative = self.dir.cmplt(SimdVec3::ZERO);
        let o = self.origin;
        let near = (SimdVec3::select(negative, hi, lo) - o) * self.inv;
        let far = (SimdVec3::select(negative, lo, hi) - o) * self.inv_far;
        // `max(near, 0) <= min(far, t_max)` term by term (no NaN arises: finite origin and
        // box, finite non-zero `inv`; `t_max >= 0`), without `min`'s NaN handling.
        let (near, far) = (near.max_element(), far.min_element());
        near <= far && near <= t_max * WIDEN && far >= 0.0
    }

    /// The slab test of the lanes of `node` for `t` in `[0, t_max]`: a bit mask of the
    /// lanes hit and their entry distances.
    ///
    /// Per axis, the near and far planes are chosen once by the sign of the direction, so the
    /// lanes need neither `min` nor `max` of the two plane distances; an axis the ray runs
    /// parallel to (a zero direction coordinate, infinite inverse) is a plain interval test of
    /// the origin, so no `0 · ∞` NaN arises. The far distance is widened by a few ulp for the
    /// rounding of `(bound − origin) · inv` (Ize 2013).
    ///
    /// `COHERENT`: the caller's rays usually come in runs of one direction octant (closest-hit
    /// casts: camera rays), so the jump to the octant's copy is predicted; otherwise (any-hit,
    /// all-hits and crossing casts: shadow rays, probes) the AVX test picks the planes without
    /// it (see [`crate::dispatch::Planes`]). (The traversal, `Bvh::traverse`, calls this only
    /// for rays that are not oblique or lack AVX: for the others it picks the AVX test at the
    /// plane offsets once per ray, `PreRay::avx_slabs`.)
    #[inline(always)]
    pub(crate) fn node_slabs<const COHERENT: bool>(
        &self,
        node: &Node,
        t_max: Real,
    ) -> (u32, [Real; LANES]) {
        // The common case (no zero direction coordinate) compiled on its own, without the
        // per-axis branch, so the three axes are one straight run of lane code; and once per
        // octant of the direction, so the near and far planes are at fixed offsets in the node
        // (a jump per node, to the same place for all of a ray's nodes).
        if self.oblique {
            #[cfg(all(target_arch = "x86_64", not(isect_f64)))]
            if let (false, Some(v3)) = (COHERENT, self.v3) {
                let planes = crate::dispatch::Planes::Offsets {
                    bounds: &node.bounds,
                    offsets: crate::dispatch::PlaneOffsets::new(self.negative),
                };
                return self.avx_slabs(v3, planes, t_max);
            }
            match self.negative {
                0 => self.octant_slabs::<true, 0>(node, t_max),
                1 => self.octant_slabs::<true, 1>(node, t_max),
                2 => self.octant_slabs::<true, 2>(node, t_max),
                3 => self.octant_slabs::<true, 3>(node, t_max),
                4 => self.octant_slabs::<true, 4>(node, t_max),
                5 => self.octant_slabs::<true, 5>(node, t_max),
                6 => self.octant_slabs::<true, 6>(node, t_max),
                _ => self.octant_slabs::<true, 7>(node, t_max),
            }
        } else {
            self.octant_slabs::<false, ANY_OCTANT>(node, t_max)
        }
    }

    /// [`crate::dispatch::V3::slabs8`] of this ray for the planes `planes` within `[0, t_max]`
    /// (`t_max` widened as in [`PreRay::octant_slabs`]).
    #[cfg(all(target_arch = "x86_64", not(isect_f64)))]
    #[inline(always)]
    pub(super) fn avx_slabs(
        &self,
        v3: crate::dispatch::V3,
        planes: crate::dispatch::Planes<'_>,
        t_max: Real,
    ) -> (u32, [Real; LANES]) {
        v3.slabs8(
            planes,
            self.origin.to_array(),
            self.inv.to_array(),
            self.inv_far.to_array(),
            t_max * WIDEN,
        )
    }

    /// [`PreRay::node_slabs`] for a ray known (`OBLIQUE`) to have no zero direction coordinate, or
    /// not: with `OBLIQUE` the parallel-axis interval test and its `inside` mask compile away
    /// (the same answers, as no axis is parallel then). `OCTANT` is the ray's `negative` bits,
    /// or [`ANY_OCTANT`] to read them at run time.
    #[inline(always)]
    #[expect(
        clippy::needless_range_loop,
        reason = "`h` indexes the halves of four arrays in lockstep"
    )]
    fn octant_slabs<const OBLIQUE: bool, const OCTANT: u32>(
        &self,
        node: &Node,
        t_max: Real,
    ) -> (u32, [Real; LANES]) {
        let negative = if OCTANT == ANY_OCTANT {
            self.negative
        } else {
            OCTANT
        };
        // With AVX, the whole node at once (the same operations on eight lanes).
        #[cfg(all(target_arch = "x86_64", not(isect_f64)))]
        if let (true, Some(v3)) = (OBLIQUE, self.v3) {
            let side = |axis: usize| (negative >> axis & 1) as usize;
            let planes = crate::dispatch::Planes::Chosen {
                near: core::array::from_fn(|axis| &node.bounds[side(axis)][axis]),
                far: core::array::from_fn(|axis| &node.bounds[side(axis) ^ 1][axis]),
            };
            return self.avx_slabs(v3, planes, t_max);
        }
        let mut near = [Vec4::ZERO; HALVES];
        // `t_max` widened too: a box whose entry is exactly `t_max` (a segment ending on a
        // triangle there) may have its near distance rounded above it.
        let mut far = [Vec4::splat(t_max * WIDEN); HALVES];
        let mut inside = [Vec4::ZERO.cmpeq(Vec4::ZERO); HALVES];
        for axis in 0..3 {
            let o = Vec4::splat(self.origin[axis]);
            if !OBLIQUE && self.dir[axis] == 0.0 {
                for h in 0..HALVES {
                    let lo = quarter(&node.min()[axis], h);
                    let hi = quarter(&node.max()[axis], h);
                    inside[h] &= lo.cmple(o) & o.cmple(hi);
                }
                continue;
            }
            // The near and far planes by index rather than by a branch on the sign.
            let side = (negative >> axis & 1) as usize;
            let (inv, inv_far) = (Vec4::splat(self.inv[axis]), Vec4::splat(self.inv_far[axis]));
            for h in 0..HALVES {
                let nb = quarter(&node.bounds[side][axis], h);
                let fb = quarter(&node.bounds[side ^ 1][axis], h);
                // No NaN arises here (finite origin, finite non-zero `inv`; empty lanes give
                // infinities), so `max`/`min` are the plain comparisons on every platform.
                near[h] = ((nb - o) * inv).max(near[h]);
                far[h] = ((fb - o) * inv_far).min(far[h]);
            }
        }
        // Empty lanes hold the empty box (min +inf, max −inf), which every axis rejects, so
        // they need no test of their own.
        lanes_entered(&near, |h| {
            let hit = near[h].cmple(far[h]);
            if OBLIQUE { hit } else { hit & inside[h] }.bitmask()
        })
    }
}

/// [`PreRay::octant_slabs`]'s octant parameter for "the ray's own, read at run time".
const ANY_OCTANT: u32 = 8;

/// Lanes in a half of a node (the slab test runs on four lanes at a time).
pub(in crate::bvh) const HALVES: usize = LANES / 4;

/// Lanes `4h..4h + 4` of `a`.
#[inline(always)]
pub(in crate::bvh) fn quarter(a: &[Real; LANES], h: usize) -> Vec4 {
    Vec4::new(a[4 * h], a[4 * h + 1], a[4 * h + 2], a[4 * h + 3])
}

/// A slab test's answer from its halves: the mask of the lanes entered (`entered(h)` gives the
/// bits of half `h`) and the entry distances as one array.
#[inline(always)]
pub(in crate::bvh) fn lanes_entered(
    near: &[Vec4; HALVES],
    entered: impl Fn(usize) -> u32,
) -> (u32, [Real; LANES]) {
    let mut mask = 0;
    let mut out = [0.0; LANES];
    for h in 0..HALVES {
        mask |= entered(h) << (4 * h);
        out[4 * h..4 * h + 4].copy_from_slice(&near[h].to_array());
    }
    (mask, out)
}
