//! `Polyline` against parry2d's `Polyline` (parry2d-f64 for isect-f64) on random chains: ray
//! hit times, point projections and circle distances, compared clear of the boundary (a miss
//! only where the cast's segment stays 1e-3 from the polyline, a hit only where the ray meets
//! its segment at more than a grazing angle; distances where parry's GJK is clear of touching).

use isect::Real;
use isect::d2::{Distance, PointQuery, Polyline, RayCast, Segment};
use isect::math::Vec2;
use parry2d::math::Pose;
use parry2d::query::{self as pq, PointQuery as _, RayCast as _};
use parry2d::shape as ps;
use proptest::prelude::*;

use super::common::tol;
use super::strategy::{self as st, point};

type PVec = parry2d::math::Vector;

fn pv(v: Vec2) -> PVec {
    PVec::from_array(v.to_array())
}

fn chain() -> impl Strategy<Value = Vec<Vec2>> {
    proptest::collection::vec(point(), 2..30)
}

proptest! {
    #[test]
    fn rays_points_and_circles_agree_with_parry(
        points in chain(),
        ray in st::ray(),
        q in point(),
        c in st::circle(),
    ) {
        let ours = Polyline::chain(points.clone()).unwrap();
        let theirs = ps::Polyline::new(points.iter().map(|&p| pv(p)).collect(), None);
        // Rays.
        let max_t: Real = 20.0;
        let hit = ours.raycast(&ray, max_t);
        let parry_hit = theirs.cast_local_ray_and_get_normal(
            &pq::Ray::new(pv(ray.origin), pv(ray.dir)),
            max_t,
            true,
        );
        let reach = Segment::new(ray.origin, ray.point_at(max_t));
        let scale = ray.dir.length();
        let clear = match hit {
            None => ours.distance(&reach) > 1e-3,
            Some(h) => {
                // Not at a vertex: parry may miss a ray through a chain's free end.
                h.normal.dot(ray.dir) < -0.05 * scale
                    && h.t < max_t - 1e-3
                    && h.t > 1e-3
                    && points.iter().all(|&p| p.distance(h.point) > 1e-3)
            }
        };
        if clear {
            prop_assert_eq!(hit.is_some(), parry_hit.is_some(), "{:?} {:?}", hit, parry_hit);
            if let (Some(a), Some(b)) = (hit, parry_hit) {
                prop_assert!((a.t - b.time_of_impact).abs() <= tol(max_t), "{a:?} {b:?}");
            }
        }
        // Points.
        let proj = theirs.project_local_point(pv(q), true);
        let parry_d = (pv(q) - proj.point).length();
        prop_assert!((ours.distance_to_point(q) - parry_d).abs() <= tol(20.0), "{q:?}");
        // Circles (parry's ball needs a radius).
        if c.radius > 0.05 {
            let d = c.distance(&ours);
            let parry_d = pq::distance(
                &Pose::from_translation(pv(c.center)),
                &ps::Ball::new(c.radius),
                &Pose::IDENTITY,
                &theirs,
            )
            .unwrap()
            .distance;
            if parry_d > 1e-3 || d > 1e-3 {
                prop_assert!((d - parry_d).abs() <= tol(20.0), "{d} vs {parry_d}");
            }
        }
    }
}
