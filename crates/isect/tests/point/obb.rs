//! Point queries on `Obb`: closest point, distance and containment.
//!
//! Rotations that map axes onto axes (signed permutation matrices, and the quaternions with
//! components in {0, ±1/2, ±1}) are exact, so those boxes must answer exactly like the `Aabb`
//! they cover; general rotations are checked with a tolerance against answers built in the box's
//! frame.

use isect::math::{Mat3, NO_POINT, Quat, Vec3};
use isect::{Aabb, Obb, PointQuery, Real, ShapeError};
use proptest::prelude::*;

use crate::common::sample::{Sample, unit_cube};
use crate::common::strategy::{motion, obb, point, signed_permutation, vec3};
use crate::common::transform::Moved;
use crate::common::{
    assert_is_projection, assert_near, assert_near_vec, next_up, non_finite_points, obb_corners,
    signed_permutations, tol, v,
};

/// The axis-aligned box that `obb` covers when its rotation is a signed permutation.
fn covered_aabb(obb: &Obb) -> Aabb {
    Aabb::from_center_half_extents(obb.center, obb.rotation.abs() * obb.half_extents)
}

/// Asserts that `obb` answers exactly like `aabb` at `p`.
#[track_caller]
fn assert_same_as_aabb(obb: &Obb, aabb: &Aabb, p: Vec3) {
    assert_eq!(
        obb.contains_point(p),
        aabb.contains_point(p),
        "contains {p} ({obb:?})"
    );
    assert_eq!(
        obb.closest_point(p),
        aabb.closest_point(p),
        "closest to {p} ({obb:?})"
    );
    assert_eq!(
        obb.distance_to_point(p),
        aabb.distance_to_point(p),
        "distance of {p} ({obb:?})"
    );
}

/// Points around `center` on a half-integer grid reaching 3.5 past every face of a box of half
/// extents up to 2: inside, on faces, edges and corners, and in every outside region.
fn grid(center: Vec3) -> impl Iterator<Item = Vec3> {
    let r = -11..=11;
    r.clone().flat_map(move |i| {
        let r = r.clone();
        r.clone().flat_map(move |j| {
            r.clone()
                .map(move |k| center + v(i as Real, j as Real, k as Real) * 0.5)
        })
    })
}

#[test]
fn signed_permutations_answer_like_the_aabb() {
    let center = v(1.0, -2.0, 0.5);
    let half = v(0.5, 1.0, 2.0);
    let mut count = 0;
    for rotation in signed_permutations() {
        let obb = Obb::new(center, half, rotation);
        assert_eq!(obb.is_valid(), Ok(()));
        let aabb = covered_aabb(&obb);
        for p in grid(center) {
            assert_same_as_aabb(&obb, &aabb, p);
            count += 1;
        }
    }
    assert_eq!(count, 48 * 23 * 23 * 23);
}

#[test]
fn a_quarter_turn_swaps_the_extents() {
    // Local x along world y, local y along world -x: the box covers [-2, 2] × [-1, 1] × [-3, 3].
    let rotation = Mat3::from_cols(Vec3::Y, -Vec3::X, Vec3::Z);
    let obb = Obb::new(Vec3::ZERO, v(1.0, 2.0, 3.0), rotation);
    assert!(obb.contains_point(v(2.0, 1.0, 3.0)));
    assert!(obb.contains_point(v(-2.0, -1.0, -3.0)));
    assert!(!obb.contains_point(v(1.0, 1.5, 0.0)));
    assert!(!obb.contains_point(v(next_up(2.0), 0.0, 0.0)));
    assert_eq!(obb.closest_point(v(5.0, 0.5, 0.0)), v(2.0, 0.5, 0.0));
    assert_eq!(obb.distance_to_point(v(5.0, 0.5, 0.0)), 3.0);
    assert_eq!(obb.closest_point(v(0.0, 4.0, -7.0)), v(0.0, 1.0, -3.0));
    assert_eq!(obb.distance_to_point(v(0.0, 4.0, -7.0)), 5.0);
    assert_eq!(obb.closest_point(v(3.0, 3.0, 5.0)), v(2.0, 1.0, 3.0));
    assert_eq!(obb.distance_to_point(v(3.0, 3.0, 5.0)), 3.0);
}

/// The quaternions with components in {0, ±1/2, ±1} (the 24 Hurwitz units): 12 rotations, each
/// twice, whose matrices `Mat3::from_quat` computes exactly.
fn exact_quats() -> Vec<Quat> {
    let mut out = Vec::new();
    for axis in 0..4 {
        for sign in [1.0, -1.0] {
            let mut c = [0.0 as Real; 4];
            c[axis] = sign;
            out.push(Quat::from_array(c));
        }
    }
    for signs in 0..16 {
        let c: [Real; 4] = core::array::from_fn(|i| if signs & (1 << i) == 0 { 0.5 } else { -0.5 });
        out.push(Quat::from_array(c));
    }
    out
}

#[test]
fn exact_quaternions_answer_like_the_aabb() {
    let center = v(-1.5, 0.0, 2.0);
    let half = v(2.0, 0.5, 1.0);
    let permutations = signed_permutations();
    for q in exact_quats() {
        let obb = Obb::from_quat(center, half, q);
        assert!(
            permutations.contains(&obb.rotation),
            "{q} gave {:?}",
            obb.rotation
        );
        let aabb = covered_aabb(&obb);
        for p in grid(center).step_by(7) {
            assert_same_as_aabb(&obb, &aabb, p);
        }
    }
    // The cyclic permutation: local x → world y, y → z, z → x.
    let obb = Obb::from_quat(
        Vec3::ZERO,
        v(1.0, 2.0, 3.0),
        Quat::from_xyzw(0.5, 0.5, 0.5, 0.5),
    );
    assert_eq!(obb.rotation, Mat3::from_cols(Vec3::Y, Vec3::Z, Vec3::X));
    assert!(obb.contains_point(v(3.0, 1.0, 2.0)));
    assert!(!obb.contains_point(v(1.0, 3.0, 2.0)));
    assert_eq!(obb.closest_point(v(7.0, 0.0, 0.0)), v(3.0, 0.0, 0.0));
}

#[test]
fn rounded_quarter_turn_quaternions_are_close_to_exact() {
    // sin and cos of π/4 are not representable: the matrix is a signed permutation up to
    // rounding, and so are the answers.
    let half = v(0.5, 1.0, 2.0);
    let center = v(1.0, 1.0, 1.0);
    for q in [
        Quat::from_rotation_x(core::f64::consts::FRAC_PI_2 as Real),
        Quat::from_rotation_y(-core::f64::consts::FRAC_PI_2 as Real),
        Quat::from_rotation_z(core::f64::consts::FRAC_PI_2 as Real),
    ] {
        let obb = Obb::from_quat(center, half, q);
        assert_eq!(obb.is_valid(), Ok(()));
        let exact = Mat3::from_cols_array(&obb.rotation.to_cols_array().map(|x| x.round()));
        let aabb = covered_aabb(&Obb::new(center, half, exact));
        for p in grid(center).step_by(5) {
            assert_near(
                obb.distance_to_point(p),
                aabb.distance_to_point(p),
                "distance",
            );
            assert_near_vec(obb.closest_point(p), aabb.closest_point(p), "closest");
            // Containment agrees away from the boundary.
            if aabb.distance_to_point(p) > 0.25 {
                assert!(!obb.contains_point(p), "{p}");
            }
            if aabb.contains_point(p) && covered_aabb_depth(&aabb, p) >= 0.5 {
                assert!(obb.contains_point(p), "{p}");
            }
        }
    }
}

/// How far inside `aabb` the point `p` is (negative outside).
fn covered_aabb_depth(aabb: &Aabb, p: Vec3) -> Real {
    (p - aabb.min).min(aabb.max - p).min_element()
}

#[test]
fn forty_five_degrees_about_z() {
    // The unit-half-extent cube turned 45° about z: its vertical edges at distance √2 on the
    // x and y axes, its side faces at distance 1 along the diagonals.
    let obb = Obb::from_quat(
        Vec3::ZERO,
        Vec3::ONE,
        Quat::from_rotation_z(core::f64::consts::FRAC_PI_4 as Real),
    );
    let s2 = (2.0 as Real).sqrt();
    // Outside the vertical edge on +x: closest is the edge.
    assert_near_vec(obb.closest_point(v(3.0, 0.0, 0.5)), v(s2, 0.0, 0.5), "edge");
    assert_near(
        obb.distance_to_point(v(3.0, 0.0, 0.5)),
        3.0 - s2,
        "edge distance",
    );
    // Outside a side face: along the diagonal.
    let h = 1.0 / s2;
    assert_near_vec(obb.closest_point(v(2.0, 2.0, 0.0)), v(h, h, 0.0), "face");
    assert_near(
        obb.distance_to_point(v(2.0, 2.0, 0.0)),
        2.0 * s2 - 1.0,
        "face distance",
    );
    // Above the top face, and above a top corner.
    assert_near_vec(obb.closest_point(v(0.5, 0.0, 4.0)), v(0.5, 0.0, 1.0), "top");
    assert_near(obb.distance_to_point(v(0.5, 0.0, 4.0)), 3.0, "top distance");
    assert_near_vec(
        obb.closest_point(v(0.0, 5.0, 5.0)),
        v(0.0, s2, 1.0),
        "corner",
    );
    assert_near(
        obb.distance_to_point(v(0.0, 5.0, 5.0)),
        ((5.0 - s2) * (5.0 - s2) + 16.0).sqrt(),
        "corner distance",
    );
    // Inside near the edge, and outside where the unrotated cube would contain the point.
    assert!(obb.contains_point(v(1.4, 0.0, 0.0)));
    assert!(!obb.contains_point(v(0.9, 0.9, 0.0)));
    assert!(obb.distance_to_point(v(0.9, 0.9, 0.0)) > 0.27);
}

#[test]
fn general_rotation_in_the_box_frame() {
    // Points placed by their local coordinates with the rotation matrix itself (not the
    // library's frame conversion); the expected answers are the local clamp, mapped back.
    let q = Quat::from_axis_angle(v(1.0, 2.0, 3.0).normalize(), 0.7);
    let rotation = Mat3::from_quat(q);
    let center = v(2.0, -1.0, 3.0);
    let half = v(1.0, 2.0, 0.5);
    let obb = Obb::new(center, half, rotation);
    let world = |local: Vec3| center + rotation * local;
    let cases: [(Vec3, Vec3, Real); 8] = [
        // inside, and on a face
        (v(0.5, -1.0, 0.25), v(0.5, -1.0, 0.25), 0.0),
        (v(0.5, 2.0, 0.0), v(0.5, 2.0, 0.0), 0.0),
        // face regions
        (v(3.0, 0.5, 0.0), v(1.0, 0.5, 0.0), 2.0),
        (v(0.0, -6.0, 0.25), v(0.0, -2.0, 0.25), 4.0),
        // edge regions
        (v(4.0, 6.0, 0.0), v(1.0, 2.0, 0.0), 5.0),
        (v(0.0, -5.0, -4.5), v(0.0, -2.0, -0.5), 5.0),
        // corner regions
        (v(2.0, 4.0, 2.5), v(1.0, 2.0, 0.5), 3.0),
        (v(-3.0, -5.0, -6.5), v(-1.0, -2.0, -0.5), 7.0),
    ];
    for (local, closest_local, distance) in cases {
        let p = world(local);
        assert_near_vec(obb.closest_point(p), world(closest_local), "closest");
        assert_near(obb.distance_to_point(p), distance, "distance");
        if distance == 0.0 {
            // Inside (or on a face, up to the rounding of `world`): the answer is p itself
            // whenever the box says it contains p.
            if obb.contains_point(p) {
                assert_eq!(obb.closest_point(p), p);
            }
        } else {
            assert!(!obb.contains_point(p));
        }
    }
    assert!(obb.contains_point(world(v(0.9, 1.9, 0.4))));
    assert!(obb.contains_point(center));
}

#[test]
fn reflections_are_the_same_box() {
    let q = Quat::from_axis_angle(v(-2.0, 1.0, 0.5).normalize(), 1.3);
    let rotation = Mat3::from_quat(q);
    let mirrored = Mat3::from_cols(rotation.x_axis, rotation.y_axis, -rotation.z_axis);
    let half = v(1.0, 0.5, 2.0);
    let a = Obb::new(v(1.0, 2.0, 3.0), half, rotation);
    let b = Obb::new(v(1.0, 2.0, 3.0), half, mirrored);
    assert_eq!(b.is_valid(), Ok(()));
    for p in grid(a.center).step_by(11) {
        assert_near(a.distance_to_point(p), b.distance_to_point(p), "distance");
        assert_near_vec(a.closest_point(p), b.closest_point(p), "closest");
    }
}

#[test]
fn zero_half_extents_are_flat_boxes() {
    let rotation = Mat3::from_cols(Vec3::Z, Vec3::X, Vec3::Y); // local x → z, y → x, z → y
    // A rectangle in the plane z = 1: local x has no extent.
    let rect = Obb::new(v(0.0, 0.0, 1.0), v(0.0, 2.0, 1.0), rotation);
    assert_eq!(rect.is_valid(), Ok(()));
    assert!(rect.contains_point(v(2.0, 1.0, 1.0)));
    assert!(!rect.contains_point(v(0.0, 0.0, next_up(1.0))));
    assert_eq!(rect.closest_point(v(1.0, 0.5, 5.0)), v(1.0, 0.5, 1.0));
    assert_eq!(rect.distance_to_point(v(1.0, 0.5, -3.0)), 4.0);
    assert_eq!(rect.closest_point(v(5.0, 5.0, 1.0)), v(2.0, 1.0, 1.0));
    assert_eq!(rect.distance_to_point(v(5.0, 5.0, 1.0)), 5.0);
    // A segment along y.
    let seg = Obb::new(Vec3::ZERO, v(0.0, 0.0, 3.0), rotation);
    assert!(seg.contains_point(v(0.0, -3.0, 0.0)));
    assert!(!seg.contains_point(v(0.0, 1.0, next_up(0.0))));
    assert_eq!(seg.closest_point(v(3.0, 1.0, 4.0)), v(0.0, 1.0, 0.0));
    assert_eq!(seg.distance_to_point(v(3.0, 1.0, 4.0)), 5.0);
    assert_eq!(seg.closest_point(v(0.0, 7.0, 3.0)), v(0.0, 3.0, 0.0));
    // A point, under any rotation.
    let c = v(1.0, 2.0, 3.0);
    for rotation in [Mat3::IDENTITY, Mat3::from_quat(Quat::from_rotation_y(0.4))] {
        let pt = Obb::new(c, Vec3::ZERO, rotation);
        assert!(pt.contains_point(c));
        assert!(!pt.contains_point(c + v(0.0, 0.0, 1e-3)));
        assert_eq!(pt.closest_point(c), c);
        assert_near_vec(pt.closest_point(c + v(3.0, 4.0, 0.0)), c, "point");
        assert_near(
            pt.distance_to_point(c + v(3.0, 0.0, -4.0)),
            5.0,
            "point distance",
        );
    }
}

#[test]
fn invalid_boxes_are_empty() {
    let r = Mat3::IDENTITY;
    let one = Vec3::ONE;
    let cases = [
        (
            Obb::new(v(Real::NAN, 0.0, 0.0), one, r),
            ShapeError::NonFinite { field: "center" },
        ),
        (
            Obb::new(v(0.0, 0.0, Real::NEG_INFINITY), one, r),
            ShapeError::NonFinite { field: "center" },
        ),
        (
            Obb::new(Vec3::ZERO, v(1.0, Real::INFINITY, 1.0), r),
            ShapeError::NonFinite {
                field: "half_extents",
            },
        ),
        (
            Obb::new(Vec3::ZERO, v(1.0, 1.0, Real::NAN), r),
            ShapeError::NonFinite {
                field: "half_extents",
            },
        ),
        (
            Obb::new(
                Vec3::ZERO,
                one,
                Mat3::from_cols(Vec3::X, v(0.0, Real::NAN, 0.0), Vec3::Z),
            ),
            ShapeError::NonFinite { field: "rotation" },
        ),
        (
            Obb::new(
                Vec3::ZERO,
                one,
                Mat3::from_cols(Vec3::X, Vec3::Y, v(0.0, 0.0, Real::INFINITY)),
            ),
            ShapeError::NonFinite { field: "rotation" },
        ),
        (
            Obb::new(Vec3::ZERO, v(1.0, -1.0, 1.0), r),
            ShapeError::Negative {
                field: "half_extents",
            },
        ),
        (
            Obb::new(Vec3::ZERO, v(-Real::MIN_POSITIVE, 1.0, 1.0), r),
            ShapeError::Negative {
                field: "half_extents",
            },
        ),
        // Non-finite before negative.
        (
            Obb::new(v(Real::NAN, 0.0, 0.0), -one, r),
            ShapeError::NonFinite { field: "center" },
        ),
    ];
    for (obb, why) in cases {
        assert_eq!(obb.is_valid(), Err(why), "{obb:?}");
        assert_eq!(
            Obb::try_new(obb.center, obb.half_extents, obb.rotation),
            Err(why)
        );
        for p in [Vec3::ZERO, v(0.5, 0.5, 0.5), v(5.0, 0.0, 0.0)] {
            assert!(!obb.contains_point(p), "{obb:?} contains {p}");
            assert_eq!(obb.distance_to_point(p), Real::INFINITY, "{obb:?}");
            assert_eq!(obb.closest_point(p), NO_POINT, "{obb:?}");
        }
    }
}

#[test]
fn rotations_without_orthonormal_columns_are_reported() {
    // The queries do not check orthonormality (too costly per call; see ARCHITECTURE.md):
    // `is_valid` and `try_new` do.
    let bad = [
        Mat3::ZERO,
        Mat3::from_diagonal(v(2.0, 1.0, 1.0)),
        Mat3::from_cols(Vec3::X, v(1.0, 1.0, 0.0).normalize(), Vec3::Z),
        Mat3::from_cols(Vec3::X, Vec3::X, Vec3::Z),
        Mat3::from_diagonal(v(1.0, 1.0, 1.001)),
    ];
    for rotation in bad {
        let obb = Obb::new(Vec3::ZERO, Vec3::ONE, rotation);
        assert_eq!(
            obb.is_valid(),
            Err(ShapeError::NotOrthonormal),
            "{rotation:?}"
        );
        assert_eq!(
            Obb::try_new(Vec3::ZERO, Vec3::ONE, rotation),
            Err(ShapeError::NotOrthonormal)
        );
    }
}

#[test]
fn try_new_accepts_valid_boxes() {
    let rotation = Mat3::from_quat(Quat::from_axis_angle(v(3.0, -1.0, 2.0).normalize(), 2.0));
    let obb = Obb::new(v(1.0, 2.0, 3.0), v(0.0, 1.0, 2.0), rotation);
    assert_eq!(
        Obb::try_new(obb.center, obb.half_extents, rotation),
        Ok(obb)
    );
    for m in signed_permutations() {
        assert_eq!(Obb::try_new(Vec3::ZERO, Vec3::ONE, m).map(|_| ()), Ok(()));
    }
}

#[test]
fn non_finite_points_are_not_contained() {
    let obbs = [
        Obb::new(Vec3::ZERO, Vec3::ONE, Mat3::IDENTITY),
        Obb::from_quat(
            v(1.0, 0.0, 0.0),
            v(2.0, 1.0, 0.5),
            Quat::from_rotation_x(0.3),
        ),
        Obb::new(Vec3::ZERO, Vec3::splat(Real::MAX), Mat3::IDENTITY),
    ];
    for obb in obbs {
        for p in non_finite_points() {
            assert!(!obb.contains_point(p), "{obb:?} contains {p}");
            assert_eq!(obb.distance_to_point(p), Real::INFINITY, "{p}");
            assert_eq!(obb.closest_point(p), NO_POINT, "{p}");
        }
    }
}

/// Points with coordinates in eighths, in [-8, 8].
fn eighths() -> impl Strategy<Value = Vec3> {
    (-64i32..=64, -64i32..=64, -64i32..=64)
        .prop_map(|(x, y, z)| v(x as Real, y as Real, z as Real) * 0.125)
}

proptest! {
    #[test]
    fn closest_point_is_the_projection(b in obb(), p in point()) {
        let q = b.closest_point(p);
        prop_assert!(b.distance_to_point(q) <= tol(q.abs().max_element()), "{} not in {:?}", q, b);
        assert_is_projection(p, q, &obb_corners(&b), "obb");
        assert_near(b.distance_to_point(p), q.distance(p), "distance = |p - q|");
    }

    #[test]
    fn contains_iff_distance_is_zero(b in obb(), p in point()) {
        let d = b.distance_to_point(p);
        prop_assert_eq!(b.contains_point(p), d == 0.0, "distance {}", d);
        if b.contains_point(p) {
            prop_assert_eq!(b.closest_point(p), p);
        }
    }

    #[test]
    fn no_sampled_point_is_closer(b in obb(), p in point(), u in unit_cube()) {
        let sample = b.sample(u);
        prop_assert!(b.distance_to_point(sample) <= tol(10.0));
        prop_assert!(sample.distance(p) >= b.distance_to_point(p) - tol(10.0));
    }

    #[test]
    fn motion_changes_nothing(b in obb(), p in point(), m in motion()) {
        let moved = b.moved(&m);
        assert_near(moved.distance_to_point(m.apply(p)), b.distance_to_point(p), "distance");
        assert_near_vec(moved.closest_point(m.apply(p)), m.apply(b.closest_point(p)), "closest");
    }

    /// A box turned by a signed permutation is an `Aabb`: the answers must be identical. (On a
    /// lattice of eighths, where `center + (p − center)` is exact; elsewhere the coordinates that
    /// are not clamped may be off by the rounding of that round trip.)
    #[test]
    fn axis_aligned_rotations_are_exact(
        center in eighths(),
        half in (0u8..=16, 0u8..=16, 0u8..=16),
        m in signed_permutation(),
        p in eighths(),
    ) {
        let half = v(half.0 as Real, half.1 as Real, half.2 as Real) * 0.25;
        let b = Obb::new(center, half, m);
        let aabb = covered_aabb(&b);
        prop_assert_eq!(b.contains_point(p), aabb.contains_point(p));
        prop_assert_eq!(b.closest_point(p), aabb.closest_point(p));
        assert_near(b.distance_to_point(p), aabb.distance_to_point(p), "distance");
    }

    /// Translating the box and the point together (no rotation): the answers move along.
    #[test]
    fn translation_changes_nothing(b in obb(), p in point(), t in vec3()) {
        let moved = Obb::new(b.center + t, b.half_extents, b.rotation);
        assert_near(moved.distance_to_point(p + t), b.distance_to_point(p), "distance");
        assert_near_vec(moved.closest_point(p + t), b.closest_point(p) + t, "closest");
    }
}
