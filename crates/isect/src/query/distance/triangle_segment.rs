//! Triangle–segment distance.

use crate::math::{Real, Vec3, on_set_tolerance};
use crate::query::algo::linear::segment_segment_parameters;
use crate::query::algo::scale::rescale;
use crate::query::{ClosestPoints, Distance, PointQuery, mirror_distance};
use crate::shape::{Segment, Triangle};

impl Distance<Segment> for Triangle {
    /// A closest pair, `a` on the triangle and `b` on the segment (Ericson, *Real-Time Collision
    /// Detection*, §5.1.9–5.1.10): when the segment crosses the triangle's plane inside the
    /// triangle, the crossing point with distance 0; otherwise the best of the segment against
    /// the three edges and of each segment end against the triangle.
    ///
    /// The crossing is detected with the ends strictly on opposite sides of the plane and the
    /// segment's line passing inside all three edges (Ericson §5.3.4's scalar triple products); a
    /// crossing missed by rounding near an edge is found, at distance about 0, by the edge pairs.
    /// A segment touching the triangle (an end on it, lying in its plane across an edge) gives
    /// distance 0 through the same edge and end terms. A degenerate triangle is the segment or
    /// point it is, a zero-length segment a point. [`ClosestPoints::NONE`] for non-finite input.
    ///
    /// ```
    /// use isect::{Distance, Segment, Triangle, glam::Vec3};
    /// let t = Triangle::new(Vec3::ZERO, Vec3::X * 4.0, Vec3::Y * 4.0);
    /// let s = Segment::new(Vec3::new(1.0, 1.0, 2.0), Vec3::new(1.0, 1.0, 5.0));
    /// assert_eq!(t.distance(&s), 2.0);
    /// ```
    fn closest_points(&self, segment: &Segment) -> ClosestPoints {
        rescale!(pair self, segment, closest_points);
        if !(self.is_usable() && segment.is_usable()) {
            return ClosestPoints::NONE;
        }
        let crossed = crossing(self, segment);
        if let Some((x, None)) = crossed {
            return ClosestPoints {
                a: x,
                b: x,
                distance: 0.0,
            };
        }
        let mut best = (Vec3::ZERO, Vec3::ZERO, Real::INFINITY);
        let mut consider = |on_triangle: Vec3, on_segment: Vec3| {
            let d2 = (on_triangle - on_segment).length_squared();
            if d2 < best.2 {
                best = (on_triangle, on_segment, d2);
            }
        };
        // A crossing found off the segment by more than rounding (a sliver) still gives a pair
        // of points, one on each: nearer than the edges when the segment crosses inside.
        if let Some((x, Some(y))) = crossed {
            consider(x, y);
        }
        for p in [segment.a, segment.b] {
            consider(self.closest_point(p), p);
        }
        let [a, b, c] = self.vertices();
        for edge in [Segment::new(a, b), Segment::new(b, c), Segment::new(c, a)] {
            let (s, t) = segment_segment_parameters(&edge, segment);
            consider(edge.point_at(s), segment.point_at(t));
        }
        ClosestPoints::from_points(best.0, best.1)
    }
}

/// Where the segment crosses the triangle, its ends strictly on opposite sides of the plane:
/// the scalar triple products of the segment's direction with the corners (Ericson §5.3.4) all
/// of one sign. `None` otherwise (no crossing, or a touching or coplanar segment, or a
/// degenerate triangle, all of which the edge and end terms answer). With `Some(y)`, the point
/// was off the segment by more than the on-set tolerance, `y` the segment's point nearest it.
#[inline]
fn crossing(triangle: &Triangle, segment: &Segment) -> Option<(Vec3, Option<Vec3>)> {
    let [a, b, c] = triangle.vertices();
    let n = triangle.scaled_normal();
    let da = n.dot(segment.a - a);
    let db = n.dot(segment.b - a);
    if !((da > 0.0 && db < 0.0) || (da < 0.0 && db > 0.0)) {
        return None;
    }
    let pq = segment.b - segment.a;
    // The products are taken about the segment's crossing of the plane, a point of the same
    // line near the triangle: about an end far away, the corners lie almost along the line and
    // the products cancel (a 2000-long segment through a triangle missed its crossing).
    let p = segment.a + pq * (da / (da - db));
    let (pa, pb, pc) = (a - p, b - p, c - p);
    let m = pq.cross(pc);
    let u = pb.dot(m);
    let v = -pa.dot(m);
    let w = pq.cross(pb).dot(pa);
    let inside = (u >= 0.0 && v >= 0.0 && w >= 0.0) || (u <= 0.0 && v <= 0.0 && w <= 0.0);
    if !inside {
        return None;
    }
    // The point of the triangle with the barycentric weights u, v, w lies on the triangle
    // whatever the rounding. On a sliver whose plane is rounding noise, the side test above can
    // be wrong and the point off the segment: then `(x, y)` is one candidate pair beside the
    // edge and end terms.
    let sum = u + v + w;
    let x = (a * u + b * v + c * w) / sum;
    let t = ((x - segment.a).dot(pq) / pq.length_squared()).clamp(0.0, 1.0);
    let y = segment.a + pq * t;
    let tolerance = on_set_tolerance([a, b, c, segment.a, segment.b]);
    // A NaN `x` (all weights 0 by rounding) is a candidate that loses every comparison.
    let on_segment = y.distance(x) <= tolerance;
    Some((x, (!on_segment).then_some(y)))
}

mirror_distance!(Triangle, Segment);
