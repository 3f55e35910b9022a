//! Box, frustum and ray traversals of the fattened boxes. Each calls `leaf` for the proxies it
//! reaches; the caller ([`super::BroadPhase`]) tests the proxy's given box exactly there, so
//! the answers are about the given boxes and the fattened ones only prune.
//!
//! Each traversal keeps the node it visits in hand and pushes only the other child it enters
//! (so a path with one child entered costs no stack traffic), and counts its work in a
//! [`QueryStats`] for the tests.

use crate::Intersects;
use crate::broad::Proxy;
use crate::broad::tree::BVec4A;
use crate::broad::tree::{Child, Node, Tree, overlaps, overlaps4};
use crate::bvh::stack::InlineStack;
use crate::math::{Real, Vec3, Vec4};
use crate::query::aabb_extent;
use crate::query::raycast::{cast_usable, slab_interval};
use crate::shape::{Aabb, Frustum, Ray};
use glam::Vec4Swizzles;

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

/// The children of a node meeting a box, as bits 0 and 1: the box laid out against the
/// node's axes, per axis `[qmax, qmax, +∞, +∞]` to compare the minima with and `[−∞, −∞, qmin,
/// qmin]` for the maxima.
struct BoxQuery {
    hi: [Vec4; 3],
    lo: [Vec4; 3],
}

impl BoxQuery {
    fn new(aabb: &Aabb) -> Self {
        let (inf, ninf) = (Real::INFINITY, Real::NEG_INFINITY);
        let hi = |a: usize| Vec4::new(aabb.max[a], aabb.max[a], inf, inf);
        let lo = |a: usize| Vec4::new(ninf, ninf, aabb.min[a], aabb.min[a]);
        Self {
            hi: [hi(0), hi(1), hi(2)],
            lo: [lo(0), lo(1), lo(2)],
        }
    }

    /// The slots of `node` whose boxes meet the query box (touching counts), as bits.
    #[inline(always)]
    fn slots(&self, node: &Node) -> u32 {
        let [x, y, z] = &node.axes;
        let ok = x.cmple(self.hi[0])
            & x.cmpge(self.lo[0])
            & y.cmple(self.hi[1])
            & y.cmpge(self.lo[1])
            & z.cmple(self.hi[2])
            & z.cmpge(self.lo[2]);
        let bits = ok.bitmask();
        bits & (bits >> 2) & 0b11
    }
}

/// A plane laid out against a node's axes: its normal's components, and per axis whether the
/// node's halves must swap so that lanes 0 and 1 hold the n-vertex and lanes 2 and 3 the
/// p-vertex (the minimum where the component is positive or zero, as in the exact test).
struct PlaneLanes {
    n: [Vec4; 3],
    keep: [BVec4A; 3],
    d: Vec4,
}

impl PlaneLanes {
    fn new(plane: &crate::Plane) -> Self {
        let n = plane.normal;
        let keep = |a: usize| BVec4A::splat(n[a] >= 0.0);
        Self {
            n: [Vec4::splat(n.x), Vec4::splat(n.y), Vec4::splat(n.z)],
            keep: [keep(0), keep(1), keep(2)],
            d: Vec4::splat(plane.d),
        }
    }

    /// `[lo 0, lo 1, hi 0, hi 1]`: the smallest and largest `normal · x` over each slot's
    /// box, with the operations of [`aabb_extent`] in the same order (so a grown box's extent
    /// contains its given box's, bit for bit).
    #[inline(always)]
    fn extents(&self, node: &Node) -> Vec4 {
        let v = |a: usize| {
            let axis = node.axes[a];
            Vec4::select(self.keep[a], axis, axis.zwxy())
        };
        self.n[0] * v(0) + self.n[1] * v(1) + self.n[2] * v(2)
    }
}

/// A ray prepared for the slab tests of a node's two boxes: per axis its origin and `1 / dir`
/// in all lanes, and whether `1 / dir` is finite (no zero, subnormal or huge component), which
/// spares the test the `0 · ∞` case.
struct PreRay {
    origin: [Vec4; 3],
    inv: [Vec4; 3],
    finite: bool,
}

/// The relative widening of a grown box's slab interval. The exact test of a given box divides
/// by the direction ([`crate::query::raycast::slab_interval`]); here the node test multiplies
/// by `1 / dir`, which rounds twice, within `1.5 ε` of the quotient. Widening by `4 ε` (and an
/// absolute `Real::MIN_POSITIVE` for subnormal products) keeps the node's interval around the
/// quotient's, which division's monotone rounding keeps around the interval of any box
/// inside: a node is never culled when a box in it is hit.
const WIDEN: Real = 4.0 * Real::EPSILON;

impl PreRay {
    fn new(ray: &Ray) -> Self {
        let inv = Vec3::ONE / ray.dir;
        let o = ray.origin;
        Self {
            origin: [Vec4::splat(o.x), Vec4::splat(o.y), Vec4::splat(o.z)],
            inv: [Vec4::splat(inv.x), Vec4::splat(inv.y), Vec4::splat(inv.z)],
            finite: inv.is_finite(),
        }
    }

    /// The slots of `node` whose boxes the ray enters at or before `max_t`, as bits, and the
    /// widened entry parameters (at least 0) in lanes 0 and 1. With `ZEROS`, `1 / dir` may be
    /// infinite: `0 · ∞` (the origin on a plane of a slab the ray is parallel to) then leaves
    /// that slab satisfied for every `t`, as in the exact test.
    #[inline(always)]
    fn enter<const ZEROS: bool>(&self, node: &Node, max_t: Real) -> (u32, Vec4) {
        let mut near = Vec4::NEG_INFINITY;
        let mut far = Vec4::INFINITY;
        for a in 0..3 {
            // `[t at min 0, t at min 1, t at max 0, t at max 1]`
            let t = (node.axes[a] - self.origin[a]) * self.inv[a];
            let (tn, tf) = if ZEROS {
                let ok = t.cmpeq(t);
                (
                    Vec4::select(ok, t, Vec4::NEG_INFINITY),
                    Vec4::select(ok, t, Vec4::INFINITY),
                )
            } else {
                (t, t)
            };
            near = near.max(tn.min(tn.zwxy()));
            far = far.min(tf.max(tf.zwxy()));
        }
        // An infinite end makes NaN here, which `max` and `min` (NaN in the first operand
        // gives the second) turn into the conservative 0 and `max_t`.
        let near = (near - (near.abs() * WIDEN + Real::MIN_POSITIVE)).max(Vec4::ZERO);
        let far = (far + (far.abs() * WIDEN + Real::MIN_POSITIVE)).min(Vec4::splat(max_t));
        (near.cmple(far).bitmask() & 0b11, near)
    }
}

impl Tree {
    /// Starts loading the inner children of `node` into the caches while `node` is tested: a
    /// traversal is a chain of dependent loads, and the next node is one of these (measured:
    /// box queries over 10k boxes 2.3 -> 1.45 µs).
    #[inline(always)]
    fn prefetch_children(&self, node: &Node) {
        for c in node.children() {
            if !c.is_leaf() {
                crate::dispatch::prefetch(&self.nodes[c.index() as usize]);
            }
        }
    }

    /// Calls `leaf(p)` for each proxy whose grown box meets `aabb` (touching counts), until
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
        let query = BoxQuery::new(aabb);
        let mut stack = InlineStack::<u32, STACK>::new(0);
        let mut i = self.root.index();
        loop {
            stats.nodes += 1;
            let node = &self.nodes[i as usize];
            self.prefetch_children(node);
            let mut slots = query.slots(node);
            let mut next = None;
            while slots != 0 {
                let c = node.child(slots.trailing_zeros() as usize);
                slots &= slots - 1;
                if c.is_leaf() {
                    stats.leaves += 1;
                    if !leaf(c.index()) {
                        return false;
                    }
                } else if let Some(other) = next.replace(c.index()) {
                    stack.push(other);
                }
            }
            match next.or_else(|| stack.pop()) {
                Some(n) => i = n,
                None => return true,
            }
        }
    }

    /// Calls `leaf(p, mask)` for each proxy whose grown box is in front of none of the
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
        let planes = frustum.planes.each_ref().map(PlaneLanes::new);
        let mut stack = InlineStack::<(u32, u8), STACK>::new((0, 0));
        let (mut i, mut mask) = (self.root.index(), mask);
        loop {
            stats.nodes += 1;
            let node = &self.nodes[i as usize];
            self.prefetch_children(node);
            // Both slots against the planes still to test: `out` the slots in front of one,
            // `masks` the planes each straddles.
            let (mut out, mut masks) = (0, [mask; 2]);
            let mut bits = mask;
            while bits != 0 && out != 0b11 {
                let k = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                stats.plane_tests += 2;
                let e = planes[k].extents(node);
                out |= e.cmpgt(planes[k].d).bitmask() & 0b11;
                let behind = e.cmple(planes[k].d).bitmask() >> 2;
                for (s, m) in masks.iter_mut().enumerate() {
                    if behind & (1 << s) != 0 {
                        *m &= !(1 << k);
                    }
                }
            }
            let mut next = None;
            for (s, m) in masks.into_iter().enumerate() {
                if out & (1 << s) != 0 {
                    continue;
                }
                let c = node.child(s);
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

    /// Visits the proxies whose grown boxes the ray (valid) enters within `max_t`, nearer
    /// subtrees first: `leaf(p, max_t)` returns the new `max_t` (at most the one given), which
    /// prunes what lies beyond; a negative one ends the traversal.
    #[inline]
    pub(crate) fn visit_ray(
        &self,
        ray: &Ray,
        max_t: Real,
        stats: &mut QueryStats,
        leaf: impl FnMut(u32, Real) -> Real,
    ) {
        if self.root == Child::NONE {
            return;
        }
        // The root's box, as a node's slot, through the same test.
        let root = Node::new([(Child::NONE, &self.root_box); 2], 0, 0);
        let pre = PreRay::new(ray);
        let entered = if pre.finite {
            pre.enter::<false>(&root, max_t).0
        } else {
            pre.enter::<true>(&root, max_t).0
        };
        if entered == 0 {
            return;
        }
        if self.root.is_leaf() {
            stats.leaves += 1;
            let mut leaf = leaf;
            leaf(self.root.index(), max_t);
        } else if pre.finite {
            self.walk_ray::<false>(&pre, max_t, stats, leaf);
        } else {
            self.walk_ray::<true>(&pre, max_t, stats, leaf);
        }
    }

    /// [`Tree::visit_ray`] from the root node, with [`PreRay::enter`]'s `ZEROS`. A node's
    /// children are taken nearer first; a leaf is tested at once (its exact test is cheap and
    /// may clip the ray), the nearer inner child is visited next and the farther pushed with
    /// its entry, to be skipped when a hit found meanwhile lies before it.
    #[inline(always)]
    fn walk_ray<const ZEROS: bool>(
        &self,
        pre: &PreRay,
        mut max_t: Real,
        stats: &mut QueryStats,
        mut leaf: impl FnMut(u32, Real) -> Real,
    ) {
        let mut stack = InlineStack::<(u32, Real), STACK>::new((0, 0.0));
        let mut i = self.root.index();
        'nodes: loop {
            stats.nodes += 1;
            let node = &self.nodes[i as usize];
            self.prefetch_children(node);
            let (slots, near) = pre.enter::<ZEROS>(node, max_t);
            if slots != 0 {
                // The entered children, nearer first (selected without a jump table, whose
                // indirect jump random rays mispredict at most nodes).
                let [c0, c1] = node.children();
                let swap = slots == 0b10 || (slots == 0b11 && near.y < near.x);
                let (first, t_first, second, t_second) = if swap {
                    (c1, near.y, c0, near.x)
                } else {
                    (c0, near.x, c1, near.y)
                };
                let mut next = None;
                for (c, t) in [(first, t_first), (second, t_second)]
                    .into_iter()
                    .take(if slots == 0b11 { 2 } else { 1 })
                {
                    if !(t <= max_t) {
                        continue;
                    }
                    if c.is_leaf() {
                        stats.leaves += 1;
                        max_t = leaf(c.index(), max_t);
                        if max_t < 0.0 {
                            return;
                        }
                    } else if next.is_none() {
                        next = Some(c.index());
                    } else {
                        stack.push((c.index(), t));
                    }
                }
                if let Some(n) = next {
                    i = n;
                    continue;
                }
            }
            while let Some((n, t)) = stack.pop() {
                if t <= max_t {
                    i = n;
                    continue 'nodes;
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
