//! Watertightness: rays through the shared edges and vertices of closed meshes never slip
//! between the triangles of the watertight cast; Möller–Trumbore's misses on the same rays are
//! counted for contrast.

use isect::math::{Quat, Vec3};
use isect::{Ray, Real, Triangle};
use proptest::prelude::*;

use crate::common::strategy::rotation;

/// The regular octahedron with vertices `center ± size e_i`: with a dyadic `size` and an integer
/// center, points `v_i + s (v_j − v_i)` with dyadic `s` on its edges are exact.
pub fn octahedron(center: Vec3, size: Real) -> Vec<Triangle> {
    let p = |v: Vec3| center + v * size;
    let (x, y, z) = (Vec3::X, Vec3::Y, Vec3::Z);
    let mut out = Vec::new();
    for sx in [1.0 as Real, -1.0] {
        for sy in [1.0 as Real, -1.0] {
            for sz in [1.0 as Real, -1.0] {
                let (a, b, c) = (p(x * sx), p(y * sy), p(z * sz));
                // Counter-clockwise seen from outside.
                if sx * sy * sz > 0.0 {
                    out.push(Triangle::new(a, b, c));
                } else {
                    out.push(Triangle::new(a, c, b));
                }
            }
        }
    }
    out
}

/// An icosphere (the icosahedron subdivided once, vertices on the unit sphere), rotated and
/// placed: 80 triangles, 120 shared edges and 42 shared vertices, none exactly representable.
pub fn icosphere(rotation: Quat, center: Vec3, radius: Real) -> Vec<Triangle> {
    let t = (1.0 + (5.0 as Real).sqrt()) / 2.0;
    let verts = [
        [-1.0, t, 0.0],
        [1.0, t, 0.0],
        [-1.0, -t, 0.0],
        [1.0, -t, 0.0],
        [0.0, -1.0, t],
        [0.0, 1.0, t],
        [0.0, -1.0, -t],
        [0.0, 1.0, -t],
        [t, 0.0, -1.0],
        [t, 0.0, 1.0],
        [-t, 0.0, -1.0],
        [-t, 0.0, 1.0],
    ]
    .map(|[a, b, c]| Vec3::new(a, b, c).normalize());
    let faces: [[usize; 3]; 20] = [
        [0, 11, 5],
        [0, 5, 1],
        [0, 1, 7],
        [0, 7, 10],
        [0, 10, 11],
        [1, 5, 9],
        [5, 11, 4],
        [11, 10, 2],
        [10, 7, 6],
        [7, 1, 8],
        [3, 9, 4],
        [3, 4, 2],
        [3, 2, 6],
        [3, 6, 8],
        [3, 8, 9],
        [4, 9, 5],
        [2, 4, 11],
        [6, 2, 10],
        [8, 6, 7],
        [9, 8, 1],
    ];
    // Shared vertices must be bit-identical across faces: one midpoint per edge, memoized.
    let mut mids: Vec<((usize, usize), Vec3)> = Vec::new();
    let mut mid = |i: usize, j: usize| {
        let key = (i.min(j), i.max(j));
        if let Some(&(_, m)) = mids.iter().find(|(k, _)| *k == key) {
            return m;
        }
        let m = ((verts[key.0] + verts[key.1]) * 0.5).normalize();
        mids.push((key, m));
        m
    };
    let place = |v: Vec3| rotation * (v * radius) + center;
    let mut out = Vec::new();
    for [a, b, c] in faces {
        let (ab, bc, ca) = (mid(a, b), mid(b, c), mid(c, a));
        let (a, b, c) = (verts[a], verts[b], verts[c]);
        for [p, q, r] in [[a, ab, ca], [b, bc, ab], [c, ca, bc], [ab, bc, ca]] {
            out.push(Triangle::new(place(p), place(q), place(r)));
        }
    }
    out
}

/// How many of the mesh's triangles each cast hits: (watertight, Möller–Trumbore).
fn hits(mesh: &[Triangle], ray: &Ray) -> (usize, usize) {
    let wt = mesh
        .iter()
        .filter(|t| t.raycast_barycentric(ray, Real::INFINITY).is_some())
        .count();
    let mt = mesh
        .iter()
        .filter(|t| t.raycast_moller_trumbore(ray, Real::INFINITY).is_some())
        .count();
    (wt, mt)
}

/// Points on the mesh's edges and at its vertices: for each triangle, its corners and points
/// `p + s (q − p)` on its edges for the given fractions.
fn edge_points(mesh: &[Triangle], fractions: &[Real]) -> Vec<Vec3> {
    let mut out = Vec::new();
    for t in mesh {
        for (p, q) in [(t.a, t.b), (t.b, t.c), (t.c, t.a)] {
            out.push(p);
            for &s in fractions {
                out.push(p + (q - p) * s);
            }
        }
    }
    out
}

/// From inside a closed mesh every ray must leave it through some triangle; aimed at edges and
/// vertices, a non-watertight test lets some through. Returns (rays, MT misses).
fn cast_from_inside(mesh: &[Triangle], origins: &[Vec3], targets: &[Vec3]) -> (usize, usize) {
    let mut mt_misses = 0;
    let mut rays = 0;
    for &o in origins {
        for &x in targets {
            let ray = Ray::new(o, x - o);
            let (wt, mt) = hits(mesh, &ray);
            assert!(
                wt > 0,
                "watertight cast slipped through the mesh: {ray:?} aimed at {x}"
            );
            rays += 1;
            mt_misses += usize::from(mt == 0);
        }
    }
    (rays, mt_misses)
}

/// From outside, through an edge or vertex point towards the interior: must enter.
fn cast_from_outside(mesh: &[Triangle], center: Vec3, targets: &[Vec3], k: Real) -> (usize, usize) {
    let mut mt_misses = 0;
    for &x in targets {
        let o = x + (x - center) * k;
        let ray = Ray::new(o, center - o);
        let (wt, mt) = hits(mesh, &ray);
        assert!(
            wt > 0,
            "watertight cast missed a closed mesh from outside: {ray:?} through {x}"
        );
        mt_misses += usize::from(mt == 0);
    }
    (targets.len(), mt_misses)
}

#[test]
fn octahedron_edges_and_vertices_exactly() {
    let fractions: Vec<Real> = (1..16).map(|k| k as Real / 16.0).collect();
    let mut total = (0, 0);
    for (center, size) in [
        (Vec3::ZERO, 1.0 as Real),
        (Vec3::new(3.0, -2.0, 5.0), 4.0),
        (Vec3::new(-7.0, 1.0, 0.0), 0.5),
    ] {
        let mesh = octahedron(center, size);
        let targets = edge_points(&mesh, &fractions);
        let origins: Vec<Vec3> = [
            Vec3::ZERO,
            Vec3::new(0.1, 0.2, -0.15),
            Vec3::new(-0.3, 0.05, 0.2),
            Vec3::new(0.01, -0.4, 0.3),
        ]
        .iter()
        .map(|&o| center + o * size)
        .collect();
        let (r, m) = cast_from_inside(&mesh, &origins, &targets);
        let (r2, m2) = cast_from_outside(
            &mesh,
            center + Vec3::new(0.01, 0.02, 0.03) * size,
            &targets,
            3.0,
        );
        total = (total.0 + r + r2, total.1 + m + m2);
    }
    eprintln!(
        "octahedra: {} rays through edges and vertices, watertight: 0 misses, Möller–Trumbore: {} misses",
        total.0, total.1
    );
}

#[test]
fn icosphere_edges_and_vertices() {
    let fractions: Vec<Real> = vec![0.5, 0.25, 0.125, 1.0 / 3.0, 0.7];
    let mut total = (0, 0);
    for (i, (q, center, radius)) in [
        (Quat::IDENTITY, Vec3::ZERO, 1.0 as Real),
        (
            Quat::from_rotation_y(0.7) * Quat::from_rotation_x(0.3),
            Vec3::new(10.0, -3.0, 2.5),
            3.0,
        ),
        (
            Quat::from_rotation_z(1.1) * Quat::from_rotation_x(-0.4),
            Vec3::new(-100.0, 50.0, 7.0),
            20.0,
        ),
    ]
    .into_iter()
    .enumerate()
    {
        let mesh = icosphere(q, center, radius);
        let targets = edge_points(&mesh, &fractions);
        let origins = [
            center,
            center + Vec3::new(0.1, -0.2, 0.3) * radius,
            center + Vec3::new(-0.37, 0.11, 0.05) * radius,
        ];
        let (r, m) = cast_from_inside(&mesh, &origins, &targets);
        let (r2, m2) = cast_from_outside(&mesh, center, &targets, 1.0 + i as Real);
        total = (total.0 + r + r2, total.1 + m + m2);
    }
    eprintln!(
        "icospheres: {} rays through edges and vertices, watertight: 0 misses, Möller–Trumbore: {} misses",
        total.0, total.1
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    /// Random placements of the icosphere, random inside origins.
    #[test]
    fn random_icospheres(q in rotation(), c in crate::common::strategy::vec3(), r in crate::common::strategy::real(0.5, 8.0),
                         o in crate::common::strategy::unit(), depth in 0.0 as Real..0.9) {
        let mesh = icosphere(q, c, r);
        let targets = edge_points(&mesh, &[0.5, 0.3]);
        let origin = c + o * (r * depth * 0.8);
        let _ = cast_from_inside(&mesh, &[origin], &targets);
    }
}
