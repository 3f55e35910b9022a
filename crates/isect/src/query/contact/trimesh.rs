//! `Contact` between a [`TriMesh`] and every convex shape (both orders) and [`TriMesh::contacts`]
//! (every triangle within a margin); the manifolds against a mesh are in `trimesh_manifold.rs`.
//!
//! Each triangle's contact is the pair routine's (the shape against the triangle as a flat
//! two-sided solid) or, within the margin, the closest points. Internal edges are then removed
//! with the edge table built with the mesh (`shape/trimesh/active_edges.rs`), in the manner of
//! Jolt's active edges and Bullet's internal-edge utility: the triangle's feature the normal
//! comes from is read from the normal (the triangle's corners furthest along it: three a face,
//! two an edge, one a corner). A normal from the face, or from an edge or corner whose
//! neighbours continue the face flat, becomes the face normal, with the depth of the shape below
//! the triangle's plane; an edge or corner inside a crease that bends towards the shape gives no
//! contact at all, since the shape touches the neighbour across at the same points and the
//! neighbour's face reports them (turned into a face normal it would push sideways, for instance
//! a ball rolling on a step's top near its edge away from the riser's back). So a shape on a flat
//! mesh meets the same face normal, bit for bit, over faces, shared edges and shared corners,
//! while a step or a ridge keeps its edge normals. On a solid mesh the face normal is the
//! outward one: a shape pushed past a face is pushed back out.

use crate::math::{Real, Vec3};
use crate::query::algo::internal_edges::{Judged, judge};
use crate::query::algo::scale::normalize;
use crate::query::{Bounded, Contact, ContactInfo, MeshContact, PointQuery, mirror_contact};
use crate::shape::{Aabb, Capsule, ConvexHull, Obb, Segment, Sphere, TriMesh, Triangle};

/// Barycentric coordinates above this put a closest point clearly inside its face, far above
/// their rounding in either precision ([`TriMesh::way_out_direction`]).
const FACE_INTERIOR: Real = 1.0 / 65536.0;

/// A convex shape whose contacts with a mesh [`TriMesh::contacts`] and `Contact<TriMesh>` find:
/// [`Sphere`], [`Aabb`], [`Obb`], [`Capsule`], [`Triangle`], [`Segment`] and [`ConvexHull`]. Sealed: the mesh
/// contacts need each shape's contact and closest points with a triangle and its extent along
/// a direction.
pub trait MeshContactShape: sealed::TriangleContact {}

pub(crate) mod sealed {
    use crate::math::{Real, Vec3};
    use crate::query::{ClosestPoints, ContactInfo};
    use crate::shape::{Aabb, Triangle};

    /// What the mesh contacts need of a convex shape.
    pub trait TriangleContact {
        /// Whether the shape is valid (its `is_usable`).
        fn usable(&self) -> bool;

        /// The shape's bounding box.
        fn bounds(&self) -> Aabb;

        /// A center and the shape's half extent `r` along the unit `n` about it: it spans
        /// `n · center ± r` along `n`.
        fn extent(&self, n: Vec3) -> (Vec3, Real);

        /// The contact with `triangle` (the shape first): normal from the triangle towards the
        /// shape.
        fn touch(&self, triangle: &Triangle) -> Option<ContactInfo>;

        /// The closest points, `a` on the shape and `b` on `triangle`.
        fn closest(&self, triangle: &Triangle) -> ClosestPoints;
    }
}

/// The contact of `shape` (valid) with triangle `i` of `mesh`, internal edges removed; `None`
/// for a degenerate triangle (not part of the mesh, as for ray casts) and beyond `margin`.
fn triangle_contact<S: MeshContactShape + ?Sized>(
    mesh: &TriMesh,
    shape: &S,
    i: u32,
    margin: Real,
) -> Option<MeshContact> {
    let tri = mesh.triangle(i);
    let unit = tri.normal()?;
    let raw = match shape.touch(&tri) {
        Some(c) => c,
        None => {
            let cp = shape.closest(&tri);
            if !(margin > 0.0 && cp.distance <= margin) {
                return None;
            }
            // The gap's direction: the closest points' offset, or where the gap is below the
            // coordinates' rounding and both points round to one (also a distance of 0 that
            // the contact did not confirm), the way from the triangle's point to the shape's
            // centre. Not the face's normal: judged a face contact, it would take the shape's
            // whole extent behind the face's plane as its depth, a ball beyond a corner
            // included.
            let normal = normalize(cp.a - cp.b)
                .or_else(|| normalize(shape.extent(unit).0 - cp.b))
                .unwrap_or(unit);
            ContactInfo {
                point: cp.b,
                normal,
                depth: -cp.distance,
            }
        }
    };
    match judge(mesh, i, &tri, unit, &raw, shape, None) {
        Judged::Keep => Some(MeshContact {
            triangle: i,
            point: raw.point,
            normal: raw.normal,
            depth: raw.depth,
        }),
        Judged::Drop => None,
        Judged::Face(normal, depth, _) | Judged::Inward(normal, depth) => (depth >= -margin)
            .then_some(MeshContact {
                triangle: i,
                point: raw.point,
                normal,
                depth,
            }),
    }
}

impl TriMesh {
    /// Calls `f` with the contact of `shape` with every triangle it touches or comes within
    /// `margin` of (`depth < 0` is a gap; the triangle's index, a point, the normal from the
    /// triangle towards the shape and the depth that clears the triangle), in no particular
    /// order, with internal edges removed: an edge or corner shared with neighbours that
    /// continue the surface flat gives the triangle's face normal (and the depth of the shape
    /// below its plane) instead of its own, and one inside a crease bending towards the shape
    /// gives nothing (the neighbour across touches the shape at the same points and reports
    /// it). So a shape over a flat mesh meets only the face normal, over shared edges and
    /// corners too, while real edges (a step, a ridge) keep theirs. Against a solid mesh
    /// ([`TriMesh::is_solid`]) face normals point out of it. Touching gives depth 0; degenerate
    /// triangles are not part of the mesh. Nothing for an invalid shape or a negative or NaN
    /// margin.
    ///
    /// ```
    /// use isect::{Sphere, TriMesh, glam::Vec3};
    /// // Two triangles making a flat square; a ball resting exactly over their shared edge.
    /// let floor = TriMesh::new(
    ///     vec![
    ///         Vec3::new(-1.0, 0.0, -1.0),
    ///         Vec3::new(1.0, 0.0, -1.0),
    ///         Vec3::new(1.0, 0.0, 1.0),
    ///         Vec3::new(-1.0, 0.0, 1.0),
    ///     ],
    ///     vec![[0, 2, 1], [0, 3, 2]],
    /// )
    /// .unwrap();
    /// let ball = Sphere::new(Vec3::new(0.2, 0.5, 0.2), 0.75);
    /// let mut seen = Vec::new();
    /// floor.contacts(&ball, 0.0, |c| seen.push(c));
    /// assert_eq!(seen.len(), 2);
    /// for c in &seen {
    ///     assert_eq!(c.normal, Vec3::Y);
    ///     assert_eq!(c.depth, 0.25);
    /// }
    /// ```
    pub fn contacts<S: MeshContactShape + ?Sized>(
        &self,
        shape: &S,
        margin: Real,
        mut f: impl FnMut(MeshContact),
    ) {
        if !(shape.usable() && margin >= 0.0) {
            return;
        }
        let b = shape.bounds();
        let pad = Vec3::splat(margin);
        let mesh = self.aabb();
        let (lo, hi) = ((b.min - pad).max(mesh.min), (b.max + pad).min(mesh.max));
        if !lo.cmple(hi).all() {
            return;
        }
        self.query_aabb(&Aabb::new(lo, hi), |i| {
            if let Some(c) = triangle_contact(self, shape, i, margin) {
                f(c);
            }
        });
    }

    /// The deepest of [`TriMesh::contacts`] within margin 0, the lowest triangle index on a tie;
    /// for a shape wholly inside a solid mesh, [`TriMesh::way_out`].
    pub(crate) fn deepest_contact<S: MeshContactShape + ?Sized>(
        &self,
        shape: &S,
    ) -> Option<MeshContact> {
        let mut best: Option<MeshContact> = None;
        self.contacts(shape, 0.0, |c| {
            if c.depth >= 0.0
                && best.is_none_or(|b| {
                    c.depth > b.depth || (c.depth == b.depth && c.triangle < b.triangle)
                })
            {
                best = Some(c);
            }
        });
        if best.is_none() && self.solid && shape.usable() {
            let (inside, _) = shape.extent(Vec3::X);
            if self.contains_point(inside) {
                return self.way_out(shape);
            }
        }
        best
    }

    /// The contact of a shape (valid) lying wholly inside the solid mesh, touching no triangle:
    /// towards the nearest triangle (its closest point, the lowest index on a tie), deep enough
    /// to carry the whole shape past that point along the direction to it.
    fn way_out<S: MeshContactShape + ?Sized>(&self, shape: &S) -> Option<MeshContact> {
        let (_, i, on_shape, on_mesh) = self.nearest_triangle(shape)?;
        let (normal, level) = self.way_out_direction(i, on_shape, on_mesh)?;
        let (center, r) = shape.extent(normal);
        Some(MeshContact {
            triangle: i,
            point: on_mesh,
            normal,
            depth: level - (normal.dot(center) - r),
        })
    }

    /// The way out of this solid mesh from `inside` (a point of something wholly inside it)
    /// to `on_mesh`, the closest point to it on triangle `i`: the unit direction and the level
    /// along it that carries a point past the surface there. Where `on_mesh` lies clearly
    /// inside the face (barycentric coordinates above `2^-16`, far above their rounding), the
    /// direction is exactly the face's outward normal and the level its plane's (a corner's),
    /// which the two points give only to their rounding (a square lying parallel under a face
    /// would be pushed out a hair askew and short); on an edge or a corner, the difference
    /// normalized and `on_mesh`'s level. `None` when the two points coincide.
    pub(crate) fn way_out_direction(
        &self,
        i: u32,
        inside: Vec3,
        on_mesh: Vec3,
    ) -> Option<(Vec3, Real)> {
        let towards = (on_mesh - inside).try_normalize()?;
        let triangle = self.triangle(i);
        let face = triangle.normal().map(|n| n * self.outward);
        let interior = triangle
            .barycentric(on_mesh)
            .is_some_and(|uvw| uvw.min_element() > FACE_INTERIOR);
        match face {
            Some(n) if interior && n.dot(towards) > 0.0 => Some((n, n.dot(triangle.a))),
            _ => Some((towards, towards.dot(on_mesh))),
        }
    }

    /// The triangle (with an area) nearest to the valid `shape`, the lowest index on a tie:
    /// `(distance, index, point on the shape, point on the triangle)`. Found in boxes grown by
    /// doubling margins about the shape's: a triangle at distance `d` lies in the shape's box
    /// grown by `d`, so the nearest one within the margin is the nearest. Unlike
    /// `Distance<TriMesh>`, a solid mesh's inside does not count: the distance to its surface.
    pub(crate) fn nearest_triangle<S: MeshContactShape + ?Sized>(
        &self,
        shape: &S,
    ) -> Option<(Real, u32, Vec3, Vec3)> {
        let b = shape.bounds();
        let mesh = self.aabb();
        let mut margin = (b.max - b.min)
            .max_element()
            .max((mesh.max - mesh.min).max_element() / 1024.0);
        loop {
            let pad = Vec3::splat(margin);
            let grown = Aabb::new(b.min - pad, b.max + pad);
            let mut best: Option<(Real, u32, Vec3, Vec3)> = None;
            self.query_aabb(&grown, |i| {
                let tri = self.triangle(i);
                if tri.normal().is_none() {
                    return;
                }
                let cp = shape.closest(&tri);
                if best.is_none_or(|(d, j, _, _)| cp.distance < d || (cp.distance == d && i < j)) {
                    best = Some((cp.distance, i, cp.a, cp.b));
                }
            });
            let covers = grown.min.cmple(mesh.min).all() && grown.max.cmpge(mesh.max).all();
            match best {
                Some(found) if found.0 <= margin || covers => return Some(found),
                _ if covers || !margin.is_finite() => return None,
                _ => margin *= 2.0,
            }
        }
    }
}

/// `Contact<TriMesh>` for each shape, its mirror and its [`MeshContactShape`] marker.
macro_rules! contact_against_mesh {
    ($($shape:ty),*) => {$(
        impl sealed::TriangleContact for $shape {
            #[inline]
            fn usable(&self) -> bool {
                self.is_usable()
            }

            #[inline]
            fn bounds(&self) -> Aabb {
                self.aabb()
            }

            #[inline]
            fn extent(&self, n: Vec3) -> (Vec3, Real) {
                crate::query::algo::plane_extent::PlaneExtent::center_extent(self, n)
            }

            #[inline]
            fn touch(&self, triangle: &Triangle) -> Option<ContactInfo> {
                Contact::contact(self, triangle)
            }

            #[inline]
            fn closest(&self, triangle: &Triangle) -> crate::query::ClosestPoints {
                crate::query::Distance::closest_points(self, triangle)
            }
        }

        impl MeshContactShape for $shape {}

        impl Contact<TriMesh> for $shape {
            /// The deepest of the contacts [`TriMesh::contacts`] reports (internal edges
            /// removed), the lowest triangle index on a tie; touching gives depth 0. A shape
            /// wholly inside a solid mesh ([`TriMesh::is_solid`]), touching no triangle, is
            /// pushed towards the nearest triangle, deep enough to carry it past the closest
            /// point. `None` when apart and for an invalid shape.
            fn contact(&self, other: &TriMesh) -> Option<ContactInfo> {
                other.deepest_contact(self).map(|c| ContactInfo {
                    point: c.point,
                    normal: c.normal,
                    depth: c.depth,
                })
            }
        }
        mirror_contact!($shape, TriMesh);
    )*};
}

contact_against_mesh!(Sphere, Aabb, Obb, Capsule, Triangle, Segment, ConvexHull);
