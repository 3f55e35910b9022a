//! Point queries on lines, rays and segments: the projection onto the direction, clamped to the
//! parameter interval.

use crate::math::{NO_POINT, Real, Vec3, on_set_tolerance};
use crate::query::PointQuery;
use crate::query::algo::linear::Linear;
use crate::query::algo::scale::rescale;
use crate::query::algo::simplex::closest_on_segment;
use crate::query::point::{all_finite, within};
use crate::shape::{Line, Ray, Segment};

/// The point of a line or ray closest to `p`, or `NO_POINT` for invalid input.
#[inline]
fn closest(linear: &Linear, p: Vec3) -> Vec3 {
    if !(linear.is_usable() && p.is_finite()) {
        return NO_POINT;
    }
    linear.at(linear.project(p))
}

macro_rules! linear_point_query {
    ($shape:ty, $closest:expr, $what:literal, [$($scale:ident),+]) => {
        impl PointQuery for $shape {
            #[doc = concat!("The projection of `p` onto the ", $what, ".")]
            #[inline]
            fn closest_point(&self, p: Vec3) -> Vec3 {
                rescale!(point self, p, closest_point);
                $closest(self, p)
            }

            #[inline]
            fn distance_to_point(&self, p: Vec3) -> Real {
                rescale!(point self, p, distance_to_point);
                // In the window now: the closest point without a second rescaling check.
                let q = $closest(self, p);
                if q.is_finite() {
                    crate::query::algo::scale::distance(q, p)
                } else {
                    Real::INFINITY
                }
            }

            #[doc = concat!(
                "Whether `p` is within [`on_set_tolerance`] of the ", $what,
                " (relative to the coordinates involved); `false` for non-finite input."
            )]
            #[inline]
            fn contains_point(&self, p: Vec3) -> bool {
                rescale!(point self, p, contains_point);
                // Invalid input gives `NO_POINT`, and `within` is false for any non-finite
                // `q` (its squared distance is +∞ or NaN), also where an infinite coordinate
                // made the tolerance infinite: no separate finiteness check.
                let q = $closest(self, p);
                within(p, q, on_set_tolerance([p, $(self.$scale),+]))
            }
        }
    };
}

linear_point_query!(
    Line,
    |line: &Line, p| closest(&Linear::line(line), p),
    "line",
    [origin]
);
linear_point_query!(
    Ray,
    |ray: &Ray, p| closest(&Linear::ray(ray), p),
    "ray, clamped to its origin",
    [origin]
);
linear_point_query!(
    Segment,
    |segment: &Segment, p: Vec3| {
        if all_finite([segment.a, segment.b, p]) {
            closest_on_segment(p, segment.a, segment.b)
        } else {
            NO_POINT
        }
    },
    "segment, clamped to its ends",
    [a, b]
);
