//! The `isect` binary, run as a user runs it.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use isect::math::{Quat, Vec2, Vec3};
use isect::{
    Aabb, Capsule, Classify, Contact, Distance, Intersects, Obb, Plane, PointQuery, Ray, RayCast,
    Real, Side, Sphere, Sweep, d2,
};
use serde_json::{Value, json};

fn here(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

fn isect(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_isect"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().unwrap();
    input.write_all(stdin.unwrap_or("").as_bytes()).unwrap();
    drop(input);
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A fresh empty directory for one test's output.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("isect-cli-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes `doc` as a query file in a scratch directory named after `name`, runs `isect query` on
/// it (which must succeed) and returns its `results`.
fn query_results(name: &str, doc: Value) -> Value {
    let dir = scratch(name);
    let file = dir.join("q.json");
    std::fs::write(&file, doc.to_string()).unwrap();
    let output = isect(&["query", file.to_str().unwrap()], None);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let doc: Value = serde_json::from_slice(&output.stdout).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    doc["results"].clone()
}

fn decode(path: &Path) -> (u32, u32, Vec<u8>) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!(info.color_type, png::ColorType::Rgb);
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf)
}

#[test]
fn render_default_scene_small() {
    let dir = scratch("default");
    let out = dir.join("default.png");
    // A smaller mesh than the real default keeps the debug build fast; CI renders the real
    // default in release (.ci/run).
    let output = isect(
        &[
            "render",
            "--width",
            "64",
            "--height",
            "48",
            "--mesh-triangles",
            "20000",
            "--threads",
            "2",
            "--out",
            out.to_str().unwrap(),
        ],
        None,
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(text(&output.stderr).contains("million rays/s"));
    let (w, h, rgb) = decode(&out);
    assert_eq!((w, h), (64, 48));
    let mut colors: Vec<&[u8]> = rgb.chunks(3).collect();
    colors.sort_unstable();
    colors.dedup();
    assert!(
        colors.len() > 50,
        "only {} colours: blank or flat",
        colors.len()
    );
    // Sky at the top row, something darker (objects, shadows) lower down.
    let brightness = |y: usize| -> u32 {
        rgb[y * 64 * 3..(y + 1) * 64 * 3]
            .iter()
            .map(|&c| u32::from(c))
            .sum::<u32>()
            / 64
    };
    assert!(
        brightness(0) > brightness(30),
        "{} vs {}",
        brightness(0),
        brightness(30)
    );
    // Nothing but the PNG is left in the directory.
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn render_matches_golden_image() {
    let dir = scratch("golden");
    let out = dir.join("golden.png");
    let scene = here("tests/data/golden_scene.json");
    let output = isect(
        &[
            "render",
            "--scene",
            scene.to_str().unwrap(),
            "--width",
            "96",
            "--height",
            "64",
            "--out",
            out.to_str().unwrap(),
        ],
        None,
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let (w, h, got) = decode(&out);
    let (gw, gh, want) = decode(&here("tests/data/golden.png"));
    assert_eq!((w, h), (gw, gh));
    // Edges may flip a pixel between platforms' float functions; the picture may not change.
    let diffs: Vec<u32> = got
        .iter()
        .zip(&want)
        .map(|(&a, &b)| u32::from(a.abs_diff(b)))
        .collect();
    let differing = diffs.iter().filter(|&&d| d > 8).count();
    let mean = diffs.iter().sum::<u32>() as f64 / diffs.len() as f64;
    assert!(
        differing <= diffs.len() / 100 && mean < 1.0,
        "{differing} channels differ by more than 8, mean difference {mean}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Many instances of one mesh file: the file is loaded once, and the picture is the one of the
/// same boxes written as `obb` shapes (each instance placed by its own pose).
#[test]
fn render_many_instances_of_one_mesh() {
    let dir = scratch("instances");
    let cube = here("../isect/tests/data/cube.obj");
    let mut instances = Vec::new();
    let mut boxes = Vec::new();
    let floor = json!({ "type": "plane", "normal": [0, 1, 0], "d": 0 });
    instances.push(floor.clone());
    boxes.push(floor);
    for i in 0..20 {
        for j in 0..20 {
            let (x, z) = (i as f32 - 10.0, j as f32 * 0.8 - 12.0);
            let degrees = (7 * i + 13 * j) as f32;
            let color = [0.3 + 0.03 * i as f32, 0.5, 0.9 - 0.03 * j as f32];
            instances.push(json!({
                "type": "mesh", "file": cube.to_str().unwrap(), "position": [x, 0.0, z],
                "euler_degrees": [0.0, degrees, 0.0], "scale": 0.4, "color": color,
            }));
            // The unit cube [0, 1]³ scaled by 0.4 and turned about its corner at the origin.
            let rotation = Quat::from_rotation_y(degrees.to_radians());
            let center = Vec3::new(x, 0.0, z) + rotation * Vec3::splat(0.2);
            boxes.push(json!({
                "type": "obb", "center": center.to_array(), "half_extents": [0.2, 0.2, 0.2],
                "euler_degrees": [0.0, degrees, 0.0], "color": color,
            }));
        }
    }
    let camera = json!({ "eye": [0, 6, 6], "target": [0, 0, -4], "fov_degrees": 60 });
    let render = |name: &str, shapes: &Vec<Value>| {
        let scene = dir.join(format!("{name}.json"));
        let doc = json!({ "camera": camera, "shapes": shapes });
        std::fs::write(&scene, doc.to_string()).unwrap();
        let out = dir.join(format!("{name}.png"));
        let output = isect(
            &[
                "render",
                "--scene",
                scene.to_str().unwrap(),
                "--width",
                "80",
                "--height",
                "60",
                "--out",
                out.to_str().unwrap(),
            ],
            None,
        );
        assert!(output.status.success(), "{}", text(&output.stderr));
        (text(&output.stderr), decode(&out))
    };
    let (log, (w, h, got)) = render("instances", &instances);
    assert!(
        log.contains("scene with 401 shapes (4800 mesh triangles, 1 mesh files loaded)"),
        "{log}"
    );
    let (_, (bw, bh, want)) = render("boxes", &boxes);
    assert_eq!((w, h), (bw, bh));
    let mut colors: Vec<&[u8]> = got.chunks(3).collect();
    colors.sort_unstable();
    colors.dedup();
    assert!(colors.len() > 50, "only {} colours", colors.len());
    // Edges and shadow boundaries may flip a pixel between a mesh and a box.
    let diffs: Vec<u32> = got
        .iter()
        .zip(&want)
        .map(|(&a, &b)| u32::from(a.abs_diff(b)))
        .collect();
    let differing = diffs.iter().filter(|&&d| d > 8).count();
    assert!(
        differing <= diffs.len() / 50,
        "{differing} of {} channels differ by more than 8",
        diffs.len()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The query file in the README's "Command line" section.
fn readme_example() -> String {
    let readme = std::fs::read_to_string(here("../../README.md")).unwrap();
    let section = &readme[readme.find("## Command line").expect("the section exists")..];
    let start = section.find("```json\n").unwrap() + "```json\n".len();
    let end = start + section[start..].find("```").unwrap();
    section[start..end].to_string()
}

/// A number as the command line writes it: the shortest decimal that reads back to `x`.
fn num(x: f32) -> Value {
    json!((x + 0.0).to_string().parse::<f64>().unwrap())
}

fn vec3(v: Vec3) -> Value {
    json!([num(v.x), num(v.y), num(v.z)])
}

#[test]
fn readme_query_example_gives_the_library_answers() {
    let output = isect(&["query", "-"], Some(&readme_example()));
    assert!(output.status.success(), "{}", text(&output.stderr));
    let doc: Value = serde_json::from_slice(&output.stdout).unwrap();
    let results: Vec<&Value> = doc["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| &r["result"])
        .collect();

    // The README's shapes, built here with the library.
    let ball = Sphere::new(Vec3::ZERO, 1.0);
    let crate_ = Aabb::new(Vec3::new(2.0, -1.0, -1.0), Vec3::new(4.0, 1.0, 1.0));
    let pill = Capsule::new(Vec3::new(0.0, 3.0, 0.0), Vec3::new(3.0, 3.0, 0.0), 0.5);
    let tilted = Obb::from_quat(
        Vec3::new(0.0, -1.75, 0.0),
        Vec3::new(1.0, 0.5, 0.5),
        Quat::from_euler(isect::glam::EulerRot::XYZ, 0.0, 0.0, 45f32.to_radians()),
    );

    assert_eq!(*results[0], json!(ball.intersects(&crate_)));
    assert_eq!(*results[0], json!(false));
    assert_eq!(*results[1], num(ball.distance(&crate_)));
    assert_eq!(*results[1], json!(1.0));
    let cp = ball.closest_points(&pill);
    assert_eq!(
        *results[2],
        json!({ "a": vec3(cp.a), "b": vec3(cp.b), "distance": num(cp.distance) })
    );
    assert_eq!(results[2]["distance"], json!(1.5));
    let c = ball.contact(&tilted).expect("they overlap");
    assert_eq!(
        *results[3],
        json!({ "point": vec3(c.point), "normal": vec3(c.normal), "depth": num(c.depth) })
    );
    let hit = crate_
        .raycast(&Ray::new(Vec3::ZERO, Vec3::X), 10.0)
        .unwrap();
    assert_eq!(
        *results[4],
        json!({ "t": num(hit.t), "point": vec3(hit.point), "normal": vec3(hit.normal) })
    );
    assert_eq!(results[4]["t"], json!(2.0));
    let s = ball
        .sweep(Vec3::new(4.0, 0.0, 0.0), &crate_, Vec3::ZERO)
        .unwrap();
    assert_eq!(
        *results[5],
        json!({
            "t_first": num(s.t_first), "t_last": num(s.t_last),
            "point": vec3(s.point), "normal": vec3(s.normal)
        })
    );
    assert_eq!(results[5]["t_first"], json!(0.25));
    let side = pill.classify(&Plane::new(Vec3::Y, 2.0));
    assert_eq!(side, Side::Front);
    assert_eq!(*results[6], json!("front"));
    let p = Vec3::new(0.0, -1.75, 0.0);
    assert_eq!(
        *results[7],
        json!({
            "contains": tilted.contains_point(p),
            "distance": num(tilted.distance_to_point(p)),
            "closest_point": vec3(tilted.closest_point(p)),
        })
    );
}

/// A pair `isect::d2` lacks is answered in place, as in 3D files, and the file's other queries
/// still run (exit 0).
#[test]
fn query_2d_names_a_missing_pair_in_place() {
    let r = &query_results(
        "pairs_2d",
        json!({
            "dim": 2,
            "shapes": [
                { "name": "notch", "type": "polygon", "points": [[0, 0], [4, 0], [4, 4], [2, 1], [0, 4]] },
                { "name": "ground", "type": "polyline", "points": [[-4, -1], [0, -1], [4, -1]] },
            ],
            "queries": [
                { "query": "contact", "a": "notch", "b": "ground" },
                { "query": "distance", "a": "ground", "b": "notch" },
            ]
        }),
    );
    assert_eq!(
        r[0]["result"]["error"],
        json!("isect does not implement contact for polygon and polyline in 2D")
    );
    assert_eq!(r[1]["result"], json!(1.0));
}

#[test]
fn query_reads_files_and_names_missing_pairs() {
    let cube = here("../isect/tests/data/cube.obj");
    let r = &query_results(
        "pairs",
        json!({
            "shapes": [
                { "type": "line", "origin": [0, 0, 0], "dir": [1, 0, 0] },
                { "name": "cube", "type": "mesh", "file": cube, "position": [1, 0, 0] },
            ],
            "queries": [
                { "query": "raycast", "shape": 0, "origin": [0, 1, 0], "dir": [0, -1, 0] },
                { "query": "raycast", "shape": "cube", "origin": [5, 0.5, 0.5], "dir": [-1, 0, 0] },
                { "query": "intersects", "a": "cube", "b": 0 },
            ]
        }),
    );
    assert_eq!(
        r[0]["result"]["error"],
        json!("isect does not implement raycast for line")
    );
    // The cube [0, 1]³ moved to x in [1, 2]: hit at x = 2, t = 3.
    assert_eq!(r[1]["result"]["t"], json!(3.0));
    assert_eq!(r[1]["result"]["normal"], json!([1.0, 0.0, 0.0]));
    // The x axis runs along the moved cube's bottom edge: touching counts.
    assert_eq!(r[2]["result"], json!(true));
}

#[test]
fn query_answers_sweeps_and_distances_against_meshes() {
    // The solid unit cube moved to [1, 2] x [0, 1] x [0, 1], a ball of radius 1 at x = 5 and a
    // second cube at [4, 5]: every answer is exact in floats, and the library's own.
    let cube = here("../isect/tests/data/cube.obj");
    let r = &query_results(
        "mesh_queries",
        json!({
            "shapes": [
                { "name": "cube", "type": "mesh", "file": cube, "position": [1, 0, 0] },
                { "name": "ball", "type": "sphere", "center": [5, 0.5, 0.5], "radius": 1 },
                { "name": "far", "type": "mesh", "file": cube, "position": [4, 0, 0] },
                { "name": "pill", "type": "capsule", "a": [1.5, 3, 0.5], "b": [1.5, 4, 0.5], "radius": 0.5 },
            ],
            "queries": [
                { "query": "sweep", "a": "ball", "motion": [-4, 0, 0], "b": "cube" },
                { "query": "sweep", "a": "cube", "b": "ball", "other_motion": [-4, 0, 0] },
                { "query": "sweep", "a": "pill", "motion": [0, -2, 0], "b": "cube", "other_motion": [0, 2, 0] },
                { "query": "sweep", "a": "ball", "motion": [0, 4, 0], "b": "cube" },
                { "query": "distance", "a": "ball", "b": "cube" },
                { "query": "closest_points", "a": "cube", "b": "ball" },
                { "query": "distance", "a": "cube", "b": "far" },
                { "query": "closest_points", "a": "pill", "b": "cube" },
            ]
        }),
    );
    // The ball reaches the face x = 2 halfway and ends inside the solid cube (t_last = 1).
    assert_eq!(
        r[0]["result"],
        json!({ "t_first": 0.5, "t_last": 1.0, "point": [2.0, 0.5, 0.5], "normal": [1.0, 0.0, 0.0] })
    );
    // The mesh first: the normal points from the ball towards the mesh.
    assert_eq!(r[1]["result"]["t_first"], json!(0.5));
    assert_eq!(r[1]["result"]["normal"], json!([-1.0, 0.0, 0.0]));
    // Both moving: the capsule's bottom (y = 2.5) meets the rising top face (y = 1) at a
    // relative motion of 1.5 of 4.
    assert_eq!(r[2]["result"]["t_first"], json!(0.375));
    assert_eq!(r[2]["result"]["normal"], json!([0.0, 1.0, 0.0]));
    assert_eq!(r[3]["result"], Value::Null);
    assert_eq!(r[4]["result"], json!(2.0));
    assert_eq!(
        r[5]["result"],
        json!({ "a": [2.0, 0.5, 0.5], "b": [4.0, 0.5, 0.5], "distance": 2.0 })
    );
    assert_eq!(r[6]["result"], json!(2.0));
    // The capsule's lowest point above the middle of the top face (on a diagonal of its two
    // triangles): exact up to rounding.
    let near = |v: &Value, want: [f64; 3]| {
        (0..3).all(|k| (v[k].as_f64().unwrap() - want[k]).abs() <= 1e-6)
    };
    assert_eq!(r[7]["result"]["distance"], json!(1.5));
    assert!(near(&r[7]["result"]["a"], [1.5, 2.5, 0.5]), "{}", r[7]);
    assert!(near(&r[7]["result"]["b"], [1.5, 1.0, 0.5]), "{}", r[7]);
}

#[test]
fn query_answers_contacts_between_two_meshes() {
    // The solid unit cube, a second one resting on its top face (moved by a quarter in x and
    // z), and a third apart: the contact is the top face's normal at depth 0 (internal edges
    // removed on both), flipped with the order; none when apart.
    let cube = here("../isect/tests/data/cube.obj");
    let r = &query_results(
        "mesh_mesh_contacts",
        json!({
            "shapes": [
                { "name": "low", "type": "mesh", "file": cube, "position": [0, 0, 0] },
                { "name": "high", "type": "mesh", "file": cube, "position": [0.25, 1, 0.25] },
                { "name": "apart", "type": "mesh", "file": cube, "position": [3, 0, 0] },
            ],
            "queries": [
                { "query": "contact", "a": "high", "b": "low" },
                { "query": "contact", "a": "low", "b": "high" },
                { "query": "contact", "a": "low", "b": "apart" },
            ]
        }),
    );
    assert_eq!(r[0]["result"]["normal"], json!([0.0, 1.0, 0.0]), "{}", r[0]);
    assert_eq!(r[0]["result"]["depth"], json!(0.0));
    assert_eq!(
        r[1]["result"]["normal"],
        json!([0.0, -1.0, 0.0]),
        "{}",
        r[1]
    );
    assert_eq!(r[1]["result"]["depth"], json!(0.0));
    assert_eq!(r[2]["result"], Value::Null);
}

#[test]
fn query_answers_contacts_against_meshes() {
    // The solid unit cube moved to [1, 2] x [0, 1] x [0, 1]: a ball sunk a quarter into its face
    // x = 2, a stick through its top face with a quarter below it, and a ball clear of it. Every
    // answer is exact in floats, and the library's own.
    let cube = here("../isect/tests/data/cube.obj");
    let r = &query_results(
        "mesh_contacts",
        json!({
            "shapes": [
                { "name": "cube", "type": "mesh", "file": cube, "position": [1, 0, 0] },
                { "name": "ball", "type": "sphere", "center": [2.25, 0.5, 0.5], "radius": 0.5 },
                { "name": "stick", "type": "segment", "a": [1.5, 0.75, 0.25], "b": [1.5, 1.5, 0.25] },
                { "name": "clear", "type": "sphere", "center": [5, 0.5, 0.5], "radius": 1 },
            ],
            "queries": [
                { "query": "contact", "a": "ball", "b": "cube" },
                { "query": "contact", "a": "cube", "b": "ball" },
                { "query": "contact", "a": "stick", "b": "cube" },
                { "query": "contact", "a": "clear", "b": "cube" },
            ]
        }),
    );
    assert_eq!(r[0]["result"]["normal"], json!([1.0, 0.0, 0.0]), "{}", r[0]);
    assert_eq!(r[0]["result"]["depth"], json!(0.25), "{}", r[0]);
    assert_eq!(r[0]["result"]["point"], json!([2.0, 0.5, 0.5]), "{}", r[0]);
    // The mesh first: the normal points from the ball towards the mesh.
    assert_eq!(
        r[1]["result"]["normal"],
        json!([-1.0, 0.0, 0.0]),
        "{}",
        r[1]
    );
    assert_eq!(r[1]["result"]["depth"], json!(0.25), "{}", r[1]);
    // The stick is pushed out through the top face by its quarter below it.
    assert_eq!(
        r[2]["result"],
        json!({ "point": [1.5, 1.0, 0.25], "normal": [0.0, 1.0, 0.0], "depth": 0.25 })
    );
    assert_eq!(r[3]["result"], Value::Null);
}

#[test]
fn mesh_statistics() {
    let cube = here("../isect/tests/data/cube_binary.stl");
    let output = isect(&["mesh", cube.to_str().unwrap()], None);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let out = text(&output.stdout);
    for expected in [
        "triangles:   12",
        "vertices:    8",
        "min [0, 0, 0], max [1, 1, 1]",
        "degenerate:  0",
        "solid:       yes",
        "load time:",
    ] {
        assert!(out.contains(expected), "`{expected}` missing from:\n{out}");
    }
}

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
        "render2d",
        "2d_scene_unknown_pair.json",
        "2d_scene_unknown_pair.json: queries[0]: isect does not implement contact for polygon \
         and polyline in 2D",
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
fn render_into_a_missing_directory_fails_before_rendering() {
    let output = isect(
        &[
            "render",
            "--width",
            "8",
            "--height",
            "8",
            "--mesh-triangles",
            "12",
            "--out",
            "/no/such/dir/x.png",
        ],
        None,
    );
    assert_eq!(output.status.code(), Some(1));
    assert!(
        text(&output.stderr)
            .contains("/no/such/dir/x.png: the directory /no/such/dir does not exist")
    );
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

#[test]
fn numbers_are_written_shortest_without_negative_zero() {
    // The closest point (0.4, 0, 0) is f32 0.4 exactly; a solid ray cast from inside the
    // sphere answers the normal -dir = (-1, -0, -0).
    let query = json!({
        "shapes": [
            { "type": "aabb", "min": [0.4, 0, 0], "max": [1, 1, 1] },
            { "type": "sphere", "center": [0, 0, 0], "radius": 1 },
        ],
        "queries": [
            { "query": "point", "shape": 0, "point": [0, 0, 0] },
            { "query": "raycast", "shape": 1, "origin": [0, 0, 0], "dir": [1, 0, 0] },
        ]
    });
    let output = isect(&["query", "-"], Some(&query.to_string()));
    assert!(output.status.success(), "{}", text(&output.stderr));
    let out = text(&output.stdout);
    assert!(out.contains("0.4,"), "{out}");
    assert!(!out.contains("0.4000000"), "{out}");
    assert!(!out.contains("-0.0"), "{out}");
    let doc: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        doc["results"][0]["result"]["closest_point"],
        json!([0.4, 0.0, 0.0])
    );
    assert_eq!(
        doc["results"][1]["result"]["normal"],
        json!([-1.0, 0.0, 0.0])
    );
    // The control: the library does answer -0 there.
    let hit = Sphere::new(Vec3::ZERO, 1.0)
        .raycast(&Ray::new(Vec3::ZERO, Vec3::X), f32::MAX)
        .unwrap();
    assert!(hit.normal.y.is_sign_negative() && hit.normal.y == 0.0);
}

#[test]
fn mesh_welding_and_formats() {
    let data = |name: &str| here("../isect/tests/data").join(name);
    let run = |args: &[&str]| {
        let output = isect(args, None);
        assert!(
            output.status.success(),
            "{args:?}: {}",
            text(&output.stderr)
        );
        text(&output.stdout)
    };
    let per_face = data("cube_per_face.ply");
    let per_face = per_face.to_str().unwrap();
    let out = run(&["mesh", per_face]);
    assert!(out.contains("(PLY)"), "{out}");
    assert!(
        out.contains("vertices:    8 (24 in the file, 16 merged at identical positions)"),
        "{out}"
    );
    assert!(out.contains("solid:       yes"), "{out}");
    let out = run(&["mesh", "--weld", "off", per_face]);
    assert!(
        out.contains("vertices:    24 (24 in the file, not welded)"),
        "{out}"
    );
    assert!(out.contains("solid:       no"), "{out}");
    let out = run(&["mesh", "--weld", "0.001", per_face]);
    assert!(out.contains("16 merged within 0.001"), "{out}");
    // No extension: the content says binary STL.
    let out = run(&["mesh", data("cube_stl_no_extension").to_str().unwrap()]);
    assert!(
        out.contains("(STL)") && out.contains("triangles:   12"),
        "{out}"
    );
    // Notes say what was skipped.
    let out = run(&["mesh", data("obj_lines_and_faces.obj").to_str().unwrap()]);
    assert!(
        out.contains("note:        skipped 2 `l` (polyline) and 1 `p` (point) lines"),
        "{out}"
    );
    for bad in ["-1", "nan", "inf", "exactly"] {
        let output = isect(&["mesh", &format!("--weld={bad}"), per_face], None);
        assert_eq!(output.status.code(), Some(2), "{bad}");
        assert!(
            text(&output.stderr).contains("is not `exact`, `off` or a distance"),
            "{bad}"
        );
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

/// `render --out` over files that exist: a read-only one is refused and left as it was; a
/// writable one keeps its mode (and, written in place, its owner when it is another user's).
#[cfg(unix)]
#[test]
fn render_respects_existing_files() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let dir = scratch("existing");
    let render = |out: &Path| {
        isect(
            &[
                "render",
                "--width",
                "8",
                "--height",
                "8",
                "--mesh-triangles",
                "12",
                "--out",
                out.to_str().unwrap(),
            ],
            None,
        )
    };
    let read_only = dir.join("read_only.png");
    std::fs::write(&read_only, b"keep me").unwrap();
    std::fs::set_permissions(&read_only, std::fs::Permissions::from_mode(0o444)).unwrap();
    let output = render(&read_only);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        text(&output.stderr)
            .contains("read_only.png: exists and is read-only (not writable by you); not replaced"),
        "{}",
        text(&output.stderr)
    );
    assert_eq!(std::fs::read(&read_only).unwrap(), b"keep me");
    assert_eq!(std::fs::metadata(&read_only).unwrap().mode() & 0o777, 0o444);

    let shared = dir.join("shared.png");
    std::fs::write(&shared, b"old").unwrap();
    std::fs::set_permissions(&shared, std::fs::Permissions::from_mode(0o640)).unwrap();
    let output = render(&shared);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(std::fs::metadata(&shared).unwrap().mode() & 0o777, 0o640);
    assert_eq!(decode(&shared).0, 8);

    // Another user's writable file (possible to set up when the tests run as root).
    let theirs = dir.join("theirs.png");
    std::fs::write(&theirs, b"old").unwrap();
    std::fs::set_permissions(&theirs, std::fs::Permissions::from_mode(0o666)).unwrap();
    if std::os::unix::fs::chown(&theirs, Some(65534), Some(65534)).is_ok() {
        let output = render(&theirs);
        assert!(output.status.success(), "{}", text(&output.stderr));
        let meta = std::fs::metadata(&theirs).unwrap();
        assert_eq!((meta.uid(), meta.mode() & 0o777), (65534, 0o666));
        assert_eq!(decode(&theirs).0, 8);
    }
    let directory_out = dir.join("a_directory");
    std::fs::create_dir(&directory_out).unwrap();
    let output = render(&directory_out);
    assert!(text(&output.stderr).contains("exists and is not a regular file"));
    // No temporary file was left behind.
    let mut left: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(
        left,
        ["a_directory", "read_only.png", "shared.png", "theirs.png"]
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

fn vec2(v: Vec2) -> Value {
    json!([num(v.x), num(v.y)])
}

/// A 2D file (`tests/data/query2d.json`) of cases with exact answers, each also the library's.
#[test]
fn query_2d_answers_exact_cases() {
    let output = isect(
        &["query", here("tests/data/query2d.json").to_str().unwrap()],
        None,
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let doc: Value = serde_json::from_slice(&output.stdout).unwrap();
    let r: Vec<&Value> = doc["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| &r["result"])
        .collect();
    assert_eq!(r.len(), 11);
    let v = Vec2::new;
    let coin = d2::Circle::new(Vec2::ZERO, 1.0);
    let tile = d2::Aabb::new(v(1.0, -1.0), v(3.0, 1.0));
    let puck = d2::Circle::new(v(-4.0, 0.0), 1.0);
    let notch = d2::Polygon::new(vec![
        v(0.0, 0.0),
        v(4.0, 0.0),
        v(4.0, 4.0),
        v(2.0, 1.0),
        v(0.0, 4.0),
    ])
    .unwrap();
    let ground =
        d2::Polyline::chain(vec![v(-4.0, 0.0), v(0.0, 0.0), v(0.0, 1.0), v(4.0, 1.0)]).unwrap();
    let post = d2::Obb::from_angle(v(0.0, 3.0), v(0.5, 1.0), 0.0);

    // The circle touches the box's left face at (1, 0).
    assert_eq!(*r[0], json!(true));
    let c = d2::Contact::contact(&coin, &tile).unwrap();
    assert_eq!(
        *r[1],
        json!({ "point": vec2(c.point), "normal": vec2(c.normal), "depth": num(c.depth) })
    );
    assert_eq!(
        *r[1],
        json!({ "point": [1.0, 0.0], "normal": [-1.0, 0.0], "depth": 0.0 })
    );
    // A ray from x = 5 going left hits the box's right face at t = 2.
    assert_eq!(
        *r[2],
        json!({ "t": 2.0, "point": [3.0, 0.0], "normal": [1.0, 0.0] })
    );
    let hit = d2::RayCast::raycast(&tile, &d2::Ray::new(v(5.0, 0.0), v(-1.0, 0.0)), Real::MAX);
    assert_eq!(hit.unwrap().t, 2.0);
    // The puck moving 8 to the right first touches the box when its center is at x = 0.
    let s = d2::Sweep::sweep(&puck, v(8.0, 0.0), &tile, Vec2::ZERO).unwrap();
    assert_eq!(
        *r[3],
        json!({
            "t_first": num(s.t_first), "t_last": num(s.t_last),
            "point": vec2(s.point), "normal": vec2(s.normal)
        })
    );
    assert_eq!(
        (r[3]["t_first"].clone(), r[3]["t_last"].clone()),
        (json!(0.5), json!(1.0))
    );
    // The concave polygon's notch: (2, 2) is outside, (3, 2.5) inside.
    for (i, p) in [(4, v(2.0, 2.0)), (5, v(3.0, 2.5))] {
        assert_eq!(
            *r[i],
            json!({
                "contains": d2::PointQuery::contains_point(&notch, p),
                "distance": num(d2::PointQuery::distance_to_point(&notch, p)),
                "closest_point": vec2(d2::PointQuery::closest_point(&notch, p)),
            })
        );
    }
    assert_eq!(r[4]["contains"], json!(false));
    assert_eq!(r[5]["contains"], json!(true));
    // The ray along y = 0.5 meets the step of the polyline at x = 0.
    let hit = ground
        .raycast_segment(&d2::Ray::new(v(-2.0, 0.5), Vec2::X), 10.0)
        .unwrap();
    assert_eq!((hit.t, hit.segment), (2.0, 1));
    assert_eq!(
        *r[6],
        json!({ "t": 2.0, "point": [0.0, 0.5], "normal": [-1.0, 0.0], "segment": 1 })
    );
    // The post stands on y = 2, above the line y = 1: in front (left of its direction).
    let line = d2::Line::new(v(0.0, 1.0), Vec2::X);
    assert_eq!(d2::Classify::classify(&post, &line), d2::Side::Front);
    assert_eq!(*r[7], json!("front"));
    let cp = d2::Distance::closest_points(&post, &coin);
    assert_eq!(
        *r[8],
        json!({ "a": vec2(cp.a), "b": vec2(cp.b), "distance": num(cp.distance) })
    );
    assert_eq!(r[8]["distance"], json!(1.0));
    // The manifold of the box on the circle: one point, the touching one, normal from the
    // circle towards the box.
    let m = d2::ContactManifold::contact_manifold(&tile, &coin);
    assert_eq!(m.len(), 1);
    assert_eq!(
        *r[9],
        json!({ "normal": [1.0, 0.0], "points": [{ "point": [1.0, 0.0], "depth": 0.0 }] })
    );
    // The puck touches the polyline's first vertex.
    assert_eq!(*r[10], json!(0.0));
    assert_eq!(d2::Distance::distance(&puck, &ground), 0.0);
}

/// `render2d` on a small scene with its view given (0.1 units a pixel, `y` up): the colours of
/// pixels whose answer is known. A pixel's colour is the library's point query at its center.
#[test]
fn render2d_draws_shapes_and_answers() {
    let dir = scratch("render2d");
    let out = dir.join("small.png");
    let scene = here("tests/data/render2d_small.json");
    let output = isect(
        &[
            "render2d",
            "--scene",
            scene.to_str().unwrap(),
            "--width",
            "160",
            "--height",
            "120",
            "--out",
            out.to_str().unwrap(),
        ],
        None,
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(text(&output.stderr).contains("3 shapes and the answers of 1 queries drawn"));
    let (w, h, rgb) = decode(&out);
    assert_eq!((w, h), (160, 120));
    // The pixel (x, y) has its center at (0.1 x + 0.05, 11.95 - 0.1 y).
    let at = |x: usize, y: usize| -> [u8; 3] {
        let i = 3 * (y * 160 + x);
        [rgb[i], rgb[i + 1], rgb[i + 2]]
    };
    let is = |c: [u8; 3], dominant: usize| {
        (0..3).all(|k| k == dominant || c[dominant] > c[k].saturating_add(60))
    };
    // Outside every shape and answer: the white background.
    assert_eq!(at(80, 5), [255, 255, 255]);
    assert_eq!(at(2, 118), [255, 255, 255]);
    // Inside the red circle (center (4, 6)), inside the green box, in the blue polygon.
    assert!(is(at(40, 60), 0), "{:?}", at(40, 60));
    assert!(is(at(120, 60), 1), "{:?}", at(120, 60));
    assert!(is(at(20, 105), 2), "{:?}", at(20, 105));
    // (4.05, 2.95) lies in the polygon's notch, above its inner corner (4, 2): not in it.
    assert_eq!(at(40, 90), [255, 255, 255]);
    // The ray from (16, 9.5) along (-1, -1) passes (14.95, 8.45), dark, and hits the box's
    // right face at (14, 7.5): a point drawn in blue, the normal +x in red.
    let ink = at(149, 35);
    assert!(ink.iter().all(|&c| c < 80), "{ink:?}");
    assert!(is(at(140, 45), 2), "{:?}", at(140, 45));
    assert!(is(at(152, 45), 0), "{:?}", at(152, 45));
    // Nothing but the PNG is left in the directory.
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The example scene of the README renders, and the same file answers `isect query`.
#[test]
fn render2d_example_scene() {
    let dir = scratch("render2d-example");
    let out = dir.join("scene.png");
    let scene = here("tests/data/scene2d.json");
    let readme = std::fs::read_to_string(here("../../README.md")).unwrap();
    let section = &readme[readme.find("### 2D files").expect("the section exists")..];
    let start = section.find("```json\n").unwrap() + "```json\n".len();
    let end = start + section[start..].find("```").unwrap();
    let example: Value = serde_json::from_str(&section[start..end]).unwrap();
    let file: Value = serde_json::from_str(&std::fs::read_to_string(&scene).unwrap()).unwrap();
    assert_eq!(
        example, file,
        "the README's 2D example is tests/data/scene2d.json"
    );
    let output = isect(
        &[
            "render2d",
            "--scene",
            scene.to_str().unwrap(),
            "--width",
            "96",
            "--height",
            "72",
            "--out",
            out.to_str().unwrap(),
        ],
        None,
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let (w, h, rgb) = decode(&out);
    assert_eq!((w, h), (96, 72));
    let mut colors: Vec<&[u8]> = rgb.chunks(3).collect();
    colors.sort_unstable();
    colors.dedup();
    assert!(colors.len() > 12, "only {} colours", colors.len());
    let output = isect(&["query", scene.to_str().unwrap()], None);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let doc: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(doc["results"][0]["result"]["t"], json!(2.0));
    std::fs::remove_dir_all(&dir).unwrap();
}
