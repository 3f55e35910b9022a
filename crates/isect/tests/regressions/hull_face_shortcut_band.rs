//! The face-plane shortcut of box, triangle and capsule against a hull had no slack for GJK's
//! touching tolerance (issue 24, the gap that s15 closed for spheres in
//! `regressions::tetrahedron_face_sign_underflow`).
//!
//! A hull with the face `x = 4` (its plane exact: normal `(1, 0, 0)`, offset 4) and a point
//! `p = (4 + k ε, 1, 2)` just outside that face, exactly `k ε` from the hull (its closest
//! point `(4, 1, 2)` lies inside the face). GJK counts shapes within
//! `MAGNITUDE_TOLERANCE · 4 = 32 ε` of each other along `x` as touching, so for `k = 4, 8, 16`
//! the hull `contains_point(p)`, a radius-0 sphere at `p` and an `Obb` with its corner at `p`
//! intersect it; but an `Aabb` (a point at `p`, or the same box as the `Obb`), a triangle (the
//! point `p`, or one with a corner or a side at `p`) and a radius-0 capsule (the point `p`, or a
//! segment from it) did not, and had distance above 0 and no contact: their face-plane
//! shortcut found `p.x > 4` and answered `false` before GJK. Now the shortcut leaves GJK's
//! band to GJK (`polytope::beyond_some_plane`), so each degenerate shape is answered as what
//! it is, and an `Aabb` as the same `Obb`.
//!
//! A segment against a hull was clipped against the face planes moved out by `ON_SET_TOLERANCE`
//! of the coordinates (`64 ε · 4 = 256 ε` here), a wider band than GJK's: a zero-length segment
//! at `p` met the hull for `k` from 35 to 258 (in both precisions) while `contains_point(p)`
//! and the radius-0 sphere and capsule at `p` did not (exact distance `k ε`), and so did a
//! segment from `p` out along the face's normal and one from `p` along the face (to 322).
//! Now a segment is answered as the radius-0 capsule it is (`hull_face_segment_band`).

use isect::math::Vec3;
use isect::{
    Aabb, Capsule, Contact, ConvexHull, Distance, Intersects, Obb, PointQuery, Real, Segment,
    Sphere, Triangle,
};

use super::{pow2, turn};
use crate::common::v;

/// Every query of one pair that must give the verdict `meets`: `intersects` in both orders,
/// `distance == 0` in both orders, `contact` in both orders.
fn check<S>(what: &str, shape: &S, hull: &ConvexHull, meets: bool)
where
    S: Intersects<ConvexHull> + Distance<ConvexHull> + Contact<ConvexHull>,
    ConvexHull: Intersects<S> + Distance<S> + Contact<S>,
{
    assert_eq!(shape.intersects(hull), meets, "{what}: intersects");
    assert_eq!(
        hull.intersects(shape),
        meets,
        "{what}: intersects, mirrored"
    );
    assert_eq!(shape.distance(hull) == 0.0, meets, "{what}: distance");
    assert_eq!(
        hull.distance(shape) == 0.0,
        meets,
        "{what}: distance, mirrored"
    );
    assert_eq!(shape.contact(hull).is_some(), meets, "{what}: contact");
    assert_eq!(
        hull.contact(shape).is_some(),
        meets,
        "{what}: contact, mirrored"
    );
}

/// The hull: a wedge with the face x = 4 (corners (4, 0, 0), (4, 4, 0), (4, 0, 4), (4, 4, 4)).
const CORNERS: [[Real; 3]; 6] = [
    [0.0, 0.0, 0.0],
    [4.0, 0.0, 0.0],
    [4.0, 4.0, 0.0],
    [4.0, 0.0, 4.0],
    [4.0, 4.0, 4.0],
    [0.0, 4.0, 4.0],
];

#[test]
fn hull_face_shortcut_band() {
    let corners = CORNERS.map(Vec3::from_array);
    let far = v(5.0, 2.0, 3.0);
    // k = 0 touches exactly, 4..16 is within GJK's band, 1024 (1.2e-4 in f32) is well apart.
    for (k, inside_band) in [
        (0.0, true),
        (4.0, true),
        (8.0, true),
        (16.0, true),
        (1024.0, false),
    ] {
        let x = 4.0 + k * Real::EPSILON;
        assert_eq!(x - 4.0, k * Real::EPSILON, "exact");
        for e in [-60, -24, 0, 24, 60] {
            let s = pow2(e);
            for perm in [0, 4] {
                for signs in [[false, false, false], [true, false, true]] {
                    let map = |p: Vec3| turn(p * s, perm, signs);
                    let hull = ConvexHull::new(corners.map(map).to_vec());
                    let p = map(v(x, 1.0, 2.0));
                    let (q, r) = (map(v(5.0, 1.0, 2.0)), map(v(x, 3.0, 2.0)));
                    let at = format!("k {k}, 2^{e}, turn {perm} {signs:?}");
                    assert_eq!(hull.contains_point(p), inside_band, "{at}: contains_point");
                    let boxed = Aabb::new(p.min(map(far)), p.max(map(far)));
                    check(
                        &format!("{at}: sphere"),
                        &Sphere::new(p, 0.0),
                        &hull,
                        inside_band,
                    );
                    check(
                        &format!("{at}: obb"),
                        &Obb::from_aabb(&boxed),
                        &hull,
                        inside_band,
                    );
                    check(
                        &format!("{at}: point box"),
                        &Aabb::new(p, p),
                        &hull,
                        inside_band,
                    );
                    check(&format!("{at}: box"), &boxed, &hull, inside_band);
                    check(
                        &format!("{at}: point"),
                        &Triangle::new(p, p, p),
                        &hull,
                        inside_band,
                    );
                    let across = Triangle::new(p, q, map(v(5.0, 2.0, 2.0)));
                    check(&format!("{at}: triangle"), &across, &hull, inside_band);
                    let side = Triangle::new(p, r, map(v(x, 2.0, 3.0)));
                    check(&format!("{at}: flat triangle"), &side, &hull, inside_band);
                    let point = Capsule::new(p, p, 0.0);
                    check(&format!("{at}: point capsule"), &point, &hull, inside_band);
                    let core = Capsule::new(p, q, 0.0);
                    check(&format!("{at}: capsule"), &core, &hull, inside_band);
                    let flat = Capsule::new(p, r, 0.0);
                    check(&format!("{at}: flat capsule"), &flat, &hull, inside_band);
                }
            }
        }
    }
}

/// `intersects` in both orders and `distance == 0` in both orders give `meets`.
fn check_meets<S>(what: &str, shape: &S, hull: &ConvexHull, meets: bool)
where
    S: Intersects<ConvexHull> + Distance<ConvexHull>,
    ConvexHull: Intersects<S> + Distance<S>,
{
    assert_eq!(shape.intersects(hull), meets, "{what}: intersects");
    assert_eq!(hull.intersects(shape), meets, "{what}: mirrored");
    assert_eq!(shape.distance(hull) == 0.0, meets, "{what}: distance");
    assert_eq!(
        hull.distance(shape) == 0.0,
        meets,
        "{what}: distance, mirrored"
    );
}

/// The point `p = (4 + k ε, 1, 2)` for every `k` from 0 to 1024 (GJK's band ends near 34):
/// a zero-length segment at `p` is answered as `contains_point(p)` and the radius-0 sphere and
/// capsule at `p`, and a segment from `p` out along the normal or along the face as the
/// radius-0 capsule on it, in every query; clear of the band's end (`k <= 16`, `k >= 64`) the
/// answer is the one exact arithmetic gives with GJK's touching band of `32 ε`.
#[test]
fn hull_face_segment_band() {
    let corners = CORNERS.map(Vec3::from_array);
    for (e, perm, signs) in [
        (-60, 0, [false, false, false]),
        (0, 0, [false, false, false]),
        (24, 4, [true, false, true]),
        (60, 4, [false, true, false]),
    ] {
        let s = pow2(e);
        let map = |p: Vec3| turn(p * s, perm, signs);
        let hull = ConvexHull::new(corners.map(map).to_vec());
        for k in 0..=1024 {
            let x = 4.0 + Real::from(k as u16) * Real::EPSILON;
            let p = map(v(x, 1.0, 2.0));
            let at = format!("k {k}, 2^{e}, turn {perm} {signs:?}");
            let meets = hull.contains_point(p);
            if k <= 16 || k >= 64 {
                assert_eq!(meets, k <= 16, "{at}: contains_point");
            }
            let sphere = Sphere::new(p, 0.0);
            check_meets(&format!("{at}: sphere"), &sphere, &hull, meets);
            let point = Capsule::new(p, p, 0.0);
            check_meets(&format!("{at}: point capsule"), &point, &hull, meets);
            let segment = Segment::new(p, p);
            check_meets(&format!("{at}: point segment"), &segment, &hull, meets);
            for q in [map(v(5.0, 1.0, 2.0)), map(v(x, 3.0, 2.0))] {
                let capsule = Capsule::new(p, q, 0.0);
                let meets = capsule.intersects(&hull);
                if k <= 16 || k >= 64 {
                    assert_eq!(meets, k <= 16, "{at}: capsule to {q}");
                }
                check_meets(&format!("{at}: capsule to {q}"), &capsule, &hull, meets);
                for segment in [Segment::new(p, q), Segment::new(q, p)] {
                    check_meets(&format!("{at}: {segment:?}"), &segment, &hull, meets);
                }
            }
        }
    }
}
