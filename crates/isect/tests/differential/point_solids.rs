//! Point projection and containment against parry's `PointQuery` (solid projection).

use isect::PointQuery;
use proptest::prelude::*;

use crate::common::parry_conv::{from_parry, to_parry, translation};
use crate::common::strategy::{self, point};
use crate::common::{TOL, assert_near_vec};

proptest! {
    #[test]
    fn sphere(s in strategy::sphere(), p in point()) {
        let ball = parry::shape::Ball::new(s.radius);
        let proj = parry::query::PointQuery::project_point(&ball, &translation(s.center), to_parry(p), true);
        assert_near_vec(s.closest_point(p), from_parry(proj.point), "closest point vs parry");
        let clearance = (p.distance(s.center) - s.radius).abs();
        if clearance > TOL * 10.0 {
            prop_assert_eq!(s.contains_point(p), proj.is_inside);
        }
    }
}
