//! All hits: every triangle hit within the range, in no particular order (the caller sorts).

use alloc::vec::Vec;

use crate::bvh::layout::Bvh;
use crate::bvh::ray::{Frame, PreRay, Unordered};
use crate::math::Real;
use crate::query::TriangleHit;

impl Bvh {
    /// Every hit within `[0, max_t]`, in no particular order.
    pub(crate) fn all(&self, ray: &PreRay, max_t: Real, out: &mut Vec<(u32, TriangleHit)>) {
        crate::dispatch::fast(
            #[inline(always)]
            || self.all_inline(ray, max_t, out),
        );
    }

    /// [`Bvh::all`] inlined into its caller.
    #[inline(always)]
    pub(in crate::bvh) fn all_inline(
        &self,
        ray: &PreRay,
        max_t: Real,
        out: &mut Vec<(u32, TriangleHit)>,
    ) {
        if !ray.may_enter(self.whole, max_t) {
            return;
        }
        let frame = Frame::new(ray);
        self.traverse::<Unordered>(
            ray,
            self.root,
            || max_t,
            #[inline(always)]
            |first, count| {
                for slot in first as usize..(first + count) as usize {
                    if let Some(hit) = self.triangle_test(ray, &frame, slot, max_t) {
                        out.push((slot as u32, hit));
                    }
                }
                false
            },
        );
    }
}
