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

use crate::math::{Vec3, simd, unsimd};

mod split;

use split::split;

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

#[cfg(all(test, feature = "rayon"))]
mod tests {
    use super::*;
    use crate::math::Real;

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
