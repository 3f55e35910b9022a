//! Properties on random shapes: agreement with GJK where the answer is clear of the boundary,
//! rigid-motion invariance, the AABB and OBB paths and the box-as-frustum clipping agreeing,
//! and `intersection_segment` lying on both triangles.

use isect::query::SupportMap;
use isect::{ConvexHull, Frustum, Intersects, Obb, PointQuery, Real, Triangle};
use proptest::prelude::*;

use crate::common::flat_reference::{dv, smallest_angle_sine, wide};
use crate::common::transform::Moved;
use crate::common::{
    Motion, aabb_frustum, gjk_clear_triangle as gjk_clear, gjk_margin as margin, intersects_both,
    shapes_scale as scale_of, strategy, tol,
};

/// Checks `shape` against `t` with GJK where that is clear, and returns whether it was.
fn agrees_with_gjk<S>(shape: &S, t: &Triangle, scale: Real) -> Result<(), TestCaseError>
where
    S: SupportMap + Intersects<Triangle> + core::fmt::Debug + crate::common::transform::Exact,
    Triangle: Intersects<S>,
{
    let hit = intersects_both(shape, t);
    if let Some(expected) = gjk_clear(shape, t, margin(scale)) {
        prop_assert_eq!(hit, expected, "{:?} vs {:?}", shape, t);
    }
    Ok(())
}

/// `intersects` unchanged by moving both shapes, where GJK says the answer is clear.
fn rigid_invariant<S>(shape: &S, t: &Triangle, m: &Motion, scale: Real) -> Result<(), TestCaseError>
where
    S: SupportMap
        + Intersects<Triangle>
        + Moved
        + core::fmt::Debug
        + crate::common::transform::Exact,
    Triangle: Intersects<S>,
{
    let (ms, mt) = (shape.moved(m), t.moved(m));
    // The moved coordinates are larger: clearance judged on the larger scale.
    let scale = scale.max(scale + m.translation.abs().max_element());
    if gjk_clear(shape, t, margin(scale)).is_some() {
        prop_assert_eq!(
            intersects_both(&ms, &mt),
            intersects_both(shape, t),
            "{:?} vs {:?} moved by {:?}",
            shape,
            t,
            m
        );
    }
    Ok(())
}

proptest! {
    #[test]
    fn sphere_agrees_with_gjk(s in strategy::sphere(), t in strategy::triangle(), m in strategy::motion()) {
        let scale = scale_of(&[&t]).max(s.center.abs().max_element() + s.radius);
        agrees_with_gjk(&s, &t, scale)?;
        rigid_invariant(&s, &t, &m, scale)?;
    }

    #[test]
    fn aabb_agrees_with_gjk(b in strategy::aabb(), t in strategy::triangle()) {
        let scale = scale_of(&[&t]).max(scale_of(&[&b]));
        agrees_with_gjk(&b, &t, scale)?;
        // The OBB path on the same box: the same computation, exactly.
        prop_assert_eq!(Obb::from_aabb(&b).intersects(&t), b.intersects(&t));
        // The box as a frustum, by clipping: an independent method.
        if gjk_clear(&b, &t, margin(scale)).is_some() {
            prop_assert_eq!(intersects_both(&t, &aabb_frustum(&b)), b.intersects(&t));
        }
    }

    #[test]
    fn obb_agrees_with_gjk(b in strategy::obb(), t in strategy::triangle(), m in strategy::motion()) {
        let scale = scale_of(&[&t]).max(b.center.abs().max_element() + b.half_extents.length());
        agrees_with_gjk(&b, &t, scale)?;
        rigid_invariant(&b, &t, &m, scale)?;
    }

    #[test]
    fn capsule_agrees_with_gjk(c in strategy::capsule(), t in strategy::triangle(), m in strategy::motion()) {
        let scale = scale_of(&[&t]).max(scale_of(&[&c]));
        agrees_with_gjk(&c, &t, scale)?;
        rigid_invariant(&c, &t, &m, scale)?;
    }

    #[test]
    fn triangle_agrees_with_gjk(t1 in strategy::triangle(), t2 in strategy::triangle(), m in strategy::motion()) {
        let scale = scale_of(&[&t1, &t2]);
        agrees_with_gjk(&t1, &t2, scale)?;
        rigid_invariant(&t1, &t2, &m, scale)?;
    }

    /// Touching pairs built on purpose: a corner of one on the other (at a random point of it).
    #[test]
    fn triangle_with_a_corner_on_the_other(
        t1 in strategy::triangle(),
        (u, w) in (0.0 as Real..1.0, 0.0 as Real..1.0),
        b in strategy::point(),
        c in strategy::point(),
    ) {
        let (u, w) = if u + w > 1.0 { (1.0 - u, 1.0 - w) } else { (u, w) };
        let p = t1.a + (t1.b - t1.a) * u + (t1.c - t1.a) * w;
        // p is on t1 up to rounding: the corner-on-face case is decided exactly for the rounded
        // p, so only the segment's witness is checked, not the boolean.
        let t2 = Triangle::new(p, b, c);
        if let Some(s) = t1.intersection_segment(&t2) {
            prop_assert!(intersects_both(&t1, &t2));
            let scale = scale_of(&[&t1, &t2]);
            for x in [s.a, s.b, s.a.lerp(s.b, 0.5)] {
                prop_assert!(t1.distance_to_point(x) <= tol(scale), "{x} off {t1:?}");
                prop_assert!(t2.distance_to_point(x) <= tol(scale), "{x} off {t2:?}");
            }
        }
    }

    #[test]
    fn intersection_segment_lies_on_both(t1 in strategy::triangle(), t2 in strategy::triangle()) {
        let hit = intersects_both(&t1, &t2);
        let scale = scale_of(&[&t1, &t2]);
        match t1.intersection_segment(&t2) {
            Some(s) => {
                prop_assert!(hit, "a segment for triangles that do not meet");
                // Nearly parallel planes make the ends less accurate: scale the tolerance by
                // 1 / sin of the angle between the planes; so does a needle, whose plane is
                // ill-conditioned about its long axis: 1 / sin of its smallest angle (a
                // 300,000-case f64 run found one 0.01 rad thin).
                let (n1, n2) = (t1.scaled_normal(), t2.scaled_normal());
                let thinnest = smallest_angle_sine(&t1).min(smallest_angle_sine(&t2));
                // A triangle collinear within rounding (sin θ of 7e-17 seen in f64) has no
                // plane to speak of: the ends are then only where the exact predicates put
                // them, and the position checks below do not apply.
                prop_assume!(thinnest > 1e-9);
                let planes = wide(n1.cross(n2).length() / (n1.length() * n2.length()));
                let allowed = wide(tol(scale)) / planes.min(thinnest).max(1e-3);
                for x in [s.a, s.b, s.a.lerp(s.b, 0.5)] {
                    prop_assert!(wide(t1.distance_to_point(x)) <= allowed, "{:?}: {} off {:?}", s, x, t1);
                    prop_assert!(wide(t2.distance_to_point(x)) <= allowed, "{:?}: {} off {:?}", s, x, t2);
                }
                // The mirror order gives the same segment, up to direction and rounding.
                let r = t2.intersection_segment(&t1).unwrap();
                let same = (r.a.distance(s.a) + r.b.distance(s.b)).min(r.a.distance(s.b) + r.b.distance(s.a));
                prop_assert!(wide(same) <= 2.0 * allowed, "{:?} vs {:?}", s, r);
            }
            None => {
                // Only coplanar overlap or degenerate triangles intersect without a segment.
                if hit {
                    // Degenerate means collinear corners, decided exactly by the library: the
                    // rounded normal of exactly collinear corners can be nonzero (4.8e-7 seen),
                    // so judge by the cross product in f64.
                    let flat = collinear(&t1) || collinear(&t2);
                    let coplanar = t2.vertices().iter().all(|&p| {
                        let n = t1.scaled_normal();
                        n.dot(p - t1.a).abs() <= tol(scale * scale) * n.length()
                    });
                    prop_assert!(flat || coplanar, "no segment for crossing triangles");
                }
            }
        }
    }

    /// Camera frusta against triangles, against GJK on the frustum's eight corners.
    #[test]
    fn frustum_agrees_with_gjk(f in strategy::camera_frustum(), t in strategy::triangle(), m in strategy::motion()) {
        let corners = f.corners().unwrap();
        let hull = ConvexHull::new(corners.to_vec());
        let scale = scale_of(&[&t]).max(corners.iter().fold(0.0, |s: Real, c| s.max(c.abs().max_element())));
        let hit = intersects_both(&t, &f);
        if let Some(expected) = gjk_clear(&hull, &t, margin(scale)) {
            prop_assert_eq!(hit, expected, "{:?} vs {:?}", t, f);
            let moved: Frustum = f.moved(&m);
            let scale = scale + m.translation.abs().max_element();
            if gjk_clear(&hull, &t, margin(scale)).is_some() {
                prop_assert_eq!(intersects_both(&t.moved(&m), &moved), expected);
            }
        }
    }

    /// Planes against triangles: against the signs of the three corners' distances computed in
    /// f64 (exact for f32 input up to one rounding), where clear.
    #[test]
    fn plane_agrees_with_corner_signs(p in strategy::plane(), t in strategy::triangle(), m in strategy::motion()) {
        let hit = intersects_both(&t, &p);
        let d = t.vertices().map(|x| {
            dv(p.normal).dot(dv(x)) - wide(p.d)
        });
        let scale = wide(scale_of(&[&t]).max(p.d.abs()));
        let margin = 1e-4 * scale;
        if d.iter().all(|&x| x > margin) || d.iter().all(|&x| x < -margin) {
            prop_assert!(!hit);
        } else if d.iter().any(|&x| x > margin) && d.iter().any(|&x| x < -margin) {
            prop_assert!(hit);
            // Moved rigidly, still crossing (clear by far more than the motion's rounding).
            prop_assert!(intersects_both(&t.moved(&m), &p.moved(&m)));
        }
    }
}

/// Whether the corners are collinear to within f64 rounding of their cross product (the f32
/// corners' differences are exact in f64).
fn collinear(t: &Triangle) -> bool {
    use crate::common::flat_reference::dv;
    let (a, b, c) = (dv(t.a), dv(t.b), dv(t.c));
    let (ab, ac) = (b - a, c - a);
    ab.cross(ac).length() <= 1e-12 * ab.length() * ac.length()
}
