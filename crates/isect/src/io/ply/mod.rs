//! PLY, ASCII and binary (little or big endian).
//!
//! The header (`ply`, `format`, `element`, `property`, `comment`, `obj_info`, `end_header`)
//! declares elements and their properties; the mesh is the `x`, `y`, `z` of the `vertex`
//! element and the `vertex_indices` (or `vertex_index`) list of the `face` element. Every other
//! element and property is read past. Header lines with another keyword (some exporters write
//! a comment without `comment`) are skipped with a note.

use std::io::Read;
use std::string::String;
use std::vec::Vec;

mod data;
mod header;

use super::{LoadError, LoadErrorKind, Location, Parsed};
use crate::TriMesh;
use crate::error::MeshError;
use data::Data;
use header::{Encoding, Role, header};

/// Reads a PLY mesh from `reader` (see [`super::load_ply`]), welding identical vertices.
///
/// # Errors
/// As [`super::load_ply`], without a file name.
pub fn read_ply(mut reader: impl Read) -> Result<TriMesh, LoadError> {
    let mut bytes = Vec::new();
    reader.read_to_end(&mut bytes)?;
    super::finish(parse(&bytes)?, crate::Weld::Exact, super::Format::Ply).map(|loaded| loaded.mesh)
}

pub(super) fn parse(bytes: &[u8]) -> Result<Parsed, LoadError> {
    if bytes.is_empty() {
        return Err(LoadError::new(LoadErrorKind::Truncated)
            .at(Location::Byte(0))
            .with_detail("the file is empty"));
    }
    let mut notes = Vec::new();
    let header = header(bytes, &mut notes)?;
    let element = |name: &[u8]| header.elements.iter().find(|e| e.name == name);
    let Some(vertex) = element(b"vertex") else {
        return Err(LoadError::new(LoadErrorKind::Missing(
            "the `vertex` element".into(),
        )));
    };
    for (axis, name) in ["x", "y", "z"].iter().enumerate() {
        if !vertex
            .properties
            .iter()
            .any(|p| p.role == Role::Coordinate(axis))
        {
            return Err(LoadError::new(LoadErrorKind::Missing(std::format!(
                "the vertex property `{name}`"
            ))));
        }
    }
    let face = element(b"face");
    if !face.is_some_and(|f| f.properties.iter().any(|p| p.role == Role::Corners)) {
        let detail = match face {
            None => std::format!(
                "the file has {} vertices and no faces: a point cloud has no triangles",
                vertex.count
            ),
            Some(_) => String::from("the `face` element has no `vertex_indices` list"),
        };
        return Err(LoadError::new(LoadErrorKind::Missing(
            "a `face` element with a `vertex_indices` list".into(),
        ))
        .with_detail(detail));
    }
    let mut parsed = Parsed::with_capacity(0, 0);
    parsed.notes = notes;
    let mut reader = Data {
        bytes,
        header: &header,
        vertex_count: vertex.count,
        parsed,
    };
    match header.encoding {
        Encoding::Ascii => reader.ascii()?,
        Encoding::Little | Encoding::Big => reader.binary(header.encoding == Encoding::Big)?,
    }
    let parsed = reader.parsed;
    if parsed.triangles.is_empty() {
        return Err(LoadError::from(MeshError::Empty).with_detail("the `face` element is empty"));
    }
    Ok(parsed)
}
