//! The helpers of `Aabb`: `from_center_half_extents`, `from_points`, the measures, `union`
//! (with `Aabb::EMPTY` as its identity), `expanded` and `transformed` (against the box of the
//! eight transformed corners).

use isect::math::{Mat3, Vec3};
use isect::{Aabb, PointQuery, Real, ShapeError};
use proptest::prelude::*;

use super::non_finite_vectors;
use crate::common::strategy::{aabb, point, rotation, vec3};
use crate::common::{aabb_corners, assert_near_vec, signed_permutations, tol, v};

#[test]
fn aabb_from_center_half_extents() {
    let b = Aabb::from_center_half_extents(v(1.0, -2.0, 3.0), v(0.5, 2.0, 0.0));
    assert_eq!(b, Aabb::new(v(0.5, -4.0, 3.0), v(1.5, 0.0, 3.0)));
    assert_eq!(b.is_valid(), Ok(()));
    assert_eq!(b.center(), v(1.0, -2.0, 3.0));
    assert_eq!(b.half_extents(), v(0.5, 2.0, 0.0));
}

#[test]
fn aabb_from_points() {
    assert_eq!(Aabb::from_points([]), None);
    assert_eq!(Aabb::from_points(Vec::<Vec3>::new()), None);
    let p = v(1.0, -2.0, 3.0);
    assert_eq!(Aabb::from_points([p]), Some(Aabb::new(p, p)));
    let points = [
        v(1.0, 5.0, -1.0),
        v(-2.0, 0.0, 4.0),
        v(0.0, 7.0, 0.0),
        v(3.0, -1.0, 2.0),
    ];
    assert_eq!(
        Aabb::from_points(points),
        Some(Aabb::new(v(-2.0, -1.0, -1.0), v(3.0, 7.0, 4.0)))
    );
    // Any non-finite point, first, middle or last, means no box.
    for bad in non_finite_vectors(Vec3::ONE) {
        for at in 0..3 {
            let mut ps = points.to_vec();
            ps.insert(at * 2, bad);
            assert_eq!(Aabb::from_points(ps), None, "{bad} at {at}");
        }
        assert_eq!(Aabb::from_points([bad]), None);
    }
}

#[test]
fn aabb_measures() {
    let b = Aabb::new(v(-1.0, 1.0, -4.0), v(3.0, 2.0, -2.0));
    assert_eq!(b.center(), v(1.0, 1.5, -3.0));
    assert_eq!(b.half_extents(), v(2.0, 0.5, 1.0));
    assert_eq!(b.size(), v(4.0, 1.0, 2.0));
    assert_eq!(b.volume(), 8.0);
    assert_eq!(b.surface_area(), 2.0 * (4.0 + 2.0 + 8.0));
    // Flat boxes: no volume; a rectangle has twice its area, a segment none.
    let flat = Aabb::new(v(0.0, 0.0, 1.0), v(2.0, 3.0, 1.0));
    assert_eq!(flat.volume(), 0.0);
    assert_eq!(flat.surface_area(), 12.0);
    let stick = Aabb::new(v(0.0, 0.0, 1.0), v(2.0, 0.0, 1.0));
    assert_eq!(stick.surface_area(), 0.0);
}

#[test]
fn aabb_union_and_empty() {
    let a = Aabb::new(v(-1.0, 1.0, -4.0), v(3.0, 2.0, -2.0));
    let b = Aabb::new(v(0.0, -3.0, -1.0), v(1.0, 0.0, 5.0));
    let u = Aabb::new(v(-1.0, -3.0, -4.0), v(3.0, 2.0, 5.0));
    assert_eq!(a.union(&b), u);
    assert_eq!(b.union(&a), u);
    assert_eq!(a.union(&a), a);
    assert_eq!(Aabb::EMPTY.union(&a), a);
    assert_eq!(a.union(&Aabb::EMPTY), a);
    assert_eq!(Aabb::EMPTY.union(&Aabb::EMPTY), Aabb::EMPTY);
    // Folding points' degenerate boxes from EMPTY gives from_points.
    let points = [v(1.0, 5.0, -1.0), v(-2.0, 0.0, 4.0), v(3.0, -1.0, 2.0)];
    let folded = points
        .iter()
        .fold(Aabb::EMPTY, |acc, &p| acc.union(&Aabb::new(p, p)));
    assert_eq!(Some(folded), Aabb::from_points(points));
}

#[test]
fn aabb_expanded() {
    let b = Aabb::new(v(-1.0, 1.0, -4.0), v(3.0, 2.0, -2.0));
    assert_eq!(
        b.expanded(1.0),
        Aabb::new(v(-2.0, 0.0, -5.0), v(4.0, 3.0, -1.0))
    );
    assert_eq!(b.expanded(0.0), b);
    // Shrinking to the thinnest axis' half extent makes it flat; beyond, invalid.
    let shrunk = b.expanded(-0.5);
    assert_eq!(shrunk, Aabb::new(v(-0.5, 1.5, -3.5), v(2.5, 1.5, -2.5)));
    assert_eq!(shrunk.is_valid(), Ok(()));
    assert_eq!(
        b.expanded(-0.75).is_valid(),
        Err(ShapeError::MinGreaterThanMax { axis: 1 })
    );
}

/// The box of the eight corners of `b` after `x -> m x + t`: the reference for `transformed`.
fn corner_box(b: &Aabb, m: &Mat3, t: Vec3) -> Aabb {
    Aabb::from_points(aabb_corners(b).map(|c| *m * c + t)).unwrap()
}

#[test]
fn aabb_transformed_by_exact_matrices() {
    // Signed permutations, a scaling and a shear with integer entries: exact in every step.
    let b = Aabb::new(v(-1.0, 1.0, -4.0), v(3.0, 2.0, -2.0));
    let t = v(0.5, -2.0, 8.0);
    let mut matrices = signed_permutations();
    matrices.push(Mat3::from_diagonal(v(2.0, -3.0, 0.0)));
    matrices.push(Mat3::from_cols(
        v(1.0, 2.0, 0.0),
        v(0.0, 1.0, -1.0),
        v(3.0, 0.0, 1.0),
    ));
    for m in matrices {
        assert_eq!(b.transformed(&m, t), corner_box(&b, &m, t), "{m}");
    }
    assert_eq!(b.transformed(&Mat3::IDENTITY, Vec3::ZERO), b);
}

#[test]
fn aabb_transformed_by_a_quarter_turn() {
    // 90° about z: x -> y, y -> -x. The box [-1, 3] × [1, 2] × [-4, -2] goes to
    // [-2, -1] × [-1, 3] × [-4, -2].
    let b = Aabb::new(v(-1.0, 1.0, -4.0), v(3.0, 2.0, -2.0));
    let m = Mat3::from_rotation_z(core::f64::consts::FRAC_PI_2 as Real);
    let r = b.transformed(&m, Vec3::ZERO);
    assert_near_vec(r.min, v(-2.0, -1.0, -4.0), "min");
    assert_near_vec(r.max, v(-1.0, 3.0, -2.0), "max");
}

proptest! {
    /// `transformed` is the box of the eight transformed corners, for any matrix.
    #[test]
    fn aabb_transformed_is_the_box_of_the_corners(
        b in aabb(),
        cols in (vec3(), vec3(), vec3()),
        q in rotation(),
        t in vec3(),
    ) {
        for m in [Mat3::from_cols(cols.0, cols.1, cols.2), Mat3::from_quat(q)] {
            let r = b.transformed(&m, t);
            let reference = corner_box(&b, &m, t);
            let scale = 200.0;
            prop_assert!((r.min - reference.min).abs().max_element() <= tol(scale), "{:?} vs {:?}", r, reference);
            prop_assert!((r.max - reference.max).abs().max_element() <= tol(scale), "{:?} vs {:?}", r, reference);
        }
    }
    /// `union` is the smallest box containing both: its bounds are among theirs.
    #[test]
    fn aabb_union_is_the_smallest_box(a in aabb(), b in aabb()) {
        let u = a.union(&b);
        prop_assert_eq!(u.is_valid(), Ok(()));
        for p in aabb_corners(&a).into_iter().chain(aabb_corners(&b)) {
            prop_assert!(u.contains_point(p));
        }
        for axis in 0..3 {
            prop_assert_eq!(u.min[axis], a.min[axis].min(b.min[axis]));
            prop_assert_eq!(u.max[axis], a.max[axis].max(b.max[axis]));
        }
        prop_assert_eq!(a.union(&b), b.union(&a));
        prop_assert_eq!(a.union(&Aabb::EMPTY), a);
    }
    /// `from_points` is the box of the points: it holds them and each face touches one.
    #[test]
    fn aabb_from_points_is_tight(points in proptest::collection::vec(point(), 1..12)) {
        let b = Aabb::from_points(points.iter().copied()).unwrap();
        prop_assert_eq!(b.is_valid(), Ok(()));
        for p in &points {
            prop_assert!(b.contains_point(*p));
        }
        for axis in 0..3 {
            prop_assert!(points.iter().any(|p| p[axis] == b.min[axis]));
            prop_assert!(points.iter().any(|p| p[axis] == b.max[axis]));
        }
    }
}
