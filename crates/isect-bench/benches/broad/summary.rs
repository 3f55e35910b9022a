//! The summary tables of a criterion run.

use super::*;

/// The summary tables: frames in milliseconds, queries per second, memory and growth.
pub(crate) fn summary(suite: &Suite, rows: &[Row]) -> String {
    let ms = |id: &str, f: &str| suite.estimate_ns(id, f).map(|ns| ns / 1e6);
    let fmt =
        |x: Option<f64>, digits: usize| x.map_or("–".to_owned(), |x| format!("{x:.digits$}"));
    let ratio = |a: Option<f64>, b: Option<f64>| match (a, b) {
        (Some(a), Some(b)) => format!("{:.2}", b / a),
        _ => "–".to_owned(),
    };
    let mut out = String::new();
    let mut lines = Vec::new();
    for r in rows {
        let name = motion_name(r.motion);
        let single = (
            ms(&format!("frame_{name}_{}", r.n), "isect"),
            ms(&format!("frame_{name}_{}", r.n), "parry"),
        );
        let par = (
            ms(&format!("frame_par_{name}_{}", r.n), "isect"),
            ms(&format!("frame_par_{name}_{}", r.n), "parry"),
        );
        lines.push([
            format!("{name} {}", r.n),
            format!("{}", r.moved),
            fmt(single.0, 3),
            fmt(single.1, 3),
            ratio(single.0, single.1),
            fmt(par.0, 3),
            fmt(par.1, 3),
            ratio(par.0, par.1),
        ]);
    }
    let _ = writeln!(
        out,
        "Frames (ms: the moves and every overlapping pair; parry/isect above 1: isect faster):\n\n{}",
        markdown_table(
            [
                "scene",
                "moved",
                "isect 1 thread",
                "parry 1 thread",
                "parry/isect",
                "isect all cores",
                "parry all cores",
                "parry/isect",
            ],
            &lines,
        )
    );

    let mut lines = Vec::new();
    for r in rows {
        let name = motion_name(r.motion);
        let mut line = [
            format!("{name} {}", r.n),
            String::new(),
            String::new(),
            String::new(),
            String::new(),
            String::new(),
            String::new(),
        ];
        for (k, kind) in ["ray", "box", "frustum"].into_iter().enumerate() {
            let id = format!("{kind}_{name}_{}", r.n);
            let batch = if kind == "frustum" { FRUSTA } else { QUERIES };
            let per_s = |f: &str| suite.estimate_ns(&id, f).map(|ns| batch as f64 / ns * 1e3);
            let (a, b) = (per_s("isect"), per_s("parry"));
            line[1 + 2 * k] = format!("{} / {}", fmt(a, 2), fmt(b, 2));
            line[2 + 2 * k] = match (a, b) {
                (Some(a), Some(b)) => format!("{:.2}", a / b),
                _ => "–".to_owned(),
            };
        }
        lines.push(line);
    }
    let _ = writeln!(
        out,
        "Queries (millions per second, isect / parry, one thread):\n\n{}",
        markdown_table(
            [
                "scene", "rays", "ratio", "boxes", "ratio", "frusta", "ratio"
            ],
            &lines,
        )
    );

    let mut lines = Vec::new();
    for r in rows.iter().filter(|r| r.motion == Motion::Coherent) {
        let id = format!("insert_{}", r.n);
        let (a, b) = (ms(&id, "isect"), ms(&id, "parry"));
        lines.push([
            format!("{}", r.n),
            fmt(a, 1),
            fmt(b, 1),
            ratio(a, b),
            format!("{:.0}", r.isect_bytes as f64 / r.n as f64),
            format!("{:.0}", r.parry_bytes as f64 / r.n as f64),
        ]);
    }
    let _ = writeln!(
        out,
        "Insertion of every box then the pairs (ms), and memory after the frames (bytes per \
         box: isect's `BroadPhase<u32>` whole; parry's tree, rapier's pair map and adjacency \
         lists, and the given boxes):\n\n{}",
        markdown_table(
            [
                "boxes",
                "isect insert",
                "parry insert",
                "parry/isect",
                "isect B/box",
                "parry B/box"
            ],
            &lines,
        )
    );

    let mut lines = Vec::new();
    for motion in [Motion::Coherent, Motion::Teleport] {
        let name = motion_name(motion);
        let first = rows.iter().find(|r| r.motion == motion).map(|r| r.n);
        let last = rows.iter().rev().find(|r| r.motion == motion).map(|r| r.n);
        if let (Some(a), Some(b)) = (first, last) {
            for lib in ["isect", "parry"] {
                let (x, y) = (
                    ms(&format!("frame_{name}_{a}"), lib),
                    ms(&format!("frame_{name}_{b}"), lib),
                );
                lines.push([
                    format!("{name}, {lib}"),
                    format!("{a} → {b}"),
                    match (x, y) {
                        (Some(x), Some(y)) => format!("{:.0}×", y / x),
                        _ => "–".to_owned(),
                    },
                    format!("{:.0}×", b as f64 / a as f64),
                ]);
            }
        }
    }
    let _ = writeln!(
        out,
        "Growth of the one-thread frame time with the number of boxes (moved boxes grow alike):\n\n{}",
        markdown_table(["frames", "boxes", "frame time", "moved boxes"], &lines)
    );
    out
}
