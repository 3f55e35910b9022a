//! STL, ASCII and binary.
//!
//! Binary: an 80-byte header of free text, a little-endian `u32` triangle count, then 50 bytes per
//! triangle (normal, three corners as `f32`, a 2-byte attribute). ASCII: `solid [name]`, then
//! per triangle `facet normal n n n`, `outer loop`, three `vertex x y z` lines, `endloop`,
//! `endfacet`, and `endsolid [name]`; one file may hold several solids. Normals are not read
//! (the corners' order gives the orientation, as every STL reader assumes).

use std::io::Read;
use std::vec::Vec;

use super::text::{coordinate, is, lines, show, words};
use super::{LoadError, LoadErrorKind, Location, Note, Parsed};
use crate::TriMesh;
use crate::error::MeshError;
use crate::math::Vec3;

/// Bytes before the first triangle of a binary STL file: an 80-byte header and the count.
const HEADER: usize = 84;
/// Bytes per triangle of a binary STL file: normal, three corners, attribute count.
const TRIANGLE: usize = 50;

/// Reads an STL mesh, ASCII or binary, from `reader` (see [`super::load_stl`]), welding
/// identical corners.
///
/// A file is binary when its size is exactly what its header's triangle count asks for (some
/// exporters start binary headers with `solid` too); otherwise ASCII when it starts with
/// `solid` and is text (the next line starts with `facet` or `endsolid`, or the first kilobyte
/// has no NUL byte); otherwise binary, whose size then does not match and is reported.
///
/// # Errors
/// As [`super::load_stl`], without a file name.
pub fn read_stl(mut reader: impl Read) -> Result<TriMesh, LoadError> {
    let mut bytes = Vec::new();
    reader.read_to_end(&mut bytes)?;
    super::finish(parse(&bytes)?, crate::Weld::Exact, super::Format::Stl).map(|loaded| loaded.mesh)
}

/// The triangle count in a binary header, if the file is long enough to have one.
fn announced(bytes: &[u8]) -> Option<u64> {
    let count = bytes.get(80..84)?;
    Some(u64::from(u32::from_le_bytes([
        count[0], count[1], count[2], count[3],
    ])))
}

/// Whether the file's size is what its binary header announces.
pub(super) fn sized_as_binary(bytes: &[u8]) -> bool {
    announced(bytes).is_some_and(|n| n * TRIANGLE as u64 + HEADER as u64 == bytes.len() as u64)
}

/// Whether the file is ASCII STL (see [`read_stl`]).
pub(super) fn is_ascii(bytes: &[u8]) -> bool {
    if sized_as_binary(bytes) {
        return false;
    }
    let start = bytes
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(bytes.len());
    // `solid` followed by white space or nothing (`solidname` is not the keyword).
    if !words(&bytes[start..])
        .next()
        .is_some_and(|w| is(w, "solid"))
    {
        return false;
    }
    let next = lines(&bytes[start..], 1)
        .skip(1)
        .find_map(|(_, line)| words(line).next());
    match next {
        Some(word) if is(word, "facet") || is(word, "endsolid") => true,
        _ => !bytes.iter().take(1024).any(|&b| b == 0),
    }
}

pub(super) fn parse(bytes: &[u8]) -> Result<Parsed, LoadError> {
    if bytes.is_empty() {
        return Err(LoadError::new(LoadErrorKind::Truncated)
            .at(Location::Byte(0))
            .with_detail("the file is empty"));
    }
    if is_ascii(bytes) {
        ascii(bytes)
    } else {
        binary(bytes)
    }
}

fn binary(bytes: &[u8]) -> Result<Parsed, LoadError> {
    let looks_ascii = bytes.trim_ascii_start().starts_with(b"solid");
    let Some(count) = announced(bytes) else {
        let e = LoadError::new(LoadErrorKind::Truncated).at(Location::Byte(bytes.len() as u64));
        return Err(e.with_detail(std::format!(
            "a binary STL file has an 84-byte header, this file has {} bytes{}",
            bytes.len(),
            if looks_ascii {
                " (and it starts with `solid` but is not ASCII STL text)"
            } else {
                ""
            }
        )));
    };
    if !sized_as_binary(bytes) {
        let e = LoadError::new(LoadErrorKind::CountMismatch {
            announced: count,
            file_bytes: bytes.len() as u64,
        })
        .at(Location::Byte(80));
        return Err(if looks_ascii {
            e.with_detail(
                "the file starts with `solid` like ASCII STL, but its next line does not start \
                 with `facet` or `endsolid`, and it holds NUL bytes: it was read as binary",
            )
        } else {
            e
        });
    }
    if count == 0 {
        return Err(LoadError::from(MeshError::Empty)
            .at(Location::Byte(80))
            .with_detail("the header announces 0 triangles"));
    }
    let mut parsed = Parsed::with_capacity(3 * count as usize, count as usize);
    for (i, record) in bytes[HEADER..].chunks_exact(TRIANGLE).enumerate() {
        let mut triangle = [0; 3];
        for (c, corner) in record[12..48].chunks_exact(12).enumerate() {
            let xyz: [f32; 3] = core::array::from_fn(|k| {
                let b = &corner[4 * k..4 * k + 4];
                f32::from_le_bytes([b[0], b[1], b[2], b[3]])
            });
            let p = Vec3::new(
                super::real(xyz[0]),
                super::real(xyz[1]),
                super::real(xyz[2]),
            );
            let at = Location::Byte((HEADER + i * TRIANGLE + 12 + 12 * c) as u64);
            triangle[c] = parsed.vertex(p, at)?;
        }
        parsed.triangles.push(triangle);
    }
    Ok(parsed)
}

/// Where the ASCII parser is: what it expects next.
#[derive(Clone, Copy, PartialEq)]
enum State {
    /// Before a `solid` line (at the start, or after an `endsolid`).
    Outside,
    /// In a solid: `facet` or `endsolid` next.
    Solid,
    /// After `facet` (at `line`): `outer loop` next.
    Facet { line: usize },
    /// In the loop with `corners` vertices read.
    Loop { line: usize, corners: usize },
    /// After `endloop`: `endfacet` next.
    EndLoop { line: usize },
}

fn ascii(bytes: &[u8]) -> Result<Parsed, LoadError> {
    let mut parsed = Parsed::with_capacity(0, 0);
    let mut state = State::Outside;
    let mut corners = [0u32; 3];
    let mut last = 1;
    for (n, line) in lines(bytes, 1) {
        let mut tokens = words(line);
        let Some(word) = tokens.next() else { continue };
        last = n;
        let at = Location::Line(n);
        let unexpected = |expected: &str| {
            LoadError::syntax(std::format!("expected {expected}, found `{}`", show(word))).at(at)
        };
        state = match state {
            State::Outside if is(word, "solid") => State::Solid,
            State::Outside => return Err(unexpected("`solid`")),
            State::Solid if is(word, "facet") => State::Facet { line: n },
            State::Solid if is(word, "endsolid") => State::Outside,
            State::Solid => return Err(unexpected("`facet` or `endsolid`")),
            State::Facet { line } if is(word, "outer") => {
                if !tokens.next().is_some_and(|w| is(w, "loop")) {
                    return Err(unexpected("`outer loop`"));
                }
                State::Loop { line, corners: 0 }
            }
            State::Facet { .. } => return Err(unexpected("`outer loop`")),
            State::Loop { line, corners: c } if is(word, "vertex") => {
                if c == 3 {
                    return Err(LoadError::syntax(std::format!(
                        "a fourth vertex in the facet that starts at line {line}; an STL facet \
                         is a triangle"
                    ))
                    .at(at));
                }
                let xyz: Vec<_> = tokens.map(|w| coordinate(w, n)).collect::<Result<_, _>>()?;
                let [x, y, z] = xyz[..] else {
                    return Err(LoadError::syntax(std::format!(
                        "a vertex has three coordinates, this one has {}",
                        xyz.len()
                    ))
                    .at(at));
                };
                corners[c] = parsed.vertex(Vec3::new(x, y, z), at)?;
                State::Loop {
                    line,
                    corners: c + 1,
                }
            }
            State::Loop { line, corners: 3 } if is(word, "endloop") => State::EndLoop { line },
            State::Loop { line, corners: c } if is(word, "endloop") => {
                return Err(LoadError::syntax(std::format!(
                    "the facet that starts at line {line} has {c} vertices; an STL facet is a \
                     triangle"
                ))
                .at(at));
            }
            State::Loop { .. } => return Err(unexpected("`vertex` or `endloop`")),
            State::EndLoop { .. } if is(word, "endfacet") => {
                parsed.triangles.push(corners);
                State::Solid
            }
            State::EndLoop { .. } => return Err(unexpected("`endfacet`")),
        };
    }
    match state {
        State::Outside => {}
        State::Solid => parsed.notes.push(Note::new(
            Some(Location::Line(last)),
            "the file ends without `endsolid` after a whole facet: read as the end of the solid",
        )),
        State::Facet { line } | State::Loop { line, .. } | State::EndLoop { line } => {
            return Err(LoadError::new(LoadErrorKind::Truncated)
                .at(Location::Line(last))
                .with_detail(std::format!(
                    "the facet that starts at line {line} is cut short"
                )));
        }
    }
    if parsed.triangles.is_empty() {
        return Err(LoadError::from(MeshError::Empty).with_detail("it has no facets"));
    }
    Ok(parsed)
}
