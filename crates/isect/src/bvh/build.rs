//! A binary BVH by the binned surface area heuristic (Wald, "On fast Construction of SAH-based
//! Bounding Volume Hierarchies", 2007): at each node the triangles' box centres are sorted into
//! [`BINS`] bins along each axis and the cheapest of the `3 (BINS − 1)` planes between bins is
//! taken. Nodes of at most [`MAX_LEAF`] triangles become leaves, and triangles whose centres
//! coincide are split in the middle of the list, so every split makes progress.
//!
//! The nodes come out in depth-first pre-order (a node, its left subtree, its right subtree).
//! With the `rayon` feature large subtrees are built in parallel into their own arrays and
//! concatenated in that same order, so the tree is identical to the sequential one.

use alloc::vec::Vec;

use crate::math::{Real, Vec3};

/// Bins per axis.
const BINS: usize = 16;
/// The most triangles in a leaf (the width of a leaf test).
pub(crate) const MAX_LEAF: usize = 4;
/// Below this many triangles a subtree is built on the current thread.
#[cfg(feature = "rayon")]
const PARALLEL_MIN: usize = 4096;

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

/// Per-triangle input: its box and the box's centre.
pub(crate) struct Prims<'a> {
    pub min: &'a [Vec3],
    pub max: &'a [Vec3],
    pub centre: &'a [Vec3],
}

/// Half the surface area of a box (the heuristic only compares areas).
#[inline]
fn half_area(min: Vec3, max: Vec3) -> Real {
    let d = (max - min).max(Vec3::ZERO);
    d.x * d.y + d.y * d.z + d.z * d.x
}

/// The binary tree over `order` (triangle indices, reordered in place into leaf order).
pub(crate) fn build(prims: &Prims<'_>, order: &mut [u32]) -> Vec<BinNode> {
    build_with(prims, order, cfg!(feature = "rayon"))
}

/// [`build`], in parallel when `parallel` (and the `rayon` feature is on).
pub(crate) fn build_with(prims: &Prims<'_>, order: &mut [u32], parallel: bool) -> Vec<BinNode> {
    let mut out = Vec::with_capacity(2 * order.len() / MAX_LEAF + 1);
    build_into(prims, order, 0, &mut out, parallel);
    out
}

/// Builds the subtree of `order` (which starts at `first` in the whole order) at the end of
/// `out`, with absolute node indices.
#[cfg_attr(not(feature = "rayon"), allow(clippy::only_used_in_recursion))]
fn build_into(
    prims: &Prims<'_>,
    order: &mut [u32],
    first: usize,
    out: &mut Vec<BinNode>,
    parallel: bool,
) {
    let (min, max, cmin, cmax) = bounds(prims, order);
    let here = out.len();
    out.push(BinNode {
        min,
        max,
        index: first as u32,
        count: order.len() as u32,
    });
    if order.len() <= MAX_LEAF {
        return;
    }
    let Some(mid) = split(prims, order, cmin, cmax) else {
        return;
    };
    let (left, right) = order.split_at_mut(mid);
    #[cfg(feature = "rayon")]
    if parallel && left.len() + right.len() >= PARALLEL_MIN {
        let (mut l, mut r) = rayon::join(
            || {
                let mut v = Vec::new();
                build_into(prims, left, first, &mut v, true);
                v
            },
            || {
                let mut v = Vec::new();
                build_into(prims, right, first + mid, &mut v, true);
                v
            },
        );
        let base_l = (here + 1) as u32;
        let base_r = base_l + l.len() as u32;
        for n in &mut l {
            if n.count == 0 {
                n.index += base_l;
            }
        }
        for n in &mut r {
            if n.count == 0 {
                n.index += base_r;
            }
        }
        out[here].count = 0;
        out[here].index = base_r;
        out.append(&mut l);
        out.append(&mut r);
        return;
    }
    build_into(prims, left, first, out, parallel);
    let right_index = out.len() as u32;
    build_into(prims, right, first + mid, out, parallel);
    out[here].count = 0;
    out[here].index = right_index;
}

/// The box of the triangles and the box of their centres.
fn bounds(prims: &Prims<'_>, order: &[u32]) -> (Vec3, Vec3, Vec3, Vec3) {
    let mut min = Vec3::INFINITY;
    let mut max = Vec3::NEG_INFINITY;
    let mut cmin = Vec3::INFINITY;
    let mut cmax = Vec3::NEG_INFINITY;
    for &i in order {
        let i = i as usize;
        min = min.min(prims.min[i]);
        max = max.max(prims.max[i]);
        cmin = cmin.min(prims.centre[i]);
        cmax = cmax.max(prims.centre[i]);
    }
    (min, max, cmin, cmax)
}

/// Partitions `order` (more than [`MAX_LEAF`] triangles) by the best binned split and returns
/// the size of the left part (between 1 and `len − 1`). Leaves are made at [`MAX_LEAF`]
/// triangles or fewer, the width of a leaf test: measured, letting the heuristic split such
/// nodes further gave more nodes (more memory) and no faster casts.
fn split(prims: &Prims<'_>, order: &mut [u32], cmin: Vec3, cmax: Vec3) -> Option<usize> {
    #[derive(Clone, Copy)]
    struct Bin {
        min: Vec3,
        max: Vec3,
        count: u32,
    }
    const EMPTY: Bin = Bin {
        min: Vec3::INFINITY,
        max: Vec3::NEG_INFINITY,
        count: 0,
    };
    let extent = cmax - cmin;
    // One pass bins the triangles along the three axes at once.
    let scale = Vec3::splat(BINS as Real) / extent;
    let mut bins = [[EMPTY; BINS]; 3];
    for &i in order.iter() {
        let i = i as usize;
        let (lo, hi, c) = (prims.min[i], prims.max[i], prims.centre[i]);
        for axis in 0..3 {
            if extent[axis] > 0.0 {
                let bin = &mut bins[axis][bin_of(c[axis], cmin[axis], scale[axis])];
                bin.min = bin.min.min(lo);
                bin.max = bin.max.max(hi);
                bin.count += 1;
            }
        }
    }
    let mut best: Option<(Real, usize, usize)> = None; // (cost, axis, bins on the left)
    for (axis, bins) in bins.iter().enumerate() {
        if !(extent[axis] > 0.0) {
            continue;
        }
        // Sweep from the right to get the right-hand areas, then from the left.
        let mut right_area = [0.0; BINS];
        let mut right_count = [0u32; BINS];
        let mut acc = EMPTY;
        for b in (1..BINS).rev() {
            acc.min = acc.min.min(bins[b].min);
            acc.max = acc.max.max(bins[b].max);
            acc.count += bins[b].count;
            right_area[b] = half_area(acc.min, acc.max);
            right_count[b] = acc.count;
        }
        let mut acc = EMPTY;
        for b in 1..BINS {
            acc.min = acc.min.min(bins[b - 1].min);
            acc.max = acc.max.max(bins[b - 1].max);
            acc.count += bins[b - 1].count;
            if acc.count == 0 || right_count[b] == 0 {
                continue;
            }
            let cost = half_area(acc.min, acc.max) * acc.count as Real
                + right_area[b] * right_count[b] as Real;
            if best.is_none_or(|(c, _, _)| cost < c) {
                best = Some((cost, axis, b));
            }
        }
    }
    let Some((_, axis, left_bins)) = best else {
        // Every centre in one place: halve the list.
        return Some(order.len() / 2);
    };
    let scale = scale[axis];
    let mut mid = 0;
    for k in 0..order.len() {
        let i = order[k] as usize;
        if bin_of(prims.centre[i][axis], cmin[axis], scale) < left_bins {
            order.swap(k, mid);
            mid += 1;
        }
    }
    debug_assert!(mid > 0 && mid < order.len());
    Some(mid)
}

/// The bin of a centre coordinate.
#[inline]
fn bin_of(c: Real, lo: Real, scale: Real) -> usize {
    // `as usize` saturates (and maps NaN to 0); the clamp keeps the top edge in the last bin.
    (((c - lo) * scale) as usize).min(BINS - 1)
}

#[cfg(all(test, feature = "rayon"))]
mod tests {
    use super::*;

    /// The parallel build gives the same tree and order as the sequential one.
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
        let (mut min, mut max, mut centre) = (Vec::new(), Vec::new(), Vec::new());
        for _ in 0..n {
            let c = Vec3::new(next(), next(), next() * 0.1) * 100.0;
            let r = Vec3::new(next(), next(), next());
            min.push(c - r);
            max.push(c + r);
            centre.push(c);
        }
        let prims = Prims {
            min: &min,
            max: &max,
            centre: &centre,
        };
        let mut seq: Vec<u32> = (0..n).collect();
        let mut par = seq.clone();
        let a = build_with(&prims, &mut seq, false);
        let b = build_with(&prims, &mut par, true);
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
