//! Triangle–segment overlap.

use crate::query::algo::linear::Linear;
use crate::query::algo::scale::rescale;
use crate::query::raycast::linear_meets_triangle;
use crate::query::{Intersects, mirror_intersects};
use crate::shape::{Segment, Triangle};

impl Intersects<Segment> for Triangle {
    /// The watertight ray–triangle test (Woop, Benthin and Wald, *JCGT* 2(1), 2013) over the
    /// segment's parameter interval, without the division: a segment is `a + t (b − a)`, `t` in `[0, 1]`; a zero-length segment is the point `a`. Edges and corners count (a segment
    /// through a shared edge of a mesh meets both triangles); a segment in the triangle's plane is
    /// clipped against the edges there, and a triangle without area is the segment it is
    /// (both within [`on_set_tolerance`](crate::math::on_set_tolerance)), as is an end on the
    /// triangle, so that a segment ending at a corner meets it in every corner order. `false`
    /// for invalid input.
    #[inline]
    fn intersects(&self, other: &Segment) -> bool {
        rescale!(pair self, other, intersects);
        let p = Linear::segment(other);
        self.is_usable() && p.is_usable() && linear_meets_triangle(&p, self)
    }
}

mirror_intersects!(Triangle, Segment);
