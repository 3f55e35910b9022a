//! Shapes against meshes, against parry's composite-shape casts and distances
//! (`query::cast_shapes` and `query::distance` with a parry `TriMesh`, the mesh passed first
//! and second), on soups, terrains and closed meshes, from places apart from the mesh (parry's
//! `TriMesh` has no inside; isect's solids have, which only shows for shapes inside).
//!
//! parry's casts are GJK ray casts stopping within a tolerance, so first times are compared
//! where the hit is clear (the shape overlaps the mesh for a stretch after parry's time, by
//! isect's own overlap test, which shares no code with the sweep), and beyond a few 1e-3 the
//! later of the two times must be right (no overlap in between) or the earlier one a real
//! contact (they touch then). Every normal parry gives is checked for unit length, and the two
//! argument orders against each other.

use isect::math::{Quat, Vec3};
use isect::{
    Aabb, Bounded, Capsule, ConvexHull, Distance, Intersects, Obb, Real, Sphere, Sweep, TriMesh,
    Triangle,
};
use parry::math::Pose;
use parry::query::{ShapeCastOptions, cast_shapes};
use parry::shape as ps;
use proptest::prelude::*;

use crate::common::mesh::{soup, sphere_mesh, subdivided_cube, terrain};
use crate::common::parry_conv::{from_parry, pose, to_parry, translation};
use crate::common::{strategy, tol};
use crate::sweep::Translated;

/// A mesh as parry's (`None` where parry refuses it).
pub(super) fn parry_mesh(m: &TriMesh) -> Option<ps::TriMesh> {
    ps::TriMesh::new(
        m.vertices().iter().map(|&p| to_parry(p)).collect(),
        m.triangles().to_vec(),
    )
    .ok()
}

/// A random mesh without degenerate triangles (which parry's `TriMesh` handles its own way).
fn any_mesh() -> impl Strategy<Value = TriMesh> {
    let m = |(v, t)| TriMesh::new(v, t).expect("valid mesh");
    prop_oneof![
        2 => soup(24).prop_map(m),
        2 => terrain().prop_map(m),
        1 => (0u32..3).prop_map(move |k| {
            let (vertices, triangles) = subdivided_cube(1 << k);
            m((vertices.into_iter().map(|p| p * 4.0).collect(), triangles))
        }),
        1 => (1u32..=2, strategy::point()).prop_map(move |(levels, c)| {
            m(sphere_mesh(c * 0.5, 5.0, levels))
        }),
    ]
    .prop_filter("no degenerate triangles", |m| {
        (0..m.triangle_count() as u32).all(|i| m.triangle(i).normal().is_some())
    })
}

/// A shape as parry's, placed by a pose (`None` where parry cannot build it).
trait Parried {
    fn parried(&self) -> Option<(Pose, Box<dyn ps::Shape>)>;
}

impl Parried for Sphere {
    fn parried(&self) -> Option<(Pose, Box<dyn ps::Shape>)> {
        Some((
            translation(self.center),
            Box::new(ps::Ball::new(self.radius)),
        ))
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
}

impl Parried for Capsule {
    fn parried(&self) -> Option<(Pose, Box<dyn ps::Shape>)> {
        let mid = (self.a + self.b) * 0.5;
        let capsule = ps::Capsule::new(to_parry(self.a - mid), to_parry(self.b - mid), self.radius);
        Some((translation(mid), Box::new(capsule)))
    }
}

impl Parried for ConvexHull {
    fn parried(&self) -> Option<(Pose, Box<dyn ps::Shape>)> {
        let points: Vec<_> = self.points().iter().map(|&p| to_parry(p)).collect();
        let hull = ps::ConvexPolyhedron::from_convex_hull(&points)?;
        Some((Pose::IDENTITY, Box::new(hull)))
    }
}

fn options() -> ShapeCastOptions {
    ShapeCastOptions {
        max_time_of_impact: 1.0,
        target_distance: 0.0,
        stop_at_penetration: true,
        compute_impact_geometry_on_penetration: true,
    }
}

/// The comparison of the module docs for `shape` moving by `ms` against `m` moving by `mm`.
fn compare_cast<S>(shape: &S, ms: Vec3, m: &TriMesh, mm: Vec3) -> Result<(), TestCaseError>
where
    S: Sweep<TriMesh> + Intersects<TriMesh> + Distance<TriMesh> + Translated + Parried,
    S: core::fmt::Debug,
{
    prop_assume!(!shape.intersects(m) && (ms - mm).length() > 1e-2);
    let (Some((ps_pose, g)), Some(pm)) = (shape.parried(), parry_mesh(m)) else {
        return Err(TestCaseError::reject("parry cannot build the shapes"));
    };
    let cast_mesh_first = cast_shapes(
        &Pose::IDENTITY,
        to_parry(mm),
        &pm,
        &ps_pose,
        to_parry(ms),
        &*g,
        options(),
    )
    .expect("supported pair");
    let cast_mesh_second = cast_shapes(
        &ps_pose,
        to_parry(ms),
        &*g,
        &Pose::IDENTITY,
        to_parry(mm),
        &pm,
        options(),
    )
    .expect("supported pair");
    let theirs = cast_mesh_first.map(|h| h.time_of_impact);
    let ours = shape.sweep(ms, m, mm);
    let v = ms - mm;
    let overlap = |t: Real| shape.translated(v * t).intersects(m);
    let distance = |t: Real| Distance::<TriMesh>::distance(&shape.translated(v * t), m);
    let clear_after = |t: Real| t <= 0.98 && (1..=4).all(|k| overlap(t + 0.005 * k as Real));
    let what = format!(
        "{shape:?} moving {ms} against a mesh moving {mm}: isect {ours:?}, parry {theirs:?}"
    );
    // parry's two orders agree with each other, and its normals are unit.
    prop_assert_eq!(
        cast_mesh_first.is_some(),
        cast_mesh_second.is_some(),
        "parry's orders: {}",
        what
    );
    for h in cast_mesh_first.iter().chain(cast_mesh_second.iter()) {
        for n in [h.normal1, h.normal2] {
            let n = from_parry(n);
            prop_assert!(
                (n.length() - 1.0).abs() <= 1e-3,
                "parry's normal {n}: {what}"
            );
        }
    }
    if let Some(h) = ours {
        prop_assert!(
            (h.normal.length() - 1.0).abs() <= 1e-4,
            "isect's normal: {what}"
        );
    }
    match (ours, theirs) {
        (Some(h), Some(tp)) if clear_after(tp) => {
            if h.t_first > tp + 5e-3 {
                for k in 0..16 {
                    let t = tp + (h.t_first - tp) * k as Real / 16.0;
                    prop_assert!(!overlap(t), "overlap at {t} before isect's t_first: {what}");
                }
            }
            if h.t_first < tp - 5e-3 {
                let d = distance(h.t_first);
                prop_assert!(d <= 1e-2, "apart by {d} at isect's t_first: {what}");
            }
        }
        (None, Some(tp)) => {
            prop_assert!(!clear_after(tp), "parry hits clearly, isect misses: {what}");
        }
        (Some(h), None) => {
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

/// isect's distance against parry's, for a shape apart from the mesh.
fn compare_distance<S>(shape: &S, m: &TriMesh) -> Result<(), TestCaseError>
where
    S: Distance<TriMesh> + Intersects<TriMesh> + Parried + core::fmt::Debug,
{
    prop_assume!(!shape.intersects(m));
    let (Some((ps_pose, g)), Some(pm)) = (shape.parried(), parry_mesh(m)) else {
        return Err(TestCaseError::reject("parry cannot build the shapes"));
    };
    let ours = shape.distance(m);
    let theirs = parry::query::distance(&Pose::IDENTITY, &pm, &ps_pose, &*g)
        .expect("supported pair")
        .distance;
    prop_assert!(
        (ours - theirs).abs() <= tol(32.0) + 1e-4 * ours,
        "{shape:?}: isect {ours}, parry {theirs}"
    );
    Ok(())
}

fn sphere() -> impl Strategy<Value = Sphere> {
    (strategy::vec3(), strategy::real(0.2, 3.0)).prop_map(|(c, r)| Sphere::new(c, r))
}

fn obb() -> impl Strategy<Value = Obb> {
    (
        strategy::vec3(),
        strategy::real(0.2, 3.0),
        strategy::real(0.2, 3.0),
        strategy::real(0.2, 3.0),
        strategy::rotation(),
    )
        .prop_map(|(c, x, y, z, q)| Obb::from_quat(c, Vec3::new(x, y, z), q))
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

/// A motion aimed through the mesh's box (most cases hit), and a small motion of the mesh.
fn aimed(m: &TriMesh, from: Vec3, speed: Real, aim: Vec3) -> Vec3 {
    let b = m.aabb();
    (b.center() + aim * 0.3 - from) * speed
}

/// One proptest per shape: casts aimed at the mesh, and distances.
macro_rules! shapes {
    ($($cast:ident, $distance:ident: $shape:expr, $middle:expr;)*) => {
        proptest! {
            #![proptest_config(ProptestConfig { cases: 128, max_global_rejects: 1 << 16, ..ProptestConfig::default() })]
            $(
                #[test]
                fn $cast(m in any_mesh(), s in $shape, speed in strategy::real(0.5, 2.5), aim in strategy::vec3(), mm in strategy::vec3()) {
                    let middle: fn(&_) -> Vec3 = $middle;
                    let ms = aimed(&m, middle(&s), speed, aim);
                    compare_cast(&s, ms, &m, mm * 0.1)?;
                }

                #[test]
                fn $distance(m in any_mesh(), s in $shape) {
                    compare_distance(&s, &m)?;
                }
            )*
        }
    };
}

shapes! {
    sphere_casts_match_parry, sphere_distances_match_parry: sphere(), |s: &Sphere| s.center;
    obb_casts_match_parry, obb_distances_match_parry: obb(), |b: &Obb| b.center;
    capsule_casts_match_parry, capsule_distances_match_parry: capsule(), |c: &Capsule| (c.a + c.b) * 0.5;
    hull_casts_match_parry, hull_distances_match_parry: hull(), |h: &ConvexHull| h.points()[0];
}

#[test]
fn aabbs_and_triangles_are_parrys_cuboids_and_triangles() {
    // parry's cuboid stands for isect's Aabb, its triangle for isect's Triangle: one fixed case
    // each (the property tests cover the Obb and the hull, which are the same routines).
    let m = TriMesh::new(
        vec![
            Vec3::new(-4.0, 0.0, -4.0),
            Vec3::new(4.0, 0.0, -4.0),
            Vec3::new(0.0, 0.0, 4.0),
        ],
        vec![[0, 2, 1]],
    )
    .unwrap();
    let pm = parry_mesh(&m).unwrap();
    let b = Aabb::new(Vec3::new(-1.0, 2.0, -1.0), Vec3::new(1.0, 3.0, 1.0));
    let cuboid = ps::Cuboid::new(to_parry(b.half_extents()));
    let motion = Vec3::new(0.0, -4.0, 0.0);
    let theirs = cast_shapes(
        &translation(b.center()),
        to_parry(motion),
        &cuboid,
        &Pose::IDENTITY,
        to_parry(Vec3::ZERO),
        &pm,
        options(),
    )
    .unwrap()
    .unwrap();
    let ours = b.sweep(motion, &m, Vec3::ZERO).unwrap();
    assert!((ours.t_first - theirs.time_of_impact).abs() <= 1e-4);
    let t = Triangle::new(
        Vec3::new(-1.0, 2.0, 0.0),
        Vec3::new(1.0, 2.0, 0.0),
        Vec3::new(0.0, 3.0, 0.0),
    );
    let pt = ps::Triangle::new(to_parry(t.a), to_parry(t.b), to_parry(t.c));
    let theirs = cast_shapes(
        &Pose::IDENTITY,
        to_parry(motion),
        &pt,
        &Pose::IDENTITY,
        to_parry(Vec3::ZERO),
        &pm,
        options(),
    )
    .unwrap()
    .unwrap();
    let ours = t.sweep(motion, &m, Vec3::ZERO).unwrap();
    assert!((ours.t_first - theirs.time_of_impact).abs() <= 1e-4);
}
