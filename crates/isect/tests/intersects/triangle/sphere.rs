//! Sphere–triangle hand cases.

use isect::{Sphere, Triangle};

use super::{APART, base, invalid_triangles};
use crate::common::{NON_FINITE, intersects_both, non_finite_points, v};

#[test]
fn touching_face_edge_and_vertex() {
    let t = base();
    // (centre, radius, the direction that moves it away)
    let cases = [
        (v(1.0, 1.0, 2.0), 2.0, v(0.0, 0.0, 1.0)), // face, from above
        (v(1.0, 1.0, -0.5), 0.5, v(0.0, 0.0, -1.0)), // face, from below
        (v(2.0, -1.0, 0.0), 1.0, v(0.0, -1.0, 0.0)), // edge ab, in the plane
        (v(2.0, -1.0, 1.0), 2.0, v(0.0, 0.0, 0.0)), // edge ab at distance √2 < 2
        (v(3.0, 3.0, 0.0), 2.0, v(1.0, 1.0, 0.0)), // hypotenuse: distance √2 < 2
        (v(-1.0, 0.0, 0.0), 1.0, v(-1.0, 0.0, 0.0)), // vertex a
        (v(4.0, -3.0, 0.0), 3.0, v(0.0, -1.0, 0.0)), // vertex b from below-left
        (v(0.0, 4.0, 2.0), 2.0, v(0.0, 0.0, 1.0)), // vertex c from above
        (v(1.0, 1.0, 0.0), 0.0, v(0.0, 0.0, 1.0)), // a point on the face
        (v(2.0, 2.0, 0.0), 0.0, v(1.0, 1.0, 0.0)), // a point on the hypotenuse
        (v(0.0, 4.0, 0.0), 0.0, v(0.0, 1.0, 0.0)), // a point at a vertex
    ];
    for (center, radius, away) in cases {
        let s = Sphere::new(center, radius);
        assert!(intersects_both(&s, &t), "{s:?} should touch {t:?}");
        if away != v(0.0, 0.0, 0.0) && (center.x == 3.0 || center.x == 2.0 && center.z != 0.0) {
            continue; // distance not a sum of exact numbers: moved apart below
        }
        if away != v(0.0, 0.0, 0.0) {
            let moved = Sphere::new(center + away * APART, radius);
            assert!(!intersects_both(&moved, &t), "{moved:?} should miss {t:?}");
            let smaller = Sphere::new(center, radius - APART);
            if radius > 0.0 {
                assert!(
                    !intersects_both(&smaller, &t),
                    "{smaller:?} should miss {t:?}"
                );
            }
        }
    }
}

#[test]
fn inside_and_far() {
    let t = base();
    // A big sphere containing the whole triangle.
    assert!(intersects_both(&Sphere::new(v(1.0, 1.0, 0.5), 10.0), &t));
    // The plane is crossed but the disk misses the triangle.
    assert!(!intersects_both(&Sphere::new(v(4.0, 4.0, 0.0), 2.0), &t));
    assert!(!intersects_both(&Sphere::new(v(-3.0, -3.0, 0.0), 4.0), &t));
    assert!(intersects_both(&Sphere::new(v(-3.0, -3.0, 0.0), 4.25), &t));
}

#[test]
fn degenerate_triangles_are_segments_and_points() {
    // Collinear: the segment from (0,0,0) to (4,0,0).
    let seg = Triangle::new(v(0.0, 0.0, 0.0), v(2.0, 0.0, 0.0), v(4.0, 0.0, 0.0));
    assert!(intersects_both(&Sphere::new(v(2.0, 1.0, 0.0), 1.0), &seg));
    assert!(intersects_both(&Sphere::new(v(3.0, 0.0, -1.0), 1.0), &seg));
    assert!(intersects_both(&Sphere::new(v(5.0, 0.0, 0.0), 1.0), &seg));
    assert!(!intersects_both(
        &Sphere::new(v(2.0, 1.0 + APART, 0.0), 1.0),
        &seg
    ));
    assert!(!intersects_both(
        &Sphere::new(v(5.0 + APART, 0.0, 0.0), 1.0),
        &seg
    ));
    // The middle corner outside the others: still that segment.
    let seg2 = Triangle::new(v(1.0, 0.0, 0.0), v(4.0, 0.0, 0.0), v(0.0, 0.0, 0.0));
    assert!(intersects_both(&Sphere::new(v(-1.0, 0.0, 0.0), 1.0), &seg2));
    assert!(!intersects_both(
        &Sphere::new(v(-1.0 - APART, 0.0, 0.0), 1.0),
        &seg2
    ));
    // A point triangle.
    let p = v(1.0, 1.0, 1.0);
    let point = Triangle::new(p, p, p);
    assert!(intersects_both(&Sphere::new(v(1.0, 1.0, 3.0), 2.0), &point));
    assert!(intersects_both(&Sphere::new(p, 0.0), &point));
    assert!(!intersects_both(
        &Sphere::new(v(1.0, 1.0, 3.0 + APART), 2.0),
        &point
    ));
    assert!(!intersects_both(
        &Sphere::new(v(1.0, 1.0, 1.0 + APART), 0.0),
        &point
    ));
}

#[test]
fn invalid_input_is_false() {
    let t = base();
    let good = Sphere::new(v(1.0, 1.0, 0.0), 10.0);
    for p in non_finite_points() {
        assert!(!intersects_both(&Sphere::new(p, 1.0), &t));
    }
    for r in NON_FINITE.into_iter().chain([-1.0]) {
        assert!(!intersects_both(&Sphere::new(v(1.0, 1.0, 0.0), r), &t));
    }
    for bad in invalid_triangles() {
        assert!(!intersects_both(&good, &bad));
    }
}
