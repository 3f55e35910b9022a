//! Issue 24, fuzz (`query_driver`, seed 2703, intersects and distance families, 35 cases): a
//! hull with a corner near `Real::MAX` (`(3.4e38, −3.4e38, −4.1)`) against a segment, ray or line
//! met it (`intersects` true, distance 0) at scale 1 while the exact distance is 3.38e36 (the
//! hull's other end to the segment, by exact rationals), which every smaller scale gave. Cause:
//! the hull's face planes, built at scale 1, had offsets `n · p` beyond `Real::MAX` (`+∞`), and
//! the query's rescaling scaled `+∞` to `+∞`, so every point passed that face's test. Now a
//! rescaled hull takes such an offset again from its scaled points.

use isect::math::Vec3;
use isect::{ConvexHull, Distance, Intersects, Line, Ray, Real, Segment};

use super::pow2;
use crate::common::v;

/// The fuzzer's hull and segment (distance family) as `f32` numbers, at the top of the range:
/// apart by 3.3811594e36 (the hull's end `(−11.8, −3.38e36, −7.9)` to the segment's end
/// `(−4.9, 7, 2.2)`), at scale 1 and at smaller powers of two; and the line and ray through the
/// segment, which come no closer.
#[test]
fn hull_near_float_max_met_a_far_segment() {
    let f = |x: f32, y: f32, z: f32| v(Real::from(x), Real::from(y), Real::from(z));
    let (p, q) = (
        f(3.402_823_5e38, -3.402_823_5e38, -4.125),
        f(-11.804_959, -3.381_159_4e36, -7.875),
    );
    let (a, b) = (f(-1.0625, 401_839.38, -4.75), f(-4.9375, 7.0, 2.1875));
    let exact: f64 = 3.381_159_444_392_448e36;
    for k in [0, -1, -2, -8, -22] {
        let s = pow2(k);
        let hull = ConvexHull::new(vec![p * s, q * s]);
        let segment = Segment::new(a * s, b * s);
        let at = format!("2^{k}");
        for d in [
            segment.closest_points(&hull).distance,
            hull.closest_points(&segment).distance,
        ] {
            let expected = exact as Real * s;
            assert!(
                (d - expected).abs() <= 64.0 * Real::EPSILON * expected,
                "{at}: distance {d} against {expected}"
            );
        }
        assert!(
            !segment.intersects(&hull) && !hull.intersects(&segment),
            "{at}"
        );
        // The segment's line and a ray along it: the same answer as at 2⁻¹, where the planes
        // did not overflow, and `intersects` agreeing with the distance.
        let dir = b - a;
        let half = ConvexHull::new(vec![p * 0.5, q * 0.5]);
        let line = |s: Real| Line::new(a * s, dir);
        let ray = |s: Real| Ray::new(b * s, dir);
        assert_eq!(
            line(s).intersects(&hull),
            line(0.5).intersects(&half),
            "{at}: line"
        );
        assert_eq!(
            ray(s).intersects(&hull),
            ray(0.5).intersects(&half),
            "{at}: ray"
        );
        assert_eq!(
            hull.intersects(&ray(s)),
            ray(s).closest_points(&hull).distance == 0.0,
            "{at}: ray"
        );
    }
}

/// Control: the segment moved onto the hull's far end meets it at every one of those scales.
#[test]
fn hull_near_float_max_control_touching() {
    let f = |x: f32, y: f32, z: f32| v(Real::from(x), Real::from(y), Real::from(z));
    let (p, q) = (
        f(3.402_823_5e38, -3.402_823_5e38, -4.125),
        f(-11.804_959, -3.381_159_4e36, -7.875),
    );
    for k in [0, -1, -8] {
        let s = pow2(k);
        let hull = ConvexHull::new(vec![p * s, q * s]);
        let segment = Segment::new(q * s, q * s + Vec3::ONE);
        assert!(segment.intersects(&hull), "2^{k}");
        assert_eq!(segment.closest_points(&hull).distance, 0.0, "2^{k}");
    }
}
