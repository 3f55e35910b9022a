//! The first object a moving shape hits.

use super::{ObjectId, Placed, Scene, SceneShape, SceneSweepHit, Transform};
use crate::math::Vec3;
use crate::query::{Bounded, Sweep, SweepHit};
use crate::shape::{Aabb, Capsule};

impl Placed {
    fn sweep<S: SceneShape + ?Sized>(
        &self,
        s: &S,
        motion: Vec3,
    ) -> Option<(SweepHit, Option<u32>)> {
        let still = Vec3::ZERO;
        match self {
            Self::Sphere(o) => s.sweep(motion, o, still).map(|h| (h, None)),
            Self::Obb(o) => s.sweep(motion, o, still).map(|h| (h, None)),
            Self::Capsule(o) => s.sweep(motion, o, still).map(|h| (h, None)),
            Self::Triangle(o) => s.sweep(motion, o, still).map(|h| (h, None)),
            Self::Hull(h, f) => {
                let local = s.transform(&f.inverse);
                let motion = f.inverse.transform_vector(motion);
                let hit = local.sweep(motion, &**h, still)?;
                Some((hit.transform(&f.pose), None))
            }
            Self::Mesh(m, f) => {
                let local = s.transform(&f.inverse);
                let motion = f.inverse.transform_vector(motion);
                let hit = local.sweep(motion, &**m, still)?;
                let triangle = if hit.t_first > 0.0 {
                    m.sweep_triangle(&local, motion)
                        .filter(|h| h.t == hit.t_first)
                        .map(|h| h.triangle)
                } else {
                    None
                };
                Some((hit.transform(&f.pose), triangle))
            }
            Self::Segment(o) => s
                .sweep(motion, &Capsule::new(o.a, o.b, 0.0), still)
                .map(|h| (h, None)),
            Self::Plane(o) => s.sweep(motion, o, still).map(|h| (h, None)),
            // No primitive sweep against these: a moving shape never stops at them.
            Self::Frustum(_) | Self::Line(_) | Self::Ray(_) => None,
        }
    }
}

/// The box `shape` sweeps over moving by `motion` (invalid for a non-finite motion).
fn swept_box<S: Bounded + ?Sized>(shape: &S, motion: Vec3) -> Aabb {
    let b = shape.aabb();
    if !motion.is_finite() {
        return Aabb::new(Vec3::NAN, Vec3::NAN);
    }
    Aabb::new(
        b.min + motion.min(Vec3::ZERO),
        b.max + motion.max(Vec3::ZERO),
    )
}

impl<T> Scene<T> {
    /// The first object `shape` touches moving by `motion` over `t` in `[0, 1]` (the objects
    /// still): the least `t_first` of the [`Sweep`] queries (an object it already touches or
    /// overlaps gives `t_first = 0`; solid meshes include their inside), with the sweep in the
    /// scene and for a mesh the triangle. Among objects first touched at the same time, the
    /// lowest [`ObjectId`]. `None` when it touches nothing, and for an invalid shape or motion.
    /// A segment object stops it as a capsule of radius 0, a plane as the plane; frustum, line
    /// and ray objects never stop it (no primitive sweep against them).
    ///
    /// ```
    /// use isect::scene::{Geometry, Pose, Scene};
    /// use isect::{Aabb, Sphere, math::Vec3};
    /// let mut scene = Scene::new();
    /// let wall = scene.insert(Geometry::Aabb(Aabb::new(Vec3::new(4.0, -5.0, -5.0), Vec3::new(5.0, 5.0, 5.0))), Pose::IDENTITY, ());
    /// let ball = Sphere::new(Vec3::ZERO, 1.0);
    /// let hit = scene.sweep(&ball, Vec3::new(6.0, 0.0, 0.0)).unwrap();
    /// assert_eq!((hit.object, hit.hit.t_first, hit.hit.normal), (wall, 0.5, -Vec3::X));
    /// ```
    #[must_use]
    pub fn sweep<S: SceneShape + ?Sized>(&self, shape: &S, motion: Vec3) -> Option<SceneSweepHit> {
        let mut best: Option<SceneSweepHit> = None;
        let mut consider = |proxy, placed: &Placed| {
            if let Some((hit, triangle)) = placed.sweep(shape, motion) {
                let object = ObjectId(proxy);
                let better = best.is_none_or(|b| {
                    hit.t_first < b.hit.t_first
                        || (hit.t_first == b.hit.t_first && object < b.object)
                });
                if better {
                    best = Some(SceneSweepHit {
                        object,
                        hit,
                        triangle,
                    });
                }
            }
        };
        self.broad.query_aabb(&swept_box(shape, motion), |proxy| {
            consider(proxy, self.placed(proxy));
            true
        });
        for (proxy, o) in self.side() {
            consider(proxy, o);
        }
        best
    }
}
