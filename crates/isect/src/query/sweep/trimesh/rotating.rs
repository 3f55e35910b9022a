//! Sweeps with rotation against a mesh at rest: [`TriMesh::sweep_rotating_triangle`] (the first
//! triangle touched) and [`TriMesh::sweep_rotating`] (first and last contact, a solid mesh's
//! inside included).
//!
//! The shape's rigid motion keeps every point of it within its bounding sphere's reach of the
//! moving rotation center: the sphere's center turns about an axis through that center, so at
//! time `t` it lies within `|c_s − center|` of `center + linear·t`. The box of that path, grown
//! by the reach, holds everything the shape passes through; the mesh's BVH gives the triangles
//! in it, and each is swept by [`sweep_rotating`] (conservative advancement bounded by the
//! angular speed), the earliest first contact and the latest last contact kept. The cost is
//! two advancement runs per triangle in that box: fine for a character's or a tool's step
//! among the triangles around it, not for a motion across a whole dense mesh.

use super::{against, inside};
use crate::math::{Real, Vec3};
use crate::query::algo::gjk::SupportMap;
use crate::query::sweep::rotating::{RigidMotion, sweep_rotating};
use crate::query::{Bounded, MeshSweepHit, SweepHit};
use crate::shape::{Aabb, TriMesh};

/// What the triangles in the swept box give: the first contact (time, triangle index, point,
/// normal; the lowest index among equal times) and the last time of contact.
struct Found {
    first: (Real, u32, Vec3, Vec3),
    last: Real,
}

/// The box that holds `shape` at every time of `motion` over `[0, 1]`; `None` for an invalid
/// shape or motion.
fn swept_box<S: Bounded + ?Sized>(shape: &S, motion: &RigidMotion) -> Option<Aabb> {
    if !motion.is_finite() {
        return None;
    }
    let ball = shape.bounding_sphere();
    if !(ball.radius >= 0.0 && ball.center.is_finite()) {
        return None;
    }
    // Without rotation the ball's center moves along `linear`; with it, the center stays
    // within its distance from the rotation center of the moving rotation center.
    let (start, reach) = if motion.angular == Vec3::ZERO {
        (ball.center, ball.radius)
    } else {
        (
            motion.center,
            ball.center.distance(motion.center) + ball.radius,
        )
    };
    let end = start + motion.linear;
    let grow = Vec3::splat(reach) * (1.0 + 16.0 * Real::EPSILON)
        + 16.0 * Real::EPSILON * start.abs().max(end.abs());
    let b = Aabb::new(start.min(end) - grow, start.max(end) + grow);
    (b.min.is_finite() && b.max.is_finite()).then_some(b)
}

/// Every triangle (with an area) in the swept box, swept by the shape's rigid motion.
fn sweep_triangles<S>(
    mesh: &TriMesh,
    shape: &S,
    motion: &RigidMotion,
    swept: &Aabb,
) -> Option<Found>
where
    S: SupportMap + Bounded + ?Sized,
{
    let mut found: Option<Found> = None;
    mesh.query_aabb(swept, |i| {
        let triangle = mesh.triangle(i);
        if triangle.normal().is_none() {
            return;
        }
        let Some(hit) = sweep_rotating(shape, motion, &triangle, &RigidMotion::STILL) else {
            return;
        };
        let first = (hit.t_first, i, hit.point, hit.normal);
        match &mut found {
            None => {
                found = Some(Found {
                    first,
                    last: hit.t_last,
                });
            }
            Some(f) => {
                if (hit.t_first, i) < (f.first.0, f.first.1) {
                    f.first = first;
                }
                f.last = f.last.max(hit.t_last);
            }
        }
    });
    found
}

impl TriMesh {
    /// The first triangle that `shape` touches while it moves by the rigid `motion` (translating
    /// and turning, [`RigidMotion`]) over `t` in `[0, 1]`, the mesh at rest: the time, the
    /// triangle's index, the contact point and the unit normal from the mesh towards the
    /// shape. The triangles as a surface, as [`TriMesh::sweep_triangle`] sees them (a shape
    /// wholly inside a solid mesh reports the first triangle it reaches; [`sweep_rotating`](
    /// TriMesh::sweep_rotating) includes the inside). Each triangle by the pair's
    /// [`sweep_rotating`](crate::sweep_rotating), with its guarantees: never later than the
    /// first contact, within its tolerance of touching there. Touching counts; a shape already
    /// touching or overlapping a triangle reports `t = 0` and the way out of that overlap.
    /// Among equal times, the lowest index; degenerate triangles are never touched. `None` when
    /// no triangle is touched within the motion, and for invalid input (an invalid shape, a
    /// non-finite motion).
    ///
    /// ```
    /// use isect::{Obb, RigidMotion, TriMesh, math::{Mat3, Vec3}};
    /// // A wall at x = 3, and a bar of half length 4 lying along y, turning a quarter turn
    /// // about z: its tip swings out to x = 4 and meets the wall on the way.
    /// let wall = TriMesh::new(
    ///     vec![Vec3::new(3.0, -5.0, -5.0), Vec3::new(3.0, 5.0, -5.0), Vec3::new(3.0, 5.0, 5.0), Vec3::new(3.0, -5.0, 5.0)],
    ///     vec![[0, 1, 2], [0, 2, 3]],
    /// )
    /// .unwrap();
    /// let bar = Obb::new(Vec3::ZERO, Vec3::new(0.25, 4.0, 0.25), Mat3::IDENTITY);
    /// let turn = RigidMotion::new(Vec3::ZERO, Vec3::Z * -core::f32::consts::FRAC_PI_2, Vec3::ZERO);
    /// let hit = wall.sweep_rotating_triangle(&bar, &turn).unwrap();
    /// assert!(hit.t > 0.3 && hit.t < 0.6, "{hit:?}");
    /// assert!(hit.normal.x < -0.99);
    /// // Turning the other way about x it never reaches the wall.
    /// let away = RigidMotion::new(Vec3::ZERO, Vec3::X * core::f32::consts::FRAC_PI_2, Vec3::ZERO);
    /// assert!(wall.sweep_rotating_triangle(&bar, &away).is_none());
    /// ```
    #[must_use]
    pub fn sweep_rotating_triangle<S>(
        &self,
        shape: &S,
        motion: &RigidMotion,
    ) -> Option<MeshSweepHit>
    where
        S: SupportMap + Bounded + ?Sized,
    {
        let swept = swept_box(shape, motion)?;
        let (t, triangle, point, normal) = sweep_triangles(self, shape, motion, &swept)?.first;
        Some(MeshSweepHit {
            t,
            triangle,
            point,
            normal,
        })
    }

    /// The first and last time `shape`, moving by the rigid `motion` over `[0, 1]`, touches
    /// this mesh at rest: its triangles, and for a solid mesh ([`TriMesh::is_solid`]) also its
    /// inside, so a shape that starts wholly inside hits at `t_first = 0` and one that ends
    /// inside has `t_last = 1`. `[t_first, t_last]` spans every contact (with rotation the shape
    /// may touch, leave and touch again). At `t_first > 0` the point and normal (from the mesh
    /// towards the shape) are those of [`TriMesh::sweep_rotating_triangle`]; wholly inside at
    /// the start, a point of the shape and the normal against the linear motion (`+Y` without
    /// one). The per-triangle guarantees of [`sweep_rotating`](crate::sweep_rotating) hold:
    /// `t_first` never later and `t_last` never earlier than the contacts. `None` when they
    /// never touch in `[0, 1]`, and for invalid input.
    ///
    /// ```
    /// use isect::{RigidMotion, Sphere, TriMesh, math::Vec3};
    /// // A closed box from -1 to 1 (solid), and a ball inside it that moves out through x = 1.
    /// let v = |x: f32, y: f32, z: f32| Vec3::new(x, y, z);
    /// let cube = TriMesh::new(
    ///     vec![v(-1., -1., -1.), v(1., -1., -1.), v(1., 1., -1.), v(-1., 1., -1.),
    ///          v(-1., -1., 1.), v(1., -1., 1.), v(1., 1., 1.), v(-1., 1., 1.)],
    ///     vec![[0, 2, 1], [0, 3, 2], [4, 5, 6], [4, 6, 7], [0, 1, 5], [0, 5, 4],
    ///          [2, 3, 7], [2, 7, 6], [1, 2, 6], [1, 6, 5], [0, 4, 7], [0, 7, 3]],
    /// )
    /// .unwrap();
    /// let ball = Sphere::new(Vec3::ZERO, 0.25);
    /// let out = RigidMotion::new(Vec3::new(4.0, 0.0, 0.0), Vec3::ZERO, Vec3::ZERO);
    /// let hit = cube.sweep_rotating(&ball, &out).unwrap();
    /// // Inside from the start; the last contact as the ball leaves the face x = 1.
    /// assert_eq!(hit.t_first, 0.0);
    /// assert!((hit.t_last - 1.25 / 4.0).abs() < 1e-3, "{hit:?}");
    /// ```
    #[must_use]
    pub fn sweep_rotating<S>(&self, shape: &S, motion: &RigidMotion) -> Option<SweepHit>
    where
        S: SupportMap + Bounded + ?Sized,
    {
        let swept = swept_box(shape, motion)?;
        let found = sweep_triangles(self, shape, motion, &swept);
        // A point of the shape at the start and at the end: a shape touching no triangle
        // there lies wholly inside or wholly outside a solid mesh.
        let p = shape.support(Vec3::X);
        let starts_inside = || inside(self, p);
        let ends_inside = || inside(self, motion.point_at(p, 1.0));
        match found {
            Some(Found { first, last }) => {
                let (t_first, _, point, normal) = first;
                let t_last = if ends_inside() { 1.0 } else { last };
                if t_first > 0.0 && starts_inside() {
                    return Some(SweepHit {
                        t_first: 0.0,
                        t_last,
                        point: p,
                        normal: against(motion.linear),
                    });
                }
                Some(SweepHit {
                    t_first,
                    t_last: t_last.max(t_first),
                    point,
                    normal,
                })
            }
            // No triangle touched: inside all along, or never.
            None => starts_inside().then(|| SweepHit {
                t_first: 0.0,
                t_last: 1.0,
                point: p,
                normal: against(motion.linear),
            }),
        }
    }
}
