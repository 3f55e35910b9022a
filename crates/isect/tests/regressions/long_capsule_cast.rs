//! Issue 24, fuzz (`query_driver`, seed 2615): rays nearly along capsules `2e13`–`2e14` long and
//! a few units wide, whose entry `t` differed between scales (by 76 % and 26 %). The query
//! rescales the capsule by its length, bringing its radius to `1e-13`, where the cylinder
//! quadratic's `qa · disc` (a product of two `1e-26`) underflowed to 0 in `f32`; the scaled
//! case (`4⁻¹²`, computed as given) was right. The root now takes `sqrt(qa) · sqrt(disc)` where
//! the product leaves the normal range.

#![allow(
    clippy::unnecessary_cast,
    clippy::useless_conversion,
    reason = "the cases' numbers rounded to f32 and compared in f64 in both crates: no-ops in one"
)]

use isect::math::Vec3;
use isect::{Capsule, Ray, RayCast, Real};

use super::pow2;
use crate::common::v;

/// The point with each coordinate rounded to `f32`: the fuzz case's numbers in both crates.
fn f32s(p: Vec3) -> Vec3 {
    let r = |x: Real| x as f32 as Real;
    v(r(p.x), r(p.y), r(p.z))
}

/// The two fuzz cases at scales `2⁻²⁴..2⁴⁰` and as found: the exact entry `t` (60-digit
/// bisection of the distance to the core on the `f32` numbers), to `1e-5` relative (the
/// closed form's accuracy along a ray this close to the axis: the entry moves by the rounding
/// of the radius over the angle). f32 gave 2.2397455e-5 (exactly 1.27325177e-5) and
/// 0.052811038 (exactly 0.0419691871) at scale 1.
#[test]
fn long_capsule_cast_entry_underflowed_to_a_tangent() {
    // (a, b, radius, origin, dir, max_t, exact t)
    let cases: [(Vec3, Vec3, Real, Vec3, Vec3, Real, f64); 2] = [
        (
            v(2.0, -3.125, -5.25),
            v(-0.0028849575, -23491183000000.0, 4.3125),
            5.625,
            v(-2.9375, 6.5, -0.875),
            v(7.079604e-8, -2.4086228e17, -3.3125),
            2.6186889e26,
            1.27325176633e-5,
        ),
        (
            v(5.5, -6.125, -4.4375),
            v(-0.9375, -175491090000000.0, 1.3185798e-10),
            0.87300134,
            v(3.0, 6.375, -3.625),
            v(-2.557039e-17, -1065591500000000.0, 3.9375),
            8.314447e20,
            0.0419691870606,
        ),
    ];
    for (i, &(a, b, r, origin, dir, max_t, exact)) in cases.iter().enumerate() {
        let (a, b, origin, dir) = (f32s(a), f32s(b), f32s(origin), f32s(dir));
        let r = r as f32 as Real;
        let max_t = max_t as f32 as Real;
        for k in (-24..=40).step_by(4) {
            let s = pow2(k);
            let ray = Ray::new(origin * s, dir * s);
            for capsule in [
                Capsule::new(a * s, b * s, r * s),
                Capsule::new(b * s, a * s, r * s),
            ] {
                for hit in [
                    capsule.raycast(&ray, max_t),
                    capsule.raycast_surface(&ray, max_t),
                ] {
                    let hit = hit.expect("the ray enters the capsule");
                    assert!(
                        (f64::from(hit.t) - exact).abs() <= exact * 1e-5,
                        "case {i}, k = {k}: t = {}, exactly {exact}",
                        hit.t
                    );
                }
            }
        }
    }
}
