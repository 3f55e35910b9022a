//! Issue 24 in the plane: radii and distances whose squares overflow or underflow. A circle or
//! capsule of any finite magnitude gets the right answer (a power-of-two scaling of the input
//! scales the answer exactly); where the answer is not representable it says so (`+∞`), never
//! a finite wrong one.

use isect::Real;
use isect::d2::{Capsule, Circle, Distance, Intersects, PointQuery};
use isect::math::Vec2;

use super::common::{Xorshift, v};

/// `2ᵏ` for `k` in the normal range.
fn pow2(k: i32) -> Real {
    (2.0 as Real).powi(k)
}

/// A radius whose square overflows (`2^(MAX_EXP/2 + 4)`) and a center far off
/// (`2^(MAX_EXP − 2)`): the centers are `2^(MAX_EXP−2)` apart and the gap is that to rounding.
fn huge() -> (Real, Real) {
    (pow2(Real::MAX_EXP / 2 + 4), pow2(Real::MAX_EXP - 2))
}

/// Was: `r² = ∞` and `|d|² = ∞` compared `∞ <= ∞`, so circles `3e38` apart with radii `1e20`
/// met (f32) while their distance was `inf`. The distance is `3e38 − 2e20`, `3e38` rounded.
#[cfg(not(isect_f64))]
#[test]
fn far_circles_with_huge_radii_apart() {
    let a = Circle::new(v(0.0, 0.0), 1e20);
    let b = Circle::new(v(3e38, 0.0), 1e20);
    assert!(!a.intersects(&b) && !b.intersects(&a));
    assert_eq!(a.distance(&b), 3e38);
    assert!(!a.contains_point(v(3e38, 0.0)));
    assert_eq!(a.distance_to_point(v(3e38, 0.0)), 3e38);
}

/// Was: `Capsule((0,0),(1,0), 1e20).contains_point((3e38, 0))` true and its distance 0 (f32).
/// The distance is `3e38 − 1 − 1e20`, `3e38` rounded; a circle there misses the capsule.
#[cfg(not(isect_f64))]
#[test]
fn far_point_outside_capsule_with_huge_radius() {
    let c = Capsule::new(v(0.0, 0.0), v(1.0, 0.0), 1e20);
    assert!(!c.contains_point(v(3e38, 0.0)));
    assert_eq!(c.distance_to_point(v(3e38, 0.0)), 3e38);
    let far = Circle::new(v(3e38, 0.0), 1e20);
    assert!(!far.intersects(&c) && !c.intersects(&far));
    assert_eq!(far.distance(&c), 3e38);
}

/// Was: `Circle(0, 0)` met `Circle((1e-30, 1e-30), 1e-30)` (f32): `|d|² = 2e-60` and
/// `r² = 1e-60` both underflow to 0. The centers are `√2 · 1e-30` apart, the gap
/// `(√2 − 1) · 1.0000000031710769e-30 = 4.142135636865982e-31` (exact), `4.1421355e-31` in f32.
#[cfg(not(isect_f64))]
#[test]
fn tiny_circles_apart() {
    let a = Circle::new(v(0.0, 0.0), 0.0);
    let b = Circle::new(v(1e-30, 1e-30), 1e-30);
    assert!(!a.intersects(&b) && !b.intersects(&a));
    assert_eq!(a.distance(&b), 4.142_135_5e-31);
    assert!(!b.contains_point(v(0.0, 0.0)));
}

/// The reproductions at powers of two, in both crates: radii whose squares overflow, centers
/// near the top of the range; and huge radii that touch.
#[test]
fn huge_radii_apart_and_touching() {
    let (r, x) = huge();
    let a = Circle::new(v(0.0, 0.0), r);
    let b = Circle::new(v(x, 0.0), r);
    assert!(!a.intersects(&b));
    assert_eq!(a.distance(&b), x);
    assert!(!a.contains_point(v(x, 0.0)));
    let c = Capsule::new(v(0.0, 0.0), v(1.0, 0.0), r);
    assert!(!c.contains_point(v(x, 0.0)));
    assert_eq!(c.distance_to_point(v(x, 0.0)), x);
    assert!(!b.intersects(&c) && !c.intersects(&b));
    // Radii summing beyond `Real::MAX` that touch exactly: `x` apart, `x/2 + x/2`... and more.
    let big = Circle::new(v(x, 0.0), Real::MAX);
    let other = Circle::new(v(-x, 0.0), Real::MAX);
    assert!(big.intersects(&other));
    assert_eq!(big.distance(&other), 0.0);
    let t = Circle::new(v(-x, 0.0), x);
    let u = Circle::new(v(x, 0.0), x);
    assert!(t.intersects(&u)); // touching at the origin, centers 2x apart
    let w = Circle::new(v(x, 0.0), x * 0.75);
    assert!(!t.intersects(&w));
    assert_eq!(t.distance(&w), x * 0.25);
}

fn scale_v(p: Vec2, s: Real) -> Vec2 {
    p * s
}

/// `d` at scale 1 against `dk` at scale `2ᵏ`: `2ᵏ·d` where that is normal, `+∞` beyond
/// `Real::MAX`; below the normal range within two subnormal steps of `2ᵏ·d` (and positive: a
/// distance that rounds to 0 would claim the shapes touch; until 2026-11-29 such distances
/// were raised to `Real::MIN_POSITIVE`, far above them).
fn check_distance(d: Real, dk: Real, k: i32, what: &str) {
    let want = d * pow2(k / 2) * pow2(k - k / 2);
    if what.contains("capsule") && k < Real::MIN_EXP + Real::MANTISSA_DIGITS as i32 {
        // The core's closest point has fractional coordinates, which round to the subnormal
        // grid at these scales (not a squaring's loss): the distance is then within that
        // rounding and one of its own.
        let tiny = Real::MIN_POSITIVE * Real::EPSILON;
        let tol = 2.0 * want * Real::EPSILON + 4.0 * tiny;
        assert!((dk - want).abs() <= tol, "{what} at 2^{k}: {dk} vs {want}");
        return;
    }
    if want.is_infinite() || want >= Real::MIN_POSITIVE || want == 0.0 {
        assert_eq!(dk, want, "{what} at 2^{k}: {dk} != {want} (from {d})");
    } else {
        let tiny = Real::MIN_POSITIVE * Real::EPSILON;
        assert!(
            dk > 0.0 && (dk - want).abs() <= 2.0 * tiny,
            "{what} at 2^{k}: {dk} vs {want}"
        );
    }
}

/// Circles and capsules of small-integer coordinates and radii against each other and points,
/// scaled by `2ᵏ` for every `k` whose scaled coordinates stay exact (`MIN_EXP − 1` up to
/// `MAX_EXP − 6`, the largest coordinates `8 · 2ᵏ`): overlap and containment unchanged,
/// distances scaled exactly (see [`check_distance`]).
#[test]
fn circles_and_capsules_scale_exactly() {
    let mut g = Xorshift(0x9e37_79b9_7f4a_7c15);
    for _ in 0..60 {
        let c1 = Circle::new(g.int_point(-8, 8), g.int(0, 4));
        let c2 = Circle::new(g.int_point(-8, 8), g.int(0, 4));
        let k1 = Capsule::new(g.int_point(-8, 8), g.int_point(-8, 8), g.int(0, 4));
        let p = g.int_point(-8, 8);
        let base = (
            c1.intersects(&c2),
            c1.intersects(&k1),
            c1.contains_point(p),
            k1.contains_point(p),
        );
        let dist = (
            c1.distance(&c2),
            c1.distance(&k1),
            c1.distance_to_point(p),
            k1.distance_to_point(p),
        );
        for k in (Real::MIN_EXP - 1)..=(Real::MAX_EXP - 6) {
            let s = pow2(k / 2) * pow2(k - k / 2);
            let a = Circle::new(scale_v(c1.center, s), c1.radius * s);
            let b = Circle::new(scale_v(c2.center, s), c2.radius * s);
            let cap = Capsule::new(scale_v(k1.a, s), scale_v(k1.b, s), k1.radius * s);
            let q = scale_v(p, s);
            let got = (
                a.intersects(&b),
                a.intersects(&cap),
                a.contains_point(q),
                cap.contains_point(q),
            );
            assert_eq!(got, base, "{c1:?} {c2:?} {k1:?} {p:?} at 2^{k}");
            check_distance(dist.0, a.distance(&b), k, "circle-circle");
            check_distance(dist.1, a.distance(&cap), k, "circle-capsule");
            check_distance(dist.2, a.distance_to_point(q), k, "circle-point");
            check_distance(dist.3, cap.distance_to_point(q), k, "capsule-point");
        }
    }
}
