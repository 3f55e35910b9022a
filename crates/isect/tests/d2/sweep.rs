//! Sweeps of every pair of 2D shapes, both argument orders: hand cases with exact answers
//! (head-on discs and boxes, both moving, already overlapping, touching at the start and
//! moving apart, a disc through a concave polygon's notch), and properties on random pairs
//! and motions: the shapes touch at `t_first` and are apart just before it, touch at `t_last`
//! and are apart just after, a miss never meets at sampled times, and both orders agree with
//! the normal turned round.

use isect::Real;
use isect::d2::{
    Aabb, Capsule, Circle, ConvexPolygon, Distance, Intersects, Line, Obb, Polygon, Ray, Segment,
    Sweep, SweepHit, Triangle,
};
use isect::math::{Mat2, Vec2};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

use super::common::{Map, TestShape, tol, v};
use super::strategy;

fn near(a: Real, b: Real) -> bool {
    (a - b).abs() <= tol(1.0)
}

#[track_caller]
fn assert_times(hit: Option<SweepHit>, first: Real, last: Real) -> SweepHit {
    let hit = hit.expect("a hit");
    assert!(
        near(hit.t_first, first) && near(hit.t_last, last),
        "{hit:?}, expected {first} .. {last}"
    );
    hit
}

#[test]
fn hand_cases() {
    let a = Circle::new(v(0.0, 0.0), 1.0);
    let b = Circle::new(v(5.0, 0.0), 1.0);
    // a runs 10 to the right through b: touches at 3 (t = 0.3), leaves at 7 (t = 0.7).
    let h = assert_times(a.sweep(v(10.0, 0.0), &b, Vec2::ZERO), 0.3, 0.7);
    assert!(
        (h.normal - -Vec2::X).length() <= tol(1.0) && (h.point - v(4.0, 0.0)).length() <= tol(4.0)
    );
    let h = assert_times(b.sweep(Vec2::ZERO, &a, v(10.0, 0.0)), 0.3, 0.7);
    assert!((h.normal - Vec2::X).length() <= tol(1.0));
    // Both moving towards each other: the same relative motion.
    assert_times(a.sweep(v(5.0, 0.0), &b, v(-5.0, 0.0)), 0.3, 0.7);
    // Already overlapping; touching at the start and moving apart; missing.
    assert_times(
        a.sweep(v(1.0, 0.0), &Circle::new(v(1.0, 0.0), 1.0), Vec2::ZERO),
        0.0,
        1.0,
    );
    assert_times(
        a.sweep(v(-1.0, 0.0), &Circle::new(v(2.0, 0.0), 1.0), Vec2::ZERO),
        0.0,
        0.0,
    );
    assert!(
        a.sweep(v(10.0, 0.0), &Circle::new(v(5.0, 2.5), 0.5), Vec2::ZERO)
            .is_none()
    );
    assert!(a.sweep(v(1.0, 0.0), &b, Vec2::ZERO).is_none());

    // A box sliding into a box: the gap of 2 closes at t = 0.25 of a motion of 8.
    let left = Aabb::new(v(0.0, 0.0), v(2.0, 2.0));
    let right = Aabb::new(v(4.0, 1.0), v(6.0, 3.0));
    let h = assert_times(left.sweep(v(8.0, 0.0), &right, Vec2::ZERO), 0.25, 0.75);
    assert!((h.normal - -Vec2::X).length() <= tol(1.0), "{h:?}");
    let obb = Obb::new(v(5.0, 2.0), v(1.0, 1.0), Mat2::IDENTITY);
    assert_times(left.sweep(v(8.0, 0.0), &obb, Vec2::ZERO), 0.25, 0.75);
    // A capsule falling onto a segment: its bottom (y = 3 − 1) reaches y = 0 at t = 0.5.
    let cap = Capsule::new(v(-1.0, 3.0), v(1.0, 3.0), 1.0);
    let floor = Segment::new(v(-5.0, 0.0), v(5.0, 0.0));
    let h = assert_times(cap.sweep(v(0.0, -4.0), &floor, Vec2::ZERO), 0.5, 1.0);
    assert!((h.normal - Vec2::Y).length() <= tol(1.0), "{h:?}");
    // A triangle's corner reaching a line.
    let tri = Triangle::new(v(0.0, 1.0), v(2.0, 3.0), v(-2.0, 3.0));
    assert_times(
        tri.sweep(v(0.0, -2.0), &Line::new(Vec2::ZERO, Vec2::X), Vec2::ZERO),
        0.5,
        1.0,
    );
    // A ray swept sideways into a box.
    let ray = Ray::new(v(-4.0, 0.0), Vec2::Y);
    assert_times(ray.sweep(v(8.0, 0.0), &left, Vec2::ZERO), 0.5, 0.75);

    // A disc dropped into the notch of a concave polygon: its sloping edges from (4, 4) and
    // (0, 4) to (2, 1); a disc of radius 0.5 at x = 2 falls freely until it meets them.
    let notch = Polygon::new(vec![
        v(0.0, 0.0),
        v(4.0, 0.0),
        v(4.0, 4.0),
        v(2.0, 1.0),
        v(0.0, 4.0),
    ])
    .unwrap();
    let coin = Circle::new(v(2.0, 6.0), 0.5);
    let h = coin.sweep(v(0.0, -6.0), &notch, Vec2::ZERO).unwrap();
    // The edge from (2, 1) to (4, 4) has slope 3/2: the center stops at height
    // 1 + 0.5 · √13 / 2 above the vertex, so at y = 1 + √13 / 4.
    let stop = 1.0 + (13.0 as Real).sqrt() / 4.0;
    assert!(near(h.t_first, (6.0 - stop) / 6.0), "{h:?}");
    assert_eq!(h.t_last, 1.0);
    // A box swept across a whole polygon from outside to outside.
    let small = Aabb::new(v(-2.0, 0.5), v(-1.0, 1.5));
    assert_times(small.sweep(v(8.0, 0.0), &notch, Vec2::ZERO), 0.125, 0.75);
    let hull = ConvexPolygon::new(notch.points().to_vec());
    assert_times(small.sweep(v(8.0, 0.0), &hull, Vec2::ZERO), 0.125, 0.75);
    assert_times(
        notch.sweep(Vec2::ZERO, &notch.clone(), v(1.0, 0.0)),
        0.0,
        1.0,
    );
}

#[test]
fn invalid_sweeps_are_none() {
    let a = Circle::new(Vec2::ZERO, 1.0);
    let b = Circle::new(v(5.0, 0.0), 1.0);
    assert!(a.sweep(v(Real::NAN, 0.0), &b, Vec2::ZERO).is_none());
    assert!(a.sweep(v(10.0, 0.0), &b, v(Real::INFINITY, 0.0)).is_none());
    assert!(
        a.sweep(v(10.0, 0.0), &Circle::new(v(5.0, 0.0), -1.0), Vec2::ZERO)
            .is_none()
    );
    assert!(
        Aabb::new(v(1.0, 0.0), v(0.0, 1.0))
            .sweep(v(10.0, 0.0), &b, Vec2::ZERO)
            .is_none()
    );
    assert!(
        Line::new(Vec2::ZERO, Vec2::ZERO)
            .sweep(v(10.0, 0.0), &b, Vec2::ZERO)
            .is_none()
    );
}

/// The properties of the sweep of `a` (moving by `m`) against `b` (moving by `n`).
fn check_sweep<A, B>(a: &A, m: Vec2, b: &B, n: Vec2) -> Result<(), TestCaseError>
where
    A: TestShape + Sweep<B> + Intersects<B> + Distance<B>,
    B: TestShape + Sweep<A>,
{
    let scale = a.magnitude().max(b.magnitude()) + m.length() + n.length();
    let t = tol(scale);
    let at = |time: Real| -> Option<(A, B)> {
        Some((
            a.mapped(&Map::shift(m * time))?,
            b.mapped(&Map::shift(n * time))?,
        ))
    };
    let hit = a.sweep(m, b, n);
    let back = b.sweep(n, a, m);
    prop_assert_eq!(
        hit.is_some(),
        back.is_some(),
        "orders: {:?} vs {:?}",
        hit,
        back
    );
    let speed = (m - n).length();
    let Some(hit) = hit else {
        for k in 0..=16 {
            if let Some((p, q)) = at(k as Real / 16.0) {
                prop_assert!(
                    !p.intersects(&q) || p.distance(&q) <= t,
                    "a miss, but they meet at {}",
                    k as Real / 16.0
                );
            }
        }
        return Ok(());
    };
    let back = back.unwrap();
    prop_assert!(
        (hit.t_first - back.t_first).abs() * speed <= t,
        "orders {:?} {:?}",
        hit,
        back
    );
    prop_assert!(
        0.0 <= hit.t_first && hit.t_first <= hit.t_last && hit.t_last <= 1.0,
        "{:?}",
        hit
    );
    prop_assert!((hit.normal.length() - 1.0).abs() <= 1e-3, "{:?}", hit);
    if let Some((p, q)) = at(hit.t_first) {
        prop_assert!(
            p.distance(&q) <= t,
            "apart at t_first: {:?} {}",
            hit,
            p.distance(&q)
        );
    }
    if let Some((p, q)) = at(hit.t_last) {
        prop_assert!(p.distance(&q) <= t, "apart at t_last: {:?}", hit);
    }
    // Apart clearly before the first contact and after the last.
    let step = 8.0 * t / speed.max(1e-9);
    if hit.t_first > step {
        if let Some((p, q)) = at(hit.t_first - step) {
            prop_assert!(!p.intersects(&q), "overlap before t_first: {:?}", hit);
        }
    }
    if hit.t_last + step < 1.0 {
        if let Some((p, q)) = at(hit.t_last + step) {
            prop_assert!(!p.intersects(&q), "overlap after t_last: {:?}", hit);
        }
    }
    Ok(())
}

fn motion() -> impl Strategy<Value = Vec2> {
    prop_oneof![
        1 => Just(Vec2::ZERO),
        4 => (-16.0 as Real..16.0, -16.0 as Real..16.0).prop_map(|(x, y)| v(x, y)),
    ]
}

macro_rules! sweep_props {
    ($($(#[$attr:meta])* $name:ident: $a:expr, $b:expr;)*) => {
        proptest! {
            #![proptest_config(ProptestConfig::with_cases(48))]
            $(
                #[test]
                $(#[$attr])*
                fn $name(a in $a, b in $b, m in motion(), n in motion()) {
                    check_sweep(&a, m, &b, n)?;
                }
            )*
        }
    };
}

sweep_props! {
    sweep_circle_circle: strategy::circle(), strategy::circle();
    sweep_circle_aabb: strategy::circle(), strategy::aabb();
    sweep_circle_obb: strategy::circle(), strategy::obb();
    sweep_circle_capsule: strategy::circle(), strategy::capsule();
    sweep_circle_triangle: strategy::circle(), strategy::triangle();
    sweep_circle_segment: strategy::circle(), strategy::segment();
    sweep_circle_ray: strategy::circle(), strategy::ray();
    sweep_circle_line: strategy::circle(), strategy::line();
    sweep_circle_convex_polygon: strategy::circle(), strategy::convex_polygon();
    sweep_circle_polygon: strategy::circle(), strategy::polygon();
    sweep_aabb_aabb: strategy::aabb(), strategy::aabb();
    sweep_aabb_obb: strategy::aabb(), strategy::obb();
    sweep_aabb_capsule: strategy::aabb(), strategy::capsule();
    sweep_aabb_triangle: strategy::aabb(), strategy::triangle();
    sweep_aabb_segment: strategy::aabb(), strategy::segment();
    sweep_aabb_ray: strategy::aabb(), strategy::ray();
    sweep_aabb_line: strategy::aabb(), strategy::line();
    sweep_aabb_convex_polygon: strategy::aabb(), strategy::convex_polygon();
    sweep_aabb_polygon: strategy::aabb(), strategy::polygon();
    sweep_obb_obb: strategy::obb(), strategy::obb();
    sweep_obb_capsule: strategy::obb(), strategy::capsule();
    sweep_obb_triangle: strategy::obb(), strategy::triangle();
    sweep_obb_segment: strategy::obb(), strategy::segment();
    sweep_obb_ray: strategy::obb(), strategy::ray();
    sweep_obb_line: strategy::obb(), strategy::line();
    sweep_obb_convex_polygon: strategy::obb(), strategy::convex_polygon();
    sweep_obb_polygon: strategy::obb(), strategy::polygon();
    sweep_capsule_capsule: strategy::capsule(), strategy::capsule();
    sweep_capsule_triangle: strategy::capsule(), strategy::triangle();
    sweep_capsule_segment: strategy::capsule(), strategy::segment();
    sweep_capsule_ray: strategy::capsule(), strategy::ray();
    sweep_capsule_line: strategy::capsule(), strategy::line();
    sweep_capsule_convex_polygon: strategy::capsule(), strategy::convex_polygon();
    sweep_capsule_polygon: strategy::capsule(), strategy::polygon();
    sweep_triangle_triangle: strategy::triangle(), strategy::triangle();
    sweep_triangle_segment: strategy::triangle(), strategy::segment();
    sweep_triangle_ray: strategy::triangle(), strategy::ray();
    sweep_triangle_line: strategy::triangle(), strategy::line();
    sweep_triangle_convex_polygon: strategy::triangle(), strategy::convex_polygon();
    sweep_triangle_polygon: strategy::triangle(), strategy::polygon();
    sweep_segment_segment: strategy::segment(), strategy::segment();
    sweep_segment_ray: strategy::segment(), strategy::ray();
    sweep_segment_line: strategy::segment(), strategy::line();
    sweep_segment_convex_polygon: strategy::segment(), strategy::convex_polygon();
    sweep_segment_polygon: strategy::segment(), strategy::polygon();
    sweep_ray_ray: strategy::ray(), strategy::ray();
    sweep_ray_line: strategy::ray(), strategy::line();
    sweep_ray_convex_polygon: strategy::ray(), strategy::convex_polygon();
    sweep_ray_polygon: strategy::ray(), strategy::polygon();
    sweep_line_line: strategy::line(), strategy::line();
    sweep_line_convex_polygon: strategy::line(), strategy::convex_polygon();
    sweep_line_polygon: strategy::line(), strategy::polygon();
    sweep_convex_polygon_convex_polygon: strategy::convex_polygon(), strategy::convex_polygon();
    sweep_convex_polygon_polygon: strategy::convex_polygon(), strategy::polygon();
    sweep_polygon_polygon: strategy::polygon(), strategy::polygon();
}
