//! A binary BVH by the binned surface area heuristic (Wald, "On fast Construction of SAH-based
//! Bounding Volume Hierarchies", 2007): at each node the triangles' box centres are sorted into
//! [`BINS`] bins along each axis ([`SMALL_BINS`] for nodes of at most [`SMALL`] triangles) and
//! the cheapest of the planes between bins is taken. A side's cost counts leaf tests rather than
//! triangles (its area times `⌈n / 4⌉`, as a leaf test covers [`MAX_LEAF`] triangles at once),
//! which favours full leaves: fewer bytes per triangle at the same ray speed (docs/performance.md,
//! "Build"). Nodes of at most [`MAX_LEAF`] triangles become leaves, and triangles whose centres
//! coincide are split in the middle of the list, so every split makes progress.
//!
//! The nodes come out in depth-first pre-order (a node, its left subtree, its right subtree).
//! With the `rayon` feature large subtrees are built in parallel into their own arrays and
//! concatenated in that same order, so the tree is identical to the sequential one.

use alloc::vec::Vec;

use crate::math::{Real, Vec3, simd, unsimd};

/// Bins per axis.
const BINS: usize = 16;
/// Nodes of at most this many triangles are binned into [`SMALL_BINS`]: the sweep over the bins
/// is a fixed cost per node and most nodes are small, and the trees cast as fast
/// (docs/performance.md, "Build").
const SMALL: usize = 16;
/// Bins per axis for small nodes.
const SMALL_BINS: usize = 8;
/// The most triangles in a leaf (the width of a leaf test).
pub(crate) const MAX_LEAF: usize = 4;
/// Below this many triangles a subtree is built on the current thread.
#[cfg(feature = "rayon")]
const PARALLEL_MIN: usize = 4096;

/// The vector the builder works in (a box update is one SIMD min and one max in `f32`).
type BVec = crate::math::SimdVec3;

/// A node of the binary tree.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BinNode {
    pub min: Vec3,
    pub max: Vec3,
    /// Leaf: first triangle in the build order; inner: index of the right child (the left one
    /// follows the node).
    pub index: u32,
    /// Triangles in a leaf; 0 for an inner node.
    pub count: u32,
}

impl BinNode {
    /// The node of the boxes `bounds`, with its `index` and `count`.
    #[inline(always)]
    fn new(bounds: &Bounds, index: u32, count: u32) -> Self {
        Self {
            min: unsimd(bounds.min),
            max: unsimd(bounds.max),
            index,
            count,
        }
    }
}

/// A triangle's box. The builder moves these along with the triangle indices, so every pass
/// reads them in order rather than through the indices.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PrimBox {
    min: BVec,
    max: BVec,
}

impl PrimBox {
    #[inline]
    pub(crate) fn new(min: Vec3, max: Vec3) -> Self {
        Self {
            min: simd(min),
            max: simd(max),
        }
    }

    /// Twice the box's centre (the builder compares centres only among themselves).
    #[inline]
    fn centre2(&self) -> BVec {
        self.min + self.max
    }
}

/// The box of some triangles and the box of their doubled centres.
#[derive(Clone, Copy)]
struct Bounds {
    min: BVec,
    max: BVec,
    cmin: BVec,
    cmax: BVec,
}

impl Bounds {
    const EMPTY: Self = Self {
        min: BVec::INFINITY,
        max: BVec::NEG_INFINITY,
        cmin: BVec::INFINITY,
        cmax: BVec::NEG_INFINITY,
    };

    #[inline]
    fn grow(&mut self, p: &PrimBox) {
        let c = p.centre2();
        self.min = self.min.min(p.min);
        self.max = self.max.max(p.max);
        self.cmin = self.cmin.min(c);
        self.cmax = self.cmax.max(c);
    }

    fn of(prims: &[PrimBox]) -> Self {
        let mut b = Self::EMPTY;
        for p in prims {
            b.grow(p);
        }
        b
    }
}

/// Half the surface areas of three boxes of extents `d0`, `d1`, `d2` (the heuristic only compares
/// areas), each lane with the operations of one box's `d.x d.y + d.y d.z + d.z d.x`.
#[inline]
fn half_areas(d0: BVec, d1: BVec, d2: BVec) -> BVec {
    let (d0, d1, d2) = (d0.max(BVec::ZERO), d1.max(BVec::ZERO), d2.max(BVec::ZERO));
    let x = BVec::new(d0.x, d1.x, d2.x);
    let y = BVec::new(d0.y, d1.y, d2.y);
    let z = BVec::new(d0.z, d1.z, d2.z);
    x * y + y * z + z * x
}

/// The binary tree over `order` (triangle indices) whose boxes are `prims`; both are reordered
/// in place into leaf order.
pub(crate) fn build(prims: &mut [PrimBox], order: &mut [u32]) -> Vec<BinNode> {
    build_with(prims, order, cfg!(feature = "rayon"))
}

/// [`build`], in parallel when `parallel` (and the `rayon` feature is on).
pub(crate) fn build_with(prims: &mut [PrimBox], order: &mut [u32], parallel: bool) -> Vec<BinNode> {
    debug_assert_eq!(prims.len(), order.len());
    let mut out = Vec::with_capacity(order.len());
    let bounds = Bounds::of(prims);
    build_into(prims, order, &bounds, 0, &mut out, parallel);
    out
}

/// Builds the subtree of `order` (which starts at `first` in the whole order; `bounds` are its
/// boxes) at the end of `out`, with absolute node indices: the top of a large tree in parallel
/// (with `parallel` and the `rayon` feature), each part below that by [`build_sequential`]
/// through [`crate::dispatch::fast`] (the x86-64-v3 copy where the processor has it, which
/// builds with fewer instructions: docs/performance.md, "Build").
#[cfg_attr(
    not(feature = "rayon"),
    expect(unused_variables, reason = "`parallel` is read only with rayon")
)]
fn build_into(
    prims: &mut [PrimBox],
    order: &mut [u32],
    bounds: &Bounds,
    first: usize,
    out: &mut Vec<BinNode>,
    parallel: bool,
) {
    #[cfg(feature = "rayon")]
    if parallel && order.len() >= PARALLEL_MIN {
        let here = out.len();
        out.push(BinNode::new(bounds, 0, 0));
        let (mid, lb, rb) = split_node(prims, order, bounds);
        let (left, right) = order.split_at_mut(mid);
        let (pl, pr) = prims.split_at_mut(mid);
        let (mut l, mut r) = rayon::join(
            || {
                let mut v = Vec::new();
                build_into(pl, left, &lb, first, &mut v, true);
                v
            },
            || {
                let mut v = Vec::new();
                build_into(pr, right, &rb, first + mid, &mut v, true);
                v
            },
        );
        // The parts' inner nodes point at right children by index within their part.
        let rebase = |part: &mut Vec<BinNode>, base: u32| {
            for n in part.iter_mut().filter(|n| n.count == 0) {
                n.index += base;
            }
        };
        let base_l = (here + 1) as u32;
        let base_r = base_l + l.len() as u32;
        rebase(&mut l, base_l);
        rebase(&mut r, base_r);
        out[here].index = base_r;
        out.append(&mut l);
        out.append(&mut r);
        return;
    }
    crate::dispatch::fast(
        #[inline(always)]
        || build_sequential(prims, order, bounds, first, out),
    );
}

/// [`build_into`] on one thread: depth first with a stack of the subtrees still to build
/// (rather than recursion, so that the whole build is one function for
/// [`crate::dispatch::fast`]'s copies), nodes in pre-order (a node, its left subtree, its right
/// subtree), so the tree is the one a recursive build makes.
#[inline(always)]
fn build_sequential(
    prims: &mut [PrimBox],
    order: &mut [u32],
    bounds: &Bounds,
    first: usize,
    out: &mut Vec<BinNode>,
) {
    /// A subtree to build: `order[lo..hi]`, its boxes, and the node whose right child it is.
    struct Task {
        lo: usize,
        hi: usize,
        bounds: Bounds,
        right_of: Option<usize>,
    }
    let mut tasks = Vec::with_capacity(64);
    tasks.push(Task {
        lo: 0,
        hi: order.len(),
        bounds: *bounds,
        right_of: None,
    });
    while let Some(Task {
        lo,
        hi,
        bounds,
        right_of,
    }) = tasks.pop()
    {
        let here = out.len();
        if let Some(parent) = right_of {
            out[parent].index = here as u32;
        }
        out.push(BinNode::new(&bounds, (first + lo) as u32, (hi - lo) as u32));
        if hi - lo <= MAX_LEAF {
            continue;
        }
        let (mid, lb, rb) = split_node(&mut prims[lo..hi], &mut order[lo..hi], &bounds);
        // An inner node; its `index` (the right child) is set when that child is built.
        out[here].count = 0;
        tasks.push(Task {
            lo: lo + mid,
            hi,
            bounds: rb,
            right_of: Some(here),
        });
        tasks.push(Task {
            lo,
            hi: lo + mid,
            bounds: lb,
            right_of: None,
        });
    }
}

/// [`split`] with [`SMALL_BINS`] bins for nodes of at most [`SMALL`] triangles, [`BINS`] for
/// larger ones.
#[inline(always)]
fn split_node(
    prims: &mut [PrimBox],
    order: &mut [u32],
    bounds: &Bounds,
) -> (usize, Bounds, Bounds) {
    if order.len() <= SMALL {
        split::<SMALL_BINS>(prims, order, bounds)
    } else {
        split::<BINS>(prims, order, bounds)
    }
}

/// Partitions `order` and `prims` (more than [`MAX_LEAF`] triangles, boxes `bounds`) by the
/// best binned split and returns the size of the left part (between 1 and `len − 1`) and the
/// bounds of both parts. Leaves are made at [`MAX_LEAF`] triangles or fewer, the width of a leaf
/// test: letting the heuristic split such nodes further gave more nodes (more memory) and no
/// faster casts.
///
/// The three axes are binned in one pass and swept together, a lane per axis (the three axes'
/// box areas are one vector product); the bin is read off a float's bits ([`bin_index`]).
#[inline(always)]
fn split<const B: usize>(
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

#[cfg(all(test, feature = "rayon"))]
mod tests {
    use super::*;

    /// The parallel build gives the same tree and order as the sequential one, and so do the
    /// sequential build's two compiled copies.
    #[test]
    fn parallel_build_is_the_sequential_one() {
        let mut state = 0x9E37_79B9_7F4A_7C15_u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 40) as Real / (1u64 << 24) as Real
        };
        let n = 50_000;
        let mut prims = Vec::new();
        for _ in 0..n {
            let c = Vec3::new(next(), next(), next() * 0.1) * 100.0;
            let r = Vec3::new(next(), next(), next());
            prims.push(PrimBox::new(c - r, c + r));
        }
        let mut seq: Vec<u32> = (0..n).collect();
        let mut par = seq.clone();
        // The baseline copy of the sequential build, called directly (the two above go
        // through `dispatch::fast`, the x86-64-v3 copy where the processor has it).
        let mut direct_order = seq.clone();
        let mut direct = Vec::new();
        let mut direct_prims = prims.clone();
        let all = Bounds::of(&direct_prims);
        build_sequential(&mut direct_prims, &mut direct_order, &all, 0, &mut direct);
        let a = build_with(&mut prims.clone(), &mut seq, false);
        let b = build_with(&mut prims, &mut par, true);
        assert_eq!(seq, direct_order);
        assert_eq!(a.len(), direct.len());
        for (x, y) in a.iter().zip(&direct) {
            assert_eq!(
                (x.min, x.max, x.index, x.count),
                (y.min, y.max, y.index, y.count)
            );
        }
        assert_eq!(seq, par);
        assert_eq!(a.len(), b.len());
        for (x, y) in a.iter().zip(&b) {
            assert_eq!(
                (x.min, x.max, x.index, x.count),
                (y.min, y.max, y.index, y.count)
            );
        }
    }
}

#[cfg(test)]
mod bin_tests {
    use super::*;

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
