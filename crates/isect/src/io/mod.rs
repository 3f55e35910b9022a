//! Triangle meshes from files: OBJ, STL (ASCII and binary) and PLY (ASCII and binary), with the
//! `io` feature.
//!
//! The formats are parsed by [tobj], [stl_io] and [ply-rs-bw]; isect adds the checks a mesh
//! needs and those crates leave out: finite coordinates, vertex indices in range, truncated
//! binary files and files without triangles. Every failure is a [`LoadError`] that names the
//! file and, where it is known, the line (text formats) or byte offset (binary formats) of the
//! bad data; no input makes these functions panic.
//!
//! Faces with more than three corners (OBJ and PLY polygons) are split as a fan around their
//! first corner, which is right for convex polygons (the usual case) and may fold a concave one.
//!
//! ```no_run
//! let mesh = isect::io::load("bunny.obj")?;
//! println!("{} triangles", mesh.triangle_count());
//! # Ok::<(), isect::io::LoadError>(())
//! ```
//!
//! [tobj]: https://docs.rs/tobj
//! [stl_io]: https://docs.rs/stl_io
//! [ply-rs-bw]: https://docs.rs/ply-rs-bw

mod error;
mod obj;
mod ply;
mod stl;

use std::fs;
use std::io::Cursor;
use std::path::Path;
use std::vec::Vec;

pub use error::{LoadError, LoadErrorKind, Location};
pub use obj::read_obj;
pub use ply::read_ply;
pub use stl::read_stl;

use crate::TriMesh;
use crate::error::MeshError;
use crate::math::{Real, Vec3};

/// A mesh file format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// Wavefront OBJ (text).
    Obj,
    /// STL, ASCII or binary (told apart by the content).
    Stl,
    /// PLY, ASCII or binary (named in its header).
    Ply,
}

impl Format {
    /// The format named by a file's extension (`obj`, `stl`, `ply`, in any case), or `None`.
    #[must_use]
    pub fn from_path(path: impl AsRef<Path>) -> Option<Self> {
        let ext = path.as_ref().extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "obj" => Some(Self::Obj),
            "stl" => Some(Self::Stl),
            "ply" => Some(Self::Ply),
            _ => None,
        }
    }
}

impl core::fmt::Display for Format {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            Self::Obj => "OBJ",
            Self::Stl => "STL",
            Self::Ply => "PLY",
        })
    }
}

/// Loads the mesh in the file at `path`, in the format its extension names (`.obj`, `.stl`,
/// `.ply`).
///
/// # Errors
/// [`LoadErrorKind::UnknownFormat`] for another extension; otherwise as [`load_obj`],
/// [`load_stl`] and [`load_ply`].
pub fn load(path: impl AsRef<Path>) -> Result<TriMesh, LoadError> {
    let path = path.as_ref();
    match Format::from_path(path) {
        Some(format) => load_as(path, format),
        None => Err(LoadError::new(LoadErrorKind::UnknownFormat).in_file(path)),
    }
}

/// Loads the mesh in the file at `path` as `format`, whatever its extension.
///
/// # Errors
/// As [`load_obj`], [`load_stl`] and [`load_ply`].
pub fn load_as(path: impl AsRef<Path>, format: Format) -> Result<TriMesh, LoadError> {
    let path = path.as_ref();
    let bytes = fs::read(path).map_err(|e| LoadError::from(e).in_file(path))?;
    read_as(&bytes, format).map_err(|e| e.in_file(path))
}

/// Loads a Wavefront OBJ file: its `v` and `f` lines, every object and group in one mesh
/// (materials, normals and texture coordinates are ignored; vertices are not shared between
/// objects).
///
/// # Errors
/// A [`LoadError`] naming the file and line: unreadable file, bad number or face, NaN or
/// infinite vertex, face index out of range, no triangles.
pub fn load_obj(path: impl AsRef<Path>) -> Result<TriMesh, LoadError> {
    load_as(path, Format::Obj)
}

/// Loads an STL file, ASCII or binary. Corners with identical coordinates become one vertex,
/// so a closed STL surface loads as a closed mesh.
///
/// # Errors
/// A [`LoadError`] naming the file and the line (ASCII) or byte offset (binary): unreadable
/// file, bad syntax, a binary file shorter than its triangle count says, NaN or infinite vertex,
/// no triangles.
pub fn load_stl(path: impl AsRef<Path>) -> Result<TriMesh, LoadError> {
    load_as(path, Format::Stl)
}

/// Loads a PLY file (ASCII, binary little or big endian): the `x`, `y`, `z` properties of its
/// `vertex` element and the `vertex_indices` (or `vertex_index`) list of its `face` element.
///
/// # Errors
/// A [`LoadError`] naming the file and the line (ASCII) or byte offset (binary) where known:
/// unreadable file, bad header or data, truncated data, missing properties, NaN or infinite
/// vertex, index out of range, no triangles.
pub fn load_ply(path: impl AsRef<Path>) -> Result<TriMesh, LoadError> {
    load_as(path, Format::Ply)
}

/// Reads a mesh of `format` from bytes in memory. The errors name no file.
///
/// # Errors
/// As [`load_obj`], [`load_stl`] and [`load_ply`].
pub fn read_as(bytes: &[u8], format: Format) -> Result<TriMesh, LoadError> {
    match format {
        Format::Obj => read_obj(Cursor::new(bytes)),
        Format::Stl => read_stl(Cursor::new(bytes)),
        Format::Ply => read_ply(Cursor::new(bytes)),
    }
}

/// `x` as `Real` (the parsers give f32 or f64 depending on their features).
#[allow(clippy::unnecessary_cast)]
fn real(x: impl Into<f64>) -> Real {
    x.into() as Real
}

/// isect's checks of the parsed data, then the mesh: `vertex_at` and `triangle_at` say where in
/// the file a vertex or triangle came from.
fn finish(
    vertices: Vec<Vec3>,
    triangles: Vec<[u32; 3]>,
    vertex_at: impl Fn(usize) -> Option<Location>,
    triangle_at: impl Fn(usize) -> Option<Location>,
) -> Result<TriMesh, LoadError> {
    if triangles.is_empty() {
        return Err(MeshError::Empty.into());
    }
    if let Some(vertex) = vertices.iter().position(|v| !v.is_finite()) {
        return Err(LoadError::from(MeshError::NonFiniteVertex { vertex }).at(vertex_at(vertex)));
    }
    let vertex_count = vertices.len();
    for (triangle, tri) in triangles.iter().enumerate() {
        if let Some(&index) = tri.iter().find(|&&i| i as usize >= vertex_count) {
            let e = MeshError::IndexOutOfRange {
                triangle,
                index,
                vertex_count,
            };
            return Err(LoadError::from(e).at(triangle_at(triangle)));
        }
    }
    Ok(TriMesh::new(vertices, triangles)?)
}

/// Splits a polygon into a fan of triangles around its first corner.
fn fan(corners: &[u32], triangles: &mut Vec<[u32; 3]>) {
    if let Some((&first, rest)) = corners.split_first() {
        for pair in rest.windows(2) {
            triangles.push([first, pair[0], pair[1]]);
        }
    }
}
