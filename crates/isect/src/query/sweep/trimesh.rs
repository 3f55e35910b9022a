//! `Sweep` between a [`TriMesh`] and every convex shape, in both orders, and the mesh's own
//! [`TriMesh::sweep_triangle`] (the first contact and which triangle).
//!
//! Algorithm (the mesh at rest, the shape moving by the relative motion `v`):
//! 1. The shape's box, moving by `v`, is traversed through the BVH front to back
//!    ([`crate::bvh::sweep`]): a node is visited only when the moving box enters it before the
//!    first contact found so far, nearest first, so the search narrows as it goes.
//! 2. In a leaf, each triangle with an area is tested by its own box first (the moving box's
//!    entry time into it, which also says whether the shape may touch it at `t = 0`), then by
//!    the pair's exact first contact: the closed forms of the pair files for spheres, capsules
//!    (and segments, capsules of radius 0), boxes and triangles, and GJK's ray cast for hulls
//!    ([`crate::query::algo::gjk_raycast`]: exact on polytopes up to rounding). Each is given
//!    the best time so far, and gives up as soon as it cannot beat it. Triangles take the pair
//!    sweep's own first contact (separating axes, or conservative advancement where either
//!    triangle is collinear within rounding), with its verdict on which, so that the mesh's
//!    answer is the earliest of its triangles' pair sweeps.
//! 3. The earliest contact wins; on equal times, the lower triangle index. A contact at `t = 0`
//!    cannot be beaten, only tied by a lower index: from then on the traversal skips subtrees
//!    without one (the BVH keeps each subtree's lowest index) and a triangle of lower index
//!    takes only the pair's test of touching at the start, not a sweep.
//!
//! A solid mesh ([`TriMesh::is_solid`]) also holds its inside: a convex shape that touches no
//! triangle is wholly inside or wholly outside, so one of its points decides (the crossing
//! count of [`PointQuery::contains_point`](crate::PointQuery::contains_point)), and since a
//! moving shape cannot get in or out without touching a triangle, only the start and the end
//! need that test. `t_last` is the first contact of the reversed motion from the end (the last
//! contact with a triangle), or 1 when the shape ends inside a solid mesh.

use core::cell::Cell;

use crate::bvh::sweep::MovingBox;
use crate::math::{Real, Vec3};
use crate::query::algo::balls::ball_overlap_middle;
use crate::query::algo::gjk::{SupportMap, gjk_closest_points};
use crate::query::algo::gjk_raycast::gjk_raycast;
use crate::query::algo::moving_sat::box_triangle;
use crate::query::algo::plane_extent::PlaneExtent;
use crate::query::sweep::capsule_triangle::capsule_triangle_first;
use crate::query::sweep::sphere_triangle::sphere_triangle_first;
use crate::query::sweep::triangle_triangle::first_contact as triangle_first;
use crate::query::{Bounded, Distance, MeshSweepHit, PointQuery, Sweep, SweepHit, mirror_sweep};
use crate::shape::{Aabb, Capsule, ConvexHull, Obb, Segment, Sphere, TriMesh, Triangle};

/// A convex shape that moves through a mesh in [`TriMesh::sweep_triangle`] and
/// `Sweep<TriMesh>`: [`Sphere`], [`Aabb`], [`Obb`], [`Capsule`], [`Triangle`], [`Segment`] and
/// [`ConvexHull`]. Sealed: the mesh sweep needs each shape's first contact with a triangle.
pub trait MeshSweepShape: sealed::TriangleCast {}

pub(crate) mod sealed {
    use crate::math::{Real, Vec3};
    use crate::shape::{Aabb, Triangle};

    /// What the mesh sweep needs of a convex shape; `offset` moves the shape (the end of the
    /// motion, for the backward sweep of `t_last`).
    pub trait TriangleCast {
        /// Whether the shape is valid (its `is_usable`).
        fn usable(&self) -> bool;

        /// The shape's box at rest.
        fn bounds(&self) -> Aabb;

        /// A center and the shape's half extent `r` along the unit `n` about it (at rest): it
        /// spans `n · center ± r` along `n`.
        fn extent(&self, n: Vec3) -> (Vec3, Real);

        /// The first contact within `[0, max_t]` of the shape, moved by `offset` and moving by
        /// `v`, with the resting triangle `triangle` (which has an area): the time and the unit
        /// normal from the triangle towards the shape (any vector at `t = 0`). `start`: whether
        /// they may touch at `t = 0`; `false` when their boxes are apart.
        fn first_contact(
            &self,
            offset: Vec3,
            v: Vec3,
            triangle: &Triangle,
            max_t: Real,
            start: bool,
        ) -> Option<(Real, Vec3)>;

        /// Whether [`first_contact`](Self::first_contact) would answer `t = 0`: the shape,
        /// moved by `offset`, already touches `triangle` (which has an area). All a triangle
        /// can still do once another is touched at `t = 0` (it can only tie), so no sweep.
        #[inline]
        fn touches(&self, offset: Vec3, v: Vec3, triangle: &Triangle, start: bool) -> bool {
            // Over `[0, 0]` the casts give up at the first sign of a later contact.
            self.first_contact(offset, v, triangle, 0.0, start)
                .is_some_and(|(t, _)| t == 0.0)
        }

        /// A point of both the shape, moved by `offset`, and `triangle`, which touch (or, when
        /// `overlapping`, may overlap).
        fn contact_point(&self, offset: Vec3, triangle: &Triangle, overlapping: bool) -> Vec3;

        /// A point of the shape at rest.
        fn inner_point(&self) -> Vec3;

        /// A ball that holds the shape at rest: its center and radius.
        fn ball(&self) -> (Vec3, Real);

        /// `false` when the shape, moved by `offset` and then by at most `travel` in any
        /// direction, cannot reach the ball `(m, rho)`: a tighter rejection than
        /// [`ball`](Self::ball)'s for shapes a ball holds loosely. Never `false` for a pair
        /// that meets, rounding included.
        #[inline]
        fn may_reach(&self, _offset: Vec3, _travel: Real, _m: Vec3, _rho: Real) -> bool {
            true
        }
    }
}

use sealed::TriangleCast;

/// A shape moved by a translation, as a support map.
struct Shifted<'a, S: ?Sized> {
    shape: &'a S,
    offset: Vec3,
}

impl<'a, S: SupportMap + ?Sized> Shifted<'a, S> {
    fn by(shape: &'a S, offset: Vec3) -> Self {
        Self { shape, offset }
    }

    /// GJK's ray cast of the moved shape against `triangle` along `v` over `[0, max_t]`: the
    /// first time and the normal (zero where GJK gives none).
    fn cast_against(&self, triangle: &Triangle, v: Vec3, max_t: Real) -> Option<(Real, Vec3)> {
        gjk_raycast(self, triangle, v, max_t).map(|h| (h.t, h.normal.unwrap_or(Vec3::ZERO)))
    }
}

impl<S: SupportMap + ?Sized> SupportMap for Shifted<'_, S> {
    #[inline]
    fn support(&self, dir: Vec3) -> Vec3 {
        self.shape.support(dir) + self.offset
    }
}

/// The midpoint of GJK's closest points of two shapes that touch or overlap: a common point up
/// to rounding.
fn common_point<A: SupportMap + ?Sized, B: SupportMap + ?Sized>(a: &A, b: &B) -> Vec3 {
    let cp = gjk_closest_points(a, b, Vec3::X);
    (cp.a + cp.b) * 0.5
}

impl TriangleCast for Sphere {
    fn usable(&self) -> bool {
        self.is_usable()
    }

    fn bounds(&self) -> Aabb {
        self.aabb()
    }

    #[inline]
    fn extent(&self, n: Vec3) -> (Vec3, Real) {
        self.center_extent(n)
    }

    #[inline]
    fn first_contact(
        &self,
        offset: Vec3,
        v: Vec3,
        triangle: &Triangle,
        max_t: Real,
        start: bool,
    ) -> Option<(Real, Vec3)> {
        sphere_triangle_first(self.center + offset, self.radius, triangle, v, max_t, start)
    }

    #[inline]
    fn touches(&self, offset: Vec3, _v: Vec3, triangle: &Triangle, start: bool) -> bool {
        // The start test of `sphere_triangle_first`.
        start && triangle.distance_to_point(self.center + offset) <= self.radius
    }

    fn contact_point(&self, offset: Vec3, triangle: &Triangle, _overlapping: bool) -> Vec3 {
        // Within the radius of the center: the contact point when they touch.
        triangle.closest_point(self.center + offset)
    }

    fn inner_point(&self) -> Vec3 {
        self.center
    }

    fn ball(&self) -> (Vec3, Real) {
        (self.center, self.radius)
    }
}

/// The contact point of a capsule's core (moved) and radius with a triangle, as the capsule–
/// triangle sweep reports it.
fn capsule_point(core: Segment, r: Real, triangle: &Triangle, overlapping: bool) -> Vec3 {
    let cp = triangle.closest_points(&core);
    if overlapping {
        ball_overlap_middle(cp.b, r, cp.a, 0.0)
    } else {
        cp.a
    }
}

/// `segment` moved by `offset`.
fn moved(segment: Segment, offset: Vec3) -> Segment {
    Segment::new(segment.a + offset, segment.b + offset)
}

impl TriangleCast for Capsule {
    fn usable(&self) -> bool {
        self.is_usable()
    }

    fn bounds(&self) -> Aabb {
        self.aabb()
    }

    #[inline]
    fn extent(&self, n: Vec3) -> (Vec3, Real) {
        self.center_extent(n)
    }

    #[inline]
    fn first_contact(
        &self,
        offset: Vec3,
        v: Vec3,
        triangle: &Triangle,
        max_t: Real,
        start: bool,
    ) -> Option<(Real, Vec3)> {
        let core = moved(self.segment(), offset);
        capsule_triangle_first(&core, self.radius, triangle, v, max_t, start)
    }

    #[inline]
    fn touches(&self, offset: Vec3, _v: Vec3, triangle: &Triangle, start: bool) -> bool {
        // The start test of `capsule_triangle_first`.
        start && triangle.distance(&moved(self.segment(), offset)) <= self.radius
    }

    fn contact_point(&self, offset: Vec3, triangle: &Triangle, overlapping: bool) -> Vec3 {
        capsule_point(
            moved(self.segment(), offset),
            self.radius,
            triangle,
            overlapping,
        )
    }

    fn inner_point(&self) -> Vec3 {
        self.a
    }

    fn ball(&self) -> (Vec3, Real) {
        let half = (self.b - self.a) * 0.5;
        (self.a + half, half.length() + self.radius)
    }

    #[inline]
    fn may_reach(&self, offset: Vec3, travel: Real, m: Vec3, rho: Real) -> bool {
        // The core against the ball grown by the radius: the ball around a capsule of a
        // character's proportions is three times its radius.
        core_may_reach(
            self.a + offset,
            self.b + offset,
            self.radius + travel,
            m,
            rho,
        )
    }
}

/// A segment is a capsule of radius 0: its sweep is the ray against the prism of offsets.
impl TriangleCast for Segment {
    fn usable(&self) -> bool {
        self.is_usable()
    }

    fn bounds(&self) -> Aabb {
        self.aabb()
    }

    #[inline]
    fn extent(&self, n: Vec3) -> (Vec3, Real) {
        let half = (self.b - self.a) * 0.5;
        (self.a + half, n.dot(half).abs())
    }

    #[inline]
    fn first_contact(
        &self,
        offset: Vec3,
        v: Vec3,
        triangle: &Triangle,
        max_t: Real,
        start: bool,
    ) -> Option<(Real, Vec3)> {
        capsule_triangle_first(&moved(*self, offset), 0.0, triangle, v, max_t, start)
    }

    #[inline]
    fn touches(&self, offset: Vec3, _v: Vec3, triangle: &Triangle, start: bool) -> bool {
        // The start test of `capsule_triangle_first`.
        start && triangle.distance(&moved(*self, offset)) <= 0.0
    }

    fn contact_point(&self, offset: Vec3, triangle: &Triangle, overlapping: bool) -> Vec3 {
        capsule_point(moved(*self, offset), 0.0, triangle, overlapping)
    }

    fn inner_point(&self) -> Vec3 {
        self.a
    }

    fn ball(&self) -> (Vec3, Real) {
        let half = (self.b - self.a) * 0.5;
        (self.a + half, half.length())
    }

    #[inline]
    fn may_reach(&self, offset: Vec3, travel: Real, m: Vec3, rho: Real) -> bool {
        core_may_reach(self.a + offset, self.b + offset, travel, m, rho)
    }
}

/// The first contact of a box (center, unit axes, half extents) by the moving separating axes.
#[inline]
fn box_first(
    b: (Vec3, [Vec3; 3], Vec3),
    v: Vec3,
    triangle: &Triangle,
    max_t: Real,
) -> Option<(Real, Vec3)> {
    box_triangle(b, triangle.vertices(), v, max_t).map(|(t, _, normal)| (t, normal))
}

impl TriangleCast for Obb {
    fn usable(&self) -> bool {
        self.is_usable()
    }

    fn bounds(&self) -> Aabb {
        self.aabb()
    }

    #[inline]
    fn extent(&self, n: Vec3) -> (Vec3, Real) {
        self.center_extent(n)
    }

    #[inline]
    fn first_contact(
        &self,
        offset: Vec3,
        v: Vec3,
        triangle: &Triangle,
        max_t: Real,
        _start: bool,
    ) -> Option<(Real, Vec3)> {
        let r = self.rotation;
        let axes = [r.x_axis, r.y_axis, r.z_axis];
        box_first(
            (self.center + offset, axes, self.half_extents),
            v,
            triangle,
            max_t,
        )
    }

    fn contact_point(&self, offset: Vec3, triangle: &Triangle, _overlapping: bool) -> Vec3 {
        let moved = Obb::new(self.center + offset, self.half_extents, self.rotation);
        common_point(&moved, triangle)
    }

    fn inner_point(&self) -> Vec3 {
        self.center
    }

    fn ball(&self) -> (Vec3, Real) {
        // `rotation` need not be orthonormal: a corner `Σ ±h_i c_i` of the columns `c_i`
        // has `|Σ ±h_i c_i|² <= Σ h_i² |c_i|² + 2 Σ_{i<j} h_i h_j |c_i · c_j|`.
        let c = [
            self.rotation.x_axis,
            self.rotation.y_axis,
            self.rotation.z_axis,
        ];
        let h = self.half_extents;
        let mut r2 = 0.0;
        for i in 0..3 {
            r2 += h[i] * h[i] * c[i].length_squared();
            for j in i + 1..3 {
                r2 += 2.0 * h[i] * h[j] * c[i].dot(c[j]).abs();
            }
        }
        (self.center, crate::ops::sqrt(r2))
    }
}

impl TriangleCast for Aabb {
    fn usable(&self) -> bool {
        self.is_usable()
    }

    fn bounds(&self) -> Aabb {
        *self
    }

    #[inline]
    fn extent(&self, n: Vec3) -> (Vec3, Real) {
        self.center_extent(n)
    }

    #[inline]
    fn first_contact(
        &self,
        offset: Vec3,
        v: Vec3,
        triangle: &Triangle,
        max_t: Real,
        _start: bool,
    ) -> Option<(Real, Vec3)> {
        let axes = [Vec3::X, Vec3::Y, Vec3::Z];
        let center = self.center() + offset;
        box_first((center, axes, self.half_extents()), v, triangle, max_t)
    }

    fn contact_point(&self, offset: Vec3, triangle: &Triangle, _overlapping: bool) -> Vec3 {
        common_point(&Aabb::new(self.min + offset, self.max + offset), triangle)
    }

    fn inner_point(&self) -> Vec3 {
        self.min
    }

    fn ball(&self) -> (Vec3, Real) {
        (self.center(), self.half_extents().length())
    }
}

impl TriangleCast for Triangle {
    fn usable(&self) -> bool {
        self.is_usable()
    }

    fn bounds(&self) -> Aabb {
        self.aabb()
    }

    #[inline]
    fn extent(&self, n: Vec3) -> (Vec3, Real) {
        self.center_extent(n)
    }

    #[inline]
    fn first_contact(
        &self,
        offset: Vec3,
        v: Vec3,
        triangle: &Triangle,
        max_t: Real,
        _start: bool,
    ) -> Option<(Real, Vec3)> {
        // The pair sweep's own first contact: separating axes, or conservative advancement
        // where either triangle is a segment or a point within rounding.
        triangle_first(self, offset, v, triangle, max_t)
    }

    fn contact_point(&self, offset: Vec3, triangle: &Triangle, _overlapping: bool) -> Vec3 {
        common_point(&Shifted::by(self, offset), triangle)
    }

    fn inner_point(&self) -> Vec3 {
        self.a
    }

    fn ball(&self) -> (Vec3, Real) {
        corners_ball(&[self.a, self.b, self.c])
    }
}

impl TriangleCast for ConvexHull {
    fn usable(&self) -> bool {
        self.is_usable()
    }

    fn bounds(&self) -> Aabb {
        self.aabb()
    }

    #[inline]
    fn extent(&self, n: Vec3) -> (Vec3, Real) {
        self.center_extent(n)
    }

    #[inline]
    fn first_contact(
        &self,
        offset: Vec3,
        v: Vec3,
        triangle: &Triangle,
        max_t: Real,
        _start: bool,
    ) -> Option<(Real, Vec3)> {
        Shifted::by(self, offset).cast_against(triangle, v, max_t)
    }

    fn contact_point(&self, offset: Vec3, triangle: &Triangle, _overlapping: bool) -> Vec3 {
        common_point(&Shifted::by(self, offset), triangle)
    }

    fn inner_point(&self) -> Vec3 {
        self.points()[0]
    }

    fn ball(&self) -> (Vec3, Real) {
        corners_ball(self.points())
    }
}

/// A ball around `points` (not the smallest): the middle of their box and the largest distance
/// from it.
#[inline]
fn corners_ball(points: &[Vec3]) -> (Vec3, Real) {
    let (lo, hi) = points
        .iter()
        .fold((Vec3::INFINITY, Vec3::NEG_INFINITY), |(lo, hi), &p| {
            (lo.min(p), hi.max(p))
        });
    let center = (lo + hi) * 0.5;
    let r2 = points
        .iter()
        .fold(0.0, |r2: Real, &p| r2.max(p.distance_squared(center)));
    (center, crate::ops::sqrt(r2))
}

/// Whether the ball `(center, r)` moving by `v` over `[0, max_t]` may meet the ball
/// `(m, rho)`: the distance from `m` to the segment its center sweeps against `r + rho`. A
/// quick rejection before a triangle's exact sweep (a shape the size of a character meets far
/// fewer of the small triangles of a large mesh than its swept box does); the bound is widened
/// by many ulp of the magnitudes involved, so rounding never rejects a pair that meets.
#[inline]
fn balls_may_meet(center: Vec3, r: Real, v: Vec3, max_t: Real, m: Vec3, rho: Real) -> bool {
    let w = v * max_t;
    let d = m - center;
    let ww = w.length_squared();
    let s = if ww > 0.0 {
        (d.dot(w) / ww).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let gap = d - w * s;
    let scale = center.abs().max_element() + m.abs().max_element() + w.abs().max_element();
    let reach = (r + rho) * (1.0 + 64.0 * Real::EPSILON) + 64.0 * Real::EPSILON * scale;
    let reach2 = reach * reach;
    // Squares near the subnormal range lose their relative precision (and a tiny ball's
    // radius may have underflowed): no rejection there. NaN (an overflowing motion) does not
    // reject either.
    let tiny = Real::MIN_POSITIVE / (Real::EPSILON * Real::EPSILON);
    !(reach2 >= tiny && gap.length_squared() > reach2)
}

/// Whether the segment `[a, b]` grown by `r` may meet the ball `(m, rho)`: the distance from `m`
/// to the segment against `r + rho`, widened by many ulp of the magnitudes involved as in
/// [`balls_may_meet`], so rounding never rejects a pair that meets.
#[inline]
fn core_may_reach(a: Vec3, b: Vec3, r: Real, m: Vec3, rho: Real) -> bool {
    let ab = b - a;
    let am = m - a;
    let ll = ab.length_squared();
    let s = if ll > 0.0 {
        (am.dot(ab) / ll).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let gap = am - ab * s;
    let scale = a.abs().max_element() + b.abs().max_element() + m.abs().max_element();
    let reach = (r + rho) * (1.0 + 64.0 * Real::EPSILON) + 64.0 * Real::EPSILON * scale;
    let reach2 = reach * reach;
    let tiny = Real::MIN_POSITIVE / (Real::EPSILON * Real::EPSILON);
    !(reach2 >= tiny && gap.length_squared() > reach2)
}

/// The first contact within `[0, max_t]` of `shape`, moved by `offset` and moving by `v`, with
/// the triangles of `mesh` (at rest): `(t, slot, normal)`, the earliest, and among equal times
/// the lowest triangle index. The caller checks validity.
fn first_contact<S: TriangleCast + ?Sized>(
    mesh: &TriMesh,
    shape: &S,
    offset: Vec3,
    v: Vec3,
    max_t: Real,
) -> Option<(Real, u32, Vec3)> {
    let bounds = shape.bounds();
    let moving = MovingBox::new(bounds.min + offset, bounds.max + offset, v)?;
    let bvh = &mesh.bvh;
    // Boxes and casts are searched up to `slack` past the best time: a triangle whose cast
    // rounds to the best time (through a shared edge, say) can have its box entered a little
    // later than that, or its cast's own test against the limit round the other way, and the
    // lowest index among equal times must still be found. The casts' times are exact up to a
    // few hundred ulp of the coordinates, over the speed.
    let (lo, hi) = bvh.bounds();
    let scale = [bounds.min, bounds.max, lo, hi, v]
        .iter()
        .fold(offset.abs().max_element(), |s, p| {
            s.max(p.abs().max_element())
        });
    let slack = 256.0 * Real::EPSILON * scale / v.length();
    let slack = if slack.is_finite() { slack } else { 0.0 };
    let (ball_center, ball_r) = shape.ball();
    let ball_center = ball_center + offset;
    let speed = v.length();
    let best_t = Cell::new(max_t);
    // Once a triangle is touched at `t = 0`, its index: only a lower one can tie.
    let below = Cell::new(u32::MAX);
    let mut best: Option<(Real, u32, Vec3)> = None;
    bvh.sweep_leaves(
        &moving,
        || best_t.get() + slack,
        || below.get(),
        |first, count| {
            for slot in first..first + count {
                if bvh.degenerate[slot as usize] || bvh.order[slot as usize] >= below.get() {
                    continue;
                }
                let [a, b, c] = bvh.tri(slot);
                let limit = best_t.get();
                let triangle_box = (a.min(b).min(c), a.max(b).max(c));
                let Some(entry) = moving.entry(triangle_box.0, triangle_box.1, limit + slack)
                else {
                    continue;
                };
                // Nor unless its ball, moving, comes within reach of the triangle's.
                let (m, rho) = corners_ball(&[a, b, c]);
                if !balls_may_meet(ball_center, ball_r, v, limit + slack, m, rho)
                    || !shape.may_reach(offset, speed * (limit + slack), m, rho)
                {
                    continue;
                }
                // The shape cannot touch the triangle before it reaches its plane.
                let Some(plane) = reach_plane(shape, offset, v, [a, b, c], limit + slack) else {
                    continue;
                };
                let start = entry <= 0.0 && plane <= 0.0;
                let triangle = Triangle::new(a, b, c);
                if below.get() != u32::MAX {
                    // Touching from the start cannot be beaten, only tied, and ties go to the
                    // lowest index: what is left is whether this lower one touches too.
                    if shape.touches(offset, v, &triangle, start) {
                        best = Some((0.0, slot, Vec3::ZERO));
                        below.set(bvh.order[slot as usize]);
                    }
                    continue;
                }
                let Some((t, normal)) =
                    shape.first_contact(offset, v, &triangle, limit + slack, start)
                else {
                    continue;
                };
                let better = match best {
                    None => t <= limit,
                    Some((bt, bs, _)) => {
                        t < bt || t == bt && bvh.order[slot as usize] < bvh.order[bs as usize]
                    }
                };
                if better {
                    // `+ 0.0`: a touch at `−0` is reported at `+0`.
                    best = Some((t + 0.0, slot, normal));
                    best_t.set(t);
                    if t == 0.0 {
                        below.set(bvh.order[slot as usize]);
                    }
                }
            }
        },
    );
    best
}

/// The first time in `[0, max_t]` at which `shape`, moved by `offset` and moving by `v`, meets
/// the slab of the triangle `[a, b, c]` along its rounded normal (0 when it already does), or
/// `None`: a bound below which the triangle cannot be touched. The slab spans the three
/// corners' projections, so a sliver whose rounded normal leans off its true one (its corners
/// then lie off the plane through one of them) is still inside it; the shape's extent along the
/// normal is widened by a few ulp of the magnitudes involved, so rounding never culls a
/// touching triangle.
#[inline]
fn reach_plane<S: TriangleCast + ?Sized>(
    shape: &S,
    offset: Vec3,
    v: Vec3,
    [a, b, c]: [Vec3; 3],
    max_t: Real,
) -> Option<Real> {
    let n = (b - a).cross(c - a).normalize_or_zero();
    let (center, r) = shape.extent(n);
    let at = n.dot(center + offset);
    let (pa, pb, pc) = (n.dot(a), n.dot(b), n.dot(c));
    let (lo, hi) = (pa.min(pb).min(pc), pa.max(pb).max(pc));
    let r = r + 16.0 * Real::EPSILON * (at.abs() + lo.abs().max(hi.abs()) + r);
    let k = n.dot(v);
    // Apart: approaching at `-k` from above or `k` from below until the near side of the
    // extent reaches the slab.
    let (gap, closing) = if at - hi > r {
        (at - hi - r, -k)
    } else if lo - at > r {
        (lo - at - r, k)
    } else {
        return Some(0.0);
    };
    if !(closing > 0.0) {
        return None;
    }
    let t = gap / closing;
    (t <= max_t).then_some(t)
}

/// Whether `p` lies inside the solid `mesh` (`false` for a surface), for a shape known to
/// touch no triangle, which is then wholly inside or wholly outside.
fn inside(mesh: &TriMesh, p: Vec3) -> bool {
    mesh.solid && mesh.aabb().contains_point(p) && mesh.inside_solid(p)
}

/// The unit normal against the relative motion `v` (`+Y` without one): the normal reported for
/// shapes that already overlap.
fn against(v: Vec3) -> Vec3 {
    (-v).try_normalize().unwrap_or(Vec3::Y)
}

/// `Sweep<TriMesh>` for `shape` moving by `motion` and `mesh` by `mesh_motion`.
fn sweep_mesh<S: TriangleCast + ?Sized>(
    shape: &S,
    motion: Vec3,
    mesh: &TriMesh,
    mesh_motion: Vec3,
) -> Option<SweepHit> {
    if !(shape.usable() && motion.is_finite() && mesh_motion.is_finite()) {
        return None;
    }
    let v = motion - mesh_motion;
    let forward = first_contact(mesh, shape, Vec3::ZERO, v, 1.0);
    // `touched`: the triangle touched at `t_first` and the normal there.
    let (t_first, touched) = match forward {
        Some((0.0, slot, _)) => (0.0, Some((slot, Vec3::ZERO))),
        Some((t, slot, normal)) if !inside(mesh, shape.inner_point()) => (t, Some((slot, normal))),
        _ if inside(mesh, shape.inner_point()) => (0.0, None),
        _ => return None,
    };
    // The last contact: the first of the reversed motion from the end, or the end itself when
    // the shape ends inside a solid mesh.
    let t_last = match first_contact(mesh, shape, v, -v, 1.0 - t_first) {
        Some((0.0, ..)) => 1.0,
        Some((back, ..)) if !inside(mesh, shape.inner_point() + v) => 1.0 - back,
        Some(_) => 1.0,
        None if inside(mesh, shape.inner_point() + v) => 1.0,
        None => t_first,
    };
    let t_last = t_last.max(t_first);
    let offset = v * t_first;
    let (point, normal) = match touched {
        Some((slot, normal)) => {
            let [a, b, c] = mesh.bvh.tri(slot);
            let triangle = Triangle::new(a, b, c);
            let overlapping = t_first == 0.0;
            let normal = if overlapping { against(v) } else { normal };
            (shape.contact_point(offset, &triangle, overlapping), normal)
        }
        // Wholly inside a solid mesh at t = 0: a point of both.
        None => (shape.inner_point(), against(v)),
    };
    Some(SweepHit {
        t_first,
        t_last,
        // The contact was found in the mesh's frame; the mesh has moved by then.
        point: point + mesh_motion * t_first,
        normal,
    })
}

impl TriMesh {
    /// The first triangle that `shape`, moving by `motion` over `t` in `[0, 1]`, touches, with
    /// the time, the triangle's index, the contact point and the unit normal from the mesh
    /// towards the shape (the way to push the shape out).
    ///
    /// The triangles as a surface, as [`TriMesh::raycast_triangle`] sees them: a shape that
    /// starts wholly inside a solid mesh reports the first triangle it reaches (use
    /// [`Sweep`], which includes a solid mesh's inside, for `t = 0` there). Touching counts: a
    /// shape that already touches or overlaps a triangle reports `t = 0`, a point of both and
    /// the normal against the motion (`+Y` without motion). Among triangles touched at the same
    /// time, the lowest index. Exact up to rounding for spheres, capsules, segments, boxes and
    /// triangles (the closed forms of their triangle sweeps; a triangle collinear within
    /// rounding, moving or of the mesh, by conservative advancement as in its pair sweep) and
    /// for hulls (GJK's ray cast ends on polytopes); degenerate triangles of the mesh are never
    /// touched, degenerate shapes are what they are. `None` when the shape touches no triangle within the motion, and for
    /// invalid input (an invalid shape, a non-finite motion).
    ///
    /// ```
    /// use isect::{Sphere, TriMesh, math::Vec3};
    /// // A floor of two triangles, a ball of radius 1 falling onto it from 3 above.
    /// let floor = TriMesh::new(
    ///     vec![
    ///         Vec3::new(-4.0, 0.0, -4.0),
    ///         Vec3::new(4.0, 0.0, -4.0),
    ///         Vec3::new(4.0, 0.0, 4.0),
    ///         Vec3::new(-4.0, 0.0, 4.0),
    ///     ],
    ///     vec![[0, 2, 1], [0, 3, 2]],
    /// )
    /// .unwrap();
    /// let ball = Sphere::new(Vec3::new(1.0, 3.0, -1.0), 1.0);
    /// let hit = floor.sweep_triangle(&ball, Vec3::new(0.0, -4.0, 0.0)).unwrap();
    /// assert_eq!((hit.t, hit.triangle, hit.normal), (0.5, 0, Vec3::Y));
    /// assert_eq!(hit.point, Vec3::new(1.0, 0.0, -1.0));
    /// ```
    #[must_use]
    pub fn sweep_triangle<S: MeshSweepShape + ?Sized>(
        &self,
        shape: &S,
        motion: Vec3,
    ) -> Option<MeshSweepHit> {
        if !(shape.usable() && motion.is_finite()) {
            return None;
        }
        let (t, slot, normal) = first_contact(self, shape, Vec3::ZERO, motion, 1.0)?;
        let [a, b, c] = self.bvh.tri(slot);
        let overlapping = t == 0.0;
        Some(MeshSweepHit {
            t,
            triangle: self.bvh.order[slot as usize],
            point: shape.contact_point(motion * t, &Triangle::new(a, b, c), overlapping),
            normal: if overlapping { against(motion) } else { normal },
        })
    }
}

/// `Sweep<TriMesh>` for each shape, its mirror and its [`MeshSweepShape`] marker.
macro_rules! sweep_against_mesh {
    ($($shape:ty),*) => {$(
        impl Sweep<TriMesh> for $shape {
            /// The first and last time the shape touches the mesh: its triangles, and for a
            /// solid mesh ([`TriMesh::is_solid`]) also its inside, so a shape that starts
            /// wholly inside hits at `t_first = 0`. `t_last` is the last time of overlap over
            /// `[0, 1]` (the contacts need not be one stretch: `[t_first, t_last]` spans them
            /// all): the last contact with a triangle, or 1 when the shape ends inside a solid
            /// mesh. At `t_first > 0` the point and normal are those of the first triangle
            /// touched ([`TriMesh::sweep_triangle`]); for shapes that already overlap, a point
            /// of both and the normal against the relative motion (`+Y` without one). `None`
            /// when they never touch in `[0, 1]`, and for invalid input.
            fn sweep(&self, motion: Vec3, other: &TriMesh, other_motion: Vec3) -> Option<SweepHit> {
                sweep_mesh(self, motion, other, other_motion)
            }
        }
        mirror_sweep!($shape, TriMesh);
        impl MeshSweepShape for $shape {}
    )*};
}

sweep_against_mesh!(Sphere, Aabb, Obb, Capsule, Triangle, Segment, ConvexHull);
