//! Distances against parry's `query::distance`, where the shapes are clearly apart (parry's GJK
//! is off by up to ~0.2 near touching) and the shapes are not degenerate.

use isect::math::Vec3;
use isect::{Capsule, ConvexHull, Distance, Obb, Real, Triangle};
use parry::math::Pose;
use parry::shape as ps;
use proptest::prelude::*;

use crate::common::flat_reference::{convex_min, dv, triangle_distance, wide};
use crate::common::parry_conv::{capsule_posed as parry_capsule, cuboid, to_parry};
use crate::common::strategy::{capsule, obb, triangle, vec3};
use crate::common::v;

fn parry_distance(p1: &Pose, g1: &dyn ps::Shape, p2: &Pose, g2: &dyn ps::Shape) -> Real {
    parry::query::distance(p1, g1, p2, g2)
        .expect("supported pair")
        .distance
}

fn parry_triangle(t: &Triangle) -> ps::Triangle {
    ps::Triangle::new(to_parry(t.a), to_parry(t.b), to_parry(t.c))
}

/// Compares where parry's distance is clear of touching and the shapes have volume or area.
fn compare(ours: Real, theirs: Real) -> Result<(), TestCaseError> {
    if theirs > 0.5 {
        prop_assert!(
            (ours - theirs).abs() <= 2e-3 * (1.0 + theirs),
            "isect {ours} vs parry {theirs}"
        );
    }
    Ok(())
}

/// Whether isect's closest points of two hulls prove its distance independently of how they were
/// found: each lies on its hull (point query), and the plane between them, normal to their
/// difference, has every corner of `a` on one side and every corner of `b` on the other, so no
/// two points of the hulls are closer (checked in `f64` with a tolerance of the coordinates).
fn certified(a: &[Vec3], b: &[Vec3], ha: &ConvexHull, hb: &ConvexHull) -> bool {
    use isect::PointQuery;
    let cp = ha.closest_points(hb);
    let scale = a
        .iter()
        .chain(b)
        .map(|p| p.abs().max_element())
        .fold(1.0, Real::max);
    let tolerance = wide(scale) * 1e-4;
    let (pa, pb) = (dv(cp.a), dv(cp.b));
    let gap = pa.distance(pb);
    if gap == 0.0 || wide(ha.distance_to_point(cp.a)) > tolerance {
        return false;
    }
    if wide(hb.distance_to_point(cp.b)) > tolerance {
        return false;
    }
    let n = (pa - pb) * (1.0 / gap);
    a.iter().all(|p| n.dot(dv(*p) - pa) >= -tolerance)
        && b.iter().all(|p| n.dot(dv(*p) - pb) <= tolerance)
        && (wide(cp.distance) - gap).abs() <= tolerance
}

fn solid(o: &Obb) -> bool {
    o.half_extents.min_element() > 0.05
}

proptest! {
    #[test]
    fn boxes_triangles_capsules(a in obb(), b in obb(), t in triangle(), u in triangle(), c in capsule()) {
        let (pa, ga) = cuboid(&a);
        let (pb, gb) = cuboid(&b);
        let (pc, gc) = parry_capsule(&c);
        let (tt, tu) = (parry_triangle(&t), parry_triangle(&u));
        let id = Pose::IDENTITY;
        if solid(&a) && solid(&b) {
            compare(a.distance(&b), parry_distance(&pa, &ga, &pb, &gb))?;
        }
        if solid(&a) && t.area() > 0.1 {
            compare(a.distance(&t), parry_distance(&pa, &ga, &id, &tt))?;
        }
        if t.area() > 0.1 && u.area() > 0.1 {
            let (ours, theirs) = (t.distance(&u), parry_distance(&id, &tt, &id, &tu));
            if compare(ours, theirs).is_err() {
                // parry is not always right here (a 300,000-case run found it at 3.2775 for
                // triangles 0.012541 apart, confirmed in exact-input f64): the referee is the
                // least, over each triangle's edges, of the edge's distance to the other
                // triangle, minimised along the edge in f64 (convex along it). Disjoint
                // triangles have a closest pair with a point on an edge.
                let edges = |x: &Triangle, y: &Triangle| {
                    let [p, q, r] = x.vertices().map(dv);
                    [(p, q), (q, r), (r, p)]
                        .map(|(e0, e1)| convex_min(|s| triangle_distance(y, e0 + (e1 - e0) * s), 0.0, 1.0).1)
                        .into_iter()
                        .fold(f64::INFINITY, f64::min)
                };
                let reference = edges(&t, &u).min(edges(&u, &t));
                prop_assert!(
                    (wide(ours) - reference).abs() <= 1e-4 * (1.0 + reference),
                    "isect {ours} vs parry {theirs} vs reference {reference}"
                );
            }
        }
        if t.area() > 0.1 && c.radius > 0.05 {
            let (ours, theirs) = (c.distance(&t), parry_distance(&pc, &gc, &id, &tt));
            if compare(ours, theirs).is_err() {
                // parry's capsule goes through GJK with the radius as a margin, a few 1e-3 off
                // (0.638419 for 0.634711): the referee is the core's distance to the triangle,
                // minimised along the core in f64 (convex along it), less the radius.
                let (p, q) = (dv(c.a), dv(c.b));
                let (_, core) = convex_min(|s| triangle_distance(&t, p + (q - p) * s), 0.0, 1.0);
                let reference = (core - wide(c.radius)).max(0.0);
                prop_assert!(
                    (wide(ours) - reference).abs() <= 1e-4 * (1.0 + reference),
                    "isect {ours} vs parry {theirs} vs reference {reference}"
                );
            }
        }
    }

    #[test]
    fn hulls(points in proptest::collection::vec(vec3(), 4..12), other in proptest::collection::vec(vec3(), 4..12), shift in vec3()) {
        let moved: Vec<Vec3> = other.iter().map(|&p| p + shift * 2.0).collect();
        let (ha, hb) = (ConvexHull::new(points.clone()), ConvexHull::new(moved.clone()));
        let to_poly = |ps: &[Vec3]| {
            ps::ConvexPolyhedron::from_convex_hull(&ps.iter().map(|&p| to_parry(p)).collect::<Vec<_>>())
        };
        if let (Some(ga), Some(gb)) = (to_poly(&points), to_poly(&moved)) {
            if ha.dimension() == 3 && hb.dimension() == 3 {
                let id = Pose::IDENTITY;
                let (ours, theirs) = (ha.distance(&hb), parry_distance(&id, &ga, &id, &gb));
                if compare(ours, theirs).is_err() {
                    // parry's GJK can stop far from the minimum; isect is right if its own
                    // points certify the distance.
                    prop_assert!(certified(&points, &moved, &ha, &hb), "isect {ours} vs parry {theirs}");
                }
            }
        }
    }
}

/// The capsule and triangle (found by the property test above) where parry's distance is
/// 0.638419: the brute force over the core gives 0.634711.
#[test]
fn capsule_triangle_parry_off() {
    let c = Capsule::new(
        v(2.529_043, 2.109_702_6, -8.802_331),
        v(-1.0, -3.0, 0.0),
        1.983_172_9,
    );
    let t = Triangle::new(
        v(8.231_683, 0.428_199_92, 9.933_192),
        v(9.993_682, 0.0, 0.0),
        v(5.069_475, 2.683_285_5, -8.536_767),
    );
    assert!(
        (c.distance(&t) - 0.634_711).abs() < 2e-5,
        "{}",
        c.distance(&t)
    );
}

/// Two tetrahedra (found by the property test above) where parry's GJK stops at 2.73: the
/// distance is 0.105559 (brute force over every vertex–face and edge–edge pair, in f64).
#[test]
fn tetrahedra_parry_stops_early() {
    let a = [
        v(-7.101_075, 5.448_89, -9.874_053),
        v(-8.523_68, -3.082_875_3, -6.323_161_6),
        v(0.0, 0.0, 0.0),
        v(8.142_895, 1.671_435, 9.922_157),
    ];
    let shift = v(3.178_039_6, 0.662_009_4, 5.276_283_7) * 2.0;
    let b = [
        v(9.155_933, -7.948_173, 2.059_735_8) + shift,
        v(-5.880_238_5, 3.948_81, -5.375_01) + shift,
        shift,
        v(0.0, 0.0, -0.723_811_86) + shift,
    ];
    let (ha, hb) = (ConvexHull::new(a.to_vec()), ConvexHull::new(b.to_vec()));
    assert!(
        (ha.distance(&hb) - 0.105_559).abs() < 2e-5,
        "{}",
        ha.distance(&hb)
    );
    assert!(certified(&a, &b, &ha, &hb));
    let to_poly = |ps: &[Vec3]| {
        ps::ConvexPolyhedron::from_convex_hull(&ps.iter().map(|&p| to_parry(p)).collect::<Vec<_>>())
            .unwrap()
    };
    let id = Pose::IDENTITY;
    let theirs = parry_distance(&id, &to_poly(&a), &id, &to_poly(&b));
    // Recorded, not required: parry may be fixed one day.
    if (theirs - 0.105_559).abs() > 1e-2 {
        eprintln!("parry3d still answers {theirs} for 0.105559");
    }
}
