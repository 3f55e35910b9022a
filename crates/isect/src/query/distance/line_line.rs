//! Line–line distance, and the closest parameters of two lines.

use crate::math::Real;
use crate::query::algo::linear::{Linear, line_line_parameters};
use crate::query::algo::scale::{self, rescale};
use crate::query::distance::linear_closest_points;
use crate::query::{ClosestPoints, Distance};
use crate::shape::{Line, Ray};

impl Line {
    /// Parameters `(s, t)` of the points `self.point_at(s)` and `other.point_at(t)` where the two
    /// lines come closest (where they cross, if they do).
    ///
    /// `None` when the lines are parallel to within a few units in the last place (the closest
    /// pair is then not unique; [`Distance::closest_points`] still picks one), where a parameter
    /// lies beyond the float range (lines so nearly parallel that their closest pair is that far
    /// out: [`Distance::closest_points`] then gives its points with infinite coordinates and the
    /// lines' finite distance) and for invalid lines. The angle is measured through `|dir × other.dir|`, which stays accurate for nearly
    /// parallel lines.
    ///
    /// ```
    /// use isect::{Line, math::Vec3};
    /// let x_axis = Line::new(Vec3::ZERO, Vec3::X);
    /// let above = Line::new(Vec3::new(3.0, -1.0, 2.0), Vec3::Y);
    /// assert_eq!(x_axis.closest_parameters(&above), Some((3.0, 1.0)));
    /// ```
    #[must_use]
    pub fn closest_parameters(&self, other: &Line) -> Option<(Real, Real)> {
        let m = self.origin.abs().max(other.origin.abs()).max_element();
        if !(scale::in_window(m) || m == 0.0) && m < Real::INFINITY {
            // Origins far from 1: scaled by a power of two, the directions normalized on their
            // own, and each parameter converted back.
            let k = scale::normalizing_exponent(m);
            let (p, p_shift) = scale::rescaled_ray(&Ray::new(self.origin, self.dir), k);
            let (q, q_shift) = scale::rescaled_ray(&Ray::new(other.origin, other.dir), k);
            let (s, t) =
                Line::new(p.origin, p.dir).closest_parameters(&Line::new(q.origin, q.dir))?;
            let (s, t) = (scale::ldexp(s, -p_shift), scale::ldexp(t, -q_shift));
            return (s.is_finite() && t.is_finite()).then_some((s, t));
        }
        let (p, q) = (Linear::line(self), Linear::line(other));
        if !(p.is_usable() && q.is_usable()) {
            return None;
        }
        line_line_parameters(&p, &q)
    }
}

impl Distance<Line> for Line {
    /// The crossing of the two lines' common perpendicular; for parallel lines, `self.origin` and
    /// its projection onto `other`. Where that crossing lies beyond the float range (the lines
    /// nearly parallel), its points have infinite coordinates along the lines (the others right)
    /// and the distance is the lines' finite distance.
    fn closest_points(&self, other: &Line) -> ClosestPoints {
        rescale!(pair self, other, closest_points);
        linear_closest_points(&Linear::line(self), &Linear::line(other))
    }
}
