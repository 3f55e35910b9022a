//! Sweep of a plane against a plane.

use crate::math::{Vec3, coordinate_scale, plane_tolerance};
use crate::query::algo::scale::{normalize, rescale};
use crate::query::{Contact, Distance, Sweep, SweepHit};
use crate::shape::Plane;

impl Plane {
    /// The plane moved by `motion`: its offset grows by `normal · motion`.
    #[inline]
    fn moved(&self, motion: Vec3) -> Plane {
        Plane {
            normal: self.normal,
            d: self.d + self.normal.dot(motion),
        }
    }
}

impl Sweep<Plane> for Plane {
    /// Two planes that are not parallel meet at every time: `[0, 1]`, with the point and
    /// normal of [`Contact`] at the start (no translation separates them, so the normal is that
    /// documented choice). Parallel planes (as `intersects` decides) meet when the gap between
    /// them, which changes linearly with the relative motion, closes: planes that pass through
    /// each other meet for one instant (`t_first == t_last`); planes that coincide at the start
    /// (within the on-set tolerance `intersects` allows) stay in contact until the gap's root
    /// (`t_last = 0` when they part at once), or for `[0, 1]` when they do not move apart along
    /// their normal. The point is `self`'s point nearest the origin at `t_first`; the normal is
    /// `other`'s unit normal towards the side `self` comes from (coincident at the start: towards
    /// the side it leaves to, the way out; without relative motion, `Contact`'s choice). `None`
    /// when they never meet in `[0, 1]` and for invalid input (non-finite planes or motions, a
    /// zero normal).
    ///
    /// ```
    /// use isect::{Plane, Sweep, math::Vec3};
    /// let floor = Plane::new(Vec3::Y, 0.0);
    /// let ceiling = Plane::new(-Vec3::Y, -4.0); // y = 4
    /// let hit = ceiling.sweep(Vec3::new(0.0, -8.0, 0.0), &floor, Vec3::ZERO).unwrap();
    /// assert_eq!((hit.t_first, hit.t_last, hit.normal), (0.5, 0.5, Vec3::Y));
    /// assert!(ceiling.sweep(Vec3::new(0.0, -2.0, 0.0), &floor, Vec3::ZERO).is_none());
    /// let wall = Plane::new(Vec3::X, 3.0);
    /// let hit = wall.sweep(Vec3::Y, &floor, Vec3::ZERO).unwrap();
    /// assert_eq!((hit.t_first, hit.t_last), (0.0, 1.0));
    /// ```
    fn sweep(&self, motion: Vec3, other: &Plane, other_motion: Vec3) -> Option<SweepHit> {
        rescale!(sweep self, motion, other, other_motion);
        if !(self.is_usable()
            && other.is_usable()
            && motion.is_finite()
            && other_motion.is_finite())
        {
            return None;
        }
        if !parallel(self, other) {
            let contact = self.contact(other)?;
            return Some(SweepHit {
                t_first: 0.0,
                t_last: 1.0,
                point: contact.point,
                normal: contact.normal,
            });
        }
        let n = normalize(other.normal)?;
        // Parallel: `self`'s point against `other` along `other`'s unit normal, a gap `g0 + k t`.
        let p = self.point() / self.normal.length_squared();
        let g0 = n.dot(p - other.point() / other.normal.length_squared());
        let k = n.dot(motion - other_motion);
        let tolerance = plane_tolerance(other.d, coordinate_scale([p]), 0.0);
        let touching = g0.abs() <= tolerance;
        let (t_first, t_last) = if k == 0.0 {
            if !touching {
                return None;
            }
            let contact = self.contact(other)?;
            return Some(SweepHit {
                t_first: 0.0,
                t_last: 1.0,
                point: contact.point,
                normal: contact.normal,
            });
        } else {
            // The instant the gap closes; coincident at the start (within the tolerance), they
            // stay in contact until then, or part at once.
            let t = -g0 / k;
            if touching {
                // (`+ 0.0` turns a root of −0 into +0.)
                (0.0, t.clamp(0.0, 1.0) + 0.0)
            } else if (0.0..=1.0).contains(&t) {
                (t, t)
            } else {
                return None;
            }
        };
        let side = if touching { k.signum() } else { g0.signum() };
        let at = self
            .moved(motion * t_first)
            .closest_points(&other.moved(other_motion * t_first));
        Some(SweepHit {
            t_first,
            t_last,
            point: at.a,
            normal: n * side,
        })
    }
}

/// Whether the planes are parallel as `Intersects<Plane>` decides.
#[inline]
fn parallel(a: &Plane, b: &Plane) -> bool {
    let (n1, n2) = (a.normal, b.normal);
    let scale = n1.length_squared() * n2.length_squared();
    !(n1.cross(n2).length_squared()
        > crate::math::ON_SET_TOLERANCE * crate::math::ON_SET_TOLERANCE * scale)
}
