//! The level the character controller walks in the example, its test and the benchmark: a
//! terrain inside four walls, with a staircase and a ramp too steep to walk.
//!
//! Over `[-HALF, HALF]²` (x, z): the terrain is flat (y = 0) where x <= 0, a grid of unit cells
//! each split in two triangles, so a character crosses internal edges and vertices at every
//! step; where x > 0 a gentle rise and fall. Walls of height `WALL` stand on the
//! border. The staircase climbs along +x from `STAIRS_X` in `STEPS` steps of `RISE` and `RUN`,
//! between `STAIRS_Z`, to a landing two long; the ramp rises at 60° along −z from `RAMP_Z`
//! to `RAMP_TOP`, between `RAMP_X`.

#![allow(
    dead_code,
    reason = "the example, the test and the benchmark each use part of the level"
)]

use isect::math::Vec3;
use isect::{Real, TriMesh};

/// Half the width of the level (x and z).
pub const HALF: Real = 16.0;
/// Height of the walls.
pub const WALL: Real = 12.0;
/// Where the staircase begins (x of its first riser).
pub const STAIRS_X: Real = -13.0;
/// The staircase's side walls (z).
pub const STAIRS_Z: (Real, Real) = (-14.0, -11.0);
/// Number of steps.
pub const STEPS: usize = 8;
/// Height of a step.
pub const RISE: Real = 0.25;
/// Depth of a step.
pub const RUN: Real = 0.8;
/// The ramp's foot (z) and its top's height; it rises along −z at 60°.
pub const RAMP_Z: Real = 10.0;
/// Height of the ramp's top.
pub const RAMP_TOP: Real = 3.0;
/// The ramp's sides (x).
pub const RAMP_X: (Real, Real) = (-10.0, -6.0);

/// Height of the terrain at `(x, z)`: flat where x <= 0, a gentle rise and fall (slopes
/// below 12°) where x > 0.
#[must_use]
pub fn terrain_height(x: Real, z: Real) -> Real {
    if x <= 0.0 {
        return 0.0;
    }
    let u = x / (2.0 * HALF);
    0.15 * x * (1.0 - 2.0 * u) + 0.1 * u * (z * z / (4.0 * HALF) - 1.0)
}

/// Triangles by corners, collected into a mesh.
#[derive(Debug, Default)]
struct Builder {
    vertices: Vec<Vec3>,
    triangles: Vec<[u32; 3]>,
}

impl Builder {
    fn vertex(&mut self, p: Vec3) -> u32 {
        let i = u32::try_from(self.vertices.len()).expect("fewer than 2^32 vertices");
        self.vertices.push(p);
        i
    }

    /// A quad `a b c d` (in order around it) as two triangles.
    fn quad(&mut self, a: Vec3, b: Vec3, c: Vec3, d: Vec3) {
        let [a, b, c, d] = [a, b, c, d].map(|p| self.vertex(p));
        self.triangles.push([a, b, c]);
        self.triangles.push([a, c, d]);
    }

    /// A box's five faces above the ground (`min.y` is on the ground).
    fn block(&mut self, min: Vec3, max: Vec3) {
        let p = |x: Real, y: Real, z: Real| Vec3::new(x, y, z);
        let (a, b) = (min, max);
        self.quad(
            p(a.x, b.y, a.z),
            p(a.x, b.y, b.z),
            p(b.x, b.y, b.z),
            p(b.x, b.y, a.z),
        );
        self.quad(
            p(a.x, a.y, a.z),
            p(a.x, a.y, b.z),
            p(a.x, b.y, b.z),
            p(a.x, b.y, a.z),
        );
        self.quad(
            p(b.x, a.y, a.z),
            p(b.x, b.y, a.z),
            p(b.x, b.y, b.z),
            p(b.x, a.y, b.z),
        );
        self.quad(
            p(a.x, a.y, a.z),
            p(a.x, b.y, a.z),
            p(b.x, b.y, a.z),
            p(b.x, a.y, a.z),
        );
        self.quad(
            p(a.x, a.y, b.z),
            p(b.x, a.y, b.z),
            p(b.x, b.y, b.z),
            p(a.x, b.y, b.z),
        );
    }
}

/// The level: terrain, walls, staircase and steep ramp (2,146 triangles).
#[must_use]
pub fn level() -> TriMesh {
    let mut b = Builder::default();
    // Terrain: a grid of unit cells, shared corners (one vertex each).
    let n = 2 * HALF as usize;
    let first = b.vertices.len() as u32;
    for i in 0..=n {
        for j in 0..=n {
            let (x, z) = (-HALF + i as Real, -HALF + j as Real);
            b.vertex(Vec3::new(x, terrain_height(x, z), z));
        }
    }
    let at = |i: usize, j: usize| first + (i * (n + 1) + j) as u32;
    for i in 0..n {
        for j in 0..n {
            b.triangles.push([at(i, j), at(i, j + 1), at(i + 1, j + 1)]);
            b.triangles.push([at(i, j), at(i + 1, j + 1), at(i + 1, j)]);
        }
    }
    // Walls on the border, from below the lowest ground.
    let (lo, hi) = (-2.0, WALL);
    let corner = |sx: Real, sz: Real, y: Real| Vec3::new(sx * HALF, y, sz * HALF);
    for (s0, s1) in [
        ((-1.0, -1.0), (1.0, -1.0)),
        ((1.0, -1.0), (1.0, 1.0)),
        ((1.0, 1.0), (-1.0, 1.0)),
        ((-1.0, 1.0), (-1.0, -1.0)),
    ] {
        b.quad(
            corner(s0.0, s0.1, lo),
            corner(s1.0, s1.1, lo),
            corner(s1.0, s1.1, hi),
            corner(s0.0, s0.1, hi),
        );
    }
    // The staircase: one block per step, from the ground to its tread, through the landing.
    let end = STAIRS_X + STEPS as Real * RUN + 2.0;
    for k in 0..STEPS {
        let x0 = STAIRS_X + k as Real * RUN;
        b.block(
            Vec3::new(x0, 0.0, STAIRS_Z.0),
            Vec3::new(end, (k + 1) as Real * RISE, STAIRS_Z.1),
        );
    }
    // The ramp: a slope at 60° (run = top / tan 60°), its sides and its back.
    let run = RAMP_TOP / 1.732_050_8;
    let (x0, x1) = RAMP_X;
    let (foot, top) = (RAMP_Z, RAMP_Z - run);
    let back = top - 1.0;
    b.quad(
        Vec3::new(x0, 0.0, foot),
        Vec3::new(x1, 0.0, foot),
        Vec3::new(x1, RAMP_TOP, top),
        Vec3::new(x0, RAMP_TOP, top),
    );
    b.quad(
        Vec3::new(x0, RAMP_TOP, top),
        Vec3::new(x1, RAMP_TOP, top),
        Vec3::new(x1, RAMP_TOP, back),
        Vec3::new(x0, RAMP_TOP, back),
    );
    for x in [x0, x1] {
        b.quad(
            Vec3::new(x, 0.0, foot),
            Vec3::new(x, RAMP_TOP, top),
            Vec3::new(x, RAMP_TOP, back),
            Vec3::new(x, 0.0, back),
        );
    }
    b.quad(
        Vec3::new(x0, 0.0, back),
        Vec3::new(x0, RAMP_TOP, back),
        Vec3::new(x1, RAMP_TOP, back),
        Vec3::new(x1, 0.0, back),
    );
    TriMesh::new(b.vertices, b.triangles).expect("the level is a valid mesh")
}
