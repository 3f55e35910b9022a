//! The binned split of one node: the triangles' centres binned along the three axes at once and
//! the cheapest plane between bins by the leaf-block surface area heuristic.

use super::{BVec, Bounds, MAX_LEAF, PrimBox, half_areas};
use crate::math::Real;

/// Partitions `order` and `prims` (more than [`MAX_LEAF`] triangles, boxes `bounds`) by the
/// best binned split and returns the size of the left part (between 1 and `len − 1`) and the
/// bounds of both parts. Leaves are made at [`MAX_LEAF`] triangles or fewer, the width of a leaf
/// test: letting the heuristic split such nodes further gave more nodes (more memory) and no
/// faster casts.
///
/// The three axes are binned in one pass and swept together, a lane per axis (the three axes'
/// box areas are one vector product); the bin is read off a float's bits ([`bin_index`]).
#[inline(always)]
pub(super) fn split<const B: usize>(
    prims: &mut [PrimBox],
    order: &mut [u32],
    bounds: &Bounds,
) -> (usize, Bounds, Bounds) {
    let (cmin, extent) = (bounds.cmin, bounds.cmax - bounds.cmin);
    // An axis without extent gets scale ∞ and puts everything in bin 0 (0 · ∞ is NaN, which
    // `bin_coords` takes as 0); it is skipped below.
    let scale = BVec::splat(B as Real) / extent;
    let mut bins = [[Bin::EMPTY; 3]; B];
    for p in prims.iter() {
        let w = bin_coords::<B>(p.centre2(), cmin, scale);
        for axis in 0..3 {
            let bin = &mut bins[bin_index::<B>(w[axis])][axis];
            bin.min = bin.min.min(p.min);
            bin.max = bin.max.max(p.max);
            bin.count += 1;
        }
    }
    // Sweep from the right for the right-hand areas and leaf tests, then from the left.
    let mut right_area = [BVec::ZERO; B];
    let mut right_blocks = [BVec::ZERO; B];
    let mut right_count = [[0u32; 3]; B];
    let mut acc = [Bin::EMPTY; 3];
    for b in (1..B).rev() {
        for axis in 0..3 {
            acc[axis].add(&bins[b][axis]);
            right_count[b][axis] = acc[axis].count;
        }
        right_area[b] = areas(&acc);
        right_blocks[b] = blocks3(&acc);
    }
    // The cheapest plane of each axis (the first of equal ones), then of the axes in order:
    // the first cheapest in the order (axis, plane).
    let mut best: [Option<(Real, usize)>; 3] = [None; 3]; // (cost, bins on the left)
    let mut acc = [Bin::EMPTY; 3];
    for b in 1..B {
        for axis in 0..3 {
            acc[axis].add(&bins[b - 1][axis]);
        }
        let cost = areas(&acc) * blocks3(&acc) + right_area[b] * right_blocks[b];
        for axis in 0..3 {
            if acc[axis].count != 0
                && right_count[b][axis] != 0
                && best[axis].is_none_or(|(c, _)| cost[axis] < c)
            {
                best[axis] = Some((cost[axis], b));
            }
        }
    }
    let mut chosen: Option<(Real, usize, usize)> = None; // (cost, axis, bins on the left)
    for axis in 0..3 {
        if let (true, Some((cost, b))) = (extent[axis] > 0.0, best[axis]) {
            if chosen.is_none_or(|(c, _, _)| cost < c) {
                chosen = Some((cost, axis, b));
            }
        }
    }
    let Some((_, axis, left_bins)) = chosen else {
        // Every centre in one place: halve the list.
        let mid = order.len() / 2;
        return (mid, Bounds::of(&prims[..mid]), Bounds::of(&prims[mid..]));
    };
    // `bin_index(w) < left_bins` is `w < B + left_bins`: `w` is `B` plus the bin and a
    // fraction.
    let (lo, scale) = (cmin[axis], scale[axis]);
    let limit = B as Real + left_bins as Real;
    let (mut lb, mut rb) = (Bounds::EMPTY, Bounds::EMPTY);
    let mut mid = 0;
    for k in 0..order.len() {
        let p = prims[k];
        if bin_coord::<B>(p.centre2()[axis], lo, scale) < limit {
            lb.grow(&p);
            prims.swap(k, mid);
            order.swap(k, mid);
            mid += 1;
        } else {
            rb.grow(&p);
        }
    }
    debug_assert!(mid > 0 && mid < order.len());
    (mid, lb, rb)
}

/// A bin of [`split`]: the box and number of the triangles whose centres fall in it (or the
/// sum of several bins).
#[derive(Clone, Copy)]
struct Bin {
    min: BVec,
    max: BVec,
    count: u32,
}

impl Bin {
    const EMPTY: Self = Self {
        min: BVec::INFINITY,
        max: BVec::NEG_INFINITY,
        count: 0,
    };

    /// Adds the triangles of `other` (the sweeps' running sums).
    #[inline]
    fn add(&mut self, other: &Self) {
        self.min = self.min.min(other.min);
        self.max = self.max.max(other.max);
        self.count += other.count;
    }
}

/// The half areas of the boxes of three bins (a lane per axis).
#[inline]
fn areas(acc: &[Bin; 3]) -> BVec {
    half_areas(
        acc[0].max - acc[0].min,
        acc[1].max - acc[1].min,
        acc[2].max - acc[2].min,
    )
}

/// The leaf tests for the triangles of three bins (a lane per axis).
#[inline]
fn blocks3(acc: &[Bin; 3]) -> BVec {
    BVec::new(
        blocks(acc[0].count),
        blocks(acc[1].count),
        blocks(acc[2].count),
    )
}

/// Leaf tests for `count` triangles: a leaf test covers [`MAX_LEAF`] at once.
#[inline]
fn blocks(count: u32) -> Real {
    count.div_ceil(MAX_LEAF as u32) as Real
}

/// `B` (the number of bins, a power of two) plus the bin coordinates of doubled centres `c`:
/// `(c − lo) · scale` per axis, clamped to `[0, B − 1]`, NaN taken as 0. Adding `B` fixes the
/// float's exponent, so the bin is read off the top bits of the mantissa ([`bin_index`])
/// instead of by a float-to-integer conversion, whose NaN and range checks were a third of the
/// binning pass's instructions.
#[inline]
fn bin_coords<const B: usize>(c: BVec, lo: BVec, scale: BVec) -> BVec {
    // `max` with NaN in `self` gives the other operand, here and in `Real::max`.
    let top = BVec::splat((B - 1) as Real);
    ((c - lo) * scale).max(BVec::ZERO).min(top) + BVec::splat(B as Real)
}

/// [`bin_coords`] on one axis, with the same operations (so the same bits).
#[inline]
fn bin_coord<const B: usize>(c: Real, lo: Real, scale: Real) -> Real {
    ((c - lo) * scale).max(0.0).min((B - 1) as Real) + B as Real
}

/// The bin of a [`bin_coords`] value `w`: `w` is in `[B, 2 B)`, so its exponent is fixed
/// and the top bits of its mantissa are `⌊w⌋ − B`.
#[inline]
fn bin_index<const B: usize>(w: Real) -> usize {
    const { assert!(B.is_power_of_two()) };
    let shift = Real::MANTISSA_DIGITS - 1 - B.trailing_zeros();
    (w.to_bits() >> shift) as usize & (B - 1)
}

#[cfg(test)]
mod bin_tests {
    use super::*;
    use crate::bvh::build::{BINS, SMALL_BINS};

    /// The bin read off the float's bits is the integer part of the clamped coordinate, NaN
    /// goes to bin 0, the vector and scalar coordinates are the same bits, and the partition's
    /// float comparison agrees with the binning.
    fn check<const B: usize>() {
        let bin = |v: Real| bin_index::<B>(bin_coord::<B>(v, 0.0, 1.0));
        assert_eq!(bin(Real::NAN), 0);
        assert_eq!(bin(-3.5), 0);
        assert_eq!(bin(Real::INFINITY), B - 1);
        assert_eq!(bin(B as Real), B - 1);
        for k in 0..B {
            for f in [0.0, 0.25, 0.5, 0.75, 0.999] {
                let v = k as Real + f;
                assert_eq!(bin(v), k, "{v}");
                let w = bin_coord::<B>(v, 0.0, 1.0);
                for left in 1..B {
                    assert_eq!(bin(v) < left, w < (B + left) as Real, "{v} {left}");
                }
            }
        }
        let c = BVec::new(1.5, -2.0, 7.25);
        let (lo, scale) = (BVec::new(0.5, -3.0, 1.0), BVec::new(0.5, 3.0, 0.125));
        let w = bin_coords::<B>(c, lo, scale);
        for axis in 0..3 {
            assert_eq!(
                w[axis].to_bits(),
                bin_coord::<B>(c[axis], lo[axis], scale[axis]).to_bits()
            );
        }
    }

    #[test]
    fn bins_from_float_bits() {
        check::<BINS>();
        check::<SMALL_BINS>();
    }
}
