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

use super::text::{integer, lines, number, show, words};
use super::{LoadError, LoadErrorKind, Location, Note, Parsed, fan};
use crate::TriMesh;
use crate::error::MeshError;
use crate::math::Vec3;

/// Reads a PLY mesh from `reader` (see [`super::load_ply`]), welding identical vertices.
///
/// # Errors
/// As [`super::load_ply`], without a file name.
pub fn read_ply(mut reader: impl Read) -> Result<TriMesh, LoadError> {
    let mut bytes = Vec::new();
    reader.read_to_end(&mut bytes)?;
    super::finish(parse(&bytes)?, crate::Weld::Exact, super::Format::Ply).map(|loaded| loaded.mesh)
}

#[derive(Clone, Copy, PartialEq)]
enum Scalar {
    I8,
    U8,
    I16,
    U16,
    I32,
    U32,
    F32,
    F64,
}

impl Scalar {
    fn parse(word: &[u8]) -> Option<Self> {
        Some(match word {
            b"char" | b"int8" => Self::I8,
            b"uchar" | b"uint8" => Self::U8,
            b"short" | b"int16" => Self::I16,
            b"ushort" | b"uint16" => Self::U16,
            b"int" | b"int32" => Self::I32,
            b"uint" | b"uint32" => Self::U32,
            b"float" | b"float32" => Self::F32,
            b"double" | b"float64" => Self::F64,
            _ => return None,
        })
    }

    fn size(self) -> usize {
        match self {
            Self::I8 | Self::U8 => 1,
            Self::I16 | Self::U16 => 2,
            Self::I32 | Self::U32 | Self::F32 => 4,
            Self::F64 => 8,
        }
    }

    fn is_integer(self) -> bool {
        !matches!(self, Self::F32 | Self::F64)
    }

    /// The value at the start of `b` (at least `size()` bytes).
    fn decode(self, b: &[u8], big_endian: bool) -> f64 {
        macro_rules! read {
            ($t:ty, $n:literal) => {{
                let mut a = [0u8; $n];
                a.copy_from_slice(&b[..$n]);
                if big_endian {
                    <$t>::from_be_bytes(a).into()
                } else {
                    <$t>::from_le_bytes(a).into()
                }
            }};
        }
        match self {
            Self::I8 => read!(i8, 1),
            Self::U8 => read!(u8, 1),
            Self::I16 => read!(i16, 2),
            Self::U16 => read!(u16, 2),
            Self::I32 => read!(i32, 4),
            Self::U32 => read!(u32, 4),
            Self::F32 => read!(f32, 4),
            Self::F64 => read!(f64, 8),
        }
    }
}

enum Kind {
    Scalar(Scalar),
    List { count: Scalar, item: Scalar },
}

/// What a property is to the mesh.
#[derive(Clone, Copy, PartialEq)]
enum Role {
    Coordinate(usize),
    Corners,
    Other,
}

struct Property {
    name: Vec<u8>,
    kind: Kind,
    role: Role,
}

struct Element {
    name: Vec<u8>,
    count: u64,
    properties: Vec<Property>,
}

impl Element {
    /// Bytes per binary instance, when every property is a scalar.
    fn fixed_size(&self) -> Option<usize> {
        self.properties
            .iter()
            .map(|p| match p.kind {
                Kind::Scalar(s) => Some(s.size()),
                Kind::List { .. } => None,
            })
            .sum()
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Encoding {
    Ascii,
    Little,
    Big,
}

struct Header {
    encoding: Encoding,
    elements: Vec<Element>,
    /// Where the data starts: its byte offset and the number of its first line.
    data: usize,
    first_line: usize,
}

fn header(bytes: &[u8], notes: &mut Vec<Note>) -> Result<Header, LoadError> {
    let mut encoding = None;
    let mut elements: Vec<Element> = Vec::new();
    let mut offset = 0;
    let mut n = 0;
    while offset < bytes.len() {
        let end = bytes[offset..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(bytes.len(), |i| offset + i);
        let line = &bytes[offset..end];
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        offset = end + 1;
        n += 1;
        let at = Location::Line(n);
        if n == 1 {
            if line.trim_ascii_end() != b"ply" {
                return Err(LoadError::syntax("a PLY file starts with the line `ply`").at(at));
            }
            continue;
        }
        let mut w = words(line);
        let Some(keyword) = w.next() else { continue };
        let rest: Vec<&[u8]> = w.collect();
        let bad = |what: &str| LoadError::syntax(std::format!("{what}: `{}`", show(line))).at(at);
        match keyword {
            b"format" => {
                encoding = Some(match rest.first().copied() {
                    Some(b"ascii") => Encoding::Ascii,
                    Some(b"binary_little_endian") => Encoding::Little,
                    Some(b"binary_big_endian") => Encoding::Big,
                    _ => {
                        return Err(bad(
                            "unknown format (ascii, binary_little_endian or binary_big_endian)",
                        ));
                    }
                });
            }
            b"element" => {
                let (Some(name), Some(count)) = (rest.first(), rest.get(1)) else {
                    return Err(bad("expected `element NAME COUNT`"));
                };
                let count = integer(count)
                    .and_then(|c| u64::try_from(c).ok())
                    .ok_or_else(|| bad("the element count is not a number of 0 or more"))?;
                elements.push(Element {
                    name: name.to_vec(),
                    count,
                    properties: Vec::new(),
                });
            }
            b"property" => {
                let Some(element) = elements.last_mut() else {
                    return Err(bad("a property before any `element`"));
                };
                let scalar = |w: Option<&&[u8]>| w.and_then(|w| Scalar::parse(w));
                let (kind, name) = match rest.first().copied() {
                    Some(b"list") => {
                        match (scalar(rest.get(1)), scalar(rest.get(2)), rest.get(3)) {
                            (Some(count), Some(item), Some(name)) if count.is_integer() => {
                                (Kind::List { count, item }, name)
                            }
                            _ => {
                                return Err(bad(
                                    "expected `property list COUNT_TYPE ITEM_TYPE NAME` with an integer count type",
                                ));
                            }
                        }
                    }
                    _ => match (scalar(rest.first()), rest.get(1)) {
                        (Some(s), Some(name)) => (Kind::Scalar(s), name),
                        _ => {
                            return Err(bad(
                                "expected `property TYPE NAME` (char, uchar, short, ushort, int, uint, float, double)",
                            ));
                        }
                    },
                };
                let role = match (element.name.as_slice(), &kind, *name) {
                    (b"vertex", Kind::Scalar(_), b"x") => Role::Coordinate(0),
                    (b"vertex", Kind::Scalar(_), b"y") => Role::Coordinate(1),
                    (b"vertex", Kind::Scalar(_), b"z") => Role::Coordinate(2),
                    (b"face", Kind::List { item, .. }, b"vertex_indices" | b"vertex_index") => {
                        if !item.is_integer() {
                            return Err(bad("the face's vertex list must hold integers"));
                        }
                        Role::Corners
                    }
                    _ => Role::Other,
                };
                element.properties.push(Property {
                    name: name.to_vec(),
                    kind,
                    role,
                });
            }
            b"end_header" => {
                let encoding = encoding
                    .ok_or_else(|| LoadError::syntax("the header has no `format` line").at(at))?;
                return Ok(Header {
                    encoding,
                    elements,
                    data: offset.min(bytes.len()),
                    first_line: n + 1,
                });
            }
            b"comment" | b"obj_info" => {}
            _ => notes.push(Note::new(
                Some(at),
                std::format!("`{}` is not a PLY header line: skipped", show(line)),
            )),
        }
    }
    Err(LoadError::new(LoadErrorKind::Truncated)
        .at(Location::Byte(bytes.len() as u64))
        .with_detail("the header has no `end_header` line"))
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

/// The data section being read into the mesh.
struct Data<'a> {
    bytes: &'a [u8],
    header: &'a Header,
    /// The vertex count the header declares, which face indices must stay below.
    vertex_count: u64,
    parsed: Parsed,
}

impl Data<'_> {
    /// One element instance's values: the position of a vertex, the corners of a face.
    fn take(
        &mut self,
        element: &Element,
        k: u64,
        xyz: [f64; 3],
        corners: &[i64],
        at: Location,
    ) -> Result<(), LoadError> {
        if element.name == b"vertex" {
            let p = Vec3::new(
                super::real(xyz[0]),
                super::real(xyz[1]),
                super::real(xyz[2]),
            );
            self.parsed.vertex(p, at)?;
        } else if element.name == b"face" {
            if corners.len() < 3 {
                return Err(LoadError::syntax(std::format!(
                    "face {k} has {} corners, a face needs at least three",
                    corners.len()
                ))
                .at(at));
            }
            let mut indices = Vec::with_capacity(corners.len());
            for &i in corners {
                let index = u32::try_from(i)
                    .ok()
                    .filter(|&i| u64::from(i) < self.vertex_count)
                    .ok_or_else(|| {
                        LoadError::syntax(std::format!(
                            "face {k} refers to vertex {i} (from 0), but there are only {} vertices",
                            self.vertex_count
                        ))
                        .at(at)
                    })?;
                indices.push(index);
            }
            fan(&indices, &mut self.parsed.triangles);
        }
        Ok(())
    }

    fn ascii(&mut self) -> Result<(), LoadError> {
        let header = self.header;
        let data = &self.bytes[header.data..];
        let mut lines = lines(data, header.first_line).filter(|(_, l)| words(l).next().is_some());
        let mut corners = Vec::new();
        for element in &header.elements {
            for k in 0..element.count {
                let Some((n, line)) = lines.next() else {
                    return Err(LoadError::new(LoadErrorKind::Truncated)
                        .at(Location::Line(
                            header.first_line + data.split(|&b| b == b'\n').count() - 1,
                        ))
                        .with_detail(std::format!(
                            "{} {k} of {} is missing",
                            show(&element.name),
                            element.count
                        )));
                };
                let at = Location::Line(n);
                let mut values = words(line);
                let mut xyz = [0.0; 3];
                corners.clear();
                for property in &element.properties {
                    let mut value = |integral: bool| -> Result<f64, LoadError> {
                        let word = values.next().ok_or_else(|| {
                            LoadError::syntax(std::format!(
                                "the line ends before the {} property `{}`",
                                show(&element.name),
                                show(&property.name)
                            ))
                            .at(at)
                        })?;
                        let x = if integral {
                            integer(word).map(|i| i as f64)
                        } else {
                            number(word)
                        };
                        x.ok_or_else(|| {
                            LoadError::syntax(std::format!(
                                "`{}` is not {} (the {} property `{}`)",
                                show(word),
                                if integral { "an integer" } else { "a number" },
                                show(&element.name),
                                show(&property.name)
                            ))
                            .at(at)
                        })
                    };
                    match property.kind {
                        Kind::Scalar(s) => {
                            let x = value(s.is_integer())?;
                            if let Role::Coordinate(axis) = property.role {
                                xyz[axis] = x;
                            }
                        }
                        Kind::List { .. } => {
                            let count = value(true)?;
                            if count < 0.0 {
                                return Err(LoadError::syntax(std::format!(
                                    "a list of {count} items"
                                ))
                                .at(at));
                            }
                            for _ in 0..count as u64 {
                                let item = value(true)?;
                                if property.role == Role::Corners {
                                    corners.push(item as i64);
                                }
                            }
                        }
                    }
                }
                if let Some(extra) = values.next() {
                    return Err(LoadError::syntax(std::format!(
                        "`{}` after the last property of the {} element",
                        show(extra),
                        show(&element.name)
                    ))
                    .at(at));
                }
                self.take(element, k, xyz, &corners, at)?;
            }
        }
        Ok(())
    }

    fn binary(&mut self, big_endian: bool) -> Result<(), LoadError> {
        let header = self.header;
        let bytes = self.bytes;
        let mut at = header.data;
        let mut corners = Vec::new();
        for element in &header.elements {
            let cut = |k: u64, start: usize| {
                LoadError::new(LoadErrorKind::Truncated)
                    .at(Location::Byte(start as u64))
                    .with_detail(std::format!(
                        "{} {k} of {} is cut short (the file ends at byte {})",
                        show(&element.name),
                        element.count,
                        bytes.len()
                    ))
            };
            let fixed = element.fixed_size();
            // Elements the mesh does not use, of fixed size, are skipped whole.
            if element.name != b"vertex" && element.name != b"face" {
                if let Some(size) = fixed {
                    let total = (size as u64).saturating_mul(element.count);
                    if total > (bytes.len() - at) as u64 {
                        let whole = (bytes.len() - at) as u64 / size.max(1) as u64;
                        return Err(cut(whole, at + whole as usize * size));
                    }
                    at += total as usize;
                    continue;
                }
            }
            if let Some(size) = fixed {
                let room = (bytes.len() - at) as u64 / size.max(1) as u64;
                if room < element.count {
                    return Err(cut(room, at + room as usize * size));
                }
            }
            for k in 0..element.count {
                let start = at;
                let mut read = |s: Scalar| -> Result<f64, LoadError> {
                    let b = bytes.get(at..at + s.size()).ok_or_else(|| cut(k, start))?;
                    at += s.size();
                    Ok(s.decode(b, big_endian))
                };
                let mut xyz = [0.0; 3];
                corners.clear();
                for property in &element.properties {
                    match property.kind {
                        Kind::Scalar(s) => {
                            let x = read(s)?;
                            if let Role::Coordinate(axis) = property.role {
                                xyz[axis] = x;
                            }
                        }
                        Kind::List { count, item } => {
                            let n = read(count)?;
                            if n < 0.0 {
                                return Err(LoadError::syntax(std::format!(
                                    "{} {k} has a list of {n} items",
                                    show(&element.name)
                                ))
                                .at(Location::Byte(start as u64)));
                            }
                            for _ in 0..n as u64 {
                                let x = read(item)?;
                                if property.role == Role::Corners {
                                    corners.push(x as i64);
                                }
                            }
                        }
                    }
                }
                self.take(element, k, xyz, &corners, Location::Byte(start as u64))?;
            }
        }
        Ok(())
    }
}
