//! Triangle–triangle distance.

use crate::math::{Real, Vec3};
use crate::query::algo::gjk::gjk_closest_points;
use crate::query::distance::{agree, proven_apart};
use crate::query::{ClosestPoints, Distance, Intersects, SupportMap};
use crate::shape::{Segment, Triangle};

impl Distance<Triangle> for Triangle {
    /// By GJK on the two support maps, to a relative tolerance of
    /// [`GJK_RELATIVE_TOLERANCE`](crate::query::algo::gjk::GJK_RELATIVE_TOLERANCE) (at most
    /// [`GJK_MAX_ITERATIONS`](crate::query::algo::gjk::GJK_MAX_ITERATIONS) iterations, never a
    /// loop). Distance 0 with a common point exactly when `intersects` is true (Guigue–Devillers
    /// with exact signs), touching included; triangles apart by less than GJK resolves get their
    /// closest points from the six edge–triangle pairs and a positive distance (at least
    /// `Real::MIN_POSITIVE`). Degenerate shapes (flat boxes, collinear triangles) are what they are.
    /// [`ClosestPoints::NONE`] for invalid input.
    fn closest_points(&self, other: &Triangle) -> ClosestPoints {
        if !(self.is_usable() && other.is_usable()) {
            return ClosestPoints::NONE;
        }
        let guess = self.support(Vec3::X) - other.support(Vec3::X);
        let cp = gjk_closest_points(self, other, guess);
        if proven_apart(self, other, &cp) {
            return cp;
        }
        if self.intersects(other) {
            return agree(cp, true);
        }
        if cp.distance > 0.0 {
            return cp;
        }
        // Apart by the exact test, but closer than GJK resolves (it stopped with the origin in
        // its simplex): the closest points of two triangles that do not meet involve an edge of
        // one of them, so the best of the six edge–triangle pairs answers. A gap below rounding
        // is still a gap: the distance stays positive.
        let mut best = ClosestPoints::NONE;
        for (edges, tri, flip) in [(self, other, false), (other, self, true)] {
            let [a, b, c] = edges.vertices();
            for (p, q) in [(a, b), (b, c), (c, a)] {
                let e = Segment::new(p, q).closest_points(tri);
                if e.distance < best.distance {
                    best = if flip { e.swapped() } else { e };
                }
            }
        }
        best.distance = best.distance.max(Real::MIN_POSITIVE);
        best
    }
}
