//! Ray casts against a disc.

use crate::d2::query::algo::cast::{cast_convex, hit, ray_usable, scaled, start_inside, unit_or};
use crate::d2::query::algo::convex::AsConvex;
use crate::d2::query::algo::interval::disc_roots;
use crate::d2::query::{RayCast, RayHit};
use crate::d2::shape::{Circle, Ray};
use crate::math::{Real, Vec2};
use crate::query::algo::scale::TINY_SQUARE;
use crate::query::algo::scale::settled;

/// The solid cast of a valid ray against the disc of radius `r > 0` about `c` (both finite):
/// [`cast_convex`]'s answer for the disc, from the same containment test (`|o − c|² <= r²`, as
/// `Convex::contains` rounds it for one vertex) and the same roots, with only the entry's
/// normal computed (the exit's is never read) and the direction's unit vector only where that
/// normal needs it.
#[inline(always)]
fn cast_disc(c: Vec2, r: Real, ray: &Ray, max_t: Real) -> Option<RayHit> {
    let o = ray.origin;
    let f = o - c;
    let (ff, rr) = (f.length_squared(), r * r);
    // One predictable check (issue 24): every square below is computed as given where their
    // sum is, else the input is cast scaled by a power of two.
    if !squares_in_range(ff + rr) {
        return cast_disc_scaled(c, r, ray, max_t);
    }
    if ff <= rr {
        return Some(start_inside(ray));
    }
    let (d, m) = scaled(ray);
    let (t0, t1) = disc_roots(f, r, d)?;
    if t1 / m < 0.0 {
        return None;
    }
    let t = (t0 / m).max(0.0);
    if !(t <= max_t) {
        return None;
    }
    // `unit_or(v, −unit_or(d))`, the fallback computed only where it is taken (`v` zero or not
    // finite; never for a valid disc and ray but at the extremes of the range).
    let v = f + d * t0;
    let n = if v.is_finite() & (v != Vec2::ZERO) {
        unit_or(v, Vec2::X)
    } else {
        -unit_or(d, Vec2::X)
    };
    Some(hit(ray, t, n))
}

/// Whether `x` (`|o − c|² + r²`) lies in `[TINY_SQUARE, Real::MAX / 8]`, where the roots'
/// squares and products (`a · disc <= 2 r²`) neither overflow nor lose more than rounding to
/// underflow; one unsigned comparison of the bits (NaN and `+∞` fall outside).
#[inline(always)]
fn squares_in_range(x: Real) -> bool {
    let (lo, hi) = (TINY_SQUARE.to_bits(), (Real::MAX / 8.0).to_bits());
    x.to_bits().wrapping_sub(lo) <= hi - lo
}

/// [`cast_disc`] where its squares leave the range: [`cast_convex`]'s answer for the disc,
/// which casts the input scaled by a power of two.
#[cold]
#[inline(never)]
fn cast_disc_scaled(c: Vec2, r: Real, ray: &Ray, max_t: Real) -> Option<RayHit> {
    cast_convex(&Circle::new(c, r).as_convex()?, ray, max_t, false)
}

impl RayCast for Circle {
    /// The entry point of the disc, by the stable quadratic (*Ray Tracing Gems*, ch. 7); `t = 0`
    /// with `normal = −dir` from inside, boundary included. A tangent ray hits at the point of
    /// tangency; a circle of radius 0 is a point, hit by rays through it (normal against the
    /// ray). `None` for a miss and for invalid input.
    ///
    /// ```
    /// use isect::d2::{Circle, Ray, RayCast};
    /// use isect::math::Vec2;
    /// let coin = Circle::new(Vec2::new(5.0, 0.0), 1.0);
    /// let hit = coin.raycast(&Ray::new(Vec2::ZERO, Vec2::X), 10.0).unwrap();
    /// assert_eq!((hit.t, hit.normal), (4.0, -Vec2::X));
    /// // From inside: the solid is hit at once, its boundary on the way out.
    /// let inner = Ray::new(Vec2::new(5.0, 0.0), Vec2::X);
    /// assert_eq!(coin.raycast(&inner, 10.0).unwrap().t, 0.0);
    /// assert_eq!(coin.raycast_surface(&inner, 10.0).unwrap().t, 1.0);
    /// ```
    #[inline(always)]
    fn raycast(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        if !(self.is_usable() & ray_usable(ray, max_t)) {
            return None;
        }
        let hit = if self.radius == 0.0 {
            // A point: the hull's cast (the quadratic would not see it).
            cast_convex(&self.as_convex()?, ray, max_t, false)
        } else {
            cast_disc(self.center, self.radius, ray, max_t)
        };
        settled(self, hit, ray, max_t, Self::raycast)
    }

    /// The first point of the circle (the rim) along the ray: the entry from outside, the exit
    /// from inside, `t = 0` from a point of the rim (normal outward in every case).
    #[inline(always)]
    fn raycast_surface(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        let c = self.as_convex()?;
        let hit = ray_usable(ray, max_t)
            .then(|| cast_convex(&c, ray, max_t, true))
            .flatten();
        settled(self, hit, ray, max_t, Self::raycast_surface)
    }
}
