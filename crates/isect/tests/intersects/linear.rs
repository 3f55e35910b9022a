//! Overlap of segments, rays and lines with the solids, triangles, planes and frusta, and with
//! each other: exactly touching configurations (small integers and powers of two) and the same
//! moved apart by 1/1024, degenerate shapes, invalid input, symmetry (every call goes through
//! `intersects_both`), and agreement with independent answers: GJK's distance, point
//! containment of sampled points, and long segments standing in for lines.

use isect::math::Vec3;
use isect::query::algo::gjk::gjk_closest_points;
use isect::{
    Aabb, Capsule, Distance, Frustum, Intersects, Line, Obb, Plane, PointQuery, Ray, RayCast, Real,
    Segment, Sphere, SupportMap, Triangle,
};
use proptest::prelude::*;

use crate::common::strategy::{
    aabb, camera_frustum, capsule, direction, line, obb, plane, point, ray, segment, sphere,
    triangle,
};
use crate::common::{aabb_frustum, gjk_distance_tolerance, intersects_both, non_finite_points, v};

const GAP: Real = 1.0 / 1024.0;

/// `seg` touches `shape` exactly; `seg` moved by `away` (1/1024 along a separating direction)
/// does not; the same for the ray and the line through it where they stay apart.
#[track_caller]
fn touch_and_apart<S>(shape: &S, seg: Segment, away: Vec3)
where
    S: isect::Intersects<Segment>
        + isect::Intersects<Ray>
        + isect::Intersects<Line>
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

/// GJK's verdict on a segment and a solid where it is clear: apart by more than its tolerance
/// is `Some(false)`; a sampled point of the segment inside the solid is `Some(true)`.
fn reference<S: SupportMap + PointQuery>(seg: &Segment, shape: &S) -> Option<bool> {
    if (0..=64).any(|k| shape.contains_point(seg.point_at(k as Real / 64.0))) {
        return Some(true);
    }
    let d = gjk_closest_points(seg, shape, Vec3::X).distance;
    let scale = seg
        .a
        .abs()
        .max_element()
        .max(seg.b.abs().max_element())
        .max(10.0);
    (d > gjk_distance_tolerance(d, scale) * 4.0).then_some(false)
}

/// A segment long enough to stand for the line (or ray) within the strategies' coordinates.
fn long_segment(origin: Vec3, dir: Vec3, from: Real) -> Segment {
    let u = dir.normalize();
    Segment::new(origin + u * from, origin + u * 100.0)
}

macro_rules! agree_with_gjk {
    ($name:ident, $strategy:expr) => {
        proptest! {
            #[test]
            fn $name(shape in $strategy, s in segment(), r in ray(), l in line()) {
                if let Some(expected) = reference(&s, &shape) {
                    prop_assert_eq!(intersects_both(&s, &shape), expected, "{:?}", s);
                }
                if let Some(expected) = reference(&long_segment(r.origin, r.dir, 0.0), &shape) {
                    prop_assert_eq!(intersects_both(&r, &shape), expected, "{:?}", r);
                }
                if let Some(expected) = reference(&long_segment(l.origin, l.dir, -100.0), &shape) {
                    prop_assert_eq!(intersects_both(&l, &shape), expected, "{:?}", l);
                }
            }
        }
    };
}

agree_with_gjk!(sphere_agrees_with_gjk, sphere());
agree_with_gjk!(aabb_agrees_with_gjk, aabb());
agree_with_gjk!(obb_agrees_with_gjk, obb());
agree_with_gjk!(capsule_agrees_with_gjk, capsule());

proptest! {
    /// Triangles: GJK's distance where clearly apart; where the segment clearly crosses the
    /// plane at a point whose barycentrics are clearly inside, true.
    #[test]
    fn triangle_agrees(t in triangle(), s in segment(), r in ray(), l in line()) {
        for (seg, got) in [
            (s, intersects_both(&s, &t)),
            (long_segment(r.origin, r.dir, 0.0), intersects_both(&r, &t)),
            (long_segment(l.origin, l.dir, -100.0), intersects_both(&l, &t)),
        ] {
            let d = gjk_closest_points(&seg, &t, Vec3::X).distance;
            if d > gjk_distance_tolerance(d, 100.0) * 4.0 {
                prop_assert!(!got, "{seg:?} {t:?} apart by {d}");
            }
            if let Some(n) = t.normal() {
                let (sa, sb) = (n.dot(seg.a - t.a), n.dot(seg.b - t.a));
                if sa * sb < 0.0 && sa.abs().min(sb.abs()) > 1e-2 {
                    let x = seg.a + (seg.b - seg.a) * (sa / (sa - sb));
                    if let Some(w) = t.barycentric(x) {
                        if w.min_element() > 1e-2 && t.area() > 1e-2 {
                            prop_assert!(got, "{seg:?} crosses {t:?} at {x}");
                        }
                    }
                }
            }
        }
    }

    /// Planes: the signs of the ends' distances, where clear.
    #[test]
    fn plane_agrees(p in plane(), s in segment(), r in ray(), l in line()) {
        let (sa, sb) = (p.signed_distance(s.a), p.signed_distance(s.b));
        if sa.abs().min(sb.abs()) > 1e-3 {
            prop_assert_eq!(intersects_both(&s, &p), (sa < 0.0) != (sb < 0.0));
        }
        let (so, den) = (p.signed_distance(r.origin), p.normal.dot(r.dir));
        if so.abs() > 1e-3 && den.abs() > 1e-3 {
            prop_assert_eq!(intersects_both(&r, &p), (so < 0.0) != (den < 0.0));
        }
        let den = p.normal.dot(l.dir);
        if den.abs() > 1e-3 {
            prop_assert!(intersects_both(&l, &p));
        }
    }

    /// Frusta: a contained sample means true; a box's frustum agrees with the box where GJK
    /// is clear.
    #[test]
    fn frustum_agrees(f in camera_frustum(), b in aabb(), s in segment(), r in ray()) {
        if (0..=64).any(|k| f.contains_point(s.point_at(k as Real / 64.0))) {
            prop_assert!(intersects_both(&s, &f));
        }
        if let Some(h) = f.raycast(&r, Real::INFINITY) {
            prop_assert!(f.distance_to_point(h.point) <= crate::common::tol(h.point.abs().max_element()));
            prop_assert!(intersects_both(&r, &f));
        }
        let bf = aabb_frustum(&b);
        if let Some(expected) = reference(&s, &b) {
            prop_assert_eq!(intersects_both(&s, &bf), expected);
        }
    }

    /// Linear pairs: built through a common point they meet; moved apart along the common
    /// perpendicular by a clear gap they do not.
    #[test]
    fn linear_pairs_agree(p in point(), d1 in direction(), d2 in direction(), s1 in 0.0 as Real..1.0, s2 in 0.0 as Real..1.0, gap in 1e-2 as Real..1.0) {
        let a = Segment::new(p - d1 * s1, p + d1 * (1.0 - s1));
        let b = Segment::new(p - d2 * s2, p + d2 * (1.0 - s2));
        let n = d1.cross(d2);
        prop_assume!(n.length() > 1e-2 * d1.length() * d2.length());
        prop_assert!(intersects_both(&a, &b));
        prop_assert!(intersects_both(&Ray::new(a.a, d1), &b));
        prop_assert!(intersects_both(&Line::new(a.b, d1), &Ray::new(b.a, d2)));
        prop_assert!(intersects_both(&Line::new(p, d1), &Line::new(b.b, d2)));
        let off = n.normalize() * gap;
        let b2 = Segment::new(b.a + off, b.b + off);
        prop_assert!(!intersects_both(&a, &b2));
        prop_assert!(!intersects_both(&Line::new(p, d1), &Line::new(b2.a, d2)));
        prop_assert_eq!(intersects_both(&a, &b2), a.distance(&b2) == 0.0);
    }
}
