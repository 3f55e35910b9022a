//! The broad-phase benchmark's scenes and parry's side of it.
//!
//! - [`Scene`]: boxes of about unit size scattered in a cube at a density that gives each about
//!   two neighbours, and a cycle of frames that each move 10% of them: coherent small moves
//!   (a fixed tenth of the boxes travel around small circles, 0.03 units a frame, as awake
//!   bodies do among sleeping ones) or teleports (a different tenth each frame jumps anywhere).
//!   The cycle repeats, so a benchmark can play frames for as long as it measures.
//! - [`ParryBroad`]: parry3d's `partitioning::Bvh` driven as rapier's `BroadPhaseBvh::update`
//!   drives it (rapier's `src/geometry/broad_phase_bvh/update.rs`, 2025): leaves updated in
//!   place with change detection (or re-inserted when few moved), the incremental optimiser and
//!   its refit when enough changed, a full or partial refit, the tree's self-traversal of the
//!   changed leaves for candidate pairs, rapier's pair map (new pairs inserted, stale ones found
//!   through each changed collider's adjacency list and removed). To give the answer isect's
//!   `pairs` gives, every pair of the map is then tested with the given boxes.

#![expect(
    clippy::disallowed_methods,
    reason = "std code in the benchmarks; the `ops` rule is for the library"
)]

use isect::broad::{BroadPhase, Margin, Proxy};
use isect::math::Vec3;
use isect::{Aabb, Real};
use parry3d::bounding_volume::Aabb as PAabb;
use parry3d::partitioning::{Bvh, BvhLeafUpdateStatus, BvhWorkspace};
use parry3d::utils::hashmap::HashMap;

use crate::Rng;
use crate::convert::to_parry;

/// The grown box's margin on each side, in both libraries (rapier's change-detection skin is
/// 4% of its length unit; boxes here are about one unit).
pub const SKIN: Real = 0.1;
/// Frames in the cycle of coherent moves (one turn around each circle).
pub const COHERENT_CYCLE: usize = 64;
/// Frames in the cycle of teleports.
pub const TELEPORT_CYCLE: usize = 20;
/// Distance a coherently moving box travels per frame.
pub const STEP: Real = 0.03;

/// How the moving tenth moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Motion {
    /// A fixed tenth moves along small circles.
    Coherent,
    /// A different tenth each frame jumps to a random place.
    Teleport,
}

/// Boxes and the frames that move them.
#[derive(Debug)]
pub struct Scene {
    /// The boxes at the start.
    pub boxes: Vec<Aabb>,
    /// Each frame's moves: the box's index and its new box.
    pub frames: Vec<Vec<(u32, Aabb)>>,
    /// The side of the cube the boxes are in (from the origin).
    pub side: Real,
}

/// A random box of about unit size (half extents 0.25 to 0.75) centred at `c`.
fn box_at(rng: &mut Rng, c: Vec3) -> Aabb {
    Aabb::from_center_half_extents(c, rng.vec3(0.25, 0.75))
}

impl Scene {
    /// `n` boxes in a cube of side `1.6 ∛n` (about two neighbours each), moving by `motion`.
    #[must_use]
    pub fn new(n: usize, motion: Motion, seed: u64) -> Self {
        let mut rng = Rng::new(seed);
        let side = 1.6 * (n as Real).cbrt();
        let boxes: Vec<Aabb> = (0..n)
            .map(|_| {
                let c = rng.vec3(0.0, side);
                box_at(&mut rng, c)
            })
            .collect();
        let frames = match motion {
            Motion::Coherent => {
                let radius = STEP * COHERENT_CYCLE as Real / core::f64::consts::TAU as Real;
                let movers: Vec<(u32, Vec3, Vec3)> = (0..n as u32)
                    .step_by(10)
                    .map(|i| {
                        let u = rng.unit_vec3();
                        let v = u.any_orthonormal_vector();
                        (i, u * radius, v * radius)
                    })
                    .collect();
                (0..COHERENT_CYCLE)
                    .map(|f| {
                        let angle =
                            core::f64::consts::TAU as Real * f as Real / COHERENT_CYCLE as Real;
                        let (s, c) = (angle.sin(), angle.cos());
                        movers
                            .iter()
                            .map(|&(i, u, v)| {
                                let b = boxes[i as usize];
                                // Around a circle through the start: offset (c − 1) u + s v.
                                let d = u * (c - 1.0) + v * s;
                                (i, Aabb::new(b.min + d, b.max + d))
                            })
                            .collect()
                    })
                    .collect()
            }
            Motion::Teleport => (0..TELEPORT_CYCLE)
                .map(|f| {
                    (f as u32 % 10..n as u32)
                        .step_by(10)
                        .map(|i| {
                            let c = rng.vec3(0.0, side);
                            (i, box_at(&mut rng, c))
                        })
                        .collect()
                })
                .collect(),
        };
        Self {
            boxes,
            frames,
            side,
        }
    }
}

/// isect's broad phase of `boxes` as the benchmark builds it (absolute margin [`SKIN`]), each
/// box's proxy holding its index, and the proxies in the order of the boxes.
#[must_use]
pub fn isect_broad(boxes: &[Aabb]) -> (BroadPhase<u32>, Vec<Proxy>) {
    let mut bp = BroadPhase::with_margin(Margin {
        absolute: SKIN,
        relative: 0.0,
    });
    let proxies = boxes
        .iter()
        .enumerate()
        .map(|(i, b)| bp.insert(*b, i as u32))
        .collect();
    (bp, proxies)
}

/// An isect box as a parry box.
#[must_use]
pub fn to_parry_aabb(b: &Aabb) -> PAabb {
    PAabb::new(to_parry(b.min), to_parry(b.max))
}

/// Whether two closed boxes meet.
#[inline]
#[must_use]
pub fn overlaps(a: &Aabb, b: &Aabb) -> bool {
    a.min.cmple(b.max).all() && b.min.cmple(a.max).all()
}

/// parry's `Bvh` with rapier's broad-phase bookkeeping (see the module docs).
pub struct ParryBroad {
    /// The tree (public for the queries of the benchmark).
    pub tree: Bvh,
    workspace: BvhWorkspace,
    /// The boxes as given, for the exact test of the reported pairs.
    pub given: Vec<Aabb>,
    pairs: HashMap<(u32, u32), u32>,
    adjacency: Vec<Vec<u32>>,
    updated: Vec<u32>,
    updated_mask: Vec<bool>,
    prev_updated_leaves: Vec<u32>,
    curr_updated_leaves: Vec<u32>,
    candidates: Vec<(u32, u32)>,
    stale: Vec<(u32, u32)>,
    changes_since_optimize: u32,
    reinsert_leaf_updates: bool,
    deferred_optimize: bool,
    frame_index: u32,
    first: bool,
}

impl std::fmt::Debug for ParryBroad {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ParryBroad")
            .field("leaves", &self.tree.leaf_count())
            .field("pairs", &self.pairs.len())
            .finish_non_exhaustive()
    }
}

impl ParryBroad {
    /// The broad phase of `boxes` after rapier's first update (every leaf inserted, a full
    /// refit, every pair found); `parallel` as in [`ParryBroad::frame`].
    #[must_use]
    pub fn new(boxes: &[Aabb], parallel: bool) -> Self {
        let mut s = Self {
            tree: Bvh::new(),
            workspace: BvhWorkspace::default(),
            given: boxes.to_vec(),
            pairs: HashMap::default(),
            adjacency: vec![Vec::new(); boxes.len()],
            updated: Vec::new(),
            updated_mask: vec![false; boxes.len()],
            prev_updated_leaves: Vec::new(),
            curr_updated_leaves: Vec::new(),
            candidates: Vec::new(),
            stale: Vec::new(),
            changes_since_optimize: 0,
            reinsert_leaf_updates: false,
            deferred_optimize: false,
            frame_index: 0,
            first: true,
        };
        let all: Vec<(u32, Aabb)> = boxes
            .iter()
            .enumerate()
            .map(|(i, b)| (i as u32, *b))
            .collect();
        s.update(&all, parallel);
        s
    }

    /// One frame: the moves, then the number of pairs whose given boxes meet. With `parallel`
    /// (and the `parallel` feature), the calls rapier makes under its `parallel` feature
    /// (batched leaf updates, parallel refits and traversal), and the pairs tested on rayon's
    /// threads.
    pub fn frame(&mut self, moves: &[(u32, Aabb)], parallel: bool) -> usize {
        self.update(moves, parallel);
        #[cfg(feature = "parallel")]
        if parallel {
            use rayon::prelude::*;
            return self
                .pairs
                .par_keys()
                .filter(|&&(a, b)| overlaps(&self.given[a as usize], &self.given[b as usize]))
                .count();
        }
        self.pairs
            .keys()
            .filter(|&&(a, b)| overlaps(&self.given[a as usize], &self.given[b as usize]))
            .count()
    }

    /// The pairs whose given boxes meet, lower index first, sorted (for checking answers).
    #[must_use]
    pub fn pairs_sorted(&self) -> Vec<(u32, u32)> {
        let mut out: Vec<_> = self
            .pairs
            .keys()
            .copied()
            .filter(|&(a, b)| overlaps(&self.given[a as usize], &self.given[b as usize]))
            .collect();
        out.sort_unstable();
        out
    }

    /// Bytes held: the tree, the pair map and adjacency lists, the given boxes.
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.tree.total_memory_size()
            + self.pairs.capacity() * (size_of::<((u32, u32), u32)>() + 1)
            + self
                .adjacency
                .iter()
                .map(|v| size_of::<Vec<u32>>() + v.capacity() * 4)
                .sum::<usize>()
            + self.given.capacity() * size_of::<Aabb>()
    }

    fn update(&mut self, moves: &[(u32, Aabb)], parallel: bool) {
        self.frame_index = self.frame_index.wrapping_add(1);
        // The optimisation rapier defers to run beside its narrow phase runs before the next
        // update at the latest.
        if self.deferred_optimize {
            self.deferred_optimize = false;
            self.tree.optimize_incremental(&mut self.workspace);
            self.refit_without_resolve(parallel);
        }
        self.updated.clear();
        self.curr_updated_leaves.clear();
        let leaf_count = self.tree.leaf_count() as usize;
        let use_reinsert =
            self.reinsert_leaf_updates && moves.len() * 16 < leaf_count && !self.first;
        for &(i, b) in moves {
            self.given[i as usize] = b;
        }
        let mut statuses = Vec::new();
        #[cfg(feature = "parallel")]
        if parallel && !use_reinsert {
            let batch: Vec<_> = moves
                .iter()
                .map(|(i, b)| (to_parry_aabb(b), *i, SKIN))
                .collect();
            self.tree
                .insert_or_update_batch_partially_parallel(&batch, &mut statuses);
        }
        if statuses.is_empty() {
            for &(i, b) in moves {
                let aabb = to_parry_aabb(&b);
                let status = if use_reinsert {
                    self.tree
                        .reinsert_or_update_with_change_detection(aabb, i, SKIN)
                } else {
                    self.tree.insert_or_update_partially(aabb, i, SKIN)
                };
                statuses.push(status);
            }
        }
        for (&(i, _), status) in moves.iter().zip(&statuses) {
            if *status != BvhLeafUpdateStatus::Unchanged {
                if !use_reinsert && *status == BvhLeafUpdateStatus::UpdatedInPlace {
                    self.changes_since_optimize = self.changes_since_optimize.saturating_add(1);
                }
                self.updated.push(i);
                self.curr_updated_leaves.push(i);
            }
        }
        let num_updated = self.updated.len();
        self.reinsert_leaf_updates = num_updated * 16 < leaf_count;
        let run_optimizer = self.changes_since_optimize > 0
            && (num_updated * 16 >= leaf_count
                || (self.frame_index.trailing_zeros() >= 3
                    && self.changes_since_optimize as usize * 64 >= leaf_count));
        let must_full_refit = self.first;
        let defer_optimize = run_optimizer && !must_full_refit;
        if run_optimizer {
            self.changes_since_optimize = 0;
        }
        if run_optimizer && !defer_optimize {
            self.tree.optimize_incremental(&mut self.workspace);
        }
        let partial_too_expensive =
            (num_updated + self.prev_updated_leaves.len()) * 16 >= self.tree.leaf_count() as usize;
        if must_full_refit || (run_optimizer && !defer_optimize) || partial_too_expensive {
            self.refit(parallel);
        } else {
            self.tree
                .refit_partial(&self.prev_updated_leaves, &self.curr_updated_leaves);
        }
        std::mem::swap(&mut self.prev_updated_leaves, &mut self.curr_updated_leaves);
        self.deferred_optimize |= defer_optimize;
        self.first = false;

        // Candidate pairs among the changed leaves, the new ones into the map.
        self.traverse(parallel);
        for &(a, b) in &self.candidates {
            let key = (a.min(b), a.max(b));
            if !self.pairs.contains_key(&key) {
                self.pairs.insert(key, self.frame_index);
                self.adjacency[a as usize].push(b);
                self.adjacency[b as usize].push(a);
            }
        }
        // Stale pairs: through the adjacency of the changed leaves, once per pair.
        for &i in &self.updated {
            self.updated_mask[i as usize] = true;
        }
        self.stale.clear();
        for &i in &self.updated {
            let Some(node_i) = self.tree.leaf_node(i) else {
                continue;
            };
            for &j in &self.adjacency[i as usize] {
                if i > j && self.updated_mask[j as usize] {
                    continue;
                }
                let Some(node_j) = self.tree.leaf_node(j) else {
                    continue;
                };
                if (node_i.is_changed() || node_j.is_changed()) && !node_i.intersects(node_j) {
                    self.stale.push((i.min(j), i.max(j)));
                }
            }
        }
        for &i in &self.updated {
            self.updated_mask[i as usize] = false;
        }
        self.stale.sort_unstable();
        for k in 0..self.stale.len() {
            let (a, b) = self.stale[k];
            if self.pairs.remove(&(a, b)).is_some() {
                for (x, y) in [(a, b), (b, a)] {
                    let list = &mut self.adjacency[x as usize];
                    if let Some(pos) = list.iter().position(|&z| z == y) {
                        list.swap_remove(pos);
                    }
                }
            }
        }
    }

    #[cfg_attr(
        not(feature = "parallel"),
        expect(unused_variables, reason = "`parallel` is read only with the feature")
    )]
    fn refit(&mut self, parallel: bool) {
        #[cfg(feature = "parallel")]
        if parallel {
            self.tree.refit_parallel(&mut self.workspace);
            return;
        }
        self.tree.refit(&mut self.workspace);
    }

    #[cfg_attr(
        not(feature = "parallel"),
        expect(unused_variables, reason = "`parallel` is read only with the feature")
    )]
    fn refit_without_resolve(&mut self, parallel: bool) {
        #[cfg(feature = "parallel")]
        if parallel {
            self.tree
                .refit_without_resolve_parallel(&mut self.workspace);
            return;
        }
        self.tree.refit_without_resolve(&mut self.workspace);
    }

    #[cfg_attr(
        not(feature = "parallel"),
        expect(unused_variables, reason = "`parallel` is read only with the feature")
    )]
    fn traverse(&mut self, parallel: bool) {
        #[cfg(feature = "parallel")]
        if parallel {
            self.candidates = self.tree.traverse_bvtt_single_tree_parallel::<true>();
            return;
        }
        self.candidates.clear();
        let candidates = &mut self.candidates;
        self.tree
            .traverse_bvtt_single_tree::<true>(&mut self.workspace, &mut |a, b| {
                candidates.push((a, b));
            });
    }
}
