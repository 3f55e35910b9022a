//! Every overlapping pair, without testing all against all.
//!
//! The broad phase keeps the set of pairs whose *fattened* boxes meet (a superset of the pairs
//! whose given boxes meet, as each fattened box contains its given one). That set changes only
//! where a fattened box changes, which a small move inside its margin never does: when a
//! proxy's fattened box changes (it is inserted, moves out of its margin, or is removed), its
//! pairs are dropped and it is traversed against the tree to find its new ones. Reporting the
//! pairs then tests each cached pair's given boxes exactly.
//!
//! The set is a slab of pair records, each in two doubly linked lists, one per proxy (as Box2D
//! keeps contacts on its bodies' edge lists), so that dropping a proxy's pairs costs its own
//! pairs, and nothing needs hashing: a traversal of the tree finds each partner once.
//! Reporting reads the pairs' proxies in the order of the slab, which is the order of the
//! memory.

use alloc::vec::Vec;

use crate::broad::Proxy;
use crate::broad::query::QueryStats;
use crate::shape::Aabb;

/// No record: the end of a list, or an empty proxy list.
pub(crate) const NIL: u32 = u32::MAX;

/// Where a pair record sits in its two proxies' lists: `next[s]` and `prev[s]` are its
/// neighbours in the list of the pair's proxy `s`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Links {
    pub(crate) next: [u32; 2],
    pub(crate) prev: [u32; 2],
}

/// The side of `p` in the pair `pair`.
#[inline(always)]
fn side(pair: [u32; 2], p: u32) -> usize {
    usize::from(pair[1] == p)
}

/// The set of pairs whose grown boxes meet, as records: `pairs[r]` is a pair of proxies
/// (lower index first) and `links[r]` its places in the two proxies' lists, apart so that
/// reporting the pairs reads 8 bytes a pair. A free record's pair is `[NIL, next free]`.
#[derive(Clone, Debug, Default)]
pub(crate) struct PairCache {
    pub(crate) pairs: Vec<[u32; 2]>,
    pub(crate) links: Vec<Links>,
    /// The first free record, or [`NIL`].
    pub(crate) free: u32,
    /// Per proxy: the first record of its list, or [`NIL`].
    pub(crate) head: Vec<u32>,
    /// Records in use.
    pub(crate) live: usize,
}

impl PairCache {
    pub(crate) fn new() -> Self {
        Self {
            pairs: Vec::new(),
            links: Vec::new(),
            free: NIL,
            head: Vec::new(),
            live: 0,
        }
    }

    /// Makes room for proxies below `len`.
    pub(crate) fn grow_proxies(&mut self, len: usize) {
        if self.head.len() < len {
            self.head.resize(len, NIL);
        }
    }

    /// Forgets every pair, keeping the memory.
    pub(crate) fn clear(&mut self) {
        self.pairs.clear();
        self.links.clear();
        self.free = NIL;
        self.head.iter_mut().for_each(|h| *h = NIL);
        self.live = 0;
    }

    /// Adds the pair of `a` and `b` (distinct, not yet paired).
    pub(crate) fn link(&mut self, a: u32, b: u32) {
        debug_assert_ne!(a, b);
        let pair = [a.min(b), a.max(b)];
        let links = Links {
            next: [self.head[pair[0] as usize], self.head[pair[1] as usize]],
            prev: [NIL; 2],
        };
        let r = if self.free == NIL {
            self.pairs.push(pair);
            self.links.push(links);
            (self.pairs.len() - 1) as u32
        } else {
            let r = self.free;
            self.free = self.pairs[r as usize][1];
            self.pairs[r as usize] = pair;
            self.links[r as usize] = links;
            r
        };
        for (s, &p) in pair.iter().enumerate() {
            let next = links.next[s];
            if next != NIL {
                let ns = side(self.pairs[next as usize], p);
                self.links[next as usize].prev[ns] = r;
            }
            self.head[p as usize] = r;
        }
        self.live += 1;
    }

    /// Drops every pair of `p`.
    pub(crate) fn unlink_all(&mut self, p: u32) {
        let mut r = self.head[p as usize];
        self.head[p as usize] = NIL;
        while r != NIL {
            let pair = self.pairs[r as usize];
            let links = self.links[r as usize];
            let s = side(pair, p);
            let o = 1 - s;
            let other = pair[o];
            // Out of the other proxy's list.
            let (prev, next) = (links.prev[o], links.next[o]);
            if prev == NIL {
                self.head[other as usize] = next;
            } else {
                let ps = side(self.pairs[prev as usize], other);
                self.links[prev as usize].next[ps] = next;
            }
            if next != NIL {
                let ns = side(self.pairs[next as usize], other);
                self.links[next as usize].prev[ns] = prev;
            }
            // Onto the free list.
            self.pairs[r as usize] = [NIL, self.free];
            self.free = r;
            self.live -= 1;
            r = links.next[s];
        }
    }
}

impl<T> super::BroadPhase<T> {
    /// Finds the pairs of proxy `i`, just put into the tree with the grown box `fat` and with
    /// no pairs: every other proxy whose grown box meets `fat`.
    pub(super) fn find_pairs(&mut self, i: u32, fat: &Aabb) {
        let pairs = &mut self.pairs;
        self.tree.visit_aabb(fat, &mut QueryStats::default(), |q| {
            if q != i {
                pairs.link(i, q);
            }
            true
        });
    }

    /// Calls `f(a, b)` once for every pair of proxies whose boxes overlap (touching counts),
    /// with `a < b`; in no particular order. Proxies with invalid boxes are in no pair.
    ///
    /// The pairs come from the set of pairs whose grown boxes meet, which the broad phase keeps
    /// up to date as proxies move (see the [module docs](super)); each is tested exactly here,
    /// so this costs one box test per candidate pair, however few proxies moved.
    ///
    /// ```
    /// use isect::broad::BroadPhase;
    /// use isect::{Aabb, math::Vec3};
    ///
    /// let mut world = BroadPhase::new();
    /// let a = world.insert(Aabb::new(Vec3::ZERO, Vec3::ONE), ());
    /// let b = world.insert(Aabb::new(Vec3::ONE, Vec3::splat(2.0)), ()); // a corner touches
    /// let c = world.insert(Aabb::new(Vec3::splat(1.5), Vec3::splat(1.5)), ()); // a point in b
    /// let mut pairs = Vec::new();
    /// world.pairs(|p, q| pairs.push((p, q)));
    /// pairs.sort();
    /// assert_eq!(pairs, [(a, b), (b, c)]);
    /// ```
    pub fn pairs(&self, mut f: impl FnMut(Proxy, Proxy)) {
        for &[a, b] in &self.pairs.pairs {
            if a != NIL {
                if let Some((a, b)) = self.exact_pair(a, b) {
                    f(a, b);
                }
            }
        }
    }

    /// The pairs of [`pairs`](Self::pairs) as a rayon parallel iterator: the candidate pairs
    /// are tested on rayon's threads, and the pairs come in no particular order. Fold, count,
    /// collect or `for_each_init` them as rayon allows.
    ///
    /// ```
    /// use isect::broad::BroadPhase;
    /// use isect::{Aabb, math::Vec3};
    /// use rayon::prelude::*;
    ///
    /// let mut world = BroadPhase::new();
    /// for i in 0..100 {
    ///     let x = i as f32;
    ///     world.insert(Aabb::new(Vec3::new(x, 0.0, 0.0), Vec3::new(x + 1.0, 1.0, 1.0)), i);
    /// }
    /// assert_eq!(world.par_pairs().count(), 99); // each box touches the next
    /// let mut pairs: Vec<_> = world.par_pairs().collect();
    /// pairs.sort();
    /// assert_eq!(world.get(pairs[0].1), Some(&1));
    /// ```
    #[cfg(feature = "rayon")]
    #[must_use]
    pub fn par_pairs(&self) -> impl rayon::iter::ParallelIterator<Item = (Proxy, Proxy)> + '_
    where
        T: Sync,
    {
        use rayon::prelude::*;
        /// Records per task: enough to outweigh a task's cost, few enough to balance.
        const CHUNK: usize = 4096;
        self.pairs
            .pairs
            .par_chunks(CHUNK)
            .flat_map_iter(move |chunk| {
                chunk
                    .iter()
                    .filter(|pair| pair[0] != NIL)
                    .filter_map(move |&[a, b]| self.exact_pair(a, b))
            })
    }

    /// The proxies of slots `a` and `b` when their given boxes meet.
    #[inline(always)]
    fn exact_pair(&self, a: u32, b: u32) -> Option<(Proxy, Proxy)> {
        let (ea, eb) = (&self.entries[a as usize], &self.entries[b as usize]);
        ea.meets(eb).then(|| {
            (
                Proxy {
                    index: a,
                    generation: ea.generation(),
                },
                Proxy {
                    index: b,
                    generation: eb.generation(),
                },
            )
        })
    }
}
