//! Ray traversal of the BVH: the closest hit, any hit, every hit, and signed crossing counts
//! (for the containment test of a solid mesh).
//!
//! # The rule of the two compiled copies: `#[inline(always)]` or a macro
//!
//! Every query runs through [`crate::dispatch::fast`], which compiles its closure twice, for
//! baseline x86-64 and for x86-64-v3 (AVX2, FMA, BMI), and picks one per process at run time.
//! Only what is inlined into that closure is compiled twice: a function the compiler keeps out
//! of line is compiled once, for the baseline, and the x86-64-v3 copy calls it. So everything a
//! traversal runs per node or per leaf is `#[inline(always)]`, closures included
//! (`#[inline(always)] |first, count| ...` as an argument), or a macro (`with_permutation!`, the
//! leaf test's `corner!`): plain `#[inline]` lets the compiler decline (it has not so far for
//! tiny helpers such as glam's methods and the stack's `push` and `pop`). Out of line on purpose
//! are the rare paths: a ray in a triangle's plane (`in_plane`) and a tie between two hits
//! (`Bvh::wins_tie`). A broken rule shows in callgrind's profile of a mesh cast: what is inlined
//! counts as `dispatch::v3::run` itself, an out-of-line function under its own name. Both copies
//! give the same bits (`crate::bvh::copies_agree` tests it).
//!
//! # Exact rather than fast-and-approximate
//!
//! The triangle test is the watertight one of [`crate::Triangle::raycast_barycentric`] (Woop,
//! Benthin and Wald 2013) with the ray's shear computed once per ray instead of once per
//! triangle: the same permutation, shear and edge functions (recomputed in `f64` when they round
//! to 0 in `f32`), so an edge's function depends only on its two corners and the ray and a ray
//! through a shared edge or vertex of a closed mesh hits one of the triangles there. A ray in a
//! triangle's plane (`det = 0`) goes to the triangle's own in-plane clipping. Triangles without
//! area are skipped. The box test is the slab test over a node's lanes with the far distance
//! widened by a few ulp (Ize, "Robust BVH Ray Traversal", 2013), so rounding never culls a box
//! whose triangle the exact test hits; a zero direction coordinate is handled without NaN (a ray
//! parallel to a slab is inside it exactly when its origin is).
//!
//! # Files, in the order a ray meets them
//!
//! - `setup`: [`PreRay`], the ray prepared once per query, and [`Frame`], the watertight test's
//!   permutation and shear, made when the traversal first reaches a leaf (most short rays reach
//!   none, and choosing the permutation is a branch random rays mispredict);
//! - `slabs`: the slab tests, of the whole tree's box before the root (`PreRay::may_enter`) and
//!   of a node's lanes (`PreRay::node_slabs`);
//! - `order`: a node's lanes nearest first, and the entries of the traversal stack;
//! - `traverse`: the one traversal loop (`Bvh::traverse`), nearest first or in no order,
//!   calling a closure per leaf; it keeps the node it visits in hand and splits a node's lanes
//!   into leaves and inner nodes by a mask, so random rays mispredict fewer branches;
//! - `leaf`: the four-lane watertight test of a leaf's triangles and the acceptance of a hit;
//! - `steady`: the per-slot flags of clear triangles, and the closest hit's shortcut past the
//!   steady barycentric test ([`Bvh::keeps_barycentric`](crate::bvh::layout::Bvh));
//! - `closest`, `any`, `all`, `crossings`: the four queries, each a limit and a leaf closure for
//!   the loop.
//!
//! # Names
//!
//! A query `X` (`closest`, `any`, `all`, `crossings`, and `closest_packet` in
//! [`crate::bvh::packet`]) is the entry point, which runs its body through
//! [`crate::dispatch::fast`]. `X_inline` is the same query compiled into its caller: for callers
//! already inside one of the copies, and for the test that compares the copies (which calls it
//! from baseline code). The closest hit has more pieces: `closest` tests the whole tree's box in
//! its caller and runs `closest_from_root` (the traversal past that test) in a copy; packets go
//! on ray by ray with `closest_in_subtree` (one subtree, from a ray's closest hit so far) and
//! `closest_in_leaf` (one leaf against that hit).
//!
//! The traversal's stack entry type `E` ([`StackEntry`]) says whether it is ordered: `Entry`
//! (nearest box first, the closest hit's order, an entry carrying its distance) or `Unordered`
//! (a bare node index). Const parameters: `COHERENT` (the rays come in runs of one direction
//! octant, as a camera's do, so a jump per octant is predicted), `OBLIQUE` (no direction
//! coordinate is zero: no parallel-axis test) and `OCTANT` (the direction's sign bits, so the
//! near and far planes are at fixed offsets in a node).
//!
//! ARCHITECTURE.md ("Mesh BVH") gives the reasons for these choices; docs/performance.md ("Mesh
//! BVH and ray traversal") the measurements behind them.

mod all;
mod any;
mod closest;
mod crossings;
mod leaf;
mod order;
mod setup;
mod slabs;
mod steady;
#[cfg(test)]
mod test_cases;
mod traverse;

pub(crate) use closest::LeafHit;
pub(crate) use crossings::Crossings;
pub(in crate::bvh) use leaf::is_clear;
pub(in crate::bvh) use order::{
    Entry, NO_ENTRY, StackEntry, Unordered, lanes_within, nearest_next, visit_nearest_first,
};
pub(in crate::bvh) use setup::WIDEN;
pub(crate) use setup::{Frame, PreRay};
pub(in crate::bvh) use slabs::{HALVES, lanes_entered, quarter};
pub(in crate::bvh) use steady::{CLEAR, clear_flags};
