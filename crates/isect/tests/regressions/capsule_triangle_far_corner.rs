//! Issue 24, fuzz (`query_driver`, seeds 2615 and 2616): capsules of radius `1e9`–`8e12` against
//! small triangles with one corner far out (or a sliver of `5e-15`), whose contact normals
//! differed between scales by up to 0.04 and were wrong at every scale. Two causes: the core was
//! taken as meeting the triangle when within the rounding tolerance of the largest coordinate
//! (64 ε of a corner `3e10` out is `2.2e5`; of the core's far end `2.8e10` for the sliver), and
//! given the push of a crossing core instead of the direction between the closest points; and
//! the push's axes were formed at the scale of the radius (`1e-11` after rescaling), where the
//! squared cross products of the edges are subnormal (a "normal" of length 1.1). Now exact
//! orientation signs prove a core apart from the triangle (the balls' normal then), and the core
//! and the triangle are computed at their own scale.

#![allow(
    clippy::unnecessary_cast,
    clippy::useless_conversion,
    reason = "the cases' numbers rounded to f32 and compared in f64 in both crates: no-ops in one"
)]

use isect::math::Vec3;
use isect::{Capsule, Contact, Real, Triangle};

use super::pow2;
use crate::common::v;

/// A fuzz case: the core, the radius, the triangle, and the exact normal (from the triangle's
/// closest point to the core's, by 60-digit arithmetic on the `f32` inputs: every case has its
/// core apart from the triangle, at the distance given).
struct Case {
    core: [Vec3; 2],
    radius: Real,
    triangle: [Vec3; 3],
    normal: [f64; 3],
    distance: f64,
    /// The fuzz case's other scale, `4ᵏ`.
    fuzz_k: i32,
}

fn cases() -> [Case; 4] {
    [
        // Seed 2615, exponent 39: the core's middle 3.39 from the near corner of a triangle
        // 2.9e10 long. f32 gave (−0.4266, 1.0168, 0.0044) at scale 1, (−0.3869, 0.9221, 0.0040)
        // at 4⁻⁸.
        Case {
            core: [v(-1.4375, -3.5, 3.25), v(7.75, 0.35673586, 2.8125)],
            radius: 762106540000.0,
            triangle: [
                v(28820105000.0, 4.4375, -0.625),
                v(4.5, -4.1875, -0.4375),
                v(3.625, -4.5625, 1.375),
            ],
            normal: [-0.315591087988, 0.808201612081, 0.49720460518],
            distance: 3.38865273048835,
            fuzz_k: -8,
        },
        // Seed 2615, exponent 43 (triangle first there): 0.68 from an edge towards a corner
        // 1.2e13 out. f32 gave (0.5076, 0.8616, −4.8e-13) at scale 1; right at 4⁻¹¹.
        Case {
            core: [v(0.4375, 8.949224, 2.625), v(3.4375, -4.824868e-5, -3.125)],
            radius: 921179500.0,
            triangle: [
                v(-5.375, 6.8125, -2.625),
                v(6.1875, 0.0, -5.686118e-7),
                v(5.4375, 7.0, 11835433000000.0),
            ],
            normal: [0.490047361795, 0.581510642131, -0.649383520183],
            distance: 0.681664829268768,
            fuzz_k: -11,
        },
        // Seed 2615, exponent 42: the core's end 1.75 from a corner, another corner 4.4e6
        // out. f32 gave (6.0e-5, 0.0557, −0.9984) at both scales.
        Case {
            core: [
                v(-2.125, 8.3271286e-11, -1.75),
                v(-78371.02, -7.625, -6.875),
            ],
            radius: 8176935000000.0,
            triangle: [
                v(5.984968e-7, 0.0625, 4405335.0),
                v(4.125, 6.5625, 0.36660305),
                v(-2.0, 0.0, 0.0),
            ],
            normal: [-0.0712470499879, 4.74626676387e-11, -0.997458699831],
            distance: 1.75445860595227,
            fuzz_k: -12,
        },
        // Seed 2615, exponent -48: a triangle that is a segment 5.4e-15 long, the core's end
        // 8.27 from it, its other end 2.8e10 out. f32 gave (2e-10, 0, 1) and (0, −4e-11, 1).
        Case {
            core: [
                v(6.0625, 5.4375, -5.625),
                v(0.4375, -27845147000.0, -6.8125),
            ],
            radius: 1853638100.0,
            triangle: [v(5.3523512e-15, 0.0, 0.0), Vec3::ZERO, Vec3::ZERO],
            normal: [0.733062599981, -1.19079485314e-10, -0.680161175391],
            distance: 8.27009862331098,
            fuzz_k: -7,
        },
    ]
}

/// The point with each coordinate rounded to `f32`: the fuzz case's numbers in both crates.
fn f32s(p: Vec3) -> Vec3 {
    let r = |x: Real| x as f32 as Real;
    v(r(p.x), r(p.y), r(p.z))
}

/// Every case at scales `2⁻²⁴..2⁶⁰`, with the corners permuted and in both argument orders: the
/// exact normal to the closed forms' accuracy (README "Accuracy": a few ulp of the coordinates
/// `C` over the distance `D`, `16 ε C / D`, at least `1e-5` in `f32`, `1e-9` in `f64`; in `f32`
/// at the fuzz case's two scales `1e-5`, the reproduction), and the depth `r − D`.
/// Below `2⁻²⁴` in `f32` the triangle of case 1 (a corner `2⁴¹` times farther out than its
/// other features) is computed as given while products of three of its small features
/// underflow, and its own closest points to the core are lost (the window of
/// `query::algo::scale` assumes shapes of ordinary proportions; not fixed here).
#[test]
fn capsule_triangle_normal_took_the_push_of_a_core_far_corners_away() {
    let accuracy: Real = if cfg!(isect_f64) { 1e-9 } else { 1e-5 };
    let lowest = if cfg!(isect_f64) { -60 } else { -24 };
    for (i, case) in cases().iter().enumerate() {
        let exact = v(
            case.normal[0] as Real,
            case.normal[1] as Real,
            case.normal[2] as Real,
        );
        let [a, b, c] = case.triangle.map(f32s);
        let core = case.core.map(f32s);
        let largest = [a, b, c, core[0], core[1]]
            .iter()
            .fold(0.0 as Real, |m, p| m.max(p.abs().max_element()));
        let documented = 16.0 * Real::EPSILON * largest / case.distance as Real;
        let radius = case.radius as f32 as Real;
        for k in (lowest..=60).step_by(4).chain([0, 2 * case.fuzz_k]) {
            let s = pow2(k);
            let fuzz_scale = !cfg!(isect_f64) && (k == 0 || k == 2 * case.fuzz_k);
            let accuracy = if fuzz_scale {
                accuracy
            } else {
                accuracy.max(documented)
            };
            let capsule = Capsule::new(core[0] * s, core[1] * s, radius * s);
            let reversed = Capsule::new(core[1] * s, core[0] * s, radius * s);
            for t in [[a, b, c], [b, c, a], [c, b, a]] {
                let triangle = Triangle::new(t[0] * s, t[1] * s, t[2] * s);
                for (contact, normal, as_found) in [
                    (capsule.contact(&triangle), exact, true),
                    (reversed.contact(&triangle), exact, false),
                    (triangle.contact(&capsule), -exact, true),
                ] {
                    // The reversed core measures its closest point from the far end (`2.8e10`
                    // out in case 3): the documented accuracy only.
                    let accuracy = if as_found {
                        accuracy
                    } else {
                        accuracy.max(documented)
                    };
                    let contact = contact.expect("the capsule holds the triangle");
                    assert!(
                        (contact.normal - normal).abs().max_element() <= accuracy,
                        "case {i}, k = {k}: {contact:?}, exact normal {normal}"
                    );
                    let depth = contact.depth / s;
                    let exact_depth = f64::from(radius) - case.distance;
                    assert!(
                        (f64::from(depth) - exact_depth).abs() <= exact_depth * 1e-6,
                        "case {i}, k = {k}: depth {depth}, exactly {exact_depth}"
                    );
                }
            }
        }
    }
}
