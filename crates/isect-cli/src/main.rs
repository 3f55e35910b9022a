//! The `isect` command line.

use clap::Parser;

/// Geometric intersection tests from the command line.
///
/// Commands that render a scene, answer queries from a JSON file and inspect meshes come with
/// later releases; this version answers `--help` and `--version`.
#[derive(Debug, Parser)]
#[command(name = "isect", version, about, long_about)]
struct Cli {}

fn main() {
    let _cli = Cli::parse();
    println!(
        "isect {}: no command given; `isect --help` lists what this version can do.",
        env!("CARGO_PKG_VERSION")
    );
}
