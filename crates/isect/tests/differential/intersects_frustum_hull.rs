//! Convex-hull overlap and ray casts against parry's `ConvexPolyhedron` (parry has no frustum;
//! the frustum pairs are checked against the corners' hull in `intersects::frustum`).
//!
//! Booleans are compared only where the answer is clear of the boundary: apart by more than a
//! tolerance (GJK's distance, which sees the hull only through its points), or overlapping
//! with a point of the other shape deep inside the hull (behind every face plane by a margin).

use isect::math::Vec3;
use isect::query::algo::gjk::gjk_closest_points;
use isect::{Bounded, ConvexHull, Intersects, RayCast, Real, Segment, SupportMap};
use parry::math::Pose;
use parry::query::RayCast as _;
use parry::shape as ps;
use proptest::prelude::*;

use crate::common::parry_conv::{from_parry, pose, to_parry, translation};
use crate::common::strategy::{aabb, capsule, obb, ray, sphere, triangle, vec3};
use crate::common::tol;

/// Solid hulls of 4 to 16 random points (the ones parry builds a polyhedron for).
fn solid_hull() -> impl Strategy<Value = (ConvexHull, ps::ConvexPolyhedron)> {
    proptest::collection::vec(vec3(), 4..16).prop_filter_map("flat", |points| {
        let hull = ConvexHull::new(points.clone());
        let parry_points: Vec<_> = points.iter().map(|&p| to_parry(p)).collect();
        let polyhedron = ps::ConvexPolyhedron::from_convex_hull(&parry_points)?;
        (hull.dimension() == 3).then_some((hull, polyhedron))
    })
}

/// How deep `p` is inside the hull (positive inside), by the face planes.
fn depth(hull: &ConvexHull, p: Vec3) -> Real {
    -hull
        .planes()
        .iter()
        .map(|plane| plane.signed_distance(p))
        .fold(Real::NEG_INFINITY, Real::max)
}

fn parry_test(hull: &ps::ConvexPolyhedron, pose2: &Pose, shape: &dyn ps::Shape) -> bool {
    parry::query::intersection_test(&Pose::IDENTITY, hull, pose2, shape)
        .expect("supported")
        .intersecting
}

/// Compares where clear: apart by GJK's distance, or `deep` (a point of the shape) inside.
fn compare<S: SupportMap + Intersects<ConvexHull>>(
    hull: &ConvexHull,
    shape: &S,
    deep: Vec3,
    parry: bool,
    what: &str,
) -> Result<(), TestCaseError> {
    let ours = shape.intersects(hull);
    let d = gjk_closest_points(shape, hull, Vec3::X).distance;
    if d > tol(20.0) {
        prop_assert!(
            !ours && !parry,
            "{what}: apart by {d}, isect {ours}, parry {parry}"
        );
    }
    if depth(hull, deep) > tol(20.0) {
        prop_assert!(
            ours && parry,
            "{what}: overlapping, isect {ours}, parry {parry}"
        );
    }
    Ok(())
}

proptest! {
    #[test]
    fn hull_pairs_agree_with_parry(
        (hull, poly) in solid_hull(), s in sphere(), b in aabb(), o in obb(), c in capsule(),
        t in triangle(), (other, other_poly) in solid_hull(),
    ) {
        let parry = parry_test(&poly, &translation(s.center), &ps::Ball::new(s.radius));
        let ours = s.intersects(&hull);
        let d = gjk_closest_points(&s.center, &hull, Vec3::X).distance;
        if (d - s.radius).abs() > tol(20.0) {
            prop_assert_eq!(ours, parry, "sphere at {}", d - s.radius);
            prop_assert_eq!(ours, d < s.radius);
        }
        let cuboid = ps::Cuboid::new(to_parry(b.half_extents()));
        compare(&hull, &b, b.center(), parry_test(&poly, &translation(b.center()), &cuboid), "aabb")?;
        let q = isect::math::Quat::from_mat3(&o.rotation);
        let cuboid = ps::Cuboid::new(to_parry(o.half_extents));
        compare(&hull, &o, o.center, parry_test(&poly, &pose(o.center, q), &cuboid), "obb")?;
        let capsule = ps::Capsule::new(to_parry(c.a), to_parry(c.b), c.radius);
        let parry = parry_test(&poly, &Pose::IDENTITY, &capsule);
        let ours = c.intersects(&hull);
        let d = gjk_closest_points(&Segment::new(c.a, c.b), &hull, Vec3::X).distance;
        if (d - c.radius).abs() > tol(20.0) {
            prop_assert_eq!(ours, parry, "capsule at {}", d - c.radius);
        }
        let triangle = ps::Triangle::new(to_parry(t.a), to_parry(t.b), to_parry(t.c));
        compare(&hull, &t, t.centroid(), parry_test(&poly, &Pose::IDENTITY, &triangle), "triangle")?;
        let deep = other.points().iter().copied().sum::<Vec3>() / other.points().len() as Real;
        compare(&hull, &other, deep, parry_test(&poly, &Pose::IDENTITY, &other_poly), "hull")?;
    }

    #[test]
    fn hull_ray_cast_agrees_with_parry((hull, poly) in solid_hull(), r in ray()) {
        let parry_ray = parry::query::Ray::new(to_parry(r.origin), to_parry(r.dir));
        let max_t = 100.0;
        for solid in [true, false] {
            let ours = if solid { hull.raycast(&r, max_t) } else { hull.raycast_surface(&r, max_t) };
            let theirs = poly.cast_ray_and_get_normal(&Pose::IDENTITY, &parry_ray, max_t, solid);
            // Clear: the ray misses by a margin, or passes a point deep inside.
            let near_hull = crate::common::clip_to_box(r.origin, r.dir, 0.0, max_t, hull.aabb(), 1.0);
            let gap = near_hull.map_or(Real::INFINITY, |s| gjk_closest_points(&s, &hull, Vec3::X).distance);
            let miss = gap > tol(20.0);
            let through = (0..=256).any(|k| depth(&hull, r.origin + r.dir * (max_t * k as Real / 256.0)) > tol(20.0));
            if miss {
                prop_assert!(
                    ours.is_none() && theirs.is_none(),
                    "solid {solid}: misses by {gap}, isect {ours:?}, parry {theirs:?}"
                );
            }
            let scale = 20.0 * r.dir.length().max(1.0);
            let on_surface = |p: Vec3| depth(&hull, p).abs() <= tol(scale);
            let outside = depth(&hull, r.origin) < -tol(20.0);
            // Through a deep point: the solid cast hits, and so does the hollow one from
            // outside (from inside its exit may lie beyond max_t). parry's hollow cast from
            // inside often misses the exit (its support-map ray cast), so it is not asked there;
            // our exit point is checked on the surface instead.
            if through && (solid || outside) {
                prop_assert!(ours.is_some(), "solid {solid}: isect missed {r:?}");
                prop_assert!(theirs.is_some(), "solid {solid}: parry missed {r:?}");
            }
            if let Some(a) = ours {
                prop_assert!(on_surface(a.point) || (solid && a.t == 0.0), "isect's hit {a:?} is off the hull");
            }
            if let (Some(a), Some(b)) = (ours, theirs) {
                let pa = a.point;
                let pb = r.origin + r.dir * b.time_of_impact;
                // parry's hollow cast from inside can stop short of the exit (at a point 1.2
                // deep inside the hull) or run past it along a face (a point 7 units off the
                // hull), both checked by hand; where its point is on the surface, they agree.
                // From outside, parry can answer the exit of a ray that crosses a thin part of
                // the hull (a 300,000-case f64 run: t 49.579 for an entry at 49.563, both
                // confirmed in exact rationals): isect's earlier hit is right if no point of
                // the ray before it is inside.
                let parry_later = outside
                    && b.time_of_impact > a.t
                    && (0..64).all(|k| depth(&hull, r.point_at(a.t * k as Real / 64.0)) <= tol(scale));
                // parry's hollow cast from a point inside, 0.008 from a face it leaves through
                // slowly (f32, within this test's surface tolerance but 100 times isect's
                // on-set tolerance), answered the origin itself or a point just after it (t =
                // -7e-5, 0.0019): that point and every point of the ray up to isect's exit lie
                // inside, so there is no earlier crossing and isect's exit is the first.
                let parry_origin_inside = !solid
                    && !outside
                    && b.time_of_impact < a.t
                    && depth(&hull, pb) > 0.0
                    && (0..64).all(|k| depth(&hull, r.point_at(a.t * k as Real / 64.0)) > 0.0);
                if on_surface(pb) && !parry_later && !parry_origin_inside {
                    prop_assert!(
                        pa.distance(pb) <= tol(scale) * 10.0,
                        "solid {solid}: isect {pa} (t {}), parry {pb} (t {}), {r:?} depth {} {:?}",
                        a.t,
                        b.time_of_impact,
                        depth(&hull, r.origin),
                        hull.points()
                    );
                }
                // Entering normals agree where the hit is on one face (not near an edge); on
                // exit parry turns the normal to face the ray, isect keeps it outward (API.md).
                let n = from_parry(b.normal);
                if a.t > 0.0 && outside && a.normal.dot(n) < 0.99 {
                    let faces_at_hit = hull.planes().iter().filter(|p| p.signed_distance(pa).abs() <= tol(scale)).count();
                    prop_assert!(faces_at_hit > 1, "normals {} vs {} at {pa}", a.normal, n);
                }
            }
        }
    }
}
