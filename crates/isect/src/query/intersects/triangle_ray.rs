//! Triangle–ray overlap.

use crate::query::algo::linear::Linear;
use crate::query::algo::scale::rescale;
use crate::query::raycast::linear_meets_triangle;
use crate::query::{Intersects, mirror_intersects};
use crate::shape::{Ray, Triangle};

impl Intersects<Ray> for Triangle {
    /// The watertight ray–triangle test (Woop, Benthin and Wald, *JCGT* 2(1), 2013) over the
    /// ray's parameter interval, without the division: a ray is `origin + t dir`, `t >= 0`. Edges and corners count (a ray
    /// through a shared edge of a mesh meets both triangles); a ray in the triangle's plane is
    /// clipped against the edges there, and a triangle without area is the segment it is
    /// (both within [`on_set_tolerance`](crate::math::on_set_tolerance)), as is an origin on
    /// the triangle. `false` for invalid input.
    #[inline]
    fn intersects(&self, other: &Ray) -> bool {
        rescale!(pair self, other, intersects);
        let p = Linear::ray(other);
        self.is_usable() && p.is_usable() && linear_meets_triangle(&p, self)
    }
}

mirror_intersects!(Triangle, Ray);
