//! A translating sweep's step taken from GJK's distance, an upper bound, went past the contact
//! (issue 24, AFL `query_sweep`, five crash files of one case).
//!
//! A box `x ∈ [−3.02e-13, 5.3125]`, `y ∈ [−5.375, 7.76e-10]`, `z ∈ [−5.375, 3.59e-10]` and a flat
//! hull, the triangle `p0 = (7, 1.1875, 7.1e-4)`, `p1 = (6.6e-13, −1/16, 3.625)`,
//! `p2 = (−3.7e-14, −1.1875, −4.7e-15)`, moving by `(−5.625, −5.5625, −5.5625)` and
//! `(−5.5625, −5.5625, −5.5625)`. The corner `p2` lies inside the box (the comparisons below,
//! exact), and the relative motion `(−1/16, 0, 0)` (exact) keeps it inside: in the box's frame
//! it moves `+x` by `t / 16`, towards the box's far face 5.3 away. So they overlap throughout:
//! exactly `t_first = 0`, `t_last = 1`. GJK's distance for them is `3.1e-4` in `f32` (at
//! coordinates near 3; an unproved upper bound: no support point proved any gap), and the
//! advancement stepped by it over `|v|`: 64 steps of `0.005` to `t_first = 0.313`, and
//! backwards to `t_last = 0.782` at one scale and `0.689` at `4⁻¹¹`. The steps now use the gap
//! that the support points prove (a lower bound) and stop where none is proved.
//!
//! The second case lowers the box's top to `z = −1/4` and adds `1/2` to the relative motion
//! along `z`: the box's top face reaches the triangle's lowest corner `p2` (inside its
//! footprint throughout) at exactly `t* = 2 (p2.z + 1/4)`, apart by `(t* − t) / 2` before, and
//! `p2` is inside the box at `t = 1`, so `t_last = 1`.

#![allow(
    clippy::useless_conversion,
    reason = "times and coordinates widened to f64 in both crates: no-ops in isect-f64"
)]

use isect::math::Vec3;
use isect::query::algo::conservative_advancement::ADVANCEMENT_RELATIVE_TOLERANCE;
use isect::{Aabb, ConvexHull, Real, Sweep, SweepHit};

use super::{PERMUTATIONS, pow2, turn};

/// The box of the crash files at scale 1: `(min, max)`.
fn box_corners() -> (Vec3, Vec3) {
    (
        Vec3::new(-3.0205236e-13, -5.375, -5.375),
        Vec3::new(5.3125, 7.761021e-10, 3.5893594e-10),
    )
}

/// The flat hull's corners of the crash files (`p2`, inside the box, last); the other crash
/// files differ in `p0` and `p1` only.
const HULLS: [[[Real; 3]; 3]; 4] = [
    [
        [7.0, 1.1875, 0.00071040133],
        [6.616128e-13, -0.0625, 3.625],
        [-3.735992e-14, -1.1875, -4.6553985e-15],
    ],
    [
        [7.0, 1.1875, 0.00071040133],
        [1.0625, -0.0625, 0.00071040133],
        [-3.735992e-14, -1.5, -4.635181e-15],
    ],
    [
        [7.0, 1.1875, 0.00071040133],
        [6.4610625e-16, 1.1875, 3.625],
        [-3.735992e-14, -1.1875, -4.6553985e-15],
    ],
    [
        [7.0, 1.1875, 0.00071040133],
        [0.00071040133, -7.625, 3.9375],
        [-3.735992e-14, -1.1875, -4.6553985e-15],
    ],
];

/// The two motions of the crash files: the box's and the hull's.
fn motions() -> (Vec3, Vec3) {
    (
        Vec3::new(-5.625, -5.5625, -5.5625),
        Vec3::new(-5.5625, -5.5625, -5.5625),
    )
}

/// A scene placed by an exact map (a power-of-two scale and a signed quarter turn): the box,
/// the hull's corners (in the order `order`), and the two motions.
struct Scene {
    aabb: Aabb,
    hull: ConvexHull,
    motion: Vec3,
    hull_motion: Vec3,
}

fn place(
    (min, max): (Vec3, Vec3),
    corners: &[[Real; 3]; 3],
    (motion, hull_motion): (Vec3, Vec3),
    map: &dyn Fn(Vec3) -> Vec3,
    order: [usize; 3],
) -> Scene {
    let (a, b) = (map(min), map(max));
    Scene {
        aabb: Aabb::new(a.min(b), a.max(b)),
        hull: ConvexHull::new(order.map(|i| map(Vec3::from_array(corners[i]))).to_vec()),
        motion: map(motion),
        hull_motion: map(hull_motion),
    }
}

/// An exact map of the scene (see [`maps`]).
type Map = Box<dyn Fn(Vec3) -> Vec3>;

/// Every exact map used: scales `2ᵏ` for `k` in `−60..=60` (within both precisions' normal
/// range for these numbers) with the identity, and at a few scales every signed quarter turn
/// of two sign patterns.
fn maps() -> Vec<(String, Map)> {
    let mut out: Vec<(String, Map)> = Vec::new();
    for k in [-60, -48, -36, -24, -22, -12, -1, 0, 1, 12, 24, 36, 48, 60] {
        let s = pow2(k);
        out.push((format!("2^{k}"), Box::new(move |p| p * s)));
    }
    for k in [-22, 0, 24] {
        let s = pow2(k);
        for perm in 0..PERMUTATIONS.len() {
            for signs in [[false, true, false], [true, true, true]] {
                out.push((
                    format!("2^{k} turn {perm} {signs:?}"),
                    Box::new(move |p| turn(p * s, perm, signs)),
                ));
            }
        }
    }
    out
}

/// The sweeps of a scene in both argument orders (the hull's answer mirrored needs no change:
/// times are the same).
fn sweeps(scene: &Scene) -> [Option<SweepHit>; 2] {
    [
        scene
            .aabb
            .sweep(scene.motion, &scene.hull, scene.hull_motion),
        scene
            .hull
            .sweep(scene.hull_motion, &scene.aabb, scene.motion),
    ]
}

#[test]
fn overlapping_box_and_flat_hull_sweep_over_the_whole_motion() {
    let (min, max) = box_corners();
    let (motion, hull_motion) = motions();
    // The relative motion is exactly (−1/16, 0, 0).
    assert_eq!(motion - hull_motion, Vec3::new(-0.0625, 0.0, 0.0));
    for corners in &HULLS {
        // p2 is inside the box at t = 0 (exact comparisons), more than 1/16 from its far face
        // in x; the relative motion moves it by +t/16 in x in the box's frame.
        let p2 = Vec3::from_array(corners[2]);
        assert!(min.cmple(p2).all() && p2.cmple(max).all(), "{p2}");
        assert!(max.x - p2.x > 0.0625);
        for (name, map) in maps() {
            for order in PERMUTATIONS {
                let scene = place((min, max), corners, (motion, hull_motion), &*map, order);
                for (i, hit) in sweeps(&scene).into_iter().enumerate() {
                    let h = hit.unwrap_or_else(|| panic!("no hit: {name} {order:?} {i}"));
                    assert_eq!(
                        (h.t_first, h.t_last),
                        (0.0, 1.0),
                        "{name} {order:?} {i}: {h:?} {corners:?}"
                    );
                    assert!(h.normal.is_finite() && h.point.is_finite(), "{h:?}");
                }
            }
        }
    }
}

#[test]
fn box_rising_into_a_flat_hull_touches_at_its_lowest_corner() {
    let (min, mut max) = box_corners();
    max.z = -0.25;
    let (motion, hull_motion) = motions();
    let motion = motion + Vec3::new(0.0, 0.0, 0.5);
    assert_eq!(motion - hull_motion, Vec3::new(-0.0625, 0.0, 0.5));
    for corners in &HULLS {
        let p2 = Vec3::from_array(corners[2]);
        // p2 is the triangle's lowest corner, within the box's footprint (x, y) throughout
        // (the box's near x face moves away from it, the far one stays 5.3 off).
        assert!(corners.iter().all(|c| c[2] >= p2.z));
        assert!(min.x <= p2.x && min.y <= p2.y && p2.y <= max.y && max.x - p2.x > 0.0625);
        // The exact time the box's top (z = −1/4 + t/2) reaches p2.z, and the gap before it.
        let contact = 2.0 * (f64::from(p2.z) + 0.25);
        let gap = |t: f64| (contact - t) / 2.0;
        for (name, map) in maps() {
            for order in PERMUTATIONS {
                let scene = place((min, max), corners, (motion, hull_motion), &*map, order);
                for (i, hit) in sweeps(&scene).into_iter().enumerate() {
                    let h = hit.unwrap_or_else(|| panic!("no hit: {name} {order:?} {i}"));
                    let what = format!("{name} {order:?} {i}: {h:?} {corners:?}");
                    let (first, last) = (f64::from(h.t_first), f64::from(h.t_last));
                    // Touching at t_first, apart just before: no later than the contact (to the
                    // rounding of t near 1/2) and apart there by no more than the documented
                    // tolerance, relative to the coordinates (7, scaled out).
                    assert!(first <= contact + f64::from(Real::EPSILON), "late: {what}");
                    assert!(
                        gap(first) <= f64::from(ADVANCEMENT_RELATIVE_TOLERANCE) * 7.0,
                        "early: {what}"
                    );
                    assert_eq!(last, 1.0, "{what}");
                }
            }
        }
    }
}
