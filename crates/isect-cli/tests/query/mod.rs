//! `isect query` and `isect mesh` on 3D files: the README's example, meshes, numbers as written.

use super::*;

/// The query file in the README's "Command line" section.
fn readme_example() -> String {
    let readme = std::fs::read_to_string(here("../../README.md")).unwrap();
    let section = &readme[readme.find("## Command line").expect("the section exists")..];
    let start = section.find("```json\n").unwrap() + "```json\n".len();
    let end = start + section[start..].find("```").unwrap();
    section[start..end].to_string()
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
