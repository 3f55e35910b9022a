//! The PLY data section, ASCII or binary, read into the mesh.

use std::vec::Vec;

use super::super::text::{integer, lines, number, show, words};
use super::super::{LoadError, LoadErrorKind, Location, Parsed, fan};
use super::header::{Element, Header, Kind, Role, Scalar};
use crate::math::Vec3;

/// The data section being read into the mesh.
pub(super) struct Data<'a> {
    pub(super) bytes: &'a [u8],
    pub(super) header: &'a Header,
    /// The vertex count the header declares, which face indices must stay below.
    pub(super) vertex_count: u64,
    pub(super) parsed: Parsed,
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
                super::super::real(xyz[0]),
                super::super::real(xyz[1]),
                super::super::real(xyz[2]),
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

    pub(super) fn ascii(&mut self) -> Result<(), LoadError> {
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

    pub(super) fn binary(&mut self, big_endian: bool) -> Result<(), LoadError> {
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
