//! `isect::io`: the cube in every format loads as the same solid, and every malformed file in
//! `tests/bad/` gives its error (kind and place), never a panic.

use std::path::{Path, PathBuf};

use isect::io::{self, Format, LoadErrorKind, Location};
use isect::math::Vec3;
use isect::{Bounded, MeshError, Ray, RayCast, Real, TriMesh};

use crate::common::assert_near;

/// A file of `tests/<dir>/`, from either crate (`isect-f64` shares these tests).
fn file(dir: &str, name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../isect/tests")
        .join(dir)
        .join(name)
}

fn load(name: &str) -> TriMesh {
    let path = file("data", name);
    io::load(&path).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The unit cube `[0, 1]³` written by hand in each format (OBJ with quads, negative and
/// `v//vn` indices; STL ASCII; STL binary with a header starting "solid"; PLY ASCII and
/// binary with quads).
const CUBES: [&str; 5] = [
    "cube.obj",
    "cube_ascii.stl",
    "cube_binary.stl",
    "cube_ascii.ply",
    "cube_binary.ply",
];

#[test]
fn cube_in_every_format_is_the_unit_cube() {
    for name in CUBES {
        let mesh = load(name);
        assert_eq!(mesh.triangle_count(), 12, "{name}: quads split in two");
        assert_eq!(mesh.vertices().len(), 8, "{name}: corners shared");
        assert!(mesh.is_solid(), "{name}: closed and oriented");
        let bounds = mesh.aabb();
        assert_eq!((bounds.min, bounds.max), (Vec3::ZERO, Vec3::ONE), "{name}");
        // Total area 6 and, for a closed mesh, outward normals: the divergence theorem gives
        // the volume 1 as the sum of signed tetrahedra from the origin.
        let mut area = 0.0;
        let mut volume = 0.0;
        for i in 0..12 {
            let t = mesh.triangle(i);
            area += t.area();
            volume += t.a.dot(t.b.cross(t.c)) / 6.0;
        }
        assert_near(area, 6.0, name);
        assert_near(volume, 1.0, name);
        // A ray from x = 5 towards the cube meets the face x = 1 at t = 4.
        let ray = Ray::new(Vec3::new(5.0, 0.25, 0.5), -Vec3::X);
        let hit = mesh.raycast(&ray, 10.0).expect("the ray hits the cube");
        assert_near(hit.t, 4.0, name);
        assert_eq!(hit.normal, Vec3::X, "{name}");
    }
}

#[test]
fn format_from_extension() {
    assert_eq!(Format::from_path("a/b.OBJ"), Some(Format::Obj));
    assert_eq!(Format::from_path("b.stl"), Some(Format::Stl));
    assert_eq!(Format::from_path("b.Ply"), Some(Format::Ply));
    assert_eq!(Format::from_path("b.xyz"), None);
    assert_eq!(Format::from_path("obj"), None);
}

#[test]
fn readers_match_files() {
    for name in CUBES {
        let path = file("data", name);
        let bytes = std::fs::read(&path).unwrap();
        let format = Format::from_path(&path).unwrap();
        let from_memory = io::read_as(&bytes, format).unwrap();
        let from_file = load(name);
        assert_eq!(from_memory.vertices(), from_file.vertices(), "{name}");
        assert_eq!(from_memory.triangles(), from_file.triangles(), "{name}");
    }
}

#[test]
fn a_pentagon_is_split_as_a_fan() {
    let obj = "v 0 0 0\nv 2 0 0\nv 3 1 0\nv 1 2 0\nv -1 1 0\nf 1 2 3 4 5\n";
    let mesh = io::read_obj(obj.as_bytes()).unwrap();
    assert_eq!(mesh.triangles(), [[0, 1, 2], [0, 2, 3], [0, 3, 4]]);
    assert!(!mesh.is_solid());
}

/// Each bad file, its error kind and where it is (`None`: the place is not known).
fn expect(name: &str, kind: fn(&LoadErrorKind) -> bool, location: Option<Location>) {
    let path = file("bad", name);
    let error = match io::load(&path) {
        Ok(mesh) => panic!("{name}: loaded {} triangles", mesh.triangle_count()),
        Err(e) => e,
    };
    assert!(kind(error.kind()), "{name}: {:?}", error.kind());
    assert_eq!(error.location(), location, "{name}: {error}");
    assert_eq!(error.path(), Some(path.as_path()), "{name}");
    let message = error.to_string();
    assert!(
        message.contains(name),
        "{name}: the message names the file: {message}"
    );
    if let Some(location) = location {
        assert!(message.contains(&location.to_string()), "{message}");
    }
}

#[test]
fn bad_obj_files() {
    let nan =
        |k: &LoadErrorKind| matches!(k, LoadErrorKind::Mesh(MeshError::NonFiniteVertex { .. }));
    let syntax = |k: &LoadErrorKind| matches!(k, LoadErrorKind::Syntax(_));
    let empty = |k: &LoadErrorKind| matches!(k, LoadErrorKind::Mesh(MeshError::Empty));
    expect("nan_vertex.obj", nan, Some(Location::Line(3)));
    expect("inf_vertex.obj", nan, Some(Location::Line(2)));
    expect("bad_number.obj", syntax, Some(Location::Line(3)));
    expect("index_out_of_range.obj", syntax, Some(Location::Line(5)));
    expect("empty.obj", empty, None);
    expect("no_faces.obj", empty, None);
    // Binary noise has no `v` or `f` lines that OBJ readers take: no triangles.
    expect(
        "garbage.obj",
        |k| {
            matches!(
                k,
                LoadErrorKind::Mesh(MeshError::Empty) | LoadErrorKind::Syntax(_)
            )
        },
        None,
    );
}

#[test]
fn bad_stl_files() {
    let truncated = |k: &LoadErrorKind| matches!(k, LoadErrorKind::Truncated);
    // Five whole triangles (84 + 5 * 50 bytes), then part of the sixth.
    expect("truncated.stl", truncated, Some(Location::Byte(334)));
    expect("empty.stl", truncated, Some(Location::Byte(0)));
    // Starts with "solid " but holds a NUL: binary, and too short for a binary header.
    let len = std::fs::metadata(file("bad", "garbage.stl")).unwrap().len();
    assert!(len < 84);
    expect("garbage.stl", truncated, Some(Location::Byte(len)));
    // The third triangle's third corner, on line 2 + 7 * 2 + 4 (stl_io rejects the NaN as
    // it parses; isect finds the line).
    expect(
        "nan_vertex.stl",
        |k| matches!(k, LoadErrorKind::Syntax(m) if m.contains("NaN")),
        Some(Location::Line(20)),
    );
}

#[test]
fn bad_ply_files() {
    // Header of 10 lines, 8 vertex lines, then face 3 on line 22.
    expect(
        "index_out_of_range.ply",
        |k| matches!(k, LoadErrorKind::Syntax(m) if m.contains("vertex 8")),
        Some(Location::Line(22)),
    );
    let header = std::fs::read(file("bad", "nan_vertex.ply")).unwrap();
    let header_len = header
        .windows(11)
        .position(|w| w == b"end_header\n")
        .unwrap()
        + 11;
    expect(
        "nan_vertex.ply",
        |k| {
            matches!(
                k,
                LoadErrorKind::Mesh(MeshError::NonFiniteVertex { vertex: 5 })
            )
        },
        Some(Location::Byte((header_len + 5 * 12) as u64)),
    );
    // Where the data stops.
    let len = std::fs::metadata(file("bad", "truncated.ply"))
        .unwrap()
        .len();
    expect(
        "truncated.ply",
        |k| matches!(k, LoadErrorKind::Truncated),
        Some(Location::Byte(len)),
    );
    expect(
        "garbage.ply",
        |k| matches!(k, LoadErrorKind::Syntax(_)),
        Some(Location::Line(3)),
    );
    expect(
        "empty.ply",
        |k| matches!(k, LoadErrorKind::Syntax(_) | LoadErrorKind::Truncated),
        None,
    );
}

#[test]
fn missing_file_and_unknown_extension() {
    expect(
        "mesh.xyz",
        |k| matches!(k, LoadErrorKind::UnknownFormat),
        None,
    );
    expect(
        "no_such_file.obj",
        |k| matches!(k, LoadErrorKind::Io(_)),
        None,
    );
}

#[test]
fn every_bad_file_errors_in_every_format() {
    // Whatever the extension says, no bad file (nor good file read as the wrong format)
    // panics; the good ones read as another format either fail or give a valid mesh.
    let mut names: Vec<PathBuf> = std::fs::read_dir(file("bad", ""))
        .unwrap()
        .chain(std::fs::read_dir(file("data", "")).unwrap())
        .map(|e| e.unwrap().path())
        .collect();
    names.sort();
    for path in names {
        let bytes = std::fs::read(&path).unwrap();
        for format in [Format::Obj, Format::Stl, Format::Ply] {
            if let Ok(mesh) = io::read_as(&bytes, format) {
                assert!(mesh.vertices().iter().all(|v| v.is_finite()));
                let _: Real = mesh.aabb().max.x;
            }
        }
    }
}
