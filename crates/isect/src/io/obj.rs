//! Wavefront OBJ: the geometry of `v` and `f` lines.
//!
//! `v x y z [w | r g b]` (the first three numbers are the position), `f` with corners `v`,
//! `v/vt`, `v//vn` or `v/vt/vn` (indices from 1, negative ones counting back from the last
//! vertex read), polygons split as fans, `#` comments and `\` line continuations. Every other
//! line (texture coordinates, normals, groups, objects, smoothing, materials and their
//! libraries, curves) says nothing about the surface and is skipped unread, so a bad material
//! never rejects a mesh. `l` (polyline) and `p` (point) elements have no area: they make no
//! triangles, and are counted in a note.

use std::borrow::Cow;
use std::io::BufRead;
use std::string::String;
use std::vec::Vec;

use super::text::{coordinate, integer, is, lines, show, words};
use super::{LoadError, Location, Note, Parsed, fan};
use crate::TriMesh;
use crate::error::MeshError;
use crate::math::Vec3;

/// Reads a Wavefront OBJ mesh from `reader` (see [`super::load_obj`]), welding identical
/// vertices.
///
/// # Errors
/// As [`super::load_obj`], without a file name.
pub fn read_obj(mut reader: impl BufRead) -> Result<TriMesh, LoadError> {
    let mut bytes = Vec::new();
    reader.read_to_end(&mut bytes)?;
    super::finish(parse(&bytes)?, crate::Weld::Exact, super::Format::Obj).map(|loaded| loaded.mesh)
}

/// The text as UTF-8 (or any ASCII-compatible encoding): UTF-16 with a byte order mark is
/// decoded, a UTF-8 byte order mark dropped. Other bytes are kept as they are; only the
/// keywords and numbers, which are ASCII, are read.
fn decode(bytes: &[u8]) -> Result<Cow<'_, [u8]>, LoadError> {
    let utf16 = match bytes {
        [0xFE, 0xFF, rest @ ..] => Some((rest, u16::from_be_bytes as fn([u8; 2]) -> u16)),
        [0xFF, 0xFE, rest @ ..] => Some((rest, u16::from_le_bytes as fn([u8; 2]) -> u16)),
        _ => None,
    };
    let Some((rest, unit)) = utf16 else {
        let text = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        if let Some(at) = text.iter().position(|&b| b == 0) {
            let at = at + bytes.len() - text.len();
            return Err(
                LoadError::syntax("a NUL byte: this is not an OBJ text file")
                    .at(Location::Byte(at as u64)),
            );
        }
        return Ok(Cow::Borrowed(text));
    };
    let units = rest.chunks_exact(2).map(|pair| unit([pair[0], pair[1]]));
    let mut text = String::with_capacity(rest.len() / 2);
    for (i, c) in char::decode_utf16(units).enumerate() {
        let c = c.map_err(|_| {
            LoadError::syntax("invalid UTF-16 (the file starts with a UTF-16 byte order mark)")
                .at(Location::Byte(2 + 2 * i as u64))
        })?;
        text.push(c);
    }
    Ok(Cow::Owned(text.into_bytes()))
}

/// The logical lines: `\` at the end of a line joins the next one to it; `#` starts a comment.
/// Each comes with the number of its first physical line.
fn logical_lines(text: &[u8]) -> Vec<(usize, Cow<'_, [u8]>)> {
    let mut out: Vec<(usize, Cow<'_, [u8]>)> = Vec::new();
    let mut open = false;
    for (n, line) in lines(text, 1) {
        let line = line.trim_ascii_end();
        let (line, continues) = match line.strip_suffix(b"\\") {
            Some(head) => (head, true),
            None => (line, false),
        };
        match out.last_mut() {
            Some((_, joined)) if open => {
                let joined = joined.to_mut();
                joined.push(b' ');
                joined.extend_from_slice(line);
            }
            _ => out.push((n, Cow::Borrowed(line))),
        }
        open = continues;
    }
    for (_, line) in &mut out {
        if let Some(hash) = line.iter().position(|&b| b == b'#') {
            match line {
                Cow::Borrowed(b) => *b = &b[..hash],
                Cow::Owned(v) => v.truncate(hash),
            }
        }
    }
    out
}

pub(super) fn parse(bytes: &[u8]) -> Result<Parsed, LoadError> {
    let text = decode(bytes)?;
    let lines = logical_lines(&text);
    // Faces may name vertices defined after them (positive indices), so the count comes first.
    let count = lines
        .iter()
        .filter(|(_, line)| words(line).next() == Some(b"v"))
        .count();
    let mut parsed = Parsed::with_capacity(count, 0);
    let (mut polylines, mut points) = (0usize, 0usize);
    let mut corners = Vec::new();
    for (n, line) in lines {
        let at = Location::Line(n);
        let mut tokens = words(&line);
        let Some(keyword) = tokens.next() else {
            continue;
        };
        match keyword {
            b"v" => {
                let xyz: Vec<_> = tokens.map(|w| coordinate(w, n)).collect::<Result<_, _>>()?;
                if xyz.len() < 3 {
                    return Err(LoadError::syntax(std::format!(
                        "a vertex needs three coordinates, this one has {}",
                        xyz.len()
                    ))
                    .at(at));
                }
                parsed.vertex(Vec3::new(xyz[0], xyz[1], xyz[2]), at)?;
            }
            b"f" => {
                corners.clear();
                for token in tokens {
                    corners.push(corner(token, parsed.vertices.len(), count, n)?);
                }
                if corners.len() < 3 {
                    return Err(LoadError::syntax(std::format!(
                        "a face needs at least three corners, this one has {}",
                        corners.len()
                    ))
                    .at(at));
                }
                fan(&corners, &mut parsed.triangles);
            }
            _ if is(keyword, "l") => polylines += 1,
            _ if is(keyword, "p") => points += 1,
            _ => {}
        }
    }
    let skipped = match (polylines, points) {
        (0, 0) => None,
        (l, 0) => Some(std::format!("{l} `l` (polyline) lines")),
        (0, p) => Some(std::format!("{p} `p` (point) lines")),
        (l, p) => Some(std::format!("{l} `l` (polyline) and {p} `p` (point) lines")),
    };
    if parsed.triangles.is_empty() {
        let detail = match skipped {
            Some(skipped) => {
                std::format!("it has no `f` (face) lines, only {skipped}, which have no area")
            }
            None if count > 0 => std::format!("it has {count} vertices but no `f` (face) lines"),
            None => String::from("it has no `v` (vertex) or `f` (face) lines"),
        };
        return Err(LoadError::from(MeshError::Empty).with_detail(detail));
    }
    if let Some(skipped) = skipped {
        let message = std::format!("skipped {skipped}: they have no area");
        parsed.notes.push(Note::new(None, message));
    }
    Ok(parsed)
}

/// Reads a corner `v`, `v/vt`, `v//vn` or `v/vt/vn` on line `line` as a vertex index from 0,
/// with `read` vertices read so far and `count` in the file.
fn corner(token: &[u8], read: usize, count: usize, line: usize) -> Result<u32, LoadError> {
    let at = Location::Line(line);
    let bad = || {
        LoadError::syntax(std::format!(
            "`{}` is not a face corner (`v`, `v/vt`, `v//vn` or `v/vt/vn`, with integers)",
            show(token)
        ))
        .at(at)
    };
    let mut parts = token.split(|&b| b == b'/');
    let index = parts.next().and_then(integer).ok_or_else(bad)?;
    let mut others = 0;
    for part in parts {
        others += 1;
        if others > 2 || !(part.is_empty() || integer(part).is_some()) {
            return Err(bad());
        }
    }
    // Counted back from the last vertex read, or forward from the first.
    let resolved = if index < 0 {
        (read as i128) + i128::from(index)
    } else {
        i128::from(index) - 1
    };
    if index == 0 {
        return Err(LoadError::syntax("face index 0: OBJ counts vertices from 1").at(at));
    }
    if index < 0 && resolved < 0 {
        return Err(LoadError::syntax(std::format!(
            "face index {index} counts back past the first vertex ({read} read so far)"
        ))
        .at(at));
    }
    if resolved >= count as i128 {
        return Err(LoadError::syntax(std::format!(
            "face index {index} names no vertex (the file has {count})"
        ))
        .at(at));
    }
    // Below `count`, which `Parsed::vertex` keeps within u32.
    u32::try_from(resolved).map_err(|_| LoadError::from(MeshError::TooLarge).at(at))
}
