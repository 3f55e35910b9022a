//! Line–line distance, and the closest parameters of two lines.

use crate::math::Real;
use crate::query::algo::linear::{Linear, line_line_parameters};
use crate::query::distance::linear_closest_points;
use crate::query::{ClosestPoints, Distance};
use crate::shape::Line;

impl Line {
    /// Parameters `(s, t)` of the points `self.point_at(s)` and `other.point_at(t)` where the two
    /// lines come closest (where they cross, if they do).
    ///
    /// `None` when the lines are parallel to within a few units in the last place (the closest
    /// pair is then not unique; [`Distance::closest_points`] still picks one) and for invalid
    /// lines. The angle is measured through `|dir × other.dir|`, which stays accurate for nearly
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
        let (p, q) = (Linear::line(self), Linear::line(other));
        if !(p.is_usable() && q.is_usable()) {
            return None;
        }
        line_line_parameters(&p, &q)
    }
}

impl Distance<Line> for Line {
    /// The crossing of the two lines' common perpendicular; for parallel lines, `self.origin` and
    /// its projection onto `other`.
    fn closest_points(&self, other: &Line) -> ClosestPoints {
        linear_closest_points(&Linear::line(self), &Linear::line(other))
    }
}
