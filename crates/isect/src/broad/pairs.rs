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

use alloc::vec::Vec;

use crate::broad::Proxy;
use crate::broad::query::QueryStats;
use crate::broad::tree::overlaps;
use crate::shape::Aabb;

/// No record: the end of a list, or an empty proxy list.
pub(crate) const NIL: u32 = u32::MAX;

/// A pair of proxies (`proxy[0] < proxy[1]`), linked into both proxies' lists: `next[s]` and
/// `prev[s]` are the neighbours in the list of `proxy[s]`. A free record has `proxy[0] ==
/// NIL` and links the free list through `next[0]`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Record {
    pub(crate) proxy: [u32; 2],
    pub(crate) next: [u32; 2],
    pub(crate) prev: [u32; 2],
}

impl Record {
    /// The two proxies, lower index first, unless the record is free.
    #[inline(always)]
    pub(crate) fn pair(&self) -> Option<(u32, u32)> {
        (self.proxy[0] != NIL).then_some((self.proxy[0], self.proxy[1]))
    }

    /// The side of `p` in this record.
    #[inline(always)]
    fn side(&self, p: u32) -> usize {
        usize::from(self.proxy[1] == p)
    }
}

/// The set of pairs whose fattened boxes meet.
#[derive(Clone, Debug, Default)]
pub(crate) struct PairCache {
    pub(crate) records: Vec<Record>,
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
            records: Vec::new(),
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
        self.records.clear();
        self.free = NIL;
        self.head.iter_mut().for_each(|h| *h = NIL);
        self.live = 0;
    }

    /// Adds the pair of `a` and `b` (distinct, not yet paired).
    pub(crate) fn link(&mut self, a: u32, b: u32) {
        debug_assert_ne!(a, b);
        let proxy = [a.min(b), a.max(b)];
        let record = Record {
            proxy,
            next: [self.head[proxy[0] as usize], self.head[proxy[1] as usize]],
            prev: [NIL; 2],
        };
        let r = if self.free == NIL {
            self.records.push(record);
            (self.records.len() - 1) as u32
        } else {
            let r = self.free;
            self.free = self.records[r as usize].next[0];
            self.records[r as usize] = record;
            r
        };
        for (s, &p) in proxy.iter().enumerate() {
            let next = record.next[s];
            if next != NIL {
                let n = &mut self.records[next as usize];
                let ns = n.side(p);
                n.prev[ns] = r;
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
            let record = self.records[r as usize];
            let s = record.side(p);
            let o = 1 - s;
            let other = record.proxy[o];
            // Out of the other proxy's list.
            let (prev, next) = (record.prev[o], record.next[o]);
            if prev == NIL {
                self.head[other as usize] = next;
            } else {
                let n = &mut self.records[prev as usize];
                let ns = n.side(other);
                n.next[ns] = next;
            }
            if next != NIL {
                let n = &mut self.records[next as usize];
                let ns = n.side(other);
                n.prev[ns] = prev;
            }
            // Onto the free list.
            self.records[r as usize] = Record {
                proxy: [NIL; 2],
                next: [self.free, NIL],
                prev: [NIL; 2],
            };
            self.free = r;
            self.live -= 1;
            r = record.next[s];
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
        for record in &self.pairs.records {
            if let Some((a, b)) = record.pair() {
                self.report_pair(a, b, &mut f);
            }
        }
    }

    /// [`pairs`](Self::pairs), with the candidate pairs split over rayon's thread pool: `f`
    /// is called from several threads at once, in no particular order.
    ///
    /// ```
    /// use isect::broad::BroadPhase;
    /// use isect::{Aabb, math::Vec3};
    /// use std::sync::atomic::{AtomicUsize, Ordering};
    ///
    /// let mut world = BroadPhase::new();
    /// for i in 0..100 {
    ///     let x = i as f32;
    ///     world.insert(Aabb::new(Vec3::new(x, 0.0, 0.0), Vec3::new(x + 1.0, 1.0, 1.0)), i);
    /// }
    /// let count = AtomicUsize::new(0);
    /// world.pairs_par(|_, _| {
    ///     count.fetch_add(1, Ordering::Relaxed);
    /// });
    /// assert_eq!(count.into_inner(), 99); // each box touches the next
    /// ```
    #[cfg(feature = "rayon")]
    pub fn pairs_par(&self, f: impl Fn(Proxy, Proxy) + Sync + Send)
    where
        T: Sync,
    {
        use rayon::prelude::*;
        /// Records per task: enough to outweigh a task's cost, few enough to balance.
        const CHUNK: usize = 4096;
        self.pairs.records.par_chunks(CHUNK).for_each(|chunk| {
            let mut g = |a, b| f(a, b);
            for record in chunk {
                if let Some((a, b)) = record.pair() {
                    self.report_pair(a, b, &mut g);
                }
            }
        });
    }

    /// `f(a, b)` when the given boxes of `a` and `b` meet.
    #[inline(always)]
    fn report_pair(&self, a: u32, b: u32, f: &mut impl FnMut(Proxy, Proxy)) {
        let (ea, eb) = (&self.entries[a as usize], &self.entries[b as usize]);
        if overlaps(&ea.given, &eb.given) {
            f(
                Proxy {
                    index: a,
                    generation: ea.generation,
                },
                Proxy {
                    index: b,
                    generation: eb.generation,
                },
            );
        }
    }
}
