//! 2D files: `isect query` on `d2` shapes and `isect render2d`.

use super::*;

fn vec2(v: Vec2) -> Value {
    json!([num(v.x), num(v.y)])
}

/// Every pair of 2D kinds has every query since polylines got manifolds with each other: the
/// manifold of a bathtub-shaped chain sunk by its two sides into a floor is the library's (its
/// two sides' ends, halfway between the chains, 0.5 deep), and the file's other queries run.
#[test]
fn query_2d_answers_a_manifold_between_polylines() {
    let r = &query_results(
        "pairs_2d",
        json!({
            "dim": 2,
            "shapes": [
                { "name": "notch", "type": "polygon", "points": [[0, 0], [4, 0], [4, 4], [2, 1], [0, 4]] },
                { "name": "tub", "type": "polyline", "points": [[-1, 1], [-1, -0.5], [1, -0.5], [1, 1]] },
                { "name": "ground", "type": "polyline", "points": [[-4, 0], [0, 0], [4, 0]] },
            ],
            "queries": [
                { "query": "manifold", "a": "tub", "b": "ground" },
                { "query": "distance", "a": "ground", "b": "notch" },
            ]
        }),
    );
    let m = &r[0]["result"];
    assert_eq!(m["normal"], json!([0.0, 1.0]), "{m}");
    let mut points: Vec<(f64, f64, f64)> = m["points"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["point"][0].as_f64().unwrap(),
                p["point"][1].as_f64().unwrap(),
                p["depth"].as_f64().unwrap(),
            )
        })
        .collect();
    points.sort_by(|a, b| a.0.total_cmp(&b.0));
    assert_eq!(points, vec![(-1.0, -0.25, 0.5), (1.0, -0.25, 0.5)], "{m}");
    assert_eq!(r[1]["result"], json!(0.0));
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
