//! Issue 24, fuzz (`query_driver`, seed 2703, contact family): a sphere of radius 1.2e10 whose
//! center lies 2.9e-12 from a point box had a contact normal of length 1.0020555 at scale 1
//! (and at `4⁻⁴`, `4⁴`), 1 at `4⁻⁹`. Cause: the ball–box contact (`ball_box_local`, used by
//! `Sphere`–`Aabb` and `Sphere`–`Obb`) divided the center's offset from the box by `√|offset|²`;
//! rescaled by the radius the offset was `3e-22`, its square subnormal, and its root off by 0.2 %.
//! Where the square underflowed to 0 (an offset `2⁻⁶⁰` of the radius in `f32`) the center was
//! taken as inside and the normal was a face's, `(0, 1, 0)` for the exact `(0.6, 0.8, 0)`. Now
//! an offset whose square leaves the exact range is measured scaled by a power of two.
//!
//! The same in the rounded shapes' contact through GJK (`rounded_epa_contact`: capsules and
//! spheres against hulls): a capsule whose end lies `1.3e-18` from a one-point hull, at `4⁻⁴`,
//! had a normal of length 0.99999106 (`try_normalize` of a vector with a subnormal square); now
//! normalized at its own scale.

use isect::math::{Mat3, Vec3};
use isect::{Aabb, Capsule, Contact, ConvexHull, Distance, Intersects, Obb, Real, Sphere};

use super::{PERMUTATIONS, pow2};
use crate::common::v;

/// The contact of `sphere` with a point box at the origin (as an `Aabb` and as an `Obb`, both
/// argument orders) has the unit normal `normal` (from the box to the center) within `4 ε`, depth
/// the radius less the center's distance within `4 ε` of the radius, and `intersects` and the distance agree.
fn check(sphere: &Sphere, normal: Vec3, at: &str) {
    let aabb = Aabb::new(Vec3::ZERO, Vec3::ZERO);
    let obb = Obb::new(Vec3::ZERO, Vec3::ZERO, Mat3::IDENTITY);
    let tolerance = 4.0 * Real::EPSILON;
    for (c, flip) in [
        (sphere.contact(&aabb), 1.0),
        (aabb.contact(sphere), -1.0),
        (sphere.contact(&obb), 1.0),
        (obb.contact(sphere), -1.0),
    ] {
        let c = c.unwrap_or_else(|| panic!("{at}: no contact"));
        assert!(
            (c.normal * flip - normal).abs().max_element() <= tolerance,
            "{at}: normal {} against {normal}",
            c.normal * flip
        );
        assert!(
            (c.depth - (sphere.radius - sphere.center.length())).abs() <= tolerance * sphere.radius,
            "{at}: depth {}",
            c.depth
        );
    }
    assert!(sphere.intersects(&aabb) && sphere.intersects(&obb), "{at}");
    assert_eq!(sphere.closest_points(&aabb).distance, 0.0, "{at}");
}

/// The fuzzer's case (as `f32` numbers) at every power-of-two scale and with the axes permuted
/// and mirrored (exact).
#[test]
fn ball_box_normal_of_a_tiny_offset_was_not_unit() {
    let f = |x: f32, y: f32, z: f32| v(Real::from(x), Real::from(y), Real::from(z));
    let center = f(2.863_917_7e-12, 1.173_558_7e-18, 7.214_227e-24);
    let radius = Real::from(11_809_650_000.0_f32);
    let exact = center / center.length();
    for axes in PERMUTATIONS {
        for mirror in [v(1.0, 1.0, 1.0), v(-1.0, 1.0, -1.0)] {
            let place = |p: Vec3| v(p[axes[0]], p[axes[1]], p[axes[2]]) * mirror;
            for k in (-60..=60).step_by(4) {
                let s = pow2(k);
                let sphere = Sphere::new(place(center) * s, radius * s);
                check(
                    &sphere,
                    place(exact),
                    &format!("axes {axes:?}, mirror {mirror}, 2^{k}"),
                );
            }
        }
    }
}

/// An offset whose square underflows to 0 once rescaled by the radius (`2⁻⁶⁰` of it in `f32`,
/// `2⁻⁵⁰⁰` in `f64`): the normal is the offset's direction, not a face's.
#[test]
fn ball_box_normal_of_an_offset_whose_square_underflows() {
    let k = if Real::MAX_EXP > 128 { 500 } else { 60 };
    let sphere = Sphere::new(v(3.0, 4.0, 0.0) * pow2(-k), pow2(k));
    check(&sphere, v(0.6, 0.8, 0.0), "(3, 4, 0) 2^-k");
    // Control: the same offset at an ordinary ratio gives the same normal.
    check(
        &Sphere::new(v(3.0, 4.0, 0.0), 10.0),
        v(0.6, 0.8, 0.0),
        "(3, 4, 0)",
    );
}

/// The capsule of the fuzz case (seed 2703, contact family, as `f32` numbers) against a
/// one-point hull at its end's near side: where GJK resolves the cores' gap (`1.3e-18` times the
/// scale) the normal is that gap's direction and unit, in both argument orders.
#[test]
fn capsule_hull_normal_of_a_tiny_core_gap_was_not_unit() {
    let f = |x: f32, y: f32, z: f32| v(Real::from(x), Real::from(y), Real::from(z));
    let (a, b) = (
        f(2.125, -2.9375, 5.8125),
        f(1.309_193_3e-18, 2.136_823_4e-24, -1.091_558_7e-29),
    );
    let hull = ConvexHull::new(vec![Vec3::ZERO]);
    let exact = b / b.length();
    for k in [0, -2, -4, -6] {
        let s = pow2(k);
        let capsule = Capsule::new(a * s, b * s, 0.25 * s);
        let at = format!("2^{k}");
        for (c, flip) in [
            (capsule.contact(&hull), 1.0),
            (hull.contact(&capsule), -1.0),
        ] {
            let c = c.unwrap_or_else(|| panic!("{at}: no contact"));
            assert!(
                (c.normal * flip - exact).abs().max_element() <= 4.0 * Real::EPSILON,
                "{at}: normal {} against {exact}",
                c.normal * flip
            );
            assert!(
                (c.depth - 0.25 * s).abs() <= 4.0 * Real::EPSILON * s,
                "{at}: {c:?}"
            );
        }
        assert!(capsule.intersects(&hull), "{at}");
    }
}
