//! Wavefront OBJ through tobj, with isect's checks by line.

use std::io::{BufRead, Cursor};
use std::string::String;
use std::vec::Vec;

use super::{LoadError, Location, fan, finish, real};
use crate::TriMesh;
use crate::math::Vec3;

/// Reads a Wavefront OBJ mesh from `reader` (see [`super::load_obj`]). Faces with more than
/// three corners are split as a fan.
///
/// # Errors
/// As [`super::load_obj`], without a file name.
pub fn read_obj(mut reader: impl BufRead) -> Result<TriMesh, LoadError> {
    let mut bytes = Vec::new();
    reader.read_to_end(&mut bytes)?;
    let text = String::from_utf8_lossy(&bytes);
    check(&text)?;
    // tobj's `merging` and `reordering` features add fields; another crate may turn them on.
    #[allow(clippy::needless_update)]
    let options = tobj::LoadOptions {
        single_index: false,
        triangulate: false,
        ignore_points: true,
        ignore_lines: true,
        ..tobj::LoadOptions::default()
    };
    let (models, _materials) =
        tobj::load_obj_buf(&mut Cursor::new(text.as_bytes()), &options, |_| {
            Ok(Default::default())
        })
        .map_err(|e| LoadError::syntax(std::format!("{e}")))?;
    let mut vertices = Vec::new();
    let mut triangles = Vec::new();
    for model in &models {
        let mesh = &model.mesh;
        let base = u32::try_from(vertices.len())
            .map_err(|_| LoadError::from(crate::MeshError::TooLarge))?;
        vertices.extend(
            mesh.positions
                .chunks_exact(3)
                .map(|p| Vec3::new(real(p[0]), real(p[1]), real(p[2]))),
        );
        let mut start = 0;
        let arities: Vec<u32> = if mesh.face_arities.is_empty() {
            std::vec![3; mesh.indices.len() / 3]
        } else {
            mesh.face_arities.clone()
        };
        let mut corners = Vec::new();
        for arity in arities {
            let end = (start + arity as usize).min(mesh.indices.len());
            corners.clear();
            corners.extend(mesh.indices[start..end].iter().map(|&i| base + i));
            fan(&corners, &mut triangles);
            start = end;
        }
    }
    // `check` found every bad vertex and index with its line; none is left to locate.
    finish(vertices, triangles, |_| None, |_| None)
}

/// isect's own checks, which tobj leaves out, with the line of the first failure: coordinates
/// that are numbers and finite, face indices that name an existing vertex.
fn check(text: &str) -> Result<(), LoadError> {
    let vertex_count = text
        .lines()
        .filter(|line| keyword(line) == Some("v"))
        .count();
    let mut seen = 0usize;
    for (n, line) in text.lines().enumerate() {
        let at = Some(Location::Line(n + 1));
        let mut tokens = line.split_whitespace();
        match tokens.next() {
            Some("v") => {
                for _ in 0..3 {
                    let token = tokens.next().ok_or_else(|| {
                        LoadError::syntax("a vertex needs three coordinates").at(at)
                    })?;
                    let x: f64 = token.parse().map_err(|_| {
                        LoadError::syntax(std::format!("`{token}` is not a number")).at(at)
                    })?;
                    if !x.is_finite() {
                        let e = crate::MeshError::NonFiniteVertex { vertex: seen };
                        return Err(LoadError::from(e).at(at));
                    }
                }
                seen += 1;
            }
            Some("f") => {
                let mut corners = 0;
                for token in tokens {
                    corners += 1;
                    let index = token.split('/').next().unwrap_or("");
                    let i: i64 = index.parse().map_err(|_| {
                        LoadError::syntax(std::format!("`{token}` is not a vertex index")).at(at)
                    })?;
                    // OBJ counts from 1; negative indices count back from the last vertex read.
                    let resolved = if i < 0 { seen as i64 + i } else { i - 1 };
                    if resolved < 0 || resolved >= vertex_count as i64 {
                        return Err(LoadError::syntax(std::format!(
                            "face index {i} names no vertex (the file has {vertex_count})"
                        ))
                        .at(at));
                    }
                }
                if corners < 3 {
                    return Err(LoadError::syntax("a face needs at least three corners").at(at));
                }
            }
            _ => {}
        }
    }
    Ok(())
}

fn keyword(line: &str) -> Option<&str> {
    line.split_whitespace().next()
}
