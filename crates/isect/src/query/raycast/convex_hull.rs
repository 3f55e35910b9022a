//! Ray casts against a convex hull, by clipping the ray against the hull's face planes.
#![cfg(feature = "alloc")]

use crate::math::{Real, Vec3};
use crate::query::algo::polytope::{Clipped, clip};
use crate::query::algo::scale::rescale;
use crate::query::algo::scale::settled;
use crate::query::{RayCast, RayHit};
use crate::shape::{ConvexHull, Ray};

impl ConvexHull {
    /// The ray clipped against the face planes over `t` in `[0, max_t]`; `None` when it misses
    /// or for invalid input.
    fn clip_ray(&self, ray: &Ray, max_t: Real) -> Option<Clipped> {
        let usable = self.is_usable()
            && ray.origin.is_finite()
            && ray.dir.is_finite()
            && ray.dir != Vec3::ZERO
            && max_t >= 0.0;
        if !usable {
            return None;
        }
        clip(self.planes(), ray.origin, ray.dir, 0.0, max_t, 0.0)
    }

    /// The hit at parameter `t` through plane `plane` (its outward normal).
    fn hit(&self, ray: &Ray, t: Real, plane: usize) -> RayHit {
        RayHit {
            t,
            point: ray.origin + ray.dir * t,
            normal: self.planes()[plane].normal,
        }
    }
}

impl RayCast for ConvexHull {
    /// The first point of the hull along the ray, by clipping the ray's parameter interval
    /// against the hull's face planes (cached at construction; Cyrus–Beck, Ericson, *Real-Time
    /// Collision Detection*, §5.3.8; Haines, "Fast Ray–Convex Polyhedron Intersection",
    /// Graphics Gems II): `t` where it enters, the outward unit normal of the face it enters
    /// through. A ray starting inside (or on the boundary) hits at `t = 0` with `normal =
    /// -dir` normalized. A ray grazing a face, edge or vertex hits (closed set).
    ///
    /// Flat hulls (coplanar points) are two-sided polygons: a ray crossing their plane inside
    /// the polygon hits with the normal facing the ray; a ray in their plane enters through an
    /// edge, with that edge's outward normal in the plane. Collinear and one-point hulls are
    /// hit only by rays through them, with the normal of the bounding plane the ray enters
    /// through (see [`ConvexHull::planes`]). The planes may lie outside the exact hull by the
    /// construction tolerance (`16 ε` times the coordinates), never inside. `None` when the ray
    /// misses within `[0, max_t]` and for invalid input (non-finite values, zero direction,
    /// negative or NaN `max_t`).
    fn raycast(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        rescale!(cast self, ray, max_t, raycast);
        let clipped = self.clip_ray(ray, max_t)?;
        let hit = match clipped.enter {
            Some(plane) => self.hit(ray, clipped.lo, plane),
            None => RayHit {
                t: 0.0,
                point: ray.origin,
                normal: -ray.dir.normalize(),
            },
        };
        settled(self, Some(hit), ray, max_t, Self::raycast)
    }

    /// The first crossing of the hull's boundary: where the ray enters, as [`raycast`], or,
    /// for a ray starting inside, where it leaves, with the outward normal of that face.
    /// `None` when that crossing is beyond `max_t` or the ray misses.
    ///
    /// [`raycast`]: RayCast::raycast
    fn raycast_surface(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        rescale!(cast self, ray, max_t, raycast_surface);
        let clipped = self.clip_ray(ray, Real::INFINITY)?;
        let hit = match (clipped.enter, clipped.exit) {
            (Some(plane), _) if clipped.lo <= max_t => Some(self.hit(ray, clipped.lo, plane)),
            (None, Some(plane)) if clipped.hi <= max_t => Some(self.hit(ray, clipped.hi, plane)),
            _ => None,
        };
        settled(self, hit, ray, max_t, Self::raycast_surface)
    }
}
