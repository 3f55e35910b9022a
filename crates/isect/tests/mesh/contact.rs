//! Contacts against a mesh: `TriMesh::contacts` against a loop over every triangle with the pair
//! routines, exact touching on faces, edges and corners, internal edges of flat grids (a ball and
//! boxes sliding over them meet only the face normal) and real edges (a step, a ridge) keeping
//! theirs, the deepest contact and the boxes' manifolds.

use super::mesh;
use crate::common::mesh::{soup, subdivided_cube};
use crate::common::strategy::{aabb, capsule, convex_hull, obb, segment, sphere, triangle};
use crate::common::tol;
use isect::math::{Quat, Vec3};
use isect::{
    Aabb, Capsule, Contact, ContactManifold, Distance, MeshContact, MeshContactShape, Obb, Real,
    Segment, Sphere, TriMesh, Triangle,
};
use proptest::prelude::*;

pub fn all<S: MeshContactShape>(m: &TriMesh, s: &S, margin: Real) -> Vec<MeshContact> {
    let mut out = Vec::new();
    m.contacts(s, margin, |c| out.push(c));
    out.sort_by_key(|c| c.triangle);
    out
}

/// A flat grid of `n × n` unit squares on `y = 0` from `-n/2` to `n/2`, each split into two
/// triangles facing `+Y`, with shared vertices; `flip` alternates the diagonals.
pub fn grid(n: u32, flip: bool) -> TriMesh {
    let mut v = Vec::new();
    for i in 0..=n {
        for j in 0..=n {
            let h = n as Real / 2.0;
            v.push(Vec3::new(i as Real - h, 0.0, j as Real - h));
        }
    }
    let at = |i: u32, j: u32| i * (n + 1) + j;
    let mut t = Vec::new();
    for i in 0..n {
        for j in 0..n {
            let (a, b, c, d) = (at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j + 1));
            if flip && (i + j) % 2 == 1 {
                t.push([a, d, b]);
                t.push([b, d, c]);
            } else {
                t.push([a, c, b]);
                t.push([a, d, c]);
            }
        }
    }
    TriMesh::new(v, t).unwrap()
}

/// The brute force: every proper triangle's contact by the pair routine, or its distance within
/// `margin`: `(triangle, depth)`.
fn brute<S>(m: &TriMesh, s: &S, margin: Real) -> Vec<(u32, Real)>
where
    S: Contact<Triangle> + Distance<Triangle>,
{
    (0..m.triangle_count() as u32)
        .filter_map(|i| {
            let t = m.triangle(i);
            t.normal()?;
            match s.contact(&t) {
                Some(c) => Some((i, c.depth)),
                None => {
                    let d = s.distance(&t);
                    (d <= margin).then_some((i, -d))
                }
            }
        })
        .collect()
}

/// On a soup (no shared edges: every edge is a border, so active), the contacts are the brute
/// force's triangles with its depths, except where the normal is the face's: then the depth is
/// the shape's extent below the face's plane (by the shape's support point, independently of
/// the library's extents); clear of the margin's boundary.
fn check_soup<S>(m: &TriMesh, s: &S, margin: Real) -> Result<(), TestCaseError>
where
    S: MeshContactShape
        + Contact<Triangle>
        + Distance<Triangle>
        + Contact<TriMesh>
        + isect::SupportMap,
    TriMesh: Contact<S>,
{
    let want = brute(m, s, margin);
    let got = all(m, s, margin);
    let scale = s.contact(m).map_or(1.0, |c| c.point.abs().max_element()) + 10.0;
    let eps = tol(scale);
    for &(i, depth) in &want {
        if depth >= -margin + eps {
            let c = got.iter().find(|c| c.triangle == i);
            prop_assert!(c.is_some(), "triangle {} (depth {}) missing", i, depth);
            let c = c.unwrap();
            let t = m.triangle(i);
            let unit = t.normal().unwrap();
            let depth = if c.normal == unit || c.normal == -unit {
                c.normal.dot(t.a) - c.normal.dot(s.support(-c.normal))
            } else {
                depth
            };
            prop_assert!((c.depth - depth).abs() <= eps, "{} vs {}", c.depth, depth);
            prop_assert!((c.normal.length() - 1.0).abs() <= eps);
        }
    }
    for c in &got {
        prop_assert!(c.depth >= -margin);
        prop_assert!(want.iter().any(|&(i, _)| i == c.triangle), "extra {:?}", c);
    }
    let deepest = got
        .iter()
        .filter(|c| c.depth >= 0.0)
        .map(|c| c.depth)
        .fold(Real::NEG_INFINITY, Real::max);
    match s.contact(m) {
        Some(c) => {
            prop_assert!(
                (c.depth - deepest).abs() <= eps,
                "{} vs {}",
                c.depth,
                deepest
            );
            let back = m.contact(s).unwrap();
            prop_assert_eq!(back.normal, -c.normal);
            prop_assert_eq!(back.depth, c.depth);
        }
        None => prop_assert!(deepest == Real::NEG_INFINITY || deepest < eps),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn soup_spheres(m in soup(30), s in sphere(), margin in 0.0..2.0 as Real) {
        check_soup(&mesh(m), &s, margin)?;
    }

    #[test]
    fn soup_boxes(m in soup(30), a in aabb(), o in obb(), margin in 0.0..2.0 as Real) {
        let m = mesh(m);
        check_soup(&m, &a, margin)?;
        check_soup(&m, &o, margin)?;
    }

    #[test]
    fn soup_capsules_triangles_hulls(
        m in soup(30),
        c in capsule(),
        t in triangle(),
        h in convex_hull(),
        margin in 0.0..2.0 as Real,
    ) {
        let m = mesh(m);
        check_soup(&m, &c, margin)?;
        check_soup(&m, &t, margin)?;
        check_soup(&m, &h, margin)?;
    }

    #[test]
    fn soup_segments(m in soup(30), s in segment(), margin in 0.0..2.0 as Real) {
        check_soup(&mesh(m), &s, margin)?;
    }

    /// A slanted stick through a flat grid, at positions on a 1/8 lattice that put it exactly
    /// through shared edges and corners (where the shortest push of a triangle is sideways off
    /// its edge or corner, leaning to either side of the plane): every contact is the face
    /// normal on the side of the stick's middle, exactly, with the depth of the lower end below
    /// the plane, and so is the deepest.
    #[test]
    fn stick_through_a_flat_grid(i in -20i32..=20, j in -20i32..=20, h in 1u32..4, lean in 0u32..4) {
        let m = grid(8, true);
        let foot = Vec3::new(i as Real / 8.0, -(h as Real) / 8.0, j as Real / 8.0);
        let top = foot + Vec3::new(lean as Real / 8.0, 1.0, -(lean as Real) / 16.0);
        let s = Segment::new(foot, top);
        let want = h as Real / 8.0;
        let got = all(&m, &s, 0.0);
        prop_assert!(!got.is_empty());
        for c in &got {
            prop_assert_eq!(c.normal, Vec3::Y, "{:?}", c);
            prop_assert_eq!(c.depth, want, "{:?}", c);
        }
        let c = s.contact(&m).unwrap();
        prop_assert_eq!((c.normal, c.depth), (Vec3::Y, want));
        let back = m.contact(&s).unwrap();
        prop_assert_eq!((back.normal, back.depth), (-Vec3::Y, want));
    }

    /// A ball sliding over a flat grid (alternating diagonals), at positions on a 1/8 lattice
    /// that put it exactly over shared edges and corners: every contact is the face normal,
    /// exactly, with the depth below the plane, and so is the deepest.
    #[test]
    fn ball_over_a_flat_grid(i in -24i32..=24, j in -24i32..=24, h in 1u32..8) {
        let m = grid(8, true);
        let center = Vec3::new(i as Real / 8.0, h as Real / 8.0, j as Real / 8.0);
        let s = Sphere::new(center, 1.0);
        let want = 1.0 - h as Real / 8.0;
        let got = all(&m, &s, 0.0);
        prop_assert!(!got.is_empty());
        for c in &got {
            prop_assert_eq!(c.normal, Vec3::Y);
            prop_assert_eq!(c.depth, want);
        }
        let c = s.contact(&m).unwrap();
        prop_assert_eq!((c.normal, c.depth), (Vec3::Y, want));
    }

    /// Boxes (axis-aligned, and turned about the vertical) sliding over the flat grid: only the
    /// face normal, and a manifold of four points with it.
    #[test]
    fn boxes_over_a_flat_grid(i in -24i32..=24, j in -24i32..=24, turn in 0u32..8) {
        let m = grid(8, true);
        let center = Vec3::new(i as Real / 8.0, 0.375, j as Real / 8.0);
        let half = Vec3::new(0.75, 0.5, 0.625);
        let a = Aabb::new(center - half, center + half);
        let o = Obb::from_quat(center, half, Quat::from_rotation_y(turn as Real * 0.4));
        for (got, manifold) in [
            (all(&m, &a, 0.0), a.contact_manifold(&m)),
            (all(&m, &o, 0.0), o.contact_manifold(&m)),
        ] {
            prop_assert!(!got.is_empty());
            for c in &got {
                prop_assert_eq!(c.normal, Vec3::Y);
                prop_assert!((c.depth - 0.125).abs() <= tol(1.0));
            }
            prop_assert_eq!(manifold.normal, Vec3::Y);
            prop_assert_eq!(manifold.len(), 4);
            for p in manifold.points() {
                prop_assert!((p.depth - 0.125).abs() <= tol(1.0));
                prop_assert!(p.point.y.abs() <= tol(1.0));
            }
        }
        prop_assert_eq!(a.contact(&m).unwrap().normal, Vec3::Y);
        prop_assert_eq!(o.contact(&m).unwrap().normal, Vec3::Y);
        prop_assert_eq!(m.contact_manifold(&o).normal, -Vec3::Y);
    }

    /// The same grid tilted: the contacts all share the face normal within rounding.
    #[test]
    fn ball_over_a_tilted_grid(i in -24i32..=24, j in -24i32..=24, angle in 0.1..1.2 as Real) {
        let flat = grid(8, false);
        let q = Quat::from_rotation_z(angle);
        let m = TriMesh::new(
            flat.vertices().iter().map(|&p| q * p).collect(),
            flat.triangles().to_vec(),
        )
        .unwrap();
        let up = q * Vec3::Y;
        let s = Sphere::new(q * Vec3::new(i as Real / 8.0, 0.5, j as Real / 8.0), 1.0);
        for c in all(&m, &s, 0.0) {
            prop_assert!((c.normal - up).length() <= tol(4.0), "{:?}", c);
            prop_assert!((c.depth - 0.5).abs() <= tol(4.0));
        }
    }
}

/// A sphere exactly touching a solid cube's face, edge and corner (Pythagorean offsets, exact in
/// binary): depth 0, the face, edge or corner normal (the cube's edges and corners are real).
#[test]
fn touching_face_edge_and_corner() {
    let m = mesh(subdivided_cube(2));
    assert!(m.is_solid());
    let cases = [
        (Vec3::new(0.25, 0.375, 1.5), 0.5, Vec3::Z),
        (Vec3::new(1.75, 0.25, 2.0), 1.25, Vec3::new(0.6, 0.0, 0.8)),
        (
            Vec3::new(1.25, 1.5, 1.5),
            0.75,
            Vec3::new(1.0, 2.0, 2.0) / 3.0,
        ),
    ];
    for (center, r, normal) in cases {
        let s = Sphere::new(center, r);
        let c = s.contact(&m).expect("touching");
        assert_eq!(c.depth, 0.0, "{center}");
        assert!(
            (c.normal - normal).length() <= tol(2.0),
            "{center}: {}",
            c.normal
        );
        assert!((c.point - (center - normal * r)).length() <= tol(2.0));
        // Every triangle reached touches: depth 0.
        let got = all(&m, &s, 0.0);
        assert!(!got.is_empty());
        for t in &got {
            assert!(t.depth.abs() <= tol(2.0), "{t:?}");
        }
        // Apart by an ulp's worth more radius: no contact; within a margin: a gap.
        let apart = Sphere::new(center + normal * 0.001, r);
        assert!(apart.contact(&m).is_none());
        let gaps = all(&m, &apart, 0.01);
        assert!(!gaps.is_empty());
        for t in &gaps {
            assert!(t.depth < 0.0 && t.depth >= -0.01, "{t:?}");
        }
    }
}

/// A step (floor at y = 0 for x <= 0, a riser at x = 0, a top at y = 1 for x >= 0): a ball over
/// the step's upper edge gets the edge's normal; on the top near the edge (penetrating a little,
/// so reaching the riser's back) only the top's normal, never a push from the riser; in the
/// corner at the riser's foot the floor's and riser's faces, never a normal from the foot's
/// (concave) edge.
#[test]
fn a_step_keeps_its_edge() {
    let (v, t) = crate::common::mesh::step();
    let m = TriMesh::new(v, t).unwrap();
    // Over the upper edge: touching at the edge (offset 3-4-5 from it).
    let s = Sphere::new(Vec3::new(-0.375, 1.5, 0.25), 0.625);
    let c = s.contact(&m).unwrap();
    assert!(c.depth.abs() <= tol(2.0));
    assert!(
        (c.normal - Vec3::new(-0.6, 0.8, 0.0)).length() <= tol(2.0),
        "{}",
        c.normal
    );
    // On the top, near the edge: the top's normal.
    let s = Sphere::new(Vec3::new(0.25, 1.5, 0.0), 0.625);
    for c in all(&m, &s, 0.0) {
        assert_eq!(c.normal, Vec3::Y, "{c:?}");
    }
    // In the corner at the riser's foot: the floor's +Y and the riser's -X, nothing between.
    let s = Sphere::new(Vec3::new(-0.25, 0.25, 0.0), 0.375);
    let got = all(&m, &s, 0.0);
    assert!(got.iter().any(|c| c.normal == Vec3::Y));
    assert!(got.iter().any(|c| c.normal == -Vec3::X));
    for c in &got {
        assert!(c.normal == Vec3::Y || c.normal == -Vec3::X, "{c:?}");
        assert!((c.depth - 0.125).abs() <= tol(1.0), "{c:?}");
    }
}

/// A ridge (two slopes meeting at x = 0): a ball above the ridge line gets the ridge's normal.
#[test]
fn a_ridge_keeps_its_edge() {
    let v = vec![
        Vec3::new(-1.0, 0.0, -1.0),
        Vec3::new(0.0, 1.0, -1.0),
        Vec3::new(0.0, 1.0, 1.0),
        Vec3::new(-1.0, 0.0, 1.0),
        Vec3::new(1.0, 0.0, -1.0),
        Vec3::new(1.0, 0.0, 1.0),
    ];
    let t = vec![[0, 3, 2], [0, 2, 1], [1, 2, 5], [1, 5, 4]];
    let m = TriMesh::new(v, t).unwrap();
    let s = Sphere::new(Vec3::new(0.0, 1.5, 0.0), 0.75);
    // The two triangles holding the ridge line (the others reach it at a corner only, 1.1 away).
    let got = all(&m, &s, 0.0);
    assert_eq!(got.len(), 2);
    for c in &got {
        assert!((c.normal - Vec3::Y).length() <= tol(2.0), "{c:?}");
        assert!((c.depth - 0.25).abs() <= tol(2.0), "{c:?}");
    }
    // A box on the ridge tilts on its edge: the ridge's normal, not a slope's.
    let b = Aabb::new(Vec3::new(-0.5, 0.875, -0.5), Vec3::new(0.5, 1.5, 0.5));
    let c = b.contact(&m).unwrap();
    assert!((c.normal - Vec3::Y).length() <= tol(2.0), "{}", c.normal);
}

/// A solid mesh pushes a shape out through the face it crossed, even when the shape's center
/// is past that face.
#[test]
fn solid_mesh_pushes_out() {
    let m = mesh(subdivided_cube(4));
    let s = Sphere::new(Vec3::new(0.25, 0.125, 0.875), 0.5);
    let c = s.contact(&m).unwrap();
    assert!((c.normal - Vec3::Z).length() <= tol(2.0), "{}", c.normal);
    assert!((c.depth - 0.625).abs() <= tol(2.0));
}

/// A shape wholly inside a solid mesh, touching no triangle, is pushed out through the nearest
/// face, all of it past the face's plane; a surface mesh has no inside.
#[test]
fn wholly_inside_a_solid_mesh() {
    let m = mesh(subdivided_cube(4));
    let s = Sphere::new(Vec3::new(0.5, 0.25, 0.125), 0.25);
    assert!(all(&m, &s, 0.0).is_empty());
    let c = s.contact(&m).expect("inside");
    assert!((c.normal - Vec3::X).length() <= tol(2.0), "{}", c.normal);
    assert!((c.depth - 0.75).abs() <= tol(2.0), "{}", c.depth);
    assert!((c.point.x - 1.0).abs() <= tol(2.0));
    let back = m.contact(&s).unwrap();
    assert_eq!((back.normal, back.depth), (-c.normal, c.depth));
    let b = Obb::from_quat(
        Vec3::new(-0.25, -0.5, 0.0),
        Vec3::new(0.25, 0.125, 0.25),
        Quat::IDENTITY,
    );
    let c = b.contact(&m).expect("inside");
    assert!((c.normal + Vec3::Y).length() <= tol(2.0), "{}", c.normal);
    assert!((c.depth - 0.625).abs() <= tol(2.0), "{}", c.depth);
    let manifold = b.contact_manifold(&m);
    assert_eq!(manifold.len(), 1);
    assert_eq!(manifold.normal, c.normal);
    // The same cube with a face missing is a surface: nothing inside.
    let (v, mut t) = subdivided_cube(4);
    t.truncate(t.len() - 2);
    let open = TriMesh::new(v, t).unwrap();
    assert!(!open.is_solid());
    assert!(s.contact(&open).is_none());
}

/// Pushed out of a solid through the middle of a face, the direction is that face's outward
/// normal exactly (not the difference of two closest points, right only to their rounding),
/// and the depth measured from the face's plane; on a turned cube too.
#[test]
fn wholly_inside_pushed_out_along_the_exact_face_normal() {
    let (v, t) = subdivided_cube(4);
    let s = Sphere::new(Vec3::new(0.5, 0.25, 0.125), 0.25);
    let c = s.contact(&mesh((v.clone(), t.clone()))).unwrap();
    assert_eq!((c.normal, c.depth), (Vec3::X, 0.75), "{c:?}");
    for q in [
        Quat::from_axis_angle(Vec3::new(1.0, 2.0, 3.0).normalize(), 0.7),
        Quat::from_axis_angle(Vec3::new(-3.0, 1.0, 0.5).normalize(), 2.1),
    ] {
        let turned = TriMesh::new(v.iter().map(|&p| q * p).collect(), t.clone()).unwrap();
        let ball = Sphere::new(q * s.center, s.radius);
        let c = ball.contact(&turned).unwrap();
        let is_face_normal = (0..turned.triangle_count() as u32)
            .filter_map(|i| turned.triangle(i).normal())
            .any(|n| n == c.normal || n == -c.normal);
        assert!(is_face_normal, "{c:?}");
        assert!((c.normal - q * Vec3::X).length() <= tol(4.0), "{c:?}");
        assert!((c.depth - 0.75).abs() <= tol(4.0), "{c:?}");
    }
    // As far from the faces x = 1 and y = 1: from inside a convex solid the nearest point is on
    // a face (here either), never on the edge between them.
    let c = Sphere::new(Vec3::new(0.5, 0.5, 0.125), 0.125)
        .contact(&mesh((v, t)))
        .unwrap();
    assert!(c.normal == Vec3::X || c.normal == Vec3::Y, "{c:?}");
    assert_eq!(c.depth, 0.625, "{c:?}");
}

#[test]
fn invalid_input_gives_nothing() {
    let m = grid(2, false);
    let s = Sphere::new(Vec3::new(0.0, 0.5, 0.0), 1.0);
    assert!(!all(&m, &s, 0.0).is_empty());
    for margin in [-1.0, Real::NAN] {
        assert!(all(&m, &s, margin).is_empty());
    }
    for bad in [Real::NAN, Real::INFINITY] {
        let b = Sphere::new(Vec3::new(bad, 0.5, 0.0), 1.0);
        assert!(all(&m, &b, 0.0).is_empty());
        assert!(b.contact(&m).is_none());
        let c = Capsule::new(Vec3::ZERO, Vec3::new(0.0, bad, 0.0), 1.0);
        assert!(c.contact(&m).is_none());
        let o = Obb::from_quat(Vec3::ZERO, Vec3::new(1.0, bad, 1.0), Quat::IDENTITY);
        assert!(o.contact_manifold(&m).is_empty());
    }
    for bad in crate::common::NON_FINITE {
        let s = Segment::new(Vec3::new(0.0, -1.0, 0.0), Vec3::new(0.0, 1.0, bad));
        assert!(all(&m, &s, 1.0).is_empty());
        assert!(s.contact(&m).is_none());
        assert!(m.contact(&s).is_none());
    }
    let neg = Sphere::new(Vec3::new(0.0, 0.5, 0.0), -1.0);
    assert!(neg.contact(&m).is_none());
    // An infinite margin reaches every triangle.
    assert_eq!(all(&m, &s, Real::INFINITY).len(), m.triangle_count());
}
