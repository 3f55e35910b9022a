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

mod errors;
mod planar;
mod query;
mod render;

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

/// A number as the command line writes it: the shortest decimal that reads back to `x`.
fn num(x: f32) -> Value {
    json!((x + 0.0).to_string().parse::<f64>().unwrap())
}

fn vec3(v: Vec3) -> Value {
    json!([num(v.x), num(v.y), num(v.z)])
}
