//! Ray casts against a triangle: watertight by default (Woop, Benthin and Wald, "Watertight
//! Ray/Triangle Intersection", *Journal of Computer Graphics Techniques* 2(1), 2013), with
//! Möller–Trumbore ("Fast, Minimum Storage Ray/Triangle Intersection", *Journal of Graphics
//! Tools* 2(1), 1997) as the fast alternative, and one-sided (back-face culled) variants.
//!
//! The watertight test shears space so that the ray becomes the `+z` axis through the origin
//! and evaluates the 2D edge functions `U, V, W` of the projected corners there. An edge's
//! function depends only on its two corners and the ray, and swapping the corners negates it
//! exactly, so two triangles sharing an edge classify a ray through it consistently: a ray
//! through a shared edge or vertex of a closed mesh hits one of the triangles (both, on the
//! edge itself, where the closed triangles meet). When an edge function rounds to 0 in `f32`,
//! it is recomputed in `f64` (products of two `f32` are exact there), as the paper does; the
//! `f64` build has no wider type and keeps its value. A ray in the triangle's plane (`U + V +
//! W = 0`) is clipped against the three edges in that plane instead, and a triangle without
//! area answers as the segment it is.

mod grazing;
mod plane;
mod watertight;

use crate::math::{Real, Vec3};
use crate::query::algo::scale::rescale;
use crate::query::algo::scale::settled;
use crate::query::raycast::{cast_valid, checked};
use crate::query::{RayCast, RayHit, TriangleHit};
use crate::shape::{Ray, Triangle};

pub(crate) use grazing::grazing_unscaled;
pub(crate) use plane::FLAT_SINE_SQUARED;
use plane::{clamped_weights, face_normal, facing_normal, in_plane};
pub(crate) use plane::{linear_meets_triangle, steady_barycentric};
#[cfg(all(feature = "alloc", not(isect_f64)))]
pub(crate) use watertight::edge_function;
use watertight::watertight;
pub(crate) use watertight::{Sheared, Verdict};
#[cfg(feature = "alloc")]
pub(crate) use watertight::{shear, shear_rescaled};

impl Triangle {
    /// The watertight cast, and the normal it used (see [`face_normal`]; `n` where the
    /// triangle is flat); `n` is the triangle's `scaled_normal`, formed once by the caller for
    /// the flatness test, the grazing test, the steady barycentric coordinates and the hit's
    /// normal. Inlined into each cast (the call's saving and restoring cost more than a short
    /// cast's tests).
    #[inline(always)]
    fn cast_watertight(
        &self,
        n: Vec3,
        ray: &Ray,
        max_t: Real,
        front_only: bool,
    ) -> Option<(TriangleHit, Vec3)> {
        let hit = self.cast_unchecked(n, ray, max_t, front_only);
        checked(hit, || cast_valid(ray, max_t, [self.a, self.b, self.c], []))
    }

    /// [`Triangle::cast_watertight`] before the validity check (which it makes on hits only).
    #[inline(always)]
    fn cast_unchecked(
        &self,
        n: Vec3,
        ray: &Ray,
        max_t: Real,
        front_only: bool,
    ) -> Option<(TriangleHit, Vec3)> {
        let sheared = watertight(self, ray.origin, ray.dir);
        // A triangle without area has no front: a one-sided cast never hits it.
        let face = face_normal(self, n);
        let verdict = match face {
            Some(n) => sheared.verdict_normal(0.0, max_t, front_only, ray.dir, || n),
            None => Verdict::InPlane,
        };
        let n = face.unwrap_or(n);
        match verdict {
            Verdict::Crossing => Some((
                steady_barycentric(self.vertices(), n, ray.origin, ray.dir, sheared.hit()),
                n,
            )),
            // A one-sided cast never hits a ray in the plane.
            Verdict::InPlane if front_only => None,
            Verdict::InPlane => {
                let (t, weights) = in_plane(self, ray.origin, ray.dir, (0.0, max_t), false)?;
                // A triangle without area has its point's weights from the segment it is
                // (issue 24: they were the first corner's, and so was the hit point).
                let [u, v] = weights
                    .or_else(|| clamped_weights(self, ray.point_at(t)))
                    .unwrap_or([0.0, 0.0]);
                Some((TriangleHit { t, u, v }, n))
            }
            Verdict::Miss => None,
        }
    }

    /// The hit as a [`RayHit`]; `n` is the triangle's `scaled_normal`.
    #[inline(always)]
    fn ray_hit(&self, n: Vec3, ray: &Ray, hit: TriangleHit) -> RayHit {
        let point = if hit.t == 0.0 {
            ray.origin
        } else {
            self.a + (self.b - self.a) * hit.u + (self.c - self.a) * hit.v
        };
        RayHit {
            t: hit.t,
            point,
            normal: facing_normal(n, ray.dir),
        }
    }

    /// The watertight cast with the hit in barycentric coordinates: the hit point is `a + u (b −
    /// a) + v (c − a)`, and `u`, `v`, `1 − u − v` are in `[0, 1]`. Two-sided; edges and corners
    /// included, so a ray through a shared edge or vertex of a closed mesh never slips between
    /// its triangles. A ray lying in the triangle's plane (within rounding: `|n · d| <= 64 ε |n|
    /// |d|`) hits where it enters the triangle; a triangle without area answers as the segment
    /// it is (with `u`, `v` of its point on that segment).
    /// `None` for a miss and for invalid input.
    ///
    /// A ray that starts on the triangle and leaves its plane hits at `t = 0` only if rounding
    /// puts the origin on the plane or on the side the ray comes from; an origin within
    /// rounding of the plane may miss (a known limit; [`crate::TriMesh`] uses the same test).
    ///
    /// ```
    /// use isect::{Ray, Triangle, math::Vec3};
    /// let tri = Triangle::new(Vec3::ZERO, Vec3::X, Vec3::Y);
    /// let ray = Ray::new(Vec3::new(0.25, 0.5, 1.0), -Vec3::Z);
    /// let hit = tri.raycast_barycentric(&ray, 10.0).unwrap();
    /// assert_eq!((hit.t, hit.u, hit.v), (1.0, 0.25, 0.5));
    /// ```
    #[must_use]
    pub fn raycast_barycentric(&self, ray: &Ray, max_t: Real) -> Option<TriangleHit> {
        rescale!(cast self, ray, max_t, raycast_barycentric);
        self.cast_watertight(self.scaled_normal(), ray, max_t, false)
            .map(|(hit, _)| hit)
    }

    /// [`Triangle::raycast_barycentric`], one-sided: only rays that reach the front face (from
    /// where `a`, `b`, `c` run counter-clockwise, `dir · normal < 0`) hit; rays in the plane
    /// never do.
    #[must_use]
    pub fn raycast_barycentric_front(&self, ray: &Ray, max_t: Real) -> Option<TriangleHit> {
        rescale!(cast self, ray, max_t, raycast_barycentric_front);
        self.cast_watertight(self.scaled_normal(), ray, max_t, true)
            .map(|(hit, _)| hit)
    }

    /// The watertight cast, one-sided (back-face culled): a hit only through the front face,
    /// normal the front normal. See [`Triangle::raycast_barycentric_front`].
    #[must_use]
    pub fn raycast_front(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        rescale!(cast self, ray, max_t, raycast_front);
        let (hit, n) = self.cast_watertight(self.scaled_normal(), ray, max_t, true)?;
        settled(
            self,
            Some(self.ray_hit(n, ray, hit)),
            ray,
            max_t,
            Self::raycast_front,
        )
    }

    fn cast_moller_trumbore(
        &self,
        ray: &Ray,
        max_t: Real,
        front_only: bool,
    ) -> Option<TriangleHit> {
        let hit = (|| -> Option<TriangleHit> {
            let e1 = self.b - self.a;
            let e2 = self.c - self.a;
            let p = ray.dir.cross(e2);
            let det = e1.dot(p);
            if front_only && !(det > 0.0) || det == 0.0 {
                return None;
            }
            let inv = 1.0 / det;
            let s = ray.origin - self.a;
            let u = s.dot(p) * inv;
            if !(0.0..=1.0).contains(&u) {
                return None;
            }
            let q = s.cross(e1);
            let v = ray.dir.dot(q) * inv;
            if !(v >= 0.0 && u + v <= 1.0) {
                return None;
            }
            let t = e2.dot(q) * inv;
            (t >= 0.0 && t <= max_t).then_some(TriangleHit { t, u, v })
        })();
        checked(hit, || cast_valid(ray, max_t, [self.a, self.b, self.c], []))
    }

    /// Möller–Trumbore: the fast alternative to [`Triangle::raycast_barycentric`], two-sided,
    /// same result type. Not watertight: rounding can let a ray through a shared edge or vertex
    /// of a mesh miss both triangles, and a ray in the triangle's plane or a triangle without
    /// area never hits.
    #[must_use]
    pub fn raycast_moller_trumbore(&self, ray: &Ray, max_t: Real) -> Option<TriangleHit> {
        self.cast_moller_trumbore(ray, max_t, false)
    }

    /// [`Triangle::raycast_moller_trumbore`], one-sided (back-face culled, as
    /// [`Triangle::raycast_barycentric_front`]).
    #[must_use]
    pub fn raycast_moller_trumbore_front(&self, ray: &Ray, max_t: Real) -> Option<TriangleHit> {
        self.cast_moller_trumbore(ray, max_t, true)
    }
}

impl RayCast for Triangle {
    /// The watertight cast ([`Triangle::raycast_barycentric`]), two-sided: the normal faces the
    /// side the ray comes from (against the ray for a triangle without area). `None` for a miss
    /// and for invalid input.
    #[inline(always)]
    fn raycast(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        rescale!(cast self, ray, max_t, raycast);
        // The cast itself, not `raycast_barycentric`, whose own rescaling check would repeat
        // this one.
        let (hit, n) = self.cast_watertight(self.scaled_normal(), ray, max_t, false)?;
        settled(
            self,
            Some(self.ray_hit(n, ray, hit)),
            ray,
            max_t,
            Self::raycast,
        )
    }

    /// The same as [`RayCast::raycast`]: a triangle has no inside.
    #[inline]
    fn raycast_surface(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        self.raycast(ray, max_t)
    }

    /// The watertight test without the division.
    #[inline]
    fn raycast_any(&self, ray: &Ray, max_t: Real) -> bool {
        rescale!(cast_any self, ray, max_t);
        let any = if let Some(n) = face_normal(self, self.scaled_normal()) {
            match watertight(self, ray.origin, ray.dir).verdict_normal(
                0.0,
                max_t,
                false,
                ray.dir,
                || n,
            ) {
                Verdict::Crossing => true,
                Verdict::InPlane => {
                    in_plane(self, ray.origin, ray.dir, (0.0, max_t), false).is_some()
                }
                Verdict::Miss => false,
            }
        } else {
            in_plane(self, ray.origin, ray.dir, (0.0, max_t), false).is_some()
        };
        any && cast_valid(ray, max_t, [self.a, self.b, self.c], [])
    }
}
