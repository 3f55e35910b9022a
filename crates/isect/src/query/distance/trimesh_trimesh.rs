//! `Distance` between two [`TriMesh`]es: their BVHs traversed together, node pairs nearest
//! first (as PQP does), for the nearest pair of triangles; and, for a solid mesh, a piece of
//! the other mesh inside it, as `Intersects<TriMesh>` decides.

use crate::bvh::nearest::{AsGiven, NEAR_TIE, Pow2, Scaling, box_gap, squared};
use crate::math::Real;
use crate::query::algo::scale::{Unscale, in_window, normalizing_exponent};
use crate::query::{ClosestPoints, Distance, PointQuery};
use crate::shape::{TriMesh, Triangle};

impl Distance<TriMesh> for TriMesh {
    /// The closest points of the two meshes' triangles with an area (a point of `self` first),
    /// found by traversing both BVHs together, nearest node pair first, opening the larger box;
    /// 0 with a common point when two triangles meet (touching included), exactly when
    /// `intersects` says so, and when a connected piece of one mesh lies inside the other,
    /// solid, mesh ([`TriMesh::is_solid`]), a vertex of that piece. A mesh whose triangles
    /// all lack an area is empty: [`ClosestPoints::NONE`].
    fn closest_points(&self, other: &TriMesh) -> ClosestPoints {
        let m = [self.bvh.bounds(), other.bvh.bounds()]
            .iter()
            .fold(0.0, |m: Real, (lo, hi)| {
                m.max(lo.abs().max(hi.abs()).max_element())
            });
        let found = if in_window(m) {
            nearest_pair(self, other, AsGiven)
        } else {
            nearest_pair_rescaled(self, other, m)
        };
        if let Some(cp) = found.filter(|cp| cp.distance == 0.0) {
            return cp;
        }
        // A piece of one mesh inside the other, solid, one (each piece touches no triangle of
        // the other: wholly inside or wholly outside).
        let inside = |outer: &TriMesh, inner: &TriMesh| {
            if !outer.solid {
                return None;
            }
            inner
                .component_points()
                .into_iter()
                .find(|&p| outer.contains_point(p))
        };
        if let Some(p) = inside(self, other).or_else(|| inside(other, self)) {
            return ClosestPoints {
                a: p,
                b: p,
                distance: 0.0,
            };
        }
        found.unwrap_or(ClosestPoints::NONE)
    }
}

/// The closest points of the nearest pair of the meshes' triangles with an area, searched in
/// coordinates times `2ᵏ` for meshes so far from 1 that squared distances over- or underflow
/// (see `bvh/nearest.rs`), scaled back.
#[cold]
#[inline(never)]
fn nearest_pair_rescaled(a: &TriMesh, b: &TriMesh, m: Real) -> Option<ClosestPoints> {
    // `m` is 0 for meshes of points at the origin: nothing to scale.
    let k = if m > 0.0 { normalizing_exponent(m) } else { 0 };
    nearest_pair(a, b, Pow2(k)).map(|cp| cp.unscaled(k))
}

/// The closest points of the nearest pair of the meshes' triangles with an area, in the
/// coordinates of `s`; `None` where a mesh has no such triangle.
#[inline]
fn nearest_pair(a: &TriMesh, b: &TriMesh, s: impl Scaling) -> Option<ClosestPoints> {
    let (a, b) = (&a.bvh, &b.bvh);
    let triangle = |bvh: &crate::bvh::Bvh, slot: u32| {
        let [p, q, r] = bvh.tri(slot);
        Triangle::new(s.vec(p), s.vec(q), s.vec(r))
    };
    let nearest = a.nearest_pair(b, s, |sa, sb, best| {
        if a.degenerate[sa as usize] || b.degenerate[sb as usize] {
            return Real::INFINITY;
        }
        let (ta, tb) = (triangle(a, sa), triangle(b, sb));
        let boxes = |t: &Triangle| (t.a.min(t.b).min(t.c), t.a.max(t.b).max(t.c));
        if box_gap(boxes(&ta), boxes(&tb)) > best * NEAR_TIE {
            return Real::INFINITY;
        }
        squared(ta.distance(&tb))
    });
    nearest
        .filter(|&(_, _, d2)| d2.is_finite())
        .map(|(sa, sb, _)| triangle(a, sa).closest_points(&triangle(b, sb)))
}
