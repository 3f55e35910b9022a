//! Sweep of a sphere against a capsule.

use crate::math::Vec3;
use crate::query::algo::scale::rescale;
use crate::query::sweep::sweep_center_as_ray;
use crate::query::{PointQuery, RayCast, Sweep, SweepHit, mirror_sweep};
use crate::shape::{Capsule, Segment, Sphere};

impl Sweep<Capsule> for Sphere {
    /// The sphere's center as a ray against the capsule grown by the sphere's radius (the same
    /// core, radius `r1 + r2`): exact up to rounding. `t_last` is the same cast from the end of
    /// the motion backwards. The normal points from the capsule's core to the center at
    /// `t_first` (that of their [`Contact`](crate::Contact) for shapes that already overlap); the point is
    /// where they touch (the capsule's point nearest the center when they already overlap). A
    /// radius-0 sphere is a point, a zero-length capsule a sphere. `None` when they never touch
    /// in `[0, 1]`, and for invalid input.
    fn sweep(&self, motion: Vec3, other: &Capsule, other_motion: Vec3) -> Option<SweepHit> {
        rescale!(sweep self, motion, other, other_motion);
        if !(self.is_usable()
            && other.is_usable()
            && motion.is_finite()
            && other_motion.is_finite())
        {
            return None;
        }
        let grown = Capsule::new(other.a, other.b, other.radius + self.radius);
        let core = Segment::new(other.a, other.b);
        sweep_center_as_ray(
            self,
            motion,
            other,
            other_motion,
            |ray| grown.raycast(ray, 1.0),
            || grown.contains_point(self.center),
            |center| {
                let q = core.closest_point(center);
                let offset = center - q;
                if crate::query::algo::scale::within_radius(offset, other.radius) {
                    center
                } else {
                    q + crate::query::algo::scale::normalize(offset)
                        .map_or(Vec3::ZERO, |u| u * other.radius)
                }
            },
        )
    }
}

mirror_sweep!(Sphere, Capsule);
