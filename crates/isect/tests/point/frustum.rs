//! Point queries on `Frustum`: closest point, distance and containment.
//!
//! Frusta come from glam's camera module (perspective, OpenGL perspective, orthographic,
//! infinite and reversed infinite projections, times view matrices) and from hand-built plane
//! sets. The answers are checked against independent ones: a box given as six planes must answer
//! like the `Aabb`; a camera frustum like the `ConvexHull` of its eight corners (GJK), like the
//! analytic answers of a frustum with simple numbers, and every projection must pass the
//! obtuse-angle test against the corners.

use isect::math::{Mat4, NO_POINT, Vec3};
use isect::{
    Aabb, Bounded, Classify, ConvexHull, Frustum, Plane, PointQuery, Real, ShapeError, Side,
};
use proptest::prelude::*;

use crate::common::camera::rh::proj::{directx, opengl, vulkan};
use crate::common::camera::rh::view::look_at_mat4;
use crate::common::sample::{Sample, unit_cube};
use crate::common::strategy::{aabb, camera_frustum, motion, point, unit, view_matrix};
use crate::common::transform::Moved;
use crate::common::{
    aabb_frustum, assert_is_projection, assert_near, assert_near_vec, gjk_distance_tolerance,
    gjk_point_tolerance, next_down, next_up, non_finite_points, tol, v,
};

const QUARTER_TURN: Real = core::f64::consts::FRAC_PI_2 as Real;

/// The box [-1, 3] × [1, 2] × [-4, -2] (as in the `Aabb` tests).
fn the_box() -> Aabb {
    Aabb::new(v(-1.0, 1.0, -4.0), v(3.0, 2.0, -2.0))
}

/// Asserts that `frustum` answers like `aabb` at `p`: containment exactly, the rest up to
/// rounding.
#[track_caller]
fn assert_like_aabb(frustum: &Frustum, aabb: &Aabb, p: Vec3) {
    assert_eq!(
        frustum.contains_point(p),
        aabb.contains_point(p),
        "contains {p} ({aabb:?})"
    );
    assert_near_vec(
        frustum.closest_point(p),
        aabb.closest_point(p),
        &format!("closest to {p} ({aabb:?})"),
    );
    assert_near(
        frustum.distance_to_point(p),
        aabb.distance_to_point(p),
        &format!("distance of {p} ({aabb:?})"),
    );
}

/// Points on a half-integer grid from -6 to 6: inside, on the faces, edges and corners of the
/// box, and in every region outside it.
fn grid() -> impl Iterator<Item = Vec3> {
    (-12..=12).flat_map(|i| {
        (-12..=12)
            .flat_map(move |j| (-12..=12).map(move |k| v(i as Real, j as Real, k as Real) * 0.5))
    })
}

#[test]
fn a_box_as_six_planes_answers_like_the_aabb() {
    let aabb = the_box();
    let frustum = aabb_frustum(&aabb);
    assert_eq!(frustum.is_valid(), Ok(()));
    for p in grid() {
        assert_like_aabb(&frustum, &aabb, p);
    }
    // Its corners are the box's.
    let corners = frustum.corners().unwrap();
    assert_eq!(corners[0], aabb.min);
    assert_eq!(corners[7], aabb.max);
}

#[test]
fn flat_boxes_as_six_planes_answer_like_the_aabb() {
    for aabb in [
        Aabb::new(v(0.0, 0.0, 1.0), v(2.0, 2.0, 1.0)),
        Aabb::new(v(0.0, 1.0, 1.0), v(4.0, 1.0, 1.0)),
        Aabb::new(v(1.0, -2.0, 3.0), v(1.0, -2.0, 3.0)),
    ] {
        let frustum = aabb_frustum(&aabb);
        for p in grid().step_by(3) {
            assert_like_aabb(&frustum, &aabb, p);
        }
    }
}

/// Regression: a point 6.9 from a flat frustum (a segment along x) got the segment's end,
/// 1.3e-3 to the side of its true closest point: the two have the same squared distance in f32.
#[test]
fn nearly_equidistant_candidates_are_told_apart() {
    let aabb = Aabb::new(v(-0.89663726, 0.0, 0.0), v(0.89663726, 0.0, 0.0));
    let p = v(-0.89534545, 6.8859286, 0.0);
    assert_eq!(
        aabb_frustum(&aabb).closest_point(p),
        v(-0.89534545, 0.0, 0.0)
    );
    assert_eq!(aabb_frustum(&aabb).distance_to_point(p), 6.8859286);
    // The same 1000 out from a camera's top face, 0.15 beside its left edge: the edge's
    // candidate is as far in f32 (their squared distances differ by 0.02, below the ulp of
    // 10⁶), and used to win.
    let f = simple_camera();
    let n = f.planes[Frustum::TOP].normal;
    let on_face = v(-9.85, 5.0, -5.0);
    let p = on_face + n * 1000.0;
    let q = f.closest_point(p);
    assert!(q.distance(on_face) <= tol(10.0), "{q} vs {on_face}");
}

/// fov 90°, aspect 2, near 1, far 9, looking down -z from the origin: at depth `t` the frustum
/// spans |x| <= 2t, |y| <= t. Its near and far planes are extracted exactly.
fn simple_camera() -> Frustum {
    Frustum::from_matrix(&directx::perspective(QUARTER_TURN, 2.0, 1.0, 9.0))
}

/// (point, closest point, distance) for `simple_camera`, by hand: outside each kind of face
/// (near, far, top, right), an edge and a corner, with the normal-cone decomposition of
/// `p − closest` checked on paper.
fn simple_camera_cases() -> Vec<(Vec3, Vec3, Real)> {
    let s2 = (2.0 as Real).sqrt();
    let s5 = (5.0 as Real).sqrt();
    vec![
        // Between the eye and the near plane, and behind the eye: the near face.
        (v(0.0, 0.0, -0.5), v(0.0, 0.0, -1.0), 0.5),
        (v(0.5, -0.25, 5.0), v(0.5, -0.25, -1.0), 6.0),
        // The top face (y + z = 0, normal (0, 1, 1)/√2): (0, 7, -5) is √2 above (0, 6, -6).
        (v(0.0, 7.0, -5.0), v(0.0, 6.0, -6.0), s2),
        // The right face (x + 2z = 0, normal (1, 0, 2)/√5): (15, 0, -5) is √5 out of (14, 0, -7).
        (v(15.0, 0.0, -5.0), v(14.0, 0.0, -7.0), s5),
        // The near-bottom-left corner (-2, -1, -1): p − q = (0, 0, 1) + (-1, 0, 2) + (0, -1, 1).
        (
            v(-3.0, -2.0, 3.0),
            v(-2.0, -1.0, -1.0),
            (18.0 as Real).sqrt(),
        ),
    ]
}

/// Far-region cases of `simple_camera`: beyond the far face, on the axis and off it.
fn simple_camera_far_cases() -> Vec<(Vec3, Vec3, Real)> {
    vec![
        // The far-top edge {(x, 9, -9)}: p − q = (0, 11, -3) = 14·(0, 0, -1) + 11·(0, 1, 1).
        (
            v(0.0, 20.0, -12.0),
            v(0.0, 9.0, -9.0),
            (130.0 as Real).sqrt(),
        ),
        (v(0.0, 0.0, -12.0), v(0.0, 0.0, -9.0), 3.0),
        (v(10.0, -5.0, -10.0), v(10.0, -5.0, -9.0), 1.0),
    ]
}

#[track_caller]
fn check_cases(frustum: &Frustum, cases: &[(Vec3, Vec3, Real)], what: &str) {
    for &(p, closest, distance) in cases {
        assert!(!frustum.contains_point(p), "{what}: contains {p}");
        assert_near_vec(
            frustum.closest_point(p),
            closest,
            &format!("{what}: closest to {p}"),
        );
        assert_near(
            frustum.distance_to_point(p),
            distance,
            &format!("{what}: distance of {p}"),
        );
    }
}

#[test]
fn perspective_camera_by_hand() {
    let f = simple_camera();
    assert_eq!(f.is_valid(), Ok(()));
    let corners = f.corners().unwrap();
    for (i, c) in corners.iter().enumerate() {
        let t: Real = if i & 4 == 0 { 1.0 } else { 9.0 };
        let x = if i & 1 == 0 { -2.0 * t } else { 2.0 * t };
        let y = if i & 2 == 0 { -t } else { t };
        assert_near_vec(*c, v(x, y, -t), &format!("corner {i}"));
    }
    check_cases(&f, &simple_camera_cases(), "perspective");
    check_cases(&f, &simple_camera_far_cases(), "perspective");
    for p in [
        v(0.0, 0.0, -5.0),
        v(3.0, 1.0, -2.0),
        v(-17.0, 8.5, -8.9),
        v(1.9, -0.9, -1.0),
    ] {
        assert!(f.contains_point(p), "{p}");
        assert_eq!(f.closest_point(p), p);
        assert_eq!(f.distance_to_point(p), 0.0);
    }
    for p in [
        v(0.0, 0.0, -9.5),
        v(5.0, 0.0, -2.0),
        v(0.0, 3.0, -2.0),
        v(0.0, 0.0, 1.0),
    ] {
        assert!(!f.contains_point(p), "{p}");
        assert!(f.distance_to_point(p) > 0.0, "{p}");
    }
}

#[test]
fn near_and_far_planes_are_exact() {
    let f = simple_camera();
    assert_eq!(f.planes[Frustum::NEAR], Plane::new(Vec3::Z, -1.0));
    assert_eq!(f.planes[Frustum::FAR], Plane::new(-Vec3::Z, 9.0));
    // So points on them are contained and an ulp beyond is not.
    for p in [
        v(0.0, 0.0, -1.0),
        v(1.0, 0.5, -1.0),
        v(0.0, 0.0, -9.0),
        v(-10.0, 4.0, -9.0),
    ] {
        assert!(f.contains_point(p), "{p}");
        assert_eq!(f.distance_to_point(p), 0.0);
        assert_eq!(f.closest_point(p), p);
    }
    for p in [v(0.0, 0.0, next_up(-1.0)), v(0.0, 0.0, next_down(-9.0))] {
        assert!(!f.contains_point(p), "{p}");
        assert!(f.distance_to_point(p) > 0.0, "{p}");
    }
}

/// Points within a few ulps of the faces of slanted frusta: `contains_point` and
/// `distance_to_point == 0` must agree there too. (Regression: one in twelve such points outside
/// got distance 0, its projection onto the face rounding back onto it.)
#[test]
fn contains_iff_distance_is_zero_at_the_faces() {
    let mut outside = 0;
    for e in 0..20 {
        let e = e as Real;
        let eye = v(e * 0.37, e * 0.1 - 1.0, 2.0);
        let view = look_at_mat4(eye, eye + v(1.0, 0.3 * e, -0.5), Vec3::Z);
        let proj = directx::perspective(1.0 + e * 0.02, 1.5, 0.5, 20.0);
        let f = Frustum::from_matrix(&(proj * view));
        let c = f.corners().unwrap();
        for k in 0..100 {
            let t = k as Real / 100.0;
            // On the right face (corners 1, 3, 5, 7), and on the top face (2, 3, 6, 7).
            for base in [
                c[1].lerp(c[7], t).lerp(c[3].lerp(c[5], t), 0.37),
                c[2].lerp(c[7], t).lerp(c[3].lerp(c[6], t), 0.61),
            ] {
                for axis in 0..3 {
                    for step in [-2i32, -1, 0, 1, 2] {
                        let mut p = base;
                        for _ in 0..step.abs() {
                            p[axis] = if step > 0 {
                                next_up(p[axis])
                            } else {
                                next_down(p[axis])
                            };
                        }
                        let d = f.distance_to_point(p);
                        assert_eq!(f.contains_point(p), d == 0.0, "{p}: distance {d}");
                        if f.contains_point(p) {
                            assert_eq!(f.closest_point(p), p);
                        } else {
                            outside += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(outside > 1000, "{outside}");
}

#[test]
fn opengl_and_vulkan_projections_give_the_same_frustum() {
    let dx = simple_camera();
    let gl = Frustum::from_matrix_gl(&opengl::perspective(QUARTER_TURN, 2.0, 1.0, 9.0));
    // Vulkan's clip space has y pointing down: the same set, its top and bottom swapped.
    let vk = Frustum::from_matrix(&vulkan::perspective(QUARTER_TURN, 2.0, 1.0, 9.0));
    for f in [gl, vk] {
        assert_eq!(f.is_valid(), Ok(()));
        let mut corners = f.corners().unwrap().to_vec();
        let mut expected = dx.corners().unwrap().to_vec();
        let key = |c: &Vec3| (c.z * 1e3 + c.y) * 1e3 + c.x;
        corners.sort_by(|a, b| key(a).total_cmp(&key(b)));
        expected.sort_by(|a, b| key(a).total_cmp(&key(b)));
        for (c, e) in corners.iter().zip(&expected) {
            assert_near_vec(*c, *e, "corner");
        }
        check_cases(&f, &simple_camera_cases(), "gl/vk");
        check_cases(&f, &simple_camera_far_cases(), "gl/vk");
    }
    // The OpenGL matrix read with the [0, 1] convention puts the near plane elsewhere.
    let misread = Frustum::from_matrix(&opengl::perspective(QUARTER_TURN, 2.0, 1.0, 9.0));
    assert!(!misread.contains_point(v(0.0, 0.0, -1.5)));
    assert!(gl.contains_point(v(0.0, 0.0, -1.5)));
}

#[test]
fn orthographic_projection_is_a_box() {
    // [-2, 2] × [-1, 1] × [-9, -1] in view space; every number is a power of two or a small
    // integer, so the planes are exact and so is containment.
    let aabb = Aabb::new(v(-2.0, -1.0, -9.0), v(2.0, 1.0, -1.0));
    let dx = Frustum::from_matrix(&directx::orthographic(-2.0, 2.0, -1.0, 1.0, 1.0, 9.0));
    let gl = Frustum::from_matrix_gl(&opengl::orthographic(-2.0, 2.0, -1.0, 1.0, 1.0, 9.0));
    for f in [dx, gl] {
        assert_eq!(f.is_valid(), Ok(()));
        for p in grid().map(|p| p * 2.0 - v(0.0, 0.0, 5.0)).step_by(2) {
            assert_like_aabb(&f, &aabb, p);
        }
    }
}

#[test]
fn a_view_matrix_moves_the_frustum() {
    // The simple camera placed at (1, 2, 3) looking along -x: view space -z is world -x,
    // view y is world z.
    let eye = v(1.0, 2.0, 3.0);
    let view = look_at_mat4(eye, eye - Vec3::X, Vec3::Z);
    let f = Frustum::from_matrix(&(directx::perspective(QUARTER_TURN, 2.0, 1.0, 9.0) * view));
    let to_world = |p: Vec3| view.inverse().transform_point3(p);
    let mut cases = simple_camera_cases();
    cases.extend(simple_camera_far_cases());
    for (p, closest, distance) in cases {
        let p = to_world(p);
        assert!(!f.contains_point(p));
        assert_near_vec(f.closest_point(p), to_world(closest), "closest");
        assert_near(f.distance_to_point(p), distance, "distance");
    }
    assert!(f.contains_point(eye - v(5.0, 0.0, 0.0)));
    assert!(f.contains_point(eye + v(-2.0, 3.0, 1.0)));
    assert!(!f.contains_point(eye + v(-2.0, 1.0, 3.0)));
}

#[test]
fn infinite_perspective_has_no_far_plane() {
    let forward = Frustum::from_matrix(&directx::perspective_infinite(QUARTER_TURN, 2.0, 1.0));
    let reverse = Frustum::from_matrix(&directx::perspective_infinite_reverse(
        QUARTER_TURN,
        2.0,
        1.0,
    ));
    // The plane sent to infinity is replaced by a copy of the opposite one.
    assert_eq!(forward.planes[Frustum::FAR], forward.planes[Frustum::NEAR]);
    assert_eq!(reverse.planes[Frustum::NEAR], reverse.planes[Frustum::FAR]);
    for f in [forward, reverse] {
        assert_eq!(f.is_valid(), Ok(()));
        // No corners, so no finite bounds (the box of the near corners would cut the frustum).
        assert_eq!(f.corners(), None);
        assert_eq!(f.aabb(), Aabb::new(Vec3::NEG_INFINITY, Vec3::INFINITY));
        assert_eq!(f.classify(&Plane::new(Vec3::Z, -100.0)), Side::Straddle);
        // Far away along the axis and at the sides of the cone: inside.
        for p in [
            v(0.0, 0.0, -1e6),
            v(1e3, -400.0, -1e3),
            v(0.0, 0.0, -1.0),
            v(0.0, 0.0, -9.5),
        ] {
            assert!(f.contains_point(p), "{p}");
            assert_eq!(f.closest_point(p), p);
        }
        assert!(!f.contains_point(v(0.0, 0.0, next_up(-1.0))));
        assert!(!f.contains_point(v(3e3, 0.0, -1e3)));
        // Everything but the far cases of the finite camera holds; beyond the far-top edge is
        // now above the top face, 4√2 out of (0, 16, -16).
        check_cases(&f, &simple_camera_cases(), "infinite");
        let above = [(
            v(0.0, 20.0, -12.0),
            v(0.0, 16.0, -16.0),
            4.0 * (2.0 as Real).sqrt(),
        )];
        check_cases(&f, &above, "infinite");
    }
}

#[test]
fn infinite_perspective_matches_a_very_deep_one() {
    let view = look_at_mat4(v(1.0, -2.0, 0.5), v(4.0, 2.0, -1.0), Vec3::Z);
    let infinite = Frustum::from_matrix(&(directx::perspective_infinite(1.2, 1.5, 0.5) * view));
    let reverse =
        Frustum::from_matrix(&(directx::perspective_infinite_reverse(1.2, 1.5, 0.5) * view));
    let deep = Frustum::from_matrix(&(directx::perspective(1.2, 1.5, 0.5, 1e4) * view));
    let mut count = 0;
    for p in grid().step_by(7) {
        let p = p * 3.0;
        let expected = deep.closest_point(p);
        for f in [infinite, reverse] {
            assert_near_vec(f.closest_point(p), expected, "closest");
            assert_near(
                f.distance_to_point(p),
                deep.distance_to_point(p),
                "distance",
            );
            if deep.distance_to_point(p) > tol(30.0) {
                assert!(!f.contains_point(p));
            }
        }
        count += usize::from(deep.contains_point(p));
    }
    assert!(count > 20, "only {count} points inside");
}

#[test]
fn hand_built_unbounded_and_empty_sets() {
    // A half-space: x <= 1, six times.
    let half = Frustum::new([Plane::new(Vec3::X, 1.0); 6]);
    assert_eq!(half.corners(), None);
    assert!(half.contains_point(v(1.0, 100.0, -100.0)));
    assert!(!half.contains_point(v(next_up(1.0), 0.0, 0.0)));
    assert_eq!(half.closest_point(v(3.0, 5.0, 7.0)), v(1.0, 5.0, 7.0));
    assert_eq!(half.distance_to_point(v(3.0, 5.0, 7.0)), 2.0);
    // A slab: -1 <= x <= 1.
    let slab = Frustum::new([
        Plane::new(Vec3::X, 1.0),
        Plane::new(-Vec3::X, 1.0),
        Plane::new(Vec3::X, 1.0),
        Plane::new(-Vec3::X, 1.0),
        Plane::new(Vec3::X, 1.0),
        Plane::new(-Vec3::X, 1.0),
    ]);
    assert_eq!(slab.closest_point(v(-4.0, 5.0, 7.0)), v(-1.0, 5.0, 7.0));
    assert_eq!(slab.distance_to_point(v(-4.0, 5.0, 7.0)), 3.0);
    // A wedge below the y axis: x + z <= 0 and -x + z <= 0.
    let a = Plane::new(v(1.0, 0.0, 1.0), 0.0);
    let b = Plane::new(v(-1.0, 0.0, 1.0), 0.0);
    let wedge = Frustum::new([a, b, a, b, a, b]);
    assert!(wedge.contains_point(v(0.0, 3.0, 0.0)));
    assert!(wedge.contains_point(v(-2.0, 3.0, -5.0)));
    assert_near_vec(
        wedge.closest_point(v(0.0, 3.0, 5.0)),
        v(0.0, 3.0, 0.0),
        "edge",
    );
    assert_near(
        wedge.distance_to_point(v(0.0, 3.0, 5.0)),
        5.0,
        "edge distance",
    );
    assert_near_vec(
        wedge.closest_point(v(4.0, 1.0, 0.0)),
        v(2.0, 1.0, -2.0),
        "face",
    );
    assert_near(
        wedge.distance_to_point(v(4.0, 1.0, 0.0)),
        2.0 * (2.0 as Real).sqrt(),
        "face distance",
    );
    // Empty: x <= -1 and x >= 1. Nothing is contained and nothing is closest.
    let empty = Frustum::new([
        Plane::new(Vec3::X, -1.0),
        Plane::new(-Vec3::X, -1.0),
        Plane::new(Vec3::Y, 1.0),
        Plane::new(-Vec3::Y, 1.0),
        Plane::new(Vec3::Z, 1.0),
        Plane::new(-Vec3::Z, 1.0),
    ]);
    assert_eq!(empty.is_valid(), Ok(()));
    for p in [
        Vec3::ZERO,
        v(-1.0, 0.0, 0.0),
        v(1.0, 0.0, 0.0),
        v(5.0, 5.0, 5.0),
    ] {
        assert!(!empty.contains_point(p));
        assert_eq!(empty.closest_point(p), NO_POINT);
        assert_eq!(empty.distance_to_point(p), Real::INFINITY);
    }
}

/// The plane `normal · x = 1`, stored as given (not normalized).
fn with_normal(normal: Vec3) -> Plane {
    Plane { normal, d: 1.0 }
}

/// `frustum` with plane `i` replaced.
fn replaced(mut frustum: Frustum, i: usize, plane: Plane) -> Frustum {
    frustum.planes[i] = plane;
    frustum
}

#[test]
fn invalid_frusta_are_empty() {
    let good = aabb_frustum(&the_box());
    let with = |i: usize, plane: Plane| replaced(good, i, plane);
    let cases = [
        (
            with(2, with_normal(v(Real::NAN, 0.0, 1.0))),
            ShapeError::NonFinite {
                field: "planes[2].normal",
            },
        ),
        (
            with(0, with_normal(v(0.0, Real::INFINITY, 0.0))),
            ShapeError::NonFinite {
                field: "planes[0].normal",
            },
        ),
        (
            with(
                5,
                Plane {
                    normal: Vec3::Z,
                    d: Real::INFINITY,
                },
            ),
            ShapeError::NonFinite {
                field: "planes[5].d",
            },
        ),
        (
            with(
                4,
                Plane {
                    normal: Vec3::Z,
                    d: Real::NAN,
                },
            ),
            ShapeError::NonFinite {
                field: "planes[4].d",
            },
        ),
        (
            with(1, with_normal(Vec3::ZERO)),
            ShapeError::ZeroVector {
                field: "planes[1].normal",
            },
        ),
        // The first invalid plane is named.
        (
            replaced(with(3, with_normal(Vec3::ZERO)), 1, with_normal(Vec3::NAN)),
            ShapeError::NonFinite {
                field: "planes[1].normal",
            },
        ),
    ];
    for (f, why) in cases {
        assert_eq!(f.is_valid(), Err(why), "{f:?}");
        assert_eq!(Frustum::try_new(f.planes), Err(why));
        for p in [v(1.0, 1.5, -3.0), v(9.0, 9.0, 9.0)] {
            assert!(!f.contains_point(p), "{f:?} contains {p}");
            assert_eq!(f.distance_to_point(p), Real::INFINITY, "{f:?}");
            assert_eq!(f.closest_point(p), NO_POINT, "{f:?}");
        }
    }
    // A matrix that maps everything to w = 0 gives no planes at all.
    let zero = Frustum::from_matrix(&Mat4::ZERO);
    assert!(zero.is_valid().is_err());
    assert!(!zero.contains_point(Vec3::ZERO));
    assert_eq!(zero.closest_point(Vec3::ZERO), NO_POINT);
    let nan = Frustum::from_matrix(&Mat4::NAN);
    assert!(matches!(nan.is_valid(), Err(ShapeError::NonFinite { .. })));
    assert!(!nan.contains_point(Vec3::ZERO));
    assert_eq!(nan.distance_to_point(Vec3::ZERO), Real::INFINITY);
}

#[test]
fn normals_not_of_unit_length_are_reported() {
    // Written directly (the constructors normalize). The queries do not check the length
    // (too costly per call; see ARCHITECTURE.md): `is_valid` and `try_new` do.
    let f = replaced(
        aabb_frustum(&the_box()),
        3,
        Plane {
            normal: v(0.0, 2.0, 0.0),
            d: 4.0,
        },
    );
    let why = ShapeError::NotUnit {
        field: "planes[3].normal",
    };
    assert_eq!(f.is_valid(), Err(why));
    assert_eq!(Frustum::try_new(f.planes), Err(why));
    assert_eq!(
        Frustum::try_new(simple_camera().planes),
        Ok(simple_camera())
    );
}

#[test]
fn non_finite_points_are_not_contained() {
    let frusta = [
        aabb_frustum(&the_box()),
        simple_camera(),
        Frustum::from_matrix(&directx::perspective_infinite(1.0, 1.0, 0.1)),
        Frustum::new([Plane::new(Vec3::X, 1.0); 6]),
    ];
    for f in frusta {
        for p in non_finite_points() {
            assert!(!f.contains_point(p), "{f:?} contains {p}");
            assert_eq!(f.distance_to_point(p), Real::INFINITY, "{p}");
            assert_eq!(f.closest_point(p), NO_POINT, "{p}");
        }
    }
}

/// The largest signed distance of `p` from the frustum's planes (<= 0 inside).
fn max_signed_distance(f: &Frustum, p: Vec3) -> Real {
    f.planes
        .iter()
        .map(|plane| plane.signed_distance(p))
        .fold(Real::NEG_INFINITY, Real::max)
}

/// Scale of a bounded frustum: its largest corner coordinate.
fn scale(f: &Frustum, p: Vec3) -> Real {
    f.corners()
        .unwrap()
        .iter()
        .fold(p.abs().max_element(), |m, c| m.max(c.abs().max_element()))
}

/// An offset from a point of the frustum: a direction and a length, none, small or large.
fn offset() -> impl Strategy<Value = (Vec3, Real)> {
    (
        unit(),
        prop_oneof![Just(0.0 as Real), 0.0 as Real..0.1, 0.0 as Real..3.0],
    )
}

proptest! {
    #[test]
    fn a_box_as_six_planes_agrees_with_the_aabb(b in aabb(), p in point()) {
        assert_like_aabb(&aabb_frustum(&b), &b, p);
    }

    #[test]
    fn closest_point_is_the_projection(f in camera_frustum(), p in point()) {
        let q = f.closest_point(p);
        let s = scale(&f, p);
        prop_assert!(max_signed_distance(&f, q) <= tol(s), "{} outside by {}", q, max_signed_distance(&f, q));
        assert_is_projection(p, q, &f.corners().unwrap(), "frustum");
        assert_near(f.distance_to_point(p), q.distance(p), "distance = |p - q|");
    }

    #[test]
    fn contains_iff_distance_is_zero(f in camera_frustum(), p in point()) {
        let d = f.distance_to_point(p);
        prop_assert_eq!(f.contains_point(p), d == 0.0, "distance {}", d);
        if f.contains_point(p) {
            prop_assert_eq!(f.closest_point(p), p);
        }
    }

    /// Points in and around the frustum: samples of it, pushed out a little or a lot.
    #[test]
    fn points_near_the_frustum(f in camera_frustum(), u in unit_cube(), (dir, s) in offset()) {
        let inside = f.sample(u);
        let p = inside + dir * s;
        let scale = scale(&f, p);
        prop_assert!(f.distance_to_point(inside) <= tol(scale));
        prop_assert!(f.distance_to_point(p) <= s + tol(scale));
        let q = f.closest_point(p);
        prop_assert!(max_signed_distance(&f, q) <= tol(scale));
        assert_is_projection(p, q, &f.corners().unwrap(), "frustum");
        if max_signed_distance(&f, p) > tol(scale) {
            prop_assert!(!f.contains_point(p));
        }
    }

    /// The frustum is the convex hull of its eight corners: GJK on the hull is an independent
    /// answer.
    #[test]
    fn agrees_with_the_hull_of_its_corners(f in camera_frustum(), p in point()) {
        let hull = ConvexHull::new(f.corners().unwrap().to_vec());
        let (s, d) = (scale(&f, p), f.distance_to_point(p));
        let t = gjk_distance_tolerance(d, s);
        prop_assert!((d - hull.distance_to_point(p)).abs() <= t,
            "distance {} vs hull {}", d, hull.distance_to_point(p));
        prop_assert!(f.closest_point(p).distance(hull.closest_point(p)) <= gjk_point_tolerance(d, s),
            "closest {} vs hull {}", f.closest_point(p), hull.closest_point(p));
        if hull.distance_to_point(p) > t {
            prop_assert!(!f.contains_point(p));
        }
    }

    #[test]
    fn no_sampled_point_is_closer(f in camera_frustum(), p in point(), u in unit_cube()) {
        let sample = f.sample(u);
        prop_assert!(sample.distance(p) >= f.distance_to_point(p) - tol(scale(&f, p)));
    }

    #[test]
    fn motion_changes_nothing(f in camera_frustum(), p in point(), m in motion()) {
        let moved = f.moved(&m);
        let s = scale(&f, p);
        let t = tol(s);
        prop_assert!((moved.distance_to_point(m.apply(p)) - f.distance_to_point(p)).abs() <= t);
        prop_assert!(moved.closest_point(m.apply(p)).distance(m.apply(f.closest_point(p))) <= t);
    }

    /// A far plane thousands of units away changes nothing near the eye: the answers are
    /// those of the infinite projection (a regression test: the closest point used to be
    /// accepted up to 64 ulps of the far plane's distance outside the side planes).
    #[test]
    fn a_distant_far_plane_does_not_blur_the_near_answers(
        fov in crate::common::strategy::real(0.2, 2.5),
        aspect in crate::common::strategy::real(0.5, 2.5),
        near in crate::common::strategy::real(0.1, 2.0),
        far in crate::common::strategy::real(1e3, 1e4),
        view in view_matrix(),
        p in point(),
    ) {
        let deep = Frustum::from_matrix(&(directx::perspective(fov, aspect, near, far) * view));
        let infinite = Frustum::from_matrix(&(directx::perspective_infinite(fov, aspect, near) * view));
        let q = deep.closest_point(p);
        prop_assert!(max_signed_distance(&deep, q) <= tol(30.0), "outside by {}", max_signed_distance(&deep, q));
        prop_assert!(q.distance(infinite.closest_point(p)) <= tol(30.0),
            "{} vs {}", q, infinite.closest_point(p));
        prop_assert!((deep.distance_to_point(p) - infinite.distance_to_point(p)).abs() <= tol(30.0));
    }

    /// The same camera through the OpenGL matrix and `from_matrix_gl`.
    #[test]
    fn opengl_extraction_matches(
        fov in crate::common::strategy::real(0.2, 2.5),
        aspect in crate::common::strategy::real(0.5, 2.5),
        near in crate::common::strategy::real(0.1, 2.0),
        depth in crate::common::strategy::real(0.5, 15.0),
        p in point(),
    ) {
        let dx = Frustum::from_matrix(&directx::perspective(fov, aspect, near, near + depth));
        let gl = Frustum::from_matrix_gl(&opengl::perspective(fov, aspect, near, near + depth));
        let s = scale(&dx, p);
        for (a, b) in dx.corners().unwrap().iter().zip(gl.corners().unwrap()) {
            prop_assert!(a.distance(b) <= tol(s), "{} vs {}", a, b);
        }
        prop_assert!((dx.distance_to_point(p) - gl.distance_to_point(p)).abs() <= tol(s));
    }
}
