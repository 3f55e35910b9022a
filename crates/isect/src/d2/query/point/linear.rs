//! Point queries on lines, rays and segments: the projection, clamped to the parameter range.

use crate::d2::query::PointQuery;
use crate::d2::query::algo::linear::AsLinear;
use crate::d2::query::algo::window;
use crate::d2::shape::{Line, Ray, Segment};
use crate::d2::{NO_POINT, on_set_tolerance};
use crate::math::{Real, Vec2};

/// The point of the set closest to `p`, or `NO_POINT` for invalid input.
#[inline]
fn closest<S: AsLinear>(shape: &S, p: Vec2) -> Vec2 {
    match shape.as_linear() {
        Some(l) if p.is_finite() => l.closest_point(p),
        _ => NO_POINT,
    }
}

/// The distance from `p` to its closest point of the set, or `+∞` for invalid input.
#[inline]
fn distance<S: AsLinear>(shape: &S, p: Vec2) -> Real {
    let q = closest(shape, p);
    if q.is_finite() {
        q.distance(p)
    } else {
        Real::INFINITY
    }
}

/// Whether `q`, the closest point to `p`, is within `tolerance` of it (squared, unless the
/// square overflows).
#[inline]
fn within(p: Vec2, q: Vec2, tolerance: Real) -> bool {
    let dd = p.distance_squared(q);
    let tt = tolerance * tolerance;
    if tt.is_finite() {
        dd <= tt
    } else {
        dd.is_finite() && crate::ops::sqrt(dd) <= tolerance
    }
}

macro_rules! linear_point_query {
    ($shape:ty, $what:literal, [$($scale:ident),+], $example:literal) => {
        impl PointQuery for $shape {
            #[doc = concat!(
                "The projection of `p` onto the ", $what, " (exact on an axis-aligned one and at ",
                "the ends); [`NO_POINT`](crate::d2::NO_POINT) for invalid input (non-finite, a ",
                "zero direction).\n\n```\n", $example, "\n```"
            )]
            #[inline]
            fn closest_point(&self, p: Vec2) -> Vec2 {
                let far = |l: &Self, p| closest(l, p);
                window::point(self, p, far, window::unscaled_point)
                    .unwrap_or_else(|| closest(self, p))
            }

            #[doc = concat!(
                "The distance from `p` to its projection onto the ", $what, ": 0 when `p` ",
                "lies on it; `+∞` for invalid input. Input outside the window of magnitudes ",
                "where the projection's products stay in range is scaled into it by a power of ",
                "two first."
            )]
            #[inline]
            fn distance_to_point(&self, p: Vec2) -> Real {
                let far = |l: &Self, p| distance(l, p);
                window::point(self, p, far, window::unscaled_distance)
                    .unwrap_or_else(|| distance(self, p))
            }

            #[doc = concat!(
                "Whether `p` is within [`on_set_tolerance`] of the ", $what,
                " (relative to the coordinates involved): a point computed to lie on it is ",
                "rarely exactly on it. `false` for invalid input. Input outside the window of ",
                "magnitudes is scaled into it by a power of two first."
            )]
            #[inline]
            fn contains_point(&self, p: Vec2) -> bool {
                // An infinite coordinate makes the tolerance infinite too: check finiteness.
                // Out of the window (squares that underflow to 0 would put every point within
                // a tolerance of 0), on the set and point scaled into it.
                let near = |l: &Self, p: Vec2| {
                    let q = closest(l, p);
                    q.is_finite() && within(p, q, on_set_tolerance([p, $(l.$scale),+]))
                };
                window::point(self, p, near, |inside, _| inside).unwrap_or_else(|| near(self, p))
            }
        }
    };
}

linear_point_query!(
    Line,
    "line",
    [origin],
    "use isect::d2::{Line, PointQuery};\nuse isect::math::Vec2;\nlet l = Line::new(Vec2::ZERO, Vec2::new(1.0, 1.0));\nassert_eq!(l.closest_point(Vec2::new(2.0, 0.0)), Vec2::new(1.0, 1.0));"
);
linear_point_query!(
    Ray,
    "ray, clamped to its origin",
    [origin],
    "use isect::d2::{PointQuery, Ray};\nuse isect::math::Vec2;\nlet r = Ray::new(Vec2::ZERO, Vec2::X);\nassert_eq!(r.closest_point(Vec2::new(-2.0, 1.0)), Vec2::ZERO);\nassert_eq!(r.closest_point(Vec2::new(3.0, 1.0)), Vec2::new(3.0, 0.0));"
);
linear_point_query!(
    Segment,
    "segment, clamped to its ends",
    [a, b],
    "use isect::d2::{PointQuery, Segment};\nuse isect::math::Vec2;\nlet s = Segment::new(Vec2::ZERO, Vec2::new(4.0, 0.0));\nassert_eq!(s.closest_point(Vec2::new(6.0, 1.0)), Vec2::new(4.0, 0.0));\nassert!(s.contains_point(Vec2::new(1.0, 0.0)));"
);
