//! Signed crossing counts along a ray (exits minus entries), for the containment test of a solid
//! mesh; a ray through an edge, a vertex or a triangle's plane is reported as ambiguous, so the
//! caller can ask another.

use crate::bvh::layout::Bvh;
use crate::bvh::ray::leaf::in_plane;
use crate::bvh::ray::{Frame, PreRay, Unordered};
use crate::math::Real;
use crate::query::raycast::triangle::Verdict;

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
            || self.crossings_inline(ray),
        )
    }

    /// [`Bvh::crossings`] inlined into its caller.
    #[inline(always)]
    pub(in crate::bvh) fn crossings_inline(&self, ray: &PreRay) -> Crossings {
        let mut count: i64 = 0;
        let mut verdict = None;
        let frame = Frame::new(ray);
        self.traverse::<Unordered>(
            ray,
            self.root,
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
