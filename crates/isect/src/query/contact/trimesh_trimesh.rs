//! `Contact` between two [`TriMesh`]es and [`TriMesh::mesh_contacts`] (every pair of triangles
//! within a margin), with internal edges removed on both meshes. The second mesh may be placed
//! rigidly in the first's frame (the scene's instances): its triangles are moved one at a time,
//! the mesh is never copied.
//!
//! Both BVHs are traversed together (`query/algo/mesh_pair.rs`); each pair of triangles whose
//! boxes come within the margin gets the triangle–triangle contact, or across a gap the closest
//! points. The internal-edge rule of the shape–mesh contacts (`trimesh.rs`) is then applied from
//! both sides, each triangle judged with the other as the shape: on the second mesh's triangle
//! with the contact's normal, on the first's with the normal reversed. A pair either side drops
//! (a crease bending towards the other triangle: the neighbour across reports it) gives nothing.
//! A normal from an inactive edge or corner of one side becomes that side's face normal with the
//! other triangle's depth below its plane, even when the other side judged its own face (a cube's
//! side face grazing a flat floor's internal edge is the cube's bottom edge resting on the floor:
//! the floor's normal, never the side's). When both sides' normals come from inactive features,
//! the shallower correction wins (then the one nearer the raw normal, then the second mesh's).
//! Otherwise a normal from a face takes that face's corrected depth, and two active features
//! keep the pair's own contact.
//!
//! A solid mesh also holds its inside: a connected piece of the other mesh touching no triangle
//! lies wholly inside or wholly outside, decided by one of its vertices as `Intersects<TriMesh>`
//! does; a piece inside is pushed out through the nearest triangle, as a shape wholly inside a
//! solid mesh is.

use crate::math::{Real, Vec3};
use crate::query::algo::internal_edges::{Judged, judge};
use crate::query::algo::mesh_pair::{Rigid, placed_pairs};
use crate::query::{Contact, ContactInfo, Distance, MeshPairContact, PointQuery};
use crate::shape::{TriMesh, Triangle};

/// Triangle `i` of `mesh` placed by `place`.
#[inline]
fn placed_triangle(mesh: &TriMesh, i: u32, place: Option<&Rigid>) -> Triangle {
    let t = mesh.triangle(i);
    match place {
        Some(p) => Triangle::new(p.apply(t.a), p.apply(t.b), p.apply(t.c)),
        None => t,
    }
}

/// The contact of triangle `ia` of `a` (`ta`) with triangle `ib` of `b` (`tb`, both in `a`'s
/// frame), normal from `tb` towards `ta`, internal edges removed on both; `None` for a
/// degenerate triangle and beyond `margin`. `sides` are the centers of `a`'s and `b`'s boxes.
fn pair_contact(
    a: &TriMesh,
    (ia, ta): (u32, &Triangle),
    b: &TriMesh,
    (ib, tb): (u32, &Triangle),
    margin: Real,
    (a_side, b_side): (Vec3, Vec3),
) -> Option<MeshPairContact> {
    let na = ta.normal()?;
    let nb = tb.normal()?;
    let raw = match ta.contact(tb) {
        Some(c) => c,
        None => {
            let cp = ta.closest_points(tb);
            if !(margin > 0.0 && cp.distance <= margin) {
                return None;
            }
            let normal = if cp.distance > 0.0 {
                (cp.a - cp.b) / cp.distance
            } else {
                nb
            };
            ContactInfo {
                point: cp.b,
                normal,
                depth: -cp.distance,
            }
        }
    };
    // The second mesh's triangle with the first's as the shape, and the other way round; each
    // side of a surface mesh's face by the other triangle's center, or the other mesh's.
    let judge_b = |n: Vec3| {
        let c = ContactInfo { normal: n, ..raw };
        judge(b, ib, tb, nb, &c, ta, Some(a_side))
    };
    let judge_a = |n: Vec3| {
        let c = ContactInfo { normal: -n, ..raw };
        match judge(a, ia, ta, na, &c, tb, Some(b_side)) {
            Judged::Face(n, d, inactive) => Judged::Face(-n, d, inactive),
            Judged::Inward(n, d) => Judged::Inward(-n, d),
            j => j,
        }
    };
    // A solid's face the pair's normal pushes into is not where the other triangle came in:
    // unlike a convex shape, a triangle of another mesh reaching past the face's plane may
    // lie beside the face (touching its border) or cross it far from its own middle, and
    // the solid's other faces meet it there; the normal stays unless the other side turns it.
    let keep_inward = |j: Judged| match j {
        Judged::Inward(..) => Judged::Keep,
        j => j,
    };
    let judge_a = |n: Vec3| keep_inward(judge_a(n));
    let judge_b = |n: Vec3| keep_inward(judge_b(n));
    let (mut on_a, mut on_b) = (judge_a(raw.normal), judge_b(raw.normal));
    // A face normal turned against the pair's own (the face's side, or a solid's outside): the
    // other triangle's feature is the one along the turned normal.
    if let Judged::Face(n, _, _) = on_b {
        if n.dot(raw.normal) < 0.0 {
            on_a = judge_a(n);
        }
    } else if let Judged::Face(n, _, _) = on_a {
        if n.dot(raw.normal) < 0.0 {
            on_b = judge_b(n);
        }
    }
    let (normal, depth) = match (on_a, on_b) {
        (Judged::Drop, _) | (_, Judged::Drop) => return None,
        (Judged::Face(n, d, p), Judged::Face(m, e, q)) => {
            // Two faces: the shallower push, then the one replacing an inactive feature's
            // normal, then a solid's outside (a surface's side is a guess), then the one
            // nearer the pair's own normal.
            let (x, y) = (n.dot(raw.normal), m.dot(raw.normal));
            let a_first = d < e
                || d == e
                    && (p && !q || p == q && (a.solid && !b.solid || a.solid == b.solid && x > y));
            if a_first { (n, d) } else { (m, e) }
        }
        (Judged::Face(n, d, _), Judged::Keep) | (Judged::Keep, Judged::Face(n, d, _)) => (n, d),
        (Judged::Keep, Judged::Keep) => (raw.normal, raw.depth),
        (Judged::Inward(..), _) | (_, Judged::Inward(..)) => unreachable!("kept"),
    };
    // Triangles that touch (by the exact test) are never apart after the correction: a depth
    // below the plane that rounds below 0 is 0.
    // A pair across a gap is as far apart as its closest points.
    let depth = if raw.depth >= 0.0 {
        depth.max(0.0)
    } else {
        depth.min(raw.depth)
    };
    (depth >= -margin).then_some(MeshPairContact {
        triangle: ia,
        other_triangle: ib,
        point: raw.point,
        normal,
        depth,
    })
}

/// The center of `mesh`'s box, placed by `place`.
fn mesh_center(mesh: &TriMesh, place: Option<&Rigid>) -> Vec3 {
    let b = crate::query::Bounded::aabb(mesh);
    let c = (b.min + b.max) * 0.5;
    place.map_or(c, |r| r.apply(c))
}

/// Every pair contact of `a` with `b` (placed by `place` in `a`'s frame) within `margin`, in
/// `a`'s frame (see [`TriMesh::mesh_contacts`]).
pub(crate) fn pair_contacts(
    a: &TriMesh,
    b: &TriMesh,
    place: Option<&Rigid>,
    margin: Real,
    mut f: impl FnMut(MeshPairContact),
) {
    if !(margin >= 0.0 && margin.is_finite()) {
        return;
    }
    let pad = Vec3::splat(margin);
    let sides = (mesh_center(a, None), mesh_center(b, place));
    placed_pairs(&a.bvh, &b.bvh, place, margin, |sa, sb| {
        if a.bvh.degenerate[sa as usize] || b.bvh.degenerate[sb as usize] {
            return false;
        }
        let (ia, ib) = (a.bvh.order[sa as usize], b.bvh.order[sb as usize]);
        let ta = a.triangle(ia);
        let tb = placed_triangle(b, ib, place);
        let (alo, ahi) = (
            ta.a.min(ta.b).min(ta.c) - pad,
            ta.a.max(ta.b).max(ta.c) + pad,
        );
        let (blo, bhi) = (tb.a.min(tb.b).min(tb.c), tb.a.max(tb.b).max(tb.c));
        if alo.cmple(bhi).all() && blo.cmple(ahi).all() {
            if let Some(c) = pair_contact(a, (ia, &ta), b, (ib, &tb), margin, sides) {
                f(c);
            }
        }
        false
    });
}

/// Whether the pair contact `c` wins over `e` as the deepest: deeper, or as deep with the lower
/// pair of triangle indices.
pub(crate) fn deeper(c: &MeshPairContact, e: &MeshPairContact) -> bool {
    c.depth > e.depth
        || (c.depth == e.depth && (c.triangle, c.other_triangle) < (e.triangle, e.other_triangle))
}

/// The deepest contact of `a` with `b` (placed by `place` in `a`'s frame), in `a`'s frame: the
/// deepest pair contact (the lowest pair of indices on a tie), or for a piece of one mesh
/// wholly inside the other, solid, one the way out of it.
pub(crate) fn deepest_pair_contact(
    a: &TriMesh,
    b: &TriMesh,
    place: Option<&Rigid>,
) -> Option<ContactInfo> {
    let mut best: Option<MeshPairContact> = None;
    pair_contacts(a, b, place, 0.0, |c| {
        if c.depth >= 0.0 && best.is_none_or(|e| deeper(&c, &e)) {
            best = Some(c);
        }
    });
    if let Some(c) = best {
        return Some(ContactInfo {
            point: c.point,
            normal: c.normal,
            depth: c.depth,
        });
    }
    // No triangles touch: each connected piece lies wholly inside or wholly outside the other
    // mesh, decided by one of its vertices.
    let back = place.map(Rigid::inverse);
    let to_a = |p: Vec3| place.map_or(p, |r| r.apply(p));
    let to_b = |p: Vec3| back.as_ref().map_or(p, |r| r.apply(p));
    if a.solid
        && b.component_points()
            .into_iter()
            .any(|p| a.contains_point(to_a(p)))
    {
        // `b` moves out of `a`: `a` moves the other way.
        let (point, out, depth) = way_out(a, b, place)?;
        return Some(ContactInfo {
            point,
            normal: -out,
            depth,
        });
    }
    if b.solid
        && a.component_points()
            .into_iter()
            .any(|p| b.contains_point(to_b(p)))
    {
        let (point, out, depth) = way_out(b, a, back.as_ref())?;
        return Some(ContactInfo {
            point: to_a(point),
            normal: place.map_or(out, |r| r.rot * out),
            depth,
        });
    }
    None
}

/// The way `inner` (placed by `place` in `outer`'s frame), lying inside the solid `outer` and
/// touching none of its triangles, leaves it: towards the triangle of `outer` nearest to any of
/// `inner`'s triangles, deep enough to carry every vertex of `inner` past that triangle's closest
/// point. `(point on outer, unit direction, depth)` in `outer`'s frame.
fn way_out(outer: &TriMesh, inner: &TriMesh, place: Option<&Rigid>) -> Option<(Vec3, Vec3, Real)> {
    let mut best: Option<(Real, u32, Vec3, Vec3)> = None;
    for i in 0..inner.triangle_count() as u32 {
        let t = placed_triangle(inner, i, place);
        if t.normal().is_none() {
            continue;
        }
        if let Some((d, j, on_inner, on_outer)) = outer.nearest_triangle(&t) {
            if best.is_none_or(|(e, _, _, _)| d < e) {
                best = Some((d, j, on_inner, on_outer));
            }
        }
    }
    let (_, i, on_inner, on_outer) = best?;
    let (out, level) = outer.way_out_direction(i, on_inner, on_outer)?;
    let lowest = inner
        .vertices()
        .iter()
        .map(|&p| out.dot(place.map_or(p, |r| r.apply(p))))
        .fold(Real::INFINITY, Real::min);
    Some((on_outer, out, level - lowest))
}

impl TriMesh {
    /// Calls `f` with the contact of every pair of triangles, one of this mesh and one of
    /// `other`, that touch or come within `margin` of each other (`depth < 0` is a gap): both
    /// triangles' indices, a point, the normal from `other`'s triangle towards this one's and
    /// the depth that clears the pair, in no particular order. Internal edges are removed on
    /// both meshes, as [`TriMesh::contacts`] removes them for a shape: a normal from an edge or
    /// corner shared with neighbours that continue the surface flat becomes the face normal
    /// (with the other triangle's depth below the face's plane), and a pair touching inside a
    /// crease that bends towards the other mesh gives nothing (the neighbour across reports
    /// it). So a mesh resting on a flat mesh meets only the flat mesh's face normal, over
    /// shared edges and corners too. Face normals of a solid mesh ([`TriMesh::is_solid`]) point
    /// out of it. Touching gives depth 0; degenerate triangles are not part of a mesh. A piece
    /// of one mesh wholly inside a solid other touches no triangle and is not reported here
    /// (`Contact<TriMesh>` pushes it out). Nothing for a negative, infinite or NaN margin.
    ///
    /// ```
    /// use isect::{TriMesh, glam::Vec3};
    /// // A flat square of two triangles, and a smaller one lying on it, turned by 90°.
    /// let square = |h: f32, s: f32| {
    ///     TriMesh::new(
    ///         vec![
    ///             Vec3::new(-s, h, -s),
    ///             Vec3::new(s, h, -s),
    ///             Vec3::new(s, h, s),
    ///             Vec3::new(-s, h, s),
    ///         ],
    ///         vec![[0, 2, 1], [0, 3, 2]],
    ///     )
    ///     .unwrap()
    /// };
    /// let (floor, tile) = (square(0.0, 2.0), square(0.0, 1.0));
    /// let mut seen = Vec::new();
    /// tile.mesh_contacts(&floor, 0.0, |c| seen.push(c));
    /// assert!(!seen.is_empty());
    /// assert!(seen.iter().all(|c| c.normal.x == 0.0 && c.normal.z == 0.0 && c.depth == 0.0));
    /// ```
    pub fn mesh_contacts(&self, other: &TriMesh, margin: Real, f: impl FnMut(MeshPairContact)) {
        pair_contacts(self, other, None, margin, f);
    }
}

impl Contact<TriMesh> for TriMesh {
    /// The deepest of the contacts [`TriMesh::mesh_contacts`] reports within margin 0
    /// (internal edges removed on both meshes), the lowest pair of triangle indices on a tie;
    /// normal from `other` towards `self`, touching gives depth 0. A connected piece of one
    /// mesh wholly inside the other, solid ([`TriMesh::is_solid`]), touching no triangle, is
    /// pushed out towards the nearest triangle of the solid, deep enough to carry every vertex
    /// of the inner mesh past the closest point. `None` when apart.
    ///
    /// ```
    /// use isect::{Contact, TriMesh, glam::Vec3};
    /// // A unit cube (solid) and a flat square wholly inside it, 0.125 below its top face.
    /// let v = |x: f32, y: f32, z: f32| Vec3::new(x, y, z);
    /// let cube = TriMesh::new(
    ///     vec![v(0., 0., 0.), v(1., 0., 0.), v(1., 1., 0.), v(0., 1., 0.),
    ///          v(0., 0., 1.), v(1., 0., 1.), v(1., 1., 1.), v(0., 1., 1.)],
    ///     vec![[0, 2, 1], [0, 3, 2], [4, 5, 6], [4, 6, 7], [0, 1, 5], [0, 5, 4],
    ///          [2, 3, 7], [2, 7, 6], [1, 2, 6], [1, 6, 5], [0, 4, 7], [0, 7, 3]],
    /// )
    /// .unwrap();
    /// assert!(cube.is_solid());
    /// let tile = TriMesh::new(
    ///     vec![v(0.25, 0.875, 0.25), v(0.75, 0.875, 0.25), v(0.75, 0.875, 0.75), v(0.25, 0.875, 0.75)],
    ///     vec![[0, 2, 1], [0, 3, 2]],
    /// )
    /// .unwrap();
    /// let c = tile.contact(&cube).unwrap();
    /// // Up through the top face (its normal, exactly), by the tile's depth below it.
    /// assert_eq!((c.normal, c.depth), (Vec3::Y, 0.125));
    /// ```
    fn contact(&self, other: &TriMesh) -> Option<ContactInfo> {
        deepest_pair_contact(self, other, None)
    }
}
