//! Time of impact of shapes that rotate as they move: conservative advancement bounded by the
//! angular speed (Mirtich, *Impulse-based Dynamic Simulation of Rigid Body Systems*, 1996, §2.3;
//! van den Bergen, *Collision Detection in Interactive 3D Environments*, §5.4), over GJK
//! distances between the shapes placed at each time.
//!
//! Why a step never passes the first contact: with a fixed unit direction `n` from `b` to `a`
//! and the gap `g` between their extents along `n` at time `t`, a point `x` of `a` moves at
//! `v_a + ω_a × (x − c_a)`, so its coordinate along `n` changes at `n · v_a + (x − c_a) · (n × ω_a)`,
//! at least `n · v_a − |n × ω_a| r_a` where `r_a` bounds the distance of `a`'s points from its
//! rotation axis (the line through `c_a` along `ω_a`: `n × ω_a` is perpendicular to `ω_a`, so
//! only the part of `x − c_a` across the axis counts; constant, as the motion is rigid). With
//! `b`'s likewise, the gap shrinks at most at `μ = −n · (v_a − v_b) + |n × ω_a| r_a + |n × ω_b| r_b`, so the shapes stay apart
//! until `t + g / μ` (and forever if `μ <= 0`). Where rounding leaves GJK's direction not quite
//! separating, the step is a distance over the fastest relative speed of any two points,
//! `|v_a − v_b| + |ω_a| r_a + |ω_b| r_b`, which is safe whatever the direction, provided the
//! distance is a lower bound: the gap GJK's support points proved along the directions it
//! tried, not GJK's distance, which is an upper bound (the length between two points of the
//! shapes) and for curved shapes above the distance by up to GJK's accuracy (a bar and a ball
//! `2.3e-4` apart in `f32` gave `3.6e-4`, and a step past the contact). Where no direction
//! proves a gap, the shapes are within GJK's accuracy of touching, and the run stops there.

use crate::math::{Mat3, Quat, Real, Vec3};
use crate::query::algo::conservative_advancement::{
    ADVANCEMENT_RELATIVE_TOLERANCE, overlap_normal,
};
use crate::query::algo::gjk::{SupportMap, gjk_closest_points, gjk_gap_proved};
use crate::query::algo::scale::{
    Unscale, in_window, ldexp_length, ldexp_vec, normalize, normalizing_exponent,
};
use crate::query::{Bounded, SweepHit};
use crate::shape::{Aabb, Sphere};

/// A rigid motion over the normalized time `[0, 1]`: a translation by `linear` and, at the same
/// time, a rotation by the angle `|angular|` about the axis `angular` through `center`, which
/// moves with the translation. A point `p` (at `t = 0`) is at
/// `center + linear·t + R(angular·t)(p − center)` at time `t`, where `R(w)` is the rotation by
/// `|w|` about `w` (constant linear and angular velocity: parry's `NonlinearRigidMotion` with
/// the center given in world coordinates).
///
/// ```
/// use isect::{RigidMotion, math::Vec3};
/// // A quarter turn about z through the origin, while moving 2 along x.
/// let m = RigidMotion::new(Vec3::new(2.0, 0.0, 0.0), Vec3::Z * core::f32::consts::FRAC_PI_2, Vec3::ZERO);
/// let p = m.point_at(Vec3::X, 1.0);
/// assert!(p.distance(Vec3::new(2.0, 1.0, 0.0)) < 1e-6);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RigidMotion {
    /// The translation over the whole interval (the velocity, in units per interval).
    pub linear: Vec3,
    /// The rotation over the whole interval as a scaled axis: axis times angle in radians.
    pub angular: Vec3,
    /// The rotation center in world coordinates at `t = 0`.
    pub center: Vec3,
}

impl RigidMotion {
    /// No motion.
    pub const STILL: Self = Self {
        linear: Vec3::ZERO,
        angular: Vec3::ZERO,
        center: Vec3::ZERO,
    };

    /// A translation by `linear` and a rotation by `angular` (axis times angle) about `center`.
    #[inline]
    #[must_use]
    pub const fn new(linear: Vec3, angular: Vec3, center: Vec3) -> Self {
        Self {
            linear,
            angular,
            center,
        }
    }

    /// A translation without rotation.
    #[inline]
    #[must_use]
    pub const fn translation(linear: Vec3) -> Self {
        Self {
            linear,
            angular: Vec3::ZERO,
            center: Vec3::ZERO,
        }
    }

    /// The rotation reached at time `t`.
    #[inline]
    #[must_use]
    pub fn rotation_at(&self, t: Real) -> Quat {
        Quat::from_scaled_axis(self.angular * t)
    }

    /// Where the point `p` (its place at `t = 0`) is at time `t`.
    #[inline]
    #[must_use]
    pub fn point_at(&self, p: Vec3, t: Real) -> Vec3 {
        self.center + self.linear * t + self.rotation_at(t) * (p - self.center)
    }

    /// All fields finite.
    #[inline]
    #[must_use]
    pub fn is_finite(&self) -> bool {
        self.linear.is_finite() && self.angular.is_finite() && self.center.is_finite()
    }
}

/// The most advancement steps of [`sweep_rotating`] in each direction; each takes a GJK query.
/// Rotation makes the speed bound loose (every point is assumed to move as fast as the farthest
/// one), so the distance shrinks by a constant factor per step near contact rather than
/// vanishing at once, and more steps are allowed than for translations.
pub const ROTATING_MAX_STEPS: usize = 512;

/// The distance, relative to the shapes' coordinates, at which [`sweep_rotating`] stops: the
/// larger of [`ADVANCEMENT_RELATIVE_TOLERANCE`] and `1e-9` (so about `1.2e-4` in `f32` and
/// `1e-9` in `f64`, where the loose speed bound of rotations would need hundreds of steps more
/// to reach the translations' `2.2e-13`).
pub const ROTATING_RELATIVE_TOLERANCE: Real = if ADVANCEMENT_RELATIVE_TOLERANCE > 1e-9 {
    ADVANCEMENT_RELATIVE_TOLERANCE
} else {
    1e-9
};

/// A shape carried by a rigid motion to time `t`, as a support map.
struct Posed<'a, S: ?Sized> {
    shape: &'a S,
    rotation: Mat3,
    /// The rotation center at `t = 0`.
    center: Vec3,
    /// Where the rotation center is at `t`.
    moved_center: Vec3,
}

impl<'a, S: SupportMap + ?Sized> Posed<'a, S> {
    fn new(shape: &'a S, motion: &RigidMotion, t: Real) -> Self {
        Self {
            shape,
            rotation: Mat3::from_quat(motion.rotation_at(t)),
            center: motion.center,
            moved_center: motion.center + motion.linear * t,
        }
    }
}

impl<S: SupportMap + ?Sized> SupportMap for Posed<'_, S> {
    #[inline]
    fn support(&self, dir: Vec3) -> Vec3 {
        let local = self.shape.support(self.rotation.transpose() * dir);
        self.moved_center + self.rotation * (local - self.center)
    }
}

/// One shape of the problem: the shape, its motion and the bound on its points' distance from
/// the rotation axis.
struct Body<'a, S: ?Sized> {
    shape: &'a S,
    motion: &'a RigidMotion,
    reach: Real,
}

/// Where an advancement run stopped: after `elapsed` time (from its start, `t = 0` forwards or
/// `t = 1` backwards), with the point between the shapes and the normal from `b` towards `a`
/// (`None` for shapes that touch or overlap where the run starts: GJK does not see their way
/// out, which [`sweep_rotating`] finds for the run it reports).
#[derive(Clone, Copy)]
struct Run {
    elapsed: Real,
    point: Vec3,
    normal: Option<Vec3>,
    /// Within the tolerance of touching; `false` when out of steps (still no later than any
    /// contact).
    contact: bool,
}

/// The first contact going forwards from `t = 0`, or backwards from `t = 1` when `backwards`;
/// `None` when there is none within `[0, 1]` (or the input is invalid).
fn advance<A, B>(a: &Body<'_, A>, b: &Body<'_, B>, backwards: bool) -> Option<Run>
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
{
    let sign: Real = if backwards { -1.0 } else { 1.0 };
    let v = (a.motion.linear - b.motion.linear) * sign;
    let (wa, wb) = (a.motion.angular, b.motion.angular);
    let spin = wa.length() * a.reach + wb.length() * b.reach;
    let fastest = v.length() + spin;
    let mut elapsed: Real = 0.0;
    let mut dir = -v;
    let mut last: Option<Vec3> = None;
    let posed = |elapsed: Real| {
        let t = if backwards { 1.0 - elapsed } else { elapsed };
        (
            Posed::new(a.shape, a.motion, t),
            Posed::new(b.shape, b.motion, t),
        )
    };
    for _ in 0..ROTATING_MAX_STEPS {
        let (pa, pb) = posed(elapsed);
        let (cp, across, proved) = gjk_gap_proved(&pa, &pb, dir);
        if !cp.distance.is_finite() {
            return None;
        }
        let scale = cp.a.abs().max_element().max(cp.b.abs().max_element());
        // The direction across the closest features, not that of `cp.a − cp.b`, whose
        // rounding along a feature (of the coordinates' size) turns it: hulls with coordinates
        // near 10, 3.4e-3 apart in f32, got a direction 1e-3 off, along which their extents
        // proved no gap.
        let n = normalize(across).unwrap_or((cp.a - cp.b) / cp.distance);
        let touching = |elapsed: Real| {
            let normal = if cp.distance > 0.0 && n.is_finite() {
                Some(n)
            } else {
                last
            };
            Some(Run {
                elapsed,
                point: (cp.a + cp.b) * 0.5,
                normal,
                contact: true,
            })
        };
        if cp.distance <= ROTATING_RELATIVE_TOLERANCE * scale {
            return touching(elapsed);
        }
        let gap = n.dot(pa.support(-n)) - n.dot(pb.support(n));
        let step = if gap > 0.0 {
            let closing =
                -v.dot(n) + n.cross(wa).length() * a.reach + n.cross(wb).length() * b.reach;
            if !(closing > 0.0) {
                return None; // the gap along n never shrinks
            }
            gap / closing
        } else if proved > 0.0 {
            // n is not quite separating. GJK's distance is that of two points of the shapes, an
            // upper bound, above the distance by up to GJK's accuracy for curved shapes (a box
            // and a ball 2.3e-4 apart in f32 gave 3.6e-4 and a step 3.5e-6 past the contact,
            // 3.2e-5 deep); the gap its support points proved is a lower bound.
            proved / fastest
        } else {
            // Neither n nor any direction GJK tried proves a gap: GJK does not resolve it (curved
            // shapes within its accuracy of touching), and no step is safe. Stop here, no later
            // than the contact.
            return touching(elapsed);
        };
        if !(step > 0.0) {
            return None; // no motion
        }
        elapsed += step;
        if !(elapsed <= 1.0) {
            return None;
        }
        last = Some(n);
        dir = n;
    }
    // Out of steps: the time reached is still no later than the first contact.
    let (pa, pb) = posed(elapsed);
    let cp = gjk_closest_points(&pa, &pb, dir);
    cp.distance.is_finite().then(|| Run {
        elapsed,
        point: (cp.a + cp.b) * 0.5,
        normal: Some(last.unwrap_or(Vec3::Y)),
        contact: false,
    })
}

/// A bound on the distance of a shape's points from the rotation axis (the line through
/// `center` along `angular`), from its bounding sphere; `None` for an invalid shape (whose
/// bounding sphere is [`Sphere::EMPTY`](crate::Sphere::EMPTY)). The axis distance, not the
/// distance from `center`, bounds the rotation's speed `|ω × (x − c)| = |ω| |x − c|⊥`, and it
/// does not change as the shape turns about the axis; for a bar spinning about its long axis it
/// is the bar's half width rather than its half length.
fn reach<S: Bounded + ?Sized>(shape: &S, center: Vec3, angular: Vec3) -> Option<Real> {
    let sphere = shape.bounding_sphere();
    let off = sphere.center - center;
    let across = match angular.try_normalize() {
        Some(axis) => off - axis * off.dot(axis),
        None => off,
    };
    let r = across.length() + sphere.radius;
    (sphere.radius >= 0.0 && r.is_finite()).then_some(r)
}

/// The first and last time of contact of `a` and `b` moving by rigid motions (translation and
/// rotation) over `[0, 1]`, for any convex shapes with a support map (`Obb`, `ConvexHull`,
/// `Aabb`, `Triangle`, `Sphere`, `Capsule`, ...), by conservative advancement bounded by the
/// angular speed (see the module docs).
///
/// What it guarantees:
/// - It never tunnels: each step advances by a gap that support points prove (a lower bound on
///   the distance, never GJK's distance itself) over an upper bound on how fast it can close, `|relative linear velocity along the normal| + |n × ω_a| r_a + |n × ω_b| r_b`
///   (no more than `|ω| r`; `r` bounds the distance of the shape's points from its rotation
///   axis, from its bounding sphere), so `t_first` is never later than the first contact.
/// - At `t_first` the shapes are within [`ROTATING_RELATIVE_TOLERANCE`] times their
///   coordinates of touching (GJK's accuracy, about `√ε` of the size, for curved shapes), unless
///   the step cap [`ROTATING_MAX_STEPS`] was reached first: then `t_first` is the time reached,
///   still no later than any contact, with the shapes possibly further apart (slow convergence
///   happens for fast spins that pass close by without touching). A stalled forward run is
///   then checked against the backward one: where the two runs meet without a contact, the
///   answer is `None` (or the backward run's touch within the tolerance, if it found one).
///   Check with a distance query where a stalled `t_first` matters.
/// - `t_last` is the same advancement run backwards from `t = 1`, so it is no earlier than
///   the last contact, with the same tolerance. With rotation, the shapes may touch, separate
///   and touch again: `[t_first, t_last]` spans all contacts but need not be one contact.
///
/// The normal is unit, from `b` towards `a` at `t_first` (between GJK's closest points); the
/// point is halfway between the shapes' closest points there. For shapes that already overlap
/// at `t = 0`, `t_first = 0`, the point is a common point and the normal the way out of the
/// overlap (EPA's penetration normal; against the relative linear motion without the `alloc`
/// feature, `+Y` without one). With no rotation this is the linear sweep by conservative
/// advancement. `None` when they never touch in `[0, 1]`, and for invalid input (non-finite
/// motions, shapes whose bounding sphere is empty).
///
/// ```
/// use isect::{Obb, RigidMotion, Sphere, sweep_rotating, math::{Mat3, Vec3}};
/// // A long thin box spinning a half turn about its center; a ball beside its tip.
/// let bar = Obb::new(Vec3::ZERO, Vec3::new(4.0, 0.25, 0.25), Mat3::IDENTITY);
/// let ball = Sphere::new(Vec3::new(0.0, 3.0, 0.0), 0.5);
/// let spin = RigidMotion::new(Vec3::ZERO, Vec3::Z * core::f32::consts::PI, Vec3::ZERO);
/// let hit = sweep_rotating(&bar, &spin, &ball, &RigidMotion::STILL).unwrap();
/// assert!(hit.t_first > 0.1 && hit.t_first < 0.5);
/// // Without the spin they never touch.
/// assert!(sweep_rotating(&bar, &RigidMotion::STILL, &ball, &RigidMotion::STILL).is_none());
/// ```
#[must_use]
pub fn sweep_rotating<A, B>(
    a: &A,
    motion_a: &RigidMotion,
    b: &B,
    motion_b: &RigidMotion,
) -> Option<SweepHit>
where
    A: SupportMap + Bounded + ?Sized,
    B: SupportMap + Bounded + ?Sized,
{
    if !(motion_a.is_finite() && motion_b.is_finite()) {
        return None;
    }
    // Far from 1 (GJK's squares, the advancement's tolerances), the same sweep of both shapes
    // and motions times a power of two, exact through their support maps and bounds: the times
    // and normal are the same, the point scaled back. A ball falling on a triangle `2³⁰` across
    // in `f32` touched at `t = 0.107` for 0.6, a box at `t = 0`.
    let (ba, bb) = (a.aabb(), b.aabb());
    let m = [
        ba.min,
        ba.max,
        bb.min,
        bb.max,
        motion_a.linear,
        motion_a.center,
    ]
    .iter()
    .chain(&[motion_b.linear, motion_b.center])
    .fold(0.0, |m: Real, v| m.max(v.abs().max_element()));
    if !in_window(m) && m > 0.0 && m.is_finite() {
        let k = normalizing_exponent(m);
        let scaled = |mo: &RigidMotion| RigidMotion {
            linear: ldexp_vec(mo.linear, k),
            angular: mo.angular,
            center: ldexp_vec(mo.center, k),
        };
        let (a, b) = (Scaled { shape: a, k }, Scaled { shape: b, k });
        return sweep_rigid(&a, &scaled(motion_a), &b, &scaled(motion_b)).map(|h| h.unscaled(k));
    }
    sweep_rigid(a, motion_a, b, motion_b)
}

/// A shape times `2ᵏ`, through its support map and bounds (exact for a power of two, short of
/// under- and overflow).
struct Scaled<'a, S: ?Sized> {
    shape: &'a S,
    k: i32,
}

impl<S: SupportMap + ?Sized> SupportMap for Scaled<'_, S> {
    fn support(&self, dir: Vec3) -> Vec3 {
        ldexp_vec(self.shape.support(dir), self.k)
    }
}

impl<S: Bounded + ?Sized> Bounded for Scaled<'_, S> {
    fn aabb(&self) -> Aabb {
        let b = self.shape.aabb();
        Aabb::new(ldexp_vec(b.min, self.k), ldexp_vec(b.max, self.k))
    }

    fn bounding_sphere(&self) -> Sphere {
        let s = self.shape.bounding_sphere();
        Sphere::new(ldexp_vec(s.center, self.k), ldexp_length(s.radius, self.k))
    }
}

/// [`sweep_rotating`] for finite motions, as given.
fn sweep_rigid<A, B>(
    a: &A,
    motion_a: &RigidMotion,
    b: &B,
    motion_b: &RigidMotion,
) -> Option<SweepHit>
where
    A: SupportMap + Bounded + ?Sized,
    B: SupportMap + Bounded + ?Sized,
{
    let a = Body {
        shape: a,
        motion: motion_a,
        reach: reach(a, motion_a.center, motion_a.angular)?,
    };
    let b = Body {
        shape: b,
        motion: motion_b,
        reach: reach(b, motion_b.center, motion_b.angular)?,
    };
    let forward = advance(&a, &b, false)?;
    // The backward run, its time counted from t = 0.
    let backward = advance(&a, &b, true).map(|r| Run {
        elapsed: 1.0 - r.elapsed,
        ..r
    });
    let first = match backward {
        _ if forward.contact => forward,
        // A stalled forward run (a near miss it could not pass in its steps) proved no contact
        // in [0, t]; the backward run proved none after where it stopped. When the two meet,
        // there is no contact at all, or only the backward run's touch within the tolerance.
        None => return None,
        Some(back) if back.elapsed <= forward.elapsed => {
            if !back.contact {
                return None;
            }
            back
        }
        Some(_) => forward,
    };
    let t_first = first.elapsed;
    let t_last = backward.map_or(t_first, |back| back.elapsed.max(t_first));
    let point = first.point;
    // Overlapping where the reported run starts: the way out of the overlap there.
    let normal = first.normal.unwrap_or_else(|| {
        let v = motion_a.linear - motion_b.linear;
        let against = crate::query::algo::scale::normalize(-v).unwrap_or(Vec3::Y);
        let (pa, pb) = (
            Posed::new(a.shape, motion_a, t_first),
            Posed::new(b.shape, motion_b, t_first),
        );
        overlap_normal(&pa, &pb, against)
    });
    Some(SweepHit {
        t_first,
        t_last,
        point,
        normal,
    })
}
