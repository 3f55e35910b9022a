//! Any hit: whether a triangle is hit within the range, in no order, stopping at the first hit
//! found (shadow rays, probes, segment tests).

use crate::bvh::layout::Bvh;
use crate::bvh::ray::{PreRay, Unordered};
use crate::math::Real;

impl Bvh {
    /// Whether any triangle is hit within `[0, max_t]`; stops at the first one found.
    ///
    /// Without [`PreRay::may_enter`]'s test of the whole tree's box: any-hit rays (shadow
    /// rays, short probes) mostly start inside the mesh's box, where it cannot cull, and with it
    /// they were no faster (docs/performance.md, "Traversal").
    #[inline(always)]
    pub(crate) fn any(&self, ray: &PreRay, max_t: Real) -> bool {
        crate::dispatch::fast(
            #[inline(always)]
            || self.any_inline(ray, max_t),
        )
    }

    /// [`Bvh::any`] inlined into its caller.
    #[inline(always)]
    pub(in crate::bvh) fn any_inline(&self, ray: &PreRay, max_t: Real) -> bool {
        let mut found = false;
        let mut frame = None;
        self.traverse::<Unordered>(
            ray,
            self.root,
            || max_t,
            #[inline(always)]
            |first, count| {
                let (mut mask, lanes) = self.leaf_test(ray, &mut frame, first, count);
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
}
