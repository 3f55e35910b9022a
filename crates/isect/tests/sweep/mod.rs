//! Sweep tests: hand cases with exact times, and properties checked against an independent
//! separation function of the moved shapes (touching at `t_first`, apart before it, overlapping
//! until `t_last`, apart after it), symmetry in argument order and translation invariance.

mod advancement;
mod capsule_triangle;
pub mod plane;
pub mod rotating;
pub mod solids;
mod start_overlap;

use isect::math::Vec3;
use isect::{Aabb, Capsule, Obb, Plane, Real, Sweep, SweepHit};

use crate::common::flat_reference::convex_min;
use crate::common::tol;

/// A shape moved by a translation.
pub trait Translated: Sized {
    fn translated(&self, by: Vec3) -> Self;
}

impl Translated for isect::Sphere {
    fn translated(&self, by: Vec3) -> Self {
        isect::Sphere::new(self.center + by, self.radius)
    }
}

impl Translated for Aabb {
    fn translated(&self, by: Vec3) -> Self {
        Aabb::new(self.min + by, self.max + by)
    }
}

impl Translated for Obb {
    fn translated(&self, by: Vec3) -> Self {
        Obb::new(self.center + by, self.half_extents, self.rotation)
    }
}

impl Translated for Capsule {
    fn translated(&self, by: Vec3) -> Self {
        Capsule::new(self.a + by, self.b + by, self.radius)
    }
}

impl Translated for isect::Triangle {
    fn translated(&self, by: Vec3) -> Self {
        isect::Triangle::new(self.a + by, self.b + by, self.c + by)
    }
}

impl Translated for isect::Segment {
    fn translated(&self, by: Vec3) -> Self {
        isect::Segment::new(self.a + by, self.b + by)
    }
}

impl Translated for isect::ConvexHull {
    fn translated(&self, by: Vec3) -> Self {
        isect::ConvexHull::new(self.points().iter().map(|&p| p + by).collect::<Vec<_>>())
    }
}

impl Translated for Plane {
    fn translated(&self, by: Vec3) -> Self {
        Plane::new(self.normal, self.d + self.normal.dot(by))
    }
}

/// One sweep problem and an independent separation function: `gap(a, b)` is positive when the
/// shapes are apart (growing with their separation, at least as fast as along a normal), zero
/// or negative when they touch or overlap, and convex along a straight relative motion.
pub struct Case<'a, A, B> {
    pub a: &'a A,
    pub motion_a: Vec3,
    pub b: &'a B,
    pub motion_b: Vec3,
    pub gap: &'a dyn Fn(&A, &B) -> Real,
    /// What a point of the shape is: `in_a(a, p)` is ~0 for points of `a`.
    pub dist_a: &'a dyn Fn(&A, Vec3) -> Real,
    pub dist_b: &'a dyn Fn(&B, Vec3) -> Real,
    pub scale: Real,
    /// Whether the pair's method is exact (closed form): then times must agree under mirroring
    /// and translation within rounding. Conservative advancement is checked by its contacts
    /// instead, within its documented tolerance (about √ε of the size).
    pub exact: bool,
}

impl<A, B> Case<'_, A, B>
where
    A: Sweep<B> + Translated + core::fmt::Debug,
    B: Sweep<A> + Translated + core::fmt::Debug,
{
    fn gap_at(&self, t: Real) -> Real {
        (self.gap)(
            &self.a.translated(self.motion_a * t),
            &self.b.translated(self.motion_b * t),
        )
    }

    /// Checks the sweep of `a` against `b` and returns it.
    #[track_caller]
    pub fn check(&self) -> Option<SweepHit> {
        let hit = self.a.sweep(self.motion_a, self.b, self.motion_b);
        let mirrored = self.b.sweep(self.motion_b, self.a, self.motion_a);
        let t = if self.exact {
            tol(self.scale)
        } else {
            tol(self.scale).max(4.0 * Real::EPSILON.sqrt() * self.scale)
        };
        let what = format!(
            "{:?} moving {} against {:?} moving {}: {hit:?}",
            self.a, self.motion_a, self.b, self.motion_b
        );
        let (t_min, gap_min) = convex_min(
            |x| crate::common::flat_reference::wide(self.gap_at(x as Real)),
            0.0,
            1.0,
        );
        let _ = t_min;
        // Grazing contacts make the times ill-conditioned (a square root of a near-zero
        // discriminant), so the time tolerance also has a √ε part; a grazing contact (an
        // instant) may round to a miss in the other argument order or when moved.
        let time_tol = t / self.scale.max(1.0) * 16.0 + 4.0 * Real::EPSILON.sqrt();
        match hit {
            None => {
                assert!(
                    mirrored.is_none_or(|m| m.t_last - m.t_first <= time_tol),
                    "mirror hits: {what} vs {mirrored:?}"
                );
                assert!(
                    gap_min >= -crate::common::flat_reference::wide(t),
                    "no hit, but they overlap by {gap_min}: {what}"
                );
            }
            Some(h) => {
                let Some(m) = mirrored else {
                    assert!(h.t_last - h.t_first <= time_tol, "mirror misses: {what}");
                    return hit;
                };
                assert!(
                    !self.exact
                        || ((h.t_first - m.t_first).abs() <= time_tol
                            && (h.t_last - m.t_last).abs() <= time_tol),
                    "mirror times differ: {what} vs {m:?}"
                );
                assert!(
                    self.gap_at(m.t_first) <= t
                        && (m.t_first == 0.0 || self.gap_at(m.t_first) >= -t),
                    "mirror not touching at its t_first: {what} vs {m:?}"
                );
                // (At t_first = 0 the normal of a perfectly symmetric overlap cannot flip. Where
                // two separating axes start overlapping within rounding of each other, the two
                // orders may pick different ones: measured 2e-3 apart.)
                assert!(
                    h.t_first == 0.0 || !self.exact || (h.normal + m.normal).length() <= 1e-2,
                    "mirror normal not flipped: {what} vs {m:?}"
                );
                assert!(
                    0.0 <= h.t_first && h.t_first <= h.t_last && h.t_last <= 1.0,
                    "times out of order: {what}"
                );
                assert!(
                    gap_min <= crate::common::flat_reference::wide(t),
                    "a hit, but the closest approach is {gap_min} apart: {what}"
                );
                assert!(
                    (h.normal.length() - 1.0).abs() <= 1e-3,
                    "normal not unit: {what}"
                );
                // Touching at t_first; overlapping through [t_first, t_last]; apart before.
                assert!(self.gap_at(h.t_first) <= t, "apart at t_first: {what}");
                if h.t_first > 0.0 {
                    assert!(
                        self.gap_at(h.t_first) >= -t,
                        "already overlapping at t_first: {what}"
                    );
                    for k in 0..16 {
                        let s = h.t_first * k as Real / 16.0;
                        assert!(self.gap_at(s) >= -t, "overlap at {s} < t_first: {what}");
                    }
                    // The normal points from b towards a: moving a along it separates them.
                    let step = 0.25;
                    let pushed = (self.gap)(
                        &self
                            .a
                            .translated(self.motion_a * h.t_first + h.normal * step),
                        &self.b.translated(self.motion_b * h.t_first),
                    );
                    assert!(
                        pushed >= 0.5 * step - t,
                        "moving along the normal does not separate ({pushed}): {what}"
                    );
                }
                for k in 0..=8 {
                    let s = h.t_first + (h.t_last - h.t_first) * k as Real / 8.0;
                    assert!(
                        self.gap_at(s) <= t,
                        "apart at {s} in [t_first, t_last]: {what}"
                    );
                }
                if h.t_last < 1.0 {
                    assert!(
                        self.gap_at(h.t_last) >= -t,
                        "still overlapping at t_last: {what}"
                    );
                }
                // The point is on both shapes at t_first.
                let a_t = self.a.translated(self.motion_a * h.t_first);
                let b_t = self.b.translated(self.motion_b * h.t_first);
                assert!(
                    (self.dist_a)(&a_t, h.point) <= t && (self.dist_b)(&b_t, h.point) <= t,
                    "point not on both shapes ({}, {}): {what}",
                    (self.dist_a)(&a_t, h.point),
                    (self.dist_b)(&b_t, h.point)
                );
                // Translating the whole problem changes nothing.
                let offset = Vec3::new(3.0, -2.0, 1.0);
                let moved = self.a.translated(offset).sweep(
                    self.motion_a,
                    &self.b.translated(offset),
                    self.motion_b,
                );
                let Some(moved) = moved else {
                    assert!(
                        h.t_last - h.t_first <= time_tol,
                        "misses when translated: {what}"
                    );
                    return hit;
                };
                assert!(
                    !self.exact
                        || ((moved.t_first - h.t_first).abs() <= time_tol
                            && (moved.t_last - h.t_last).abs() <= time_tol),
                    "translated times differ: {what} vs {moved:?}"
                );
            }
        }
        hit
    }
}

/// Asserts a sweep's times exactly.
#[track_caller]
pub fn assert_times(hit: Option<SweepHit>, t_first: Real, t_last: Real) {
    let h = hit.expect("expected a hit");
    assert_eq!((h.t_first, h.t_last), (t_first, t_last), "{h:?}");
}
