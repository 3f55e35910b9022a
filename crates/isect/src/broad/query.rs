//! The box, frustum and ray queries of [`super::BroadPhase`]: each traverses the fattened boxes
//! (`traverse.rs`) and tests the given box of each proxy it reaches exactly, so the answers are
//! about the given boxes and the fattened ones only prune. Each counts its work in a
//! [`QueryStats`] for the tests.

use crate::Intersects;
use crate::broad::Proxy;
use crate::broad::tree::overlaps4;
use crate::math::Real;
use crate::query::aabb_extent;
use crate::query::raycast::{cast_usable, slab_interval};
use crate::shape::{Aabb, Frustum, Ray};

/// The six planes of a frustum, as the bits of a mask of the planes still to test.
pub(crate) const ALL_PLANES: u8 = 0b11_1111;

/// What a query did: the work behind its answer, for tests that check the work (that a
/// subtree inside a plane stops testing it, that a clipped ray skips what lies beyond).
#[doc(hidden)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct QueryStats {
    /// Inner nodes visited.
    pub nodes: usize,
    /// Proxies whose given box was tested.
    pub leaves: usize,
    /// Box–plane tests of frustum queries.
    pub plane_tests: usize,
}

/// Where the box is against the planes of `mask`: `None` when wholly in front of one (out of
/// the frustum), otherwise the planes of `mask` it is not wholly behind. Touching a plane from
/// behind counts as behind, as in the exact test.
#[inline(always)]
pub(crate) fn cull(frustum: &Frustum, aabb: &Aabb, mask: u8, stats: &mut QueryStats) -> Option<u8> {
    let mut straddled = mask;
    let mut bits = mask;
    while bits != 0 {
        let k = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        let plane = &frustum.planes[k];
        stats.plane_tests += 1;
        let (lo, hi) = aabb_extent(aabb, plane.normal);
        if lo > plane.d {
            return None;
        }
        if hi <= plane.d {
            straddled &= !(1 << k);
        }
    }
    Some(straddled)
}

impl<T> super::BroadPhase<T> {
    /// Calls `f(proxy)` for every proxy whose box meets `aabb` (touching counts; flat and
    /// point boxes meet what they touch), until `f` returns `false`. Nothing for an invalid
    /// `aabb` (see the [module docs](super)).
    ///
    /// ```
    /// use isect::broad::BroadPhase;
    /// use isect::{Aabb, math::Vec3};
    ///
    /// let mut world = BroadPhase::new();
    /// let near = world.insert(Aabb::new(Vec3::ZERO, Vec3::ONE), "near");
    /// world.insert(Aabb::new(Vec3::splat(5.0), Vec3::splat(6.0)), "far");
    /// let mut found = Vec::new();
    /// world.query_aabb(&Aabb::new(Vec3::splat(-1.0), Vec3::ZERO), |p| {
    ///     found.push(p);
    ///     true // keep going
    /// });
    /// assert_eq!(found, [near]); // touching at the origin
    /// ```
    pub fn query_aabb(&self, aabb: &Aabb, f: impl FnMut(Proxy) -> bool) {
        self.query_aabb_stats(aabb, f);
    }

    /// [`query_aabb`](Self::query_aabb), returning the work done.
    #[doc(hidden)]
    pub fn query_aabb_stats(&self, aabb: &Aabb, mut f: impl FnMut(Proxy) -> bool) -> QueryStats {
        let mut stats = QueryStats::default();
        if aabb.is_usable() {
            let (qlo, qhi) = (aabb.min.extend(0.0), aabb.max.extend(0.0));
            self.tree.visit_aabb(aabb, &mut stats, |p| {
                let e = &self.entries[p as usize];
                !overlaps4(e.lo, e.hi, qlo, qhi) || f(self.proxy_at(p))
            });
        }
        stats
    }

    /// Calls `f(proxy)` for every proxy whose box meets the frustum (exactly, as
    /// [`Intersects`] between [`Aabb`] and [`Frustum`] decides, touching
    /// included), until `f` returns `false`. Subtrees are culled plane by plane, and a subtree
    /// wholly behind a plane stops testing that plane; boxes inside all six are reported
    /// without further tests. Nothing for an invalid frustum.
    ///
    /// ```
    /// use isect::broad::BroadPhase;
    /// use isect::glam::camera::rh::{proj::directx::perspective, view::look_at_mat4};
    /// use isect::{Aabb, Frustum, math::Vec3};
    ///
    /// let view = look_at_mat4(Vec3::ZERO, -Vec3::Z, Vec3::Y);
    /// let camera = Frustum::from_matrix(&(perspective(1.0, 1.0, 0.1, 100.0) * view));
    /// let mut world = BroadPhase::new();
    /// let ahead = world.insert(Aabb::from_center_half_extents(-10.0 * Vec3::Z, Vec3::ONE), ());
    /// world.insert(Aabb::from_center_half_extents(10.0 * Vec3::Z, Vec3::ONE), ()); // behind
    /// let mut seen = Vec::new();
    /// world.query_frustum(&camera, |p| {
    ///     seen.push(p);
    ///     true
    /// });
    /// assert_eq!(seen, [ahead]);
    /// ```
    pub fn query_frustum(&self, frustum: &Frustum, f: impl FnMut(Proxy) -> bool) {
        self.query_frustum_stats(frustum, f);
    }

    /// [`query_frustum`](Self::query_frustum), returning the work done.
    #[doc(hidden)]
    pub fn query_frustum_stats(
        &self,
        frustum: &Frustum,
        mut f: impl FnMut(Proxy) -> bool,
    ) -> QueryStats {
        let mut stats = QueryStats::default();
        if !frustum.is_usable() {
            return stats;
        }
        let mut plane_tests = 0;
        self.tree.visit_frustum(frustum, &mut stats, |p, mask| {
            let given = &self.entries[p as usize].given();
            let mut leaf_stats = QueryStats::default();
            let meets = match cull(frustum, given, mask, &mut leaf_stats) {
                None => false,
                Some(0) => true,
                Some(_) => given.intersects(frustum),
            };
            plane_tests += leaf_stats.plane_tests;
            !meets || f(self.proxy_at(p))
        });
        stats.plane_tests += plane_tests;
        stats
    }

    /// Calls `f(proxy, t_enter)` for the proxies whose boxes the ray enters at some `t` in `[0,
    /// max_t]`, nearer subtrees first, with `t_enter` the parameter where it enters the box (0
    /// when it starts inside or on it; a ray along a face enters). `f` returns the new `max_t`
    /// (`Some(t)` when it found a hit at `t`, which clips the rest of the ray), or `None` to
    /// keep it; the limit only shrinks (a larger or NaN value leaves it), and a negative one
    /// ends the query. `t` is counted in units of `ray.dir`, as in [`Ray`].
    ///
    /// Boxes are visited roughly front to back, not sorted: a farther box may be reported
    /// before a nearer one in another subtree, each only while its entry is within the current
    /// `max_t`. For the first hit, clip with each hit found (see the [module docs](super)).
    /// Nothing for an invalid ray or a NaN or negative `max_t`.
    pub fn raycast(&self, ray: &Ray, max_t: Real, f: impl FnMut(Proxy, Real) -> Option<Real>) {
        self.raycast_stats(ray, max_t, f);
    }

    /// [`raycast`](Self::raycast), returning the work done.
    #[doc(hidden)]
    pub fn raycast_stats(
        &self,
        ray: &Ray,
        max_t: Real,
        mut f: impl FnMut(Proxy, Real) -> Option<Real>,
    ) -> QueryStats {
        let mut stats = QueryStats::default();
        if !cast_usable(ray, max_t) {
            return stats;
        }
        self.tree.visit_ray(ray, max_t, &mut stats, |p, max_t| {
            let given = &self.entries[p as usize].given();
            let (t_enter, t_exit) =
                slab_interval(given.min, given.max, ray.origin, ray.dir, 0.0, max_t);
            if t_enter <= t_exit {
                if let Some(t) = f(self.proxy_at(p), t_enter) {
                    return max_t.min(t);
                }
            }
            max_t
        });
        stats
    }
}
