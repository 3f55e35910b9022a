//! Welding: vertices at the same place (or within a tolerance) become one, so that a mesh
//! exported with a copy of each corner per face (flat normals, texture seams) is connected again
//! and a closed one is a solid.

use alloc::vec::Vec;
use core::cmp::Ordering;

use crate::TriMesh;
use crate::error::MeshError;
use crate::math::{Real, Vec3};

/// How [`TriMesh::new_welded`] and `isect::io`'s loaders merge vertices.
///
/// Welding only merges: every triangle keeps its number and corners (a triangle whose corners
/// merge becomes degenerate and is kept as such), the kept vertices keep their file order, and
/// each merged vertex takes the position of the first vertex of its group. So
/// `input_vertices - mesh.vertices().len()` is the number of vertices merged.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub enum Weld {
    /// Every vertex as given.
    Off,
    /// Vertices with identical coordinates become one (`-0.0` and `0.0` are identical): what
    /// exporters that write a copy of each corner per face mean. Changes no position.
    #[default]
    Exact,
    /// Each vertex merges into the first earlier vertex that was kept and lies within this
    /// distance (Euclidean, closed: a vertex exactly `tolerance` away merges). Groups are formed
    /// in file order, so a chain of vertices each within `tolerance` of the next may form more
    /// than one group. `Within(0.0)` is [`Weld::Exact`]. The tolerance must be finite and not
    /// negative.
    Within(Real),
}

impl TriMesh {
    /// [`TriMesh::new`] after welding the vertices as `weld` says: the triangles keep their
    /// numbers, the vertices their order (those merged into an earlier one are left out).
    ///
    /// ```
    /// use isect::{TriMesh, Weld, math::Vec3};
    ///
    /// // Two triangles of a square, each with its own copy of the shared edge's corners.
    /// let vertices = vec![
    ///     Vec3::new(0.0, 0.0, 0.0), Vec3::new(1.0, 0.0, 0.0), Vec3::new(1.0, 1.0, 0.0),
    ///     Vec3::new(0.0, 0.0, 0.0), Vec3::new(1.0, 1.0, 0.0), Vec3::new(0.0, 1.0, 0.0),
    /// ];
    /// let triangles = vec![[0, 1, 2], [3, 4, 5]];
    /// let mesh = TriMesh::new_welded(vertices, triangles, Weld::Exact)?;
    /// assert_eq!(mesh.vertices().len(), 4); // two vertices merged
    /// assert_eq!(mesh.triangles(), [[0, 1, 2], [0, 2, 3]]);
    /// # Ok::<(), isect::MeshError>(())
    /// ```
    ///
    /// # Errors
    /// As [`TriMesh::new`], with vertex and triangle numbers of the input (before welding), and
    /// [`MeshError::InvalidTolerance`] for a NaN, infinite or negative [`Weld::Within`].
    pub fn new_welded(
        vertices: Vec<Vec3>,
        mut triangles: Vec<[u32; 3]>,
        weld: Weld,
    ) -> Result<Self, MeshError> {
        if weld == Weld::Off {
            return Self::new(vertices, triangles);
        }
        check(&vertices, &triangles)?;
        let (kept, index) = weld_vertices(&vertices, weld)?;
        for corner in triangles.iter_mut().flatten() {
            *corner = index[*corner as usize];
        }
        Self::new(kept, triangles)
    }
}

/// [`TriMesh::new`]'s checks, on the data as given, so that its errors name the input's
/// vertices and triangles rather than the welded ones.
fn check(vertices: &[Vec3], triangles: &[[u32; 3]]) -> Result<(), MeshError> {
    if vertices.is_empty() || triangles.is_empty() {
        return Err(MeshError::Empty);
    }
    if vertices.len() > u32::MAX as usize || triangles.len() > u32::MAX as usize {
        return Err(MeshError::TooLarge);
    }
    if let Some(vertex) = vertices.iter().position(|v| !v.is_finite()) {
        return Err(MeshError::NonFiniteVertex { vertex });
    }
    let vertex_count = vertices.len();
    for (triangle, tri) in triangles.iter().enumerate() {
        if let Some(&index) = tri.iter().find(|&&i| i as usize >= vertex_count) {
            return Err(MeshError::IndexOutOfRange {
                triangle,
                index,
                vertex_count,
            });
        }
    }
    Ok(())
}

/// The kept vertices, and for each input vertex its index among them. The vertices must be
/// finite and fewer than `u32::MAX`.
pub(crate) fn weld_vertices(
    vertices: &[Vec3],
    weld: Weld,
) -> Result<(Vec<Vec3>, Vec<u32>), MeshError> {
    let first = match weld {
        Weld::Off => (0..vertices.len() as u32).collect(),
        // `0.0` matches `-0.0` too.
        Weld::Exact | Weld::Within(0.0) => first_identical(vertices),
        Weld::Within(tolerance) if tolerance.is_finite() && tolerance > 0.0 => {
            first_within(vertices, tolerance)
        }
        Weld::Within(_) => return Err(MeshError::InvalidTolerance),
    };
    let mut kept = Vec::new();
    let mut index = Vec::with_capacity(vertices.len());
    for (i, &f) in first.iter().enumerate() {
        if f as usize == i {
            index.push(kept.len() as u32);
            kept.push(vertices[i]);
        } else {
            // `f < i`: its new index is already known.
            let new = index[f as usize];
            index.push(new);
        }
    }
    Ok((kept, index))
}

/// For each vertex, the first vertex with the same coordinates: a sort by position, so no
/// hashing (and no `std`) is needed.
fn first_identical(vertices: &[Vec3]) -> Vec<u32> {
    // `+ 0.0` turns -0 into +0; the vertices are finite, so `total_cmp` is `==` on them.
    let key = |i: u32| (vertices[i as usize] + Vec3::ZERO).to_array();
    let cmp = |a: &[Real; 3], b: &[Real; 3]| -> Ordering {
        a[0].total_cmp(&b[0])
            .then(a[1].total_cmp(&b[1]))
            .then(a[2].total_cmp(&b[2]))
    };
    let mut order: Vec<u32> = (0..vertices.len() as u32).collect();
    order.sort_unstable_by(|&a, &b| cmp(&key(a), &key(b)).then(a.cmp(&b)));
    let mut first: Vec<u32> = (0..vertices.len() as u32).collect();
    for group in order.chunk_by(|&a, &b| key(a) == key(b)) {
        for &i in group {
            first[i as usize] = group[0];
        }
    }
    first
}

/// For each vertex, the first earlier kept vertex within `tolerance` (itself when none): a grid
/// of cells at least `tolerance` wide, sorted by cell, so that a vertex's candidates are in its
/// own and the 26 neighbouring cells.
///
/// The cell numbers are floats in f64, not integers, so that the cells stay as small as the
/// tolerance however far a stray vertex lies (a wider cell would gather every vertex in one and
/// make the search quadratic); past 2^53 the neighbouring cell is the next float.
fn first_within(vertices: &[Vec3], tolerance: Real) -> Vec<u32> {
    // Half coordinates in f64: their differences cannot overflow in either precision.
    let half = |p: Vec3| [wide(p.x) * 0.5, wide(p.y) * 0.5, wide(p.z) * 0.5];
    let (mut lo, mut hi) = ([f64::MAX; 3], [-f64::MAX; 3]);
    for &p in vertices {
        for (k, h) in half(p).into_iter().enumerate() {
            lo[k] = lo[k].min(h);
            hi[k] = hi[k].max(h);
        }
    }
    let extent = (0..3).map(|k| hi[k] - lo[k]).fold(0.0, f64::max);
    // At least the tolerance (in half coordinates), a little more so that rounding in the
    // division cannot put two vertices within the tolerance two cells apart; at least 2^-1000
    // of the extent so that cell numbers stay finite; never zero.
    let cell = (0.5 * wide(tolerance) * (1.0 + 1.0 / 1024.0))
        .max(extent * f64::from_bits(23 << 52)) // 2^(23 - 1023)
        .max(f64::MIN_POSITIVE);
    // Cell numbers are whole, not negative, finite floats, whose bits sort as they do.
    let cell_of = |p: Vec3| -> [u64; 3] {
        let h = half(p);
        core::array::from_fn(|k| floor_non_negative((h[k] - lo[k]) / cell).to_bits())
    };
    let mut order: Vec<([u64; 3], u32)> = vertices
        .iter()
        .enumerate()
        .map(|(i, &p)| (cell_of(p), i as u32))
        .collect();
    order.sort_unstable();
    let within = |a: Vec3, b: Vec3| {
        // Per axis first (exact), then the distance scaled by the tolerance, which cannot
        // overflow once every axis is within it.
        let d = (a - b).abs();
        d.max_element() <= tolerance && (d / tolerance).length_squared() <= 1.0
    };
    let mut first: Vec<u32> = (0..vertices.len() as u32).collect();
    for i in 0..vertices.len() {
        let p = vertices[i];
        let [x, y, z] = cell_of(p);
        let (z_below, z_above) = neighbours(z);
        let mut best = i as u32;
        let (xb, xa) = neighbours(x);
        let (yb, ya) = neighbours(y);
        for cx in [xb, x, xa] {
            for cy in [yb, y, ya] {
                // Cells (cx, cy, z_below ..= z_above) are one run of the sorted order.
                let from = ([cx, cy, z_below], 0);
                let to = [cx, cy, z_above];
                let start = order.partition_point(|entry| *entry < from);
                for &(_, j) in order[start..].iter().take_while(|(c, _)| *c <= to) {
                    if j < best && first[j as usize] == j && within(p, vertices[j as usize]) {
                        best = j;
                    }
                }
            }
        }
        first[i] = best;
    }
    first
}

/// `x` in f64 (generic, so that it is no same-type conversion in isect-f64).
fn wide<T: Into<f64>>(x: T) -> f64 {
    x.into()
}

/// The largest whole number not above `x >= 0` (no `floor` in `core`).
fn floor_non_negative(x: f64) -> f64 {
    // From 2^52 up, every f64 is whole.
    if x < 4_503_599_627_370_496.0 {
        // Below 2^52 the cast to an integer is exact (it truncates, which is floor for x >= 0).
        (x as u64) as f64
    } else {
        x
    }
}

/// The cell numbers (as bits) before and after the whole, not negative `bits`: one less and
/// one more below 2^53, the neighbouring floats above.
fn neighbours(bits: u64) -> (u64, u64) {
    let k = f64::from_bits(bits);
    if k < 9_007_199_254_740_992.0 {
        ((k - 1.0).max(0.0).to_bits(), (k + 1.0).to_bits())
    } else {
        (bits - 1, bits + 1)
    }
}
