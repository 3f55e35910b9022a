//! Where planes meet: two planes in a line ([`Plane::intersection_line`]), three in a point
//! ([`three_planes`]).

use crate::math::{Real, Vec3};
use crate::query::algo::scale::{self, Rescale, Unscale, rescale};
use crate::shape::{Line, Plane};

/// Below this, `|n1 × n2|` (the sine of the angle between two unit normals) or the triple product
/// of three is rounding noise: the planes are parallel to within the precision of their normals.
const PARALLEL_SINE: Real = 4.0 * Real::EPSILON;

impl Plane {
    /// The line where `self` and `other` meet, with a unit `dir` along `self.normal ×
    /// other.normal` and `origin` the point of the line closest to the world origin.
    ///
    /// `None` when the planes are parallel (the sine of the angle between the normals is within
    /// a few units in the last place of 0: disjoint, or coincident, in which case they meet in a
    /// plane, not a line) and for invalid planes. Method: Ericson, *Real-Time Collision
    /// Detection*, §5.4.4.
    ///
    /// ```
    /// use isect::{Plane, math::Vec3};
    /// let floor = Plane::new(Vec3::Z, 0.0);
    /// let wall = Plane::new(Vec3::X, 2.0);
    /// let line = floor.intersection_line(&wall).unwrap();
    /// assert_eq!(line.origin, Vec3::new(2.0, 0.0, 0.0));
    /// assert_eq!(line.dir, Vec3::Y);
    /// ```
    #[must_use]
    pub fn intersection_line(&self, other: &Plane) -> Option<Line> {
        rescale!(pair self, other, intersection_line);
        if !(self.is_usable() && other.is_usable()) {
            return None;
        }
        let n1 = self.normal;
        let n2 = other.normal;
        let dir = n1.cross(n2);
        let denom = dir.length_squared();
        if !(denom > PARALLEL_SINE * PARALLEL_SINE * n1.length_squared() * n2.length_squared()) {
            return None;
        }
        // The point on both planes in the plane spanned by the normals.
        let origin = (n2 * self.d - n1 * other.d).cross(dir) / denom;
        let line = Line::new(origin, dir / crate::ops::sqrt(denom));
        (line.origin.is_finite() && line.dir.is_finite()).then_some(line)
    }
}

/// The point where three planes meet; `None` when two of them are parallel or all three share a
/// line (the triple product of the normals is within a few units in the last place of 0), and for
/// invalid planes. Method: Ericson, *Real-Time Collision Detection*, §5.4.5.
///
/// ```
/// use isect::{Plane, three_planes, math::Vec3};
/// let p = three_planes(
///     &Plane::new(Vec3::X, 1.0),
///     &Plane::new(Vec3::Y, 2.0),
///     &Plane::new(Vec3::Z, 3.0),
/// );
/// assert_eq!(p, Some(Vec3::new(1.0, 2.0, 3.0)));
/// ```
#[must_use]
pub fn three_planes(p1: &Plane, p2: &Plane, p3: &Plane) -> Option<Vec3> {
    if !(p1.is_usable() && p2.is_usable() && p3.is_usable()) {
        return None;
    }
    // Offsets `d` far from 1 (their products with the normals under- or overflow) are scaled by
    // a power of two first, and the point scaled back.
    let m = p1.d.abs().max(p2.d.abs()).max(p3.d.abs());
    if !(scale::in_window(m) || m == 0.0) {
        let k = scale::normalizing_exponent(m);
        let p = three_planes(&p1.rescaled(k), &p2.rescaled(k), &p3.rescaled(k))?;
        return Some(p.unscaled(k)).filter(|p| p.is_finite());
    }
    let u = p2.normal.cross(p3.normal);
    let denom = p1.normal.dot(u);
    let scale = p1.normal.length() * p2.normal.length() * p3.normal.length();
    if !(denom.abs() > PARALLEL_SINE * scale) {
        return None;
    }
    let p = (u * p1.d + p1.normal.cross(p2.normal * p3.d - p3.normal * p2.d)) / denom;
    p.is_finite().then_some(p)
}
