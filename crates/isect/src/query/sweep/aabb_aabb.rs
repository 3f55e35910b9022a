//! Sweep of an axis-aligned box against an axis-aligned box.

use crate::math::{Real, Vec3};
use crate::query::algo::scale::rescale;
use crate::query::{Sweep, SweepHit};
use crate::shape::Aabb;

impl Sweep<Aabb> for Aabb {
    /// When two moving boxes touch: per axis, the interval of times at which their extents
    /// overlap under the relative motion; the boxes touch during the intersection of the three
    /// intervals (Ericson §5.5.8). Touching faces, edges and corners count. Boxes that already
    /// overlap give `t_first = 0`.
    ///
    /// The normal is the axis whose interval starts last, pointing against the relative motion
    /// along it; for boxes that already overlap, the axis of least penetration, pointing from
    /// `other`'s center towards `self`'s (against the relative motion, or `+` without one, when
    /// the centers coincide along it). The point is the middle of the region the two boxes
    /// share at `t_first` (a face, edge or corner contact's middle when they just touch). Flat
    /// and point boxes are answered as what they are. `None` when they never touch in `[0, 1]`,
    /// and for invalid input.
    fn sweep(&self, motion: Vec3, other: &Aabb, other_motion: Vec3) -> Option<SweepHit> {
        rescale!(sweep self, motion, other, other_motion);
        if !(self.is_usable()
            && other.is_usable()
            && motion.is_finite()
            && other_motion.is_finite())
        {
            return None;
        }
        let v = motion - other_motion;
        let mut enter = Real::NEG_INFINITY;
        let mut enter_axis = None;
        let mut exit = Real::INFINITY;
        for i in 0..3 {
            let (lo, hi) = (other.min[i] - self.max[i], other.max[i] - self.min[i]);
            // Self overlaps other on axis i when lo <= v_i t <= hi.
            if v[i] == 0.0 {
                if lo > 0.0 || hi < 0.0 {
                    return None;
                }
                continue;
            }
            let (ta, tb) = (lo / v[i], hi / v[i]);
            let (t0, t1) = if ta <= tb { (ta, tb) } else { (tb, ta) };
            if t0 > enter {
                enter = t0;
                enter_axis = Some(i);
            }
            exit = exit.min(t1);
        }
        let (t_first, t_last) = (enter.max(0.0), exit.min(1.0));
        if t_first > t_last {
            return None;
        }
        let (a_min, a_max) = (self.min + motion * t_first, self.max + motion * t_first);
        let (b_min, b_max) = (
            other.min + other_motion * t_first,
            other.max + other_motion * t_first,
        );
        let normal = match enter_axis {
            Some(i) if enter >= 0.0 => {
                let mut n = Vec3::ZERO;
                n[i] = if v[i] > 0.0 { -1.0 } else { 1.0 };
                n
            }
            _ => {
                // Least penetration at t = 0, pushing self towards its side of other.
                let push_up = b_max - a_min; // moving self up by this separates them
                let push_down = a_max - b_min; // and down by this
                let depth = push_up.min(push_down);
                let i = if depth.x <= depth.y && depth.x <= depth.z {
                    0
                } else if depth.y <= depth.z {
                    1
                } else {
                    2
                };
                let mut n = Vec3::ZERO;
                n[i] = if push_up[i] <= push_down[i] {
                    1.0
                } else {
                    -1.0
                };
                n
            }
        };
        let point = (a_min.max(b_min) + a_max.min(b_max)) * 0.5;
        Some(SweepHit {
            t_first,
            t_last,
            point,
            normal,
        })
    }
}
