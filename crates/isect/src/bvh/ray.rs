//! Ray traversal: closest hit, any hit and all hits.
//!
//! The triangle test is the watertight one of [`crate::Triangle::raycast_barycentric`] (Woop,
//! Benthin and Wald 2013) with the ray's shear computed once per ray instead of once per
//! triangle: the same permutation, shear and edge functions (recomputed in `f64` when they round
//! to 0 in `f32`), so an edge's function depends only on its two corners and the ray and a ray
//! through a shared edge or vertex of a closed mesh hits one of the triangles there. A ray in a
//! triangle's plane (`det = 0`) goes to the triangle's own in-plane clipping. Triangles without
//! area are skipped.
//!
//! The box test is the slab test over a node's lanes with the far distance widened by a few ulp
//! (Ize, "Robust BVH Ray Traversal", 2013), so rounding never culls a box whose triangle the
//! exact test hits; a zero direction coordinate is handled without NaN (a ray parallel to a
//! slab is inside it exactly when its origin is).
//!
//! Speed: the box test has a separate copy for rays with no zero direction coordinate (no
//! per-axis parallel branch), and the leaf test is compiled once per axis permutation of the
//! ray (`with_permutation!`), so it swizzles without branching. The permutation and shear (a
//! [`Frame`]) are made when the traversal first reaches a leaf, not per ray: most short rays
//! reach none, and choosing the permutation is a branch random rays mispredict. The traversal
//! keeps the node it visits in hand and splits a node's lanes into leaves and inner nodes by a
//! mask, so that random rays mispredict fewer branches (ARCHITECTURE.md, "Traversal").

use alloc::vec::Vec;

use glam::Vec3Swizzles;

use crate::bvh::layout::{Bvh, LANES, Node, NodeRef, TriBlock, WIDTH};
use crate::bvh::stack::Stack;
use crate::math::{Real, SimdVec3, Vec3, Vec4};
use crate::query::TriangleHit;
use crate::query::raycast::triangle::{Sheared, Verdict, shear};
use crate::shape::{Ray, Triangle};

/// The factor by which the box test widens far distances (see [`PreRay::boxes`]).
pub(super) const WIDEN: Real = 1.0 + 8.0 * Real::EPSILON;

/// A ray prepared for traversal. (The default is no valid ray, a filler for arrays.)
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct PreRay {
    // The vectors are SIMD vectors in `f32` (`Vec3A`): the whole-tree box test and the ray's
    // set-up then need no shuffles (callgrind, a camera ray missing the mesh's box: 145 -> 112
    // instructions).
    pub origin: SimdVec3,
    pub dir: SimdVec3,
    /// `1 / dir` per axis (infinite where the direction is zero).
    pub(super) inv: SimdVec3,
    /// `inv` widened by a few ulp for the far planes, so rounding never makes a box's far
    /// distance fall short of its near one when the ray touches it (Ize, "Robust BVH Ray
    /// Traversal", 2013): with `(bound − origin)` and the product rounded too, the far
    /// distance still comes out above the exact one, and the near distance at most 3 ulp
    /// above its exact value.
    pub(super) inv_far: SimdVec3,
    /// Bit `axis`: the direction is negative there (the ray meets a box's max plane first).
    pub(super) negative: u32,
    /// Whether no direction coordinate is zero (the box test's fast path).
    pub(super) oblique: bool,
    /// Present when the processor has AVX: the box test then runs on eight-lane registers.
    #[cfg(all(target_arch = "x86_64", not(isect_f64)))]
    pub(super) v3: Option<crate::dispatch::V3>,
}

/// The watertight triangle test's frame for a ray: the axis permutation that makes the
/// largest direction coordinate `z` (swapping `x` and `y` when that flips the frame) and the
/// shear constants.
///
/// Made when a traversal first reaches a leaf rather than with the [`PreRay`]: choosing the
/// permutation branches on the direction, which random rays mispredict, and most short rays
/// reach no leaf (callgrind's branch simulation put 1.4 of a short random ray's 2.8
/// mispredictions here).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frame {
    z_is_x: bool,
    z_is_y: bool,
    flip: bool,
    sx: Real,
    sy: Real,
    sz: Real,
}

impl Frame {
    #[inline]
    pub(crate) fn new(ray: &PreRay) -> Self {
        let ad = ray.dir.abs();
        let (z_is_x, z_is_y) = (ad.x >= ad.y && ad.x >= ad.z, ad.y >= ad.z);
        let p = rotate(z_is_x, z_is_y, ray.dir3());
        let flip = p.z < 0.0;
        let p = if flip { p.yxz() } else { p };
        let sz = 1.0 / p.z;
        Self {
            z_is_x,
            z_is_y,
            flip,
            sx: p.x * sz,
            sy: p.y * sz,
            sz,
        }
    }

    #[inline(always)]
    fn permute(&self, v: Vec3) -> Vec3 {
        let r = rotate(self.z_is_x, self.z_is_y, v);
        if self.flip { r.yxz() } else { r }
    }

    /// The watertight test's edge functions and depth for a triangle (the one-triangle path;
    /// leaves use [`Bvh::leaf_lanes`]).
    #[inline(always)]
    pub(crate) fn shear(&self, ray: &PreRay, tri: &[Vec3; 3]) -> Sheared {
        let a = self.permute(tri[0] - ray.origin3());
        let b = self.permute(tri[1] - ray.origin3());
        let c = self.permute(tri[2] - ray.origin3());
        shear([a, b, c], self.sx, self.sy, self.sz)
    }
}

impl PreRay {
    /// The prepared ray; `None` for an invalid ray or `max_t` (non-finite origin or direction,
    /// zero direction, NaN or negative `max_t`).
    #[inline]
    #[allow(clippy::useless_conversion)] // `SimdVec3` is `Vec3` in f64
    pub(crate) fn new(ray: &Ray, max_t: Real) -> Option<Self> {
        let (o, d) = (SimdVec3::from(ray.origin), SimdVec3::from(ray.dir));
        // `0 x` is ±0 for finite `x` (NaN for infinities and NaN).
        let finite = (o * 0.0 + d * 0.0).cmpeq(SimdVec3::ZERO).all();
        if !finite || d.cmpeq(SimdVec3::ZERO).all() || !(max_t >= 0.0) {
            return None;
        }
        Some(Self {
            origin: o,
            dir: d,
            inv: d.recip(),
            inv_far: d.recip() * WIDEN,
            negative: d.cmplt(SimdVec3::ZERO).bitmask(),
            oblique: d.abs().cmpgt(SimdVec3::ZERO).all(),
            #[cfg(all(target_arch = "x86_64", not(isect_f64)))]
            v3: crate::dispatch::V3::get(),
        })
    }

    /// The same ray without the AVX box test ([`crate::dispatch::V3::slabs8`]): its nodes are
    /// tested as four-lane halves, as where the processor lacks AVX (for the test comparing the
    /// two).
    #[cfg(test)]
    pub(crate) fn without_v3(self) -> Self {
        Self {
            #[cfg(all(target_arch = "x86_64", not(isect_f64)))]
            v3: None,
            ..self
        }
    }

    /// The origin as a [`Vec3`].
    #[inline(always)]
    #[allow(clippy::useless_conversion)] // `SimdVec3` is `Vec3` in f64
    pub(crate) fn origin3(&self) -> Vec3 {
        self.origin.into()
    }

    /// The direction as a [`Vec3`].
    #[inline(always)]
    #[allow(clippy::useless_conversion)] // `SimdVec3` is `Vec3` in f64
    pub(crate) fn dir3(&self) -> Vec3 {
        self.dir.into()
    }

    /// Whether the ray may enter the box `[lo, hi]` within `[0, t_max]`: `false` only if
    /// [`PreRay::boxes`] would find that it enters no box inside `[lo, hi]`.
    ///
    /// The slab test of one box with the same operations as [`PreRay::boxes`]: the planes of
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
    /// it (see [`crate::dispatch::Planes`]).
    #[inline(always)]
    pub(crate) fn boxes<const COHERENT: bool>(
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
                let dir = self.dir.to_array();
                let planes = crate::dispatch::Planes::BySign {
                    bounds: &node.bounds,
                    dir,
                };
                return self.slabs8(v3, planes, t_max);
            }
            match self.negative {
                0 => self.slabs::<true, 0>(node, t_max),
                1 => self.slabs::<true, 1>(node, t_max),
                2 => self.slabs::<true, 2>(node, t_max),
                3 => self.slabs::<true, 3>(node, t_max),
                4 => self.slabs::<true, 4>(node, t_max),
                5 => self.slabs::<true, 5>(node, t_max),
                6 => self.slabs::<true, 6>(node, t_max),
                _ => self.slabs::<true, 7>(node, t_max),
            }
        } else {
            self.slabs::<false, ANY_OCTANT>(node, t_max)
        }
    }

    /// [`crate::dispatch::V3::slabs8`] of this ray for the planes `planes` within `[0, t_max]`
    /// (`t_max` widened as in [`PreRay::slabs`]).
    #[cfg(all(target_arch = "x86_64", not(isect_f64)))]
    #[inline(always)]
    fn slabs8(
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

    /// [`PreRay::boxes`] for a ray known (`OBLIQUE`) to have no zero direction coordinate, or
    /// not: with `OBLIQUE` the parallel-axis interval test and its `inside` mask compile away
    /// (the same answers, as no axis is parallel then). `OCTANT` is the ray's `negative` bits,
    /// or [`ANY_OCTANT`] to read them at run time.
    #[inline(always)]
    #[allow(clippy::needless_range_loop)] // `h` indexes the halves of four arrays in lockstep
    fn slabs<const OBLIQUE: bool, const OCTANT: u32>(
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
            return self.slabs8(v3, planes, t_max);
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

/// [`PreRay::slabs`]'s octant parameter for "the ray's own, read at run time".
const ANY_OCTANT: u32 = 8;

/// Lanes in a half of a node (the slab test runs on four lanes at a time).
pub(super) const HALVES: usize = LANES / 4;

/// Lanes `4h..4h + 4` of `a`.
#[inline(always)]
pub(super) fn quarter(a: &[Real; LANES], h: usize) -> Vec4 {
    Vec4::new(a[4 * h], a[4 * h + 1], a[4 * h + 2], a[4 * h + 3])
}

/// A slab test's answer from its halves: the mask of the lanes entered (`entered(h)` gives the
/// bits of half `h`) and the entry distances as one array.
#[inline(always)]
pub(super) fn lanes_entered(
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

#[inline(always)]
fn rotate(z_is_x: bool, z_is_y: bool, v: Vec3) -> Vec3 {
    if z_is_x {
        v.yzx()
    } else if z_is_y {
        v.zxy()
    } else {
        v
    }
}

/// A stack entry: an inner node and the ray's entry distance into its box (0 in unordered
/// traversals, which do not compare it).
#[derive(Clone, Copy)]
pub(super) struct Entry {
    pub index: u32,
    pub near: Real,
}

impl Entry {
    /// The child in `lane` of `node`, entered at `near[lane]`.
    #[inline(always)]
    fn new(node: &Node, near: &[Real; LANES], lane: usize) -> Self {
        Self {
            index: node.child[lane],
            near: near[lane],
        }
    }
}

pub(super) const NO_ENTRY: Entry = Entry {
    index: 0,
    near: 0.0,
};

/// Calls `visit` on the lanes in `lanes` by increasing entry distance `near` until it returns
/// `true` (then returns `true`). One lane, the common case, goes without the sort (measured: 5%
/// fewer instructions per camera ray).
#[inline(always)]
pub(super) fn visit_nearest_first(
    near: &[Real; LANES],
    lanes: u32,
    mut visit: impl FnMut(usize) -> bool,
) -> bool {
    if lanes & lanes.wrapping_sub(1) == 0 {
        return lanes != 0 && visit(lanes.trailing_zeros() as usize);
    }
    let (keys, n) = nearest_first(near, lanes);
    for &key in &keys[..n] {
        if visit(key as usize % LANES) {
            return true;
        }
    }
    false
}

/// Of the inner lanes `inner` of `node` (those the ray enters within its limit), the nearest, to
/// visit next; the others are pushed far to near, so that the nearer ones are popped first.
#[inline(always)]
pub(super) fn nearest_next(
    node: &Node,
    near: &[Real; LANES],
    inner: u32,
    stack: &mut Stack<Entry>,
) -> Option<Entry> {
    let entry = |lane: usize| Entry::new(node, near, lane);
    // `inner` without its lowest lane (`count_ones` is a dozen instructions without the
    // `popcnt` instruction, which the baseline x86-64 target lacks).
    let rest = inner & inner.wrapping_sub(1);
    if rest == 0 {
        (inner != 0).then(|| entry(inner.trailing_zeros() as usize % LANES))
    } else if rest & (rest - 1) == 0 {
        // Two lanes by one comparison (measured: 3% fewer instructions per camera ray than
        // the sort).
        let (a, b) = (
            inner.trailing_zeros() as usize % LANES,
            (31 - inner.leading_zeros()) as usize % LANES,
        );
        let (first, second) = if near[b] < near[a] { (b, a) } else { (a, b) };
        stack.push(entry(second));
        Some(entry(first))
    } else {
        // Three or more lanes, the far ones pushed one by one (measured against writing all
        // seven and counting the kept ones: 591 -> 573 instructions per camera ray).
        let (keys, n) = nearest_first(near, inner);
        for &key in keys[1..n].iter().rev() {
            stack.push(entry(key as usize % LANES));
        }
        Some(entry(keys[0] as usize % LANES))
    }
}

/// The lanes whose entry distance `near` is at most `t_max`, as a bit mask (four lanes to a
/// comparison: measured 186 of a camera ray's 2470 instructions lane by lane).
#[inline(always)]
pub(super) fn lanes_within(near: &[Real; LANES], t_max: Real) -> u32 {
    let t_max = Vec4::splat(t_max);
    let mut mask = 0;
    for h in 0..HALVES {
        mask |= quarter(near, h).cmple(t_max).bitmask() << (4 * h);
    }
    mask
}

/// The `n` lanes in `lanes` by increasing entry distance (ties by lane), as `(keys, n)` with
/// the order in `keys[..n]`: an insertion sort, whose branches the coherent rays of a camera
/// predict well (a branch-free sorting network measured no faster on incoherent rays and slower
/// on camera rays).
#[inline(always)]
fn nearest_first(near: &[Real; LANES], lanes: u32) -> ([u32; LANES], usize) {
    let mut k = [0; LANES];
    let mut n = 0;
    // Over the set bits rather than a test per lane, whose branches random rays mispredict
    // (callgrind's branch simulation, mispredictions per ray: soup incoherent 47.6 -> 39.8,
    // sphere incoherent 11.7 -> 10.3, sphere camera 3.24 -> 2.82; instructions 0-3% more).
    let mut rest = lanes;
    while rest != 0 {
        let lane = rest.trailing_zeros() as usize % LANES;
        rest &= rest - 1;
        let mut j = n;
        while j > 0 && near[k[j - 1] as usize % LANES] > near[lane] {
            k[j] = k[j - 1];
            j -= 1;
        }
        k[j] = lane as u32;
        n += 1;
    }
    (k, n)
}

/// The watertight test's values for the four lanes of a leaf (see [`Sheared`]).
#[derive(Clone, Copy, Debug)]
struct Lanes {
    u: Vec4,
    v: Vec4,
    w: Vec4,
    t: Vec4,
    det: Vec4,
}

impl Lanes {
    /// The values of `lane`. Read from the vectors as arrays: indexing the vectors themselves
    /// compiled to a jump over the lane with every lane of all five vectors broadcast before it
    /// (callgrind, the 10k sphere's 512x512 camera rays that hit it: 1771 -> 1747 instructions
    /// per ray on the baseline copy, 1557 -> 1532 on the x86-64-v3 one).
    #[inline(always)]
    fn get(&self, lane: usize) -> Sheared {
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

/// The closest hit found so far, in leaf order.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LeafHit {
    /// The triangle's slot in the [`Bvh`].
    pub slot: u32,
    pub hit: TriangleHit,
}

impl Bvh {
    /// Visits the subtrees whose boxes the ray enters within `limit()` (nearest box first with
    /// `ORDERED`) and calls `leaf(first, count)` for every leaf reached; stops when `leaf`
    /// returns `true`.
    ///
    /// The node being visited is kept in hand rather than pushed and popped: of a node's inner
    /// children the next one visited (the nearest, or without `ORDERED` the last lane) is taken
    /// at once and only the others go onto the stack, which is made only once the ray has
    /// entered one of the root's boxes. The visiting order is that of a plain stack.
    #[inline(always)]
    fn traverse<const ORDERED: bool>(
        &self,
        ray: &PreRay,
        limit: impl FnMut() -> Real,
        leaf: impl FnMut(u32, u32) -> bool,
    ) {
        self.traverse_from::<ORDERED>(ray, self.root, limit, leaf);
    }

    /// [`Bvh::traverse`] of the subtree `start` (a leaf or an inner node).
    #[inline(always)]
    #[allow(clippy::needless_range_loop)] // `lane` indexes the node's lane arrays in lockstep
    fn traverse_from<const ORDERED: bool>(
        &self,
        ray: &PreRay,
        start: NodeRef,
        mut limit: impl FnMut() -> Real,
        mut leaf: impl FnMut(u32, u32) -> bool,
    ) {
        if start.count > 0 {
            if limit() >= 0.0 {
                leaf(start.index, u32::from(start.count));
            }
            return;
        }
        let mut node = &self.nodes[start.index as usize];
        let (mut mask, mut near) = ray.boxes::<ORDERED>(node, limit());
        if mask == 0 {
            return;
        }
        let mut stack = Stack::new(NO_ENTRY);
        loop {
            let leaves = mask & u32::from(node.leaf_mask);
            let inner = mask & !leaves;
            // Every child entered starts loading before any is visited (large hierarchies
            // only, see `PREFETCH_FROM`; not for a lone child, which is visited at once). Kept
            // in the loop: as a method of its own it cost 0.5-1% more instructions per ray.
            let mut rest = if self.prefetch && mask & mask.wrapping_sub(1) != 0 {
                mask
            } else {
                0
            };
            while rest != 0 {
                let lane = rest.trailing_zeros() as usize % LANES;
                rest &= rest - 1;
                let child = node.child[lane] as usize;
                if leaves & (1 << lane) != 0 {
                    if let Some(b) = self.blocks.get(child / WIDTH) {
                        crate::dispatch::prefetch(b);
                    }
                } else if let Some(n) = self.nodes.get(child) {
                    crate::dispatch::prefetch(n);
                }
            }
            let mut next = None;
            if !ORDERED {
                // Leaves at once; of the inner lanes the last is next, the others are pushed.
                let mut rest = leaves;
                while rest != 0 {
                    let lane = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    if leaf(node.child[lane], u32::from(node.count[lane])) {
                        return;
                    }
                }
                // The entries carry no distance: the limit does not change, and the box test
                // already kept only lanes entered within it (widened), so the entry distances
                // are neither stored nor compared again.
                let entry = |lane: usize| Entry {
                    index: node.child[lane],
                    near: 0.0,
                };
                if inner != 0 {
                    let last = (31 - inner.leading_zeros()) as usize % LANES;
                    let mut others = inner & !(1 << last);
                    while others != 0 {
                        stack.push(entry(others.trailing_zeros() as usize % LANES));
                        others &= others - 1;
                    }
                    next = Some(entry(last));
                }
            } else {
                // Leaves at once, nearest first (shrinking the limit), then the nearest inner
                // lane still within the limit.
                let stop = visit_nearest_first(
                    &near,
                    leaves,
                    #[inline(always)]
                    |lane| {
                        near[lane] <= limit() && leaf(node.child[lane], u32::from(node.count[lane]))
                    },
                );
                if stop {
                    return;
                }
                // The box test kept only lanes entered within the limit it was given (widened a
                // few ulp); only a leaf's hit can have lowered the limit since.
                let inner = if leaves != 0 {
                    inner & lanes_within(&near, limit())
                } else {
                    inner
                };
                next = nearest_next(node, &near, inner, &mut stack);
            }
            let index = match next {
                Some(e) => e.index,
                None => loop {
                    let Some(e) = stack.pop() else { return };
                    if !ORDERED || e.near <= limit() {
                        break e.index;
                    }
                },
            };
            node = &self.nodes[index as usize];
            (mask, near) = ray.boxes::<ORDERED>(node, limit());
        }
    }

    /// The watertight test of the triangle in `slot` within `[0, hi]`.
    #[inline(always)]
    fn test(&self, ray: &PreRay, frame: &Frame, slot: usize, hi: Real) -> Option<TriangleHit> {
        let s = frame.shear(ray, &self.tri(slot as u32));
        self.accept(ray, slot, s, hi)
    }

    /// The hit of the triangle in `slot` within `[0, hi]` from its sheared values `s`.
    #[inline(always)]
    fn accept(&self, ray: &PreRay, slot: usize, s: Sheared, hi: Real) -> Option<TriangleHit> {
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
    fn leaf_lanes(
        &self,
        ray: &PreRay,
        frame: &Frame,
        permute: impl Fn(Vec3) -> Vec3,
        first: u32,
        count: u32,
    ) -> (u32, Lanes) {
        let block: &TriBlock = &self.blocks[first as usize / WIDTH];
        // The permutation as axis indices (constants once `permute` is inlined).
        let k = permute(Vec3::new(0.0, 1.0, 2.0));
        let (kx, ky, kz) = (k.x as usize % 3, k.y as usize % 3, k.z as usize % 3);
        let o = permute(ray.origin3());
        let (ox, oy, oz) = (Vec4::splat(o.x), Vec4::splat(o.y), Vec4::splat(o.z));
        let (sx, sy) = (Vec4::splat(frame.sx), Vec4::splat(frame.sy));
        // Sheared x, y and depth z of each corner (a macro rather than a closure, which the
        // compiler may keep out of line, outside `dispatch::fast`'s copies).
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
        (mask & ((1 << count) - 1), Lanes { u, v, w, t, det })
    }

    /// [`Bvh::leaf_lanes`] for the leaf at slot `first` with the ray's frame, made by the
    /// first leaf a traversal reaches.
    #[inline(always)]
    fn leaf(
        &self,
        ray: &PreRay,
        frame: &mut Option<Frame>,
        first: u32,
        count: u32,
    ) -> (u32, Lanes) {
        let frame = *frame.get_or_insert_with(|| Frame::new(ray));
        with_permutation!(&frame, |permute| self
            .leaf_lanes(ray, &frame, permute, first, count))
    }

    /// The closest hit within `[0, max_t]`. Among hits at the same `t` the one whose front
    /// faces the ray wins, then the lower mesh triangle index.
    ///
    /// Inlined up to the test of the whole tree's box, so a ray that misses the mesh's box
    /// returns without the traversal's call and frame.
    #[inline(always)]
    pub(crate) fn closest(&self, ray: &PreRay, max_t: Real) -> Option<LeafHit> {
        if !ray.may_enter(self.whole, max_t) {
            return None;
        }
        // Past the box, one of the traversal's two compiled copies.
        crate::dispatch::fast(
            #[inline(always)]
            || self.closest_walk(ray, max_t),
        )
    }

    /// [`Bvh::closest`] compiled into its caller (no [`crate::dispatch::fast`]): for callers
    /// that are themselves in one of the copies, and for the test that compares the copies.
    #[inline(always)]
    pub(super) fn closest_inline(&self, ray: &PreRay, max_t: Real) -> Option<LeafHit> {
        if !ray.may_enter(self.whole, max_t) {
            return None;
        }
        self.closest_walk(ray, max_t)
    }

    /// [`Bvh::closest`] past the whole tree's box, inlined into its caller.
    #[inline(always)]
    fn closest_walk(&self, ray: &PreRay, max_t: Real) -> Option<LeafHit> {
        let mut best = None;
        self.closest_from(ray, self.root, &mut None, &mut best, max_t);
        best
    }

    /// [`Bvh::closest`] within the subtree `start`, for a ray whose closest hit so far is
    /// `best` at `hi` (and frame `frame`); returns the new `hi`.
    #[inline(always)]
    pub(super) fn closest_from(
        &self,
        ray: &PreRay,
        start: NodeRef,
        frame: &mut Option<Frame>,
        best: &mut Option<LeafHit>,
        hi: Real,
    ) -> Real {
        let best_t = core::cell::Cell::new(hi);
        self.traverse_from::<true>(
            ray,
            start,
            || best_t.get(),
            // Inlined so that it is compiled into `dispatch::fast`'s copies (before there were
            // copies, inlining it measured 545 -> 561 instructions per camera ray).
            #[inline(always)]
            |first, count| {
                best_t.set(self.closest_in_leaf(ray, frame, best, best_t.get(), first, count));
                false
            },
        );
        best_t.get()
    }

    /// Tests the leaf at slot `first` for a hit within `[0, hi]` that beats `best` (by the
    /// rule of [`Bvh::closest`]), updating `best`; returns the new `hi` (the best hit's `t`).
    #[inline(always)]
    pub(super) fn closest_in_leaf(
        &self,
        ray: &PreRay,
        frame: &mut Option<Frame>,
        best: &mut Option<LeafHit>,
        mut hi: Real,
        first: u32,
        count: u32,
    ) -> Real {
        let (mut mask, lanes) = self.leaf(ray, frame, first, count);
        // Lane by lane in slot order, each against the range left by the ones before.
        while mask != 0 {
            let lane = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            let slot = first as usize + lane;
            let Some(hit) = self.accept(ray, slot, lanes.get(lane), hi) else {
                continue;
            };
            let better = match *best {
                None => true,
                Some(b) => {
                    hit.t < b.hit.t || hit.t == b.hit.t && self.wins_tie(ray, slot as u32, b.slot)
                }
            };
            if better {
                hi = hit.t;
                *best = Some(LeafHit {
                    slot: slot as u32,
                    hit,
                });
            }
        }
        hi
    }

    /// Whether the triangle in `slot` beats the one in `other`, hit at the same `t`: the one
    /// whose front faces the ray wins, then the lower mesh triangle index. (Out of line: ties
    /// are rare, and the facing is asked for only here and of the final hit, not of every
    /// candidate: measured 51 instructions per candidate.)
    #[cold]
    #[inline(never)]
    fn wins_tie(&self, ray: &PreRay, slot: u32, other: u32) -> bool {
        let (front, other_front) = (self.faces(ray, slot), self.faces(ray, other));
        front && !other_front
            || front == other_front && self.order[slot as usize] < self.order[other as usize]
    }

    /// Whether the front (counter-clockwise) side of the triangle in `slot` faces the ray (a
    /// ray in its plane counts as facing it).
    #[inline]
    pub(crate) fn faces(&self, ray: &PreRay, slot: u32) -> bool {
        let [a, b, c] = self.tri(slot);
        !(Triangle::new(a, b, c).scaled_normal().dot(ray.dir3()) > 0.0)
    }

    /// Whether any triangle is hit within `[0, max_t]`; stops at the first one found.
    ///
    /// Without [`PreRay::may_enter`]'s test of the whole tree's box: any-hit rays (shadow
    /// rays, short probes) mostly start inside the mesh's box, where it cannot cull. Measured
    /// when it was added: sphere short rays 410 -> 417 instructions per ray with it; after the
    /// cheaper SIMD set-up, 370 -> 361 with it, and the shadow and short rays' times on the
    /// 100k sphere and terrain within the noise of an A/B run, so it stays out.
    #[inline(always)]
    pub(crate) fn any(&self, ray: &PreRay, max_t: Real) -> bool {
        crate::dispatch::fast(
            #[inline(always)]
            || self.any_walk(ray, max_t),
        )
    }

    /// [`Bvh::any`] inlined into its caller.
    #[inline(always)]
    pub(super) fn any_walk(&self, ray: &PreRay, max_t: Real) -> bool {
        let mut found = false;
        let mut frame = None;
        self.traverse::<false>(
            ray,
            || max_t,
            #[inline(always)]
            |first, count| {
                let (mut mask, lanes) = self.leaf(ray, &mut frame, first, count);
                while mask != 0 {
                    let lane = mask.trailing_zeros() as usize;
                    mask &= mask - 1;
                    let slot = first as usize + lane;
                    if self.accept(ray, slot, lanes.get(lane), max_t).is_some() {
                        found = true;
                        return true;
                    }
                }
                false
            },
        );
        found
    }

    /// Every hit within `[0, max_t]`, in no particular order.
    pub(crate) fn all(&self, ray: &PreRay, max_t: Real, out: &mut Vec<(u32, TriangleHit)>) {
        crate::dispatch::fast(
            #[inline(always)]
            || self.all_walk(ray, max_t, out),
        );
    }

    /// [`Bvh::all`] inlined into its caller.
    #[inline(always)]
    pub(super) fn all_walk(&self, ray: &PreRay, max_t: Real, out: &mut Vec<(u32, TriangleHit)>) {
        if !ray.may_enter(self.whole, max_t) {
            return;
        }
        let frame = Frame::new(ray);
        self.traverse::<false>(
            ray,
            || max_t,
            #[inline(always)]
            |first, count| {
                for slot in first as usize..(first + count) as usize {
                    if let Some(hit) = self.test(ray, &frame, slot, max_t) {
                        out.push((slot as u32, hit));
                    }
                }
                false
            },
        );
    }
}

/// A ray parallel to the triangle's plane: the triangle's own cast (clipping in the plane).
#[cold]
fn in_plane(tri: &[Vec3; 3], ray: &PreRay, hi: Real) -> Option<TriangleHit> {
    Triangle::new(tri[0], tri[1], tri[2])
        .raycast_barycentric(&Ray::new(ray.origin3(), ray.dir3()), hi)
}

/// What a crossing count along one ray found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Crossings {
    /// A triangle passes through the origin.
    OnSurface,
    /// The ray passes through an edge, a vertex or a triangle's plane: ask another ray.
    Ambiguous,
    /// Exits minus entries (the crossings where the triangle's front faces along the ray, minus
    /// those where it faces against it).
    Count(i64),
}

impl Bvh {
    /// The signed crossing count of the whole ray (`t >= 0`).
    pub(crate) fn crossings(&self, ray: &PreRay) -> Crossings {
        crate::dispatch::fast(
            #[inline(always)]
            || self.crossings_walk(ray),
        )
    }

    /// [`Bvh::crossings`] inlined into its caller.
    #[inline(always)]
    pub(super) fn crossings_walk(&self, ray: &PreRay) -> Crossings {
        let mut count: i64 = 0;
        let mut verdict = None;
        let frame = Frame::new(ray);
        self.traverse::<false>(
            ray,
            || Real::INFINITY,
            #[inline(always)]
            |first, count_in_leaf| {
                for slot in first as usize..(first + count_in_leaf) as usize {
                    if self.degenerate[slot] {
                        continue;
                    }
                    let tri = self.tri(slot as u32);
                    let s = frame.shear(ray, &tri);
                    match s.verdict(0.0, Real::INFINITY, false, ray.dir3(), || tri) {
                        Verdict::Miss => continue,
                        // In the plane (or along it within rounding, with a crossing): no
                        // reliable crossing where the ray meets the triangle there.
                        Verdict::InPlane => {
                            if s.det != 0.0 || in_plane(&tri, ray, Real::INFINITY).is_some() {
                                verdict = Some(Crossings::Ambiguous);
                                return true;
                            }
                            continue;
                        }
                        Verdict::Crossing => {}
                    }
                    if s.t == 0.0 {
                        verdict = Some(Crossings::OnSurface);
                        return true;
                    }
                    if s.u == 0.0 || s.v == 0.0 || s.w == 0.0 {
                        verdict = Some(Crossings::Ambiguous);
                        return true;
                    }
                    // det > 0: the corners run counter-clockwise seen from the ray's origin, the
                    // front faces against the ray (an entry).
                    count += if s.det > 0.0 { -1 } else { 1 };
                }
                false
            },
        );
        verdict.unwrap_or(Crossings::Count(count))
    }
}
