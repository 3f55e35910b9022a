//! Ray packets: the closest hits of up to [`PACKET`] coherent rays (a camera's neighbouring
//! pixels) found in one traversal.
//!
//! Inner nodes are tested once for the whole packet by an *interval* slab test: the slab test
//! evaluated over the packet's box of origins and its range of inverse directions per axis
//! (all rays pointing into the same octant), which gives a lower bound of every ray's entry
//! distance and an upper bound of every ray's exit distance. Rounding is monotone, so the
//! bounds hold for each ray's rounded distances too, and the packet enters every box one of its
//! rays enters. A leaf the packet enters (nearest first by that lower bound) has its box tested
//! against all rays at once, four to a vector, with the single-ray slab test's operations for
//! each ray (the same bits); each ray that enters it within its own closest hit so far runs the
//! single-ray leaf test ([`Bvh::closest_in_leaf`]). A packet that enters more than half of a
//! node's lanes is wide for that subtree (its triangles are small against the packet's
//! footprint) and finishes it ray by ray ([`Bvh::closest_in_subtree`]).
//!
//! So each ray finds the hit [`Bvh::closest`] finds, with one exception: the order in which
//! the leaves are reached differs, and of two hits within rounding of each other (a ray exactly
//! through an edge or vertex shared by triangles, or a pair of coincident triangles), which
//! one is reported can depend on that order.
//!
//! A packet whose rays do not all point into one octant, or have a zero direction coordinate,
//! is traced ray by ray.

use crate::bvh::layout::{Bvh, LANES, Node, NodeRef};
use crate::bvh::ray::{
    Frame, HALVES, LeafHit, NO_ENTRY, PreRay, WIDEN, lanes_entered, lanes_within, nearest_next,
    quarter, visit_nearest_first,
};
use crate::bvh::stack::Stack;
use crate::math::{Real, SimdVec3, Vec3, Vec4};

/// The most rays traced together: a strip of one row of a camera's pixels; 8 and 32 were each
/// slower on some of the bench's meshes (docs/performance.md, "Ray packets").
pub(crate) const PACKET: usize = 16;

/// A packet entering more lanes of a node than this (half of them) goes on ray by ray in that
/// subtree.
const SPLIT: u32 = LANES as u32 / 2;

/// The interval form of a packet's rays for the slab test.
#[derive(Clone, Copy, Debug)]
struct Interval {
    /// Per axis, the origin coordinate giving the smallest `(near plane − origin)`: the
    /// packet's largest where the direction is positive, its smallest where negative.
    near_origin: Vec3,
    /// Per axis, the origin coordinate giving the largest `(far plane − origin)`.
    far_origin: Vec3,
    /// The range of the rays' `inv` (all of one sign per axis).
    inv_lo: Vec3,
    inv_hi: Vec3,
    /// The range of the rays' widened `inv_far`.
    far_lo: Vec3,
    far_hi: Vec3,
    /// The rays' common sign bits.
    negative: u32,
}

impl Interval {
    /// The interval of the packet's rays `soa`; `None` if they do not all point into one
    /// octant or one has a zero direction coordinate.
    fn new(rays: &[PreRay], soa: &Rays) -> Option<Self> {
        let first = rays.first()?;
        if rays
            .iter()
            .any(|ray| !ray.oblique || ray.negative != first.negative)
        {
            return None;
        }
        // Per axis, the smallest and largest of the rays' values. Fillers repeat the first ray
        // (`Rays::new`), so they change neither.
        let range = |v: &[[Vec4; QUARTERS]; 3]| {
            let lo = v.map(|q| q.iter().fold(q[0], |a, &x| a.min(x)).min_element());
            let hi = v.map(|q| q.iter().fold(q[0], |a, &x| a.max(x)).max_element());
            (Vec3::from_array(lo), Vec3::from_array(hi))
        };
        let (lo, hi) = range(&soa.origin);
        let (inv_lo, inv_hi) = range(&soa.inv);
        let (far_lo, far_hi) = range(&soa.inv_far);
        let bit = |axis: u32| first.negative >> axis & 1 != 0;
        let negative = glam::BVec3::new(bit(0), bit(1), bit(2));
        Some(Self {
            near_origin: Vec3::select(negative, lo, hi),
            far_origin: Vec3::select(negative, hi, lo),
            inv_lo,
            inv_hi,
            far_lo,
            far_hi,
            negative: first.negative,
        })
    }

    /// The lanes of `node` that some ray of the packet may enter within `[0, t_max]`, and a
    /// lower bound of the rays' entry distances.
    ///
    /// Per axis and lane, with `x = near plane − near_origin` (at most every ray's rounded
    /// `near plane − origin`), the smallest of the rays' products `x · inv` is `x · inv_lo`
    /// for `x ≥ 0` and `x · inv_hi` for `x < 0`, whatever the sign of `inv`; the largest far
    /// product likewise. Empty lanes (min +inf, max −inf) give an infinite entry or a
    /// negative infinite exit, so they are rejected.
    #[inline(always)]
    fn node_slabs(&self, node: &Node, t_max: Real) -> (u32, [Real; LANES]) {
        let mut near = [Vec4::ZERO; HALVES];
        let mut far = [Vec4::splat(t_max * WIDEN); HALVES];
        for axis in 0..3 {
            let side = (self.negative >> axis & 1) as usize;
            let (on, of) = (
                Vec4::splat(self.near_origin[axis]),
                Vec4::splat(self.far_origin[axis]),
            );
            let (il, ih) = (
                Vec4::splat(self.inv_lo[axis]),
                Vec4::splat(self.inv_hi[axis]),
            );
            let (fl, fh) = (
                Vec4::splat(self.far_lo[axis]),
                Vec4::splat(self.far_hi[axis]),
            );
            for h in 0..HALVES {
                let x = quarter(&node.bounds[side][axis], h) - on;
                near[h] = (x * Vec4::select(x.cmpge(Vec4::ZERO), il, ih)).max(near[h]);
                let y = quarter(&node.bounds[side ^ 1][axis], h) - of;
                far[h] = (y * Vec4::select(y.cmpge(Vec4::ZERO), fh, fl)).min(far[h]);
            }
        }
        lanes_entered(&near, |h| near[h].cmple(far[h]).bitmask())
    }
}

/// A packet's rays as structure of arrays, four rays to a vector, for testing one box against
/// all of them.
#[derive(Clone, Copy, Debug)]
struct Rays {
    origin: [[Vec4; QUARTERS]; 3],
    inv: [[Vec4; QUARTERS]; 3],
    inv_far: [[Vec4; QUARTERS]; 3],
    /// Bit `r`: ray `r` is one of the packet's (not a filler).
    present: u32,
}

/// Four-ray vectors in a packet.
const QUARTERS: usize = PACKET / 4;

impl Rays {
    /// The rays; slots past the last ray repeat the first one (not `present`).
    #[inline]
    fn new(rays: &[PreRay]) -> Self {
        /// Four rays' vectors as one vector per axis.
        #[inline(always)]
        fn transpose([a, b, c, d]: [SimdVec3; 4]) -> [Vec4; 3] {
            [
                Vec4::new(a.x, b.x, c.x, d.x),
                Vec4::new(a.y, b.y, c.y, d.y),
                Vec4::new(a.z, b.z, c.z, d.z),
            ]
        }
        let filler = rays.first().copied().unwrap_or_default();
        let mut soa = Self {
            origin: [[Vec4::ZERO; QUARTERS]; 3],
            inv: [[Vec4::ZERO; QUARTERS]; 3],
            inv_far: [[Vec4::ZERO; QUARTERS]; 3],
            present: (1 << rays.len()) - 1,
        };
        for q in 0..QUARTERS {
            let four = [0, 1, 2, 3].map(|k| *rays.get(4 * q + k).unwrap_or(&filler));
            let [ox, oy, oz] = transpose(four.map(|r| r.origin));
            let [ix, iy, iz] = transpose(four.map(|r| r.inv));
            let [fx, fy, fz] = transpose(four.map(|r| r.inv_far));
            (soa.origin[0][q], soa.origin[1][q], soa.origin[2][q]) = (ox, oy, oz);
            (soa.inv[0][q], soa.inv[1][q], soa.inv[2][q]) = (ix, iy, iz);
            (soa.inv_far[0][q], soa.inv_far[1][q], soa.inv_far[2][q]) = (fx, fy, fz);
        }
        soa
    }

    /// The rays that enter the box in `lane` of `node` within `[0, t_max[r]]`, as a bit mask,
    /// and their entry distances: ray by ray the same operations in the same order as
    /// [`PreRay::node_slabs`] (for rays with no zero direction coordinate, as a packet's are), so
    /// the same bits.
    #[inline(always)]
    fn enter(
        &self,
        node: &Node,
        lane: usize,
        negative: u32,
        t_max: &[Real; PACKET],
    ) -> (u32, [Real; PACKET]) {
        let mut mask = 0;
        let mut out = [0.0; PACKET];
        for q in 0..QUARTERS {
            let mut near = Vec4::ZERO;
            let mut far = Vec4::from_slice(&t_max[4 * q..4 * q + 4]) * WIDEN;
            for axis in 0..3 {
                let side = (negative >> axis & 1) as usize;
                let nb = Vec4::splat(node.bounds[side][axis][lane]);
                let fb = Vec4::splat(node.bounds[side ^ 1][axis][lane]);
                let o = self.origin[axis][q];
                near = ((nb - o) * self.inv[axis][q]).max(near);
                far = ((fb - o) * self.inv_far[axis][q]).min(far);
            }
            mask |= near.cmple(far).bitmask() << (4 * q);
            out[4 * q..4 * q + 4].copy_from_slice(&near.to_array());
        }
        (mask & self.present, out)
    }
}

impl Bvh {
    /// The closest hit of each of `rays` within `[0, max_t]` into `out` (one per ray, at
    /// most [`PACKET`]), as [`Bvh::closest`] finds it up to the ties the module docs describe.
    pub(crate) fn closest_packet(&self, rays: &[PreRay], max_t: Real, out: &mut [Option<LeafHit>]) {
        crate::dispatch::fast(
            #[inline(always)]
            || self.closest_packet_inline(rays, max_t, out),
        );
    }

    /// [`Bvh::closest_packet`] inlined into its caller.
    #[inline(always)]
    pub(super) fn closest_packet_inline(
        &self,
        rays: &[PreRay],
        max_t: Real,
        out: &mut [Option<LeafHit>],
    ) {
        debug_assert!(rays.len() <= PACKET && out.len() == rays.len());
        let soa = Rays::new(rays);
        let interval = if self.root.count > 0 || rays.len() < 2 {
            None
        } else {
            Interval::new(rays, &soa)
        };
        let Some(interval) = interval else {
            for (ray, out) in rays.iter().zip(out) {
                *out = self.closest_inline(ray, max_t);
            }
            return;
        };
        out.fill(None);
        // Each ray's closest hit so far; fillers keep 0, below every ray's.
        let mut best_t = [0.0; PACKET];
        best_t[..rays.len()].fill(max_t);
        let farthest = |t: &[Real; PACKET]| t.iter().fold(0.0, |a: Real, &b| a.max(b));
        let mut frames: [Option<Frame>; PACKET] = [None; PACKET];
        // The packet's limit: the farthest of its rays' closest hits so far.
        let mut limit = max_t;
        let mut node = &self.nodes[self.root.index as usize];
        let (mut mask, mut near) = interval.node_slabs(node, limit);
        if mask == 0 {
            return;
        }
        let mut stack = Stack::new(NO_ENTRY);
        loop {
            let leaves = mask & u32::from(node.leaf_mask);
            if leaves != 0 {
                // Each leaf the packet enters, nearest first, against all rays at once; then
                // each ray that enters it within its closest hit so far tests its triangles.
                visit_nearest_first(
                    &near,
                    leaves,
                    #[inline(always)]
                    |lane| {
                        let (mut entered, ray_near) =
                            soa.enter(node, lane, interval.negative, &best_t);
                        let (first, count) = (node.child[lane], u32::from(node.count[lane]));
                        while entered != 0 {
                            let r = entered.trailing_zeros() as usize;
                            entered &= entered - 1;
                            if ray_near[r] <= best_t[r] {
                                best_t[r] = self.closest_in_leaf(
                                    &rays[r],
                                    &mut frames[r],
                                    &mut out[r],
                                    best_t[r],
                                    first,
                                    count,
                                );
                            }
                        }
                        false
                    },
                );
                limit = farthest(&best_t);
            }
            let index = match nearest_next(
                node,
                &near,
                mask & !leaves & lanes_within(&near, limit),
                &mut stack,
            ) {
                Some(e) => e.index,
                None => loop {
                    let Some(e) = stack.pop() else { return };
                    if e.near <= limit {
                        break e.index;
                    }
                },
            };
            node = &self.nodes[index as usize];
            (mask, near) = interval.node_slabs(node, limit);
            if mask.count_ones() > SPLIT {
                // The packet is wide for this subtree: ray by ray from here.
                let subtree = NodeRef { index, count: 0 };
                for (r, ray) in rays.iter().enumerate() {
                    best_t[r] = self.closest_in_subtree(
                        ray,
                        subtree,
                        &mut frames[r],
                        &mut out[r],
                        best_t[r],
                    );
                }
                limit = farthest(&best_t);
                mask = 0;
            }
        }
    }
}
