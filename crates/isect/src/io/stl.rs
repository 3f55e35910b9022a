//! STL, ASCII and binary, through `stl_io`, with isect's checks by line or byte offset.

use std::collections::HashMap;
use std::io::{Cursor, Read, Seek};
use std::vec::Vec;

use super::{LoadError, LoadErrorKind, Location, finish, real};
use crate::TriMesh;
use crate::math::Vec3;

/// Bytes before the first triangle of a binary STL file: an 80-byte header and the count.
const BINARY_HEADER: usize = 84;
/// Bytes per triangle of a binary STL file: normal, three corners, attribute count.
const BINARY_TRIANGLE: usize = 50;

/// Reads an STL mesh, ASCII or binary, from `reader` (see [`super::load_stl`]).
///
/// A file is read as ASCII when it starts with `solid` and its first kilobyte is plain text,
/// unless its length is exactly what a binary header's triangle count asks for: some exporters
/// start binary headers with `solid` too.
///
/// # Errors
/// As [`super::load_stl`], without a file name.
pub fn read_stl(mut reader: impl Read + Seek) -> Result<TriMesh, LoadError> {
    let mut bytes = Vec::new();
    reader.read_to_end(&mut bytes)?;
    let announced = bytes
        .get(80..84)
        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize);
    let sized_as_binary = announced.is_some_and(|count| {
        count
            .checked_mul(BINARY_TRIANGLE)
            .and_then(|b| b.checked_add(BINARY_HEADER))
            == Some(bytes.len())
    });
    // Binary data is full of bytes that ASCII STL never holds (NUL, bytes past 127).
    let looks_like_text = bytes.iter().take(1024).all(|&b| (9..128).contains(&b));
    let binary = sized_as_binary || !(bytes.starts_with(b"solid") && looks_like_text);
    if binary {
        if bytes.len() < BINARY_HEADER {
            return Err(LoadError::new(LoadErrorKind::Truncated)
                .at(Some(Location::Byte(bytes.len() as u64))));
        }
        // stl_io takes a file starting with "solid " for ASCII; the header is free text, so
        // blank it for the parser.
        bytes[..5].copy_from_slice(b"     ");
    }
    let mut cursor = Cursor::new(&bytes[..]);
    let triangles = stl_io::create_stl_reader(&mut cursor).map_err(|e| {
        LoadError::from(e).at(Some(if binary {
            Location::Byte(0)
        } else {
            Location::Line(1)
        }))
    })?;
    let text = if binary {
        None
    } else {
        Some(std::string::String::from_utf8_lossy(&bytes))
    };
    // Where in the file triangle `i`'s corner `corner` (or its start, for `corner` = None) is.
    let place = |i: usize, corner: Option<usize>| -> Option<Location> {
        match &text {
            None => Some(Location::Byte(
                (BINARY_HEADER + i * BINARY_TRIANGLE + corner.map_or(0, |c| 12 + 12 * c)) as u64,
            )),
            Some(text) => {
                let (word, nth) = match corner {
                    Some(c) => ("vertex", 3 * i + c),
                    None => ("facet", i),
                };
                let mut lines = text
                    .lines()
                    .enumerate()
                    .filter(|(_, line)| line.split_whitespace().next() == Some(word));
                match lines.nth(nth) {
                    Some((n, _)) => Some(Location::Line(n + 1)),
                    None => Some(Location::Line(text.lines().count().max(1))),
                }
            }
        }
    };
    let mut vertices = Vec::new();
    let mut corners = Vec::new();
    let mut index: HashMap<[u32; 3], u32> = HashMap::new();
    for (i, triangle) in triangles.enumerate() {
        let triangle = triangle.map_err(|e| {
            let at = place(i, None);
            let at = match (&text, at) {
                (Some(text), Some(Location::Line(line))) => {
                    Some(Location::Line(bad_number_line(text, line).unwrap_or(line)))
                }
                _ => at,
            };
            LoadError::from(e).at(at)
        })?;
        let mut tri = [0u32; 3];
        for (c, vertex) in triangle.vertices.iter().enumerate() {
            let p = Vec3::new(real(vertex[0]), real(vertex[1]), real(vertex[2]));
            if !p.is_finite() {
                let e = crate::MeshError::NonFiniteVertex { vertex: 3 * i + c };
                return Err(LoadError::from(e).at(place(i, Some(c))));
            }
            // `+ 0.0` makes -0 and +0 one vertex.
            let key = [0, 1, 2].map(|k| (vertex[k] + 0.0).to_bits());
            tri[c] = *index.entry(key).or_insert_with(|| {
                vertices.push(p);
                (vertices.len() - 1) as u32
            });
        }
        corners.push(tri);
    }
    finish(vertices, corners, |_| None, |_| None)
}

/// The first line of the facet starting at line `facet` (from 1) whose numbers do not parse as
/// finite `f32`s, the likely place of a parse error in that facet.
fn bad_number_line(text: &str, facet: usize) -> Option<usize> {
    for (n, line) in text.lines().enumerate().skip(facet - 1) {
        let mut tokens = line.split_whitespace();
        let numbers = match tokens.next() {
            Some("vertex") => tokens,
            Some("facet") => {
                tokens.next(); // "normal"
                tokens
            }
            Some("endfacet") => return None,
            _ => continue,
        };
        if numbers
            .map(str::parse::<f32>)
            .any(|x| !x.is_ok_and(f32::is_finite))
        {
            return Some(n + 1);
        }
    }
    None
}
