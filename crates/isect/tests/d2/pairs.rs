//! Property tests over every pair of 2D shapes, both argument orders: agreement of
//! `intersects`, `distance == 0` and `closest_points`; closest points on their shapes and no
//! point of either shape closer to the other; and invariance under maps that keep the answer:
//! quarter turns and the mirror (exact), scaling by powers of two (exact, distances scale
//! exactly), other representations of the same sets (corners permuted, segments reversed,
//! polygons restarted or reversed), and general rigid motions (within tolerances).

use isect::Real;
use isect::d2::{Distance, Intersects};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

use super::common::{Map, TestShape, tol};
use super::strategy::{self, point};

/// Everything the pair tests check for `a` against `b`.
fn check_pair<A, B>(a: &A, b: &B, turns: u8, k: i32, motion: &Map) -> Result<(), TestCaseError>
where
    A: TestShape + Intersects<B> + Distance<B>,
    B: TestShape + Intersects<A> + Distance<A>,
{
    let scale = a.magnitude().max(b.magnitude());
    let t = tol(scale);
    let meet = a.intersects(b);
    prop_assert_eq!(meet, b.intersects(a), "intersects in both orders");
    let cp = a.closest_points(b);
    let pc = b.closest_points(a);
    prop_assert_eq!(cp.distance, pc.distance, "distance in both orders");
    prop_assert!(
        cp.distance >= 0.0 && cp.distance.is_finite(),
        "distance {:?}",
        cp
    );
    prop_assert_eq!(
        meet,
        cp.distance == 0.0,
        "intersects vs distance == 0: {:?}",
        cp
    );
    prop_assert_eq!(cp.distance, a.distance(b));
    if meet {
        prop_assert_eq!(cp.a, cp.b, "a common point");
    } else {
        prop_assert!(
            (cp.a.distance(cp.b) - cp.distance).abs() <= t,
            "|a - b| vs distance: {:?}",
            cp
        );
    }
    // The points lie on their shapes, to the rounding of their own coordinates: two nearly
    // parallel lines cross far from their origins (lines near 10 with directions 1e-4 rad apart
    // cross at 1e5, where an f32 point is 0.0034 off the line, half an ulp there).
    let t = tol(scale
        .max(cp.a.abs().max_element())
        .max(cp.b.abs().max_element()));
    prop_assert!(
        a.distance_to_point(cp.a) <= t,
        "a {:?} not on {:?}",
        cp.a,
        a
    );
    prop_assert!(
        b.distance_to_point(cp.b) <= t,
        "b {:?} not on {:?}",
        cp.b,
        b
    );
    // No point of either shape is closer to the other than the distance.
    for x in a.samples() {
        let d = b.distance_to_point(x);
        prop_assert!(
            d >= cp.distance - tol(x.abs().max_element().max(scale)),
            "{x} of a is {d} from b, closer than {:?}",
            cp
        );
    }
    for y in b.samples() {
        let d = a.distance_to_point(y);
        prop_assert!(
            d >= cp.distance - tol(y.abs().max_element().max(scale)),
            "{y} of b is {d} from a, closer than {:?}",
            cp
        );
    }
    let exact = !(a.rounded() || b.rounded());
    // A moved pair keeps its answer: exactly for exact predicates on exactly moved inputs; for
    // rounded ones the answers may differ only at the boundary.
    let same = |moved_meet: bool,
                moved_d: Real,
                what: &str,
                exact: bool,
                t: Real|
     -> Result<(), TestCaseError> {
        if exact {
            prop_assert_eq!(moved_meet, meet, "{}: intersects changed", what);
        } else if moved_meet != meet {
            prop_assert!(
                moved_d.min(cp.distance) <= t,
                "{}: intersects changed away from the boundary ({} vs {})",
                what,
                moved_d,
                cp.distance
            );
        }
        prop_assert!(
            (moved_d - cp.distance).abs() <= t,
            "{}: distance {} vs {}",
            what,
            moved_d,
            cp.distance
        );
        Ok(())
    };
    for (what, map) in [
        ("quarter turn", Map::quarter(turns)),
        ("mirror", Map::mirror()),
    ] {
        if let (Some(ma), Some(mb)) = (a.mapped(&map), b.mapped(&map)) {
            same(ma.intersects(&mb), ma.distance(&mb), what, exact, t)?;
        }
    }
    // Scaling by 2^k commutes with every rounding: the same booleans, the distance times 2^k.
    // Except the floor: sets apart whose computed distance rounds to 0 report the smallest
    // positive number (`Real::from_bits(1)`) at every scale (a flat box passing 3e-8 from a
    // polygon's corner, where the rounding of the projection is 1e-7).
    let map = Map::scale(k);
    if let (Some(sa), Some(sb)) = (a.mapped(&map), b.mapped(&map)) {
        prop_assert_eq!(sa.intersects(&sb), meet, "scaled by 2^{}", k);
        let floor = cp.distance > 0.0 && cp.distance < Real::MIN_POSITIVE;
        let scaled = if floor {
            Real::from_bits(1)
        } else {
            cp.distance * map.factor
        };
        prop_assert_eq!(sa.distance(&sb), scaled, "scaled by 2^{}", k);
    }
    for va in a.variants() {
        same(va.intersects(b), va.distance(b), "variant of a", exact, t)?;
    }
    for vb in b.variants() {
        same(a.intersects(&vb), a.distance(&vb), "variant of b", exact, t)?;
    }
    // Two rays or lines that are exactly parallel are, after a rounded rotation, not quite
    // parallel, and meet far away: no tolerance holds for them.
    let both_unbounded = a.unbounded() && b.unbounded();
    if let (false, Some(ma), Some(mb)) = (both_unbounded, a.mapped(motion), b.mapped(motion)) {
        let t = tol(ma.magnitude().max(mb.magnitude()).max(scale));
        same(
            ma.intersects(&mb),
            ma.distance(&mb),
            "rigid motion",
            false,
            t,
        )?;
    }
    Ok(())
}

fn motion() -> impl Strategy<Value = Map> {
    (-4.0 as Real..4.0, point()).prop_map(|(a, t)| Map::rigid(a, t))
}

macro_rules! pairs {
    ($($name:ident: $a:ident, $b:ident;)*) => {
        proptest! {
            #![proptest_config(ProptestConfig::with_cases(96))]
            $(
                #[test]
                fn $name(
                    a in strategy::$a(),
                    b in strategy::$b(),
                    turns in 0u8..4,
                    k in -4i32..=4,
                    m in motion(),
                ) {
                    check_pair(&a, &b, turns, k, &m)?;
                }
            )*
        }
    };
}

pairs! {
    circle_circle: circle, circle;
    circle_aabb: circle, aabb;
    circle_obb: circle, obb;
    circle_capsule: circle, capsule;
    circle_triangle: circle, triangle;
    circle_segment: circle, segment;
    circle_ray: circle, ray;
    circle_line: circle, line;
    circle_convex_polygon: circle, convex_polygon;
    circle_polygon: circle, polygon;
    aabb_aabb: aabb, aabb;
    aabb_obb: aabb, obb;
    aabb_capsule: aabb, capsule;
    aabb_triangle: aabb, triangle;
    aabb_segment: aabb, segment;
    aabb_ray: aabb, ray;
    aabb_line: aabb, line;
    aabb_convex_polygon: aabb, convex_polygon;
    aabb_polygon: aabb, polygon;
    obb_obb: obb, obb;
    obb_capsule: obb, capsule;
    obb_triangle: obb, triangle;
    obb_segment: obb, segment;
    obb_ray: obb, ray;
    obb_line: obb, line;
    obb_convex_polygon: obb, convex_polygon;
    obb_polygon: obb, polygon;
    capsule_capsule: capsule, capsule;
    capsule_triangle: capsule, triangle;
    capsule_segment: capsule, segment;
    capsule_ray: capsule, ray;
    capsule_line: capsule, line;
    capsule_convex_polygon: capsule, convex_polygon;
    capsule_polygon: capsule, polygon;
    triangle_triangle: triangle, triangle;
    triangle_segment: triangle, segment;
    triangle_ray: triangle, ray;
    triangle_line: triangle, line;
    triangle_convex_polygon: triangle, convex_polygon;
    triangle_polygon: triangle, polygon;
    segment_segment: segment, segment;
    segment_ray: segment, ray;
    segment_line: segment, line;
    segment_convex_polygon: segment, convex_polygon;
    segment_polygon: segment, polygon;
    ray_ray: ray, ray;
    ray_line: ray, line;
    ray_convex_polygon: ray, convex_polygon;
    ray_polygon: ray, polygon;
    line_line: line, line;
    line_convex_polygon: line, convex_polygon;
    line_polygon: line, polygon;
    convex_polygon_convex_polygon: convex_polygon, convex_polygon;
    convex_polygon_polygon: convex_polygon, polygon;
    polygon_polygon: polygon, polygon;
}
