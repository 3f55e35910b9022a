//! `isect::io`: the cube in every format and in the variants real exporters write loads as the
//! same solid, and every malformed file in `tests/bad/` gives its error (kind, place and words),
//! never a panic.

use std::path::{Path, PathBuf};

use isect::io::{self, Format, LoadErrorKind, LoadOptions, Location, Weld};
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

/// The unit cube `[0, 1]³` written by hand in each format and in the variants exporters write:
/// OBJ with quads, negative and `v//vn` indices; STL ASCII; STL binary with a header starting
/// "solid"; PLY ASCII and binary with quads; and the files below, each for one way real
/// files differ.
const CUBES: &[&str] = &[
    "cube.obj",
    "cube_ascii.stl",
    "cube_binary.stl",
    "cube_ascii.ply",
    "cube_binary.ply",
    // ASCII STL first lines: `solid<TAB>name`, a bare `solid`, CRLF line ends, blank lines and
    // spaces before `solid`, a UTF-8 name, keywords in capitals.
    "stl_name_after_tab.stl",
    "stl_bare_solid.stl",
    "stl_crlf.stl",
    "stl_leading_blanks.stl",
    "stl_non_ascii_name.stl",
    "stl_upper_case.stl",
    // No `endsolid` after the last facet (assimp and MeshLab read such files).
    "stl_no_endsolid.stl",
    // Two solids in one file, six facets each.
    "stl_two_solids.stl",
    // `facet normal nan nan nan`: normals are not read.
    "stl_nan_normal.stl",
    // Binary, whose header is `solid cube` and a `facet normal` line: the size decides.
    "stl_binary_solid_text_header.stl",
    // OBJ: `l` and `p` lines beside the faces; an empty `usemtl` and a missing `mtllib`;
    // `\` continuations, comments after data, every corner form; UTF-16 with a byte order mark.
    "obj_lines_and_faces.obj",
    "obj_empty_usemtl.obj",
    "obj_forms_and_continuations.obj",
    "cube_utf16.obj",
    // PLY: a copy of each corner per face (welded), a header line without `comment`, a
    // comment that is not UTF-8, big-endian binary.
    "cube_per_face.ply",
    "ply_unknown_header_line.ply",
    "ply_not_utf8_comment.ply",
    "cube_big_endian.ply",
    // No extension: the content says the format.
    "cube_obj_no_extension",
    "cube_stl_no_extension",
    "cube_ply_no_extension",
];

#[test]
fn cube_in_every_format_is_the_unit_cube() {
    for &name in CUBES {
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
fn format_from_extension_and_content() {
    assert_eq!(Format::from_path("a/b.OBJ"), Some(Format::Obj));
    assert_eq!(Format::from_path("b.stl"), Some(Format::Stl));
    assert_eq!(Format::from_path("b.Ply"), Some(Format::Ply));
    assert_eq!(Format::from_path("b.xyz"), None);
    assert_eq!(Format::from_path("obj"), None);
    let sniff = |name: &str| Format::sniff(&std::fs::read(file("data", name)).unwrap());
    assert_eq!(sniff("cube_obj_no_extension"), Some(Format::Obj));
    assert_eq!(sniff("cube_stl_no_extension"), Some(Format::Stl));
    assert_eq!(sniff("cube_ply_no_extension"), Some(Format::Ply));
    assert_eq!(sniff("cube_ascii.stl"), Some(Format::Stl));
    assert_eq!(sniff("cube.obj"), Some(Format::Obj));
    assert_eq!(Format::sniff(b"hello\n"), None);
    assert_eq!(Format::sniff(b""), None);
}

#[test]
fn readers_match_files() {
    for &name in CUBES {
        let path = file("data", name);
        let bytes = std::fs::read(&path).unwrap();
        let format = Format::from_path(&path).or_else(|| Format::sniff(&bytes));
        let from_memory = io::read_as(&bytes, format.unwrap()).unwrap();
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

/// What the loaders say about the files that load: notes, vertices merged, the format.
#[test]
fn loaded_reports_welding_notes_and_format() {
    let with = |name: &str, weld: Weld| {
        io::load_with(file("data", name), &LoadOptions::new().weld(weld))
            .unwrap_or_else(|e| panic!("{name}: {e}"))
    };
    // The cube with a copy of each corner per face: 24 vertices, 16 of them copies.
    let welded = with("cube_per_face.ply", Weld::Exact);
    assert_eq!((welded.file_vertices, welded.merged_vertices()), (24, 16));
    assert!(welded.mesh.is_solid());
    assert_eq!(welded.format, Format::Ply);
    let raw = with("cube_per_face.ply", Weld::Off);
    assert_eq!(raw.mesh.vertices().len(), 24);
    assert_eq!(raw.merged_vertices(), 0);
    assert!(!raw.mesh.is_solid(), "six separate squares");
    assert_eq!(raw.mesh.triangles().len(), welded.mesh.triangles().len());
    // STL: three corners per triangle in the file.
    let stl = with("cube_binary.stl", Weld::Exact);
    assert_eq!((stl.file_vertices, stl.merged_vertices()), (36, 28));
    assert_eq!(with("cube_binary.stl", Weld::Off).mesh.vertices().len(), 36);
    // Skipped lines and a missing `endsolid` are noted, with words.
    let notes = |name: &str| -> Vec<String> {
        with(name, Weld::Exact)
            .notes
            .iter()
            .map(ToString::to_string)
            .collect()
    };
    assert_eq!(
        notes("obj_lines_and_faces.obj"),
        ["skipped 2 `l` (polyline) and 1 `p` (point) lines: they have no area"]
    );
    assert_eq!(
        notes("stl_no_endsolid.stl"),
        [
            "line 85: the file ends without `endsolid` after a whole facet: read as the end of \
             the solid"
        ]
    );
    assert_eq!(
        notes("ply_unknown_header_line.ply"),
        ["line 4: `Exported by Something 2.0, no comment ke...` is not a PLY header line: skipped"]
    );
    assert!(notes("cube.obj").is_empty());
    assert_eq!(
        with("cube_stl_no_extension", Weld::Exact).format,
        Format::Stl
    );
}

#[test]
fn welding_within_a_tolerance_when_loading() {
    // Two triangles sharing an edge whose copies differ by 1/1024 in x.
    let obj = "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0.0009765625 1 0\nv 1.0009765625 0 0\nv 1 1 0\n\
               f 1 2 3\nf 4 5 6\n";
    let read = |weld| {
        io::read_with(
            obj.as_bytes(),
            &LoadOptions::new().format(Format::Obj).weld(weld),
        )
    };
    assert_eq!(read(Weld::Exact).unwrap().merged_vertices(), 0);
    let within = read(Weld::Within(1.0 / 1024.0)).unwrap();
    assert_eq!(
        within.merged_vertices(),
        2,
        "closed: exactly the tolerance away merges"
    );
    assert_eq!(within.mesh.triangles(), [[0, 1, 2], [2, 1, 3]]);
    assert_eq!(
        read(Weld::Within(1.0 / 2048.0)).unwrap().merged_vertices(),
        0
    );
    for bad in [Real::NAN, -1.0, Real::INFINITY] {
        let e = read(Weld::Within(bad)).unwrap_err();
        assert_eq!(
            *e.kind(),
            LoadErrorKind::Mesh(MeshError::InvalidTolerance),
            "{bad}"
        );
    }
}

/// Loads bad file `name` and checks its error: the kind, the place, that the message names
/// the file and the place, and that it contains `words`.
fn expect(
    name: &str,
    kind: impl Fn(&LoadErrorKind) -> bool,
    location: Option<Location>,
    words: &str,
) {
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
    assert!(
        message.contains(words),
        "{name}: `{words}` not in: {message}"
    );
}

fn syntax(k: &LoadErrorKind) -> bool {
    matches!(k, LoadErrorKind::Syntax(_))
}
fn empty(k: &LoadErrorKind) -> bool {
    matches!(k, LoadErrorKind::Mesh(MeshError::Empty))
}
fn truncated(k: &LoadErrorKind) -> bool {
    matches!(k, LoadErrorKind::Truncated)
}
fn non_finite(k: &LoadErrorKind) -> bool {
    matches!(k, LoadErrorKind::Mesh(MeshError::NonFiniteVertex { .. }))
}

#[test]
fn bad_obj_files() {
    let line = |n| Some(Location::Line(n));
    expect(
        "nan_vertex.obj",
        non_finite,
        line(3),
        "vertex 2 is not finite",
    );
    expect(
        "inf_vertex.obj",
        non_finite,
        line(2),
        "vertex 1 is not finite",
    );
    expect("bad_number.obj", syntax, line(3), "is not a number");
    expect(
        "index_out_of_range.obj",
        syntax,
        line(5),
        "names no vertex (the file has",
    );
    expect(
        "empty.obj",
        empty,
        None,
        "no `v` (vertex) or `f` (face) lines",
    );
    expect("no_faces.obj", empty, None, "but no `f` (face) lines");
    expect("garbage.obj", syntax, Some(Location::Byte(0)), "NUL byte");
    // Polylines are not surfaces: a file of `l` lines has no triangles.
    expect(
        "obj_only_lines.obj",
        empty,
        None,
        "only 2 `l` (polyline) lines, which have no area",
    );
    expect(
        "obj_index_zero.obj",
        syntax,
        line(10),
        "OBJ counts vertices from 1",
    );
    expect(
        "obj_back_too_far.obj",
        syntax,
        line(3),
        "face index -3 counts back past the first vertex (2 read so far)",
    );
    expect(
        "obj_bad_corner.obj",
        syntax,
        line(9),
        "`1/x` is not a face corner",
    );
    expect(
        "obj_two_corners.obj",
        syntax,
        line(9),
        "at least three corners, this one has 2",
    );
    expect(
        "obj_two_vertex_coordinates.obj",
        syntax,
        line(2),
        "a vertex needs three coordinates, this one has 2",
    );
    // 1e39 is beyond f32; isect-f64 reads it.
    let path = file("bad", "obj_beyond_f32.obj");
    if size_of::<Real>() == 4 {
        expect(
            "obj_beyond_f32.obj",
            syntax,
            line(2),
            "`1e39` is beyond the range of f32",
        );
    } else {
        let x = crate::common::flat_reference::wide(io::load(path).unwrap().vertices()[1].x);
        assert_eq!(x, 1e39);
    }
}

#[test]
fn bad_stl_files() {
    let byte = |b| Some(Location::Byte(b));
    let line = |n| Some(Location::Line(n));
    let mismatch = |announced: u64, file_bytes: u64| {
        move |k: &LoadErrorKind| {
            *k == LoadErrorKind::CountMismatch {
                announced,
                file_bytes,
            }
        }
    };
    // The cube's 12 triangles (684 bytes) under a header count of 10, 11 and 13: never the
    // announced triangles only, never a silent success.
    expect(
        "stl_count_smaller.stl",
        mismatch(10, 684),
        byte(80),
        "the header announces 10 triangles (584 bytes with the 84-byte header), but the file \
         has 684 bytes, room for 12 triangles",
    );
    expect(
        "stl_count_one_less.stl",
        mismatch(11, 684),
        byte(80),
        "announces 11 triangles",
    );
    expect(
        "stl_count_larger.stl",
        mismatch(13, 684),
        byte(80),
        "announces 13 triangles",
    );
    // Five whole triangles (84 + 5 * 50 bytes), then part of the sixth, of 12 announced.
    expect(
        "truncated.stl",
        mismatch(12, 354),
        byte(80),
        "room for 5 triangles and 20 bytes more",
    );
    expect("empty.stl", truncated, byte(0), "the file is empty");
    // "solid", NUL bytes, then a `facet` line: ASCII, and its facet is cut short.
    expect(
        "garbage.stl",
        truncated,
        line(2),
        "the facet that starts at line 2 is cut short",
    );
    // The third triangle's third corner, on line 2 + 7 * 2 + 4.
    expect(
        "nan_vertex.stl",
        non_finite,
        line(20),
        "vertex 8 is not finite",
    );
    // The bad line itself, not the facet's.
    expect(
        "stl_bad_number.stl",
        syntax,
        line(6),
        "`zero` is not a number",
    );
    expect(
        "stl_four_vertices.stl",
        syntax,
        line(7),
        "a fourth vertex in the facet that starts at line 2",
    );
    expect(
        "stl_cut_in_facet.stl",
        truncated,
        line(5),
        "the facet that starts at line 2 is cut short",
    );
    expect(
        "stl_out_of_order.stl",
        syntax,
        line(3),
        "expected `outer loop`, found `vertex`",
    );
}

#[test]
fn bad_ply_files() {
    let byte = |b| Some(Location::Byte(b));
    let line = |n| Some(Location::Line(n));
    // Header of 10 lines, 8 vertex lines, then face 3 on line 22.
    expect(
        "index_out_of_range.ply",
        syntax,
        line(22),
        "face 3 refers to vertex 8 (from 0), but there are only 8 vertices",
    );
    let header_len = |name: &str| {
        let bytes = std::fs::read(file("bad", name)).unwrap();
        (bytes
            .windows(11)
            .position(|w| w == b"end_header\n")
            .unwrap()
            + 11) as u64
    };
    let nan_at = header_len("nan_vertex.ply") + 5 * 12;
    expect(
        "nan_vertex.ply",
        non_finite,
        byte(nan_at),
        "vertex 5 is not finite",
    );
    // Its NaN comes before the end.
    let nan_at = header_len("truncated.ply") + 5 * 12;
    expect(
        "truncated.ply",
        non_finite,
        byte(nan_at),
        "vertex 5 is not finite",
    );
    // 8 vertices of 12 bytes, 5 faces of 17, then 10 bytes of the sixth.
    let face_5 = header_len("ply_binary_cut_short.ply") + 8 * 12 + 5 * 17;
    expect(
        "ply_binary_cut_short.ply",
        truncated,
        byte(face_5),
        "face 5 of 6 is cut short (the file ends at byte 360)",
    );
    let face_5 = header_len("ply_face_index_binary.ply") + 8 * 12 + 5 * 17;
    expect(
        "ply_face_index_binary.ply",
        syntax,
        byte(face_5),
        "face 5 refers to vertex 9 (from 0), but there are only 8 vertices",
    );
    expect(
        "garbage.ply",
        syntax,
        line(3),
        "the element count is not a number",
    );
    expect("empty.ply", truncated, byte(0), "the file is empty");
    expect(
        "ply_no_end_header.ply",
        truncated,
        byte(55),
        "the header has no `end_header` line",
    );
    expect(
        "ply_not_a_number.ply",
        syntax,
        line(16),
        "`one` is not a number (the vertex property `y`)",
    );
    expect(
        "ply_line_too_short.ply",
        syntax,
        line(22),
        "the line ends before the face property `vertex_indices`",
    );
    expect(
        "ply_points_only.ply",
        |k| matches!(k, LoadErrorKind::Missing(_)),
        None,
        "the file has 3 vertices and no faces: a point cloud has no triangles",
    );
    expect(
        "ply_not_ply.ply",
        syntax,
        line(1),
        "a PLY file starts with the line `ply`",
    );
}

#[test]
fn missing_file_and_unknown_format() {
    let unknown = |k: &LoadErrorKind| matches!(k, LoadErrorKind::UnknownFormat);
    expect(
        "mesh.xyz",
        unknown,
        None,
        "the extension `.xyz` is none of obj, stl, ply",
    );
    expect(
        "no_extension_unknown",
        unknown,
        None,
        "the file has no extension and its content is none of them",
    );
    expect(
        "no_such_file.obj",
        |k| matches!(k, LoadErrorKind::Io(_)),
        None,
        "cannot read the file",
    );
}

#[test]
fn every_file_in_every_format_errors_or_loads_a_valid_mesh() {
    // Whatever the extension says, no bad file (nor good file read as the wrong format)
    // panics; a failure names a place unless it is about the whole file, and a success is a
    // valid mesh.
    let mut names: Vec<PathBuf> = std::fs::read_dir(file("bad", ""))
        .unwrap()
        .chain(std::fs::read_dir(file("data", "")).unwrap())
        .map(|e| e.unwrap().path())
        .collect();
    names.sort();
    for path in names {
        let bytes = std::fs::read(&path).unwrap();
        for format in [Format::Obj, Format::Stl, Format::Ply] {
            match io::read_as(&bytes, format) {
                Ok(mesh) => {
                    assert!(mesh.vertices().iter().all(|v| v.is_finite()));
                    let _: Real = mesh.aabb().max.x;
                }
                Err(e) => {
                    let whole_file = matches!(
                        e.kind(),
                        LoadErrorKind::Mesh(MeshError::Empty) | LoadErrorKind::Missing(_)
                    );
                    assert!(
                        whole_file || e.location().is_some(),
                        "{} as {format}: {e}",
                        path.display()
                    );
                }
            }
        }
    }
}
