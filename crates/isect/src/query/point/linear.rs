//! Point queries on lines, rays and segments: the projection onto the direction, clamped to the
//! parameter interval.

use crate::math::{NO_POINT, Real, Vec3, on_set_tolerance};
use crate::query::PointQuery;
use crate::query::algo::linear::Linear;
use crate::shape::{Line, Ray, Segment};

/// The point of `linear` closest to `p`, or `NO_POINT` for invalid input.
#[inline]
fn closest(linear: &Linear, p: Vec3) -> Vec3 {
    if !(linear.is_usable() && p.is_finite()) {
        return NO_POINT;
    }
    linear.at(linear.project(p))
}

macro_rules! linear_point_query {
    ($shape:ty, $to_linear:path, $what:literal, [$($scale:ident),+]) => {
        impl PointQuery for $shape {
            #[doc = concat!("The projection of `p` onto the ", $what, ".")]
            #[inline]
            fn closest_point(&self, p: Vec3) -> Vec3 {
                closest(&$to_linear(self), p)
            }

            #[inline]
            fn distance_to_point(&self, p: Vec3) -> Real {
                let q = self.closest_point(p);
                if q.is_finite() { q.distance(p) } else { Real::INFINITY }
            }

            #[doc = concat!(
                "Whether `p` is within [`on_set_tolerance`] of the ", $what,
                " (relative to the coordinates involved)."
            )]
            #[inline]
            fn contains_point(&self, p: Vec3) -> bool {
                self.distance_to_point(p) <= on_set_tolerance([p, $(self.$scale),+])
            }
        }
    };
}

linear_point_query!(Line, Linear::line, "line", [origin]);
linear_point_query!(Ray, Linear::ray, "ray, clamped to its origin", [origin]);
linear_point_query!(
    Segment,
    Linear::segment,
    "segment, clamped to its ends",
    [a, b]
);
