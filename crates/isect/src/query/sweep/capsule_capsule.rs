//! Sweep of a capsule against a capsule.

use crate::math::{Real, Vec3};
use crate::query::algo::balls::ball_overlap_middle;
use crate::query::algo::linear::segment_segment_parameters;
use crate::query::algo::rounded::raycast_rounded_polygon;
use crate::query::algo::scale::rescale;
use crate::query::sweep::start_normal;
use crate::query::{Distance, Sweep, SweepHit};
use crate::shape::{Capsule, Ray, Segment};

impl Sweep<Capsule> for Capsule {
    /// Exact up to rounding, as a ray against a rounded parallelogram: the cores `p(s)` and
    /// `q(t)` come within `r1 + r2` at time `τ` exactly when `−v τ` (for the relative motion `v`)
    /// is within `r1 + r2` of the parallelogram `{p(s) − q(t)}` of core offsets. So the sweep is a
    /// ray from the origin along `−v` against that parallelogram rounded by `r1 + r2`: its two
    /// faces moved by `±(r1 + r2)` along its normal (watertight triangle tests) and the capsules
    /// around its four edges (which also cover it when the cores are parallel and it is flat).
    /// `t_last` is the same cast from the end of the motion backwards.
    ///
    /// The normal points from `other`'s core to `self`'s at `t_first` (that of their
    /// [`Contact`](crate::Contact) for capsules that already overlap), the point is where they touch (between the
    /// cores' closest points when they already overlap). Zero-length capsules are spheres.
    /// `None` when they never touch in `[0, 1]`, and for invalid input.
    fn sweep(&self, motion: Vec3, other: &Capsule, other_motion: Vec3) -> Option<SweepHit> {
        rescale!(sweep self, motion, other, other_motion);
        if !(self.is_usable()
            && other.is_usable()
            && motion.is_finite()
            && other_motion.is_finite())
        {
            return None;
        }
        let (p, q) = (Segment::new(self.a, self.b), Segment::new(other.a, other.b));
        let radii = self.radius + other.radius;
        let v = motion - other_motion;
        // Corners of the parallelogram of offsets p(s) − q(t).
        let corners = [
            self.a - other.a,
            self.b - other.a,
            self.b - other.b,
            self.a - other.b,
        ];
        let reach = |origin: Vec3, dir: Vec3| -> Option<(Real, Vec3)> {
            // The configuration at `origin` (the ray's start) touches when the core distance,
            // shifted, is within the radii.
            let shifted = Segment::new(p.a - origin, p.b - origin);
            if shifted.distance(&q) <= radii {
                return Some((0.0, Vec3::ZERO));
            }
            if dir == Vec3::ZERO {
                return None;
            }
            raycast_rounded_polygon(&corners, radii, &Ray::new(origin, dir), 1.0)
                .map(|h| (h.t, -h.normal))
        };
        // The ray runs through −v τ: at τ, self has moved by v relative to other.
        let (t_first, normal) = reach(Vec3::ZERO, -v)?;
        let t_last = match reach(-v, v) {
            Some((back, _)) => (1.0 - back).max(t_first),
            None => t_first,
        };
        let shift = |s: &Segment, m: Vec3| Segment::new(s.a + m * t_first, s.b + m * t_first);
        let (p1, q1) = (shift(&p, motion), shift(&q, other_motion));
        let (s, t) = segment_segment_parameters(&p1, &q1);
        let (x, y) = (p1.a + (p1.b - p1.a) * s, q1.a + (q1.b - q1.a) * t);
        let (normal, point) = if t_first > 0.0 {
            // Touching: the normal of the rounded parallelogram, the point on other's surface.
            (normal, y + normal * other.radius)
        } else {
            // Already touching or overlapping: the way out of the contact.
            let against = crate::query::algo::scale::normalize(-v).unwrap_or(Vec3::Y);
            let normal = start_normal(self, other, against);
            (normal, ball_overlap_middle(x, self.radius, y, other.radius))
        };
        Some(SweepHit {
            t_first,
            t_last,
            point,
            normal,
        })
    }
}
