//! Sweep of a sphere against a sphere.

use crate::math::{Real, Vec3};
use crate::ops;
use crate::query::algo::balls::ball_overlap_middle;
use crate::query::algo::scale::rescale;
use crate::query::algo::scale::{square_in_range, within_radius};
use crate::query::{Sweep, SweepHit};
use crate::shape::Sphere;

impl Sweep<Sphere> for Sphere {
    /// When two moving spheres touch: the roots of `|d + v t|² = (r1 + r2)²` for the center
    /// offset `d` and the relative motion `v` (Ericson §5.5.5), solved in the stable form of
    /// Ray Tracing Gems ch. 7: the discriminant as `|v|² (r1 + r2)² − |d × v|²` (no cancellation
    /// between two large squares, so a near miss by 1/1024 over a distance of 4 stays a miss in
    /// `f32`), and the roots as `c / q` and `q / a` with `q = −b + √disc`, so grazing and far
    /// sweeps keep their precision. Spheres that already overlap give `t_first = 0`; spheres
    /// that exactly touch at the start and move apart give `t_first = t_last = 0`.
    ///
    /// The point lies on the line of centers at `t_first`: on `other`'s surface when they just
    /// touch, in the middle of the overlap when they already overlap. The normal points from
    /// `other`'s center to `self`'s; for coincident centers, against the relative motion, or `+Y`
    /// without one. Radius-0 spheres are moving points. `None` when they never touch in
    /// `[0, 1]`, and for invalid input.
    fn sweep(&self, motion: Vec3, other: &Sphere, other_motion: Vec3) -> Option<SweepHit> {
        rescale!(sweep self, motion, other, other_motion);
        if !(self.is_usable()
            && other.is_usable()
            && motion.is_finite()
            && other_motion.is_finite())
        {
            return None;
        }
        let d = self.center - other.center;
        let v = motion - other_motion;
        let radii = self.radius + other.radius;
        let a = v.length_squared();
        let b = d.dot(v);
        let c = d.length_squared() - radii * radii;
        // Radii whose square leaves the exact range (tiny beside the offsets, where `|d|²` and
        // `(r1 + r2)²` both underflow to 0): the overlap and the closest approach decided as
        // offsets against the radii (issue 24, `regressions::tiny_radius_beside_unit_offsets`).
        let exact = square_in_range(radii * radii);
        let overlapping = if exact {
            c <= 0.0
        } else {
            within_radius(d, radii)
        };
        let (t_first, t_last) = if overlapping {
            // Already overlapping (or touching): they stay so until the later root.
            let t_last = if a > 0.0 {
                let disc = discriminant(d, v, a, radii).max(0.0);
                let q = -b + ops::sqrt(disc);
                if q > 0.0 { (q / a).min(1.0) } else { 0.0 }
            } else {
                1.0
            };
            (0.0, t_last)
        } else {
            if !(b < 0.0 && a > 0.0) {
                return None; // apart and not approaching
            }
            let disc = discriminant(d, v, a, radii);
            // `|d × v| / |v|` is the closest approach of the centers' line.
            if disc < 0.0 || !exact && !within_radius(d.cross(v), radii * ops::sqrt(a)) {
                return None; // the closest approach stays apart
            }
            // b < 0: q = −b + √disc > 0 without cancellation.
            let q = -b + ops::sqrt(disc);
            let (first, last) = (c / q, q / a);
            if first > 1.0 {
                return None;
            }
            // A grazing touch (disc ~ 0) may round the roots out of order.
            (first, last.max(first).min(1.0))
        };
        let c1 = self.center + motion * t_first;
        let c2 = other.center + other_motion * t_first;
        let offset = c1 - c2;
        let distance = crate::query::algo::scale::length(offset);
        let normal = if let Some(normal) = crate::query::algo::scale::normalize(offset) {
            normal
        } else if a > 0.0 {
            -v / ops::sqrt(a)
        } else {
            Vec3::Y
        };
        // On other's surface when touching; the middle of the overlap of the two spheres on the
        // line of centers when they overlap.
        let point = if distance >= radii {
            c2 + normal * other.radius
        } else {
            ball_overlap_middle(c1, self.radius, c2, other.radius)
        };
        Some(SweepHit {
            t_first,
            t_last,
            point,
            normal,
        })
    }
}

/// `b² − a c` of the sphere sweep's quadratic (half-`b` form), as `a (r1 + r2)² − |d × v|²`
/// (Lagrange's identity): no cancellation between `(d · v)²` and `|d|² |v|²`.
#[inline]
fn discriminant(d: Vec3, v: Vec3, a: Real, radii: Real) -> Real {
    a * (radii * radii) - d.cross(v).length_squared()
}
