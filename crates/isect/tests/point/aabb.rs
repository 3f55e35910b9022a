//! Point queries on `Aabb`: closest point, distance and containment.

use isect::math::{Mat3, NO_POINT, Vec3};
use isect::{Aabb, Obb, PointQuery, Real, ShapeError};
use proptest::prelude::*;

use crate::common::sample::{Sample, unit_cube};
use crate::common::strategy::{aabb, point, signed_permutation, vec3};
use crate::common::{
    aabb_corners, assert_is_projection, assert_near, assert_near_vec, next_down, next_up,
    non_finite_points, tol, v,
};

/// The box [-1, 3] × [1, 2] × [-4, -2]: no coordinate is 0, so one ulp outside is a distance
/// that squares to a normal number.
fn b() -> Aabb {
    Aabb::new(v(-1.0, 1.0, -4.0), v(3.0, 2.0, -2.0))
}

/// Asserts that `aabb` contains `p`, at distance 0, with `p` its own closest point.
#[track_caller]
fn assert_contains(aabb: &Aabb, p: Vec3) {
    assert!(aabb.contains_point(p), "{aabb:?} should contain {p}");
    assert_eq!(aabb.distance_to_point(p), 0.0, "distance of {p}");
    assert_eq!(aabb.closest_point(p), p, "closest point to {p}");
}

/// Asserts the exact answers for a point outside.
#[track_caller]
fn assert_outside(aabb: &Aabb, p: Vec3, closest: Vec3, distance: Real) {
    assert!(!aabb.contains_point(p), "{aabb:?} should not contain {p}");
    assert_eq!(aabb.closest_point(p), closest, "closest point to {p}");
    assert_eq!(aabb.distance_to_point(p), distance, "distance of {p}");
}

#[test]
fn interior_points() {
    for p in [v(1.0, 1.5, -3.0), v(0.0, 1.25, -2.5), v(2.9, 1.9, -3.9)] {
        assert_contains(&b(), p);
    }
}

#[test]
fn every_face_edge_and_vertex_is_contained() {
    // {min, center, max}³: the center, 6 face centers, 12 edge midpoints, 8 corners.
    let b = b();
    let c = b.center();
    let mut count = 0;
    for x in [b.min.x, c.x, b.max.x] {
        for y in [b.min.y, c.y, b.max.y] {
            for z in [b.min.z, c.z, b.max.z] {
                assert_contains(&b, v(x, y, z));
                count += 1;
            }
        }
    }
    assert_eq!(count, 27);
    // Points on the faces away from the centers.
    assert_contains(&b, v(3.0, 1.25, -3.5));
    assert_contains(&b, v(-0.5, 2.0, -2.25));
    assert_contains(&b, v(2.0, 1.5, -4.0));
}

#[test]
fn outside_a_face() {
    let b = b();
    assert_outside(&b, v(5.0, 1.5, -3.0), v(3.0, 1.5, -3.0), 2.0);
    assert_outside(&b, v(-2.0, 1.25, -2.5), v(-1.0, 1.25, -2.5), 1.0);
    assert_outside(&b, v(0.0, -2.0, -3.0), v(0.0, 1.0, -3.0), 3.0);
    assert_outside(&b, v(2.0, 2.5, -3.5), v(2.0, 2.0, -3.5), 0.5);
    assert_outside(&b, v(1.0, 1.5, -8.0), v(1.0, 1.5, -4.0), 4.0);
    assert_outside(&b, v(-1.0, 1.0, 0.0), v(-1.0, 1.0, -2.0), 2.0);
}

#[test]
fn outside_an_edge() {
    let b = b();
    // Offsets (3, 4) from an edge: distance 5.
    assert_outside(&b, v(6.0, 1.5, 2.0), v(3.0, 1.5, -2.0), 5.0);
    assert_outside(&b, v(-4.0, -3.0, -3.0), v(-1.0, 1.0, -3.0), 5.0);
    assert_outside(&b, v(0.5, 5.0, -8.0), v(0.5, 2.0, -4.0), 5.0);
    assert_outside(&b, v(3.0, 5.0, 2.0), v(3.0, 2.0, -2.0), 5.0);
}

#[test]
fn outside_a_corner() {
    let b = b();
    // Offsets (1, 2, 2) and (2, 3, 6): distances 3 and 7.
    assert_outside(&b, v(4.0, 4.0, 0.0), v(3.0, 2.0, -2.0), 3.0);
    assert_outside(&b, v(-3.0, -1.0, -5.0), v(-1.0, 1.0, -4.0), 3.0);
    assert_outside(&b, v(-3.0, 5.0, 4.0), v(-1.0, 2.0, -2.0), 7.0);
    assert_outside(&b, v(9.0, -2.0, -6.0), v(3.0, 1.0, -4.0), 7.0);
}

#[test]
fn one_ulp_outside_each_face_is_outside() {
    let b = b();
    let c = b.center();
    for axis in 0..3 {
        let mut above = c;
        above[axis] = next_up(b.max[axis]);
        let mut below = c;
        below[axis] = next_down(b.min[axis]);
        for (p, face) in [(above, b.max[axis]), (below, b.min[axis])] {
            assert!(!b.contains_point(p), "{p}");
            let d = b.distance_to_point(p);
            assert!(d > 0.0, "{p}: distance {d}");
            assert_eq!(d, (p[axis] - face).abs());
            let mut on_face = p;
            on_face[axis] = face;
            assert_eq!(b.closest_point(p), on_face);
        }
    }
    // One ulp outside at a corner, on all three axes at once.
    let p = v(next_up(b.max.x), next_up(b.max.y), next_down(b.min.z));
    assert!(!b.contains_point(p));
    assert!(b.distance_to_point(p) > 0.0);
    assert_eq!(b.closest_point(p), v(b.max.x, b.max.y, b.min.z));
}

#[test]
fn flat_box_is_a_rectangle() {
    let r = Aabb::new(v(0.0, 0.0, 1.0), v(2.0, 2.0, 1.0));
    assert_eq!(r.is_valid(), Ok(()));
    assert_contains(&r, v(1.0, 1.0, 1.0));
    assert_contains(&r, v(2.0, 0.0, 1.0));
    assert_contains(&r, v(0.0, 1.5, 1.0));
    assert!(!r.contains_point(v(1.0, 1.0, next_up(1.0))));
    assert!(!r.contains_point(v(1.0, 1.0, next_down(1.0))));
    assert_outside(&r, v(1.0, 1.5, 5.0), v(1.0, 1.5, 1.0), 4.0);
    assert_outside(&r, v(1.0, 1.5, -3.0), v(1.0, 1.5, 1.0), 4.0);
    assert_outside(&r, v(5.0, 1.0, 1.0), v(2.0, 1.0, 1.0), 3.0);
    assert_outside(&r, v(5.0, 6.0, 1.0), v(2.0, 2.0, 1.0), 5.0);
    assert_outside(&r, v(-1.0, 4.0, -1.0), v(0.0, 2.0, 1.0), 3.0);
}

#[test]
fn box_flat_on_two_axes_is_a_segment() {
    let s = Aabb::new(v(0.0, 1.0, 1.0), v(4.0, 1.0, 1.0));
    assert_contains(&s, v(0.0, 1.0, 1.0));
    assert_contains(&s, v(2.5, 1.0, 1.0));
    assert_contains(&s, v(4.0, 1.0, 1.0));
    assert!(!s.contains_point(v(2.0, next_up(1.0), 1.0)));
    assert_outside(&s, v(2.0, 4.0, 5.0), v(2.0, 1.0, 1.0), 5.0);
    assert_outside(&s, v(-3.0, 1.0, 5.0), v(0.0, 1.0, 1.0), 5.0);
    assert_outside(&s, v(6.0, 2.0, 3.0), v(4.0, 1.0, 1.0), 3.0);
}

#[test]
fn box_flat_on_every_axis_is_a_point() {
    let c = v(1.0, -2.0, 3.0);
    let pt = Aabb::new(c, c);
    assert_eq!(pt.is_valid(), Ok(()));
    assert_contains(&pt, c);
    assert!(!pt.contains_point(v(1.0, -2.0, next_up(3.0))));
    assert_outside(&pt, c + v(3.0, 4.0, 0.0), c, 5.0);
    assert_outside(&pt, c + v(-2.0, 3.0, -6.0), c, 7.0);
    let zero = Aabb::from_center_half_extents(c, Vec3::ZERO);
    assert_eq!(zero, pt);
}

#[test]
fn invalid_boxes_are_empty() {
    let cases = [
        (
            Aabb::new(v(1.0, 0.0, 0.0), v(0.0, 1.0, 1.0)),
            ShapeError::MinGreaterThanMax { axis: 0 },
        ),
        (
            Aabb::new(v(0.0, 2.0, 0.0), v(1.0, 1.0, 1.0)),
            ShapeError::MinGreaterThanMax { axis: 1 },
        ),
        (
            Aabb::new(v(0.0, 0.0, 1.0), v(1.0, 1.0, next_down(1.0))),
            ShapeError::MinGreaterThanMax { axis: 2 },
        ),
        // The first offending axis is named.
        (
            Aabb::new(v(0.0, 2.0, 2.0), v(1.0, 1.0, 1.0)),
            ShapeError::MinGreaterThanMax { axis: 1 },
        ),
        (
            Aabb::new(v(0.0, Real::NAN, 0.0), v(1.0, 1.0, 1.0)),
            ShapeError::NonFinite { field: "min" },
        ),
        (
            Aabb::new(v(Real::NEG_INFINITY, 0.0, 0.0), v(1.0, 1.0, 1.0)),
            ShapeError::NonFinite { field: "min" },
        ),
        (
            Aabb::new(Vec3::ZERO, v(1.0, 1.0, Real::INFINITY)),
            ShapeError::NonFinite { field: "max" },
        ),
        (
            Aabb::new(Vec3::ZERO, v(Real::NAN, 1.0, 1.0)),
            ShapeError::NonFinite { field: "max" },
        ),
        // Non-finite is reported before the order of the corners.
        (
            Aabb::new(v(5.0, 5.0, 5.0), v(Real::NAN, 1.0, 1.0)),
            ShapeError::NonFinite { field: "max" },
        ),
        (Aabb::EMPTY, ShapeError::NonFinite { field: "min" }),
    ];
    for (b, why) in cases {
        assert_eq!(b.is_valid(), Err(why), "{b:?}");
        assert_eq!(Aabb::try_new(b.min, b.max), Err(why), "{b:?}");
        // Points inside the box the corners would span if they were sorted, and far away.
        for p in [
            Vec3::ZERO,
            v(0.5, 0.5, 0.5),
            v(0.5, 1.5, 0.5),
            v(1.0, 1.0, 1.0),
            v(9.0, -9.0, 9.0),
        ] {
            assert!(!b.contains_point(p), "{b:?} contains {p}");
            assert_eq!(b.distance_to_point(p), Real::INFINITY, "{b:?}");
            assert_eq!(b.closest_point(p), NO_POINT, "{b:?}");
        }
    }
}

#[test]
fn try_new_accepts_valid_boxes() {
    assert_eq!(Aabb::try_new(b().min, b().max), Ok(b()));
    let flat = Aabb::new(v(0.0, 1.0, 2.0), v(0.0, 1.0, 2.0));
    assert_eq!(Aabb::try_new(flat.min, flat.max), Ok(flat));
    let huge = Aabb::new(Vec3::splat(-Real::MAX), Vec3::splat(Real::MAX));
    assert_eq!(Aabb::try_new(huge.min, huge.max), Ok(huge));
}

#[test]
fn non_finite_points_are_not_contained() {
    let boxes = [
        b(),
        Aabb::new(Vec3::splat(-Real::MAX), Vec3::splat(Real::MAX)),
        Aabb::new(Vec3::ZERO, Vec3::ZERO),
    ];
    for b in boxes {
        for p in non_finite_points() {
            assert!(!b.contains_point(p), "{b:?} contains {p}");
            assert_eq!(b.distance_to_point(p), Real::INFINITY, "{p}");
            assert_eq!(b.closest_point(p), NO_POINT, "{p}");
        }
    }
}

/// Every coordinate of each argument made invalid on its own (NaN, ±∞, and for the box a
/// corner past the other on that axis): the distance is `+∞` (never a valid-looking number),
/// containment false, the closest point `NO_POINT`. The validity mask shares one branch with
/// the length's range test, so each coordinate, inside and outside the box, is tried.
#[test]
fn each_invalid_coordinate_alone_gives_no_answer() {
    let good = b();
    for p in [v(0.0, 1.5, -3.0), v(5.0, 1.5, -3.0), v(3.0, 2.0, -2.0)] {
        for axis in 0..3 {
            for bad in [Real::NAN, Real::INFINITY, Real::NEG_INFINITY] {
                let mut q = p;
                q[axis] = bad;
                let (mut lo, mut hi) = (good, good);
                lo.min[axis] = bad;
                hi.max[axis] = bad;
                for (shape, point) in [(good, q), (lo, p), (hi, p)] {
                    assert_eq!(
                        shape.distance_to_point(point),
                        Real::INFINITY,
                        "{shape:?} {point}"
                    );
                    assert!(!shape.contains_point(point), "{shape:?} {point}");
                    assert_eq!(shape.closest_point(point), NO_POINT, "{shape:?} {point}");
                }
            }
            // The corners crossed on this axis (min one ulp past max).
            let mut inverted = good;
            inverted.min[axis] = next_up(good.max[axis]);
            assert_eq!(
                inverted.distance_to_point(p),
                Real::INFINITY,
                "{inverted:?}"
            );
            assert!(!inverted.contains_point(p), "{inverted:?}");
        }
    }
}

/// Excesses whose squares under- or overflow, and a point inside a tiny box: exact distances
/// (the cold path's scaling), and 0 inside.
#[test]
fn distances_whose_squares_leave_the_range_are_exact() {
    let tiny = Real::MIN_POSITIVE;
    let tiny_box = Aabb::new(Vec3::ZERO, Vec3::splat(tiny));
    // An excess of MIN_POSITIVE along one axis (its square underflows), then along all three.
    assert_eq!(tiny_box.distance_to_point(v(2.0 * tiny, 0.0, 0.0)), tiny);
    assert_eq!(tiny_box.distance_to_point(v(0.0, 0.0, -tiny)), tiny);
    // A subnormal excess (a quarter of MIN_POSITIVE) from a flat box at the origin.
    let point_box = Aabb::new(Vec3::ZERO, Vec3::ZERO);
    assert_eq!(
        point_box.distance_to_point(v(0.0, tiny / 4.0, 0.0)),
        tiny / 4.0
    );
    // 3-4-5 at a tiny scale: the squares underflow, the length does not.
    assert_eq!(
        point_box.distance_to_point(v(3.0 * tiny, 4.0 * tiny, 0.0)),
        5.0 * tiny
    );
    // Inside and on the boundary of the tiny box: 0.
    assert_eq!(tiny_box.distance_to_point(Vec3::splat(tiny / 2.0)), 0.0);
    assert_eq!(tiny_box.distance_to_point(Vec3::splat(tiny)), 0.0);
    // Huge excesses: MAX / 2 along one axis, and a 3-4-5 whose squares overflow.
    let half = Real::MAX / 2.0;
    let unit = Aabb::new(Vec3::ZERO, Vec3::splat(half));
    assert_eq!(unit.distance_to_point(v(Real::MAX, 0.0, 0.0)), half);
    let k = (2.0 as Real).powi(Real::MAX_EXP - 4);
    assert_eq!(
        point_box.distance_to_point(v(0.0, 1.5 * k, 2.0 * k)),
        2.5 * k
    );
    // Beyond MAX: +∞, the one non-finite answer valid input can get.
    let spread = Aabb::new(Vec3::splat(-Real::MAX), Vec3::splat(-Real::MAX));
    assert_eq!(
        spread.distance_to_point(Vec3::splat(Real::MAX)),
        Real::INFINITY
    );
}

/// `aabb` and `p` mirrored and permuted by the signed permutation `m`, which maps boxes to boxes
/// exactly.
fn permuted(aabb: &Aabb, m: &Mat3) -> Aabb {
    let a = *m * aabb.min;
    let b = *m * aabb.max;
    Aabb::new(a.min(b), a.max(b))
}

proptest! {
    #[test]
    fn closest_point_is_the_projection(b in aabb(), p in point()) {
        let q = b.closest_point(p);
        // Clamping lands exactly in the box.
        prop_assert!(b.contains_point(q), "{q} not in {b:?}");
        assert_is_projection(p, q, &aabb_corners(&b), "aabb");
        assert_near(b.distance_to_point(p), q.distance(p), "distance = |p - q|");
    }

    #[test]
    fn contains_iff_distance_is_zero(b in aabb(), p in point()) {
        let d = b.distance_to_point(p);
        prop_assert_eq!(b.contains_point(p), d == 0.0, "distance {}", d);
        if b.contains_point(p) {
            prop_assert_eq!(b.closest_point(p), p);
        } else {
            prop_assert!(b.closest_point(p) != p);
        }
    }

    #[test]
    fn sampled_points_of_the_box_are_contained(b in aabb(), u in unit_cube()) {
        let s = b.sample(u);
        // Rounding of min + size·u can step outside by an ulp; clamp as a reference does not.
        if s.cmpge(b.min).all() && s.cmple(b.max).all() {
            prop_assert!(b.contains_point(s));
        }
        prop_assert!(b.distance_to_point(s) <= tol(s.abs().max_element()));
    }

    #[test]
    fn no_sampled_point_is_closer(b in aabb(), p in point(), u in unit_cube()) {
        let sample = b.sample(u);
        prop_assert!(sample.distance(p) >= b.distance_to_point(p) - tol(10.0));
    }

    #[test]
    fn translation_changes_nothing(b in aabb(), p in point(), t in vec3()) {
        let moved = Aabb::new(b.min + t, b.max + t);
        assert_near(moved.distance_to_point(p + t), b.distance_to_point(p), "distance");
        assert_near_vec(moved.closest_point(p + t), b.closest_point(p) + t, "closest");
    }

    /// Axis permutations and mirrors map the box onto a box exactly, so the answers map exactly.
    #[test]
    fn axis_permutations_change_nothing(b in aabb(), p in point(), m in signed_permutation()) {
        let moved = permuted(&b, &m);
        prop_assert_eq!(moved.contains_point(m * p), b.contains_point(p));
        prop_assert_eq!(moved.closest_point(m * p), m * b.closest_point(p));
        assert_near(moved.distance_to_point(m * p), b.distance_to_point(p), "distance");
    }

    /// The same box as an `Obb` (a different formula: local frame, clamp, back to world).
    #[test]
    fn agrees_with_the_same_box_as_an_obb(b in aabb(), p in point()) {
        let obb = Obb::from_aabb(&b);
        assert_near(obb.distance_to_point(p), b.distance_to_point(p), "distance");
        assert_near_vec(obb.closest_point(p), b.closest_point(p), "closest");
        if b.distance_to_point(p) > tol(10.0) {
            prop_assert!(!obb.contains_point(p));
        }
        if b.contains_point(p) && (p - b.min).min_element().min((b.max - p).min_element()) > tol(10.0) {
            prop_assert!(obb.contains_point(p));
        }
    }
}
