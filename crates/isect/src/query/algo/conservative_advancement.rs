//! Sweeps of convex shapes known by their support maps: conservative advancement over GJK
//! distances (the GJK ray cast idea of van den Bergen, *Collision Detection in Interactive 3D
//! Environments* §4.3.4, in its conservative-advancement form, Mirtich 1996).
//!
//! For translating convex shapes separated along a direction `n` by a gap `g` (the difference
//! of their extents along `n`, measured from the support maps), the relative motion `v` cannot
//! bring them into contact before it has closed that gap: advancing time by `g / (v · n)` never
//! passes the first contact, and if `v · n <= 0` they never meet. `n` is the direction between
//! GJK's closest points, which makes `g` close to the distance and the steps nearly optimal; when
//! rounding leaves `n` not quite separating, the step is `p / |v|` for the distance `p` that
//! GJK's support points proved (a lower bound), which is safe whatever the direction. GJK's
//! distance itself is that of two points of the shapes, an upper bound that GJK can leave
//! unproved: where neither proves a gap, advancement stops there, no later than the contact.
//! The last time of contact is the first time of contact of the reversed motion from `t = 1`.

use crate::math::{ON_SET_TOLERANCE, Real, Vec3};
use crate::query::SweepHit;
use crate::query::algo::balls::ball_overlap_middle;
use crate::query::algo::gjk::{Simplex, SupportMap, Vertex, gjk_closest_points, gjk_gap};
use crate::query::algo::scale::normalize;

/// The distance, relative to the shapes' coordinates, within which conservative advancement may
/// stop: about `1.2e-4` in `f32` and `2.2e-13` in `f64`. GJK resolves distances between curved
/// shapes only to about `√ε` of their size, so for such shapes the gap at the reported time can
/// be up to that much (the steps use proved gaps, lower bounds, so the time reached is never past
/// the contact). Where GJK resolves the gap (polytope cores, every sweep of this crate: spheres and
/// capsules are their centers and core segments rounded by the radius), advancement goes on
/// until the proved gap is within four times the rounding GJK's gap carries (its touching
/// tolerance along the gap, plus [`ON_SET_TOLERANCE`] of the margins), so a near miss is a miss.
pub const ADVANCEMENT_RELATIVE_TOLERANCE: Real = 1000.0 * Real::EPSILON;

/// The most advancement steps; each takes a GJK query. Approaches nearly parallel to the
/// separating plane converge slowest; the cap makes termination certain, and the time reached
/// is then still no later than the first contact.
pub const ADVANCEMENT_MAX_STEPS: usize = 64;

/// A shape moved by a translation, as a support map.
struct Shifted<'a, S: ?Sized> {
    shape: &'a S,
    offset: Vec3,
}

impl<S: SupportMap + ?Sized> SupportMap for Shifted<'_, S> {
    #[inline]
    fn support(&self, dir: Vec3) -> Vec3 {
        self.shape.support(dir) + self.offset
    }
}

/// The first contact of `a` moving by `v` per unit time (starting shifted by `start`) with the
/// resting `b`, within time `[0, 1]`, for shapes that are the cores `a` and `b` rounded by the
/// total margin `margin`: the time, a contact point and the unit normal from `b` towards `a`
/// (`None` for cores that already touch or overlap at the start, whose way out GJK does not
/// see: [`overlap_normal`] finds it for the runs that need it). `Some((0, ..))` when they
/// already touch; `None` when they never do, or for non-finite support points.
fn advance<A, B>(
    a: &A,
    start: Vec3,
    v: Vec3,
    b: &B,
    margins: (Real, Real),
) -> Option<(Real, Vec3, Option<Vec3>)>
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
{
    let margin = margins.0 + margins.1;
    let mut t: Real = 0.0;
    let mut dir = -v;
    let mut last = None;
    // The previous step's final simplex, moved with `a`: GJK starts from it (warm) rather than
    // from one support point, and needs fewer iterations to confirm the closest features.
    let mut warm: Option<Simplex> = None;
    for _ in 0..ADVANCEMENT_MAX_STEPS {
        let shifted = Shifted {
            shape: a,
            offset: start + v * t,
        };
        let (cp, across, rounding, simplex, proved) = gjk_gap(&shifted, b, dir, warm);
        if !cp.distance.is_finite() {
            return None;
        }
        let scale = cp.a.abs().max_element().max(cp.b.abs().max_element()) + margin;
        // The direction across the closest features, not that of `cp.a − cp.b`: beside a long
        // segment the closest point's rounding along it (half a unit at 4e6 in f32) turns
        // `a − b` by up to 45° for a gap of 1 (issue 24).
        let n = normalize(across).unwrap_or((cp.a - cp.b) / cp.distance);
        let apart = cp.distance - margin;
        // From b towards a: the direction a is pushed out along. GJK's closest points near
        // contact give this direction only approximately, so what it proves is measured: the
        // gap along n between the two shapes' extents.
        let gap = n.dot(shifted.support(-n)) - n.dot(b.support(n)) - margin;
        // What is proved apart: the gap along n, or the distance GJK's support points proved
        // along the directions it tried. Both are lower bounds (up to the support points'
        // rounding); GJK's distance is that of two points of the shapes, an upper bound, which
        // GJK may leave unproved (a box and a flat hull that overlap near a corner 1e-13 from
        // the box's face: distance 3.1e-4 at coordinates near 3, no gap proved; stepping by it
        // crept on in 64 steps to t = 0.31, and backwards to a scale-dependent `t_last`,
        // issue 24).
        let proved = gap.max(proved - margin);
        // Within the stopping distance, a gap that GJK still resolves on the cores (polytopes
        // in every sweep of this crate, whose distances it finds to rounding) is a near miss
        // or an approach not yet finished: advancing on decides which (a capsule passing an
        // OBB 3.6e-4 apart, with coordinates near 4, was reported as a hit).
        // Resolved: a proved gap beyond four times the rounding GJK's gap carries across the
        // features (per coordinate, projected on n: not the coordinates' magnitude, which for a
        // segment 9.6e6 long along x made a sphere 6.8 beside it touch, issue 24) and the
        // margin's.
        let resolved = proved > 4.0 * (rounding + ON_SET_TOLERANCE * margin) && n.is_finite();
        // Nothing proved apart: no step is safe (GJK does not resolve the gap, or the shapes
        // touch); stop here, no later than the contact.
        if (apart <= ADVANCEMENT_RELATIVE_TOLERANCE * scale && !resolved) || !(proved > 0.0) {
            // Touching (or overlapping by rounding). The normal between the cores when they are
            // apart; else that of the last separated step (none for cores that touch from the
            // start).
            let normal = if cp.distance > 0.0 && n.is_finite() {
                Some(n)
            } else {
                last
            };
            return Some((
                t,
                ball_overlap_middle(cp.a, margins.0, cp.b, margins.1),
                normal,
            ));
        }
        let closing = -v.dot(n);
        let step = if gap > 0.0 {
            if !(closing > 0.0) {
                return None; // separated along n, and the motion does not close the gap
            }
            // The gap along n closes at exactly `closing`: no contact before that.
            gap / closing
        } else {
            // n is not quite separating: the proved distance shrinks at most at |v|.
            proved / v.length()
        };
        if !(step > 0.0) {
            return None; // no relative motion
        }
        t += step;
        if !(t <= 1.0) {
            return None;
        }
        last = Some(n);
        dir = n;
        // The simplex's points of `a` moved by the step (to rounding of the offsets, the
        // points' own rounding as support points of the shifted shape).
        let moved = (start + v * t) - shifted.offset;
        let mut next = simplex;
        for x in &mut next.vertices[..next.len] {
            *x = Vertex::new(x.a + moved, x.b);
        }
        warm = Some(next);
    }
    // Out of steps: t is still no later than the first contact.
    let shifted = Shifted {
        shape: a,
        offset: start + v * t,
    };
    let cp = gjk_closest_points(&shifted, b, dir);
    let normal = Some(last.unwrap_or(Vec3::Y));
    let point = ball_overlap_middle(cp.a, margins.0, cp.b, margins.1);
    cp.distance.is_finite().then_some((t, point, normal))
}

/// The sweep of `a` moving by `motion_a` against `b` moving by `motion_b` over `[0, 1]`, by
/// conservative advancement (see the module docs): `t_first` no later than the first contact
/// and within [`ADVANCEMENT_RELATIVE_TOLERANCE`] (or GJK's accuracy, see there) of it,
/// `t_last` likewise from the other end. The point lies between the two shapes' closest points
/// at `t_first`; the normal points from `b` towards `a`. For shapes that already overlap at
/// `t = 0`, `t_first = 0`, the point is a common point and the normal the way out of the overlap
/// (the direction to push `a` out of `b`): between the cores' closest points where only the
/// margins overlap, else the cores' penetration normal by EPA (without the `alloc` feature,
/// which EPA needs, against the relative motion, `+Y` without one).
///
/// The caller checks that the shapes are valid (GJK cannot see a negative radius).
#[must_use]
pub fn gjk_sweep<A, B>(a: &A, motion_a: Vec3, b: &B, motion_b: Vec3) -> Option<SweepHit>
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
{
    gjk_sweep_rounded(a, 0.0, motion_a, b, 0.0, motion_b)
}

/// [`gjk_sweep`] for shapes given as a core rounded by a margin: a sphere is its center rounded
/// by its radius, a capsule its core segment rounded by its radius (margin 0 for the others).
/// GJK then works on the cores, polytopes whose closest points it finds to full precision, so
/// the contact normal is accurate where it would otherwise depend on GJK's convergence on
/// curved surfaces.
#[must_use]
pub fn gjk_sweep_rounded<A, B>(
    a: &A,
    margin_a: Real,
    motion_a: Vec3,
    b: &B,
    margin_b: Real,
    motion_b: Vec3,
) -> Option<SweepHit>
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
{
    advancement_sweep(
        (a, margin_a, motion_a),
        (b, margin_b, motion_b),
        |against| overlap_normal(a, b, against),
    )
}

/// [`gjk_sweep_rounded`] on `(shape, margin, motion)` triples, with the way out of cores that
/// already touch or overlap at `t = 0` given by `start_normal(against)` (`against` is the
/// reverse of the relative motion, `+Y` without one): a pair with its own contact routine
/// passes its contact normal, so that a sweep from an overlap and the contact agree.
pub(crate) fn advancement_sweep<A, B>(
    (a, margin_a, motion_a): (&A, Real, Vec3),
    (b, margin_b, motion_b): (&B, Real, Vec3),
    start_normal: impl FnOnce(Vec3) -> Vec3,
) -> Option<SweepHit>
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
{
    if !(motion_a.is_finite() && motion_b.is_finite()) {
        return None;
    }
    let margins = (margin_a, margin_b);
    let v = motion_a - motion_b;
    let (t_first, relative_point, normal) = advance(a, Vec3::ZERO, v, b, margins)?;
    // Only the forward run's normal is reported: the way out of cores that overlap at the start
    // is worked out here, not in `advance`, so the backward run never pays for it.
    let normal = normal.unwrap_or_else(|| start_normal(normalize(-v).unwrap_or(Vec3::Y)));
    // Backwards from the end: the first contact of the reversed motion.
    let t_last = match advance(a, v, -v, b, margins) {
        Some((back, _, _)) => (1.0 - back).max(t_first),
        None => t_first,
    };
    Some(SweepHit {
        t_first,
        t_last,
        // b has moved by motion_b * t_first in the world.
        point: relative_point + motion_b * t_first,
        normal,
    })
}

/// The first contact within `[0, 1]` of `a`, shifted by `start` and moving by `v`, with the
/// resting `b` (polytope cores, no margins): the time and the unit normal from `b` towards `a`
/// (`None` for shapes that already touch or overlap at the start). The forward run of
/// [`advancement_sweep`], for callers that take many first contacts of one shape (the mesh
/// sweeps), so that their times are those of the pair sweep bit for bit.
#[inline]
pub(crate) fn advancement_first<A, B>(
    a: &A,
    start: Vec3,
    v: Vec3,
    b: &B,
) -> Option<(Real, Option<Vec3>)>
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
{
    advance(a, start, v, b, (0.0, 0.0)).map(|(t, _, normal)| (t, normal))
}

/// The way out for shapes that touch or overlap (GJK's distance 0): the unit normal from `b`
/// towards `a` along which moving `a` by the penetration depth separates them (EPA,
/// [`crate::query::algo::epa`]). `fallback` for non-finite support points, and always without
/// the `alloc` feature (EPA's polytope is a growing list).
#[must_use]
pub(crate) fn overlap_normal<A, B>(a: &A, b: &B, fallback: Vec3) -> Vec3
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
{
    #[cfg(feature = "alloc")]
    {
        crate::query::algo::epa::epa_contact(a, b, true, fallback).map_or(fallback, |c| c.normal)
    }
    #[cfg(not(feature = "alloc"))]
    {
        let _ = (a, b);
        fallback
    }
}
