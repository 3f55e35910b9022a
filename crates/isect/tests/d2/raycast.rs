//! Ray casts against every 2D shape: hand cases with exact answers (entry, exit from inside,
//! touching at a corner or tangent, grazing along an edge, `max_t` exactly at the hit,
//! degenerate shapes, non-unit directions), and properties on random shapes and rays: agreement
//! with the exact overlap of the cast's segment, the hit on the shape and no point of the
//! shape before it, unit normals facing out of solids, and invariance under quarter turns,
//! the mirror and scalings by powers of two.

use isect::Real;
use isect::d2::{
    Aabb, Capsule, Circle, ConvexPolygon, Distance, Intersects, Line, Obb, Polygon, Ray, RayCast,
    RayHit, Segment, Triangle,
};
use isect::math::{Mat2, Vec2};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

use super::common::{Map, TestShape, tol, v};
use super::strategy;

#[track_caller]
fn assert_hit(hit: Option<RayHit>, t: Real, point: Vec2, normal: Vec2) {
    let hit = hit.expect("a hit");
    assert_eq!((hit.t, hit.point, hit.normal), (t, point, normal));
}

#[test]
fn circle_hand_cases() {
    let c = Circle::new(v(5.0, 0.0), 1.0);
    let x = Ray::new(Vec2::ZERO, Vec2::X);
    assert_hit(c.raycast(&x, 10.0), 4.0, v(4.0, 0.0), -Vec2::X);
    // max_t exactly at the hit counts; just short of it misses.
    assert!(c.raycast(&x, 4.0).is_some());
    assert!(c.raycast(&x, 3.999).is_none());
    // Tangent: touches at (5, 1).
    let tangent = Ray::new(v(0.0, 1.0), Vec2::X);
    assert_hit(c.raycast(&tangent, 10.0), 5.0, v(5.0, 1.0), Vec2::Y);
    assert!(c.raycast(&Ray::new(v(0.0, 1.001), Vec2::X), 10.0).is_none());
    // From inside, and from the rim.
    let inner = Ray::new(v(5.0, 0.0), Vec2::Y);
    assert_hit(c.raycast(&inner, 10.0), 0.0, v(5.0, 0.0), -Vec2::Y);
    assert_hit(c.raycast_surface(&inner, 10.0), 1.0, v(5.0, 1.0), Vec2::Y);
    let rim = Ray::new(v(4.0, 0.0), Vec2::X);
    assert_hit(c.raycast_surface(&rim, 10.0), 0.0, v(4.0, 0.0), -Vec2::X);
    // Behind the ray, and a non-unit direction (t in units of dir).
    assert!(c.raycast(&Ray::new(Vec2::ZERO, -Vec2::X), 100.0).is_none());
    assert_hit(
        c.raycast(&Ray::new(Vec2::ZERO, v(2.0, 0.0)), 10.0),
        2.0,
        v(4.0, 0.0),
        -Vec2::X,
    );
    // Radius 0: a point.
    let dot = Circle::new(v(3.0, 0.0), 0.0);
    assert_hit(dot.raycast(&x, 10.0), 3.0, v(3.0, 0.0), -Vec2::X);
    assert!(dot.raycast(&Ray::new(v(0.0, 0.5), Vec2::X), 10.0).is_none());
}

#[test]
fn box_hand_cases() {
    let b = Aabb::new(v(2.0, -1.0), v(4.0, 1.0));
    let o = Obb::new(v(3.0, 0.0), v(1.0, 1.0), Mat2::IDENTITY);
    let p = ConvexPolygon::new(b.corners().to_vec());
    let shapes: [&dyn RayCast; 3] = [&b, &o, &p];
    for s in shapes {
        let x = Ray::new(Vec2::ZERO, Vec2::X);
        assert_hit(s.raycast(&x, 10.0), 2.0, v(2.0, 0.0), -Vec2::X);
        assert_hit(s.raycast_surface(&x, 10.0), 2.0, v(2.0, 0.0), -Vec2::X);
        // Along the top face: touching all the way, entered at its corner.
        let graze = Ray::new(v(0.0, 1.0), Vec2::X);
        assert_eq!(s.raycast(&graze, 10.0).unwrap().t, 2.0);
        assert!(s.raycast(&Ray::new(v(0.0, 1.5), Vec2::X), 10.0).is_none());
        // Through the corner (4, 1) exactly, from outside.
        let corner = Ray::new(v(6.0, 3.0), v(-1.0, -1.0));
        let h = s.raycast(&corner, 10.0).unwrap();
        assert_eq!((h.t, h.point), (2.0, v(4.0, 1.0)));
        assert!(h.normal == Vec2::X || h.normal == Vec2::Y, "{h:?}");
        // From inside: at once for the solid, the far face for the surface.
        let inner = Ray::new(v(3.0, 0.0), Vec2::X);
        assert_hit(s.raycast(&inner, 10.0), 0.0, v(3.0, 0.0), -Vec2::X);
        assert_hit(s.raycast_surface(&inner, 10.0), 1.0, v(4.0, 0.0), Vec2::X);
        // From a point of the boundary, heading in: the surface there.
        let on = Ray::new(v(2.0, 0.0), Vec2::X);
        assert_hit(s.raycast_surface(&on, 10.0), 0.0, v(2.0, 0.0), -Vec2::X);
        assert!(s.raycast(&Ray::new(v(5.0, 0.0), Vec2::X), 10.0).is_none());
    }
    // A flat box is a segment: hit where the ray crosses it, normal facing the ray.
    let flat = Aabb::new(v(2.0, -1.0), v(2.0, 1.0));
    assert_hit(
        flat.raycast(&Ray::new(v(5.0, 0.0), -Vec2::X), 10.0),
        3.0,
        v(2.0, 0.0),
        Vec2::X,
    );
    // A rotated box: the diamond of half-diagonal √2 about (3, 0), reached at its left corner.
    let d = Obb::from_angle(
        v(3.0, 0.0),
        v(1.0, 1.0),
        core::f64::consts::FRAC_PI_4 as Real,
    );
    let h = d.raycast(&Ray::new(Vec2::ZERO, Vec2::X), 10.0).unwrap();
    assert!(
        (h.t - (3.0 - (2.0 as Real).sqrt())).abs() <= tol(3.0),
        "{h:?}"
    );
}

#[test]
fn capsule_triangle_polygon_hand_cases() {
    let cap = Capsule::new(v(0.0, 2.0), v(4.0, 2.0), 1.0);
    assert_hit(
        cap.raycast(&Ray::new(v(2.0, -3.0), Vec2::Y), 10.0),
        4.0,
        v(2.0, 1.0),
        -Vec2::Y,
    );
    assert_hit(
        cap.raycast(&Ray::new(v(-5.0, 2.0), Vec2::X), 10.0),
        4.0,
        v(-1.0, 2.0),
        -Vec2::X,
    );
    assert_hit(
        cap.raycast_surface(&Ray::new(v(2.0, 2.0), Vec2::X), 10.0),
        3.0,
        v(5.0, 2.0),
        Vec2::X,
    );
    // Tangent to the side, from the left: touches the end cap's top at (0, 3) first.
    assert_eq!(
        cap.raycast(&Ray::new(v(-5.0, 3.0), Vec2::X), 10.0)
            .unwrap()
            .t,
        5.0
    );
    // Radius 0: the segment.
    let seg = Capsule::new(v(0.0, 2.0), v(4.0, 2.0), 0.0);
    assert_hit(
        seg.raycast(&Ray::new(v(1.0, 0.0), Vec2::Y), 10.0),
        2.0,
        v(1.0, 2.0),
        -Vec2::Y,
    );

    let tri = Triangle::new(v(0.0, 0.0), v(4.0, 0.0), v(0.0, 4.0));
    let rev = Triangle::new(v(0.0, 0.0), v(0.0, 4.0), v(4.0, 0.0));
    for t in [tri, rev] {
        assert_hit(
            t.raycast(&Ray::new(v(1.0, -2.0), Vec2::Y), 10.0),
            2.0,
            v(1.0, 0.0),
            -Vec2::Y,
        );
        let h = t
            .raycast(&Ray::new(v(4.0, 4.0), v(-1.0, -1.0)), 10.0)
            .unwrap();
        assert_eq!((h.t, h.point), (2.0, v(2.0, 2.0)));
        let s = (0.5 as Real).sqrt();
        assert!((h.normal - v(s, s)).length() <= tol(1.0), "{h:?}");
        assert_hit(
            t.raycast_surface(&Ray::new(v(1.0, 1.0), -Vec2::X), 10.0),
            1.0,
            v(0.0, 1.0),
            -Vec2::X,
        );
    }
    // A collinear triangle is a segment.
    let flat = Triangle::new(v(0.0, 0.0), v(4.0, 0.0), v(2.0, 0.0));
    assert_hit(
        flat.raycast(&Ray::new(v(3.0, 2.0), -Vec2::Y), 10.0),
        2.0,
        v(3.0, 0.0),
        Vec2::Y,
    );

    // A concave polygon: the ray passes through the notch's mouth and hits its far side.
    let notch = Polygon::new(vec![
        v(0.0, 0.0),
        v(4.0, 0.0),
        v(4.0, 4.0),
        v(2.0, 1.0),
        v(0.0, 4.0),
    ])
    .unwrap();
    let h = notch
        .raycast(&Ray::new(v(2.0, 5.0), -Vec2::Y), 10.0)
        .unwrap();
    assert_eq!((h.t, h.point, h.normal), (4.0, v(2.0, 1.0), h.normal));
    assert!(h.normal.y > 0.0);
    let across = Ray::new(v(-1.0, 3.0), Vec2::X);
    assert_hit(notch.raycast(&across, 10.0), 1.0, v(0.0, 3.0), -Vec2::X);
    // The surface from inside the left lobe: its sloping edge from (2, 1) to (0, 4).
    let h = notch
        .raycast_surface(&Ray::new(v(0.5, 3.0), Vec2::X), 10.0)
        .unwrap();
    assert!((h.point - v(2.0 / 3.0, 3.0)).length() <= tol(4.0), "{h:?}");
    assert_hit(
        notch.raycast(&Ray::new(v(1.0, 1.0), Vec2::X), 10.0),
        0.0,
        v(1.0, 1.0),
        -Vec2::X,
    );
}

#[test]
fn linear_hand_cases() {
    let wall = Segment::new(v(3.0, -1.0), v(3.0, 1.0));
    let x = Ray::new(Vec2::ZERO, Vec2::X);
    assert_hit(wall.raycast(&x, 10.0), 3.0, v(3.0, 0.0), -Vec2::X);
    assert_hit(
        wall.raycast(&Ray::new(v(5.0, 0.0), -Vec2::X), 10.0),
        2.0,
        v(3.0, 0.0),
        Vec2::X,
    );
    // Touching at an end; past it, a miss.
    assert_eq!(
        wall.raycast(&Ray::new(v(0.0, 1.0), Vec2::X), 10.0)
            .unwrap()
            .t,
        3.0
    );
    assert!(
        wall.raycast(&Ray::new(v(0.0, 1.5), Vec2::X), 10.0)
            .is_none()
    );
    // Along a collinear segment: its nearer end; from a point of it, at once.
    let along = Segment::new(v(2.0, 0.0), v(5.0, 0.0));
    assert_hit(along.raycast(&x, 10.0), 2.0, v(2.0, 0.0), -Vec2::X);
    assert_hit(
        along.raycast(&Ray::new(v(6.0, 0.0), -Vec2::X), 10.0),
        1.0,
        v(5.0, 0.0),
        Vec2::X,
    );
    assert_eq!(
        along
            .raycast(&Ray::new(v(3.0, 0.0), Vec2::X), 10.0)
            .unwrap()
            .t,
        0.0
    );
    let line = Line::new(v(0.0, 2.0), Vec2::X);
    assert_hit(
        line.raycast(&Ray::new(Vec2::ZERO, Vec2::Y), 10.0),
        2.0,
        v(0.0, 2.0),
        -Vec2::Y,
    );
    assert!(line.raycast(&x, 10.0).is_none());
    assert!(
        line.raycast(&Ray::new(Vec2::ZERO, -Vec2::Y), 10.0)
            .is_none()
    );
    let half = Ray::new(v(0.0, 2.0), Vec2::X);
    assert!(
        half.raycast(&Ray::new(v(-1.0, 0.0), Vec2::Y), 10.0)
            .is_none()
    );
    assert_hit(
        half.raycast(&Ray::new(v(1.0, 0.0), Vec2::Y), 10.0),
        2.0,
        v(1.0, 2.0),
        -Vec2::Y,
    );
    assert_hit(
        half.raycast(&Ray::new(v(-3.0, 2.0), Vec2::X), 10.0),
        3.0,
        v(0.0, 2.0),
        -Vec2::X,
    );
}

#[test]
fn invalid_casts_are_none() {
    let c = Circle::new(v(5.0, 0.0), 1.0);
    let good = Ray::new(Vec2::ZERO, Vec2::X);
    for (ray, max_t) in [
        (Ray::new(Vec2::ZERO, Vec2::ZERO), 10.0),
        (Ray::new(v(Real::NAN, 0.0), Vec2::X), 10.0),
        (Ray::new(Vec2::ZERO, v(Real::INFINITY, 0.0)), 10.0),
        (good, -1.0),
        (good, Real::NAN),
    ] {
        assert!(c.raycast(&ray, max_t).is_none());
        assert!(c.raycast_surface(&ray, max_t).is_none());
        assert!(
            Aabb::new(v(2.0, -1.0), v(4.0, 1.0))
                .raycast(&ray, max_t)
                .is_none()
        );
        assert!(
            Segment::new(v(3.0, -1.0), v(3.0, 1.0))
                .raycast(&ray, max_t)
                .is_none()
        );
    }
    let bad: [&dyn RayCast; 8] = [
        &Circle::new(v(5.0, 0.0), -1.0),
        &Circle::new(v(Real::NAN, 0.0), 1.0),
        &Aabb::new(v(4.0, -1.0), v(2.0, 1.0)),
        &Obb::new(v(3.0, 0.0), v(-1.0, 1.0), Mat2::IDENTITY),
        &Capsule::new(v(3.0, 0.0), v(4.0, 0.0), -1.0),
        &Triangle::new(v(3.0, 0.0), v(4.0, Real::INFINITY), v(4.0, 1.0)),
        &Segment::new(v(3.0, Real::NAN), v(3.0, 1.0)),
        &Line::new(v(3.0, 0.0), Vec2::ZERO),
    ];
    for s in bad {
        assert!(s.raycast(&good, 10.0).is_none());
        assert!(s.raycast_surface(&good, 10.0).is_none());
    }
    // Infinite max_t is a valid ray.
    assert!(c.raycast(&good, Real::INFINITY).is_some());
}

/// The properties of a cast of `ray` against `s`.
fn check_cast<S>(s: &S, ray: &Ray, max_t: Real, turns: u8, k: i32) -> Result<(), TestCaseError>
where
    S: TestShape + RayCast + Intersects<Segment> + Distance<Segment>,
{
    let scale = s.magnitude().max(ray.origin.abs().max_element()) + ray.dir.length() * max_t;
    let t = tol(scale);
    let reach = Segment::new(ray.origin, ray.point_at(max_t));
    let solid = s.raycast(ray, max_t);
    let surface = s.raycast_surface(ray, max_t);
    let d = ray.dir.length();
    for hit in [solid, surface].into_iter().flatten() {
        prop_assert!(hit.t >= 0.0 && hit.t <= max_t, "{:?}", hit);
        prop_assert!(
            (hit.normal.length() - 1.0).abs() <= 1e-3,
            "unit normal {:?}",
            hit
        );
        prop_assert!(
            s.distance_to_point(hit.point) <= t,
            "hit off the shape {:?}",
            hit
        );
        prop_assert!(
            (hit.point - ray.point_at(hit.t)).length() <= t,
            "point vs t {:?}",
            hit
        );
    }
    match solid {
        Some(hit) => {
            // The cast's segment meets the shape, up to rounding of its far end.
            prop_assert!(
                s.intersects(&reach) || s.distance(&reach) <= t,
                "hit {:?} but the segment misses",
                hit
            );
            prop_assert_eq!(hit.t == 0.0, s.contains_point(ray.origin) || hit.t == 0.0);
            // No point of the shape clearly before the hit.
            if hit.t * d > 4.0 * t {
                let before = ray.point_at(hit.t - 4.0 * t / d);
                prop_assert!(
                    s.distance_to_point(before) > 0.0 || s.distance_to_point(before) <= t,
                    "{:?} before {:?}",
                    before,
                    hit
                );
                let early = Segment::new(ray.origin, ray.point_at(hit.t * 0.5));
                prop_assert!(
                    !s.intersects(&early) || s.distance(&early) == 0.0 && hit.t * d <= 8.0 * t,
                    "the first half of the way meets the shape: {:?}",
                    hit
                );
            }
        }
        None => {
            prop_assert!(
                !s.intersects(&reach) || s.distance_to_point(reach.b) <= t,
                "a miss, but the segment meets the shape"
            );
            prop_assert!(!s.contains_point(ray.origin));
        }
    }
    if s.contains_point(ray.origin) {
        let hit = solid.expect("origin inside");
        prop_assert_eq!(hit.t, 0.0);
    }
    // Quarter turns, the mirror and scalings by powers of two map the hit along.
    for m in [Map::quarter(turns), Map::mirror(), Map::scale(k)] {
        let (Some(ms), mr) = (s.mapped(&m), Ray::new(m.point(ray.origin), m.dir(ray.dir))) else {
            continue;
        };
        let mine = ms.raycast(&mr, max_t);
        match (solid, mine) {
            (Some(a), Some(b)) => {
                prop_assert!((a.t - b.t).abs() * d <= t, "mapped t {} vs {}", a.t, b.t);
            }
            (None, None) => {}
            (a, b) => prop_assert!(
                s.distance(&reach) <= t,
                "mapped cast disagrees: {:?} vs {:?}",
                a,
                b
            ),
        }
    }
    Ok(())
}

macro_rules! cast_props {
    ($($name:ident: $strategy:expr;)*) => {
        proptest! {
            #![proptest_config(ProptestConfig::with_cases(256))]
            $(
                #[test]
                fn $name(s in $strategy, ray in strategy::ray(), max_t in 0.0 as Real..4.0, turns in 0u8..4, k in -3i32..4) {
                    check_cast(&s, &ray, max_t, turns, k)?;
                }
            )*
        }
    };
}

cast_props! {
    cast_circle: strategy::circle();
    cast_aabb: strategy::aabb();
    cast_obb: strategy::obb();
    cast_capsule: strategy::capsule();
    cast_triangle: strategy::triangle();
    cast_segment: strategy::segment();
    cast_ray: strategy::ray();
    cast_line: strategy::line();
    cast_convex_polygon: strategy::convex_polygon();
    cast_polygon: strategy::polygon();
}
