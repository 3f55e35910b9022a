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

/// Listed proxies below which the searches run on the caller's thread: rayon's fork and join
/// cost more than they save there (measured: docs/performance.md, "Batched updates").
#[cfg(feature = "rayon")]
const PARALLEL_MIN: usize = 256;

/// What [`BroadPhase::update_many`] keeps between batches so that a frame allocates nothing
/// once the vectors have grown.
#[derive(Clone, Debug, Default)]
pub(super) struct Scratch {
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
        self.moved.capacity() * 4 + self.listed.capacity() + found
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

/// The searches of every proxy of `moved` (listed, in the tree), their pairs linked into
/// `pairs`: on the caller's thread.
fn search_all(tree: &Tree, listed: &[bool], moved: &[u32], pairs: &mut PairCache) {
    for &i in moved {
        search(tree, listed, i, |a, b| pairs.link(a, b));
    }
}

/// [`search_all`] on rayon's threads (with more than one), in chunks of [`CHUNK`] proxies
/// each filling its vector of `found`; the pairs then linked on the caller's thread, chunk
/// by chunk (the same pairs, in the order of a sequential search).
#[cfg(feature = "rayon")]
fn par_search_all(
    tree: &Tree,
    listed: &[bool],
    moved: &[u32],
    found: &mut Vec<Vec<[u32; 2]>>,
    pairs: &mut PairCache,
) {
    use rayon::prelude::*;
    if moved.len() < PARALLEL_MIN || rayon::current_num_threads() < 2 {
        search_all(tree, listed, moved, pairs);
        return;
    }
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
    /// `(proxy, box)` in order, with the searches for the moved proxies' new pairs done
    /// together at the end, on rayon's threads with the `rayon` feature (when the pool has
    /// more than one thread and enough proxies left their margins to outweigh the fork and
    /// join), on the caller's thread otherwise.
    ///
    /// Afterwards the broad phase is exactly what the `update` calls in sequence leave: the
    /// same given and grown boxes, the same tree (the tree changes are made in the same
    /// order), the same pairs (their internal order may differ). A proxy listed twice ends
    /// with its last box and is searched once; removed proxies are ignored; an invalid box
    /// takes its proxy out of the tree as in `update`. An empty batch changes nothing.
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
        let mut moved = core::mem::take(&mut self.batch.moved);
        moved.clear();
        for (proxy, aabb) in moves {
            let Some(i) = self.slot(proxy) else {
                continue;
            };
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
