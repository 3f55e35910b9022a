//! Issue 24 for the 2D contacts: the distance between two centers (`|d|`, whose square
//! overflows or underflows) and the products of the contact's separating axes, at any
//! magnitude. A contact's normal is unchanged, and its point and depth scaled exactly, when both
//! shapes are scaled by `2ᵏ`; the same for each manifold point.

use isect::Real;
use isect::d2::{
    Aabb, Capsule, Circle, Contact, ContactInfo, ContactManifold, Distance, Intersects, Manifold,
    Segment, Triangle,
};

use super::common::{Xorshift, v};
use super::scaling::{check_scaled, huge, scale_of, tiny};

/// Was: the circles about the origin (radius `3s`) and `(4s, 0)` (radius `2s`) overlap by `s`,
/// the contact's normal `−x` and point `(2.5s, 0)`, halfway between the rims at `2s` and `3s`.
/// At `s = 2⁶⁸` (f32; `2⁵¹⁶` f64) the centers' distance was `√∞` and the depth came out 0; at
/// `s = 2⁻⁹²` (`2⁻⁵⁴⁰`) it was `√0` and the depth `5s`. The same for the circle against a
/// capsule whose core's nearest point is `(4s, 0)`, and against a box whose nearest corner is.
#[test]
fn circle_contacts_far_and_tiny() {
    for s in [huge(), tiny()] {
        let a = Circle::new(v(0.0, 0.0), 3.0 * s);
        let want = ContactInfo {
            point: v(2.5 * s, 0.0),
            normal: v(-1.0, 0.0),
            depth: s,
        };
        let others = [
            a.contact(&Circle::new(v(4.0 * s, 0.0), 2.0 * s)),
            a.contact(&Capsule::new(v(4.0 * s, 0.0), v(4.0 * s, 8.0 * s), 2.0 * s)),
        ];
        for got in others {
            assert_eq!(got, Some(want), "s = {s:e}");
        }
        // The box `[2s, 6s] × [−s, s]`: its side `x = 2s` is `s` inside the rim at `3s`.
        let b = Aabb::new(v(2.0 * s, -s), v(6.0 * s, s));
        let got = a.contact(&b).expect("overlap");
        assert_eq!((got.normal, got.depth), (v(-1.0, 0.0), s), "s = {s:e}");
        assert_eq!(a.contact_manifold(&b).points().len(), 1, "s = {s:e}");
    }
}

fn check_contact(base: Option<ContactInfo>, got: Option<ContactInfo>, k: i32, what: &str) {
    match (base, got) {
        (None, None) => {}
        (Some(b), Some(g)) => {
            assert_eq!(g.normal, b.normal, "{what} at 2^{k}");
            check_scaled(g.point, b.point, k, what);
            check_scaled(v(g.depth, 0.0), v(b.depth, 0.0), k, what);
        }
        _ => panic!("{what} at 2^{k}: {base:?} then {got:?}"),
    }
}

fn check_manifold(base: &Manifold, got: &Manifold, k: i32, what: &str) {
    assert_eq!(got.points().len(), base.points().len(), "{what} at 2^{k}");
    if base.points().is_empty() {
        return;
    }
    assert_eq!(got.normal, base.normal, "{what} at 2^{k}");
    for (g, b) in got.points().iter().zip(base.points()) {
        check_scaled(g.point, b.point, k, what);
        check_scaled(v(g.depth, 0.0), v(b.depth, 0.0), k, what);
    }
}

/// A circle against circles, capsules, boxes, segments and triangles, and a capsule against
/// capsules and triangles, of small-integer coordinates and radii, every pair scaled by `2ᵏ` for
/// every `k` from `MIN_EXP − 1` to `MAX_EXP − 6` (the scaled input stays exact): the contact and
/// the manifold of the scaled pair are those at scale 1, scaled ([`check_contact`]); so are the
/// overlap test and the distance the contact starts from.
#[test]
fn circle_contacts_scale_exactly() {
    let mut g = Xorshift(0x9e37_79b9_7f4a_7c15);
    for _ in 0..40 {
        let circle = Circle::new(g.int_point(-6, 6), g.int(1, 5));
        let other = Circle::new(g.int_point(-6, 6), g.int(0, 4));
        let capsule = Capsule::new(g.int_point(-6, 6), g.int_point(-6, 6), g.int(0, 3));
        let (p, q) = (g.int_point(-6, 6), g.int_point(-6, 6));
        let aabb = Aabb::new(p.min(q), p.max(q));
        let segment = Segment::new(g.int_point(-6, 6), g.int_point(-6, 6));
        let triangle = Triangle::new(g.int_point(-6, 6), g.int_point(-6, 6), g.int_point(-6, 6));
        let second = Capsule::new(g.int_point(-6, 6), g.int_point(-6, 6), g.int(0, 3));
        for k in (Real::MIN_EXP - 1)..=(Real::MAX_EXP - 6) {
            let s = scale_of(k);
            let c = Circle::new(circle.center * s, circle.radius * s);
            let o = Circle::new(other.center * s, other.radius * s);
            let cap = Capsule::new(capsule.a * s, capsule.b * s, capsule.radius * s);
            let b = Aabb::new(aabb.min * s, aabb.max * s);
            let seg = Segment::new(segment.a * s, segment.b * s);
            let tri = Triangle::new(triangle.a * s, triangle.b * s, triangle.c * s);
            let cap2 = Capsule::new(second.a * s, second.b * s, second.radius * s);
            let pairs = [
                (
                    circle.contact(&triangle),
                    c.contact(&tri),
                    "circle–triangle",
                ),
                (
                    capsule.contact(&second),
                    cap.contact(&cap2),
                    "capsule–capsule",
                ),
                (
                    capsule.contact(&triangle),
                    cap.contact(&tri),
                    "capsule–triangle",
                ),
            ];
            for (base, got, what) in pairs {
                check_contact(base, got, k, what);
            }
            let manifolds = [
                (
                    circle.contact_manifold(&triangle),
                    c.contact_manifold(&tri),
                    "circle–triangle",
                ),
                (
                    capsule.contact_manifold(&second),
                    cap.contact_manifold(&cap2),
                    "capsule–capsule",
                ),
                (
                    capsule.contact_manifold(&triangle),
                    cap.contact_manifold(&tri),
                    "capsule–triangle",
                ),
            ];
            for (base, got, what) in manifolds {
                check_manifold(&base, &got, k, what);
            }
            let overlaps = [
                (
                    capsule.intersects(&second),
                    cap.intersects(&cap2),
                    "capsule–capsule",
                ),
                (
                    capsule.intersects(&triangle),
                    cap.intersects(&tri),
                    "capsule–triangle",
                ),
                (
                    circle.intersects(&triangle),
                    c.intersects(&tri),
                    "circle–triangle",
                ),
            ];
            for (base, got, what) in overlaps {
                assert_eq!(got, base, "{what} overlap at 2^{k}");
            }
            let distances = [
                (
                    capsule.distance(&second),
                    cap.distance(&cap2),
                    "capsule–capsule",
                ),
                (
                    capsule.distance(&triangle),
                    cap.distance(&tri),
                    "capsule–triangle",
                ),
                (
                    circle.distance(&triangle),
                    c.distance(&tri),
                    "circle–triangle",
                ),
            ];
            for (base, got, what) in distances {
                check_scaled(v(got, 0.0), v(base, 0.0), k, what);
            }
            check_contact(circle.contact(&other), c.contact(&o), k, "circle–circle");
            check_contact(
                circle.contact(&capsule),
                c.contact(&cap),
                k,
                "circle–capsule",
            );
            check_contact(circle.contact(&aabb), c.contact(&b), k, "circle–aabb");
            check_contact(
                circle.contact(&segment),
                c.contact(&seg),
                k,
                "circle–segment",
            );
            let what = "circle–circle manifold";
            check_manifold(
                &circle.contact_manifold(&other),
                &c.contact_manifold(&o),
                k,
                what,
            );
            let what = "circle–capsule manifold";
            check_manifold(
                &circle.contact_manifold(&capsule),
                &c.contact_manifold(&cap),
                k,
                what,
            );
            let what = "circle–aabb manifold";
            check_manifold(
                &circle.contact_manifold(&aabb),
                &c.contact_manifold(&b),
                k,
                what,
            );
        }
    }
}
