//! `RayCast` for [`TriMesh`], and the mesh's own casts: the first triangle hit
//! ([`TriMesh::raycast_triangle`]), every triangle hit ([`TriMesh::raycast_all`]) and packets of
//! coherent rays for [`crate::batch`]. The traversals are [`crate::bvh::ray`]'s.

use crate::query::algo::scale::settled;
use alloc::vec::Vec;

use crate::bvh::packet::PACKET;
use crate::bvh::ray::{Crossings, PreRay};
use crate::math::Real;
use crate::query::{Bounded, MeshHit, PointQuery, RayCast, RayHit};
use crate::shape::{Ray, TriMesh};

impl TriMesh {
    /// The first triangle hit by `ray` within `max_t`, with its index, barycentric
    /// coordinates and the unit normal facing the side the ray comes from. Watertight: a ray
    /// through an edge or vertex shared by several triangles hits one of them. Among triangles
    /// hit at the same `t`, one whose front faces the ray is reported (in a solid wound inward,
    /// one whose back does: the side facing out of the solid), then the lowest index.
    /// Degenerate triangles are never hit. `None` for a miss or invalid input (NaN or infinite
    /// ray, zero direction, negative or NaN `max_t`). The reported `t` is rounded and can lie
    /// below the exact crossing, so a segment ending exactly at it (`max_t = hit.t`) may miss
    /// the hit; end such a segment a little past it.
    #[must_use]
    // Inlined so the ray's set-up and the test of the mesh's box run in the caller on the ray
    // as it has it (in registers, not stored and reloaded through the reference); the traversal
    // stays out of line (docs/performance.md, "Traversal").
    #[inline]
    pub fn raycast_triangle(&self, ray: &Ray, max_t: Real) -> Option<MeshHit> {
        let pre = PreRay::new(ray, max_t)?;
        let hit = self.bvh.closest(&pre, max_t)?;
        let hit = self.mesh_hit(ray, hit.slot, hit.hit);
        settled(self, Some(hit), ray, max_t, Self::raycast_triangle)
    }

    /// [`TriMesh::raycast_triangle`] of up to [`PACKET`] rays traced together as a packet
    /// (see `bvh/packet.rs`), into `out` (one answer per ray).
    pub(crate) fn raycast_packet(&self, rays: &[Ray], max_t: Real, out: &mut [Option<MeshHit>]) {
        debug_assert!(rays.len() <= PACKET && out.len() == rays.len());
        // The valid rays, packed, and where each came from.
        let mut pre = [PreRay::default(); PACKET];
        let mut from = [0; PACKET];
        let mut n = 0;
        for (i, ray) in rays.iter().enumerate() {
            if let Some(p) = PreRay::new(ray, max_t) {
                (pre[n], from[n]) = (p, i);
                n += 1;
            }
        }
        let mut hits = [None; PACKET];
        self.bvh.closest_packet(&pre[..n], max_t, &mut hits[..n]);
        out.fill(None);
        for (&i, hit) in from[..n].iter().zip(hits) {
            out[i] = hit.map(|h| self.mesh_hit(&rays[i], h.slot, h.hit));
        }
    }

    /// Every triangle hit by `ray` within `max_t`, sorted by `t` (then by triangle index): one
    /// entry per triangle, so a ray through a shared edge or vertex lists each triangle there.
    /// Degenerate triangles are never hit. Empty for a miss or invalid input.
    #[must_use]
    pub fn raycast_all(&self, ray: &Ray, max_t: Real) -> Vec<MeshHit> {
        let Some(pre) = PreRay::new(ray, max_t) else {
            return Vec::new();
        };
        let mut raw = Vec::new();
        self.bvh.all(&pre, max_t, &mut raw);
        let mut hits: Vec<MeshHit> = raw
            .into_iter()
            .map(|(slot, hit)| self.mesh_hit(ray, slot, hit))
            .collect();
        hits.sort_by(|a, b| a.t.total_cmp(&b.t).then(a.triangle.cmp(&b.triangle)));
        hits
    }

    fn mesh_hit(&self, ray: &Ray, slot: u32, hit: crate::query::TriangleHit) -> MeshHit {
        // Most hits keep their coordinates, known from the stored normal without the corners
        // (`Bvh::keeps_barycentric`: the same answer as the test, which the others take).
        let hit = if self.bvh.keeps_barycentric(slot, ray.dir) {
            hit
        } else {
            let [a, b, c] = self.bvh.tri(slot);
            crate::query::raycast::triangle::steady_barycentric(
                [a, b, c],
                (b - a).cross(c - a),
                ray.origin,
                ray.dir,
                hit,
            )
        };
        // `Triangle::normal`, made at build (`Bvh::normals`): a third of a hit's cost before.
        let n = self.bvh.normals[slot as usize];
        MeshHit {
            t: hit.t,
            triangle: self.bvh.order[slot as usize],
            u: hit.u,
            v: hit.v,
            normal: if n.dot(ray.dir) > 0.0 { -n } else { n },
        }
    }
}

impl RayCast for TriMesh {
    /// A solid mesh ([`TriMesh::is_solid`]): a ray starting inside hits at `t = 0` with normal
    /// `−dir` normalized, whatever `max_t` (it leaves the solid through the closed surface,
    /// perhaps beyond `max_t`); otherwise the first triangle hit
    /// ([`TriMesh::raycast_triangle`]). Inside-ness is decided by the first triangle within
    /// `max_t`: the origin is inside when that triangle faces away from it (its outer side faces
    /// along the ray: its front, or its back when the whole solid is wound inward, its signed
    /// volume negative; so inside-ness does not depend on the winding's sign), and, where the
    /// mesh has several connected pieces (a shell inside another), also when it faces the ray
    /// but the origin's signed crossing count says inside (between two nested shells). A ray
    /// whose first hit is at an edge where several triangles meet at the same `t` is judged by a
    /// triangle facing it when there is one, so a ray grazing the solid from outside is not
    /// taken for one from inside. With no triangle within `max_t`, the origin's signed crossing
    /// count decides,
    /// as for [`PointQuery::contains_point`](crate::PointQuery::contains_point) (counted along
    /// the ray itself where that is unambiguous, so the answer is `contains_point`'s).
    /// A surface mesh: the same as [`RayCast::raycast_surface`].
    #[inline]
    fn raycast(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        let pre = PreRay::new(ray, max_t)?;
        let Some(hit) = self.bvh.closest(&pre, max_t) else {
            // No triangle within `max_t`: the ray may still start inside and leave farther on.
            return self.starts_inside(&pre, ray).then(|| inside_hit(ray));
        };
        // The first triangle's facing decides for one closed shell; where the solid has several
        // pieces (shells inside shells), an entry first can still start inside: count.
        if self.solid
            && (!self.bvh.faces(&pre, hit.slot)
                || self.pieces.len() > 1 && self.starts_inside(&pre, ray))
        {
            return Some(inside_hit(ray));
        }
        let h = self.mesh_hit(ray, hit.slot, hit.hit);
        let hit = RayHit {
            t: h.t,
            point: ray.origin + ray.dir * h.t,
            normal: h.normal,
        };
        settled(self, Some(hit), ray, max_t, Self::raycast)
    }

    /// The first triangle hit, from inside as from outside: [`TriMesh::raycast_triangle`] as a
    /// [`RayHit`] (point `origin + t dir`, normal facing the ray).
    #[inline]
    fn raycast_surface(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        let hit = self.raycast_triangle(ray, max_t)?;
        let hit = RayHit {
            t: hit.t,
            point: ray.origin + ray.dir * hit.t,
            normal: hit.normal,
        };
        settled(self, Some(hit), ray, max_t, Self::raycast_surface)
    }

    /// Whether any triangle is hit within `max_t`, or, for a solid mesh, the ray starts inside
    /// (the same answer as [`RayCast::raycast`]): its own traversal, which stops at the first
    /// hit found, in no particular order, then, with none found, the origin's signed crossing
    /// count as for [`PointQuery::contains_point`](crate::PointQuery::contains_point) (counted
    /// along the ray itself where that is unambiguous).
    #[inline]
    fn raycast_any(&self, ray: &Ray, max_t: Real) -> bool {
        PreRay::new(ray, max_t)
            .is_some_and(|pre| self.bvh.any(&pre, max_t) || self.starts_inside(&pre, ray))
    }
}

impl TriMesh {
    /// Whether `ray` starts inside the solid (called where no triangle within its `max_t`, or
    /// an entry first, leaves it open): by
    /// the signed crossing count along the ray itself, as
    /// [`PointQuery::contains_point`](crate::PointQuery::contains_point) counts along its own
    /// probes (for a closed surface the count is the same in every direction where no crossing
    /// is ambiguous), and by `contains_point`'s probes where one along the ray is (through an
    /// edge, a vertex or in a triangle's plane). The ray's own direction is the cheap one: a ray
    /// leaving the solid's surface, a shadow ray's miss, crosses nothing further on and visits
    /// only the boxes along it, where a probe would often cross the whole solid. The box test
    /// first keeps rays from outside, the common miss, at one comparison. `false` for a surface
    /// mesh.
    fn starts_inside(&self, pre: &PreRay, ray: &Ray) -> bool {
        if !(self.solid && self.aabb().contains_point(ray.origin)) {
            return false;
        }
        match self.bvh.crossings(pre) {
            Crossings::OnSurface => true,
            Crossings::Count(c) => c != 0,
            Crossings::Ambiguous => self.inside_solid(ray.origin),
        }
    }
}

/// The hit of a ray that starts inside a solid mesh: at `t = 0`, normal `−dir` normalized.
fn inside_hit(ray: &Ray) -> RayHit {
    RayHit {
        t: 0.0,
        point: ray.origin,
        normal: (-ray.dir).try_normalize().unwrap_or_else(|| {
            // Tiny or huge directions: rescale before normalizing.
            let d = -ray.dir / ray.dir.abs().max_element();
            d.normalize()
        }),
    }
}
