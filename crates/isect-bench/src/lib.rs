//! Shared helpers of the isect benchmarks, which time isect and parry3d on identical inputs in the
//! same run and print the ratios.
//!
//! - [`broad`]: the broad-phase benchmark's scenes, and parry's `Bvh` driven as rapier's broad
//!   phase drives it;
//! - [`rng`]: a fixed-seed xorshift generator and the input sets made from it (points around a
//!   shape, points on segments and triangles, rotations), so every run times the same data;
//! - [`convert`]: isect's glam types to parry's and back, through arrays (so the two glam
//!   versions need not be the same);
//! - [`check`]: agreement assertions run once on the inputs before timing, so a benchmark cannot
//!   silently compare different work;
//! - [`report`]: the runner ([`Suite`]) that drives criterion, reads its estimates back and
//!   prints the `query | parry call | isect ns | parry ns | parry/isect` table, also written as
//!   markdown to `<target>/isect-bench/<bench>.md`.
//!
//! - `embree` (feature `embree`, x86-64 only): Embree 3 as the mesh benchmark's reference.
//!
//! A benchmark file (`benches/<name>.rs`, `harness = false`) builds a [`Suite`], adds a
//! [`Group`] per query with one `isect` and one or more parry functions, and calls
//! [`Suite::finish`].

pub mod broad;
pub mod check;
pub mod convert;
#[cfg(all(feature = "embree", target_arch = "x86_64"))]
pub mod embree;
pub mod meshes;
pub mod report;
pub mod rng;

pub use report::{Group, Suite, per_query};
pub use rng::Rng;
