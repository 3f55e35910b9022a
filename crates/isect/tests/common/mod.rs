//! Shared test machinery: tolerances, proptest strategies, conversions to parry, and samplers
//! of shapes' points.

#![allow(
    dead_code,
    reason = "each area of the tests uses part of the machinery; the f64 build uses less"
)]

#[cfg(not(isect_no_parry))]
pub mod parry_conv;
pub mod sample;
pub mod strategy;
pub mod transform;

use isect::Real;
use isect::math::{Quat, Vec3};

/// Absolute/relative tolerance for answers on inputs of magnitude ~10: about 1e-3 in f32 and
/// 1e-9 in f64 (a few hundred ulps of the coordinates).
#[cfg(not(isect_f64))]
pub const TOL: Real = 1e-3;
#[cfg(isect_f64)]
pub const TOL: Real = 1e-9;

/// `TOL` scaled by the magnitude of the numbers involved (at least 1).
pub fn tol(scale: Real) -> Real {
    TOL * scale.abs().max(1.0)
}

/// Asserts `|a - b| <= tol(max(|a|, |b|))`, with a message naming both.
#[track_caller]
pub fn assert_near(a: Real, b: Real, what: &str) {
    let t = tol(a.abs().max(b.abs()));
    assert!(
        (a - b).abs() <= t || (a.is_infinite() && a == b),
        "{what}: {a} vs {b} (tolerance {t})"
    );
}

/// Asserts `|a - b| <= tol(max coordinate)`.
#[track_caller]
pub fn assert_near_vec(a: Vec3, b: Vec3, what: &str) {
    let t = tol(a.abs().max_element().max(b.abs().max_element()));
    assert!(
        a.distance(b) <= t,
        "{what}: {a} vs {b} (distance {}, tolerance {t})",
        a.distance(b)
    );
}

/// Shorthand for `Vec3::new`.
pub fn v(x: Real, y: Real, z: Real) -> Vec3 {
    Vec3::new(x, y, z)
}

/// The values that must never crash a query: NaN and both infinities.
pub const NON_FINITE: [Real; 3] = [Real::NAN, Real::INFINITY, Real::NEG_INFINITY];

/// Points with one non-finite coordinate (each of `NON_FINITE` in each axis).
pub fn non_finite_points() -> Vec<Vec3> {
    let mut out = Vec::new();
    for x in NON_FINITE {
        for axis in 0..3 {
            let mut p = Vec3::new(0.5, 0.25, 0.125);
            p[axis] = x;
            out.push(p);
        }
    }
    out
}

/// A rigid motion: rotate about the origin, then translate.
#[derive(Clone, Copy, Debug)]
pub struct Motion {
    pub rotation: Quat,
    pub translation: Vec3,
}

impl Motion {
    pub fn apply(&self, p: Vec3) -> Vec3 {
        self.rotation * p + self.translation
    }
    pub fn apply_dir(&self, d: Vec3) -> Vec3 {
        self.rotation * d
    }
}

pub mod flat_reference;

/// glam's camera module for the precision under test (`camera` with `isect`, `dcamera` with
/// `isect-f64`): view and projection matrices for `Frustum` tests. (`Mat4::perspective_rh` and
/// its siblings were removed in glam 0.34, which CI also tests against; `camera::rh::proj::
/// directx::perspective` is the same matrix.)
#[cfg(not(isect_f64))]
pub use isect::glam::camera;
#[cfg(isect_f64)]
pub use isect::glam::dcamera as camera;

/// The next representable number above `x` (towards +∞); `x` itself for +∞ and NaN.
pub fn next_up(x: Real) -> Real {
    if x.is_nan() || x == Real::INFINITY {
        x
    } else if x == 0.0 {
        Real::from_bits(1)
    } else if x > 0.0 {
        Real::from_bits(x.to_bits() + 1)
    } else {
        Real::from_bits(x.to_bits() - 1)
    }
}

/// The next representable number below `x` (towards -∞).
pub fn next_down(x: Real) -> Real {
    -next_up(-x)
}

/// Asserts that `q` is the projection of `p` onto the convex hull of `vertices`, given that `q`
/// lies in that hull: the obtuse-angle criterion `(p − q) · (x − q) <= 0` for every vertex `x`
/// (it then holds for every point of the hull, by linearity). Independent of how `q` was found.
#[track_caller]
pub fn assert_is_projection(p: Vec3, q: Vec3, vertices: &[Vec3], what: &str) {
    for &x in vertices {
        let scale = p
            .abs()
            .max_element()
            .max(q.abs().max_element())
            .max(x.abs().max_element());
        let t = tol(scale * scale);
        let dot = (p - q).dot(x - q);
        assert!(
            dot <= t,
            "{what}: {q} is not the projection of {p}: (p - q)·(x - q) = {dot} > {t} for vertex {x}"
        );
    }
}

/// The eight corners of `aabb`, indexed by bits (bit 0: x = max, bit 1: y, bit 2: z).
pub fn aabb_corners(aabb: &isect::Aabb) -> [Vec3; 8] {
    core::array::from_fn(|i| {
        Vec3::new(
            if i & 1 == 0 { aabb.min.x } else { aabb.max.x },
            if i & 2 == 0 { aabb.min.y } else { aabb.max.y },
            if i & 4 == 0 { aabb.min.z } else { aabb.max.z },
        )
    })
}

/// The eight corners of `obb`, indexed by bits (bit `i`: `+half_extents[i]` along axis `i`).
pub fn obb_corners(obb: &isect::Obb) -> [Vec3; 8] {
    core::array::from_fn(|i| {
        let sign = Vec3::new(
            if i & 1 == 0 { -1.0 } else { 1.0 },
            if i & 2 == 0 { -1.0 } else { 1.0 },
            if i & 4 == 0 { -1.0 } else { 1.0 },
        );
        obb.center + obb.rotation * (sign * obb.half_extents)
    })
}

/// `aabb` as a `Frustum`: its six face planes, normals outward, in the slot order
/// left (-x), right (+x), bottom (-y), top (+y), near (-z), far (+z).
pub fn aabb_frustum(aabb: &isect::Aabb) -> isect::Frustum {
    use isect::Plane;
    isect::Frustum::new([
        Plane::new(-Vec3::X, -aabb.min.x),
        Plane::new(Vec3::X, aabb.max.x),
        Plane::new(-Vec3::Y, -aabb.min.y),
        Plane::new(Vec3::Y, aabb.max.y),
        Plane::new(-Vec3::Z, -aabb.min.z),
        Plane::new(Vec3::Z, aabb.max.z),
    ])
}

/// The 48 signed permutation matrices: the rotations (and reflections) that map the coordinate
/// axes onto coordinate axes. Exact, so boxes rotated by them have exactly known answers.
pub fn signed_permutations() -> Vec<isect::math::Mat3> {
    const PERMS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let axes = [Vec3::X, Vec3::Y, Vec3::Z];
    let mut out = Vec::new();
    for perm in PERMS {
        for signs in 0..8 {
            let col = |i: usize| {
                let s = if signs & (1 << i) == 0 { 1.0 } else { -1.0 };
                axes[perm[i]] * s
            };
            out.push(isect::math::Mat3::from_cols(col(0), col(1), col(2)));
        }
    }
    out
}

/// GJK's rounding floor at coordinates of magnitude `scale`: it ranks support points by `v · w`
/// with `v` known to about ε·scale, so at distances below about √ε·scale it may stop a vertex
/// short (1e-3 at scale 10 in f32; a point of a hull beside nearly coplanar neighbours, the
/// centroid of a sliver triangle). Answers of GJK-based queries are no finer than this.
pub fn gjk_floor(scale: Real) -> Real {
    4.0 * Real::EPSILON.sqrt() * scale
}

/// How far a GJK distance may be from the true distance `d` at coordinates of magnitude
/// `scale`: `GJK_RELATIVE_TOLERANCE` of it, rounding, and the floor.
pub fn gjk_distance_tolerance(d: Real, scale: Real) -> Real {
    isect::query::algo::gjk::GJK_RELATIVE_TOLERANCE * d + tol(scale) + gjk_floor(scale)
}

/// How far a GJK closest point may be from the true one at distance `d`. GJK stops once its
/// distance is within a factor `1 + ε` of the least (ε = `GJK_RELATIVE_TOLERANCE`), and a point
/// `q` of a convex set at that distance from `p` is within `√(2ε)·d` of the closest point `q*`
/// (`|q − q*|² <= |p − q|² − |p − q*|²`); plus rounding and the floor.
pub fn gjk_point_tolerance(d: Real, scale: Real) -> Real {
    (2.0 * isect::query::algo::gjk::GJK_RELATIVE_TOLERANCE).sqrt() * d
        + tol(scale)
        + gjk_floor(scale)
}

/// `a.intersects(b)`, asserting that `b.intersects(a)` agrees: every overlap test goes through
/// this, so symmetry in argument order is checked on every input.
#[track_caller]
pub fn intersects_both<A, B>(a: &A, b: &B) -> bool
where
    A: isect::Intersects<B> + core::fmt::Debug,
    B: isect::Intersects<A> + core::fmt::Debug,
{
    let ab = a.intersects(b);
    let ba = b.intersects(a);
    assert_eq!(ab, ba, "intersects is not symmetric for {a:?} and {b:?}");
    ab
}

// Clearance of triangle-overlap configurations, for comparing booleans with GJK and parry.

/// The largest coordinate of the shapes' bounding boxes (at least 1).
pub fn shapes_scale<S: isect::Bounded>(shapes: &[&S]) -> Real {
    shapes.iter().fold(1.0 as Real, |s, shape| {
        let b = shape.aabb();
        s.max(b.min.abs().max_element())
            .max(b.max.abs().max_element())
    })
}

/// The margin by which a configuration must be clear of the boundary for GJK to be trusted.
pub fn gjk_margin(scale: Real) -> Real {
    8.0 * gjk_floor(scale) + tol(scale)
}

fn gjk_distance_of<A: isect::query::SupportMap + ?Sized, B: isect::query::SupportMap + ?Sized>(
    a: &A,
    b: &B,
) -> Real {
    isect::query::algo::gjk::gjk_closest_points(a, b, Vec3::X).distance
}

/// GJK's clear answer for `shape` against `t`: `Some(false)` when they are more than `m` apart,
/// `Some(true)` when they still meet with the triangle moved by `m` along each of ±x, ±y, ±z
/// (the translations that keep them intersecting form a convex set, the Minkowski difference;
/// containing those six it contains the ball of radius m/√3, so the penetration is that deep),
/// and `None` near the boundary.
pub fn gjk_clear_triangle<S: isect::query::SupportMap + ?Sized>(
    shape: &S,
    t: &isect::Triangle,
    m: Real,
) -> Option<bool> {
    let d = gjk_distance_of(shape, t);
    if d > m {
        return Some(false);
    }
    if d > 0.0 {
        return None;
    }
    let axes = [Vec3::X, Vec3::Y, Vec3::Z];
    let deep = axes.iter().all(|&axis| {
        [1.0 as Real, -1.0].iter().all(|&s| {
            let moved = isect::Triangle::new(
                t.a + axis * (s * m),
                t.b + axis * (s * m),
                t.c + axis * (s * m),
            );
            gjk_distance_of(shape, &moved) == 0.0
        })
    });
    deep.then_some(true)
}
pub mod clearance;
pub mod mesh;

/// The part of `origin + t dir`, `t` in `[t0, t1]`, that lies in `bounds` grown by `margin`, as
/// a segment (`None` when it stays out). GJK resolves a distance only to about `√ε` times the
/// size of the shapes, so clear-miss tests measure this part, not a segment a hundred times the
/// shape's size (in f32 that read 0.06 for a ray that hits, and 0.027 for a line that meets a
/// flat hull).
pub fn clip_to_box(
    origin: Vec3,
    dir: Vec3,
    t0: Real,
    t1: Real,
    bounds: isect::Aabb,
    margin: Real,
) -> Option<isect::Segment> {
    let (lo, hi) = (
        bounds.min - Vec3::splat(margin),
        bounds.max + Vec3::splat(margin),
    );
    let (mut t0, mut t1) = (t0, t1);
    for axis in 0..3 {
        let (o, d) = (origin[axis], dir[axis]);
        if d == 0.0 {
            if o < lo[axis] || o > hi[axis] {
                return None;
            }
            continue;
        }
        let (a, b) = ((lo[axis] - o) / d, (hi[axis] - o) / d);
        t0 = t0.max(a.min(b));
        t1 = t1.min(a.max(b));
    }
    (t0 <= t1).then(|| isect::Segment::new(origin + dir * t0, origin + dir * t1))
}
