//! The first object a moving shape hits.

use alloc::vec::Vec;

use super::{ObjectId, Placed, Scene, SceneShape, SceneSweepHit, Transform};
use crate::broad::Proxy;
use crate::math::{Real, Vec3};
use crate::query::algo::conservative_advancement::ADVANCEMENT_RELATIVE_TOLERANCE;
use crate::query::raycast::slab_interval;
use crate::query::{Bounded, Sweep, SweepHit};
use crate::shape::{Aabb, Capsule};

/// Candidates of a sweep kept on the call stack; more spill to the heap.
const INLINE: usize = 32;

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

/// A lower bound on the time in `[0, 1]` at which the box `from`, moving by `motion`, first
/// meets the box `to` (both valid), or `None` when it never comes near. Both boxes are widened
/// by four times the sweeps' own tolerance ([`ADVANCEMENT_RELATIVE_TOLERANCE`] of the
/// coordinates), so that no sweep that stops within its tolerance before the object (and no
/// rounding here) can be earlier than the bound.
fn entry_time(from: &Aabb, motion: Vec3, to: &Aabb) -> Option<Real> {
    let scale = from
        .min
        .abs()
        .max(from.max.abs())
        .max(to.min.abs())
        .max(to.max.abs())
        .max((from.min + motion).abs())
        .max((from.max + motion).abs())
        .max_element();
    let slack = 4.0 * ADVANCEMENT_RELATIVE_TOLERANCE * scale;
    // The point `t · motion` in the Minkowski difference `to − from`.
    let (enter, exit) = slab_interval(
        to.min - from.max - slack,
        to.max - from.min + slack,
        Vec3::ZERO,
        motion,
        0.0,
        1.0,
    );
    (enter <= exit).then_some(enter)
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
    /// The candidates (objects whose boxes the swept box meets) are swept in the order in which
    /// the moving shape's box enters their boxes, and the search stops at the first whose entry
    /// comes after the best hit so far, as a ray cast clips its `max_t`. Up to 32 candidates
    /// are kept on the call stack; more are sorted in a vector (it allocates).
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
        let consider = |best: &mut Option<SceneSweepHit>, proxy, placed: &Placed| {
            if let Some((hit, triangle)) = placed.sweep(shape, motion) {
                let object = ObjectId(proxy);
                let better = best.is_none_or(|b| {
                    hit.t_first < b.hit.t_first
                        || (hit.t_first == b.hit.t_first && object < b.object)
                });
                if better {
                    *best = Some(SceneSweepHit {
                        object,
                        hit,
                        triangle,
                    });
                }
            }
        };
        // The unbounded objects first: a hit among them prunes the candidates.
        for (proxy, o) in self.side() {
            consider(&mut best, proxy, o);
        }
        // The candidates by the time the shape's box enters theirs, then swept in that order
        // until the next entry lies past the best hit: no object entered later can be hit
        // earlier. Kept on the call stack up to `INLINE` candidates.
        let from = shape.aabb();
        let mut inline = [(0.0, None); INLINE];
        let mut spill: Vec<(Real, Option<Proxy>)> = Vec::new();
        let mut n = 0;
        self.broad.query_aabb(&swept_box(shape, motion), |proxy| {
            let Some(to) = self.broad.aabb(proxy) else {
                return true;
            };
            let Some(t) = entry_time(&from, motion, &to) else {
                return true;
            };
            if n < INLINE {
                inline[n] = (t, Some(proxy));
            } else {
                if spill.is_empty() {
                    spill.extend_from_slice(&inline);
                }
                spill.push((t, Some(proxy)));
            }
            n += 1;
            true
        });
        let candidates = if spill.is_empty() {
            &mut inline[..n]
        } else {
            &mut spill[..]
        };
        candidates.sort_unstable_by(|a, b| a.0.total_cmp(&b.0));
        for &(t, proxy) in candidates.iter() {
            if best.is_some_and(|b| t > b.hit.t_first) {
                break;
            }
            if let Some(proxy) = proxy {
                consider(&mut best, proxy, self.placed(proxy));
            }
        }
        best
    }
}
