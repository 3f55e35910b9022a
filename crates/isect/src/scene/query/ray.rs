//! Ray casts: the closest hit, any hit, and every hit.

use super::{ObjectId, Placed, Scene, SceneRayHit, Transform};
use crate::math::Real;
use crate::query::{RayCast, RayHit};
use crate::shape::Ray;

impl Placed {
    fn raycast(&self, ray: &Ray, max_t: Real) -> Option<(RayHit, Option<u32>)> {
        match self {
            Self::Sphere(o) => o.raycast(ray, max_t).map(|h| (h, None)),
            Self::Obb(o) => o.raycast(ray, max_t).map(|h| (h, None)),
            Self::Capsule(o) => o.raycast(ray, max_t).map(|h| (h, None)),
            Self::Triangle(o) => o.raycast(ray, max_t).map(|h| (h, None)),
            Self::Hull(h, f) => h
                .raycast(&ray.transform(&f.inverse), max_t)
                .map(|h| (h.transform(&f.pose), None)),
            Self::Mesh(m, f) => {
                let local = ray.transform(&f.inverse);
                let surface = m.raycast_triangle(&local, max_t);
                let (hit, triangle) = match surface {
                    // The first triangle within `max_t` is the first of the whole ray, so the
                    // solid cast to `max_t` decides inside-ness from it.
                    Some(s) if m.is_solid() => {
                        let solid = RayCast::raycast(&**m, &local, max_t)?;
                        (solid, (solid.t == s.t).then_some(s.triangle))
                    }
                    Some(s) => {
                        let hit = RayHit {
                            t: s.t,
                            point: local.point_at(s.t),
                            normal: s.normal,
                        };
                        (hit, Some(s.triangle))
                    }
                    // No triangle within `max_t`, but the ray may start inside a solid mesh
                    // and leave it farther on: a hit at `t = 0` on no triangle.
                    None if m.is_solid() => (RayCast::raycast(&**m, &local, max_t)?, None),
                    None => return None,
                };
                Some((hit.transform(&f.pose), triangle))
            }
            Self::Segment(o) => o.raycast(ray, max_t).map(|h| (h, None)),
            Self::Frustum(o) => o.raycast(ray, max_t).map(|h| (h, None)),
            Self::Plane(o) => o.raycast(ray, max_t).map(|h| (h, None)),
            // No primitive cast: lines and rays are not ray-cast targets.
            Self::Line(_) | Self::Ray(_) => None,
        }
    }
}

impl<T> Scene<T> {
    /// The nearest object the ray hits within `t` in `[0, max_t]`: the least `t` (an object
    /// the ray starts in or on is hit at `t = 0`; touching counts), with the point, the
    /// normal and for a mesh the triangle (see [`SceneRayHit`]). Among objects hit at the same
    /// `t`, any one. `None` when the ray hits nothing, and for an invalid ray or `max_t`.
    /// Line and ray objects are never hit (no primitive cast against them); the unbounded
    /// side list is cast against first, one by one.
    ///
    /// A segment object is hit as [`Segment::raycast`](crate::Segment) says, within its on-set
    /// tolerance, for rays from up to about 500 segment lengths away (tested). That tolerance
    /// counts the ray's origin (64 ulps of the ray's distance to the segment), so from much
    /// farther the segment's own cast may accept a ray that passes outside the segment's
    /// padded box, which the scene then does not report; it never reports a ray the segment's
    /// cast rejects.
    ///
    /// ```
    /// use isect::scene::{Geometry, Pose, Scene};
    /// use isect::{Ray, Sphere, math::Vec3};
    /// let mut scene = Scene::new();
    /// let near = scene.insert(Geometry::Sphere(Sphere::new(Vec3::ZERO, 1.0)), Pose::from_translation(Vec3::new(3.0, 0.0, 0.0)), ());
    /// scene.insert(Geometry::Sphere(Sphere::new(Vec3::ZERO, 1.0)), Pose::from_translation(Vec3::new(6.0, 0.0, 0.0)), ());
    /// let hit = scene.raycast(&Ray::new(Vec3::ZERO, Vec3::X), 100.0).unwrap();
    /// assert_eq!((hit.object, hit.t, hit.normal), (near, 2.0, -Vec3::X));
    /// ```
    #[must_use]
    pub fn raycast(&self, ray: &Ray, max_t: Real) -> Option<SceneRayHit> {
        let mut best: Option<SceneRayHit> = None;
        for (proxy, o) in self.side() {
            let limit = best.map_or(max_t, |b| b.t);
            if let Some((hit, triangle)) = o.raycast(ray, limit) {
                if best.is_none_or(|b| hit.t < b.t) {
                    best = Some(ray_hit(proxy, hit, triangle));
                }
            }
        }
        let reach = best.map_or(max_t, |b| b.t);
        self.broad.raycast(ray, reach, |proxy, _| {
            let limit = best.map_or(max_t, |b| b.t);
            let (hit, triangle) = self.placed(proxy).raycast(ray, limit)?;
            if best.is_some_and(|b| b.t <= hit.t) {
                return None;
            }
            best = Some(ray_hit(proxy, hit, triangle));
            Some(hit.t)
        });
        best
    }

    /// Some object the ray hits within `[0, max_t]` (the first found, not the nearest: a
    /// shadow ray's question), with its hit as in [`raycast`](Self::raycast). `None` exactly
    /// when [`raycast`](Self::raycast) is `None`.
    ///
    /// ```
    /// use isect::scene::{Geometry, Pose, Scene};
    /// use isect::{Aabb, Ray, math::Vec3};
    /// let mut scene = Scene::new();
    /// scene.insert(Geometry::Aabb(Aabb::new(Vec3::ZERO, Vec3::ONE)), Pose::IDENTITY, ());
    /// // Grazing the face y = 1 counts.
    /// let ray = Ray::new(Vec3::new(-1.0, 1.0, 0.5), Vec3::X);
    /// assert!(scene.raycast_any(&ray, 10.0).is_some());
    /// assert!(scene.raycast_any(&ray, 0.5).is_none());
    /// ```
    #[must_use]
    pub fn raycast_any(&self, ray: &Ray, max_t: Real) -> Option<SceneRayHit> {
        for (proxy, o) in self.side() {
            if let Some((hit, triangle)) = o.raycast(ray, max_t) {
                return Some(ray_hit(proxy, hit, triangle));
            }
        }
        let mut found = None;
        self.broad.raycast(ray, max_t, |proxy, _| {
            let (hit, triangle) = self.placed(proxy).raycast(ray, max_t)?;
            found = Some(ray_hit(proxy, hit, triangle));
            Some(-1.0)
        });
        found
    }

    /// Calls `f` with every object the ray hits within `[0, max_t]`, each with its nearest
    /// hit, roughly front to back (not sorted); `f` returns `false` to stop. Nothing for an
    /// invalid ray or `max_t`.
    ///
    /// ```
    /// use isect::scene::{Geometry, Pose, Scene};
    /// use isect::{Ray, Sphere, math::Vec3};
    /// let mut scene = Scene::new();
    /// for x in [2.0, 4.0, 6.0] {
    ///     scene.insert(Geometry::Sphere(Sphere::new(Vec3::new(x, 0.0, 0.0), 0.5)), Pose::IDENTITY, ());
    /// }
    /// let mut ts = Vec::new();
    /// scene.raycast_all(&Ray::new(Vec3::ZERO, Vec3::X), 5.0, |h| {
    ///     ts.push(h.t);
    ///     true
    /// });
    /// ts.sort_by(f32::total_cmp);
    /// assert_eq!(ts, [1.5, 3.5]);
    /// ```
    pub fn raycast_all(&self, ray: &Ray, max_t: Real, mut f: impl FnMut(SceneRayHit) -> bool) {
        let mut go = true;
        self.broad.raycast(ray, max_t, |proxy, _| {
            let (hit, triangle) = self.placed(proxy).raycast(ray, max_t)?;
            if f(ray_hit(proxy, hit, triangle)) {
                None
            } else {
                go = false;
                Some(-1.0)
            }
        });
        for (proxy, o) in self.side() {
            if !go {
                break;
            }
            if let Some((hit, triangle)) = o.raycast(ray, max_t) {
                go = f(ray_hit(proxy, hit, triangle));
            }
        }
    }
}

fn ray_hit(proxy: crate::broad::Proxy, hit: RayHit, triangle: Option<u32>) -> SceneRayHit {
    SceneRayHit {
        object: ObjectId(proxy),
        t: hit.t,
        point: hit.point,
        normal: hit.normal,
        triangle,
    }
}
