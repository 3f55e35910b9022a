//! Issue 24, fuzz (`query_driver`, seed 2611): a capsule whose radius is far larger than its
//! core and the hull it touches.

use isect::math::Vec3;
use isect::{Capsule, Contact, ConvexHull, Real, Sphere, Triangle};

use super::pow2;
use crate::common::v;

/// The exact normal of the fuzz case (rational arithmetic on its `f32` numbers), from the
/// triangle's face towards the core's end `b`, rounded to the precision.
fn face_normal() -> Vec3 {
    let [y, z]: [f64; 2] = [-0.6561787149247866, -0.7546055221635047];
    v(0.0, y as Real, z as Real)
}

/// `Capsule::contact(ConvexHull)` with a radius of `1.07e13` against a triangle a few units
/// across gave the normal `(0, −1, −6.9e−8)` at scale 1 and `(−0.0011, −0.656, −0.755)` at
/// `4⁻¹²`: the query's rescaling by its largest magnitude (the radius) brought the core and the
/// hull to `~1e-12`, their distance `2.1e-4` to `2.4e-17`, where GJK's products of four
/// coordinates underflow in `f32`. The exact answer (rational arithmetic on the inputs): the
/// core's end `b` is `2.0932e-4` from the triangle's face, normal `(0, −0.6561787, −0.7546055)`
/// (the face's). GJK now runs on the core and the hull at their own scale; the normal is the
/// face's to the closest points' accuracy (`16 ε · 6.8 / 2.1e-4`, 0.06 in `f32`) at every scale.
/// In `f64` the same underflow needs a radius `2³⁰⁰` times the core; that is tried as well.
#[test]
fn capsule_hull_contact_normal_underflowed_beside_a_huge_radius() {
    let core = [
        v(-4.6875, -6.8125, -5.0),
        v(1.3125, -0.00031899827, -2.2013644e-11),
    ];
    let hull = [
        v(-2.75, -1.4375, 1.25),
        v(1.375, 0.0, 0.0),
        Vec3::ZERO,
        Vec3::ZERO,
    ];
    let exact = face_normal();
    let accuracy: Real = if cfg!(isect_f64) { 1e-9 } else { 0.01 };
    let mut radii = vec![10749132000000.0 as Real];
    if cfg!(isect_f64) {
        radii.push(pow2(300) * 7.0);
    }
    for r in radii {
        for k in (-60..=60).step_by(6) {
            let s = pow2(k);
            let capsule = Capsule::new(core[0] * s, core[1] * s, r * s);
            let hull = ConvexHull::new(hull.iter().map(|p| *p * s).collect::<Vec<_>>());
            for (c, normal) in [
                (capsule.contact(&hull), exact),
                (hull.contact(&capsule), -exact),
            ] {
                let c = c.expect("the capsule holds the hull");
                assert!(
                    (c.normal - normal).abs().max_element() <= accuracy,
                    "r = {r}, k = {k}: {c:?}, exact normal {normal}"
                );
                let depth = c.depth / s;
                assert!(
                    (depth - r).abs() <= r * 1e-6,
                    "r = {r}, k = {k}: depth {depth}, about the radius"
                );
            }
        }
    }
}

/// The same case through the other rounded pairs, whose queries rescale their inner closest-point
/// query on their own (capsule–triangle, sphere–hull, sphere–triangle): the face's normal, to the
/// closed forms' accuracy, at every scale. At `2⁻⁶⁰` (radius `9.3e-6`, in the window computed
/// as given; the core `1.8e-22` from the face) capsule–triangle gave the normal
/// `(0, −0.6636, −0.7632)`, of length 1.011: the balls' normal divided the offset by the square
/// root of its subnormal squared length.
#[test]
fn rounded_contacts_keep_the_face_normal_beside_a_huge_radius() {
    let core = [
        v(-4.6875, -6.8125, -5.0),
        v(1.3125, -0.00031899827, -2.2013644e-11),
    ];
    let corners = [v(-2.75, -1.4375, 1.25), v(1.375, 0.0, 0.0), Vec3::ZERO];
    let exact = face_normal();
    let accuracy: Real = if cfg!(isect_f64) { 1e-9 } else { 1e-5 };
    let r: Real = 10749132000000.0;
    for k in (-60..=60).step_by(6) {
        let s = pow2(k);
        let capsule = Capsule::new(core[0] * s, core[1] * s, r * s);
        let sphere = Sphere::new(core[1] * s, r * s);
        let [a, b, c] = corners.map(|p| p * s);
        let triangle = Triangle::new(a, b, c);
        let hull = ConvexHull::new(vec![a, b, c]);
        for (what, c) in [
            ("capsule-triangle", capsule.contact(&triangle)),
            ("sphere-hull", sphere.contact(&hull)),
            ("sphere-triangle", sphere.contact(&triangle)),
        ] {
            let c = c.expect("the ball holds the triangle");
            assert!(
                (c.normal - exact).abs().max_element() <= accuracy,
                "{what}, k = {k}: {c:?}, exact normal {exact}"
            );
        }
    }
}
