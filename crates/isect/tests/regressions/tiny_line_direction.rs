//! Issue 24 item 11, fuzz (AFL `query_distance`, 2026-11-27): a line or ray whose direction is
//! valid but tiny (`2.6e-23` in `f32`) against a triangle or hull got the invalid-input answer
//! (distance `+∞`, points `∞`) at that scale and 0 at scale 1: the stretch of the line that can
//! hold its closest point divided by `|dir|²`, which underflowed to 0. The direction is now
//! brought to a largest coordinate in `[1, 2)` by a power of two first (the same set).

use isect::math::Vec3;
use isect::{ConvexHull, Distance, Line, Ray, Real, Triangle};

use super::pow2;
use crate::common::v;

/// Directions whose squared length underflows (and, for control, ordinary and huge ones whose
/// square overflows) in the precision under test.
fn exponents() -> Vec<i32> {
    let min = Real::MIN_EXP; // -125 in f32, -1021 in f64
    let max = Real::MAX_EXP; // 128 and 1024
    vec![
        min / 2 - 20,
        min / 2 - 1,
        min + 30,
        -3,
        0,
        5,
        max / 2 + 1,
        max - 30,
    ]
}

/// A unit triangle one unit above a line through the origin: distance exactly 1 (and 0 for the
/// triangle moved onto the line), whatever the direction's length, for lines and rays both
/// ways along the direction.
#[test]
fn tiny_direction_was_answered_as_invalid() {
    let triangle = Triangle::new(v(0.0, 1.0, 0.0), v(1.0, 1.0, 0.0), v(0.0, 1.0, 1.0));
    let touching = Triangle::new(v(0.0, 0.0, 0.0), v(1.0, 0.0, 1.0), v(0.0, 0.0, 1.0));
    let point = ConvexHull::new(vec![Vec3::ZERO]);
    for k in exponents() {
        for dir in [v(1.0, 0.0, 0.0), v(-1.0, 0.0, 1.0), v(0.0, 0.0, -1.0)] {
            let dir = dir * pow2(k);
            let at = format!("direction {dir} (2^{k})");
            let line = Line::new(Vec3::ZERO, dir);
            let ray = Ray::new(Vec3::ZERO, dir);
            assert_eq!(line.distance(&triangle), 1.0, "{at}: line");
            assert_eq!(triangle.distance(&line), 1.0, "{at}: line, swapped");
            assert_eq!(ray.distance(&triangle), 1.0, "{at}: ray");
            assert_eq!(line.distance(&touching), 0.0, "{at}: line touching");
            assert_eq!(ray.distance(&point), 0.0, "{at}: ray from a hull's point");
            let cp = line.closest_points(&point);
            assert_eq!(
                (cp.distance, cp.a, cp.b),
                (0.0, Vec3::ZERO, Vec3::ZERO),
                "{at}"
            );
        }
    }
}
