//! Triangle meshes from files: OBJ, STL (ASCII and binary) and PLY (ASCII and binary), with the
//! `io` feature.
//!
//! isect reads the three formats itself, for their geometry only, so that every failure is a
//! [`LoadError`] that names the file and the line (text) or byte offset (binary) of the bad
//! data, in words, and so that nothing a mesh does not need (materials, texture coordinates,
//! normals, colours) can reject it. No input makes these functions panic, loop or allocate more
//! than the file's size in proportion.
//!
//! Faces with more than three corners (OBJ and PLY polygons) are split as a fan around their
//! first corner, which is right for convex polygons (the usual case) and may fold a concave one.
//!
//! **Welding.** Exporters often write a copy of each corner per face (for flat normals or
//! texture seams), which leaves a closed surface in pieces: not [solid](TriMesh::is_solid), no
//! inside. So the loaders merge vertices with identical coordinates by default
//! ([`Weld::Exact`]): this moves no vertex, keeps every triangle and its number, and is what
//! such a file means. [`LoadOptions::weld`] turns it off ([`Weld::Off`], the file's vertices
//! as they are) or widens it to a tolerance ([`Weld::Within`], for files whose copies differ in
//! the last digits); [`Loaded::merged_vertices`] says how many were merged.
//!
//! ```no_run
//! let mesh = isect::io::load("bunny.obj")?;
//! println!("{} triangles", mesh.triangle_count());
//!
//! use isect::io::{LoadOptions, Weld};
//! let loaded = isect::io::load_with("scan.ply", &LoadOptions::new().weld(Weld::Within(1e-6)))?;
//! println!("{} vertices merged", loaded.merged_vertices());
//! # Ok::<(), isect::io::LoadError>(())
//! ```

mod error;
mod obj;
mod ply;
mod stl;
mod text;

use std::fs;
use std::path::Path;
use std::vec::Vec;

pub use error::{LoadError, LoadErrorKind, Location, Note};
pub use obj::read_obj;
pub use ply::read_ply;
pub use stl::read_stl;

use crate::TriMesh;
pub use crate::Weld;
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

    /// The format a file's content shows, or `None`: PLY by its first line `ply`, STL by its
    /// size (binary: 84 bytes and 50 per announced triangle) or its first word `solid`
    /// (ASCII), OBJ by a first statement (after comments and blank lines) that is an OBJ
    /// keyword (`v`, `vt`, `vn`, `f`, `o`, `g`, `s`, `mtllib`, `usemtl`).
    #[must_use]
    pub fn sniff(bytes: &[u8]) -> Option<Self> {
        if bytes.starts_with(b"ply\n") || bytes.starts_with(b"ply\r\n") {
            return Some(Self::Ply);
        }
        if stl::sized_as_binary(bytes) || stl::is_ascii(bytes) {
            return Some(Self::Stl);
        }
        let first = text::lines(bytes.get(..1 << 16).unwrap_or(bytes), 1)
            .map(|(_, line)| line.split(|&b| b == b'#').next().unwrap_or_default())
            .find_map(|line| text::words(line).next())?;
        const OBJ: [&[u8]; 9] = [
            b"v", b"vt", b"vn", b"f", b"o", b"g", b"s", b"mtllib", b"usemtl",
        ];
        OBJ.contains(&first).then_some(Self::Obj)
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

/// How [`load_with`] and [`read_with`] read a file: its format (by default from the extension,
/// or from the content for a file without one) and how its vertices are welded (by default
/// [`Weld::Exact`]).
#[derive(Clone, Copy, Debug, PartialEq, Default)]
#[non_exhaustive]
pub struct LoadOptions {
    /// The format, whatever the extension says; `None` to take it from the extension, or from
    /// the content when there is none.
    pub format: Option<Format>,
    /// How vertices are merged.
    pub weld: Weld,
}

impl LoadOptions {
    /// The defaults: the format from the file, [`Weld::Exact`].
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// These options, reading `format`.
    #[must_use]
    pub fn format(mut self, format: Format) -> Self {
        self.format = Some(format);
        self
    }

    /// These options, welding as `weld` says.
    #[must_use]
    pub fn weld(mut self, weld: Weld) -> Self {
        self.weld = weld;
        self
    }
}

/// A loaded mesh and what the loader can say about the file.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Loaded {
    /// The mesh.
    pub mesh: TriMesh,
    /// The format it was read as.
    pub format: Format,
    /// Vertices in the file before welding (for STL, which has no shared vertices, three per
    /// triangle).
    pub file_vertices: usize,
    /// What was accepted but may surprise: skipped lines, a missing end marker.
    pub notes: Vec<Note>,
}

impl Loaded {
    /// How many of the file's vertices welding merged into others.
    #[must_use]
    pub fn merged_vertices(&self) -> usize {
        self.file_vertices - self.mesh.vertices().len()
    }
}

/// Loads the mesh in the file at `path`, in the format its extension names (`.obj`, `.stl`,
/// `.ply`) or, for a file without an extension, its content shows; identical vertices welded.
///
/// # Errors
/// [`LoadErrorKind::UnknownFormat`] for another extension or unrecognised content; otherwise
/// as [`load_obj`], [`load_stl`] and [`load_ply`].
pub fn load(path: impl AsRef<Path>) -> Result<TriMesh, LoadError> {
    load_with(path, &LoadOptions::new()).map(|loaded| loaded.mesh)
}

/// Loads the mesh in the file at `path` as `format`, whatever its extension.
///
/// # Errors
/// As [`load_obj`], [`load_stl`] and [`load_ply`].
pub fn load_as(path: impl AsRef<Path>, format: Format) -> Result<TriMesh, LoadError> {
    load_with(path, &LoadOptions::new().format(format)).map(|loaded| loaded.mesh)
}

/// Loads the mesh in the file at `path` as `options` say, with the number of vertices merged
/// and the loader's notes.
///
/// # Errors
/// As [`load`], and [`MeshError::InvalidTolerance`] (in [`LoadErrorKind::Mesh`]) for a NaN,
/// infinite or negative [`Weld::Within`].
pub fn load_with(path: impl AsRef<Path>, options: &LoadOptions) -> Result<Loaded, LoadError> {
    let path = path.as_ref();
    let format = match (options.format, Format::from_path(path)) {
        (Some(format), _) | (None, Some(format)) => Some(format),
        (None, None) => match path.extension() {
            Some(ext) => {
                return Err(LoadError::new(LoadErrorKind::UnknownFormat)
                    .with_detail(std::format!(
                        "the extension `.{}` is none of obj, stl, ply",
                        ext.to_string_lossy()
                    ))
                    .in_file(path));
            }
            None => None,
        },
    };
    let bytes = fs::read(path).map_err(|e| LoadError::from(e).in_file(path))?;
    let options = LoadOptions {
        format,
        weld: options.weld,
    };
    read_with(&bytes, &options).map_err(|e| e.in_file(path))
}

/// Loads a Wavefront OBJ file: the positions of its `v` lines and the faces of its `f` lines,
/// every object and group in one mesh; identical vertices welded.
///
/// # Errors
/// A [`LoadError`] naming the file and, for bad data, the line: unreadable file, a coordinate
/// or face corner that is not a number, NaN or infinite vertex, face index naming no vertex, a
/// face of fewer than three corners, no faces.
pub fn load_obj(path: impl AsRef<Path>) -> Result<TriMesh, LoadError> {
    load_as(path, Format::Obj)
}

/// Loads an STL file, ASCII or binary (see [`read_stl`] for how they are told apart), every
/// solid of an ASCII file in one mesh; identical corners welded, so that a closed STL surface
/// loads as a solid.
///
/// # Errors
/// A [`LoadError`] naming the file and the line (ASCII) or byte offset (binary): unreadable
/// file, a line out of the format's order, a bad number, a facet of other than three vertices,
/// a facet cut short, a binary file whose size does not match its triangle count
/// ([`LoadErrorKind::CountMismatch`], with both numbers), NaN or infinite vertex, no
/// triangles.
pub fn load_stl(path: impl AsRef<Path>) -> Result<TriMesh, LoadError> {
    load_as(path, Format::Stl)
}

/// Loads a PLY file (ASCII, binary little or big endian): the `x`, `y`, `z` properties of its
/// `vertex` element and the `vertex_indices` (or `vertex_index`) list of its `face` element;
/// identical vertices welded.
///
/// # Errors
/// A [`LoadError`] naming the file and the line (ASCII) or byte offset (binary): unreadable
/// file, bad header, a value that is not a number, data cut short, missing properties, NaN or
/// infinite vertex, index out of range, no faces.
pub fn load_ply(path: impl AsRef<Path>) -> Result<TriMesh, LoadError> {
    load_as(path, Format::Ply)
}

/// Reads a mesh of `format` from bytes in memory, identical vertices welded. The errors name no
/// file.
///
/// # Errors
/// As [`load_obj`], [`load_stl`] and [`load_ply`].
pub fn read_as(bytes: &[u8], format: Format) -> Result<TriMesh, LoadError> {
    read_with(bytes, &LoadOptions::new().format(format)).map(|loaded| loaded.mesh)
}

/// Reads a mesh from bytes in memory as `options` say (without a format, the content decides).
/// The errors name no file.
///
/// # Errors
/// As [`load_with`].
pub fn read_with(bytes: &[u8], options: &LoadOptions) -> Result<Loaded, LoadError> {
    if let Weld::Within(tolerance) = options.weld {
        if !(tolerance.is_finite() && tolerance >= 0.0) {
            return Err(MeshError::InvalidTolerance.into());
        }
    }
    let format = match options.format.or_else(|| Format::sniff(bytes)) {
        Some(format) => format,
        None => {
            return Err(LoadError::new(LoadErrorKind::UnknownFormat)
                .with_detail("the file has no extension and its content is none of them"));
        }
    };
    let parsed = match format {
        Format::Obj => obj::parse(bytes),
        Format::Stl => stl::parse(bytes),
        Format::Ply => ply::parse(bytes),
    }?;
    finish(parsed, options.weld, format)
}

/// What a parser found: finite vertices, triangles whose indices name them, and notes.
struct Parsed {
    vertices: Vec<Vec3>,
    triangles: Vec<[u32; 3]>,
    notes: Vec<Note>,
}

impl Parsed {
    fn with_capacity(vertices: usize, triangles: usize) -> Self {
        Self {
            vertices: Vec::with_capacity(vertices),
            triangles: Vec::with_capacity(triangles),
            notes: Vec::new(),
        }
    }

    /// Adds a vertex read at `at`, or the error for a NaN or infinite one.
    fn vertex(&mut self, p: Vec3, at: Location) -> Result<u32, LoadError> {
        let vertex = self.vertices.len();
        if !p.is_finite() {
            return Err(LoadError::from(MeshError::NonFiniteVertex { vertex }).at(at));
        }
        let index = u32::try_from(vertex).map_err(|_| LoadError::from(MeshError::TooLarge))?;
        self.vertices.push(p);
        Ok(index)
    }
}

/// Welds the parsed mesh and builds it (the parsers checked what [`TriMesh::new`] checks, with
/// the place in the file).
fn finish(parsed: Parsed, weld: Weld, format: Format) -> Result<Loaded, LoadError> {
    let file_vertices = parsed.vertices.len();
    let (vertices, index) = crate::weld::weld_vertices(&parsed.vertices, weld)?;
    let mut triangles = parsed.triangles;
    for corner in triangles.iter_mut().flatten() {
        *corner = index[*corner as usize];
    }
    Ok(Loaded {
        mesh: TriMesh::new(vertices, triangles)?,
        format,
        file_vertices,
        notes: parsed.notes,
    })
}

/// `x` rounded to `Real`.
fn real(x: impl Into<f64>) -> Real {
    crate::math::from_f64(x.into())
}

/// Splits a polygon into a fan of triangles around its first corner.
fn fan(corners: &[u32], triangles: &mut Vec<[u32; 3]>) {
    if let Some((&first, rest)) = corners.split_first() {
        for pair in rest.windows(2) {
            triangles.push([first, pair[0], pair[1]]);
        }
    }
}
