//! Sweeps against parry's linear shape casts (`query::cast_shapes`) on the relative motion.
//!
//! parry's ball–ball cast is closed-form; its cuboid–cuboid cast is a GJK-based conservative
//! advancement accurate to a tolerance, so times are compared with a tolerance and hit/miss only
//! where the closest approach is clear of touching by a margin.

use isect::math::Vec3;
use isect::{Aabb, Real, Sphere, Sweep};
use parry::query::{ShapeCastOptions, cast_shapes};
use parry::shape as ps;
use proptest::prelude::*;

use crate::common::flat_reference::convex_min;
use crate::common::parry_conv::{to_parry, translation};
use crate::common::strategy;
use crate::sweep::solids::{box_gap, sphere_gap};

/// parry's first time of contact of `g1` at `p1` moving by `v1` and `g2` at `p2` moving by `v2`
/// within `[0, 1]`.
fn parry_toi(
    p1: Vec3,
    v1: Vec3,
    g1: &dyn ps::Shape,
    p2: Vec3,
    v2: Vec3,
    g2: &dyn ps::Shape,
) -> Option<Real> {
    let options = ShapeCastOptions {
        max_time_of_impact: 1.0,
        target_distance: 0.0,
        stop_at_penetration: true,
        compute_impact_geometry_on_penetration: true,
    };
    cast_shapes(
        &translation(p1),
        to_parry(v1),
        g1,
        &translation(p2),
        to_parry(v2),
        g2,
        options,
    )
    .expect("supported pair")
    .map(|hit| hit.time_of_impact)
}

/// The closest approach over `[0, 1]` of a separation that is convex in time.
fn closest_approach(gap: impl Fn(Real) -> Real) -> Real {
    convex_min(|t| f64::from(gap(t as Real)), 0.0, 1.0).1 as Real
}

proptest! {
    #[test]
    fn sphere_sphere_matches_parry(
        a in strategy::sphere(), ma in strategy::vec3(),
        b in strategy::sphere(), mb in strategy::vec3(),
    ) {
        let ours = a.sweep(ma, &b, mb);
        let theirs = parry_toi(
            a.center, ma, &ps::Ball::new(a.radius),
            b.center, mb, &ps::Ball::new(b.radius),
        );
        let approach = closest_approach(|t| {
            sphere_gap(&Sphere::new(a.center + ma * t, a.radius), &Sphere::new(b.center + mb * t, b.radius))
        });
        if approach.abs() > 1e-2 {
            prop_assert_eq!(ours.is_some(), theirs.is_some(), "{:?} vs {:?}", ours, theirs);
        }
        if let (Some(h), Some(t)) = (ours, theirs) {
            prop_assert!((h.t_first - t).abs() <= 1e-3, "{:?} vs parry {}", h, t);
        }
    }

    #[test]
    fn aabb_aabb_matches_parry(
        a in strategy::aabb(), ma in strategy::vec3(),
        b in strategy::aabb(), mb in strategy::vec3(),
    ) {
        let ours = a.sweep(ma, &b, mb);
        let cuboid = |x: &Aabb| ps::Cuboid::new(to_parry(x.half_extents()));
        let theirs = parry_toi(a.center(), ma, &cuboid(&a), b.center(), mb, &cuboid(&b));
        let approach = closest_approach(|t| {
            box_gap(&Aabb::new(a.min + ma * t, a.max + ma * t), &Aabb::new(b.min + mb * t, b.max + mb * t))
        });
        if approach.abs() > 1e-2 {
            prop_assert_eq!(ours.is_some(), theirs.is_some(), "{:?} vs {:?}", ours, theirs);
        }
        if let (Some(h), Some(t)) = (ours, theirs) {
            // parry's advancement stops within its tolerance of touching: compare times where
            // the approach is not nearly parallel to the touching faces.
            if approach < -1e-2 {
                prop_assert!((h.t_first - t).abs() <= 1e-2, "{:?} vs parry {}", h, t);
            }
        }
    }
}
