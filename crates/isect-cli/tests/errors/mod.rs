//! Bad input (files, arguments, meshes): a message that names the place, and exit status 1.

use super::*;

/// Every file in `tests/bad/`: the command, the message expected on stderr.
const BAD: &[(&str, &str, &str)] = &[
    (
        "query",
        "unknown_kind.json",
        "unknown_kind.json: shapes[1].type: unknown shape type `spehre`",
    ),
    (
        "query",
        "bad_number.json",
        "bad_number.json: shapes[0].radius: expected a number, found a string",
    ),
    ("query", "nan.json", "nan.json:3:39: expected value"),
    (
        "query",
        "out_of_range.json",
        "out_of_range.json: shapes[0].max[0]: 10000000000000000000000000000000000000000 is out of range",
    ),
    (
        "query",
        "negative_radius.json",
        "negative_radius.json: shapes[2].radius: must not be negative, found -0.5",
    ),
    (
        "query",
        "inverted_box.json",
        "inverted_box.json: shapes[1].min: min.y = 2 is greater than max.y = 1",
    ),
    (
        "query",
        "2d_inverted_box.json",
        "2d_inverted_box.json: shapes[0].min: min.x = 3 is greater than max.x = 1",
    ),
    ("query", "missing_mesh.json", "shapes[0].file: "),
    (
        "query",
        "corrupt_mesh.json",
        "corrupt.stl: byte 80: the header announces 12 triangles (684 bytes with the 84-byte \
         header), but the file has 201 bytes, room for 2 triangles and 17 bytes more",
    ),
    (
        "query",
        "syntax_error.json",
        "syntax_error.json:4:3: trailing comma",
    ),
    (
        "query",
        "obb_rotation_and_euler.json",
        "obb_rotation_and_euler.json: shapes[0]: give either `rotation` or `euler_degrees`, not both",
    ),
    (
        "query",
        "zero_direction.json",
        "zero_direction.json: queries[0].dir: must not be the zero vector",
    ),
    (
        "query",
        "unknown_query.json",
        "unknown_query.json: queries[0].query: unknown query `overlaps`",
    ),
    (
        "query",
        "unknown_shape_name.json",
        "unknown_shape_name.json: queries[0].b: no shape is named \"cube\"",
    ),
    ("query", "no_such_file.json", "no_such_file.json: "),
    (
        "render",
        "scene_negative_radius.json",
        "scene_negative_radius.json: shapes[1].radius: must not be negative, found -1",
    ),
    (
        "render",
        "scene_line.json",
        "scene_line.json: shapes[0]: a line has no surface to render",
    ),
    ("render", "unknown_kind.json", "unknown_kind.json: "),
    (
        "query",
        "2d_bad_dim.json",
        "2d_bad_dim.json: dim: expected 2 or 3, found 4",
    ),
    (
        "query",
        "2d_circle_in_3d.json",
        "2d_circle_in_3d.json: shapes[1].type: `circle` is a 2D shape: a file of 2D shapes says \
         `\"dim\": 2` at the top",
    ),
    (
        "query",
        "2d_sphere_in_2d.json",
        "2d_sphere_in_2d.json: shapes[1].type: `sphere` is a 3D shape, and this file is 2D",
    ),
    (
        "query",
        "2d_vector_length.json",
        "2d_vector_length.json: shapes[1].b: expected an array of 2 numbers, found an array of 3 \
         (this file is 2D: `\"dim\": 2`)",
    ),
    (
        "query",
        "2d_self_intersecting.json",
        "2d_self_intersecting.json: shapes[0].points: the edge from point 0 and the edge from \
         point 2 meet",
    ),
    (
        "query",
        "2d_vector_in_3d.json",
        "2d_vector_in_3d.json: shapes[0].min: expected an array of 3 numbers, found an array of 2 \
         (2D shapes need `\"dim\": 2` at the top of the file)",
    ),
    (
        "render",
        "2d_file_for_render.json",
        "2d_file_for_render.json: dim: a 2D file: draw it with `isect render2d`",
    ),
    (
        "render2d",
        "2d_scene_3d.json",
        "2d_scene_3d.json: dim: render2d draws 2D files, which say `\"dim\": 2`",
    ),
    (
        "mesh",
        "corrupt.stl",
        "corrupt.stl: byte 80: the header announces 12 triangles",
    ),
    (
        "mesh",
        "no_such_mesh.ply",
        "no_such_mesh.ply: cannot read the file",
    ),
];

#[test]
fn bad_inputs_name_the_place_and_fail() {
    let dir = scratch("bad");
    let out = dir.join("never.png");
    for &(command, name, expected) in BAD {
        let path = here("tests/bad").join(name);
        let path = path.to_str().unwrap();
        let args: Vec<&str> = match command {
            "render" | "render2d" => vec![
                command,
                "--scene",
                path,
                "--width",
                "8",
                "--height",
                "8",
                "--out",
                out.to_str().unwrap(),
            ],
            _ => vec![command, path],
        };
        let output = isect(&args, None);
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{name}: {stderr}");
        assert!(stderr.starts_with("error: "), "{name}: {stderr}");
        assert!(
            stderr.contains(expected),
            "{name}: expected `{expected}` in: {stderr}"
        );
        assert!(!stderr.contains("panicked"), "{name}: {stderr}");
        assert!(output.stdout.is_empty(), "{name}: {}", text(&output.stdout));
    }
    // No render left a file, whole or partial.
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_command_line_arguments_fail() {
    for args in [
        &["render", "--width", "0"][..],
        &["render", "--width", "abc"],
        &[
            "render",
            "--threads",
            "0",
            "--width",
            "4",
            "--height",
            "4",
            "--out",
            "/no/such/x.png",
        ],
        &["frobnicate"],
    ] {
        let output = isect(args, None);
        assert!(!output.status.success(), "{args:?}");
        assert!(!text(&output.stderr).contains("panicked"), "{args:?}");
    }
}

/// Mesh files of every kind of failure: the command names the file, the place and the reason.
#[test]
fn mesh_errors_name_the_file_and_place() {
    for (name, expected) in [
        (
            "stl_count_smaller.stl",
            "stl_count_smaller.stl: byte 80: the header announces 10 triangles (584 bytes with \
             the 84-byte header), but the file has 684 bytes, room for 12 triangles",
        ),
        (
            "stl_bad_number.stl",
            "stl_bad_number.stl: line 6: `zero` is not a number",
        ),
        (
            "obj_only_lines.obj",
            "obj_only_lines.obj: the file has no triangles: it has no `f` (face) lines, only 2 \
             `l` (polyline) lines, which have no area",
        ),
        (
            "ply_binary_cut_short.ply",
            "ply_binary_cut_short.ply: byte 350: the file ends before the data it announces: \
             face 5 of 6 is cut short (the file ends at byte 360)",
        ),
        (
            "ply_not_a_number.ply",
            "ply_not_a_number.ply: line 16: `one` is not a number (the vertex property `y`)",
        ),
        (
            "no_extension_unknown",
            "no_extension_unknown: not a mesh format isect reads (OBJ, STL, PLY): the file has \
             no extension and its content is none of them",
        ),
    ] {
        let path = here("../isect/tests/bad").join(name);
        let output = isect(&["mesh", path.to_str().unwrap()], None);
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{name}: {stderr}");
        assert!(
            stderr.contains(expected),
            "{name}: expected `{expected}` in: {stderr}"
        );
    }
}
