//! Ray casts against an oriented box: the ray moved into the box's frame (`rotationᵀ`, which
//! keeps `t`), the slabs of the axis-aligned box `[−h, h]` there ([`super::aabb`]), and the hit
//! moved back (Ericson, *Real-Time Collision Detection*, §5.3.3).

use crate::math::{Real, Vec3, simd, simd_transpose, unsimd};
use crate::query::algo::scale::rescale;
use crate::query::algo::scale::settled;
use crate::query::raycast::aabb::{Wide, cast_boundary, slab_interval};
use crate::query::raycast::checked;
use crate::query::{RayCast, RayHit};
use crate::shape::{Obb, Ray};

impl Obb {
    /// The ray, `max_t` and the box are valid (as `cast_valid` decides): every vector below +∞
    /// in absolute value (false for NaN), half extents not negative, `dir` non-zero; as one
    /// mask in SIMD lanes rather than a chain of branches.
    #[inline(always)]
    fn cast_valid(&self, ray: &Ray, max_t: Real) -> bool {
        let r = &self.rotation;
        let inf = Wide::splat(Real::INFINITY);
        let finite = |v: Vec3| Wide::from(v).abs().cmplt(inf);
        let h = Wide::from(self.half_extents);
        let lanes = finite(self.center)
            & finite(self.half_extents)
            & finite(r.x_axis)
            & finite(r.y_axis)
            & finite(r.z_axis)
            & finite(ray.origin)
            & finite(ray.dir)
            & h.cmpge(Wide::ZERO);
        lanes.all() & Wide::from(ray.dir).cmpne(Wide::ZERO).any() & (max_t >= 0.0)
    }

    /// The ray in the box's frame: same `t` for the same point.
    #[inline]
    fn local_ray(&self, ray: &Ray) -> Ray {
        // The products with the columns in SIMD lanes (`Mat3A` in `f32`; the same bits).
        let rt = simd_transpose(self.rotation);
        Ray::new(
            unsimd(rt * (simd(ray.origin) - simd(self.center))),
            unsimd(rt * simd(ray.dir)),
        )
    }

    #[inline(always)]
    fn cast(&self, ray: &Ray, max_t: Real, surface: bool) -> Option<RayHit> {
        checked(self.cast_unchecked(ray, max_t, surface), || {
            self.cast_valid(ray, max_t)
        })
    }

    /// [`Obb::cast`] before the validity check, which only a hit needs.
    #[inline(always)]
    fn cast_unchecked(&self, ray: &Ray, max_t: Real, surface: bool) -> Option<RayHit> {
        let local = self.local_ray(ray);
        let inside = Wide::from(local.origin)
            .abs()
            .cmple(Wide::from(self.half_extents))
            .all();
        if inside && !surface {
            // The caller's ray, not the local one, gives the normal −dir.
            return Some(super::start_inside(ray));
        }
        // The inside test above is `cast_box`'s (`−h <= o <= h` is `|o| <= h`), so the
        // boundary cast takes its answer rather than deciding it again.
        let hit = cast_boundary(-self.half_extents, self.half_extents, &local, max_t, inside)?;
        Some(RayHit {
            t: hit.t,
            point: self.to_world(hit.point),
            normal: self.rotation * hit.normal,
        })
    }
}

impl RayCast for Obb {
    /// The entry point and the normal of the face entered; `t = 0` with `normal = −dir` from
    /// inside (as [`PointQuery::contains_point`](crate::PointQuery) decides it, in the box's
    /// frame). `None` for invalid input.
    #[inline]
    fn raycast(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        rescale!(cast self, ray, max_t, raycast);
        settled(self, self.cast(ray, max_t, false), ray, max_t, |s, r, m| {
            s.cast(r, m, false)
        })
    }

    /// The first point of the boundary (the exit from inside); normal outward.
    #[inline]
    fn raycast_surface(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        rescale!(cast self, ray, max_t, raycast_surface);
        settled(self, self.cast(ray, max_t, true), ray, max_t, |s, r, m| {
            s.cast(r, m, true)
        })
    }

    /// The slab test in the box's frame: no hit point, no normal.
    #[inline]
    fn raycast_any(&self, ray: &Ray, max_t: Real) -> bool {
        rescale!(cast_any self, ray, max_t);
        let local = self.local_ray(ray);
        let (t_enter, t_exit) = slab_interval(
            -self.half_extents,
            self.half_extents,
            local.origin,
            local.dir,
            0.0,
            max_t,
        );
        t_enter <= t_exit && self.cast_valid(ray, max_t)
    }
}
