//! PLY, ASCII and binary, through ply-rs-bw, with isect's checks by line or byte offset.

use std::io::{BufReader, Read};
use std::string::String;
use std::vec::Vec;

use ply_rs_bw::parser::{Parser, Reader};
use ply_rs_bw::ply::{DefaultElement, ElementDef, Encoding, Property, PropertyType, ScalarType};

use super::{LoadError, LoadErrorKind, Location, fan, finish, real};
use crate::TriMesh;
use crate::math::Vec3;

/// Reads a PLY mesh from `reader` (see [`super::load_ply`]). Faces with more than three
/// corners are split as a fan.
///
/// # Errors
/// As [`super::load_ply`], without a file name.
pub fn read_ply(reader: impl Read) -> Result<TriMesh, LoadError> {
    let mut bytes = Vec::new();
    BufReader::new(reader).read_to_end(&mut bytes)?;
    let parser = Parser::<DefaultElement>::new();
    let mut reader = Reader::new(&bytes[..]);
    let header = parser.read_header(&mut reader).map_err(parse_error)?;
    let payload = parser.read_payload(&mut reader, &header).map_err(|e| {
        if header.encoding == Encoding::Ascii {
            parse_error(e)
        } else {
            // The parser counts lines in binary data too; a byte offset is what helps there,
            // and the one known is where the data stops.
            let truncated = e.kind() == std::io::ErrorKind::UnexpectedEof;
            parse_error(e).relocated(truncated.then_some(Location::Byte(bytes.len() as u64)))
        }
    })?;

    let vertex_def = header
        .elements
        .get("vertex")
        .ok_or_else(|| LoadError::new(LoadErrorKind::Missing("the `vertex` element".into())))?;
    for axis in ["x", "y", "z"] {
        if !vertex_def.properties.contains_key(axis) {
            return Err(LoadError::new(LoadErrorKind::Missing(std::format!(
                "the vertex property `{axis}`"
            ))));
        }
    }
    let list_name = header.elements.get("face").and_then(|face| {
        ["vertex_indices", "vertex_index"]
            .into_iter()
            .find(|name| face.properties.contains_key(*name))
    });
    let Some(list_name) = list_name else {
        return Err(LoadError::new(LoadErrorKind::Missing(
            "a `face` element with a `vertex_indices` list".into(),
        )));
    };

    let header_len = header_length(&bytes);
    let header_lines = bytes[..header_len].iter().filter(|&&b| b == b'\n').count();
    let vertex_at = |k: usize| locate(&header, header_len, header_lines, "vertex", k);
    let mut vertices = Vec::new();
    for (k, element) in payload.get("vertex").into_iter().flatten().enumerate() {
        let mut p = [0.0; 3];
        for (slot, axis) in p.iter_mut().zip(["x", "y", "z"]) {
            *slot = element.get(axis).and_then(scalar).ok_or_else(|| {
                LoadError::syntax(std::format!("vertex property `{axis}` is not a number"))
                    .at(vertex_at(k))
            })?;
        }
        vertices.push(Vec3::new(real(p[0]), real(p[1]), real(p[2])));
    }
    let mut triangles = Vec::new();
    let mut corners = Vec::new();
    for (k, element) in payload.get("face").into_iter().flatten().enumerate() {
        let face_at = || locate(&header, header_len, header_lines, "face", k);
        let list = element.get(list_name).and_then(list).ok_or_else(|| {
            LoadError::syntax("the face's vertex list is not a list of integers").at(face_at())
        })?;
        corners.clear();
        for index in list {
            let index = u32::try_from(index)
                .ok()
                .filter(|&i| (i as usize) < vertices.len())
                .ok_or_else(|| {
                    LoadError::syntax(std::format!(
                        "face {k} refers to vertex {index} (from 0), but there are only {} vertices",
                        vertices.len()
                    ))
                    .at(face_at())
                })?;
            corners.push(index);
        }
        if corners.len() < 3 {
            return Err(LoadError::syntax("a face needs at least three corners").at(face_at()));
        }
        fan(&corners, &mut triangles);
    }
    finish(vertices, triangles, vertex_at, |_| None)
}

fn parse_error(e: ply_rs_bw::parser::ParseError) -> LoadError {
    let line = e.line();
    let error = if e.kind() == std::io::ErrorKind::UnexpectedEof {
        LoadError::new(LoadErrorKind::Truncated)
    } else {
        let message = std::format!("{e}");
        // The parser puts "Line n: " in front; the location says it already.
        let message = match (line, message.split_once(": ")) {
            (Some(_), Some((head, rest))) if head.starts_with("Line ") => String::from(rest),
            _ => message,
        };
        LoadError::syntax(message)
    };
    error.at(line.map(Location::Line))
}

/// Bytes up to and including the `end_header` line.
fn header_length(bytes: &[u8]) -> usize {
    let marker = b"end_header";
    bytes
        .windows(marker.len())
        .position(|w| w == marker)
        .map_or(0, |start| {
            let rest = &bytes[start..];
            start
                + rest
                    .iter()
                    .position(|&b| b == b'\n')
                    .map_or(rest.len(), |n| n + 1)
        })
}

/// Where element `k` of `name` starts: its line in an ASCII file, its byte offset in a binary
/// one when every element before it has a fixed size.
fn locate(
    header: &ply_rs_bw::ply::Header,
    header_len: usize,
    header_lines: usize,
    name: &str,
    k: usize,
) -> Option<Location> {
    match header.encoding {
        Encoding::Ascii => {
            let mut line = header_lines;
            for def in header.elements.values() {
                if def.name == name {
                    return Some(Location::Line(line + k + 1));
                }
                line += def.count;
            }
            None
        }
        _ => {
            let mut offset = header_len;
            for def in header.elements.values() {
                let size = element_size(def)?;
                if def.name == name {
                    return Some(Location::Byte((offset + k * size) as u64));
                }
                offset += def.count * size;
            }
            None
        }
    }
}

/// Bytes of one binary element, `None` when it has a list (of varying length).
fn element_size(def: &ElementDef) -> Option<usize> {
    def.properties
        .values()
        .map(|p| match &p.data_type {
            PropertyType::Scalar(t) => Some(scalar_size(t)),
            PropertyType::List(..) => None,
        })
        .sum()
}

fn scalar_size(t: &ScalarType) -> usize {
    match t {
        ScalarType::Char | ScalarType::UChar => 1,
        ScalarType::Short | ScalarType::UShort => 2,
        ScalarType::Int | ScalarType::UInt | ScalarType::Float => 4,
        ScalarType::Double => 8,
    }
}

fn scalar(p: &Property) -> Option<f64> {
    Some(match *p {
        Property::Char(x) => x.into(),
        Property::UChar(x) => x.into(),
        Property::Short(x) => x.into(),
        Property::UShort(x) => x.into(),
        Property::Int(x) => x.into(),
        Property::UInt(x) => x.into(),
        Property::Float(x) => x.into(),
        Property::Double(x) => x,
        _ => return None,
    })
}

fn list(p: &Property) -> Option<Vec<i64>> {
    fn to<T: Copy + Into<i64>>(v: &[T]) -> Vec<i64> {
        v.iter().map(|&x| x.into()).collect()
    }
    Some(match p {
        Property::ListChar(v) => to(v),
        Property::ListUChar(v) => to(v),
        Property::ListShort(v) => to(v),
        Property::ListUShort(v) => to(v),
        Property::ListInt(v) => to(v),
        Property::ListUInt(v) => to(v),
        _ => return None,
    })
}
