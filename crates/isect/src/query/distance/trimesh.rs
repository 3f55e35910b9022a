//! `Distance` between a [`TriMesh`] and every convex shape, in both orders.
//!
//! Branch and bound over the mesh's BVH ([`crate::bvh::nearest`]), nearest box first: a subtree
//! is visited only when the gap between its box and a ball around the shape (the sphere itself;
//! for the other shapes also the gap to the shape's box) is below the best distance so far, and
//! a triangle only when its own box passes the same tests and its distance to the ball's
//! center, less the radius, does; then the pair's closest points (the closed forms of the pair
//! files, GJK for boxes and hulls). The bounds are lower bounds of the pair distances, widened
//! against rounding, so the answer is the least of the pair distances, as without them. The distance is the least over the triangles with
//! an area (degenerate triangles are not part of the mesh, as for `Intersects`), so it is 0
//! exactly when a triangle meets the shape, which the pair routines decide as their
//! `Intersects` does. A solid mesh ([`TriMesh::is_solid`]) also holds its inside: a shape that
//! touches no triangle lies wholly inside or wholly outside, so one of its points decides, as
//! in `Intersects<TriMesh>`.

use crate::bvh::nearest::{AsGiven, NEAR_TIE, Pow2, Scaling, box_gap, squared};
use crate::math::{Real, Vec3};
use crate::query::algo::balls::corners_ball;
use crate::query::algo::scale::{Rescale, Unscale, in_window, normalizing_exponent};
use crate::query::{Bounded, ClosestPoints, Distance, PointQuery, RayCast, mirror_distance};
use crate::shape::{Aabb, Capsule, ConvexHull, Obb, Ray, Segment, Sphere, TriMesh, Triangle};

/// What the mesh search needs of a shape besides its pair distance to a triangle: a ball
/// holding it (the search's bounds: a subtree or triangle is skipped when its gap to the ball,
/// or to the shape's box, is above the best distance so far).
pub(crate) trait MeshDistance: Distance<Triangle> + Bounded {
    /// The center and radius of a ball holding the shape (for a valid shape).
    fn ball(&self) -> (Vec3, Real);
    /// Whether the ball is the shape (a sphere): its box then bounds nothing more.
    const BALL: bool = false;

    /// The pair distance to `triangle`, given `q`, the triangle's point closest to the ball's
    /// center (which the search has found for its bound): `self.distance(triangle)`, bit for
    /// bit; a sphere's goes through `q` rather than finding it again.
    #[inline]
    fn distance_through(&self, triangle: &Triangle, _q: Vec3) -> Real {
        self.distance(triangle)
    }
}

impl MeshDistance for Sphere {
    fn ball(&self) -> (Vec3, Real) {
        (self.center, self.radius)
    }
    const BALL: bool = true;

    #[inline]
    fn distance_through(&self, triangle: &Triangle, q: Vec3) -> Real {
        crate::query::distance::sphere_triangle::closest_points_through(self, triangle, q).distance
    }
}

impl MeshDistance for Aabb {
    fn ball(&self) -> (Vec3, Real) {
        let half = (self.max - self.min) * 0.5;
        (self.min + half, half.length())
    }
}

impl MeshDistance for Obb {
    fn ball(&self) -> (Vec3, Real) {
        (self.center, self.half_extents.length())
    }
}

impl MeshDistance for Capsule {
    fn ball(&self) -> (Vec3, Real) {
        (
            (self.a + self.b) * 0.5,
            self.a.distance(self.b) * 0.5 + self.radius,
        )
    }
}

impl MeshDistance for Segment {
    fn ball(&self) -> (Vec3, Real) {
        ((self.a + self.b) * 0.5, self.a.distance(self.b) * 0.5)
    }
}

impl MeshDistance for Triangle {
    fn ball(&self) -> (Vec3, Real) {
        corners_ball(&[self.a, self.b, self.c])
    }
}

impl MeshDistance for ConvexHull {
    fn ball(&self) -> (Vec3, Real) {
        corners_ball(self.points())
    }
}

/// `(g - r)²` for the squared gap `g2` between a point and a set, 0 when `g ≤ r`: a lower
/// bound on the squared distance between the set and a shape inside the ball of radius `r`
/// about the point.
#[inline]
fn less_radius(g2: Real, r: Real) -> Real {
    let g = (crate::ops::sqrt(g2) - r).max(0.0);
    g * g
}

/// Closest points of `shape` (first) and `mesh` (second), for a valid shape with `inside` one
/// of its points. The search runs in the mesh's coordinates, or where the mesh and the shape lie
/// so far from 1 that squared distances over- or underflow, in coordinates times a power of two
/// ([`Pow2`]), its answer scaled back.
fn closest_to_mesh<S: MeshDistance + Rescale>(
    mesh: &TriMesh,
    shape: &S,
    inside: Vec3,
) -> ClosestPoints {
    let (lo, hi) = mesh.bvh.bounds();
    let m = shape.magnitude().max(lo.abs().max(hi.abs()).max_element());
    let found = if in_window(m) {
        nearest_triangle(mesh, shape, AsGiven)
    } else {
        nearest_rescaled(mesh, shape, m)
    };
    match found {
        Some(cp) if cp.distance == 0.0 => cp,
        _ if mesh.solid && mesh.contains_point(inside) => ClosestPoints {
            a: inside,
            b: inside,
            distance: 0.0,
        },
        Some(cp) => cp,
        None => ClosestPoints::NONE,
    }
}

#[cold]
#[inline(never)]
fn nearest_rescaled<S: MeshDistance + Rescale>(
    mesh: &TriMesh,
    shape: &S,
    m: Real,
) -> Option<ClosestPoints> {
    // `m` is 0 for a shape and a mesh of points at the origin: nothing to scale.
    let k = if m > 0.0 { normalizing_exponent(m) } else { 0 };
    nearest_triangle(mesh, &shape.rescaled(k), Pow2(k)).map(|cp| cp.unscaled(k))
}

/// The closest points of `shape` and the nearest of the mesh's triangles with an area, both in
/// the coordinates of `s`; `None` for a mesh without such triangles.
#[inline]
fn nearest_triangle<S: MeshDistance + ?Sized>(
    mesh: &TriMesh,
    shape: &S,
    s: impl Scaling,
) -> Option<ClosestPoints> {
    let bvh = &mesh.bvh;
    let bounds = shape.aabb();
    let (lo, hi) = (bounds.min, bounds.max);
    let (center, r) = shape.ball();
    // Widened by many ulp of the magnitudes, so that the rounding of the gaps (and of the pair
    // distances the bounds are compared with) never skips the nearest triangle.
    let r =
        r * (1.0 + 64.0 * Real::EPSILON) + 64.0 * Real::EPSILON * (center.abs().max_element() + r);
    let triangle = |slot: u32| {
        let [a, b, c] = bvh.tri(slot);
        Triangle::new(s.vec(a), s.vec(b), s.vec(c))
    };
    let boxed = (!S::BALL).then_some((lo, hi));
    let nearest = bvh.nearest_to_ball((center, r), boxed, s, |slot, best| {
        if bvh.degenerate[slot as usize] {
            return Real::INFINITY;
        }
        let t = triangle(slot);
        let t_box = (t.a.min(t.b).min(t.c), t.a.max(t.b).max(t.c));
        let best = best * NEAR_TIE;
        // The triangle's box against the ball and the shape's box, then the triangle itself
        // against the ball (the pair's own closest point for a sphere), before the pair.
        if less_radius(box_gap(t_box, (center, center)), r) > best
            || !S::BALL && box_gap(t_box, (lo, hi)) > best
        {
            return Real::INFINITY;
        }
        let q = t.closest_point(center);
        if less_radius(q.distance_squared(center), r) > best {
            return Real::INFINITY;
        }
        squared(shape.distance_through(&t, q))
    });
    nearest
        .filter(|&(_, d2)| d2.is_finite())
        .map(|(slot, _)| shape.closest_points(&triangle(slot)))
}

/// Implements `Distance<TriMesh>` for a shape through [`closest_to_mesh`] with the given point
/// of the shape (the one `Intersects<TriMesh>` tests for a solid mesh's inside), and the mirror.
macro_rules! distance_to_mesh {
    ($shape:ty, |$s:ident| $inside:expr) => {
        impl Distance<TriMesh> for $shape {
            /// The closest points of the shape and the mesh's triangles with an area (found
            /// nearest-first through the BVH), and the distance; 0 with a common point when
            /// they meet (touching included), exactly when `intersects` says so, and for a
            /// shape wholly inside a solid mesh ([`TriMesh::is_solid`]) the point of the shape
            /// that showed it. Degenerate shapes are what they are; a mesh whose triangles all
            /// lack an area is empty. [`ClosestPoints::NONE`] for an invalid shape.
            fn closest_points(&self, other: &TriMesh) -> ClosestPoints {
                if !self.is_usable() {
                    return ClosestPoints::NONE;
                }
                let $s = self;
                closest_to_mesh(other, self, $inside)
            }
        }
        mirror_distance!($shape, TriMesh);
    };
}

distance_to_mesh!(Sphere, |s| s.center);
distance_to_mesh!(Aabb, |b| b.min);
distance_to_mesh!(Obb, |b| b.center);
distance_to_mesh!(Capsule, |c| c.a);
distance_to_mesh!(Triangle, |t| t.a);

impl Distance<TriMesh> for Segment {
    /// As for the other shapes (the closest points of the segment and the mesh's triangles with
    /// an area, 0 when they meet, [`ClosestPoints::NONE`] for an invalid segment), with one
    /// difference: whether a segment meets a mesh is decided by the mesh's watertight ray cast,
    /// as `Intersects<Segment> for TriMesh` does, so when that cast finds a crossing the
    /// distance is 0 at its point, even where the segment–triangle closest points (another
    /// computation, rounded differently) leave a gap of a few ulp at a grazing crossing.
    fn closest_points(&self, other: &TriMesh) -> ClosestPoints {
        if !self.is_usable() {
            return ClosestPoints::NONE;
        }
        let cp = closest_to_mesh(other, self, self.a);
        if cp.distance > 0.0 && self.a != self.b {
            let ray = Ray::new(self.a, self.b - self.a);
            if let Some(hit) = other.raycast(&ray, 1.0) {
                return ClosestPoints {
                    a: hit.point,
                    b: hit.point,
                    distance: 0.0,
                };
            }
        }
        cp
    }
}
mirror_distance!(Segment, TriMesh);
distance_to_mesh!(ConvexHull, |h| h.points()[0]);
