//! The bounding volume hierarchy behind [`crate::TriMesh`].
//!
//! One concern per file:
//! - [`build`]: a binary tree by the binned surface area heuristic (in parallel with the `rayon`
//!   feature, with the same result as the sequential build),
//! - [`layout`]: the binary tree collapsed into 8-wide nodes (4-wide in `f64`) whose child boxes
//!   are stored as structure of arrays, and the triangles copied in leaf order,
//! - [`ray`]: ray traversal (closest hit, any hit, all hits, crossing counts) with the watertight
//!   triangle test, one concern per file (set-up, slab tests, order, the loop, the leaf test, one
//!   file per query),
//! - [`packet`]: closest hits of coherent rays traced together (for [`crate::batch`]),
//! - [`query`]: box queries and mesh-against-mesh traversal for overlapping leaves,
//! - [`nearest`]: nearest-first branch and bound (the triangle nearest a point or a shape, the
//!   nearest pair of triangles of two meshes),
//! - [`sweep`]: front-to-back traversal for a box moving along a line (shapes swept against a
//!   mesh),
//! - [`refit`]: new vertex positions with the same tree topology,
//! - `validate`: the invariants, checked after every build and refit under debug assertions,
//! - `stack`: the traversal stack, on the call stack up to a depth and on the heap beyond.
//!
//! The traversals and the sequential build run through [`crate::dispatch::fast`] (a copy for
//! x86-64-v3 processors), so what they call per node must be `#[inline(always)]` or a macro: the
//! rule [`ray`]'s module docs state. `copies_agree` tests that both copies give the same bits.
//!
//! ARCHITECTURE.md ("Mesh BVH") explains the choices, docs/performance.md ("Mesh BVH and ray
//! traversal") has the measurements behind them.

pub(crate) mod build;
#[cfg(test)]
mod copies_agree;
pub(crate) mod layout;
pub(crate) mod nearest;
pub(crate) mod packet;
pub(crate) mod query;
pub(crate) mod ray;
pub(crate) mod refit;
pub(crate) mod stack;
pub(crate) mod sweep;
mod validate;

pub(crate) use layout::Bvh;
