//! Distances against parry's `query::distance`, where the shapes are clearly apart (parry's GJK
//! is off by up to ~0.2 near touching) and the shapes are not degenerate.

use isect::math::{Quat, Vec3};
use isect::{Capsule, ConvexHull, Distance, Obb, Real, Triangle};
use parry::math::Pose;
use parry::shape as ps;
use proptest::prelude::*;

use crate::common::parry_conv::{pose, to_parry, translation};
use crate::common::strategy::{capsule, obb, triangle, vec3};

fn parry_distance(p1: &Pose, g1: &dyn ps::Shape, p2: &Pose, g2: &dyn ps::Shape) -> Real {
    parry::query::distance(p1, g1, p2, g2)
        .expect("supported pair")
        .distance
}

fn cuboid(o: &Obb) -> (Pose, ps::Cuboid) {
    (
        pose(o.center, Quat::from_mat3(&o.rotation)),
        ps::Cuboid::new(to_parry(o.half_extents)),
    )
}

fn parry_triangle(t: &Triangle) -> ps::Triangle {
    ps::Triangle::new(to_parry(t.a), to_parry(t.b), to_parry(t.c))
}

fn parry_capsule(c: &Capsule) -> (Pose, ps::Capsule) {
    let mid = (c.a + c.b) * 0.5;
    (
        translation(mid),
        ps::Capsule::new(to_parry(c.a - mid), to_parry(c.b - mid), c.radius),
    )
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
            compare(t.distance(&u), parry_distance(&id, &tt, &id, &tu))?;
        }
        if t.area() > 0.1 && c.radius > 0.05 {
            compare(c.distance(&t), parry_distance(&pc, &gc, &id, &tt))?;
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
                compare(ha.distance(&hb), parry_distance(&id, &ga, &id, &gb))?;
            }
        }
    }
}
