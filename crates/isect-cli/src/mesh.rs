//! `isect mesh`: statistics of a mesh file.

use std::path::Path;
use std::time::Instant;

use isect::io::LoadOptions;
use isect::{Bounded, Real, Weld};

use crate::json::{CliError, Result};

/// `--weld`: `exact`, `off` or a distance.
pub fn parse_weld(text: &str) -> std::result::Result<Weld, String> {
    match text {
        "exact" => Ok(Weld::Exact),
        "off" => Ok(Weld::Off),
        _ => match text.parse::<Real>() {
            Ok(d) if d.is_finite() && d >= 0.0 => Ok(Weld::Within(d)),
            _ => Err(format!(
                "`{text}` is not `exact`, `off` or a distance of 0 or more"
            )),
        },
    }
}

pub fn run(file: &Path, weld: Weld) -> Result<()> {
    let start = Instant::now();
    let loaded = isect::io::load_with(file, &LoadOptions::new().weld(weld))
        .map_err(|e| CliError(e.to_string()))?;
    let load_time = start.elapsed();
    let mesh = &loaded.mesh;
    let degenerate = (0..mesh.triangle_count() as u32)
        .filter(|&i| mesh.triangle(i).normal().is_none())
        .count();
    let bounds = mesh.aabb();
    let size = bounds.max - bounds.min;
    // `+ 0` writes -0 as 0.
    let (min, max) = (bounds.min + 0.0, bounds.max + 0.0);
    println!("file:        {} ({})", file.display(), loaded.format);
    println!("triangles:   {}", mesh.triangle_count());
    let merged = match weld {
        Weld::Off => "not welded".to_string(),
        Weld::Exact => format!("{} merged at identical positions", loaded.merged_vertices()),
        Weld::Within(d) => format!("{} merged within {d}", loaded.merged_vertices()),
    };
    println!(
        "vertices:    {} ({} in the file, {merged})",
        mesh.vertices().len(),
        loaded.file_vertices
    );
    println!(
        "bounds:      min [{}, {}, {}], max [{}, {}, {}] (size {} x {} x {})",
        min.x, min.y, min.z, max.x, max.y, max.z, size.x, size.y, size.z
    );
    println!("degenerate:  {degenerate} triangles (zero area; never hit)");
    println!(
        "solid:       {}",
        if mesh.is_solid() {
            "yes (closed and consistently oriented)"
        } else {
            "no (open, or not consistently oriented: a surface)"
        }
    );
    println!(
        "memory:      {} bytes with the BVH ({:.1} per triangle)",
        mesh.heap_bytes(),
        mesh.heap_bytes() as f64 / mesh.triangle_count() as f64
    );
    println!(
        "load time:   {:.3} s (parse, checks, welding and BVH build)",
        load_time.as_secs_f64()
    );
    for note in &loaded.notes {
        println!("note:        {note}");
    }
    Ok(())
}
