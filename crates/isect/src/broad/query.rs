//! Box, frustum and ray traversals of the fattened boxes. Each calls `leaf` for the proxies it
//! reaches; the caller ([`super::BroadPhase`]) tests the proxy's given box exactly there, so
//! the answers are about the given boxes and the fattened ones only prune.
//!
//! Each traversal keeps the node it visits in hand and pushes only the other child it enters
//! (so a path with one child entered costs no stack traffic), and counts its work in a
//! [`QueryStats`] for the tests.

use crate::Intersects;
use crate::broad::Proxy;
use crate::broad::tree::{Child, Tree, overlaps};
use crate::bvh::stack::InlineStack;
use crate::math::{Real, SimdVec3, Vec3};
use crate::query::aabb_extent;
use crate::query::raycast::{cast_usable, slab_interval};
use crate::shape::{Aabb, Frustum, Ray};

/// Stack entries kept inline: the depth of a binary tree of a few million proxies, after
/// which the stack spills to the heap.
const STACK: usize = 64;

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

/// A ray prepared for slab tests of fattened boxes: its origin and `1 / dir` as SIMD vectors.
struct PreRay {
    origin: SimdVec3,
    inv: SimdVec3,
}

/// The relative widening of a fattened box's slab interval. The exact test of a given box
/// divides by the direction ([`crate::query::raycast::slab_interval`]); here the node test
/// multiplies by `1 / dir`, which rounds twice, within `1.5 ε` of the quotient. Widening by `4
/// ε` (and an absolute `Real::MIN_POSITIVE` for subnormal products) keeps the node's interval
/// around the quotient's, which division's monotone rounding keeps around the interval of any
/// box inside: a node is never culled when a box in it is hit.
const WIDEN: Real = 4.0 * Real::EPSILON;

impl PreRay {
    #[allow(clippy::useless_conversion)] // `Vec3A` from `Vec3` in f32; the same type in f64
    fn new(ray: &Ray) -> Self {
        let dir = SimdVec3::from(ray.dir);
        Self {
            origin: SimdVec3::from(ray.origin),
            inv: SimdVec3::ONE / dir,
        }
    }

    /// The widened entry parameter (at least 0) of the box `[min, max]` when the ray enters
    /// it at or before `max_t`.
    #[inline(always)]
    #[allow(clippy::useless_conversion)] // `Vec3A` from `Vec3` in f32; the same type in f64
    fn enter(&self, min: Vec3, max: Vec3, max_t: Real) -> Option<Real> {
        let t1 = (SimdVec3::from(min) - self.origin) * self.inv;
        let t2 = (SimdVec3::from(max) - self.origin) * self.inv;
        // `0 · ∞` (the origin on a plane of a slab the ray is parallel to) leaves that slab
        // satisfied for every `t`, as in the exact test.
        let (ok1, ok2) = (t1.cmpeq(t1), t2.cmpeq(t2));
        let near = SimdVec3::select(ok1, t1, SimdVec3::NEG_INFINITY).min(SimdVec3::select(
            ok2,
            t2,
            SimdVec3::NEG_INFINITY,
        ));
        let far = SimdVec3::select(ok1, t1, SimdVec3::INFINITY).max(SimdVec3::select(
            ok2,
            t2,
            SimdVec3::INFINITY,
        ));
        let tn = near.max_element();
        let tf = far.min_element();
        let tn = tn * if tn > 0.0 { 1.0 - WIDEN } else { 1.0 + WIDEN } - Real::MIN_POSITIVE;
        let tf = tf * if tf > 0.0 { 1.0 + WIDEN } else { 1.0 - WIDEN } + Real::MIN_POSITIVE;
        let tn = tn.max(0.0);
        (tn <= tf.min(max_t)).then_some(tn)
    }
}

impl Tree {
    /// Calls `leaf(p)` for each proxy whose fattened box meets `aabb` (touching counts), until
    /// `leaf` returns `false`; returns whether it ran to the end.
    #[inline]
    pub(crate) fn visit_aabb(
        &self,
        aabb: &Aabb,
        stats: &mut QueryStats,
        mut leaf: impl FnMut(u32) -> bool,
    ) -> bool {
        if self.root == Child::NONE || !overlaps(&self.root_box, aabb) {
            return true;
        }
        if self.root.is_leaf() {
            stats.leaves += 1;
            return leaf(self.root.index());
        }
        let mut stack = InlineStack::<u32, STACK>::new(0);
        let mut i = self.root.index();
        loop {
            stats.nodes += 1;
            let node = &self.nodes[i as usize];
            let mut next = None;
            for s in 0..2 {
                if overlaps(&node.slot_box(s), aabb) {
                    let c = node.child[s];
                    if c.is_leaf() {
                        stats.leaves += 1;
                        if !leaf(c.index()) {
                            return false;
                        }
                    } else if let Some(other) = next.replace(c.index()) {
                        stack.push(other);
                    }
                }
            }
            match next.or_else(|| stack.pop()) {
                Some(n) => i = n,
                None => return true,
            }
        }
    }

    /// Calls `leaf(p, mask)` for each proxy whose fattened box is in front of none of the
    /// frustum's planes, with the planes that box straddles (the others it is behind, and so
    /// is its given box), until `leaf` returns `false`. A subtree behind a plane stops testing
    /// that plane.
    #[inline]
    pub(crate) fn visit_frustum(
        &self,
        frustum: &Frustum,
        stats: &mut QueryStats,
        mut leaf: impl FnMut(u32, u8) -> bool,
    ) -> bool {
        if self.root == Child::NONE {
            return true;
        }
        let Some(mask) = cull(frustum, &self.root_box, ALL_PLANES, stats) else {
            return true;
        };
        if self.root.is_leaf() {
            stats.leaves += 1;
            return leaf(self.root.index(), mask);
        }
        let mut stack = InlineStack::<(u32, u8), STACK>::new((0, 0));
        let (mut i, mut mask) = (self.root.index(), mask);
        loop {
            stats.nodes += 1;
            let node = &self.nodes[i as usize];
            let mut next = None;
            for s in 0..2 {
                let Some(m) = cull(frustum, &node.slot_box(s), mask, stats) else {
                    continue;
                };
                let c = node.child[s];
                if c.is_leaf() {
                    stats.leaves += 1;
                    if !leaf(c.index(), m) {
                        return false;
                    }
                } else if let Some(other) = next.replace((c.index(), m)) {
                    stack.push(other);
                }
            }
            match next.or_else(|| stack.pop()) {
                Some(n) => (i, mask) = n,
                None => return true,
            }
        }
    }

    /// Visits the proxies whose fattened boxes the ray (valid) enters within `max_t`, nearer
    /// subtrees first: `leaf(p, max_t)` returns the new `max_t` (at most the one given), which
    /// prunes what lies beyond; a negative one ends the traversal.
    #[inline]
    pub(crate) fn visit_ray(
        &self,
        ray: &Ray,
        mut max_t: Real,
        stats: &mut QueryStats,
        mut leaf: impl FnMut(u32, Real) -> Real,
    ) {
        if self.root == Child::NONE {
            return;
        }
        let pre = PreRay::new(ray);
        if pre
            .enter(self.root_box.min, self.root_box.max, max_t)
            .is_none()
        {
            return;
        }
        if self.root.is_leaf() {
            stats.leaves += 1;
            leaf(self.root.index(), max_t);
            return;
        }
        let mut stack = InlineStack::<(Child, Real), STACK>::new((Child::NONE, 0.0));
        let mut i = self.root.index();
        'nodes: loop {
            stats.nodes += 1;
            let node = &self.nodes[i as usize];
            let t0 = pre.enter(node.min[0], node.max[0], max_t);
            let t1 = pre.enter(node.min[1], node.max[1], max_t);
            let hits = match (t0, t1) {
                (Some(a), Some(b)) if b < a => [Some((node.child[1], b)), Some((node.child[0], a))],
                _ => [
                    t0.map(|t| (node.child[0], t)),
                    t1.map(|t| (node.child[1], t)),
                ],
            };
            let mut descend = None;
            for (c, t) in hits.into_iter().flatten() {
                if descend.is_some() {
                    // A nearer subtree comes first.
                    stack.push((c, t));
                } else if c.is_leaf() {
                    if t <= max_t {
                        stats.leaves += 1;
                        max_t = leaf(c.index(), max_t);
                        if max_t < 0.0 {
                            return;
                        }
                    }
                } else {
                    descend = Some(c.index());
                }
            }
            if let Some(n) = descend {
                i = n;
                continue;
            }
            while let Some((c, t)) = stack.pop() {
                if t > max_t {
                    continue;
                }
                if !c.is_leaf() {
                    i = c.index();
                    continue 'nodes;
                }
                stats.leaves += 1;
                max_t = leaf(c.index(), max_t);
                if max_t < 0.0 {
                    return;
                }
            }
            return;
        }
    }
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
            self.tree.visit_aabb(aabb, &mut stats, |p| {
                !overlaps(&self.entries[p as usize].given, aabb) || f(self.proxy_at(p))
            });
        }
        stats
    }

    /// Calls `f(proxy)` for every proxy whose box meets the frustum (exactly, as
    /// [`Intersects`](crate::Intersects) between [`Aabb`] and [`Frustum`] decides, touching
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
            let given = &self.entries[p as usize].given;
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
            let given = &self.entries[p as usize].given;
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
