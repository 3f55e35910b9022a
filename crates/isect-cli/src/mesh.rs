//! `isect mesh`: statistics of a mesh file.

use std::path::Path;
use std::time::Instant;

use isect::Bounded;

use crate::json::{CliError, Result};

pub fn run(file: &Path) -> Result<()> {
    let start = Instant::now();
    let mesh = isect::io::load(file).map_err(|e| CliError(e.to_string()))?;
    let load_time = start.elapsed();
    let degenerate = (0..mesh.triangle_count() as u32)
        .filter(|&i| mesh.triangle(i).normal().is_none())
        .count();
    let bounds = mesh.aabb();
    let size = bounds.max - bounds.min;
    println!("file:        {}", file.display());
    println!("triangles:   {}", mesh.triangle_count());
    println!("vertices:    {}", mesh.vertices().len());
    println!(
        "bounds:      min [{}, {}, {}], max [{}, {}, {}] (size {} x {} x {})",
        bounds.min.x,
        bounds.min.y,
        bounds.min.z,
        bounds.max.x,
        bounds.max.y,
        bounds.max.z,
        size.x,
        size.y,
        size.z
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
        "load time:   {:.3} s (parse, checks and BVH build)",
        load_time.as_secs_f64()
    );
    Ok(())
}
