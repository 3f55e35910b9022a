//! The closest hit: nearest box first, each hit shrinking the search, ties decided by facing
//! and triangle index. Packets ([`crate::bvh::packet`]) use its pieces to go on ray by ray.

use crate::bvh::layout::{Bvh, NodeRef};
use crate::bvh::ray::{Entry, Frame, PreRay};
use crate::math::Real;
use crate::query::TriangleHit;
use crate::shape::Triangle;

/// The closest hit found so far, in leaf order.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LeafHit {
    /// The triangle's slot in the [`Bvh`].
    pub slot: u32,
    pub hit: TriangleHit,
}

impl Bvh {
    /// The closest hit within `[0, max_t]`. Among hits at the same `t` the one whose outer side
    /// faces the ray ([`Bvh::faces`]) wins, then the lower mesh triangle index.
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
            || self.closest_from_root(ray, max_t),
        )
    }

    /// [`Bvh::closest`] compiled into its caller (no [`crate::dispatch::fast`]): for callers
    /// that are themselves in one of the copies, and for the test that compares the copies.
    #[inline(always)]
    pub(in crate::bvh) fn closest_inline(&self, ray: &PreRay, max_t: Real) -> Option<LeafHit> {
        if !ray.may_enter(self.whole, max_t) {
            return None;
        }
        self.closest_from_root(ray, max_t)
    }

    /// [`Bvh::closest`] past the whole tree's box, inlined into its caller.
    #[inline(always)]
    fn closest_from_root(&self, ray: &PreRay, max_t: Real) -> Option<LeafHit> {
        let mut best = None;
        self.closest_in_subtree(ray, self.root, &mut None, &mut best, max_t);
        best
    }

    /// [`Bvh::closest`] within the subtree `start`, for a ray whose closest hit so far is
    /// `best` at `hi` (and frame `frame`); returns the new `hi`.
    #[inline(always)]
    pub(in crate::bvh) fn closest_in_subtree(
        &self,
        ray: &PreRay,
        start: NodeRef,
        frame: &mut Option<Frame>,
        best: &mut Option<LeafHit>,
        hi: Real,
    ) -> Real {
        let best_t = core::cell::Cell::new(hi);
        self.traverse::<Entry>(
            ray,
            start,
            || best_t.get(),
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
    pub(in crate::bvh) fn closest_in_leaf(
        &self,
        ray: &PreRay,
        frame: &mut Option<Frame>,
        best: &mut Option<LeafHit>,
        mut hi: Real,
        first: u32,
        count: u32,
    ) -> Real {
        let (mut mask, lanes) = self.leaf_test(ray, frame, first, count);
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
    /// whose outer side faces the ray ([`Bvh::faces`]) wins, then the lower mesh triangle index. (Out of line: ties
    /// are rare, and the facing is asked for only here and of the final hit, not of every
    /// candidate, which paid for it on every hit test.)
    #[cold]
    #[inline(never)]
    fn wins_tie(&self, ray: &PreRay, slot: u32, other: u32) -> bool {
        let (front, other_front) = (self.faces(ray, slot), self.faces(ray, other));
        front && !other_front
            || front == other_front && self.order[slot as usize] < self.order[other as usize]
    }

    /// Whether the outer side of the triangle in `slot` faces the ray (a ray in its plane
    /// counts as facing it): its front (counter-clockwise) side, or its back in a solid wound
    /// inward ([`Bvh::inward`]), so that a solid's inside does not depend on its winding.
    #[inline]
    pub(crate) fn faces(&self, ray: &PreRay, slot: u32) -> bool {
        let [a, b, c] = self.tri(slot);
        let n = Triangle::new(a, b, c).scaled_normal();
        let outward = if self.inward { -n } else { n };
        !(outward.dot(ray.dir3()) > 0.0)
    }
}
