//! Convex polygons of a few vertices, stored inline, and their clipping by axis-aligned planes
//! (Sutherland and Hodgman, "Reentrant polygon clipping", 1974): the incident face of a contact
//! cut down to the part inside the reference box.

use crate::math::{Real, Vec3};

/// The most points a clipped polygon can have: a quad clipped by six planes gains at most one
/// vertex per plane.
pub(crate) const POLY_CAPACITY: usize = 16;

/// A convex polygon of at most [`POLY_CAPACITY`] vertices.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Poly {
    pub points: [Vec3; POLY_CAPACITY],
    pub len: usize,
}

impl Poly {
    /// The polygon of the first [`POLY_CAPACITY`] of `points`, in order around it.
    pub(crate) fn new(points: &[Vec3]) -> Self {
        let mut poly = Self {
            points: [Vec3::ZERO; POLY_CAPACITY],
            len: points.len().min(POLY_CAPACITY),
        };
        poly.points[..poly.len].copy_from_slice(&points[..poly.len]);
        poly
    }

    /// The vertices.
    #[inline]
    pub(crate) fn points(&self) -> &[Vec3] {
        &self.points[..self.len]
    }

    /// Keeps the part with `s · x[k] <= limit` (Sutherland–Hodgman, one plane), each new vertex
    /// put exactly on the plane.
    // Algorithm:
    // 1. Walk the edges p -> q around the polygon, with f = s · x[k] − limit at both ends.
    // 2. Keep p when it is inside (f(p) <= 0).
    // 3. When the edge crosses the plane strictly (f changes sign), add the crossing point,
    //    interpolated along the edge and then snapped onto the plane, so that later planes and
    //    the depth computed from it see a point exactly on the face.
    // 4. The kept and added points, in order, are the clipped polygon (empty when no vertex is
    //    inside and no edge crosses).
    pub(crate) fn clip_axis(&mut self, k: usize, s: Real, limit: Real) {
        let n = self.len;
        if n == 0 {
            return;
        }
        let mut out = [Vec3::ZERO; POLY_CAPACITY];
        let mut m = 0;
        let f = |p: Vec3| s * p[k] - limit;
        for i in 0..n {
            let (p, q) = (self.points[i], self.points[(i + 1) % n]);
            let (fp, fq) = (f(p), f(q));
            if fp <= 0.0 && m < POLY_CAPACITY {
                out[m] = p;
                m += 1;
            }
            if (fp < 0.0 && fq > 0.0) || (fp > 0.0 && fq < 0.0) {
                let mut x = p + (q - p) * (fp / (fp - fq));
                x[k] = s * limit;
                if m < POLY_CAPACITY {
                    out[m] = x;
                    m += 1;
                }
            }
        }
        self.points = out;
        self.len = m;
    }
}
