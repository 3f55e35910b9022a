//! The `isect` command line: render a scene, answer queries from JSON, inspect meshes.

// A std binary: the float methods are fine here (`isect::ops` exists for the no_std library).
#![expect(
    clippy::disallowed_methods,
    reason = "a std program; the `ops` rule is for the library"
)]

mod d2;
mod dispatch;
mod json;
mod mesh;
mod output;
mod query;
mod render;
mod shapes;

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};

use crate::json::{CliError, Result};

/// Geometric intersection tests from the command line.
#[derive(Debug, Parser)]
#[command(name = "isect", version, about, long_about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Ray-trace a scene into a PNG: one ray per pixel and a shadow ray, through isect's ray
    /// casts. Without `--scene`, a built-in scene with every 3D shape kind and a mesh of a
    /// million triangles.
    Render {
        /// A scene in JSON (see the README's "Command line" section).
        #[arg(long, value_name = "FILE.json")]
        scene: Option<PathBuf>,
        /// Image width in pixels.
        #[arg(long, default_value_t = 960, value_parser = clap::value_parser!(u32).range(1..=16384))]
        width: u32,
        /// Image height in pixels.
        #[arg(long, default_value_t = 540, value_parser = clap::value_parser!(u32).range(1..=16384))]
        height: u32,
        /// The PNG to write (written to a temporary file, then renamed).
        #[arg(long, default_value = "isect-render.png")]
        out: PathBuf,
        /// Threads to render with (default: one per core).
        #[arg(long)]
        threads: Option<usize>,
        /// Triangles of the built-in scene's mesh (for quick tests).
        #[arg(long, hide = true, default_value_t = render::DEFAULT_MESH_TRIANGLES)]
        mesh_triangles: usize,
    },
    /// Draw a 2D file (`"dim": 2`) into a PNG: its shapes (solids filled, each in its colour)
    /// and the answers to its queries (ray hits, contacts and normals, closest points, sweeps at
    /// the time of contact). Each pixel is the library's own point query at its center.
    Render2d {
        /// The 2D file in JSON, as `isect query` reads it (see the README's "Command line").
        #[arg(long, value_name = "FILE.json")]
        scene: PathBuf,
        /// Image width in pixels.
        #[arg(long, default_value_t = 640, value_parser = clap::value_parser!(u32).range(1..=16384))]
        width: u32,
        /// Image height in pixels.
        #[arg(long, default_value_t = 480, value_parser = clap::value_parser!(u32).range(1..=16384))]
        height: u32,
        /// The PNG to write (written to a temporary file, then renamed).
        #[arg(long, default_value = "isect-render2d.png")]
        out: PathBuf,
    },
    /// Answer the queries in a JSON file (`-` for standard input) and print the results as JSON.
    /// A file that says `"dim": 2` holds 2D shapes (`isect::d2`), with 2-component vectors.
    Query {
        /// The JSON file of shapes and queries, or `-`.
        file: PathBuf,
    },
    /// Load a mesh (OBJ, STL or PLY) and print its statistics.
    Mesh {
        /// The mesh file (a file without an extension is recognised by its content).
        file: PathBuf,
        /// How vertices are merged: `exact` (identical positions, the default), `off` (the
        /// file's vertices as they are) or a distance (vertices within it).
        #[arg(long, default_value = "exact", value_parser = mesh::parse_weld)]
        weld: isect::Weld,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(command: Command) -> Result<()> {
    match command {
        Command::Render {
            scene,
            width,
            height,
            out,
            threads,
            mesh_triangles,
        } => {
            let mut pool = rayon::ThreadPoolBuilder::new();
            if let Some(threads) = threads {
                if threads == 0 {
                    return Err(CliError("--threads must be at least 1".into()));
                }
                pool = pool.num_threads(threads);
            }
            let pool = pool
                .build()
                .map_err(|e| CliError(format!("cannot start the threads: {e}")))?;
            pool.install(|| render_command(scene.as_deref(), width, height, &out, mesh_triangles))
        }
        Command::Query { file } => {
            let (text, source, dir) = read_input(&file)?;
            let doc = json::parse(&text, &source)?;
            let result = query::run(&doc, &dir).map_err(|e| CliError(format!("{source}: {e}")))?;
            let text = serde_json::to_string_pretty(&result)
                .map_err(|e| CliError(format!("cannot write JSON: {e}")))?;
            // `println!` would panic on a closed pipe (`isect query f.json | head`).
            let mut out = std::io::stdout().lock();
            match writeln!(out, "{text}").and_then(|()| out.flush()) {
                Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                    Err(CliError(format!("cannot write the results: {e}")))
                }
                _ => Ok(()),
            }
        }
        Command::Render2d {
            scene,
            width,
            height,
            out,
        } => {
            let (text, source, _) = read_input(&scene)?;
            let doc = json::parse(&text, &source)?;
            let scene =
                d2::render::parse_scene(&doc).map_err(|e| CliError(format!("{source}: {e}")))?;
            output::check_writable(&out)?;
            let rgb = d2::render::render(&scene, width, height);
            let png = render::encode_png(&rgb, width, height)?;
            output::write_atomic(&out, &png)?;
            eprintln!(
                "{} shapes and the answers of {} queries drawn at {width}x{height}",
                scene.shape_count(),
                scene.query_count()
            );
            println!("wrote {}", out.display());
            Ok(())
        }
        Command::Mesh { file, weld } => mesh::run(&file, weld),
    }
}

fn render_command(
    scene_file: Option<&Path>,
    width: u32,
    height: u32,
    out: &Path,
    mesh_triangles: usize,
) -> Result<()> {
    let build = Instant::now();
    let scene = match scene_file {
        None => render::default_scene(mesh_triangles),
        Some(file) => {
            let (text, source, dir) = read_input(file)?;
            let doc = json::parse(&text, &source)?;
            render::parse_scene(&doc, &dir).map_err(|e| CliError(format!("{source}: {e}")))?
        }
    };
    let build_time = build.elapsed();
    let triangles = scene.mesh_triangles;
    output::check_writable(out)?;
    let bar = render::progress_bar(height);
    let (rgb, stats) = render::render(&scene, width, height, &bar);
    bar.finish_and_clear();
    let png = render::encode_png(&rgb, width, height)?;
    output::write_atomic(out, &png)?;
    let seconds = stats.time.as_secs_f64().max(1e-9);
    eprintln!(
        "scene with {} shapes ({triangles} mesh triangles, {} mesh files loaded) built in {:.3} s (meshes and their BVHs)",
        scene.len(),
        scene.meshes_loaded,
        build_time.as_secs_f64()
    );
    eprintln!(
        "{width}x{height}: {} rays in {seconds:.3} s on {} threads, {:.2} million rays/s",
        stats.rays,
        rayon::current_num_threads(),
        stats.rays as f64 / seconds / 1e6
    );
    println!("wrote {}", out.display());
    Ok(())
}

/// The text of `file` (or standard input for `-`), its name for messages and the directory
/// relative to which it names other files.
fn read_input(file: &Path) -> Result<(String, String, PathBuf)> {
    if file == Path::new("-") {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| CliError(format!("<stdin>: cannot read: {e}")))?;
        return Ok((text, "<stdin>".into(), PathBuf::from(".")));
    }
    let source = file.display().to_string();
    let text = std::fs::read_to_string(file).map_err(|e| CliError(format!("{source}: {e}")))?;
    let dir = file
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf);
    Ok((text, source, dir))
}
