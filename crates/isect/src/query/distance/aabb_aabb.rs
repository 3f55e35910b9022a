//! Axis-aligned box–axis-aligned box distance.

use crate::math::Vec3;
use crate::query::algo::scale::rescale;
use crate::query::{ClosestPoints, Distance};
use crate::shape::Aabb;

impl Distance<Aabb> for Aabb {
    /// Axis by axis (closed form): where the boxes' intervals overlap, both points take the
    /// middle of the common interval; where they are apart, each point takes its box's face
    /// towards the other. So the distance is the length of the per-axis gaps, exactly 0 when the
    /// boxes touch or overlap (as `intersects`), and overlapping boxes get the center of their
    /// common box. Flat and point boxes are what they are. [`ClosestPoints::NONE`] for invalid
    /// input.
    ///
    /// ```
    /// use isect::{Aabb, Distance, glam::Vec3};
    /// let a = Aabb::new(Vec3::ZERO, Vec3::ONE);
    /// let b = Aabb::new(Vec3::new(4.0, 0.5, 5.0), Vec3::new(5.0, 2.0, 6.0));
    /// assert_eq!(a.distance(&b), 5.0); // gaps 3 along x and 4 along z
    /// ```
    fn closest_points(&self, other: &Aabb) -> ClosestPoints {
        rescale!(pair self, other, closest_points);
        if !(self.is_usable() && other.is_usable()) {
            return ClosestPoints::NONE;
        }
        let mut a = Vec3::ZERO;
        let mut b = Vec3::ZERO;
        for i in 0..3 {
            let (lo, hi) = (self.min[i].max(other.min[i]), self.max[i].min(other.max[i]));
            if lo <= hi {
                let mid = lo + (hi - lo) * 0.5;
                a[i] = mid;
                b[i] = mid;
            } else if self.max[i] < other.min[i] {
                a[i] = self.max[i];
                b[i] = other.min[i];
            } else {
                a[i] = self.min[i];
                b[i] = other.max[i];
            }
        }
        ClosestPoints::from_points(a, b)
    }
}
