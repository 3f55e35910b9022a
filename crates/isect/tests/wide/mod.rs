//! `isect::wide`: every lane of a pack answers as the scalar query on that lane's shape, on
//! random packs with invalid and unused lanes (property tests) and on hand cases with exact
//! answers (touching, a ray along a face, NaN lanes, partial packs).

mod aabbs;
mod spheres;
mod triangles;

use isect::math::Vec3;
use isect::{Frustum, Ray, RayCast, Real};
use proptest::prelude::*;

use crate::common::{aabb_frustum, strategy, v};

/// `t` of the scalar cast, `+∞` for `None`: the wide casts' convention.
pub fn scalar_t<S: RayCast>(shape: &S, ray: &Ray, max_t: Real) -> Real {
    shape
        .raycast(ray, max_t)
        .map_or(Real::INFINITY, |hit| hit.t)
}

/// Asserts that a pack's ray answers (`wide_t` of `raycast`, `wide_any` of `raycast_any`,
/// for `n` lanes) are the scalar casts' of `shapes` (the lanes past them unused: `+∞`, no bit).
#[track_caller]
pub fn assert_ray_lanes<S: RayCast + std::fmt::Debug>(
    shapes: &[S],
    n: usize,
    (wide_t, wide_any): (&[Real], u32),
    ray: &Ray,
    max_t: Real,
) {
    let mut scalar = shapes
        .iter()
        .map(|s| scalar_t(s, ray, max_t))
        .collect::<Vec<_>>();
    scalar.resize(n, Real::INFINITY);
    let what = format!("raycast {ray:?} {max_t} {shapes:?}");
    assert_lanes_t(wide_t, &scalar, &what);
    let any = shapes
        .iter()
        .map(|s| s.raycast_any(ray, max_t))
        .collect::<Vec<_>>();
    let what = format!("raycast_any {ray:?} {max_t} {shapes:?}");
    assert_lanes_mask(wide_any, &any, &what);
}

/// Asserts that lane answers `wide` equal the scalar ones (`==`, so `-0 == 0`), naming the
/// lane.
#[track_caller]
pub fn assert_lanes_t(wide: &[Real], scalar: &[Real], what: &str) {
    for (lane, (w, s)) in wide.iter().zip(scalar).enumerate() {
        assert!(w == s, "{what}: lane {lane}: wide {w} vs scalar {s}");
    }
}

/// Asserts that bit `i` of `mask` is `scalar[i]`, and that no bit past `scalar`'s lanes is set.
#[track_caller]
pub fn assert_lanes_mask(mask: u32, scalar: &[bool], what: &str) {
    for (lane, s) in scalar.iter().enumerate() {
        assert_eq!(
            mask >> lane & 1 == 1,
            *s,
            "{what}: lane {lane} (mask {mask:#b})"
        );
    }
    assert_eq!(
        mask >> scalar.len(),
        0,
        "{what}: bits past the lanes (mask {mask:#b})"
    );
}

/// Rays for the lane-by-lane comparison: random ones, axis-aligned ones from the integer
/// lattice (which run along boxes' faces and touch edges and corners exactly), and ones whose
/// direction is so long or so short that the sphere casts rescale it.
pub fn ray() -> impl Strategy<Value = Ray> {
    let axis = (0usize..6).prop_map(|k| {
        let mut d = Vec3::ZERO;
        d[k % 3] = if k < 3 { 1.0 } else { -1.0 };
        d
    });
    let lattice =
        (-4i32..=4, -4i32..=4, -4i32..=4).prop_map(|(x, y, z)| v(x as Real, y as Real, z as Real));
    prop_oneof![
        4 => strategy::ray(),
        2 => (lattice, axis).prop_map(|(o, d)| Ray::new(o, d)),
        1 => (strategy::point(), strategy::unit(), prop_oneof![Just(1e-25 as Real), Just(1e25 as Real)])
            .prop_map(|(o, d, s)| Ray::new(o, d * s)),
    ]
}

/// `max_t` for the comparisons: mostly finite, sometimes 0 or `+∞`.
pub fn max_t() -> impl Strategy<Value = Real> {
    prop_oneof![
        4 => strategy::real(0.0, 30.0),
        1 => Just(0.0 as Real),
        1 => Just(Real::INFINITY),
        1 => (1i32..=20).prop_map(|k| k as Real),
    ]
}

/// Frusta: cameras' and boxes' (whose axis-aligned planes touch lattice boxes exactly).
pub fn frustum() -> impl Strategy<Value = Frustum> {
    prop_oneof![
        2 => strategy::camera_frustum(),
        1 => strategy::aabb().prop_map(|b| aabb_frustum(&b)),
    ]
}

/// Invalid rays and `max_t` (each with a control that hits) for the hand cases.
pub fn invalid_rays() -> Vec<(Ray, Real)> {
    let nan = Real::NAN;
    let inf = Real::INFINITY;
    vec![
        (Ray::new(Vec3::ZERO, Vec3::ZERO), 10.0),
        (Ray::new(v(nan, 0.0, 0.0), Vec3::X), 10.0),
        (Ray::new(v(0.0, inf, 0.0), Vec3::X), 10.0),
        (Ray::new(Vec3::ZERO, v(1.0, nan, 0.0)), 10.0),
        (Ray::new(Vec3::ZERO, v(inf, 0.0, 0.0)), 10.0),
        (Ray::new(Vec3::ZERO, Vec3::X), nan),
        (Ray::new(Vec3::ZERO, Vec3::X), -1.0),
    ]
}
