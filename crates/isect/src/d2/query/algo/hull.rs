//! The convex hull of points in the plane: Andrew's monotone chain (A. M. Andrew, "Another
//! efficient algorithm for convex hulls in two dimensions", 1979) with exact orientations, so the
//! hull keeps exactly the points that are strict corners.

use crate::d2::query::algo::exact::orient;
use crate::math::{Vec2, value_cmp};

/// Sorts `points` (finite) by `x`, then `y`, and drops repeats.
#[inline]
pub(crate) fn sort_points(points: &mut [Vec2]) -> usize {
    points.sort_unstable_by(|p, q| value_cmp(p.x, q.x).then(value_cmp(p.y, q.y)));
    let mut kept = 0;
    for i in 0..points.len() {
        if kept == 0 || points[i] != points[kept - 1] {
            points[kept] = points[i];
            kept += 1;
        }
    }
    kept
}

/// Writes the hull of `sorted` (finite, sorted and without repeats by [`sort_points`]) into
/// `out`, counter-clockwise from the lowest of the leftmost points, without collinear or
/// repeated vertices, and returns the count: 0 for no points, 1 for a point, 2 for a segment
/// (its ends), otherwise a strictly convex polygon. `out` needs room for `2 · sorted.len()`
/// points (the chains push points before they are popped).
pub(crate) fn hull_of_sorted(sorted: &[Vec2], out: &mut [Vec2]) -> usize {
    if sorted.len() <= 2 {
        out[..sorted.len()].copy_from_slice(sorted);
        return sorted.len();
    }
    let mut k = 0;
    // The lower chain left to right, then the upper chain back; a point is dropped while the
    // last two and it do not turn strictly left (collinear points go too).
    for &p in sorted {
        while k >= 2 && orient(out[k - 2], out[k - 1], p) <= 0 {
            k -= 1;
        }
        out[k] = p;
        k += 1;
    }
    let lower = k + 1;
    for &p in sorted.iter().rev().skip(1) {
        while k >= lower && orient(out[k - 2], out[k - 1], p) <= 0 {
            k -= 1;
        }
        out[k] = p;
        k += 1;
    }
    // The last point is the first again.
    k - 1
}
