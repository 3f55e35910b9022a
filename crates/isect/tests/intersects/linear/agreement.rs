//! Agreement with independent answers on random input: GJK's distance, contained samples,
//! long segments standing in for rays and lines.

use isect::math::Vec3;
use isect::query::algo::gjk::gjk_closest_points;
use isect::{Distance, Line, PointQuery, Ray, RayCast, Real, Segment, SupportMap};
use proptest::prelude::*;

use crate::common::strategy::{
    aabb, camera_frustum, capsule, direction, line, obb, plane, point, ray, segment, sphere,
    triangle,
};
use crate::common::{aabb_frustum, gjk_distance_tolerance, intersects_both};

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
    fn linear_pairs_agree(p in point(), d1 in direction(), d2 in direction(), s1 in 0.0 as Real..1.0, s2 in 0.0 as Real..1.0, gap in crate::common::strategy::real(1e-2, 1.0)) {
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
