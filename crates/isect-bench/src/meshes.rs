//! Procedural triangle meshes for the mesh benchmarks (`mesh`, and `mesh_profile` for
//! callgrind): a UV sphere, a noisy height-field terrain and a random triangle soup.

#![expect(
    clippy::disallowed_methods,
    reason = "std code in the benchmarks; the `ops` rule is for the library"
)]

use isect::Real;
use isect::math::Vec3;

use crate::Rng;

/// A procedural mesh: its name in the tables, corners and triangles.
#[derive(Clone, Debug)]
pub struct Mesh {
    pub name: &'static str,
    pub vertices: Vec<Vec3>,
    pub triangles: Vec<[u32; 3]>,
}

/// A UV sphere of radius 1 with about `target` triangles (see [`sphere_rings`]).
#[must_use]
pub fn sphere(target: usize) -> Mesh {
    sphere_rings(((target as f64 / 4.0).sqrt().round() as u32).max(3))
}

/// A UV sphere of radius 1 with `rings × 2 rings` quads (the pole rows as single triangles).
#[must_use]
pub fn sphere_rings(rings: u32) -> Mesh {
    let segments = 2 * rings;
    let mut vertices = vec![Vec3::Z, -Vec3::Z];
    for r in 1..rings {
        let theta = std::f64::consts::PI * f64::from(r) / f64::from(rings);
        for s in 0..segments {
            let phi = 2.0 * std::f64::consts::PI * f64::from(s) / f64::from(segments);
            vertices.push(Vec3::new(
                (theta.sin() * phi.cos()) as Real,
                (theta.sin() * phi.sin()) as Real,
                theta.cos() as Real,
            ));
        }
    }
    let at = |r: u32, s: u32| 2 + (r - 1) * segments + s % segments;
    let mut triangles = Vec::new();
    for s in 0..segments {
        triangles.push([0, at(1, s), at(1, s + 1)]);
        triangles.push([1, at(rings - 1, s + 1), at(rings - 1, s)]);
    }
    for r in 1..rings - 1 {
        for s in 0..segments {
            let (a, b, c, d) = (at(r, s), at(r + 1, s), at(r + 1, s + 1), at(r, s + 1));
            triangles.push([a, b, c]);
            triangles.push([a, c, d]);
        }
    }
    Mesh {
        name: "sphere",
        vertices,
        triangles,
    }
}

/// A height field over `[-1, 1]²` with a few octaves of sines and hashed noise.
pub fn terrain(target: usize, rng: &mut Rng) -> Mesh {
    let n = ((target as f64 / 2.0).sqrt().round() as u32).max(2) + 1;
    let mut vertices = Vec::with_capacity((n * n) as usize);
    for j in 0..n {
        for i in 0..n {
            let x = -1.0 + 2.0 * i as Real / (n - 1) as Real;
            let y = -1.0 + 2.0 * j as Real / (n - 1) as Real;
            let h = 0.2 * (3.0 * x).sin() * (2.0 * y).cos()
                + 0.05 * (17.0 * x + 5.0 * y).sin()
                + 0.01 * rng.range(-1.0, 1.0);
            vertices.push(Vec3::new(x, y, h));
        }
    }
    let mut triangles = Vec::new();
    for j in 0..n - 1 {
        for i in 0..n - 1 {
            let a = j * n + i;
            triangles.push([a, a + 1, a + n + 1]);
            triangles.push([a, a + n + 1, a + n]);
        }
    }
    Mesh {
        name: "terrain",
        vertices,
        triangles,
    }
}

/// Random triangles in `[-1, 1]³`, each about `3 / cbrt(n)` across.
pub fn soup(target: usize, rng: &mut Rng) -> Mesh {
    let size = 3.0 / (target as Real).cbrt();
    let mut vertices = Vec::with_capacity(3 * target);
    let mut triangles = Vec::with_capacity(target);
    for k in 0..target as u32 {
        let c = rng.vec3(-1.0, 1.0);
        for _ in 0..3 {
            vertices.push(c + rng.vec3(-size, size));
        }
        triangles.push([3 * k, 3 * k + 1, 3 * k + 2]);
    }
    Mesh {
        name: "soup",
        vertices,
        triangles,
    }
}
