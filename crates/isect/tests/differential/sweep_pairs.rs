//! Sweeps of every remaining pair among spheres, boxes, capsules, triangles and convex hulls
//! against parry's linear shape casts (`query::cast_shapes`, its support-map routine for all of
//! them), from separated starts.
//!
//! parry's cast stops within its tolerance of touching and isect's conservative advancement
//! within its own, so first times are compared where the hit is clear (the shapes overlap for
//! a stretch after parry's time, by isect's exact overlap tests) and may differ by a few 1e-3;
//! beyond that, the later of the two must be right (no overlap in between) or the earlier one
//! a real contact (the shapes touch then). Measured over the 17 pairs at 256 cases each, about
//! 200 clear hits per pair: the first times differ by at most 1.1e-3 in f32 (sphere–triangle)
//! and 3e-7 in f64, so neither fallback has been needed.

use isect::math::{Quat, Vec3};
use isect::{Aabb, Capsule, ConvexHull, Distance, Intersects, Obb, Real, Sphere, Sweep, Triangle};
use parry::math::Pose;
use parry::query::{ShapeCastOptions, cast_shapes};
use parry::shape as ps;
use proptest::prelude::*;

use crate::common::parry_conv::{pose, to_parry, translation};
use crate::common::strategy;
use crate::sweep::Translated;

/// A shape as parry's, placed by a pose (`None` where parry cannot build it).
trait Parried {
    fn parried(&self) -> Option<(Pose, Box<dyn ps::Shape>)>;
    /// A point inside, to aim the motions at.
    fn middle(&self) -> Vec3;
}

impl Parried for Sphere {
    fn parried(&self) -> Option<(Pose, Box<dyn ps::Shape>)> {
        Some((
            translation(self.center),
            Box::new(ps::Ball::new(self.radius)),
        ))
    }
    fn middle(&self) -> Vec3 {
        self.center
    }
}

impl Parried for Aabb {
    fn parried(&self) -> Option<(Pose, Box<dyn ps::Shape>)> {
        let cuboid = ps::Cuboid::new(to_parry(self.half_extents()));
        Some((translation(self.center()), Box::new(cuboid)))
    }
    fn middle(&self) -> Vec3 {
        self.center()
    }
}

impl Parried for Obb {
    fn parried(&self) -> Option<(Pose, Box<dyn ps::Shape>)> {
        let cuboid = ps::Cuboid::new(to_parry(self.half_extents));
        Some((
            pose(self.center, Quat::from_mat3(&self.rotation)),
            Box::new(cuboid),
        ))
    }
    fn middle(&self) -> Vec3 {
        self.center
    }
}

impl Parried for Capsule {
    fn parried(&self) -> Option<(Pose, Box<dyn ps::Shape>)> {
        let mid = (self.a + self.b) * 0.5;
        let capsule = ps::Capsule::new(to_parry(self.a - mid), to_parry(self.b - mid), self.radius);
        Some((translation(mid), Box::new(capsule)))
    }
    fn middle(&self) -> Vec3 {
        (self.a + self.b) * 0.5
    }
}

impl Parried for Triangle {
    fn parried(&self) -> Option<(Pose, Box<dyn ps::Shape>)> {
        let t = ps::Triangle::new(to_parry(self.a), to_parry(self.b), to_parry(self.c));
        Some((Pose::IDENTITY, Box::new(t)))
    }
    fn middle(&self) -> Vec3 {
        (self.a + self.b + self.c) / 3.0
    }
}

impl Parried for ConvexHull {
    fn parried(&self) -> Option<(Pose, Box<dyn ps::Shape>)> {
        let points: Vec<_> = self.points().iter().map(|&p| to_parry(p)).collect();
        let hull = ps::ConvexPolyhedron::from_convex_hull(&points)?;
        Some((Pose::IDENTITY, Box::new(hull)))
    }
    fn middle(&self) -> Vec3 {
        self.points().iter().copied().sum::<Vec3>() / self.points().len() as Real
    }
}

/// The comparison of the module docs for `a` moving by `ma` against `b` moving by `mb`.
fn compare<A, B>(a: &A, ma: Vec3, b: &B, mb: Vec3) -> Result<(), TestCaseError>
where
    A: Sweep<B> + Intersects<B> + Distance<B> + Translated + Parried + core::fmt::Debug,
    B: Translated + Parried + core::fmt::Debug,
{
    prop_assume!(!a.intersects(b) && (ma - mb).length() > 1e-2);
    let (Some((pa, ga)), Some((pb, gb))) = (a.parried(), b.parried()) else {
        return Err(TestCaseError::reject("parry cannot build the shape"));
    };
    let options = ShapeCastOptions {
        max_time_of_impact: 1.0,
        target_distance: 0.0,
        stop_at_penetration: true,
        compute_impact_geometry_on_penetration: true,
    };
    let theirs = cast_shapes(&pa, to_parry(ma), &*ga, &pb, to_parry(mb), &*gb, options)
        .expect("supported pair")
        .map(|hit| hit.time_of_impact);
    let ours = a.sweep(ma, b, mb);
    let moved = |t: Real| (a.translated(ma * t), b.translated(mb * t));
    let overlap = |t: Real| {
        let (x, y) = moved(t);
        x.intersects(&y)
    };
    let distance = |t: Real| {
        let (x, y) = moved(t);
        x.distance(&y)
    };
    let clear_after = |t: Real| t <= 0.98 && (1..=4).all(|k| overlap(t + 0.005 * k as Real));
    let what =
        format!("{a:?} moving {ma} against {b:?} moving {mb}: isect {ours:?}, parry {theirs:?}");
    match (ours, theirs) {
        (Some(h), Some(tp)) if clear_after(tp) => {
            if h.t_first > tp + 5e-3 {
                // parry early: right only if they do not touch before isect's time.
                for k in 0..16 {
                    let t = tp + (h.t_first - tp) * k as Real / 16.0;
                    prop_assert!(!overlap(t), "overlap at {t} before isect's t_first: {what}");
                }
            }
            if h.t_first < tp - 5e-3 {
                // isect early: right only if they touch then.
                let d = distance(h.t_first);
                prop_assert!(d <= 1e-2, "apart by {d} at isect's t_first: {what}");
            }
        }
        (None, Some(tp)) => {
            prop_assert!(!clear_after(tp), "parry hits clearly, isect misses: {what}");
        }
        (Some(h), None) => {
            // parry misses: isect is right if the shapes do overlap within its interval (the
            // exact overlap test shares no code with the sweep). parry misses sweeps that start
            // within its tolerance of touching: a 300,000-case run found two with isect's
            // t_first ≈ 2.5e-4 and the shapes overlapping from then to t = 1.
            let mid = 0.5 * (h.t_first + h.t_last);
            prop_assert!(
                h.t_last - h.t_first <= 2e-2 || overlap(mid),
                "isect hits, parry misses, and nothing overlaps at {mid}: {what}"
            );
        }
        _ => {}
    }
    Ok(())
}

fn sphere() -> impl Strategy<Value = Sphere> {
    (strategy::vec3(), strategy::real(0.2, 3.0)).prop_map(|(c, r)| Sphere::new(c, r))
}

fn aabb() -> impl Strategy<Value = Aabb> {
    (
        strategy::vec3(),
        strategy::real(0.2, 3.0),
        strategy::real(0.2, 3.0),
        strategy::real(0.2, 3.0),
    )
        .prop_map(|(c, x, y, z)| Aabb::from_center_half_extents(c, Vec3::new(x, y, z)))
}

fn obb() -> impl Strategy<Value = Obb> {
    (aabb(), strategy::rotation())
        .prop_map(|(b, q)| Obb::from_quat(b.center(), b.half_extents(), q))
}

fn capsule() -> impl Strategy<Value = Capsule> {
    (
        strategy::vec3(),
        strategy::unit(),
        strategy::real(0.0, 3.0),
        strategy::real(0.2, 2.0),
    )
        .prop_map(|(c, d, h, r)| Capsule::new(c - d * h, c + d * h, r))
}

/// Triangles that are not slivers (parry's flat support map is fine with those too, but
/// "clear" hits of slivers are rare).
fn triangle() -> impl Strategy<Value = Triangle> {
    (strategy::vec3(), strategy::vec3(), strategy::vec3())
        .prop_map(|(a, b, c)| Triangle::new(a, b, c))
        .prop_filter("not a sliver", |t| t.area() > 1.0)
}

fn hull() -> impl Strategy<Value = ConvexHull> {
    (
        proptest::collection::vec(strategy::vec3(), 4..12),
        strategy::vec3(),
    )
        .prop_map(|(points, at)| {
            ConvexHull::new(points.into_iter().map(|p| at + p * 0.3).collect::<Vec<_>>())
        })
        .prop_filter("solid", |h| h.dimension() == 3)
}

/// One proptest per pair: `a` aimed at `b` (most cases hit), both moving.
macro_rules! pairs {
    ($($name:ident: $a:expr, $b:expr;)*) => {
        proptest! {
            #![proptest_config(ProptestConfig { max_global_rejects: 1 << 16, ..ProptestConfig::default() })]
            $(
                #[test]
                fn $name(a in $a, b in $b, speed in strategy::real(0.5, 2.5), aim in strategy::vec3(), mb in strategy::vec3()) {
                    let ma = (b.middle() - a.middle()) * speed + aim * 0.2;
                    compare(&a, ma, &b, mb * 0.2)?;
                }
            )*
        }
    };
}

pairs! {
    sphere_aabb_matches_parry: sphere(), aabb();
    sphere_obb_matches_parry: sphere(), obb();
    sphere_capsule_matches_parry: sphere(), capsule();
    sphere_triangle_matches_parry: sphere(), triangle();
    sphere_hull_matches_parry: sphere(), hull();
    aabb_obb_matches_parry: aabb(), obb();
    aabb_capsule_matches_parry: aabb(), capsule();
    aabb_triangle_matches_parry: aabb(), triangle();
    aabb_hull_matches_parry: aabb(), hull();
    obb_capsule_matches_parry: obb(), capsule();
    obb_triangle_matches_parry: obb(), triangle();
    obb_hull_matches_parry: obb(), hull();
    capsule_triangle_matches_parry: capsule(), triangle();
    capsule_hull_matches_parry: capsule(), hull();
    triangle_triangle_matches_parry: triangle(), triangle();
    triangle_hull_matches_parry: triangle(), hull();
    hull_hull_matches_parry: hull(), hull();
}
