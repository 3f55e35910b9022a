//! Issue 24, fuzz (`query_contact`, `fuzz/findings/s17/contact/15`, and 00..12, 14 of the same
//! shape): a hull of five points within 10 of the origin, one corner `(−2.8125, −2.8125,
//! −2.8125)` exactly on an edge of the box `[−2.8125, 2.75] × [−2.2e12, −2.8125] × [−1.8e12,
//! −2.8125]`, every other point outside it: they touch (depth 0). `contact` gave depth `1.4e12`
//! along `(−0.007, −0.638, 0.770)`. The box puts the pair outside the rescaling window, so EPA
//! ran in a frame scaled by `2⁻⁴⁰`, where its first tetrahedron had a face through the origin
//! whose normal came from the hull's `1e-11` features (support value 1.27); the first expansion
//! folded the polytope and that face stood: `1.27 · 2⁴⁰`. Now a broken polytope answers the
//! least support value over the normals of its faces left (`epa`).

use isect::math::Vec3;
use isect::{Aabb, Contact, ConvexHull, Intersects, Real};

use super::{f, pow2};

/// The depth within EPA's documented accuracy (`ON_SET_TOLERANCE`, 64 ε, of the coordinates)
/// of the exact 0, along one of the box's faces at the touching corner (`+y` or `+z`), in both
/// argument orders, at powers of four around scale 1.
#[test]
fn box_corner_contact_was_the_whole_box() {
    let hull = [
        f(7.0625, -0.007_816_321, 2.125),
        f(0.0, -3.031_605_5e-13, -2.8125),
        f(-2.8125, -2.75, -2.8125),
        f(-2.8125, 3.9375, 2.525_154_4e-5),
        f(-2.8125, -2.8125, -2.8125),
    ];
    let (min, max) = (
        f(-2.8125, -2_197_541_000_000.0, -1_819_583_800_000.0),
        f(2.75, -2.8125, -2.8125),
    );
    for k in (-16..=8).step_by(2) {
        let s = pow2(k);
        let h = ConvexHull::new(hull.iter().map(|&p| p * s).collect::<Vec<Vec3>>());
        let b = Aabb::new(min * s, max * s);
        let at = format!("2^{k}");
        assert!(h.intersects(&b) && b.intersects(&h), "{at}");
        let bound = 64.0 * Real::EPSILON * 2.2e12 * s;
        let c = h.contact(&b).expect("touching");
        let d = b.contact(&h).expect("touching");
        assert!(c.depth <= bound && d.depth <= bound, "{at}: {c:?} {d:?}");
        // From the box towards the hull: across the box's face y = −2.8125 or z = −2.8125.
        assert!(c.normal.y.max(c.normal.z) > 0.999, "{at}: {c:?}");
        assert!((-d.normal).y.max(-d.normal.z) > 0.999, "{at}: {d:?}");
    }
}
