//! `ContactManifold` between two meshes: a cube mesh resting on and sunk into flat grids (its
//! four bottom corners, the face normal over shared edges and vertices), the same as an `Obb`'s
//! manifold against the same floor, tilted and turned cubes, touching, apart and wholly inside,
//! and properties on random placements of a closed mesh over a terrain (the contact's normal,
//! depths between 0 and the contact's, the deepest as deep as the contact, points on the other
//! mesh and within their depth of this one).

use super::contact::grid;
use super::contact_pair::moved;
use super::mesh;
use crate::common::mesh::{sphere_mesh, subdivided_cube, terrain};
use crate::common::tol;
use isect::math::{Mat3, Quat, Vec3};
use isect::{Contact, ContactManifold, Manifold, Obb, PointQuery, Real, TriMesh};
use proptest::prelude::*;

/// The cube `[-1, 1]³` (faces of 2 × 2 quads) turned by `q`, scaled by `s`, its center at `c`.
fn cube(s: Real, q: Quat, c: Vec3) -> TriMesh {
    moved(&mesh(subdivided_cube(2)), |p| q * (p * s) + c)
}

fn sorted(m: &Manifold) -> Vec<(Vec3, Real)> {
    let mut v: Vec<_> = m.points().iter().map(|p| (p.point, p.depth)).collect();
    v.sort_by(|a, b| (a.0.x, a.0.z).partial_cmp(&(b.0.x, b.0.z)).unwrap());
    v
}

#[test]
fn a_cube_resting_and_sunk_on_flat_grids_has_its_four_corners() {
    for flip in [false, true] {
        let floor = grid(8, flip);
        for (x, z) in [(0.0, 0.0), (0.5, 0.5), (0.25, 0.0), (0.375, 0.125)] {
            for depth in [0.0, 0.25, 0.5] {
                let c = cube(1.0, Quat::IDENTITY, Vec3::new(x, 1.0 - depth, z));
                let m = c.contact_manifold(&floor);
                let what = format!("{x} {z} {depth} {flip}: {m:?}");
                assert_eq!((m.normal, m.len()), (Vec3::Y, 4), "{what}");
                let expected: Vec<(Vec3, Real)> =
                    [(-1.0, -1.0), (-1.0, 1.0), (1.0, -1.0), (1.0, 1.0)]
                        .iter()
                        .map(|&(dx, dz)| (Vec3::new(x + dx, 0.0, z + dz), depth))
                        .collect();
                assert_eq!(sorted(&m), expected, "{what}");
                // The floor's manifold against the cube: the other way up, as deep.
                let back = floor.contact_manifold(&c);
                assert_eq!(back.normal, -Vec3::Y, "{what}");
                let top = back.points().iter().map(|p| p.depth).fold(0.0, Real::max);
                assert_eq!(top, depth, "{what}: {back:?}");
            }
        }
    }
}

/// The same cube as an `Obb` against the same floor: the box's clipping and the mesh's give the
/// same normal, the same number of points and the same deepest depth.
#[test]
fn a_cube_mesh_matches_the_box_on_a_floor() {
    let floor = grid(8, false);
    for (angle, tilt, depth) in [
        (0.0, 0.0, 0.25),
        (0.5, 0.0, 0.125),
        (0.3, 0.2, 0.25),
        (1.2, -0.1, 0.5),
    ] {
        let q = Quat::from_rotation_y(angle) * Quat::from_rotation_x(tilt);
        // The cube's lowest corner `depth` below the floor.
        let low = (0..8)
            .map(|k| {
                let s = |b: u32| if k & b == 0 { -1.0 } else { 1.0 };
                (q * Vec3::new(s(1), s(2), s(4))).y
            })
            .fold(Real::INFINITY, Real::min);
        let center = Vec3::new(0.25, -low - depth, 0.125);
        let mesh_cube = cube(1.0, q, center);
        let box_cube = Obb::new(center, Vec3::ONE, Mat3::from_quat(q));
        let (m, b) = (
            mesh_cube.contact_manifold(&floor),
            box_cube.contact_manifold(&floor),
        );
        let what = format!("{angle} {tilt}: {m:?} vs {b:?}");
        assert_eq!(m.normal, Vec3::Y, "{what}");
        assert_eq!(b.normal, Vec3::Y, "{what}");
        assert_eq!(m.len(), b.len(), "{what}");
        let deepest = |m: &Manifold| m.points().iter().map(|p| p.depth).fold(0.0, Real::max);
        assert!((deepest(&m) - depth).abs() <= tol(4.0), "{what}");
        assert!((deepest(&b) - depth).abs() <= tol(4.0), "{what}");
    }
}

#[test]
fn apart_touching_and_inside() {
    let floor = grid(4, false);
    // A hair above: apart.
    let above = cube(1.0, Quat::IDENTITY, Vec3::new(0.0, 1.0 + 1.0 / 1024.0, 0.0));
    assert!(above.contact_manifold(&floor).is_empty());
    assert!(floor.contact_manifold(&above).is_empty());
    // A small cube wholly inside a big solid one, touching no triangle: one point, the
    // contact's.
    let big = cube(4.0, Quat::IDENTITY, Vec3::ZERO);
    let small = cube(0.5, Quat::from_rotation_y(0.3), Vec3::new(2.5, 0.0, 0.0));
    let m = small.contact_manifold(&big);
    let c = small.contact(&big).unwrap();
    assert_eq!(m.len(), 1, "{m:?}");
    assert_eq!(m.normal, c.normal);
    assert_eq!(
        (m.points()[0].point, m.points()[0].depth),
        (c.point, c.depth)
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A closed ball mesh placed over a random terrain, from just clear to well sunk in.
    #[test]
    fn points_agree_with_the_contact(
        (v, t) in terrain(),
        x in -0.5 as Real..0.5, z in -0.5 as Real..0.5,
        r in 0.05 as Real..0.4,
        sink in -0.1 as Real..0.9,
    ) {
        let ground = mesh((v, t));
        let b = isect::Bounded::aabb(&ground);
        // Terrains span y from b.min.y to b.max.y; start the ball over the highest point and
        // lower it into the ground by `sink` of its diameter below the terrain's top.
        let top = b.max.y;
        let center = Vec3::new(
            b.min.x + (b.max.x - b.min.x) * (0.5 + x),
            top + r - sink * 2.0 * r,
            b.min.z + (b.max.z - b.min.z) * (0.5 + z),
        );
        let ball = mesh(sphere_mesh(center, r, 1));
        let m = ball.contact_manifold(&ground);
        let c = ball.contact(&ground);
        let what = format!("{center} {r}: {m:?} {c:?}");
        match c {
            None => prop_assert!(m.is_empty(), "{what}"),
            Some(c) => {
                prop_assert!(!m.is_empty() && m.len() <= 4, "{what}");
                prop_assert_eq!(m.normal, c.normal, "{}", what);
                let size = center.abs().max_element() + r + 8.0;
                let deepest = m.points().iter().map(|p| p.depth).fold(0.0, Real::max);
                prop_assert!((deepest - c.depth).abs() <= tol(size), "{what}");
                for p in m.points() {
                    prop_assert!(p.depth >= 0.0 && p.depth <= c.depth + tol(size), "{what}");
                    // On the ground, and within its depth of the ball's surface.
                    prop_assert!(ground.distance_to_point(p.point) <= tol(size) * 4.0, "{what}");
                    prop_assert!(ball.distance_to_point(p.point) <= p.depth + tol(size) * 4.0, "{what}");
                }
            }
        }
    }
}
