//! Overlap among Ball, Cuboid, Capsule and planes against parry's `intersection_test`, compared
//! only where the answer is clear of the boundary (GJK apart by a margin, or still meeting when
//! both shapes shrink by it; for planes, the support extremes along the normal).
//!
//! A plane is not a parry shape: isect's plane meets a shape exactly when the shape meets both
//! of parry's half-spaces `n · x <= d` and `n · x >= d`.

use isect::math::{Quat, Vec3};
use isect::query::algo::gjk::SupportMap;
use isect::{Aabb, Capsule, Intersects, Obb, Plane, Sphere};
use proptest::prelude::*;

use crate::common::clearance::{clear_answer, margin};
use crate::common::parry_conv::{pose, to_parry, translation};
use crate::common::{intersects_both, strategy};

type Parried = (parry::math::Pose, Box<dyn parry::shape::Shape>);

trait ToParry {
    fn parry(&self) -> Parried;
}

impl ToParry for Sphere {
    fn parry(&self) -> Parried {
        (
            translation(self.center),
            Box::new(parry::shape::Ball::new(self.radius)),
        )
    }
}

impl ToParry for Aabb {
    fn parry(&self) -> Parried {
        let cuboid = parry::shape::Cuboid::new(to_parry(self.half_extents()));
        (translation(self.center()), Box::new(cuboid))
    }
}

impl ToParry for Obb {
    fn parry(&self) -> Parried {
        let cuboid = parry::shape::Cuboid::new(to_parry(self.half_extents));
        (
            pose(self.center, Quat::from_mat3(&self.rotation)),
            Box::new(cuboid),
        )
    }
}

impl ToParry for Capsule {
    fn parry(&self) -> Parried {
        let capsule = parry::shape::Capsule::new(to_parry(self.a), to_parry(self.b), self.radius);
        (translation(Vec3::ZERO), Box::new(capsule))
    }
}

fn parry_intersects(a: &Parried, b: &Parried) -> bool {
    parry::query::intersection_test(&a.0, a.1.as_ref(), &b.0, b.1.as_ref())
        .expect("parry supports the pair")
        .intersecting
}

/// parry agrees with isect wherever GJK says the answer is clear.
fn check<A, B>(a: &A, b: &B)
where
    A: SupportMap + ToParry + Intersects<B> + core::fmt::Debug + crate::common::transform::Exact,
    B: SupportMap + ToParry + Intersects<A> + core::fmt::Debug + crate::common::transform::Exact,
{
    let got = intersects_both(a, b);
    if let Some(expected) = clear_answer(a, b) {
        assert_eq!(got, expected, "isect vs GJK: {a:?} {b:?}");
        assert_eq!(
            parry_intersects(&a.parry(), &b.parry()),
            got,
            "parry: {a:?} {b:?}"
        );
    }
}

/// The plane as parry's two half-spaces, each placed at the plane's point.
fn check_plane<S>(s: &S, p: &Plane)
where
    S: SupportMap
        + ToParry
        + Intersects<Plane>
        + core::fmt::Debug
        + crate::common::transform::Exact,
    Plane: Intersects<S>,
{
    let got = intersects_both(s, p);
    let lo = p.normal.dot(s.support(-p.normal));
    let hi = p.normal.dot(s.support(p.normal));
    let m = margin();
    if (lo - m..=hi + m).contains(&p.d) && !(lo + m..=hi - m).contains(&p.d) {
        return;
    }
    let at = translation(p.point());
    let below = (
        at,
        Box::new(parry::shape::HalfSpace::new(to_parry(p.normal))) as Box<_>,
    );
    let above = (
        at,
        Box::new(parry::shape::HalfSpace::new(to_parry(-p.normal))) as Box<_>,
    );
    let shape = s.parry();
    let parry = parry_intersects(&shape, &below) && parry_intersects(&shape, &above);
    assert_eq!(parry, got, "parry: {s:?} {p:?}");
}

proptest! {
    #[test]
    fn sphere_sphere(a in strategy::sphere(), b in strategy::sphere()) { check(&a, &b); }

    #[test]
    fn sphere_aabb(a in strategy::sphere(), b in strategy::aabb()) { check(&a, &b); }

    #[test]
    fn sphere_obb(a in strategy::sphere(), b in strategy::obb()) { check(&a, &b); }

    #[test]
    fn sphere_capsule(a in strategy::sphere(), b in strategy::capsule()) { check(&a, &b); }

    #[test]
    fn aabb_aabb(a in strategy::aabb(), b in strategy::aabb()) { check(&a, &b); }

    #[test]
    fn aabb_obb(a in strategy::aabb(), b in strategy::obb()) { check(&a, &b); }

    #[test]
    fn obb_obb(a in strategy::obb(), b in strategy::obb()) { check(&a, &b); }

    #[test]
    fn aabb_capsule(a in strategy::aabb(), b in strategy::capsule()) { check(&a, &b); }

    #[test]
    fn obb_capsule(a in strategy::obb(), b in strategy::capsule()) { check(&a, &b); }

    #[test]
    fn capsule_capsule(a in strategy::capsule(), b in strategy::capsule()) { check(&a, &b); }

    #[test]
    fn sphere_plane(s in strategy::sphere(), p in strategy::plane()) { check_plane(&s, &p); }

    #[test]
    fn aabb_plane(a in strategy::aabb(), p in strategy::plane()) { check_plane(&a, &p); }

    #[test]
    fn obb_plane(b in strategy::obb(), p in strategy::plane()) { check_plane(&b, &p); }

    #[test]
    fn capsule_plane(c in strategy::capsule(), p in strategy::plane()) { check_plane(&c, &p); }
}
