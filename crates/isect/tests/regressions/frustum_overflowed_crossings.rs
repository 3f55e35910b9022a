//! Issue 24: a line or ray against a frustum whose entry and exit crossings both lie beyond
//! `Real::MAX` compared `∞ <= ∞`: overlap whichever came first. The wedge `y <= 2⁻ᵃ x`,
//! `y >= 2⁻ᵇ x` (`a = b + 1`; `2⁻ᵃ` subnormal: `a = 141` in `f32`, `1041` in `f64`) holds no
//! point with `x > 0`; the line `y = 1` along `x` is inside the first half-space for
//! `x >= 2ᵃ` and the second for `x <= 2ᵇ`: it misses the wedge, and both crossings overflow.
//! The same line with the two exponents swapped (`x >= 2ᵇ` and `x <= 2ᵃ`) meets it. Scaled
//! by `2ᵏ`, the ray casts of input outside the rescaling window (which form the parameters at
//! the input's scale) overflowed the same way, and a direction much shorter than 1 made
//! `normal · dir` underflow to 0: the line was taken for parallel to the plane and missed the
//! swapped wedge.

use isect::math::Vec3;
use isect::{Frustum, Intersects, Line, Plane, Ray, RayCast, Real, Segment};

use super::pow2;

/// The wedge `y <= 2⁻ᵉⁿᵗᵉʳ x`, `y >= 2⁻ᵉˣⁱᵗ x`, `|z| <= 1`.
fn wedge(enter: i32, exit: i32) -> Frustum {
    // `2⁻ᵏ` for subnormal `2⁻ᵏ`, exactly.
    let tiny = |k: i32| pow2(-k / 2) * pow2(-(k - k / 2));
    Frustum::new([
        Plane::new(Vec3::new(-tiny(enter), 1.0, 0.0), 0.0),
        Plane::new(Vec3::new(tiny(exit), -1.0, 0.0), 0.0),
        Plane::new(Vec3::Z, 1.0),
        Plane::new(-Vec3::Z, 1.0),
        Plane::new(Vec3::Z, 1.0),
        Plane::new(-Vec3::Z, 1.0),
    ])
}

#[test]
fn frustum_overflowed_crossings() {
    let b = Real::MAX_EXP + 12;
    let a = b + 1;
    let (apart, meets) = (wedge(a, b), wedge(b, a));
    let origin = Vec3::new(0.0, 1.0, 0.0);
    let line = Line::new(origin, Vec3::X);
    let ray = Ray::new(origin, Vec3::X);
    assert!(
        !line.intersects(&apart),
        "line, entry 2^{a} after exit 2^{b}"
    );
    assert!(!apart.intersects(&line));
    assert!(!ray.intersects(&apart), "ray, entry 2^{a} after exit 2^{b}");
    assert!(!apart.raycast_any(&ray, Real::INFINITY));
    assert_eq!(apart.raycast(&ray, Real::INFINITY), None);
    // Controls: the swapped wedge is met far along +x; a unit segment meets neither.
    assert!(
        line.intersects(&meets),
        "line, entry 2^{b} before exit 2^{a}"
    );
    assert!(ray.intersects(&meets));
    assert!(meets.raycast_any(&ray, Real::INFINITY));
    let segment = Segment::new(origin, origin + Vec3::X);
    assert!(!segment.intersects(&apart) && !segment.intersects(&meets));
    // The line `y = 2ᵏ`, inside and outside the rescaling window (the ray casts of input
    // outside it run in a scaled frame): the crossings scale by `2ᵏ` and stay beyond the range.
    for k in [-120, -100, -60, -30, -10, 10, 30, 60, 100, 120] {
        let origin = Vec3::new(0.0, pow2(k), 0.0);
        // A direction much shorter than 1 made `n · dir` underflow to 0 against the subnormal
        // normal coordinate: the line was parallel to the plane, and missed `meets`.
        for dir in [Vec3::X, Vec3::X * pow2(k.abs()), Vec3::X * pow2(-k.abs())] {
            let (line, ray) = (Line::new(origin, dir), Ray::new(origin, dir));
            assert!(!line.intersects(&apart), "2^{k} {dir}");
            assert!(!ray.intersects(&apart), "2^{k} {dir}");
            assert!(!apart.raycast_any(&ray, Real::INFINITY), "2^{k} {dir}");
            assert_eq!(apart.raycast(&ray, Real::INFINITY), None, "2^{k} {dir}");
            assert_eq!(
                apart.raycast_surface(&ray, Real::INFINITY),
                None,
                "2^{k} {dir}"
            );
            assert!(line.intersects(&meets), "2^{k} {dir}");
            assert!(ray.intersects(&meets), "2^{k} {dir}");
            assert!(meets.raycast_any(&ray, Real::INFINITY), "2^{k} {dir}");
        }
    }
}
