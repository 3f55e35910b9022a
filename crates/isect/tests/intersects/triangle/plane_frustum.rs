//! Triangle–plane and triangle–frustum hand cases.

use isect::math::{Mat4, Vec3};
use isect::{Aabb, Frustum, Plane, Triangle};

use super::{APART, base, invalid_triangles, shifted};
use crate::common::{NON_FINITE, aabb_frustum, camera, intersects_both, v};

#[test]
fn plane_touching_and_apart() {
    let t = base();
    // In the plane; an edge on it; a vertex on it; crossing.
    assert!(intersects_both(&t, &Plane::new(v(0.0, 0.0, 1.0), 0.0)));
    assert!(!intersects_both(&t, &Plane::new(v(0.0, 0.0, 1.0), APART)));
    assert!(!intersects_both(&t, &Plane::new(v(0.0, 0.0, -1.0), APART)));
    assert!(intersects_both(&t, &Plane::new(v(0.0, 1.0, 0.0), 0.0)));
    assert!(!intersects_both(&t, &Plane::new(v(0.0, 1.0, 0.0), -APART)));
    assert!(intersects_both(&t, &Plane::new(v(1.0, 0.0, 0.0), 4.0)));
    assert!(!intersects_both(
        &t,
        &Plane::new(v(1.0, 0.0, 0.0), 4.0 + APART)
    ));
    assert!(intersects_both(&t, &Plane::new(v(1.0, 0.0, 0.0), 1.0)));
    // Diagonal plane x + y = 4 containing the hypotenuse (normal exactly (1, 1, 0) / √2 is not
    // representable: the touching case is decided on the rounded plane, so only clear cases).
    assert!(intersects_both(&t, &Plane::new(v(1.0, 1.0, 0.0), 2.0)));
    assert!(!intersects_both(&t, &Plane::new(v(1.0, 1.0, 0.0), 6.0)));
    // Degenerate triangles.
    let seg = Triangle::new(v(0.0, 0.0, 1.0), v(0.0, 0.0, 3.0), v(0.0, 0.0, 2.0));
    assert!(intersects_both(&seg, &Plane::new(v(0.0, 0.0, 1.0), 3.0)));
    assert!(!intersects_both(
        &seg,
        &Plane::new(v(0.0, 0.0, 1.0), 3.0 + APART)
    ));
    let p = Triangle::new(v(1.0, 2.0, 3.0), v(1.0, 2.0, 3.0), v(1.0, 2.0, 3.0));
    assert!(intersects_both(&p, &Plane::new(v(0.0, 1.0, 0.0), 2.0)));
    assert!(!intersects_both(
        &p,
        &Plane::new(v(0.0, 1.0, 0.0), 2.0 - APART)
    ));
    // Invalid.
    for bad in invalid_triangles() {
        assert!(!intersects_both(&bad, &Plane::new(v(0.0, 0.0, 1.0), 0.0)));
    }
    for x in NON_FINITE {
        assert!(!intersects_both(&t, &Plane::new(v(0.0, 0.0, 1.0), x)));
        assert!(!intersects_both(
            &t,
            &Plane {
                normal: v(x, 0.0, 1.0),
                d: 0.0
            }
        ));
    }
    assert!(!intersects_both(
        &t,
        &Plane {
            normal: Vec3::ZERO,
            d: 0.0
        }
    ));
}

/// The unit box as a frustum: every box–triangle touching case carries over.
#[test]
fn box_frustum_touching_and_apart() {
    let f = aabb_frustum(&Aabb::new(v(0.0, 0.0, 0.0), v(1.0, 1.0, 1.0)));
    let cases = [
        // Face on face, overhanging.
        (
            Triangle::new(v(-1.0, -1.0, 1.0), v(3.0, -1.0, 1.0), v(-1.0, 3.0, 1.0)),
            v(0.0, 0.0, 1.0),
        ),
        // A vertex on a face.
        (
            Triangle::new(v(0.5, 0.5, 1.0), v(2.0, 2.0, 3.0), v(-1.0, 2.0, 3.0)),
            v(0.0, 0.0, 1.0),
        ),
        // The box corner on the face.
        (
            Triangle::new(v(3.0, 0.0, 0.0), v(0.0, 3.0, 0.0), v(0.0, 0.0, 3.0)),
            v(1.0, 0.0, 0.0),
        ),
        // A triangle edge crossing a box edge.
        (
            Triangle::new(v(0.0, 2.0, 0.5), v(2.0, 0.0, 0.5), v(2.0, 2.0, 1.5)),
            v(1.0, 1.0, 0.0),
        ),
        // A vertex on a corner; a point triangle on an edge; a segment through an edge.
        (
            Triangle::new(v(1.0, 1.0, 1.0), v(2.0, 1.0, 3.0), v(1.0, 3.0, 2.0)),
            v(1.0, 1.0, 1.0),
        ),
        (
            Triangle::new(v(0.5, 1.0, 1.0), v(0.5, 1.0, 1.0), v(0.5, 1.0, 1.0)),
            v(0.0, 1.0, 1.0),
        ),
        (
            Triangle::new(v(0.0, 2.0, 0.5), v(2.0, 0.0, 0.5), v(1.0, 1.0, 0.5)),
            v(1.0, 1.0, 0.0),
        ),
    ];
    for (t, away) in cases {
        assert!(
            intersects_both(&t, &f),
            "{t:?} should touch the box frustum"
        );
        let moved = shifted(&t, away * APART);
        assert!(
            !intersects_both(&moved, &f),
            "{moved:?} should miss the box frustum"
        );
    }
    // Piercing with no corner inside; containing; enclosing the frustum's cross-section.
    let big = Triangle::new(v(-5.0, -5.0, 0.5), v(5.0, -5.0, 0.5), v(0.0, 5.0, 0.5));
    assert!(intersects_both(&big, &f));
    let inner = Triangle::new(v(0.25, 0.25, 0.25), v(0.75, 0.25, 0.5), v(0.5, 0.75, 0.75));
    assert!(intersects_both(&inner, &f));
}

#[test]
fn camera_frusta() {
    use camera::rh::proj::directx;
    // Looking down -z from the origin, 90° field of view, near 1, far 10.
    let proj = directx::perspective(core::f64::consts::FRAC_PI_2 as isect::Real, 1.0, 1.0, 10.0);
    let f = Frustum::from_matrix(&proj);
    let wall = |z: isect::Real| Triangle::new(v(-1.0, -1.0, z), v(1.0, -1.0, z), v(0.0, 1.0, z));
    assert!(intersects_both(&wall(-5.0), &f));
    assert!(!intersects_both(&wall(-20.0), &f));
    assert!(!intersects_both(&wall(5.0), &f)); // behind the eye
    // A big triangle around the eye, crossing the view: no corner inside the frustum.
    let around = Triangle::new(
        v(-50.0, -50.0, -3.0),
        v(50.0, -50.0, -3.0),
        v(0.0, 50.0, -3.0),
    );
    assert!(intersects_both(&around, &f));
    // Beside the view: to the right of x = -z at depth 3, and crossing the depth range.
    let beside = Triangle::new(v(4.0, 0.0, -3.0), v(6.0, 0.0, -3.0), v(5.0, 1.0, -2.0));
    assert!(!intersects_both(&beside, &f));
    // The infinite far plane: very far along the view, still inside.
    let infinite: Mat4 =
        directx::perspective_infinite(core::f64::consts::FRAC_PI_2 as isect::Real, 1.0, 1.0);
    let fi = Frustum::from_matrix(&infinite);
    assert!(intersects_both(&wall(-1.0e6), &fi));
    assert!(!intersects_both(&wall(-1.0e6), &f));
    assert!(!intersects_both(&wall(0.5), &fi)); // in front of the near plane
    // Invalid frusta and triangles.
    for bad in invalid_triangles() {
        assert!(!intersects_both(&bad, &f));
    }
    for x in NON_FINITE {
        let mut broken = f;
        broken.planes[3].d = x;
        assert!(!intersects_both(&wall(-5.0), &broken));
    }
    let mut zero = f;
    zero.planes[0].normal = Vec3::ZERO;
    assert!(!intersects_both(&wall(-5.0), &zero));
}

/// Regression: a zero-thickness frustum (the segment x = -2, y = 2 as six planes) and a
/// triangle through it. Each cut point was a rounding off its plane, and the opposite plane,
/// the same one flipped, rejected it.
#[test]
fn zero_thickness_frustum() {
    let segment = Aabb::new(v(-2.0, 2.0, -4.1748104), v(-2.0, 2.0, 4.1748104));
    let f = aabb_frustum(&segment);
    let t = Triangle::new(
        v(-4.552352, 2.397506, 0.0),
        v(0.0, 0.0, 0.0),
        v(5.624275, 1.8676769, 0.0),
    );
    assert!(intersects_both(&t, &f));
    assert!(intersects_both(&segment, &t));
    // A flat (square) frustum and a triangle crossing it.
    let square = aabb_frustum(&Aabb::new(v(0.0, 0.0, 1.0), v(1.0, 1.0, 1.0)));
    let crossing = Triangle::new(v(0.3, 0.3, 0.0), v(0.7, 0.4, 3.0), v(0.2, 0.9, 2.0));
    assert!(intersects_both(&crossing, &square));
    assert!(!intersects_both(
        &shifted(&crossing, v(0.0, 0.0, 2.0)),
        &square
    ));
}
