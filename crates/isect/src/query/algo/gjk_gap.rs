//! What GJK knows beyond the closest points, for the queries built on it: the direction across
//! the closest features and its rounding (conservative advancement, [`gjk_gap`]), the distance
//! its support points proved ([`gjk_gap_proved`]), and the final simplex as pairs of the shapes'
//! points (EPA, [`gjk_end`]). The loop itself is [`crate::query::algo::gjk`]'s.

use crate::math::{Real, Vec3};
use crate::query::ClosestPoints;
use crate::query::algo::gjk::{Outcome, Simplex, SupportMap, gjk_answer, run, run_from};

/// [`gjk_closest_points`](crate::query::algo::gjk::gjk_closest_points) with what GJK knows of the gap's direction and rounding: the closest
/// points, the direction from `b` to `a` across the closest features (the closest point of
/// `A − B` less what rounding of the weights put along its feature: a segment 1e7 long gives
/// its closest point to a point 1 away an error of a unit along it, so the direction of
/// `a − b` is off by up to 45°, this one by rounding of the gap; a positive multiple of it, of
/// no particular length: for small shapes it is measured on them scaled up, see
/// `gjk_small::across_scaled`), zero when they touch, and
/// the rounding of the distance along that direction (the touching tolerance, per coordinate,
/// projected on it). For conservative advancement, whose steps need the gap's direction and
/// whose stopping test needs its rounding. With `warm`, GJK starts from that simplex (points of
/// `A − B`, say a previous run's final simplex moved with the shapes) instead of a support
/// point along `−initial_dir`; the final simplex is returned for the next warm start. Last,
/// the distance its support points proved (a lower bound, see [`gjk_gap_proved`]), which
/// advancement steps by where the gap along the direction proves none.
pub(crate) fn gjk_gap<A, B>(
    a: &A,
    b: &B,
    initial_dir: Vec3,
    warm: Option<Simplex>,
) -> (ClosestPoints, Vec3, Real, Simplex, Real)
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
{
    let (simplex, scale, outcome, rounding, proved) = match warm {
        Some(simplex) => run_from::<A, B, true>(a, b, simplex, false),
        None => run::<A, B, true>(a, b, initial_dir, false),
    };
    let cp = gjk_answer(&simplex, outcome);
    if outcome != Outcome::Converged {
        return (cp, Vec3::ZERO, 0.0, simplex, 0.0);
    }
    let (across, tolerance) = if scale < crate::query::algo::gjk_small::SMALL_SCALE {
        crate::query::algo::gjk_small::across_scaled(&simplex, rounding, scale)
    } else {
        across_and_tolerance(&simplex, rounding)
    };
    (cp, across, tolerance, simplex, proved)
}

/// [`gjk_gap`] (cold) and the distance GJK's support points proved: the largest gap
/// `v · w / |v|` along the directions `v` it tried (`w` the support point of `A − B` along
/// `−v`), a lower bound on the distance up to the rounding of the support points, where the
/// closest points' distance is an upper bound (the length between two points of the shapes).
/// For curved shapes the two can differ by GJK's accuracy (a bar and a ball `2.3e-4` apart in
/// `f32`: distance `3.6e-4`); 0 when no support point proved a positive gap and when the shapes
/// touch. For rotating conservative advancement, whose steps must not exceed the distance.
pub(crate) fn gjk_gap_proved<A, B>(a: &A, b: &B, initial_dir: Vec3) -> (ClosestPoints, Vec3, Real)
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
{
    let (cp, across, _, _, proved) = gjk_gap(a, b, initial_dir, None);
    (cp, across, proved)
}

/// The direction across the closest features of a converged `simplex` ([`Simplex::across`])
/// and the rounding `rounding` (per coordinate) projected on it: see [`gjk_gap`].
#[inline]
pub(crate) fn across_and_tolerance(simplex: &Simplex, rounding: Vec3) -> (Vec3, Real) {
    let across = simplex.across(simplex.point());
    let length = crate::query::algo::scale::length(across);
    let tolerance = if length > 0.0 {
        across.abs().dot(rounding) / length
    } else {
        0.0
    };
    (across, tolerance)
}

/// Where GJK left two shapes, for EPA ([`crate::query::algo::epa`]): the final simplex as pairs
/// of points `(a, b)` of the two shapes (its vertices are `a − b`), how many of them count, the
/// largest coordinate seen, and whether the shapes touch or overlap (else `closest` holds their
/// closest points). `None` for non-finite support points (invalid input).
#[cfg(feature = "alloc")]
pub(crate) struct GjkEnd {
    pub(crate) simplex: [(Vec3, Vec3); 4],
    pub(crate) len: usize,
    pub(crate) scale: Real,
    pub(crate) touching: bool,
    pub(crate) closest: ClosestPoints,
}

/// Runs GJK (as [`gjk_closest_points`](crate::query::algo::gjk::gjk_closest_points), or with `stop_when_separated` as
/// [`gjk_intersects_from`](crate::query::algo::gjk::gjk_intersects_from), whose answer `touching` then is) and returns its final simplex: see
/// [`GjkEnd`].
#[cfg(feature = "alloc")]
pub(crate) fn gjk_end<A, B>(
    a: &A,
    b: &B,
    initial_dir: Vec3,
    stop_when_separated: bool,
) -> Option<GjkEnd>
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
{
    let (simplex, scale, outcome, _, _) =
        run::<A, B, false>(a, b, initial_dir, stop_when_separated);
    if outcome == Outcome::Invalid {
        return None;
    }
    let (pa, pb) = simplex.closest_points();
    let mut pairs = [(Vec3::ZERO, Vec3::ZERO); 4];
    for (pair, vertex) in pairs.iter_mut().zip(&simplex.vertices[..simplex.len]) {
        *pair = (vertex.a, vertex.b);
    }
    Some(GjkEnd {
        simplex: pairs,
        len: simplex.len,
        scale,
        touching: outcome == Outcome::Touching,
        closest: ClosestPoints::from_points(pa, pb),
    })
}
