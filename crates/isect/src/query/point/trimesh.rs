//! `PointQuery` for [`TriMesh`]: the closest point by a nearest-first BVH search, containment by
//! signed crossing counts along watertight rays (the winding number when every ray is
//! ambiguous).

use crate::bvh::nearest::{AsGiven, Pow2, Scaling};
use crate::bvh::ray::{Crossings, PreRay};
use crate::math::{Real, Vec3, on_set_tolerance};
use crate::ops;
use crate::query::algo::scale::{distance, in_window, ldexp_vec, normalizing_exponent};
use crate::query::{Bounded, PointQuery};
use crate::shape::{Ray, TriMesh, Triangle};

/// Directions for the crossing count of [`PointQuery::contains_point`]: far from the axes and
/// from each other, so that a ray through an edge or vertex along one of them is unlikely along
/// the next.
const PROBES: [[f64; 3]; 6] = [
    [0.577_215_664_9, 0.267_949_192_4, 0.771_243_447_6],
    [-0.319_137_052_1, 0.701_352_947_3, 0.632_120_558_8],
    [0.414_213_562_4, -0.695_217_384_1, 0.590_169_943_7],
    [-0.618_033_988_7, -0.381_966_011_3, -0.686_474_975_4],
    [0.841_470_984_8, 0.540_302_305_9, -0.001_953_125_3],
    [0.123_456_789_0, -0.987_654_321_0, 0.096_969_696_9],
];

impl TriMesh {
    /// The winding number of the mesh around `p`: the sum of the triangles' signed solid angles
    /// seen from `p`, over 4π (Van Oosterom–Strackee). ±1 inside a closed, consistently oriented
    /// mesh (the sign is that of its orientation), 0 outside; fractional for open meshes. Exact
    /// up to rounding and linear in the triangle count (every triangle contributes; the BVH does
    /// not help). NaN for a non-finite `p`.
    #[must_use]
    pub fn winding_number(&self, p: Vec3) -> Real {
        let mut sum = 0.0;
        for i in 0..self.triangles.len() as u32 {
            let t = self.triangle(i);
            // The solid angle does not change with the scale: the offsets times a power of two
            // that keeps the products below finite and normal (a cube `2⁶⁰` across gave NaN).
            let (a, b, c) = (t.a - p, t.b - p, t.c - p);
            let m = a.abs().max(b.abs()).max(c.abs()).max_element();
            let k = if m > 0.0 { normalizing_exponent(m) } else { 0 };
            let (a, b, c) = (ldexp_vec(a, k), ldexp_vec(b, k), ldexp_vec(c, k));
            let (la, lb, lc) = (a.length(), b.length(), c.length());
            let num = a.dot(b.cross(c));
            let den = la * lb * lc + a.dot(b) * lc + a.dot(c) * lb + b.dot(c) * la;
            sum += 2.0 * ops::atan2(num, den);
        }
        sum / (4.0 * core::f64::consts::PI as Real)
    }

    /// Whether `p` is inside the closed surface, by signed crossing counts (see
    /// [`PointQuery::contains_point`]).
    pub(crate) fn inside_solid(&self, p: Vec3) -> bool {
        for d in PROBES {
            let dir = Vec3::new(d[0] as Real, d[1] as Real, d[2] as Real);
            let Some(pre) = PreRay::new(&Ray::new(p, dir), Real::INFINITY) else {
                return false;
            };
            match self.bvh.crossings(&pre) {
                Crossings::OnSurface => return true,
                Crossings::Count(c) => return c != 0,
                Crossings::Ambiguous => {}
            }
        }
        self.winding_number(p).abs() >= 0.5
    }

    /// Whether `p` lies on a triangle (within the on-set tolerance).
    fn on_surface(&self, p: Vec3) -> bool {
        let b = self.aabb();
        let tol = on_set_tolerance([p, b.min, b.max]);
        let mut on = false;
        self.bvh.query_box(p - tol, p + tol, |slot| {
            if !on {
                let [a, b, c] = self.bvh.tri(slot);
                on = Triangle::new(a, b, c).contains_point(p);
            }
        });
        on
    }

    /// The closest point on the triangles to the finite `p`: searched in the mesh's own
    /// coordinates, or where the mesh and `p` lie so far from 1 that squared distances over- or
    /// underflow, in coordinates times a power of two ([`Pow2`]), scaled back.
    fn closest_on_surface(&self, p: Vec3) -> Vec3 {
        let (lo, hi) = self.bvh.bounds();
        let m = p.abs().max(lo.abs()).max(hi.abs()).max_element();
        if in_window(m) {
            self.closest_in(p, AsGiven)
        } else {
            self.closest_rescaled(p, m)
        }
    }

    #[cold]
    #[inline(never)]
    fn closest_rescaled(&self, p: Vec3, m: Real) -> Vec3 {
        // `m` is 0 for a mesh of points at the origin and `p` there: nothing to scale.
        let k = if m > 0.0 { normalizing_exponent(m) } else { 0 };
        ldexp_vec(self.closest_in(ldexp_vec(p, k), Pow2(k)), -k)
    }

    /// The closest point on the triangles to `p`, both in the coordinates of `s`.
    #[inline]
    fn closest_in(&self, p: Vec3, s: impl Scaling) -> Vec3 {
        let tri = |slot: u32| {
            let [a, b, c] = self.bvh.tri(slot);
            Triangle::new(s.vec(a), s.vec(b), s.vec(c))
        };
        self.bvh
            .nearest(p, s, |slot| tri(slot).closest_point(p).distance_squared(p))
            .map_or(crate::math::NO_POINT, |(slot, _)| {
                tri(slot).closest_point(p)
            })
    }
}

impl PointQuery for TriMesh {
    /// The closest point on the triangles (degenerate ones included, as the points or segments
    /// they are), found by a nearest-first BVH traversal; `p` itself inside a solid mesh
    /// ([`TriMesh::is_solid`]). [`crate::math::NO_POINT`] for a non-finite `p`.
    fn closest_point(&self, p: Vec3) -> Vec3 {
        if !p.is_finite() {
            return crate::math::NO_POINT;
        }
        if self.solid && self.contains_point(p) {
            return p;
        }
        self.closest_on_surface(p)
    }

    /// The distance to the triangles; 0 inside a solid mesh; +inf for a non-finite `p`.
    fn distance_to_point(&self, p: Vec3) -> Real {
        if !p.is_finite() {
            return Real::INFINITY;
        }
        distance(p, self.closest_point(p))
    }

    /// On a triangle (within the on-set tolerance), or inside a solid mesh. Inside is decided
    /// by a signed crossing count along a watertight ray from `p` (exits minus entries, non-zero
    /// inside): a handful of fixed directions are tried in turn, and a ray that passes exactly
    /// through an edge, a vertex or a triangle's plane (where a crossing could count twice) is
    /// dropped for the next; should every direction be such, the exact winding number decides.
    /// `false` for a non-finite `p`.
    fn contains_point(&self, p: Vec3) -> bool {
        if !p.is_finite() {
            return false;
        }
        if self.on_surface(p) {
            return true;
        }
        self.solid && self.aabb().contains_point(p) && self.inside_solid(p)
    }
}
