//! `isect render`: the built-in and golden pictures, mesh instances, and the output file rules.

use super::*;

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
