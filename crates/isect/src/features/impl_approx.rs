//! `approx` comparisons for the shapes and query results: field by field, with the tolerance
//! applied to every coordinate.

use approx::{AbsDiffEq, RelativeEq, UlpsEq};

use crate::math::Real;
use crate::query::{ClosestPoints, ContactInfo, RayHit, SweepHit};
use crate::shape::{Aabb, Capsule, Frustum, Line, Obb, Plane, Ray, Segment, Sphere, Triangle};

macro_rules! impl_approx {
    ($type:ty { $($field:tt),+ }) => {
        impl AbsDiffEq for $type {
            type Epsilon = Real;
            fn default_epsilon() -> Real {
                Real::EPSILON
            }
            fn abs_diff_eq(&self, other: &Self, epsilon: Real) -> bool {
                $(AbsDiffEq::abs_diff_eq(&self.$field, &other.$field, epsilon))&&+
            }
        }
        impl RelativeEq for $type {
            fn default_max_relative() -> Real {
                Real::EPSILON
            }
            fn relative_eq(&self, other: &Self, epsilon: Real, max_relative: Real) -> bool {
                $(RelativeEq::relative_eq(&self.$field, &other.$field, epsilon, max_relative))&&+
            }
        }
        impl UlpsEq for $type {
            fn default_max_ulps() -> u32 {
                4
            }
            fn ulps_eq(&self, other: &Self, epsilon: Real, max_ulps: u32) -> bool {
                $(UlpsEq::ulps_eq(&self.$field, &other.$field, epsilon, max_ulps))&&+
            }
        }
    };
}

impl_approx!(Line { origin, dir });
impl_approx!(Ray { origin, dir });
impl_approx!(Segment { a, b });
impl_approx!(Plane { normal, d });
impl_approx!(Sphere { center, radius });
impl_approx!(Aabb { min, max });
impl_approx!(Obb {
    center,
    half_extents,
    rotation
});
impl_approx!(Capsule { a, b, radius });
impl_approx!(Triangle { a, b, c });
impl_approx!(ClosestPoints { a, b, distance });
impl_approx!(RayHit { t, point, normal });
impl_approx!(SweepHit {
    t_first,
    t_last,
    point,
    normal
});
impl_approx!(ContactInfo {
    point,
    normal,
    depth
});

impl AbsDiffEq for Frustum {
    type Epsilon = Real;
    fn default_epsilon() -> Real {
        Real::EPSILON
    }
    fn abs_diff_eq(&self, other: &Self, epsilon: Real) -> bool {
        AbsDiffEq::abs_diff_eq(&self.planes[..], &other.planes[..], epsilon)
    }
}
impl RelativeEq for Frustum {
    fn default_max_relative() -> Real {
        Real::EPSILON
    }
    fn relative_eq(&self, other: &Self, epsilon: Real, max_relative: Real) -> bool {
        RelativeEq::relative_eq(&self.planes[..], &other.planes[..], epsilon, max_relative)
    }
}
impl UlpsEq for Frustum {
    fn default_max_ulps() -> u32 {
        4
    }
    fn ulps_eq(&self, other: &Self, epsilon: Real, max_ulps: u32) -> bool {
        UlpsEq::ulps_eq(&self.planes[..], &other.planes[..], epsilon, max_ulps)
    }
}

impl_approx!(crate::query::ManifoldPoint { point, depth });

impl_approx!(crate::d2::Line { origin, dir });
impl_approx!(crate::d2::Ray { origin, dir });
impl_approx!(crate::d2::Segment { a, b });
impl_approx!(crate::d2::Circle { center, radius });
impl_approx!(crate::d2::Aabb { min, max });
impl_approx!(crate::d2::Obb {
    center,
    half_extents,
    rotation
});
impl_approx!(crate::d2::Capsule { a, b, radius });
impl_approx!(crate::d2::Triangle { a, b, c });
impl_approx!(crate::d2::ClosestPoints { a, b, distance });

impl AbsDiffEq for crate::query::Manifold {
    type Epsilon = Real;
    fn default_epsilon() -> Real {
        Real::EPSILON
    }
    fn abs_diff_eq(&self, other: &Self, epsilon: Real) -> bool {
        AbsDiffEq::abs_diff_eq(&self.normal, &other.normal, epsilon)
            && AbsDiffEq::abs_diff_eq(self.points(), other.points(), epsilon)
    }
}
impl RelativeEq for crate::query::Manifold {
    fn default_max_relative() -> Real {
        Real::EPSILON
    }
    fn relative_eq(&self, other: &Self, epsilon: Real, max_relative: Real) -> bool {
        RelativeEq::relative_eq(&self.normal, &other.normal, epsilon, max_relative)
            && RelativeEq::relative_eq(self.points(), other.points(), epsilon, max_relative)
    }
}
impl UlpsEq for crate::query::Manifold {
    fn default_max_ulps() -> u32 {
        4
    }
    fn ulps_eq(&self, other: &Self, epsilon: Real, max_ulps: u32) -> bool {
        UlpsEq::ulps_eq(&self.normal, &other.normal, epsilon, max_ulps)
            && UlpsEq::ulps_eq(self.points(), other.points(), epsilon, max_ulps)
    }
}
