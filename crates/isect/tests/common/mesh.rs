//! Mesh builders for the `TriMesh` tests: closed meshes with exactly representable shared
//! vertices, and random triangle soups.

use isect::Real;
use isect::math::Vec3;
use proptest::prelude::*;
use std::collections::HashMap;

/// A step: the floor `y = 0` for `x` in `[-2, 0]`, the riser `x = 0` and the top `y = 1` for `x`
/// in `[0, 2]`, `z` in `[-1, 1]`, two triangles each facing up or towards `-x`, shared vertices.
pub fn step() -> (Vec<Vec3>, Vec<[u32; 3]>) {
    let v = vec![
        Vec3::new(-2.0, 0.0, -1.0),
        Vec3::new(0.0, 0.0, -1.0),
        Vec3::new(0.0, 0.0, 1.0),
        Vec3::new(-2.0, 0.0, 1.0),
        Vec3::new(0.0, 1.0, -1.0),
        Vec3::new(0.0, 1.0, 1.0),
        Vec3::new(2.0, 1.0, -1.0),
        Vec3::new(2.0, 1.0, 1.0),
    ];
    let t = vec![
        [0, 3, 2],
        [0, 2, 1],
        [1, 2, 5],
        [1, 5, 4],
        [4, 5, 7],
        [4, 7, 6],
    ];
    (v, t)
}

/// The floor `y = 0`, `x` and `z` in `[-2, 2]`, two triangles facing up, every coordinate times
/// `s` (exact for a power of two): the mesh of the magnitude regressions.
pub fn scaled_floor(s: Real) -> isect::TriMesh {
    let corners = [(-2.0, -2.0), (2.0, -2.0), (2.0, 2.0), (-2.0, 2.0)];
    let vertices = corners.map(|(x, z)| Vec3::new(x, 0.0, z) * s).to_vec();
    isect::TriMesh::new(vertices, vec![[0, 2, 1], [0, 3, 2]]).unwrap()
}

/// The cube `[-1, 1]³`, each face an `n × n` grid of quads split into two triangles,
/// counter-clockwise seen from outside, with shared vertices (closed and consistently oriented).
/// Coordinates `-1 + 2 i / n` are exact for `n` a power of two.
pub fn subdivided_cube(n: u32) -> (Vec<Vec3>, Vec<[u32; 3]>) {
    let mut vertices = Vec::new();
    let mut index: HashMap<[i64; 3], u32> = HashMap::new();
    let mut triangles = Vec::new();
    let mut vertex = |g: [i64; 3]| -> u32 {
        *index.entry(g).or_insert_with(|| {
            vertices.push(Vec3::new(
                -1.0 + 2.0 * g[0] as Real / n as Real,
                -1.0 + 2.0 * g[1] as Real / n as Real,
                -1.0 + 2.0 * g[2] as Real / n as Real,
            ));
            (vertices.len() - 1) as u32
        })
    };
    let n = i64::from(n);
    // Each face: the fixed axis and side, and two in-face axes (u, v) with u × v outward.
    for axis in 0..3 {
        for side in [0, n] {
            let (ua, va) = ((axis + 1) % 3, (axis + 2) % 3);
            let (ua, va) = if side == n { (ua, va) } else { (va, ua) };
            for i in 0..n {
                for j in 0..n {
                    let at = |di: i64, dj: i64| {
                        let mut g = [0; 3];
                        g[axis] = side;
                        g[ua] = i + di;
                        g[va] = j + dj;
                        g
                    };
                    let (p00, p10, p11, p01) = (
                        vertex(at(0, 0)),
                        vertex(at(1, 0)),
                        vertex(at(1, 1)),
                        vertex(at(0, 1)),
                    );
                    triangles.push([p00, p10, p11]);
                    triangles.push([p00, p11, p01]);
                }
            }
        }
    }
    (vertices, triangles)
}

/// An octahedron subdivided `levels` times with the vertices pushed onto the sphere of
/// `radius` about `center` (closed and consistently oriented, shared vertices).
pub fn sphere_mesh(center: Vec3, radius: Real, levels: u32) -> (Vec<Vec3>, Vec<[u32; 3]>) {
    let mut vertices = vec![Vec3::X, -Vec3::X, Vec3::Y, -Vec3::Y, Vec3::Z, -Vec3::Z];
    let mut triangles: Vec<[u32; 3]> = vec![
        [0, 2, 4],
        [2, 1, 4],
        [1, 3, 4],
        [3, 0, 4],
        [2, 0, 5],
        [1, 2, 5],
        [3, 1, 5],
        [0, 3, 5],
    ];
    for _ in 0..levels {
        let mut mid: HashMap<(u32, u32), u32> = HashMap::new();
        let mut next = Vec::with_capacity(triangles.len() * 4);
        for &[a, b, c] in &triangles {
            let mut m = |x: u32, y: u32| {
                let key = (x.min(y), x.max(y));
                *mid.entry(key).or_insert_with(|| {
                    let p = ((vertices[x as usize] + vertices[y as usize]) * 0.5).normalize();
                    vertices.push(p);
                    (vertices.len() - 1) as u32
                })
            };
            let (ab, bc, ca) = (m(a, b), m(b, c), m(c, a));
            next.extend([[a, ab, ca], [ab, b, bc], [ca, bc, c], [ab, bc, ca]]);
        }
        triangles = next;
    }
    let vertices = vertices.into_iter().map(|p| center + p * radius).collect();
    (vertices, triangles)
}

/// A random triangle soup: 1 to `max` triangles with corners on a grid of quarter units in
/// `[-8, 8]³` (exact; coincident corners make degenerate triangles now and then), vertices
/// shared only by chance.
pub fn soup(max: usize) -> impl Strategy<Value = (Vec<Vec3>, Vec<[u32; 3]>)> {
    let corner = (-32i32..=32, -32i32..=32, -32i32..=32)
        .prop_map(|(x, y, z)| Vec3::new(x as Real, y as Real, z as Real) * 0.25);
    let tri = prop_oneof![
        9 => [corner.clone(), corner.clone(), corner.clone()],
        // Small triangles near an existing place: clusters.
        1 => (corner.clone(), -2i32..=2, -2i32..=2).prop_map(|(a, i, j)| {
            [a, a + Vec3::new(i as Real, 0.0, j as Real) * 0.25, a + Vec3::new(0.0, 0.25, 0.0)]
        }),
    ];
    proptest::collection::vec(tri, 1..=max).prop_map(|tris| {
        let mut vertices = Vec::new();
        let mut triangles = Vec::new();
        for t in tris {
            let base = vertices.len() as u32;
            vertices.extend(t);
            triangles.push([base, base + 1, base + 2]);
        }
        (vertices, triangles)
    })
}

/// A ray aimed at a point of the box `[-10, 10]³`, from a random point (directions of random
/// length), plus rays along the axes now and then.
pub fn aimed_ray() -> impl Strategy<Value = isect::Ray> {
    let p = (-40i32..=40, -40i32..=40, -40i32..=40)
        .prop_map(|(x, y, z)| Vec3::new(x as Real, y as Real, z as Real) * 0.25);
    (p.clone(), p, 0.1 as Real..4.0).prop_filter_map("distinct", |(o, target, s)| {
        let d = target - o;
        (d != Vec3::ZERO).then(|| isect::Ray::new(o, d * s))
    })
}

/// A height field over `[-half, half]²` in the `xz` plane, `n × n` quads split into two
/// triangles, counter-clockwise seen from above (`+y`), with shared vertices: `height(i, j)` at
/// grid point `(i, j)` (`x = -half + 2 half i / n`, `z` likewise by `j`). A surface (open).
/// Exact coordinates for `n` a power of two and `half` a small integer.
pub fn height_field(
    n: u32,
    half: Real,
    height: impl Fn(u32, u32) -> Real,
) -> (Vec<Vec3>, Vec<[u32; 3]>) {
    let mut vertices = Vec::new();
    for j in 0..=n {
        for i in 0..=n {
            let at = |k: u32| -half + 2.0 * half * k as Real / n as Real;
            vertices.push(Vec3::new(at(i), height(i, j), at(j)));
        }
    }
    let mut triangles = Vec::new();
    let index = |i: u32, j: u32| j * (n + 1) + i;
    for j in 0..n {
        for i in 0..n {
            let (a, b, c, d) = (
                index(i, j),
                index(i + 1, j),
                index(i + 1, j + 1),
                index(i, j + 1),
            );
            // Seen from +y, with x to the right and z down the page, (a, d, c) turns
            // counter-clockwise: the normal is +y.
            triangles.push([a, d, c]);
            triangles.push([a, c, b]);
        }
    }
    (vertices, triangles)
}

/// A flat floor at `y = 0`: [`height_field`] with every height 0.
pub fn floor(n: u32, half: Real) -> (Vec<Vec3>, Vec<[u32; 3]>) {
    height_field(n, half, |_, _| 0.0)
}

/// A random terrain: an `n × n` height field over `[-8, 8]²` with heights on quarter units in
/// `[-2, 2]` (exact), `n` from 2 to 8.
pub fn terrain() -> impl Strategy<Value = (Vec<Vec3>, Vec<[u32; 3]>)> {
    (2u32..=8).prop_flat_map(|n| {
        proptest::collection::vec(-8i32..=8, ((n + 1) * (n + 1)) as usize).prop_map(move |h| {
            height_field(n, 8.0, |i, j| h[(j * (n + 1) + i) as usize] as Real * 0.25)
        })
    })
}

/// `mesh` moved by `d` (same triangles).
pub fn translated(m: &isect::TriMesh, d: Vec3) -> isect::TriMesh {
    isect::TriMesh::new(
        m.vertices().iter().map(|p| *p + d).collect(),
        m.triangles().to_vec(),
    )
    .expect("valid mesh")
}
