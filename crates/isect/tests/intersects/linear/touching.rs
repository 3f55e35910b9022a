//! Hand cases: exactly touching configurations and the same moved apart by 1/1024,
//! degenerate shapes, invalid input.

use isect::math::Vec3;
use isect::{
    Aabb, Capsule, Frustum, Intersects, Line, Obb, Plane, Ray, Real, Segment, Sphere, Triangle,
};

use crate::common::{aabb_frustum, intersects_both, non_finite_points, v};

const GAP: Real = 1.0 / 1024.0;

/// `seg` touches `shape` exactly; `seg` moved by `away` (1/1024 along a separating direction)
/// does not; the same for the ray and the line through it where they stay apart.
#[track_caller]
fn touch_and_apart<S>(shape: &S, seg: Segment, away: Vec3)
where
    S: isect::Intersects<Segment>
        + isect::Intersects<Ray>
        + isect::Intersects<Line>
        + crate::common::transform::Exact
        + core::fmt::Debug,
    Segment: isect::Intersects<S>,
    Ray: isect::Intersects<S>,
    Line: isect::Intersects<S>,
{
    assert!(intersects_both(&seg, shape), "touching {seg:?} {shape:?}");
    let ray = Ray::new(seg.a, seg.b - seg.a);
    assert!(
        intersects_both(&ray, shape),
        "touching ray {ray:?} {shape:?}"
    );
    let moved = Segment::new(seg.a + away, seg.b + away);
    assert!(!intersects_both(&moved, shape), "apart {moved:?} {shape:?}");
}

#[test]
fn sphere_touching() {
    let s = Sphere::new(Vec3::ZERO, 1.0);
    // End on the surface.
    touch_and_apart(
        &s,
        Segment::new(v(1.0, 0.0, 0.0), v(3.0, 0.0, 0.0)),
        v(GAP, 0.0, 0.0),
    );
    // Tangent.
    touch_and_apart(
        &s,
        Segment::new(v(-2.0, 1.0, 0.0), v(2.0, 1.0, 0.0)),
        v(0.0, GAP, 0.0),
    );
    let l = Line::new(v(5.0, 1.0, 0.0), Vec3::X);
    assert!(intersects_both(&l, &s));
    assert!(!intersects_both(
        &Line::new(v(5.0, 1.0 + GAP, 0.0), Vec3::X),
        &s
    ));
    // A ray pointing away from the ball misses; its line does not.
    let away = Ray::new(v(3.0, 0.0, 0.0), Vec3::X);
    assert!(!intersects_both(&away, &s));
    assert!(intersects_both(&Line::new(away.origin, away.dir), &s));
    // Zero-length segment: a point; a zero-radius sphere: a point.
    assert!(intersects_both(
        &Segment::new(v(0.0, 1.0, 0.0), v(0.0, 1.0, 0.0)),
        &s
    ));
    assert!(!intersects_both(
        &Segment::new(v(0.0, 1.0 + GAP, 0.0), v(0.0, 1.0 + GAP, 0.0)),
        &s
    ));
    let dot = Sphere::new(v(1.0, 1.0, 0.0), 0.0);
    assert!(intersects_both(
        &Segment::new(v(0.0, 1.0, 0.0), v(2.0, 1.0, 0.0)),
        &dot
    ));
    assert!(!intersects_both(
        &Segment::new(v(0.0, 1.0 + GAP, 0.0), v(2.0, 1.0, 0.0)),
        &dot
    ));
}

#[test]
fn boxes_touching() {
    let b = Aabb::new(v(-1.0, -1.0, -1.0), v(1.0, 1.0, 1.0));
    let o = Obb::from_aabb(&b);
    for seg in [
        // End on a face, on an edge, on a corner.
        (
            Segment::new(v(1.0, 0.0, 0.0), v(3.0, 0.0, 0.0)),
            v(GAP, 0.0, 0.0),
        ),
        (
            Segment::new(v(1.0, 1.0, 0.0), v(3.0, 3.0, 0.0)),
            v(GAP, GAP, 0.0),
        ),
        (
            Segment::new(v(1.0, 1.0, 1.0), v(2.0, 3.0, 4.0)),
            v(GAP, GAP, GAP),
        ),
        // Lying in a face's plane, along an edge's line.
        (
            Segment::new(v(-3.0, 1.0, 0.5), v(3.0, 1.0, 0.5)),
            v(0.0, GAP, 0.0),
        ),
        (
            Segment::new(v(-3.0, 1.0, 1.0), v(3.0, 1.0, 1.0)),
            v(0.0, GAP, 0.0),
        ),
        // Grazing a corner diagonally.
        (
            Segment::new(v(0.0, 2.0, 1.0), v(2.0, 0.0, 1.0)),
            v(0.0, 0.0, GAP),
        ),
    ] {
        touch_and_apart(&b, seg.0, seg.1);
        touch_and_apart(&o, seg.0, seg.1);
        let f = aabb_frustum(&b);
        touch_and_apart(&f, seg.0, seg.1);
    }
    // A flat box and a point box; a zero-length segment inside and outside.
    let flat = Aabb::new(v(-1.0, -1.0, 0.0), v(1.0, 1.0, 0.0));
    touch_and_apart(
        &flat,
        Segment::new(v(0.0, 0.0, 0.0), v(0.0, 0.0, 2.0)),
        v(0.0, 0.0, GAP),
    );
    let p = Aabb::new(v(1.0, 2.0, 3.0), v(1.0, 2.0, 3.0));
    touch_and_apart(
        &p,
        Segment::new(v(0.0, 2.0, 3.0), v(2.0, 2.0, 3.0)),
        v(0.0, GAP, 0.0),
    );
    assert!(intersects_both(&Segment::new(Vec3::ZERO, Vec3::ZERO), &b));
    assert!(!intersects_both(
        &Segment::new(v(2.0, 0.0, 0.0), v(2.0, 0.0, 0.0)),
        &b
    ));
    // Found by `aabb_agrees_with_gjk` (50,000-case run): a segment ending on a point box from
    // a start whose offset is not a power of two (`1 / dir` times the offset was 1 + ulp).
    let p = Aabb::new(v(-1.0, 0.0, -2.0), v(-1.0, 0.0, -2.0));
    let s = Segment::new(v(0.0, 0.0, -0.39713085), v(-1.0, 0.0, -2.0));
    assert!(intersects_both(&s, &p));
    // Lines along an axis, in and beside a face plane.
    assert!(intersects_both(&Line::new(v(9.0, 1.0, 1.0), -Vec3::X), &b));
    assert!(!intersects_both(
        &Line::new(v(9.0, 1.0 + GAP, 1.0), -Vec3::X),
        &b
    ));
    assert!(!intersects_both(&Ray::new(v(9.0, 0.0, 0.0), Vec3::X), &b));
}

#[test]
fn capsule_touching() {
    let c = Capsule::new(v(0.0, -1.0, 0.0), v(0.0, 1.0, 0.0), 1.0);
    touch_and_apart(
        &c,
        Segment::new(v(1.0, -3.0, 0.0), v(1.0, 3.0, 0.0)),
        v(GAP, 0.0, 0.0),
    );
    touch_and_apart(
        &c,
        Segment::new(v(0.0, 2.0, 0.0), v(0.0, 5.0, 0.0)),
        v(0.0, GAP, 0.0),
    );
    touch_and_apart(
        &c,
        Segment::new(v(-2.0, 2.0, 0.0), v(2.0, 2.0, 0.0)),
        v(0.0, GAP, 0.0),
    );
    let stick = Capsule::new(v(0.0, -1.0, 0.0), v(0.0, 1.0, 0.0), 0.0);
    touch_and_apart(
        &stick,
        Segment::new(v(-1.0, 0.5, 0.0), v(1.0, 0.5, 0.0)),
        v(0.0, 0.0, GAP),
    );
    assert!(intersects_both(&Line::new(v(1.0, 9.0, 0.0), Vec3::Y), &c));
    assert!(!intersects_both(
        &Line::new(v(1.0 + GAP, 9.0, 0.0), Vec3::Y),
        &c
    ));
}

#[test]
fn triangle_touching() {
    let t = Triangle::new(v(0.0, 0.0, 0.0), v(4.0, 0.0, 0.0), v(0.0, 4.0, 0.0));
    // End on the face, through an edge, through a corner (dyadic directions: exact).
    touch_and_apart(
        &t,
        Segment::new(v(1.0, 1.0, 0.0), v(1.0, 1.0, 2.0)),
        v(0.0, 0.0, GAP),
    );
    touch_and_apart(
        &t,
        Segment::new(v(2.0, 2.0, -1.0), v(2.0, 2.0, 1.0)),
        v(GAP, GAP, 0.0),
    );
    touch_and_apart(
        &t,
        Segment::new(v(4.0, 0.0, -1.0), v(4.0, 0.0, 1.0)),
        v(GAP, 0.0, 0.0),
    );
    touch_and_apart(
        &t,
        Segment::new(v(-1.0, -2.0, -4.0), v(1.0, 2.0, 4.0)),
        v(-GAP, 0.0, 0.0),
    );
    // In the plane: crossing, and beside it.
    touch_and_apart(
        &t,
        Segment::new(v(-2.0, 1.0, 0.0), v(2.0, 1.0, 0.0)),
        v(0.0, 0.0, GAP),
    );
    assert!(!intersects_both(
        &Segment::new(v(-2.0, 5.0, 0.0), v(9.0, 5.0, 0.0)),
        &t
    ));
    // Zero-length segment, collinear triangle.
    assert!(intersects_both(
        &Segment::new(v(1.0, 1.0, 0.0), v(1.0, 1.0, 0.0)),
        &t
    ));
    assert!(!intersects_both(
        &Segment::new(v(1.0, 1.0, GAP), v(1.0, 1.0, GAP)),
        &t
    ));
    let flat = Triangle::new(v(0.0, 0.0, 0.0), v(2.0, 0.0, 0.0), v(4.0, 0.0, 0.0));
    touch_and_apart(
        &flat,
        Segment::new(v(3.0, -1.0, 0.0), v(3.0, 1.0, 0.0)),
        v(0.0, 0.0, GAP),
    );
    assert!(intersects_both(&Line::new(v(1.0, 1.0, 9.0), Vec3::Z), &t));
    assert!(!intersects_both(&Ray::new(v(1.0, 1.0, 9.0), Vec3::Z), &t));
}

#[test]
fn plane_touching() {
    let p = Plane::new(Vec3::Y, 1.0);
    touch_and_apart(
        &p,
        Segment::new(v(0.0, 1.0, 0.0), v(3.0, 4.0, 0.0)),
        v(0.0, GAP, 0.0),
    );
    touch_and_apart(
        &p,
        Segment::new(v(-1.0, 1.0, 0.0), v(3.0, 1.0, 0.0)),
        v(0.0, GAP, 0.0),
    );
    assert!(intersects_both(
        &Segment::new(v(0.0, 0.0, 0.0), v(0.0, 2.0, 0.0)),
        &p
    ));
    assert!(intersects_both(
        &Ray::new(v(0.0, 5.0, 0.0), v(1.0, -1.0, 0.0)),
        &p
    ));
    assert!(!intersects_both(
        &Ray::new(v(0.0, 5.0, 0.0), v(1.0, 1.0, 0.0)),
        &p
    ));
    assert!(intersects_both(
        &Line::new(v(0.0, 5.0, 0.0), v(1.0, 1.0, 0.0)),
        &p
    ));
    assert!(intersects_both(&Line::new(v(0.0, 1.0, 0.0), Vec3::X), &p));
    assert!(!intersects_both(
        &Line::new(v(0.0, 1.0 + GAP, 0.0), Vec3::X),
        &p
    ));
}

#[test]
fn linear_pairs() {
    // Crossing at an exact point, touching ends, T-junctions.
    let s = Segment::new(v(-2.0, 0.0, 0.0), v(2.0, 0.0, 0.0));
    let cross = Segment::new(v(0.5, -1.0, 0.0), v(0.5, 1.0, 0.0));
    assert!(intersects_both(&s, &cross));
    assert!(!intersects_both(
        &s,
        &Segment::new(v(0.5, -1.0, GAP), v(0.5, 1.0, GAP))
    ));
    let end = Segment::new(v(2.0, 0.0, 0.0), v(3.0, 5.0, 0.0));
    assert!(intersects_both(&s, &end));
    assert!(!intersects_both(
        &s,
        &Segment::new(v(2.0 + GAP, 0.0, 0.0), v(3.0, 5.0, 0.0))
    ));
    // Collinear: overlapping, end to end, apart.
    assert!(intersects_both(
        &s,
        &Segment::new(v(1.0, 0.0, 0.0), v(5.0, 0.0, 0.0))
    ));
    assert!(intersects_both(
        &s,
        &Segment::new(v(2.0, 0.0, 0.0), v(5.0, 0.0, 0.0))
    ));
    assert!(!intersects_both(
        &s,
        &Segment::new(v(2.0 + GAP, 0.0, 0.0), v(5.0, 0.0, 0.0))
    ));
    // Points.
    assert!(intersects_both(
        &s,
        &Segment::new(v(1.0, 0.0, 0.0), v(1.0, 0.0, 0.0))
    ));
    assert!(!intersects_both(
        &s,
        &Segment::new(v(1.0, GAP, 0.0), v(1.0, GAP, 0.0))
    ));
    // Rays and lines.
    let r = Ray::new(v(0.5, 3.0, 0.0), -Vec3::Y);
    assert!(intersects_both(&s, &r));
    assert!(!intersects_both(&s, &Ray::new(v(0.5, 3.0, 0.0), Vec3::Y)));
    assert!(intersects_both(&s, &Line::new(v(0.5, 3.0, 0.0), Vec3::Y)));
    assert!(intersects_both(&r, &Ray::new(v(-1.0, 0.0, 0.0), Vec3::X)));
    assert!(!intersects_both(&r, &Ray::new(v(1.0, 0.0, 0.0), Vec3::X)));
    assert!(intersects_both(&r, &Line::new(v(1.0, 0.0, 0.0), Vec3::X)));
    assert!(intersects_both(
        &Line::new(v(1.0, 0.0, 0.0), Vec3::X),
        &Line::new(v(0.0, 7.0, 0.0), Vec3::Y)
    ));
    assert!(!intersects_both(
        &Line::new(v(1.0, 0.0, GAP), Vec3::X),
        &Line::new(v(0.0, 7.0, 0.0), Vec3::Y)
    ));
    // Parallel lines apart, and the same line.
    assert!(!intersects_both(
        &Line::new(Vec3::ZERO, Vec3::X),
        &Line::new(v(0.0, GAP, 0.0), Vec3::X)
    ));
    assert!(intersects_both(
        &Line::new(Vec3::ZERO, Vec3::X),
        &Line::new(v(5.0, 0.0, 0.0), -Vec3::X)
    ));
}

#[test]
fn invalid_input_is_false() {
    let good = [Segment::new(v(-5.0, 0.25, 0.125), v(5.0, 0.25, 0.125))];
    let b = Aabb::new(v(-1.0, -1.0, -1.0), v(1.0, 1.0, 1.0));
    let shapes_hit = |s: &Segment| {
        let r = Ray::new(s.a, s.b - s.a);
        let l = Line::new(s.a, s.b - s.a);
        let sphere = Sphere::new(Vec3::ZERO, 1.0);
        let tri = Triangle::new(v(0.0, -2.0, -2.0), v(0.0, 2.0, -2.0), v(0.0, 0.0, 2.0));
        let cap = Capsule::new(-Vec3::Y, Vec3::Y, 1.0);
        let plane = Plane::new(Vec3::X, 0.0);
        let f = aabb_frustum(&b);
        let o = Obb::from_aabb(&b);
        let other = Segment::new(v(0.0, -5.0, 0.125), v(0.0, 5.0, 0.125));
        [
            s.intersects(&sphere),
            s.intersects(&b),
            s.intersects(&o),
            s.intersects(&cap),
            s.intersects(&tri),
            s.intersects(&plane),
            s.intersects(&f),
            s.intersects(&other),
            r.intersects(&sphere),
            r.intersects(&b),
            r.intersects(&o),
            r.intersects(&cap),
            r.intersects(&tri),
            r.intersects(&plane),
            r.intersects(&f),
            r.intersects(&other),
            l.intersects(&sphere),
            l.intersects(&b),
            l.intersects(&o),
            l.intersects(&cap),
            l.intersects(&tri),
            l.intersects(&plane),
            l.intersects(&f),
            l.intersects(&other),
            r.intersects(&Ray::new(other.a, other.b - other.a)),
            l.intersects(&Line::new(other.a, Vec3::Y)),
            r.intersects(&Line::new(other.a, Vec3::Y)),
            s.intersects(&Ray::new(other.a, Vec3::Y)),
            s.intersects(&Line::new(other.a, Vec3::Y)),
        ]
    };
    assert!(shapes_hit(&good[0]).iter().all(|&x| x), "control");
    for p in non_finite_points() {
        for s in [Segment::new(p, good[0].b), Segment::new(good[0].a, p)] {
            let answers = shapes_hit(&s);
            assert!(answers.iter().all(|&x| !x), "{s:?}: {answers:?}");
        }
    }
    // Zero directions of rays and lines.
    let zr = Ray::new(Vec3::ZERO, Vec3::ZERO);
    let zl = Line::new(Vec3::ZERO, Vec3::ZERO);
    assert!(!intersects_both(&zr, &b) && !intersects_both(&zl, &b));
    assert!(!intersects_both(&zr, &Sphere::new(Vec3::ZERO, 1.0)));
    assert!(!intersects_both(&zl, &Plane::new(Vec3::X, 0.0)));
    assert!(!intersects_both(&zr, &Segment::new(-Vec3::X, Vec3::X)));
    // Invalid shapes.
    let s = good[0];
    assert!(!intersects_both(&s, &Sphere::new(Vec3::ZERO, -1.0)));
    assert!(!intersects_both(&s, &Aabb::new(Vec3::ONE, -Vec3::ONE)));
    assert!(!intersects_both(
        &s,
        &Capsule::new(Vec3::ZERO, Vec3::X, Real::NAN)
    ));
    assert!(!intersects_both(&s, &Plane::new(Vec3::ZERO, 0.0)));
    assert!(!intersects_both(
        &s,
        &Frustum::new([Plane::new(Vec3::X, Real::NAN); 6])
    ));
    assert!(!intersects_both(
        &s,
        &Triangle::new(v(Real::INFINITY, 0.0, 0.0), Vec3::Y, Vec3::Z)
    ));
    assert!(!intersects_both(
        &s,
        &Obb::new(Vec3::ZERO, -Vec3::ONE, isect::math::Mat3::IDENTITY)
    ));
}

proptest::proptest! {
    /// A segment that ends on a box's surface touches it, from any start (the end is exactly
    /// representable; the direction is not).
    #[test]
    fn segments_ending_on_a_box_touch_it(
        b in crate::common::strategy::aabb(),
        start in crate::common::strategy::point(),
        on in crate::common::strategy::point(),
        face in 0usize..6,
    ) {
        let mut end = on.clamp(b.min, b.max);
        end[face % 3] = if face < 3 { b.min[face] } else { b.max[face % 3] };
        proptest::prop_assert!(intersects_both(&Segment::new(start, end), &b));
        proptest::prop_assert!(intersects_both(&Segment::new(end, start), &b));
    }
}
