//! The edge table of a [`TriMesh`](super::TriMesh), built with it: which triangle lies across
//! each edge, and which edges are *active* (real creases that may give contact normals of their
//! own) on each side of the triangle. The contacts against a mesh read it to remove internal
//! edges (`query/contact/trimesh.rs`); building it also decides whether the mesh is closed and
//! consistently oriented.
//!
//! An edge shared by exactly two triangles is active on a side of a triangle when the neighbour
//! bends away from that side (a convex crease seen from there), inactive when the neighbour
//! continues the surface flat or bends towards that side (a concave crease: a shape there meets
//! the neighbour's face first). An edge with no neighbour (a border, or one shared by three or
//! more triangles) is active on both sides. The flags depend on the vertex positions and are
//! recomputed by [`TriMesh::refit`](super::TriMesh::refit); the neighbours depend on the indices
//! only.
//!
//! A triangle's corner carries the same two flags for its vertex, judged from every edge around
//! the vertex rather than from the triangle's own two: active on a side when any edge around it
//! is active on that side (seen from the triangle's side, carried across each edge by the
//! neighbours' windings), so a corner touching a step's convex edge only at its vertex keeps its
//! normals. A vertex whose triangles do not close into one fan (a border, a vertex of two fans,
//! an edge of three triangles) is active on both sides.

use alloc::vec::Vec;

use crate::math::{Real, Vec3, to_f64};

/// No triangle across an edge: a border, or an edge of three or more triangles.
pub(crate) const NO_NEIGHBOUR: u32 = u32::MAX;

/// Edge `k` (from corner `k` to corner `k + 1`) is active on the side the triangle's normal
/// points to.
#[inline]
pub(crate) const fn front(k: usize) -> u8 {
    1 << k
}

/// Edge `k` is active on the side opposite the triangle's normal.
#[inline]
pub(crate) const fn back(k: usize) -> u8 {
    1 << (3 + k)
}

/// Per triangle: the triangle across each of its edges and the active-edge flags.
#[derive(Clone, Debug, Default)]
pub(crate) struct EdgeTable {
    /// `neighbours[t][k]`: the triangle across edge `k` of triangle `t` (corners `k` to `k + 1`),
    /// or [`NO_NEIGHBOUR`].
    pub neighbours: Vec<[u32; 3]>,
    /// `flags[t]`: the bits [`front`] and [`back`] of each active edge.
    pub flags: Vec<u8>,
    /// `corners[t]`: the bits [`front`] and [`back`] of each active corner (`k` for corner `k`),
    /// judged from every edge around its vertex.
    pub corners: Vec<u8>,
}

impl EdgeTable {
    /// The neighbours of every triangle (`vertex_count` bounds the checked indices) and whether
    /// the mesh is closed and consistently oriented: every edge used by exactly two triangles,
    /// once in each direction. The flags are left for [`EdgeTable::set_flags`].
    pub(crate) fn neighbours(triangles: &[[u32; 3]], vertex_count: usize) -> (Self, bool) {
        // Each edge is filed under its lower vertex (a counting sort, linear time) as its higher
        // vertex and its triangle; under each vertex the list is a vertex's degree long, so
        // sorting it is cheap, and the triangles of one edge end up side by side.
        let mut solid = true;
        let mut start = alloc::vec![0u32; vertex_count + 1];
        for t in triangles {
            for (x, y) in edges(t) {
                if x == y {
                    solid = false;
                    continue;
                }
                start[x.min(y) as usize + 1] += 1;
            }
        }
        for k in 1..start.len() {
            start[k] += start[k - 1];
        }
        let mut next = start.clone();
        let mut filed = alloc::vec![0u64; start[vertex_count] as usize];
        for (i, t) in triangles.iter().enumerate() {
            for (x, y) in edges(t) {
                if x != y {
                    let slot = &mut next[x.min(y) as usize];
                    filed[*slot as usize] = (u64::from(x.max(y)) << 32) | i as u64;
                    *slot += 1;
                }
            }
        }
        let mut neighbours = alloc::vec![[NO_NEIGHBOUR; 3]; triangles.len()];
        for (lower, w) in start.windows(2).enumerate() {
            let list = &mut filed[w[0] as usize..w[1] as usize];
            list.sort_unstable();
            let mut run = 0;
            while run < list.len() {
                let higher = list[run] >> 32;
                let end = run
                    + list[run..]
                        .iter()
                        .take_while(|&&e| e >> 32 == higher)
                        .count();
                let lower = lower as u32;
                let higher = higher as u32;
                if end - run == 2 {
                    let (p, q) = (list[run] as u32, list[run + 1] as u32);
                    let (kp, fp) = slot_of(&triangles[p as usize], lower, higher);
                    let (kq, fq) = slot_of(&triangles[q as usize], lower, higher);
                    solid &= fp != fq && p != q;
                    if p != q {
                        neighbours[p as usize][kp] = q;
                        neighbours[q as usize][kq] = p;
                    }
                } else {
                    solid = false;
                }
                run = end;
            }
        }
        let table = Self {
            neighbours,
            flags: alloc::vec![0; triangles.len()],
            corners: alloc::vec![0; triangles.len()],
        };
        (table, solid)
    }

    /// Decides which edges are active from the vertex positions (see the module docs).
    pub(crate) fn set_flags(&mut self, vertices: &[Vec3], triangles: &[[u32; 3]]) {
        let corners = |t: &[u32; 3]| t.map(|i| vertices[i as usize]);
        // Each triangle's normal once (the same bits as formed per triangle before): its own
        // folds read it, and so does each neighbour's test that it is not degenerate (one cross
        // product per triangle where four were formed).
        let normals: Vec<Vec3> = triangles
            .iter()
            .map(|t| {
                let c = corners(t);
                (c[1] - c[0]).cross(c[2] - c[0])
            })
            .collect();
        for (i, t) in triangles.iter().enumerate() {
            let c = corners(t);
            let n = normals[i];
            let mut flags = 0;
            for k in 0..3 {
                let across = self.neighbours[i][k];
                let fold = if across == NO_NEIGHBOUR {
                    Fold::Knife
                } else {
                    let u = &triangles[across as usize];
                    let off = u.iter().position(|&v| v != t[k] && v != t[(k + 1) % 3]);
                    match off {
                        Some(j) if normals[across as usize] != Vec3::ZERO => {
                            fold(n, c[k], c[(k + 1) % 3], vertices[u[j] as usize])
                        }
                        _ => Fold::Knife,
                    }
                };
                flags |= match fold {
                    Fold::Knife => front(k) | back(k),
                    Fold::Away => front(k),
                    Fold::Towards => back(k),
                    Fold::Flat => 0,
                };
            }
            self.flags[i] = flags;
        }
        self.set_corners(vertices.len(), triangles);
    }

    /// Decides which corners are active from the edge flags (see the module docs): each vertex's
    /// fan is walked once, across the edges around the vertex from triangle to neighbour, with
    /// the edges' flags turned to the side of the walk's first triangle (a neighbour wound the
    /// other way has its front on the other side); the result goes to every corner of the fan,
    /// turned back to each triangle's side. A walk that meets a border or a corner another walk
    /// took, or closes before it has seen every triangle of the vertex, is not one closed fan:
    /// active on both sides.
    // Linear time: every corner is walked over once.
    fn set_corners(&mut self, vertex_count: usize, triangles: &[[u32; 3]]) {
        let mut degree = alloc::vec![0u32; vertex_count];
        for t in triangles {
            for &v in t {
                degree[v as usize] += 1;
            }
        }
        // `done[t]`: bit `k` once corner `k` is walked over.
        let mut done = alloc::vec![0u8; triangles.len()];
        // The fan's corners: triangle, corner, and whether its sides are swapped against the
        // first triangle's.
        let mut fan: Vec<(usize, usize, bool)> = Vec::new();
        for start in 0..triangles.len() {
            for k0 in 0..3 {
                if done[start] & (1 << k0) != 0 {
                    continue;
                }
                let v = triangles[start][k0];
                fan.clear();
                // The active sides seen so far, on the first triangle's front and back.
                let (mut on_front, mut on_back) = (false, false);
                let mut closed = false;
                // The triangle, its corner at `v`, its edge the walk leaves by (an edge at
                // `v`: `j` or `j - 1`) and whether its sides are swapped.
                let (mut p, mut j, mut exit, mut swapped) = (start, k0, k0, false);
                loop {
                    fan.push((p, j, swapped));
                    done[p] |= 1 << j;
                    let flags = self.flags[p];
                    let (f, b) = (flags & front(exit) != 0, flags & back(exit) != 0);
                    on_front |= if swapped { b } else { f };
                    on_back |= if swapped { f } else { b };
                    let q = self.neighbours[p][exit];
                    if q == NO_NEIGHBOUR || fan.len() > degree[v as usize] as usize {
                        break;
                    }
                    let q = q as usize;
                    let t = &triangles[p];
                    // The shared edge runs `t[exit] -> t[exit + 1]`; `w` is its end off `v`.
                    let w = if t[exit] == v {
                        t[(exit + 1) % 3]
                    } else {
                        t[exit]
                    };
                    let u = &triangles[q];
                    let Some(jq) = (0..3).find(|&i| {
                        u[i] == v && (u[(i + 1) % 3] == w || u[(i + 2) % 3] == w) && u[i] != w
                    }) else {
                        break;
                    };
                    // The neighbour's shared edge is its edge `jq` (`v -> w`) or `jq - 1`
                    // (`w -> v`); the walk leaves by the other one. Run the same way as this
                    // triangle's, the neighbour is wound the other way round: its sides swap.
                    let shared = if u[(jq + 1) % 3] == w {
                        jq
                    } else {
                        (jq + 2) % 3
                    };
                    let next_exit = if shared == jq { (jq + 2) % 3 } else { jq };
                    let same_way = u[shared] == t[exit];
                    if (q, jq) == (start, k0) {
                        closed = fan.len() == degree[v as usize] as usize;
                        break;
                    }
                    if done[q] & (1 << jq) != 0 {
                        break;
                    }
                    (p, j, exit) = (q, jq, next_exit);
                    swapped ^= same_way;
                }
                if !closed {
                    (on_front, on_back) = (true, true);
                }
                for &(t, k, swapped) in &fan {
                    let (f, b) = if swapped {
                        (on_back, on_front)
                    } else {
                        (on_front, on_back)
                    };
                    let bits = if f { front(k) } else { 0 } | if b { back(k) } else { 0 };
                    self.corners[t] = (self.corners[t] & !(front(k) | back(k))) | bits;
                }
            }
        }
    }

    /// Heap bytes of the table.
    pub(crate) fn heap_bytes(&self) -> usize {
        self.neighbours.capacity() * core::mem::size_of::<[u32; 3]>()
            + self.flags.capacity()
            + self.corners.capacity()
    }
}

/// Below this sine of the angle between a neighbour and the triangle's plane the two are flat:
/// about 0.06°, far above the rounding of vertex coordinates on a flat mesh (a few ulp of their
/// magnitude over an edge's length) and far below a step or a ridge.
const FLAT_SINE: Real = 1.0 / 1024.0;

/// How a neighbour across an edge continues a triangle's surface.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fold {
    /// In its plane, beyond the edge: the edge is inactive on both sides.
    Flat,
    /// Bending away from the normal's side (a convex crease seen from the front, concave from
    /// the back): active on the front only.
    Away,
    /// Bending towards the normal's side: active on the back only.
    Towards,
    /// No neighbour, a degenerate one, or one folded back onto the triangle: active on both
    /// sides.
    Knife,
}

/// How the neighbour whose corner off the shared edge `a`–`b` is `off` continues a triangle of
/// (unnormalised, nonzero) normal `n`: by the height of `off` over the triangle's plane and how
/// far it lies beyond the edge in that plane, both scaled alike.
fn fold(n: Vec3, a: Vec3, b: Vec3, off: Vec3) -> Fold {
    let e = b - a;
    let d = off - a;
    let height = n.dot(d);
    // `e × n` points out of the triangle across edge `a`–`b` (the triangle runs `a`, `b`, then
    // its third corner counter-clockwise about `n`); its length is `|e| |n|`.
    let beyond = e.cross(n).dot(d) / e.length();
    if n == Vec3::ZERO || !(height.is_finite() && beyond.is_finite()) {
        return Fold::Knife;
    }
    if height.abs() <= FLAT_SINE * beyond.abs() {
        return if beyond > 0.0 {
            Fold::Flat
        } else {
            Fold::Knife
        };
    }
    if height < 0.0 {
        Fold::Away
    } else {
        Fold::Towards
    }
}

/// The three directed edges of a triangle, edge `k` from corner `k` to corner `k + 1`.
#[inline]
fn edges(&[a, b, c]: &[u32; 3]) -> [(u32, u32); 3] {
    [(a, b), (b, c), (c, a)]
}

/// Which edge of `t` joins `lower` and `higher`, and whether it runs from `lower` to `higher`.
#[inline]
fn slot_of(t: &[u32; 3], lower: u32, higher: u32) -> (usize, bool) {
    edges(t)
        .iter()
        .position(|&(x, y)| x.min(y) == lower && x.max(y) == higher)
        .map_or((0, false), |k| (k, t[k] == lower))
}

/// The sign of the volume a closed mesh encloses: `1` when its triangles run counter-clockwise
/// seen from outside (the volume `Σ a · (b × c) / 6` is positive), `-1` when clockwise. Summed in
/// `f64` about the first vertex, so that a mesh far from the origin keeps its sign.
pub(crate) fn outward_sign(vertices: &[Vec3], triangles: &[[u32; 3]]) -> Real {
    let Some(&origin) = vertices.first() else {
        return 1.0;
    };
    let at = |i: u32| {
        let p = vertices[i as usize] - origin;
        [to_f64(p.x), to_f64(p.y), to_f64(p.z)]
    };
    let mut volume = 0.0f64;
    for &[a, b, c] in triangles {
        let (a, b, c) = (at(a), at(b), at(c));
        let cross = [
            b[1] * c[2] - b[2] * c[1],
            b[2] * c[0] - b[0] * c[2],
            b[0] * c[1] - b[1] * c[0],
        ];
        volume += a[0] * cross[0] + a[1] * cross[1] + a[2] * cross[2];
    }
    if volume < 0.0 { -1.0 } else { 1.0 }
}
