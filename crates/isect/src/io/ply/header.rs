//! The PLY header: its format line, elements and their properties.

use std::vec::Vec;

use super::super::text::{integer, show, words};
use super::super::{LoadError, LoadErrorKind, Location, Note};

#[derive(Clone, Copy, PartialEq)]
pub(super) enum Scalar {
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
    pub(super) fn parse(word: &[u8]) -> Option<Self> {
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

    pub(super) fn size(self) -> usize {
        match self {
            Self::I8 | Self::U8 => 1,
            Self::I16 | Self::U16 => 2,
            Self::I32 | Self::U32 | Self::F32 => 4,
            Self::F64 => 8,
        }
    }

    pub(super) fn is_integer(self) -> bool {
        !matches!(self, Self::F32 | Self::F64)
    }

    /// The value at the start of `b` (at least `size()` bytes).
    pub(super) fn decode(self, b: &[u8], big_endian: bool) -> f64 {
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

pub(super) enum Kind {
    Scalar(Scalar),
    List { count: Scalar, item: Scalar },
}

/// What a property is to the mesh.
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Role {
    Coordinate(usize),
    Corners,
    Other,
}

pub(super) struct Property {
    pub(super) name: Vec<u8>,
    pub(super) kind: Kind,
    pub(super) role: Role,
}

pub(super) struct Element {
    pub(super) name: Vec<u8>,
    pub(super) count: u64,
    pub(super) properties: Vec<Property>,
}

impl Element {
    /// Bytes per binary instance, when every property is a scalar.
    pub(super) fn fixed_size(&self) -> Option<usize> {
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
pub(super) enum Encoding {
    Ascii,
    Little,
    Big,
}

pub(super) struct Header {
    pub(super) encoding: Encoding,
    pub(super) elements: Vec<Element>,
    /// Where the data starts: its byte offset and the number of its first line.
    pub(super) data: usize,
    pub(super) first_line: usize,
}

pub(super) fn header(bytes: &[u8], notes: &mut Vec<Note>) -> Result<Header, LoadError> {
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
