//! Every object a shape overlaps, and frustum culling.

use super::{ObjectId, Placed, Scene, SceneShape, Transform};
use crate::query::Intersects;
use crate::shape::Frustum;

impl Placed {
    fn meets<S: SceneShape + ?Sized>(&self, s: &S) -> bool {
        match self {
            Self::Sphere(o) => s.intersects(o),
            Self::Obb(o) => s.intersects(o),
            Self::Capsule(o) => s.intersects(o),
            Self::Triangle(o) => s.intersects(o),
            Self::Hull(h, f) => s.transform(&f.inverse).intersects(&**h),
            Self::Mesh(m, f) => s.transform(&f.inverse).intersects(&**m),
            Self::Segment(o) => s.intersects(o),
            Self::Frustum(o) => s.intersects(o),
            Self::Plane(o) => s.intersects(o),
            Self::Line(o) => s.intersects(o),
            Self::Ray(o) => s.intersects(o),
        }
    }

    fn meets_frustum(&self, frustum: &Frustum) -> bool {
        match self {
            Self::Sphere(o) => o.intersects(frustum),
            Self::Obb(o) => o.intersects(frustum),
            Self::Capsule(o) => o.intersects(frustum),
            Self::Triangle(o) => o.intersects(frustum),
            Self::Hull(h, f) => frustum.transform(&f.inverse).intersects(&**h),
            Self::Mesh(m, f) => frustum.transform(&f.inverse).intersects(&**m),
            Self::Segment(o) => o.intersects(frustum),
            Self::Frustum(o) => o.intersects(frustum),
            Self::Plane(o) => o.intersects(frustum),
            Self::Line(o) => o.intersects(frustum),
            Self::Ray(o) => o.intersects(frustum),
        }
    }
}

impl<T> Scene<T> {
    /// Calls `f` with every object `shape` overlaps (touching counts; a solid mesh includes
    /// its inside); `f` returns `false` to stop. Nothing for an invalid shape.
    ///
    /// ```
    /// use isect::scene::{Geometry, Pose, Scene};
    /// use isect::{Sphere, math::Vec3};
    /// let mut scene = Scene::new();
    /// let a = scene.insert(Geometry::Sphere(Sphere::new(Vec3::ZERO, 1.0)), Pose::IDENTITY, ());
    /// scene.insert(Geometry::Sphere(Sphere::new(Vec3::ZERO, 1.0)), Pose::from_translation(Vec3::new(5.0, 0.0, 0.0)), ());
    /// let mut found = Vec::new();
    /// // Touches `a` at x = 1.
    /// scene.query_shape(&Sphere::new(Vec3::new(2.0, 0.0, 0.0), 1.0), |o| { found.push(o); true });
    /// assert_eq!(found, [a]);
    /// ```
    pub fn query_shape<S: SceneShape + ?Sized>(
        &self,
        shape: &S,
        mut f: impl FnMut(ObjectId) -> bool,
    ) {
        let mut go = true;
        self.broad.query_aabb(&shape.aabb(), |proxy| {
            if self.placed(proxy).meets(shape) {
                go = f(ObjectId(proxy));
            }
            go
        });
        for (proxy, o) in self.side() {
            if !go {
                break;
            }
            if o.meets(shape) {
                go = f(ObjectId(proxy));
            }
        }
    }

    /// Calls `f` with every object that meets the frustum (touching counts): frustum culling
    /// that is exact about the objects, not only their boxes. `f` returns `false` to stop.
    /// Nothing for an invalid frustum.
    ///
    /// ```
    /// use isect::scene::{Geometry, Pose, Scene};
    /// use isect::{Frustum, Plane, Sphere, math::Vec3};
    /// let mut scene = Scene::new();
    /// let seen = scene.insert(Geometry::Sphere(Sphere::new(Vec3::ZERO, 1.0)), Pose::IDENTITY, ());
    /// scene.insert(Geometry::Sphere(Sphere::new(Vec3::ZERO, 1.0)), Pose::from_translation(Vec3::new(10.0, 0.0, 0.0)), ());
    /// // The box [-2, 2]³ as a frustum (six planes, the inside where `n · x <= d`).
    /// let frustum = Frustum::new([
    ///     Plane::new(-Vec3::X, 2.0), Plane::new(Vec3::X, 2.0),
    ///     Plane::new(-Vec3::Y, 2.0), Plane::new(Vec3::Y, 2.0),
    ///     Plane::new(-Vec3::Z, 2.0), Plane::new(Vec3::Z, 2.0),
    /// ]);
    /// let mut found = Vec::new();
    /// scene.query_frustum(&frustum, |o| { found.push(o); true });
    /// assert_eq!(found, [seen]);
    /// ```
    pub fn query_frustum(&self, frustum: &Frustum, mut f: impl FnMut(ObjectId) -> bool) {
        let mut go = true;
        self.broad.query_frustum(frustum, |proxy| {
            if self.placed(proxy).meets_frustum(frustum) {
                go = f(ObjectId(proxy));
            }
            go
        });
        for (proxy, o) in self.side() {
            if !go {
                break;
            }
            if o.meets_frustum(frustum) {
                go = f(ObjectId(proxy));
            }
        }
    }
}
