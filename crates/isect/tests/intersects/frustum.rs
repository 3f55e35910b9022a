//! Frustum overlap: sphere, AABB, OBB, capsule, plane and frustum against a frustum, exact and
//! conservative.
//!
//! Exact touching cases use a frustum whose planes are a box's faces (exactly representable);
//! camera frusta are checked against an independent reference: GJK's distance between the
//! shape and the hull of the frustum's eight corners (a point scan, not isect's frustum code),
//! and points of the shape inside the frustum. The infinite projection's frustum is checked
//! against the same camera with a far plane at 10⁴, whose side planes are bit-identical.

use isect::math::{Mat4, Vec3};
use isect::query::algo::gjk::gjk_closest_points;
use isect::{
    Aabb, Capsule, ConvexHull, Frustum, Obb, Plane, PointQuery, Real, Segment, Sphere, SupportMap,
};
use proptest::prelude::*;

use crate::common::camera::rh::proj::directx;
use crate::common::strategy::{
    aabb, camera_frustum, capsule, obb, plane, signed_permutation, sphere, view_matrix,
};
use crate::common::{aabb_corners, aabb_frustum, intersects_both, non_finite_points, obb_corners};
use crate::common::{tol, v};

const OFF: Real = 1.0 / 1024.0;

/// The unit cube `[0, 1]³` as six planes.
fn cube() -> Frustum {
    aabb_frustum(&Aabb::new(Vec3::ZERO, Vec3::ONE))
}

/// GJK's distance between the hull of the frustum's corners and `shape` (independent of the
/// frustum pair code).
fn reference_distance<S: SupportMap>(frustum: &Frustum, shape: &S) -> Real {
    let corners = frustum.corners().expect("bounded frustum");
    let hull = ConvexHull::new(corners.to_vec());
    gjk_closest_points(&hull, shape, Vec3::X).distance
}

#[test]
fn sphere_touching_faces_edges_and_corners() {
    let f = cube();
    // Face: center 1 beyond x = 1; edge: offsets (3/8, 1/2) from the edge x = y = 1 (distance
    // 5/8); corner: offsets (1/4, 1/2, 1/2) from (1, 1, 1) (distance 3/4).
    let cases = [
        (v(2.0, 0.5, 0.5), 1.0, v(1.0, 0.0, 0.0)),
        (v(1.375, 1.5, 0.5), 0.625, v(1.0, 1.0, 0.0) / 2.0),
        (v(1.25, 1.5, 1.5), 0.75, v(1.0, 1.0, 1.0) / 3.0),
        (v(-0.5, 0.5, 0.5), 0.5, v(-1.0, 0.0, 0.0)),
    ];
    for (center, r, away) in cases {
        let s = Sphere::new(center, r);
        assert!(intersects_both(&s, &f), "{s:?} touches");
        assert!(f.may_intersect_sphere(&s));
        let apart = Sphere::new(center + away * OFF, r);
        assert!(!intersects_both(&apart, &f), "{apart:?} is apart");
        let smaller = Sphere::new(center, r - OFF);
        assert!(!intersects_both(&smaller, &f), "{smaller:?} is apart");
    }
    // Off a corner: the conservative test passes, the exact one does not.
    let s = Sphere::new(v(1.5, 1.5, 0.5), 0.6);
    assert!(f.may_intersect_sphere(&s));
    assert!(!intersects_both(&s, &f));
    // Radius 0: a point, inside and on a corner.
    assert!(intersects_both(&Sphere::new(v(0.5, 0.5, 0.5), 0.0), &f));
    assert!(intersects_both(&Sphere::new(v(1.0, 1.0, 1.0), 0.0), &f));
    assert!(!intersects_both(
        &Sphere::new(v(1.0 + OFF, 1.0, 1.0), 0.0),
        &f
    ));
}

/// Boxes touching the unit cube by a face, an edge and a corner, and the same moved apart.
fn touching_boxes() -> Vec<(Aabb, Vec3)> {
    vec![
        (
            Aabb::new(v(1.0, 0.0, 0.0), v(2.0, 1.0, 1.0)),
            v(1.0, 0.0, 0.0),
        ),
        (
            Aabb::new(v(1.0, 1.0, 0.25), v(2.0, 2.0, 0.5)),
            v(1.0, 1.0, 0.0),
        ),
        (
            Aabb::new(v(1.0, 1.0, 1.0), v(2.0, 2.0, 2.0)),
            v(1.0, 1.0, 1.0),
        ),
        (
            Aabb::new(v(-1.0, -1.0, -1.0), v(0.0, 0.0, 0.0)),
            v(-1.0, -1.0, -1.0),
        ),
        // Flat and point boxes.
        (
            Aabb::new(v(1.0, 0.25, 0.25), v(1.0, 0.5, 0.5)),
            v(1.0, 0.0, 0.0),
        ),
        (
            Aabb::new(v(1.0, 1.0, 1.0), v(1.0, 1.0, 1.0)),
            v(1.0, 1.0, 1.0),
        ),
    ]
}

#[test]
fn aabb_and_obb_touching_faces_edges_and_corners() {
    let f = cube();
    for (b, away) in touching_boxes() {
        let apart = Aabb::new(b.min + away * OFF, b.max + away * OFF);
        assert!(intersects_both(&b, &f), "{b:?} touches");
        assert!(f.may_intersect_aabb(&b));
        assert!(!intersects_both(&apart, &f), "{apart:?} is apart");
        // The same boxes as OBBs under the 48 exact signed permutations.
        for m in crate::common::signed_permutations() {
            // Half extents along the permuted axes, so that the box is the same set.
            let local = |h: Vec3| (m.transpose() * h).abs();
            let obb = Obb::new(b.center(), local(b.half_extents()), m);
            let obb_apart = Obb::new(apart.center(), local(apart.half_extents()), m);
            assert!(intersects_both(&obb, &f), "{obb:?} touches");
            assert!(f.may_intersect_obb(&obb));
            assert!(!intersects_both(&obb_apart, &f), "{obb_apart:?} is apart");
        }
    }
    // A box off an edge, diagonally: every plane test passes, an edge axis separates.
    let off_edge = Obb::from_quat(
        v(1.5, 1.5, 0.5),
        v(1.0, 0.1, 0.1),
        isect::math::Quat::from_rotation_z(-core::f64::consts::FRAC_PI_4 as Real),
    );
    assert!(f.may_intersect_obb(&off_edge));
    assert!(!intersects_both(&off_edge, &f));
}

#[test]
fn capsule_plane_and_frustum_touching() {
    let f = cube();
    let caps = [
        (
            Capsule::new(v(2.0, 0.5, 0.5), v(3.0, 0.5, 0.5), 1.0),
            v(1.0, 0.0, 0.0),
        ),
        (
            Capsule::new(v(1.375, 1.5, 0.0), v(1.375, 1.5, 1.0), 0.625),
            v(3.0, 4.0, 0.0) / 5.0,
        ),
        (
            Capsule::new(v(0.0, 2.0, 0.5), v(2.0, 0.0, 0.5), 0.0),
            v(1.0, 1.0, 0.0),
        ),
    ];
    for (c, away) in caps {
        assert!(intersects_both(&c, &f), "{c:?} touches");
        let apart = Capsule::new(c.a + away * OFF, c.b + away * OFF, c.radius);
        assert!(!intersects_both(&apart, &f), "{apart:?} is apart");
    }
    let p = Plane::new(Vec3::X, 1.0);
    assert!(intersects_both(&p, &f));
    assert!(!intersects_both(&Plane::new(Vec3::X, 1.0 + OFF), &f));
    assert!(intersects_both(&Plane::new(-Vec3::Z, 0.0), &f));
    let other = aabb_frustum(&Aabb::new(v(1.0, 1.0, 0.0), v(2.0, 2.0, 1.0)));
    assert!(intersects_both(&other, &f));
    let other = aabb_frustum(&Aabb::new(v(1.0 + OFF, 1.0, 0.0), v(2.0, 2.0, 1.0)));
    assert!(!intersects_both(&other, &f));
    assert!(intersects_both(&f, &f));
}

#[test]
fn invalid_input_is_false() {
    let f = cube();
    for p in non_finite_points() {
        assert!(!intersects_both(&Sphere::new(p, 1.0), &f));
        assert!(!intersects_both(&Aabb::new(p, p + Vec3::ONE), &f));
        assert!(!intersects_both(&Obb::from_aabb(&Aabb::new(p, p)), &f));
        assert!(!intersects_both(&Capsule::new(p, Vec3::ZERO, 1.0), &f));
        assert!(!intersects_both(&Plane::new(p, 0.0), &f));
        assert!(!f.may_intersect_sphere(&Sphere::new(p, 1.0)));
        assert!(!f.may_intersect_aabb(&Aabb::new(p, p)));
        let mut bad = f;
        bad.planes[3] = Plane::new(p, 0.0);
        assert!(!intersects_both(&Sphere::new(Vec3::splat(0.5), 1.0), &bad));
        assert!(!intersects_both(&Aabb::new(Vec3::ZERO, Vec3::ONE), &bad));
        assert!(!intersects_both(&bad, &f));
        assert!(!bad.may_intersect_obb(&Obb::from_aabb(&Aabb::new(Vec3::ZERO, Vec3::ONE))));
    }
    assert!(!intersects_both(&Sphere::new(Vec3::splat(0.5), -1.0), &f));
    assert!(!intersects_both(&Aabb::new(Vec3::ONE, Vec3::ZERO), &f));
    assert!(!intersects_both(
        &Capsule::new(Vec3::ZERO, Vec3::ONE, -0.5),
        &f
    ));
}

/// An infinite perspective (plain or reversed Z) and the same camera with a far plane at 10⁴.
fn infinite_and_deep(
    fov: Real,
    aspect: Real,
    near: Real,
    view: Mat4,
    reverse: bool,
) -> (Frustum, Frustum) {
    let infinite = if reverse {
        directx::perspective_infinite_reverse(fov, aspect, near)
    } else {
        directx::perspective_infinite(fov, aspect, near)
    };
    let deep = directx::perspective(fov, aspect, near, 1.0e4);
    (
        Frustum::from_matrix(&(infinite * view)),
        Frustum::from_matrix(&(deep * view)),
    )
}

#[test]
fn infinite_frustum_by_hand() {
    let view = crate::common::camera::rh::view::look_to_mat4(Vec3::ZERO, -Vec3::Z, Vec3::Y);
    for reverse in [false, true] {
        let (f, _) = infinite_and_deep(1.0, 1.0, 0.5, view, reverse);
        assert!(f.corners().is_none());
        let far = v(0.0, 0.0, -1.0e6);
        assert!(intersects_both(&Sphere::new(far, 1.0), &f));
        assert!(intersects_both(
            &Aabb::new(far - Vec3::ONE, far + Vec3::ONE),
            &f
        ));
        assert!(intersects_both(
            &Obb::from_aabb(&Aabb::new(far, far + Vec3::ONE)),
            &f
        ));
        assert!(intersects_both(&Capsule::new(far, far * 2.0, 0.0), &f));
        assert!(intersects_both(&Plane::new(Vec3::Z, -1.0e6), &f));
        let behind = v(0.0, 0.0, 1.0);
        assert!(!intersects_both(&Sphere::new(behind, 0.25), &f));
        assert!(!intersects_both(&Aabb::new(behind, behind + Vec3::ONE), &f));
        assert!(!intersects_both(
            &Capsule::new(behind, behind * 2.0, 0.25),
            &f
        ));
        assert!(!intersects_both(&Plane::new(Vec3::Z, 1.0), &f));
        assert!(intersects_both(&f, &cube().moved_to(far)));
        assert!(intersects_both(&f, &f));
    }
}

trait MovedTo {
    fn moved_to(&self, p: Vec3) -> Self;
}

impl MovedTo for Frustum {
    fn moved_to(&self, p: Vec3) -> Self {
        Frustum::new(
            self.planes
                .map(|q| Plane::new(q.normal, q.d + q.normal.dot(p))),
        )
    }
}

/// Checks every exact test against the reference and the conservative tests against the exact.
fn check_against_reference(
    f: &Frustum,
    s: &Sphere,
    b: &Aabb,
    o: &Obb,
    c: &Capsule,
) -> Result<(), TestCaseError> {
    let t = tol(20.0);
    // Sphere: the distance from its center.
    let exact = intersects_both(s, f);
    let d = reference_distance(f, &s.center);
    if d > s.radius + t {
        prop_assert!(!exact, "sphere {s:?} at {d}");
    }
    if d < s.radius - t {
        prop_assert!(exact, "sphere {s:?} at {d}");
    }
    prop_assert!(!exact || f.may_intersect_sphere(s));
    // Boxes: apart by GJK, or a corner or the center inside.
    let exact = intersects_both(b, f);
    let d = reference_distance(f, b);
    let some_inside = aabb_corners(b)
        .iter()
        .chain([b.center()].iter())
        .any(|&p| f.contains_point(p));
    prop_assert!(!(d > t && exact), "aabb {b:?} at {d}");
    prop_assert!(!some_inside || exact, "aabb {b:?}");
    prop_assert!(!exact || f.may_intersect_aabb(b));
    let exact = intersects_both(o, f);
    let d = reference_distance(f, o);
    let some_inside = obb_corners(o)
        .iter()
        .chain([o.center].iter())
        .any(|&p| f.contains_point(p));
    prop_assert!(!(d > t && exact), "obb {o:?} at {d}");
    prop_assert!(!some_inside || exact, "obb {o:?}");
    prop_assert!(!exact || f.may_intersect_obb(o));
    // Capsule: the distance of its core segment.
    let exact = intersects_both(c, f);
    let d = reference_distance(f, &Segment::new(c.a, c.b));
    if d > c.radius + t {
        prop_assert!(!exact, "capsule {c:?} at {d}");
    }
    if d < c.radius - t {
        prop_assert!(exact, "capsule {c:?} at {d}");
    }
    Ok(())
}

proptest! {
    #[test]
    fn camera_frusta_agree_with_the_reference(
        f in camera_frustum(), s in sphere(), b in aabb(), o in obb(), c in capsule(),
    ) {
        check_against_reference(&f, &s, &b, &o, &c)?;
    }

    #[test]
    fn plane_agrees_with_the_corners(f in camera_frustum(), p in plane()) {
        let corners = f.corners().unwrap();
        let s: Vec<Real> = corners.iter().map(|&c| p.signed_distance(c)).collect();
        let lo = s.iter().copied().fold(Real::INFINITY, Real::min);
        let hi = s.iter().copied().fold(Real::NEG_INFINITY, Real::max);
        let exact = intersects_both(&p, &f);
        let t = tol(20.0);
        if lo > t || hi < -t {
            prop_assert!(!exact);
        }
        if lo < -t && hi > t {
            prop_assert!(exact);
        }
    }

    #[test]
    fn frusta_agree_with_the_reference(a in camera_frustum(), b in camera_frustum()) {
        let exact = intersects_both(&a, &b);
        let hull = ConvexHull::new(b.corners().unwrap().to_vec());
        let d = reference_distance(&a, &hull);
        prop_assert!(!(d > tol(20.0) && exact), "apart by {d}");
        let corner_inside = b.corners().unwrap().iter().any(|&p| a.contains_point(p))
            || a.corners().unwrap().iter().any(|&p| b.contains_point(p));
        prop_assert!(!corner_inside || exact);
    }

    #[test]
    fn infinite_frustum_answers_like_a_deep_one(
        fov in crate::common::strategy::real(0.3, 2.0), aspect in crate::common::strategy::real(0.5, 2.0), near in crate::common::strategy::real(0.1, 1.0),
        view in view_matrix(), reverse in any::<bool>(),
        s in sphere(), b in aabb(), o in obb(), c in capsule(), other in camera_frustum(),
    ) {
        let (inf, deep) = infinite_and_deep(fov, aspect, near, view, reverse);
        // Where clear of the boundary: the deep frustum grown and shrunk by the margin (each
        // plane moved out or in) gives the same answer. The two frusta's near planes round
        // differently (a 50,000-case run found a frustum pair within rounding of touching).
        let m = crate::common::clearance::margin();
        let moved = |by: Real| Frustum {
            planes: deep.planes.map(|p| Plane::new(p.normal, p.d + by)),
        };
        let (grown, shrunk) = (moved(m), moved(-m));
        macro_rules! like_deep {
            ($shape:expr) => {
                let clear = intersects_both($shape, &grown) == intersects_both($shape, &shrunk);
                if clear {
                    prop_assert_eq!(intersects_both($shape, &inf), intersects_both($shape, &deep), "{:?}", $shape);
                }
            };
        }
        like_deep!(&s);
        like_deep!(&b);
        like_deep!(&o);
        like_deep!(&c);
        // (Regression: the deep frustum's far corners at 10⁴ once swamped GJK, which missed a
        // box frustum with a corner inside it; the frusta are now cut to each other's box.)
        like_deep!(&other);
        prop_assert!(!intersects_both(&b, &inf) || inf.may_intersect_aabb(&b));
    }

    #[test]
    fn boxes_as_frusta_answer_like_boxes(a in aabb(), b in aabb(), m in signed_permutation()) {
        // A box as six planes against a box: the AABB overlap is the per-axis interval test.
        let expected = (0..3).all(|i| a.min[i] <= b.max[i] && b.min[i] <= a.max[i]);
        let fa = aabb_frustum(&a);
        prop_assert_eq!(intersects_both(&b, &fa), expected);
        prop_assert_eq!(fa.may_intersect_aabb(&b), expected);
        // An OBB under an exact signed permutation is the same box: its corners decide.
        let o = Obb::new(b.center(), b.half_extents(), m);
        let (lo, hi) = obb_corners(&o).iter().fold(
            (Vec3::INFINITY, Vec3::NEG_INFINITY),
            |(lo, hi), &c| (lo.min(c), hi.max(c)),
        );
        let expected = (0..3).all(|i| lo[i] <= a.max[i] && a.min[i] <= hi[i]);
        prop_assert_eq!(intersects_both(&o, &fa), expected, "{:?}", o);
    }
}
