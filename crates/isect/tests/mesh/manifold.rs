//! Contact manifolds against a mesh for capsules, segments, triangles, hulls and spheres: exact
//! hand cases (a capsule lying across the internal edges of a flat grid, hulls resting on it, a
//! triangle on a step) and properties against brute force over the triangles on random soups:
//! every point lies on the mesh and in (or, for flat shapes, within its depth of) the shape,
//! the normal is `Contact<TriMesh>`'s, the depths are at most its depth and the deepest agrees
//! with it, the other argument order gives the same manifold flipped.

use super::contact::grid;
use super::mesh;
use crate::common::mesh::soup;
use crate::common::strategy::{capsule, convex_hull, obb, segment, sphere, triangle};
use crate::common::tol;
use isect::math::{Quat, Vec3};
use isect::{
    Capsule, Contact, ContactManifold, ConvexHull, Distance, Manifold, PointQuery, RayCast, Real,
    Segment, Sphere, TriMesh, Triangle,
};
use proptest::prelude::*;

/// A capsule lying flat on a flat grid (alternating diagonals), across many internal edges and
/// corners, at positions on a 1/8 lattice: exactly the face normal, two points below the core's
/// ends, each 1/8 deep.
#[test]
fn a_capsule_lying_on_a_flat_grid() {
    let m = grid(8, true);
    for i in -12..=12 {
        for j in -12..=12 {
            for (dx, dz) in [(3.0, 0.5), (0.0, 2.5), (1.75, -1.25)] {
                let a = Vec3::new(i as Real / 8.0 - 1.0, 0.375, j as Real / 8.0);
                let b = a + Vec3::new(dx, 0.0, dz);
                let c = Capsule::new(a, b, 0.5);
                let got = c.contact_manifold(&m);
                assert_eq!(got.normal, Vec3::Y, "{c:?}");
                assert_eq!(got.len(), 2, "{c:?}: {got:?}");
                for (p, end) in got.points().iter().zip(ends(&got, a, b)) {
                    assert!((p.point - end).length() <= tol(4.0), "{c:?}: {got:?}");
                    assert!((p.depth - 0.125).abs() <= tol(4.0), "{c:?}: {got:?}");
                }
                assert_eq!(m.contact_manifold(&c), got.flipped());
                // A segment lying in the plane at the same place (touching from either side):
                // the face normal, two points, depth 0.
                let s = Segment::new(a - Vec3::Y * 0.375, b - Vec3::Y * 0.375);
                let got = s.contact_manifold(&m);
                assert_eq!(got.normal.abs(), Vec3::Y, "{s:?}");
                assert_eq!(got.len(), 2, "{s:?}: {got:?}");
                assert!(got.points().iter().all(|p| p.depth == 0.0), "{got:?}");
            }
        }
    }
}

/// The core's ends dropped onto `y = 0`, in the manifold's order (either way round).
fn ends(m: &Manifold, a: Vec3, b: Vec3) -> [Vec3; 2] {
    let (a, b) = (a * Vec3::new(1.0, 0.0, 1.0), b * Vec3::new(1.0, 0.0, 1.0));
    if (m.points()[0].point - a).length() <= (m.points()[0].point - b).length() {
        [a, b]
    } else {
        [b, a]
    }
}

/// Points of a box `half` about `center` turned by `q`, as a hull; with `extra` points on its
/// bottom face's inscribed circle (a many-sided hull with the same bottom).
fn hull_box(center: Vec3, half: Vec3, q: Quat, extra: u32) -> ConvexHull {
    let mut p: Vec<Vec3> = (0..8)
        .map(|i| {
            let s = Vec3::new(
                if i & 1 == 0 { -1.0 } else { 1.0 },
                if i & 2 == 0 { -1.0 } else { 1.0 },
                if i & 4 == 0 { -1.0 } else { 1.0 },
            );
            center + q * (s * half)
        })
        .collect();
    for k in 0..extra {
        let a = k as Real / extra as Real * core::f64::consts::TAU as Real;
        p.push(center + q * Vec3::new(half.x * a.cos(), -half.y, half.z * a.sin()));
    }
    ConvexHull::new(p)
}

/// A box-shaped hull (and one with 32 more points on its bottom) resting 1/8 deep on a flat
/// grid, turned about the vertical, at lattice positions: the face normal exactly, four points
/// on the floor under the box, each 1/8 deep.
#[test]
fn a_hull_resting_on_a_face() {
    let m = grid(8, true);
    for i in -16..=16 {
        for turn in 0..4 {
            for extra in [0, 32] {
                let center = Vec3::new(i as Real / 8.0, 0.375, -(i as Real) / 16.0);
                let q = Quat::from_rotation_y(turn as Real * 0.4);
                let half = Vec3::new(0.75, 0.5, 0.625);
                let h = hull_box(center, half, q, extra);
                let got = h.contact_manifold(&m);
                assert_eq!(got.normal, Vec3::Y, "{i} {turn}");
                assert_eq!(got.len(), 4, "{i} {turn}: {got:?}");
                for p in got.points() {
                    assert!((p.depth - 0.125).abs() <= tol(4.0), "{got:?}");
                    assert!(p.point.y.abs() <= tol(4.0), "{got:?}");
                    let local = q.inverse() * (p.point - center);
                    assert!(
                        local.x.abs() <= half.x + tol(4.0) && local.z.abs() <= half.z + tol(4.0)
                    );
                }
                // The four points span the bottom: the corners of its footprint.
                let spread = got
                    .points()
                    .iter()
                    .map(|p| (p.point - center * Vec3::new(1.0, 0.0, 1.0)).length())
                    .fold(Real::INFINITY, Real::min);
                assert!(spread >= 0.5, "{got:?}");
                assert_eq!(m.contact_manifold(&h), got.flipped());
            }
        }
    }
}

/// The step of `common::mesh::step` as a mesh.
fn step() -> TriMesh {
    let (v, t) = crate::common::mesh::step();
    TriMesh::new(v, t).unwrap()
}

/// A triangle crossing the step's top, two corners 1/8 below it and one above: the top's
/// normal, the two low corners lifted onto the top 1/8 deep, the rest of the patch (where the
/// triangle crosses the top) touching; one corner dipped to 1/4: that corner deepest. A triangle
/// standing on a corner on the floor: that corner deepest. All in both orders.
#[test]
fn a_triangle_on_a_step() {
    let m = step();
    for dip in [0.125, 0.25] {
        let low = [
            Vec3::new(0.25, 1.0 - dip, -0.75),
            Vec3::new(1.75, 0.875, -0.5),
        ];
        let t = Triangle::new(low[0], low[1], Vec3::new(1.0, 1.5, 0.75));
        let got = t.contact_manifold(&m);
        assert_eq!(got.normal, Vec3::Y);
        assert_eq!(m.contact_manifold(&t), got.flipped());
        let c = t.contact(&m).unwrap();
        assert_eq!(c.normal, Vec3::Y);
        assert!((c.depth - dip).abs() <= tol(4.0), "{c:?}");
        for (corner, depth) in [(low[0], dip), (low[1], 0.125)] {
            let lifted = Vec3::new(corner.x, 1.0, corner.z);
            let p = got
                .points()
                .iter()
                .find(|p| (p.point - lifted).length() <= tol(4.0));
            let p = p.unwrap_or_else(|| panic!("{lifted} missing: {got:?}"));
            assert!((p.depth - depth).abs() <= tol(4.0), "{got:?}");
        }
        for p in got.points() {
            assert!((p.point.y - 1.0).abs() <= tol(4.0), "{got:?}");
            assert!(p.depth >= 0.0 && p.depth <= dip + tol(4.0), "{got:?}");
            assert!(
                t.distance_to_point(p.point) <= p.depth + tol(4.0),
                "{got:?}"
            );
        }
        assert!((got.deepest().unwrap().depth - dip).abs() <= tol(4.0));
    }

    let standing = Triangle::new(
        Vec3::new(-1.0, -0.125, 0.0),
        Vec3::new(-1.5, 1.0, 0.25),
        Vec3::new(-0.5, 1.0, -0.25),
    );
    let got = standing.contact_manifold(&m);
    assert_eq!(got.normal, Vec3::Y);
    let deepest = got.deepest().unwrap();
    assert!(
        (deepest.point - Vec3::new(-1.0, 0.0, 0.0)).length() <= tol(4.0),
        "{got:?}"
    );
    assert!((deepest.depth - 0.125).abs() <= tol(4.0));
    for p in got.points() {
        assert!(p.point.y.abs() <= tol(4.0), "{got:?}");
    }
}

/// A capsule lying along the step's upper edge, above and outside it (its axis 3/8 across and
/// 1/2 above the edge, radius 3/4): the edge's normal `(-0.6, 0.8, 0)`, two points on the edge
/// below the core's ends, each 1/8 deep, from the top's and the riser's triangles alike.
#[test]
fn a_capsule_along_a_step_edge() {
    let m = step();
    let c = Capsule::new(
        Vec3::new(-0.375, 1.5, -0.5),
        Vec3::new(-0.375, 1.5, 0.5),
        0.75,
    );
    let got = c.contact_manifold(&m);
    assert!(
        (got.normal - Vec3::new(-0.6, 0.8, 0.0)).length() <= tol(4.0),
        "{got:?}"
    );
    assert_eq!(got.len(), 2, "{got:?}");
    for p in got.points() {
        assert!((p.depth - 0.125).abs() <= tol(4.0), "{got:?}");
        assert!(
            (p.point.x.abs() + (p.point.y - 1.0).abs()) <= tol(4.0),
            "{got:?}"
        );
        assert!((p.point.z.abs() - 0.5).abs() <= tol(4.0), "{got:?}");
    }
}

/// A ball: the one point of its contact, both orders; empty when apart.
#[test]
fn a_ball_has_one_point() {
    let m = grid(4, false);
    let s = Sphere::new(Vec3::new(0.25, 0.5, 0.125), 0.75);
    let got = s.contact_manifold(&m);
    let c = s.contact(&m).unwrap();
    assert_eq!(got.len(), 1);
    assert_eq!((got.normal, got.points()[0].depth), (Vec3::Y, 0.25));
    assert_eq!(got.points()[0].point, c.point);
    assert_eq!(m.contact_manifold(&s), got.flipped());
    assert!(
        Sphere::new(Vec3::new(0.0, 2.0, 0.0), 0.5)
            .contact_manifold(&m)
            .is_empty()
    );
}

#[test]
fn invalid_shapes_have_no_manifold() {
    let m = grid(2, false);
    for bad in [Real::NAN, Real::INFINITY] {
        let p = Vec3::new(0.0, bad, 0.0);
        assert!(Sphere::new(p, 1.0).contact_manifold(&m).is_empty());
        assert!(
            Capsule::new(Vec3::ZERO, p, 1.0)
                .contact_manifold(&m)
                .is_empty()
        );
        assert!(Segment::new(Vec3::ZERO, p).contact_manifold(&m).is_empty());
        assert!(
            Triangle::new(Vec3::ZERO, Vec3::X, p)
                .contact_manifold(&m)
                .is_empty()
        );
        assert!(
            ConvexHull::new(vec![Vec3::ZERO, p])
                .contact_manifold(&m)
                .is_empty()
        );
    }
    assert!(
        Sphere::new(Vec3::ZERO, -1.0)
            .contact_manifold(&m)
            .is_empty()
    );
    assert!(
        Capsule::new(Vec3::ZERO, Vec3::X, -1.0)
            .contact_manifold(&m)
            .is_empty()
    );
}

/// The manifold against the mesh's contact and brute force over its triangles: empty exactly
/// when there is no contact; else `Contact`'s normal, one to four points, each on the mesh (at
/// distance 0 from some triangle) and in the shape (`solid`), or within its depth of it (a flat
/// shape), no depth beyond the contact's; the same flipped in the other order. On random soups
/// shapes pass through thin triangles, so the deepest point may be shallower than the contact
/// (the manifold's points are points of both shapes, see `Manifold`); `resting` asks for the
/// deepest to be the contact's depth.
fn check<S>(m: &TriMesh, s: &S, solid: bool, resting: bool) -> Result<(), TestCaseError>
where
    S: ContactManifold<TriMesh> + Contact<TriMesh> + PointQuery + std::fmt::Debug,
    TriMesh: ContactManifold<S>,
{
    let got = s.contact_manifold(m);
    prop_assert_eq!(m.contact_manifold(s), got.flipped());
    let Some(c) = s.contact(m) else {
        prop_assert!(got.is_empty(), "{:?}", got);
        return Ok(());
    };
    prop_assert_eq!(got.normal, c.normal);
    prop_assert!((1..=4).contains(&got.len()), "{:?}", got);
    let eps = tol(64.0);
    for p in got.points() {
        let on_mesh = (0..m.triangle_count() as u32)
            .filter(|&i| m.triangle(i).normal().is_some())
            .map(|i| m.triangle(i).distance(&Sphere::new(p.point, 0.0)))
            .fold(Real::INFINITY, Real::min);
        prop_assert!(on_mesh <= eps, "{:?} off the mesh by {}", p, on_mesh);
        let off = s.distance_to_point(p.point);
        let reach = if solid { eps } else { p.depth + eps };
        prop_assert!(off <= reach, "{:?} off the shape by {}: {:?}", p, off, got);
        prop_assert!(
            p.depth >= 0.0 && p.depth <= c.depth + eps,
            "{:?} vs {:?}",
            p,
            c
        );
    }
    let deepest = got.deepest().unwrap();
    if resting {
        prop_assert!(
            (deepest.depth - c.depth).abs() <= eps,
            "{:?} vs {:?}",
            got,
            c
        );
    }
    Ok(())
}

/// A bumpy terrain: a 6 × 6 grid of unit squares on `y = 0` with every vertex raised by a
/// multiple of 1/16 (shared vertices, so internal edges of every kind).
fn terrain() -> impl Strategy<Value = TriMesh> {
    proptest::collection::vec(0i32..4, 49).prop_map(|h| {
        let flat = grid(6, true);
        let v = flat
            .vertices()
            .iter()
            .zip(&h)
            .map(|(p, &k)| *p + Vec3::Y * (k as Real / 16.0))
            .collect();
        TriMesh::new(v, flat.triangles().to_vec()).unwrap()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn capsules_segments_spheres_on_soups(
        m in soup(30),
        c in capsule(),
        g in segment(),
        s in sphere(),
    ) {
        let m = mesh(m);
        check(&m, &c, true, false)?;
        check(&m, &g, false, false)?;
        check(&m, &s, true, true)?;
    }

    #[test]
    fn triangles_hulls_boxes_on_soups(
        m in soup(30),
        t in triangle(),
        h in convex_hull(),
        o in obb(),
    ) {
        let m = mesh(m);
        check(&m, &t, false, false)?;
        check(&m, &h, h.dimension() == 3, false)?;
        check(&m, &o, true, false)?;
    }

    /// Shapes resting on a bumpy terrain, sunk a little into it: the deepest point is the
    /// contact's depth.
    #[test]
    fn shapes_resting_on_a_terrain(
        m in terrain(),
        x in -2.0..2.0 as Real,
        z in -2.0..2.0 as Real,
        sink in 0.01..0.1 as Real,
        q in crate::common::strategy::rotation(),
        len in 0.1..1.5 as Real,
    ) {
        let ground = m
            .raycast(&isect::Ray::new(Vec3::new(x, 10.0, z), -Vec3::Y), Real::INFINITY)
            .map_or(0.0, |h| 10.0 - h.t);
        let r = 0.25;
        let axis = q * Vec3::X * len;
        let lowest = axis.y.abs() / 2.0;
        let center = Vec3::new(x, ground + r + lowest - sink, z);
        let c = Capsule::new(center - axis / 2.0, center + axis / 2.0, r);
        check(&m, &c, true, true)?;
        let s = Sphere::new(center, r);
        check(&m, &s, true, true)?;
        let h = hull_box(center, Vec3::new(len / 2.0, r, r), q, 8);
        check(&m, &h, true, true)?;
    }
}
