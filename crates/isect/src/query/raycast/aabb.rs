//! Ray casts against an axis-aligned box, by slabs in the form of Williams, Barrus, Morley and
//! Shirley, "An Efficient and Robust Ray–Box Intersection Algorithm" (*Journal of Graphics
//! Tools* 10(1), 2005).
//!
//! Per axis, the ray crosses the slab's planes at `(min − o) / dir` and `(max − o) / dir`; the
//! smaller is the near plane and the larger the far one. Dividing (rather than multiplying by
//! `1 / dir`) rounds once, and since rounded subtraction and division are monotone, a segment
//! `a + t (b − a)` whose end `b` lies on a plane crosses it at exactly `t = 1`: a segment ending
//! on a box touches it. A zero component yields `±∞` (origin strictly inside or outside the
//! slab, the sign of the zero picking which) or, for an origin exactly on the slab's plane,
//! `0 / 0 = NaN`; the slab is then satisfied for every `t` (the ray lies in the closed face's
//! plane), and the NaN is replaced by `−∞` as a near and `+∞` as a far candidate, which says
//! exactly that. The ray is validated first, so no other NaN reaches the slabs and none can make
//! a wrong hit. In `f32` the three axes go through SIMD lanes (`Vec3A`).
//!
//! The casts compute as given at every magnitude, without the power-of-two rescaling of the
//! other queries (`query/algo/scale.rs`): they only subtract coordinates and divide by the
//! direction, each rounded once and monotone, so an overflow is `±∞` on the side it belongs to
//! and an underflow stays ordered; while rescaling input that reaches `Real::MAX` flushes tiny
//! coordinates beside it to 0 (an origin 1e-30 from a face would lie on it).

use crate::math::{Real, Vec3};
use crate::query::algo::scale::settled;
use crate::query::raycast::{cast_valid, checked, start_inside};
use crate::query::{RayCast, RayHit};
use crate::shape::{Aabb, Ray};

/// The vector type of the slab arithmetic: `Vec3A` (SSE/NEON/WASM lanes: one division for the
/// three reciprocals) in `f32`, `DVec3` in `f64`.
#[cfg(not(isect_f64))]
pub(super) type Wide = glam::Vec3A;
#[cfg(isect_f64)]
pub(super) type Wide = glam::DVec3;

/// Per axis, the parameters at which the ray crosses the near and the far plane of the slab,
/// and which axes it travels down (the sign bits of `dir`, so `−0` counts as down). A ray lying
/// in a slab's plane gives `0 / 0 = NaN` there (see the module docs), replaced before the
/// minimum and maximum so that they need no NaN rule (SIMD `min`/`max` differ between platforms
/// on NaN).
#[inline]
fn slabs(min: Vec3, max: Vec3, origin: Vec3, dir: Vec3) -> (Wide, Wide, u32) {
    let o = Wide::from(origin);
    let d = Wide::from(dir);
    let t1 = (Wide::from(min) - o) / d;
    let t2 = (Wide::from(max) - o) / d;
    let (ok1, ok2) = (t1.cmpeq(t1), t2.cmpeq(t2));
    let near =
        Wide::select(ok1, t1, Wide::NEG_INFINITY).min(Wide::select(ok2, t2, Wide::NEG_INFINITY));
    let far = Wide::select(ok1, t1, Wide::INFINITY).max(Wide::select(ok2, t2, Wide::INFINITY));
    (near, far, d.is_negative_bitmask())
}

/// The part `[t_enter, t_exit]` of `[lo, hi]` in which `origin + t dir` is in the box `[min,
/// max]`; empty when `t_enter > t_exit`. A zero `dir` (a point segment) leaves `[lo, hi]` whole
/// when the origin is in the box, boundary included, and empties it otherwise.
#[inline]
pub(crate) fn slab_interval(
    min: Vec3,
    max: Vec3,
    origin: Vec3,
    dir: Vec3,
    lo: Real,
    hi: Real,
) -> (Real, Real) {
    let (near, far, _) = slabs(min, max, origin, dir);
    (near.max_element().max(lo), far.min_element().min(hi))
}

/// The first axis `k` with `v[k] == x`.
#[inline]
fn axis_of(v: Wide, x: Real) -> usize {
    if v.x == x {
        0
    } else if v.y == x {
        1
    } else {
        2
    }
}

/// The hit at `t` on the face of axis `axis` (0, 1 or 2), on the `max` side when `positive`: the
/// point clamped into the box and put exactly on the face's plane. The axis picks lanes by
/// selection, not by indexing (no bounds check on the hot path).
#[inline]
fn face_hit(min: Vec3, max: Vec3, ray: &Ray, t: Real, axis: usize, positive: bool) -> RayHit {
    let clamped = ray.point_at(t).max(min).min(max);
    let on = glam::BVec3::new(axis == 0, axis == 1, axis == 2);
    let (plane, sign) = if positive { (max, 1.0) } else { (min, -1.0) };
    RayHit {
        t,
        point: Vec3::select(on, plane, clamped),
        normal: Vec3::select(on, Vec3::splat(sign), Vec3::ZERO),
    }
}

/// The box `[min, max]` (valid) cast against a valid ray: [`RayCast::raycast`] when `!surface`,
/// [`RayCast::raycast_surface`] when `surface`. Shared with [`Obb`](crate::Obb), in its frame.
#[inline(always)]
pub(super) fn cast_box(
    min: Vec3,
    max: Vec3,
    ray: &Ray,
    max_t: Real,
    surface: bool,
) -> Option<RayHit> {
    let o = ray.origin;
    let inside = o.cmpge(min).all() && o.cmple(max).all();
    if inside && !surface {
        return Some(start_inside(ray));
    }
    cast_boundary(min, max, ray, max_t, inside)
}

/// The first point of the boundary of the box `[min, max]` (valid) along a valid ray, as
/// [`RayCast::raycast_surface`] answers, given whether the origin is in the box (`inside`, as
/// [`cast_box`] decides it; a caller that has decided it already passes it on).
#[inline]
pub(super) fn cast_boundary(
    min: Vec3,
    max: Vec3,
    ray: &Ray,
    max_t: Real,
    inside: bool,
) -> Option<RayHit> {
    let o = ray.origin;
    let (near, far, down) = slabs(min, max, o, ray.dir);
    if inside {
        // The first point of the boundary: the origin itself when it is on a face (the face's
        // normal), else the exit, through the face that bounds the interval.
        let on_min = o.cmpeq(min);
        let on_max = o.cmpeq(max);
        if (on_min | on_max).any() {
            let on_max_mask = on_max.bitmask();
            let mask = on_min.bitmask() | on_max_mask;
            let axis = mask.trailing_zeros() as usize;
            return Some(face_hit(
                min,
                max,
                ray,
                0.0,
                axis,
                on_min.bitmask() & (1 << axis) == 0,
            ));
        }
        let t_exit = far.min_element();
        if !(t_exit <= max_t) {
            return None;
        }
        let axis = axis_of(far, t_exit);
        return Some(face_hit(
            min,
            max,
            ray,
            t_exit,
            axis,
            down & (1 << axis) == 0,
        ));
    }
    let t_enter = near.max_element();
    let t_exit = far.min_element();
    if !(t_enter <= t_exit && t_enter <= max_t && t_exit >= 0.0) {
        return None;
    }
    let axis = axis_of(near, t_enter);
    Some(face_hit(
        min,
        max,
        ray,
        t_enter.max(0.0),
        axis,
        down & (1 << axis) != 0,
    ))
}

impl Aabb {
    /// The ray, `max_t` and the box are valid (see `cast_valid`).
    #[inline(always)]
    fn cast_valid(&self, ray: &Ray, max_t: Real) -> bool {
        cast_valid(ray, max_t, [self.min, self.max], []) && self.min.cmple(self.max).all()
    }
}

impl RayCast for Aabb {
    /// The entry point and the normal of the face entered (for an edge or corner, the normal of
    /// one of its faces); `t = 0` with `normal = −dir` from inside, boundary included. A ray in
    /// the plane of a face (the box is closed) hits that face. `None` for invalid input.
    ///
    /// ```
    /// use isect::{Aabb, Ray, RayCast, math::Vec3};
    /// let crate_box = Aabb::new(Vec3::new(2.0, -1.0, -1.0), Vec3::new(3.0, 1.0, 1.0));
    /// let hit = crate_box.raycast(&Ray::new(Vec3::ZERO, Vec3::X), 10.0).unwrap();
    /// assert_eq!((hit.t, hit.point, hit.normal), (2.0, Vec3::new(2.0, 0.0, 0.0), -Vec3::X));
    /// ```
    #[inline(always)]
    fn raycast(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        let hit = cast_box(self.min, self.max, ray, max_t, false);
        let hit = checked(hit, || self.cast_valid(ray, max_t));
        settled(self, hit, ray, max_t, Self::raycast)
    }

    /// The first point of the boundary: the entry from outside, the exit from inside, `t = 0`
    /// from a point of a face; normal outward.
    #[inline(always)]
    fn raycast_surface(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        let hit = cast_box(self.min, self.max, ray, max_t, true);
        let hit = checked(hit, || self.cast_valid(ray, max_t));
        settled(self, hit, ray, max_t, Self::raycast_surface)
    }

    /// The slab test alone: no hit point, no normal.
    #[inline]
    fn raycast_any(&self, ray: &Ray, max_t: Real) -> bool {
        let (t_enter, t_exit) = slab_interval(self.min, self.max, ray.origin, ray.dir, 0.0, max_t);
        // Without a branch: the slab test and the validity (as `cast_valid`, its conditions
        // combined by `&`) are both formed and combined, rather than the validity checked on
        // hits only, behind a branch that hits and misses make unpredictable.
        // In the slabs' lanes: `x · 0` is 0 for finite `x` and NaN for NaN or ±∞.
        let (o, d) = (Wide::from(ray.origin), Wide::from(ray.dir));
        let (min, max) = (Wide::from(self.min), Wide::from(self.max));
        let finite = (o * 0.0 + d * 0.0 + min * 0.0 + max * 0.0).cmpeq(Wide::ZERO);
        let valid = (finite & min.cmple(max)).all() & d.cmpne(Wide::ZERO).any() & (max_t >= 0.0);
        (t_enter <= t_exit) & valid
    }
}
