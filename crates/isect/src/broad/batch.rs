//! Many updates at once: the tree changes in sequence, then the moved proxies' searches for
//! new pairs against the finished tree, on rayon's threads with the `rayon` feature.
//!
//! A frame of a game or a physics step moves many proxies; [`BroadPhase::update`] searches
//! each moved proxy's pairs at once, one after the other. [`BroadPhase::update_many`] splits
//! the work as Box2D v3 does with its move buffer: first every move changes the tree, as
//! `update` would (in the same order, so the tree comes out the same); each proxy whose grown
//! box changed drops its pairs and is listed once; then each listed proxy is traversed
//! against the finished tree. The traversals only read the tree, so they run in parallel,
//! each chunk of proxies collecting its pairs into its own vector, and the pairs are linked
//! into the cache afterwards on the caller's thread. A pair of two listed proxies is found
//! from both sides and linked from the lower index only.
//!
//! On one thread the split costs: each moved proxy's path through the tree is walked twice,
//! the second time from cold caches (measured 12 % slower at 100k boxes than `update` per
//! move). So a batch without the `rayon` feature, in a pool of one thread, or of fewer than
//! [`PARALLEL_MIN`] moves runs as `update` calls in sequence.

use alloc::vec::Vec;

use crate::broad::pairs::PairCache;
use crate::broad::query::QueryStats;
use crate::broad::tree::Tree;
use crate::broad::{BroadPhase, Proxy};
use crate::shape::Aabb;

/// Listed proxies per task of the parallel search: enough to outweigh a task's cost (a
/// search is about a microsecond), few enough to spread a batch of some hundreds over the
/// cores.
#[cfg(feature = "rayon")]
const CHUNK: usize = 32;

/// Moves below which a batch runs as `update` calls in sequence: rayon's fork and join (and
/// the second, cold traversal of each moved proxy's path) cost more than the threads save
/// (docs/performance.md, "Batched updates").
#[cfg(feature = "rayon")]
const PARALLEL_MIN: usize = 256;

/// What [`BroadPhase::update_many`] keeps between batches so that a frame allocates nothing
/// once the vectors have grown.
#[derive(Clone, Debug, Default)]
pub(super) struct Scratch {
    /// The batch's moves of live proxies: slot and box.
    given: Vec<(u32, Aabb)>,
    /// The proxies whose grown box changed in this batch, each once.
    moved: Vec<u32>,
    /// Per proxy: whether it is in `moved` (all `false` between batches).
    listed: Vec<bool>,
    /// Per task of the parallel search: the pairs it found.
    #[cfg(feature = "rayon")]
    found: Vec<Vec<[u32; 2]>>,
}

impl Scratch {
    /// Makes room for proxies below `len`.
    pub(super) fn grow_proxies(&mut self, len: usize) {
        if self.listed.len() < len {
            self.listed.resize(len, false);
        }
    }

    /// Bytes held.
    pub(super) fn bytes(&self) -> usize {
        let found = {
            #[cfg(feature = "rayon")]
            {
                self.found.capacity() * size_of::<Vec<[u32; 2]>>()
                    + self
                        .found
                        .iter()
                        .map(|v| v.capacity() * size_of::<[u32; 2]>())
                        .sum::<usize>()
            }
            #[cfg(not(feature = "rayon"))]
            {
                0
            }
        };
        self.given.capacity() * size_of::<(u32, Aabb)>()
            + self.moved.capacity() * 4
            + self.listed.capacity()
            + found
    }
}

/// Calls `found(i, q)` for each proxy `q` whose grown box meets that of the listed proxy `i`
/// (in the tree), once per pair: `q` not listed, or listed with a higher index.
#[inline]
fn search(tree: &Tree, listed: &[bool], i: u32, mut found: impl FnMut(u32, u32)) {
    let fat = tree.leaf_box(i);
    tree.visit_aabb(&fat, &mut QueryStats::default(), |q| {
        if q != i && !(listed[q as usize] && q < i) {
            found(i, q);
        }
        true
    });
}

/// Whether a batch of `moves` moves takes the deferred, parallel way: with the `rayon`
/// feature, a pool of more than one thread, and at least [`PARALLEL_MIN`] moves.
#[inline]
fn parallel(moves: usize) -> bool {
    #[cfg(feature = "rayon")]
    {
        moves >= PARALLEL_MIN && rayon::current_num_threads() > 1
    }
    #[cfg(not(feature = "rayon"))]
    {
        let _ = moves;
        false
    }
}

/// The searches of every proxy of `moved` (listed, in the tree), their pairs linked into
/// `pairs`: on the caller's thread.
#[cfg(not(feature = "rayon"))]
fn search_all(tree: &Tree, listed: &[bool], moved: &[u32], pairs: &mut PairCache) {
    for &i in moved {
        search(tree, listed, i, |a, b| pairs.link(a, b));
    }
}

/// The searches of every proxy of `moved` (listed, in the tree) on rayon's threads, in chunks
/// of [`CHUNK`] proxies each filling its vector of `found` (a batch of one chunk runs on the
/// caller's thread); the pairs then linked into `pairs` on the caller's thread.
#[cfg(feature = "rayon")]
fn par_search_all(
    tree: &Tree,
    listed: &[bool],
    moved: &[u32],
    found: &mut Vec<Vec<[u32; 2]>>,
    pairs: &mut PairCache,
) {
    use rayon::prelude::*;
    let tasks = moved.len().div_ceil(CHUNK);
    if found.len() < tasks {
        found.resize_with(tasks, Vec::new);
    }
    moved
        .par_chunks(CHUNK)
        .zip(found[..tasks].par_iter_mut())
        .for_each(|(chunk, out)| {
            out.clear();
            for &i in chunk {
                search(tree, listed, i, |a, b| out.push([a, b]));
            }
        });
    for out in &found[..tasks] {
        for &[a, b] in out {
            pairs.link(a, b);
        }
    }
}

impl<T> BroadPhase<T> {
    /// Gives many proxies new boxes at once: the same as [`update`](Self::update) for each
    /// `(proxy, box)` in order. With the `rayon` feature, a pool of more than one thread and a
    /// batch of at least 256 moves, the tree changes are made first and the moved proxies'
    /// searches for new pairs after, against the finished tree, on rayon's threads; otherwise
    /// the moves run as `update` calls one after the other.
    ///
    /// Afterwards the broad phase is exactly what the `update` calls in sequence leave: the
    /// same given and grown boxes, the same tree (the tree changes are made in the same
    /// order), the same pairs (their internal order may differ). A proxy listed twice ends
    /// with its last box (and, in the parallel way, is searched once); removed proxies are
    /// ignored; an invalid box takes its proxy out of the tree as in `update`. An empty batch
    /// changes nothing.
    ///
    /// ```
    /// use isect::broad::BroadPhase;
    /// use isect::{Aabb, math::Vec3};
    ///
    /// let unit = |x: f32| Aabb::new(Vec3::new(x, 0.0, 0.0), Vec3::new(x + 1.0, 1.0, 1.0));
    /// let mut world = BroadPhase::new();
    /// let a = world.insert(unit(0.0), ());
    /// let b = world.insert(unit(5.0), ());
    /// let c = world.insert(unit(10.0), ());
    /// // b rolls next to a (touching at x = 1), c first next to b, then away again.
    /// world.update_many([(b, unit(1.0)), (c, unit(2.0)), (c, unit(20.0))]);
    /// let mut pairs = Vec::new();
    /// world.pairs(|p, q| pairs.push((p, q)));
    /// assert_eq!(pairs, [(a, b)]);
    /// assert_eq!(world.aabb(c), Some(unit(20.0)));
    /// ```
    pub fn update_many(&mut self, moves: impl IntoIterator<Item = (Proxy, Aabb)>) {
        let mut given = core::mem::take(&mut self.batch.given);
        given.clear();
        given.extend(
            moves
                .into_iter()
                .filter_map(|(proxy, aabb)| Some((self.slot(proxy)?, aabb))),
        );
        if parallel(given.len()) {
            self.update_deferred(&given);
        } else {
            // Each search right after its tree change, as `update` does, while the path to the
            // proxy is still in the caches.
            for &(i, aabb) in &given {
                if self.place(i, &aabb) {
                    let fat = self.tree.leaf_box(i);
                    self.find_pairs(i, &fat);
                }
            }
        }
        self.batch.given = given;
    }

    /// The moves of slots `given` (live) into the tree, then the searches of the proxies whose
    /// grown boxes changed, each once, against the finished tree on rayon's threads.
    fn update_deferred(&mut self, given: &[(u32, Aabb)]) {
        let mut moved = core::mem::take(&mut self.batch.moved);
        moved.clear();
        for &(i, aabb) in given {
            if self.place(i, &aabb) && !self.batch.listed[i as usize] {
                self.batch.listed[i as usize] = true;
                moved.push(i);
            }
        }
        // A proxy that left its margin and then the tree (a later invalid box) has nothing
        // to search; its pairs went with it.
        let listed = &mut self.batch.listed;
        let tree = &self.tree;
        moved.retain(|&i| {
            let keep = tree.holds(i);
            listed[i as usize] = keep;
            keep
        });
        #[cfg(feature = "rayon")]
        par_search_all(
            &self.tree,
            &self.batch.listed,
            &moved,
            &mut self.batch.found,
            &mut self.pairs,
        );
        #[cfg(not(feature = "rayon"))]
        search_all(&self.tree, &self.batch.listed, &moved, &mut self.pairs);
        for &i in &moved {
            self.batch.listed[i as usize] = false;
        }
        self.batch.moved = moved;
    }
}
