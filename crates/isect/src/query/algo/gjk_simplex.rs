//! GJK's simplex: up to four vertices of the Minkowski difference `A − B` with the points of `A`
//! and `B` they came from, and its reduction to the sub-simplex nearest the origin (the weights
//! of `simplex.rs`). Used by the GJK loop (`gjk.rs`) and, through [`Vertex`], by EPA.

use crate::math::{MAGNITUDE_TOLERANCE, ON_SET_TOLERANCE, Real, Vec3};
use crate::query::algo::gjk::SupportMap;
use crate::query::algo::simplex::{
    TriangleFrom, refined_triangle_weights, segment_weights, tetrahedron_weights,
};

/// A vertex of the Minkowski difference `A − B`, with the points of `A` and `B` it came from
/// (GJK's simplex and EPA's polytope).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Vertex {
    pub(crate) w: Vec3,
    pub(crate) a: Vec3,
    pub(crate) b: Vec3,
}

impl Vertex {
    /// The vertex of two shapes' points `a` and `b`.
    #[inline]
    pub(crate) fn new(a: Vec3, b: Vec3) -> Self {
        Self { w: a - b, a, b }
    }

    /// `self.w − r.w` as `(a − r.a) − (b − r.b)`: two shapes near their own points but far
    /// apart give vertices of `A − B` of size `D`, whose difference would carry rounding of
    /// `ε D`; the shapes' points give it to the rounding of their own offsets.
    #[inline]
    pub(crate) fn from(&self, r: &Self) -> Vec3 {
        (self.a - r.a) - (self.b - r.b)
    }

    /// Per coordinate, how far rounding can have moved this vertex and the closest points
    /// built from it: [`ON_SET_TOLERANCE`] of `w = a − b` (a difference of two points rounds
    /// relative to itself, not to them) and [`MAGNITUDE_TOLERANCE`] of the points (support
    /// points such as a sphere's carry rounding of where they lie). Per coordinate, so that a
    /// long thin shape's extent does not blow up the tolerance across it (issue 24).
    #[inline]
    pub(crate) fn rounding(&self) -> Vec3 {
        self.w.abs() * ON_SET_TOLERANCE + self.a.abs().max(self.b.abs()) * MAGNITUDE_TOLERANCE
    }

    /// The support point of `A − B` along `dir`: `a`'s along `dir` less `b`'s along `−dir`.
    #[inline]
    pub(crate) fn support<A, B>(a: &A, b: &B, dir: Vec3) -> Self
    where
        A: SupportMap + ?Sized,
        B: SupportMap + ?Sized,
    {
        Self::new(a.support(dir), b.support(-dir))
    }
}

/// The current simplex: up to four vertices.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Simplex {
    pub(crate) vertices: [Vertex; 4],
    pub(crate) weights: [Real; 4],
    pub(crate) len: usize,
}

impl Simplex {
    pub(crate) fn point(&self) -> Vec3 {
        (0..self.len)
            .map(|i| self.vertices[i].w * self.weights[i])
            .sum()
    }

    /// [`Simplex::point`] less the vertex `r`, from the differences of the shapes' points (see
    /// [`Vertex::from`]): exact up to rounding of the simplex's size, however far it is from
    /// the origin, where `point() − r.w` would carry rounding of the distance.
    pub(crate) fn point_from(&self, r: &Vertex) -> Vec3 {
        (0..self.len)
            .map(|i| self.vertices[i].from(r) * self.weights[i])
            .sum()
    }

    /// Replaces the simplex by its smallest face containing the point closest to the origin,
    /// with that point's weights. Returns whether the origin is inside a full tetrahedron.
    pub(crate) fn reduce(&mut self) -> bool {
        let v = &self.vertices;
        // The origin's offsets from the vertices, and the edges from the first vertex as
        // differences of the shapes' points.
        let offset = |i: usize| -v[i].w;
        let edge = |i: usize| v[i].from(&v[0]);
        let (weights, inside): ([Real; 4], bool) = match self.len {
            1 => ([1.0, 0.0, 0.0, 0.0], false),
            2 => {
                let [u, t] = segment_weights(offset(0), offset(1), edge(1));
                ([u, t, 0.0, 0.0], false)
            }
            3 => {
                let triangle = TriangleFrom {
                    ap: offset(0),
                    bp: offset(1),
                    cp: offset(2),
                    ab: edge(1),
                    ac: edge(2),
                };
                let [u, s, t] = refined_triangle_weights(&triangle);
                ([u, s, t, 0.0], false)
            }
            _ => tetrahedron_weights(
                [offset(0), offset(1), offset(2), offset(3)],
                [edge(1), edge(2), edge(3)],
            ),
        };
        if inside {
            self.weights = weights;
            return true;
        }
        // Keep the vertices with non-zero weight, in order.
        let mut kept = 0;
        for (i, &weight) in weights.iter().enumerate().take(self.len) {
            if weight > 0.0 {
                self.vertices[kept] = self.vertices[i];
                self.weights[kept] = weight;
                kept += 1;
            }
        }
        if kept == 0 {
            // Weights were NaN (non-finite input): keep the first vertex.
            self.weights[0] = 1.0;
            kept = 1;
        }
        self.len = kept;
        false
    }

    /// The part of `v` (this simplex's closest point to the origin) across the simplex's
    /// feature: `v` less its component along a segment's edge, or its component along a
    /// triangle's normal. Where the closest point lies inside an edge or face the exact `v` is
    /// square to it, so what `v` has along it is rounding of the weights, of the size of the
    /// feature (a segment 9e6 long gave `v` an error of 0.5 along it); the gap is measured across.
    pub(crate) fn across(&self, v: Vec3) -> Vec3 {
        let vertices = &self.vertices;
        match self.len {
            2 => {
                let e = vertices[1].from(&vertices[0]);
                let ee = e.length_squared();
                if ee > 0.0 && ee.is_finite() {
                    v - e * (v.dot(e) / ee)
                } else {
                    v
                }
            }
            3 => {
                let n = vertices[1]
                    .from(&vertices[0])
                    .cross(vertices[2].from(&vertices[0]));
                let nn = n.length_squared();
                if nn > 0.0 && nn.is_finite() {
                    n * (v.dot(n) / nn)
                } else {
                    v
                }
            }
            _ => v,
        }
    }

    pub(crate) fn closest_points(&self) -> (Vec3, Vec3) {
        let mut a = Vec3::ZERO;
        let mut b = Vec3::ZERO;
        for i in 0..self.len {
            a += self.vertices[i].a * self.weights[i];
            b += self.vertices[i].b * self.weights[i];
        }
        (a, b)
    }
}
