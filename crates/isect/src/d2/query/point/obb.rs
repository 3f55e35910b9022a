//! Point queries on an oriented box: in the box's frame where that decides, else on the quad of
//! its corners.
//!
//! The box every query sees is the quad of [`Obb::corners`], rounded from the rotation. In the
//! frame (`rotationᵀ · (p − center)`, Ericson §5.1.4) `p` is compared with the half extents;
//! where it is inside or outside by more than a bound on both roundings (the corners' and the
//! frame's, a few ulps of the coordinates, taken generously) that answer is the quad's, and the
//! distance from the frame is the quad's to within the same bound. Only for points within that
//! bound of the boundary, rotations not orthonormal to a few ulps (the frame is then not the
//! inverse of the rotation), flat boxes and invalid input are the quad's exact orientations
//! asked.

use crate::d2::query::PointQuery;
use crate::d2::query::point::{
    cold_closest_point, cold_contains_point, cold_distance_to_point, outside_distance,
};
use crate::d2::shape::Obb;
use crate::math::{ON_SET_TOLERANCE, Real, Vec2};

/// Where the frame puts a point: clearly inside the box, clearly outside (with its local
/// coordinates), or within rounding of the boundary (or the frame does not apply).
enum Frame {
    Inside,
    Outside(Vec2),
    Undecided,
}

/// How far the rotation's columns may be from orthonormal (in their dot products) for the frame
/// to stand for the rotation's inverse: the rounding of a rotation built from an angle.
const ORTHONORMAL_SLACK: Real = 8.0 * Real::EPSILON;

impl Obb {
    /// `p` in the box's frame (`rotationᵀ · (p − center)`) and the slack within which that
    /// frame cannot tell which side of a side of the corners' quad a point lies (a bound on both
    /// roundings, the corners' and the frame's); `None` where the frame does not stand for the
    /// quad's: a rotation not orthonormal to a few ulps, or negative extents.
    ///
    /// No finiteness tests on this hot path: a NaN or infinite rotation fails the
    /// orthonormality test (NaN fails every `<=`, `∞ − 1` exceeds the slack); a NaN or infinite
    /// center, point or extent (or finite ones whose sum overflows) makes the slack NaN or
    /// infinite, and then no comparison of a coordinate with `± slack` decides: callers must
    /// decide only on such comparisons (`room > slack`, `room < −slack`) and leave the rest to
    /// the exact routine, which checks the input.
    #[inline(always)]
    pub(crate) fn local_frame(&self, p: Vec2) -> Option<(Vec2, Real)> {
        let (x, y) = (self.rotation.x_axis, self.rotation.y_axis);
        let h = self.half_extents;
        let orthonormal = ((x.dot(x) - 1.0).abs() <= ORTHONORMAL_SLACK)
            & ((y.dot(y) - 1.0).abs() <= ORTHONORMAL_SLACK)
            & (x.dot(y).abs() <= ORTHONORMAL_SLACK);
        if !(h.cmpge(Vec2::ZERO).all() & orthonormal) {
            return None;
        }
        let d = p - self.center;
        let local = Vec2::new(d.dot(x), d.dot(y));
        let scale = self.center.abs().max_element() + p.abs().max_element() + h.x + h.y;
        Some((local, ON_SET_TOLERANCE * scale + Real::MIN_POSITIVE))
    }

    #[inline(always)]
    fn frame(&self, p: Vec2) -> Frame {
        let Some((local, slack)) = self.local_frame(p) else {
            return Frame::Undecided;
        };
        let room = self.half_extents - local.abs();
        if (room.x > slack) & (room.y > slack) {
            Frame::Inside
        } else if (room.x < -slack) | (room.y < -slack) {
            Frame::Outside(local)
        } else {
            Frame::Undecided
        }
    }
}

impl PointQuery for Obb {
    /// `p` itself inside, else the closest point of the box's edges, the box being the quad of
    /// its corners as [`Obb::corners`] computes them (so that every query sees the same box).
    /// A flat box is its segment or point. [`NO_POINT`](crate::d2::NO_POINT) for invalid input
    /// (non-finite, negative extents).
    ///
    /// ```
    /// use isect::d2::{Obb, PointQuery};
    /// use isect::math::{Mat2, Vec2};
    /// // A box turned a quarter: its long side along y.
    /// let b = Obb::new(Vec2::ZERO, Vec2::new(2.0, 1.0), Mat2::from_cols(Vec2::Y, Vec2::NEG_X));
    /// assert_eq!(b.closest_point(Vec2::new(3.0, 0.5)), Vec2::new(1.0, 0.5));
    /// assert!(b.contains_point(Vec2::new(1.0, 2.0))); // a corner
    /// ```
    #[inline]
    fn closest_point(&self, p: Vec2) -> Vec2 {
        match self.frame(p) {
            Frame::Inside => p,
            Frame::Outside(local) => {
                let h = self.half_extents;
                let q = local.clamp(-h, h);
                self.center + self.rotation.x_axis * q.x + self.rotation.y_axis * q.y
            }
            Frame::Undecided => cold_closest_point(self, p),
        }
    }

    /// 0 inside, else the distance to the closest point (never 0 outside); `+∞` for invalid
    /// input.
    #[inline]
    fn distance_to_point(&self, p: Vec2) -> Real {
        match self.frame(p) {
            Frame::Inside => 0.0,
            Frame::Outside(local) => {
                let excess = (local.abs() - self.half_extents).max(Vec2::ZERO);
                outside_distance(excess)
            }
            Frame::Undecided => cold_distance_to_point(self, p),
        }
    }

    /// Whether `p` is left of or on each edge of the corners' quad, by exact orientations (the
    /// corners themselves are rounded from the rotation). `false` for invalid input.
    #[inline]
    fn contains_point(&self, p: Vec2) -> bool {
        match self.frame(p) {
            Frame::Inside => true,
            Frame::Outside(_) => false,
            Frame::Undecided => cold_contains_point(self, p),
        }
    }
}
