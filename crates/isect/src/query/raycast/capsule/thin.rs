//! The cast of a capsule whose radius is so small beside the rest of the input that `r²`
//! underflows (below about `2⁻⁴⁰` in `f32` with the input's largest magnitude in the rescaling
//! window). The cylinder's quadratic then compares squares that both round to 0 or to a few
//! subnormals: a ray passing `2r` from the core of a capsule of radius `2⁻⁸⁵` hit it at
//! `t = 2` (issue 24, `regressions::tiny_radius_beside_unit_offsets`). Here every decision is
//! an offset against the radius ([`within_radius`]), and the crossings are formed from the
//! line's closest approach to the axis and a half-chord computed with the radius brought near 1.

use super::Cylinder;
use crate::math::Real;
use crate::ops;
use crate::query::RayHit;
use crate::query::algo::scale::{ldexp, ldexp_vec, normalizing_exponent, within_radius};
use crate::query::algo::simplex::closest_on_segment;
use crate::query::raycast::sphere::{ball_entry, ball_roots};
use crate::query::raycast::start_inside;
use crate::shape::{Capsule, Ray};

impl Capsule {
    /// [`Capsule::cast`] for `r² |u|²` out of the range of squares, for a ray whose `dir` needs
    /// no scaling (the caller's check); `None` for a radius that is not in `(0, ∞)`.
    #[cold]
    #[inline(never)]
    pub(super) fn thin_cast(
        &self,
        cyl: &Cylinder,
        ray: &Ray,
        max_t: Real,
        surface: bool,
    ) -> Option<RayHit> {
        if !(self.radius > 0.0 && self.radius < Real::INFINITY) {
            // A negative radius (or NaN) also has an out-of-range square: invalid, no hit. The
            // exponent below would never end on it (the fuzz driver hung on a radius of
            // `−3e-30`).
            return None;
        }
        let core = closest_on_segment(ray.origin, self.a, self.b);
        if within_radius(ray.origin - core, self.radius) {
            // From inside (the boundary included): at the start, or out through the surface.
            return if surface {
                self.thin_crossing(cyl, ray, max_t, true)
            } else {
                Some(start_inside(ray))
            };
        }
        if !self.reaches(ray, max_t) {
            return None;
        }
        self.thin_crossing(cyl, ray, max_t, false)
    }

    /// Where the ray enters (or, `exit`, leaves) the capsule, for a ray known to reach it
    /// (or to start inside). With `s = qb / qa` the line's parameter closest to the axis and
    /// `l = u × (f + s dir)` (`|l| = |u|` times that distance), the infinite cylinder's
    /// crossings are `s ∓ h √(|u|² / qa)` with the half-chord `h = √(r² − |l|² / |u|²)`,
    /// taken with `r` and `l` times the power of two that brings `r` into `[1, 2)` (`l` is no
    /// longer than `|u| r` up to rounding, so neither overflows). Beyond the core's ends, the
    /// end's ball, as the direct cast does.
    fn thin_crossing(&self, cyl: &Cylinder, ray: &Ray, max_t: Real, exit: bool) -> Option<RayHit> {
        let end_hit = |y: Real| {
            let center = self.end(y);
            let t = if exit {
                ball_roots(center, self.radius, ray)?.1
            } else {
                ball_entry(center, self.radius, ray)?
            };
            (t <= max_t).then(|| self.ball_hit(ray, t, center))
        };
        if !(cyl.qa > 0.0) {
            // Along the axis: the ball ahead (leaving) or behind the origin's side (entering).
            let y = ray.dir.dot(cyl.axis);
            return end_hit(if exit { y } else { -y });
        }
        let s = cyl.qb / cyl.qa;
        let l = cyl.big_b + cyl.big_a * s;
        let k = normalizing_exponent(self.radius);
        let (r, l) = (ldexp(self.radius, k), ldexp_vec(l, k));
        let h = ldexp(
            ops::sqrt((r * r - l.length_squared() / cyl.uu).max(0.0)),
            -k,
        );
        let w = h * ops::sqrt(cyl.uu / cyl.qa);
        // From outside, an entry that rounds below 0 is at the start.
        let t = if exit { s + w } else { (s - w).max(0.0) };
        Self::side_hit(cyl, ray, t, max_t, end_hit)
    }
}
