//! Closest points between two linear components (lines, rays, segments), for the pairs of them.

use crate::math::on_set_tolerance;
use crate::query::ClosestPoints;
use crate::query::algo::linear::{Linear, closest_parameters, far_points, line_line_distance};

/// Closest points between two lines, rays or segments (see [`closest_parameters`]).
#[inline]
pub(super) fn linear_closest_points(p: &Linear, q: &Linear) -> ClosestPoints {
    if !(p.is_usable() && q.is_usable()) {
        return ClosestPoints::NONE;
    }
    let (s, t) = closest_parameters(p, q);
    if !(s.is_finite() && t.is_finite()) {
        return far_pair(p, q);
    }
    let mut pair = ClosestPoints::from_points(p.at(s), q.at(t));
    // A pair inside both intervals is the lines' closest pair. Nearly parallel, it lies far out
    // (about |q₀ − p₀| / sin θ) and its points carry an ulp of their coordinates each, which
    // can swamp the distance: lines 0.79 apart and 1e-6 rad from parallel measured 0.77 and
    // "met" (regressions::nearly_parallel_far_pair). Their distance by the normal, right to the
    // origins' ulp, replaces it where the two agree within the pair's own tolerance (so a pair
    // that clamping moved keeps its own distance).
    if p.is_inside(s) && q.is_inside(t) {
        if let Some(d) = line_line_distance(p, q) {
            if (pair.distance - d).abs() <= on_set_tolerance([pair.a, pair.b]) {
                pair.distance = d;
            }
        }
    }
    pair
}

/// The closest pair of two lines (or rays, or a line and a ray) whose crossing lies beyond the
/// float range inside both intervals: its points with the coordinates the pair lies beyond the
/// float range in `±∞` (the others right), and its distance from the normal ([`line_line_distance`],
/// finite and right to the origins' ulp). Lines `2⁻¹²⁶` rad apart and 1 apart got a finite pair
/// near their origins, 8.06 apart (issue 24, `regressions::closest_pair_beyond_range`).
#[cold]
#[inline(never)]
fn far_pair(p: &Linear, q: &Linear) -> ClosestPoints {
    match (far_points(p, q), line_line_distance(p, q)) {
        (Some((a, b)), Some(distance)) => ClosestPoints { a, b, distance },
        _ => ClosestPoints::NONE,
    }
}
