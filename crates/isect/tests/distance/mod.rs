//! Closest points and distances: hand cases, and for every pair the properties of issue 4 —
//! symmetry (swapping the arguments swaps the points), `distance == |a − b|`, each point on its
//! shape, no sampled pair of points closer, agreement with GJK where both shapes are convex
//! support maps, and distance 0 exactly when `intersects` says they meet.

mod pairs;
mod polytopes;

use isect::math::Vec3;
use isect::query::SupportMap;
use isect::query::algo::gjk::gjk_closest_points;
use isect::{Distance, PointQuery, Real};

use crate::common::sample::Sample;
use crate::common::transform::{self, Exact};
use crate::common::{gjk_distance_tolerance, tol};

/// Checks the closest points of `a` and `b` against the properties above; `samples` are
/// parameter pairs for [`Sample`]; `overlap` is `intersects(a, b)` where that pair has it.
#[track_caller]
pub fn check<A, B>(a: &A, b: &B, samples: &[(Vec3, Vec3)], overlap: Option<bool>)
where
    A: Distance<B> + PointQuery + Sample + Exact + core::fmt::Debug,
    B: Distance<A> + PointQuery + Sample + Exact + core::fmt::Debug,
{
    let cp = a.closest_points(b);
    let what = format!("{a:?} and {b:?}: {cp:?}");
    let m = b.closest_points(a);
    let scale =
        cp.a.abs()
            .max_element()
            .max(cp.b.abs().max_element())
            .max(10.0);
    let t = tol(scale);
    assert!(
        cp.distance.is_finite(),
        "no answer for valid shapes: {what}"
    );
    assert!(
        (cp.distance - m.distance).abs() <= t,
        "not symmetric: {what} vs {m:?}"
    );
    // The swapped call is the same call for a mirror-macro pair; exact transformations of both
    // shapes run the code on other numbers ([`transform::Exact`]): scaled by a power of four
    // the distance scales exactly, turned or described otherwise it moves by rounding only.
    let mut numbers = a.numbers();
    numbers.extend(b.numbers());
    if transform::exactly_scalable(&numbers) {
        for s in [4.0, 0.0625] {
            let d = a.scaled(s).distance(&b.scaled(s));
            // (Shapes that do not meet but whose closest points coincide in rounding have the
            // smallest positive distance, which is a floor, not a length: it does not scale.)
            let min = Real::MIN_POSITIVE.to_bits();
            let floor = cp.distance.to_bits() == min && d.to_bits() == min;
            assert!(d == cp.distance * s || floor, "scaled by {s}: {d}, {what}");
        }
        let turned = a.turned().distance(&b.turned());
        assert!(
            (turned - cp.distance).abs() <= t,
            "turned: {turned}, {what}"
        );
        let reordered = a.reordered().distance(&b.reordered());
        assert!(
            (reordered - cp.distance).abs() <= t,
            "reordered: {reordered}, {what}"
        );
    }
    assert!(
        (cp.distance - cp.a.distance(cp.b)).abs() <= t,
        "distance is not |a − b|: {what}"
    );
    assert!(
        a.distance_to_point(cp.a) <= t,
        "a not on the first shape: {what}"
    );
    assert!(
        b.distance_to_point(cp.b) <= t,
        "b not on the second shape: {what}"
    );
    for (u, w) in samples {
        let (p, q) = (a.sample(*u), b.sample(*w));
        assert!(
            p.distance(q) >= cp.distance - t,
            "sampled points {p} and {q} are closer ({}): {what}",
            p.distance(q)
        );
    }
    if let Some(overlap) = overlap {
        assert_eq!(
            cp.distance == 0.0,
            overlap,
            "distance 0 but not intersects, or back: {what}"
        );
    }
}

/// [`check`], plus agreement with GJK for two support maps.
#[track_caller]
pub fn check_convex<A, B>(a: &A, b: &B, samples: &[(Vec3, Vec3)], overlap: Option<bool>)
where
    A: Distance<B> + PointQuery + Sample + SupportMap + Exact + core::fmt::Debug,
    B: Distance<A> + PointQuery + Sample + SupportMap + Exact + core::fmt::Debug,
{
    check(a, b, samples, overlap);
    let d = a.distance(b);
    let g = gjk_closest_points(a, b, Vec3::X).distance;
    let scale = 20.0;
    assert!(
        (d - g).abs() <= gjk_distance_tolerance(d, scale),
        "GJK says {g}, isect {d}: {a:?} and {b:?}"
    );
}

/// Sample parameter pairs.
pub fn samples() -> impl proptest::strategy::Strategy<Value = Vec<(Vec3, Vec3)>> {
    proptest::collection::vec(
        (
            crate::common::sample::unit_cube(),
            crate::common::sample::unit_cube(),
        ),
        16,
    )
}
