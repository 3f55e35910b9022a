//! Many moving boxes: a dynamic AABB tree that answers which of them meet a box, a frustum or
//! a ray, and which pairs of them overlap.
//!
//! [`BroadPhase<T>`] keeps one axis-aligned box and one `T` per [`Proxy`]. Games, physics
//! engines and planners insert their objects' boxes once, [`update`](BroadPhase::update) them
//! as the objects move, and ask [`pairs`](BroadPhase::pairs) for the pairs whose boxes touch
//! (the candidates of a narrow phase) and [`query_aabb`](BroadPhase::query_aabb),
//! [`query_frustum`](BroadPhase::query_frustum) or [`raycast`](BroadPhase::raycast) for the
//! objects near a point, in view, or along a ray.
//!
//! ```
//! use isect::broad::BroadPhase;
//! use isect::{Aabb, Ray, math::Vec3};
//!
//! let unit = |x: f32| Aabb::new(Vec3::new(x, 0.0, 0.0), Vec3::new(x + 1.0, 1.0, 1.0));
//! let mut world = BroadPhase::new();
//! let a = world.insert(unit(0.0), "crate");
//! let b = world.insert(unit(1.0), "barrel"); // touches `a` at x = 1
//! let c = world.insert(unit(5.0), "rock");
//!
//! let mut pairs = Vec::new();
//! world.pairs(|p, q| pairs.push((p, q)));
//! assert_eq!(pairs, [(a, b)]);
//!
//! world.update(c, unit(2.0)); // the rock rolls next to the barrel
//! let mut pairs = Vec::new();
//! world.pairs(|p, q| pairs.push((p, q)));
//! pairs.sort();
//! assert_eq!(pairs, [(a, b), (b, c)]);
//!
//! // The first box along a ray: each hit clips the ray, so farther boxes are skipped.
//! let ray = Ray::new(Vec3::new(10.0, 0.5, 0.5), -Vec3::X);
//! let mut first = None;
//! world.raycast(&ray, f32::INFINITY, |proxy, t| {
//!     first = Some((proxy, t));
//!     Some(t)
//! });
//! assert_eq!(first, Some((c, 7.0)));
//! assert_eq!(world.remove(c), Some("rock"));
//! ```
//!
//! # Exactness
//!
//! Every answer is about the boxes last given to [`insert`](BroadPhase::insert) and
//! [`update`](BroadPhase::update), as closed sets: boxes that touch overlap, and a ray that
//! grazes a face enters the box. The tree holds boxes grown by a margin ([`Margin`]), so that
//! an object that moves a little inside its margin costs no change to the tree and no search
//! for new pairs; those grown boxes only prune the searches, and each proxy they reach is
//! tested with its given box.
//!
//! # Degenerate and invalid boxes
//!
//! Flat and point boxes (`min == max` on some axes) are boxes like any other. A box with a
//! NaN or infinite coordinate, or with `min > max` on an axis, is the empty set: the proxy is
//! kept (its data, and [`aabb`](BroadPhase::aabb) returns the box as given) but stays out of
//! the tree, so no query and no pair ever reports it, until an [`update`](BroadPhase::update)
//! gives it a valid box. Queries with an invalid box, frustum or ray report nothing.
//!
//! # Cost
//!
//! An [`update`](BroadPhase::update) inside the margin is a few comparisons. One outside it
//! removes and reinserts the proxy (`O(log n)` with the surface area heuristic and tree
//! rotations, see `insert.rs`) and searches the tree for its new pairs. [`pairs`](BroadPhase::pairs)
//! costs one exact box test per pair of overlapping grown boxes, so a frame's cost grows with
//! the number of proxies that left their margins and the number of pairs, not with all the
//! proxies. [`update_many`](BroadPhase::update_many) takes a frame's moves at once and, with
//! the `rayon` feature, searches the moved proxies' new pairs on rayon's threads. [`rebuild`](BroadPhase::rebuild) rebuilds the tree by the binned surface area
//! heuristic, for sets that stopped moving.
//!
//! ARCHITECTURE.md ("Broad phase") gives the reasons for these choices.

mod batch;
mod insert;
mod lanes;
mod node;
mod pairs;
mod proxy;
mod query;
mod rebuild;
mod remove;
mod stats;
mod traverse;
mod tree;
mod validate;

use alloc::vec::Vec;
use core::fmt;

use crate::shape::Aabb;
use pairs::PairCache;
use proxy::Entry;
use proxy::grow;
pub use proxy::{Margin, Proxy};
pub use query::QueryStats;
pub use stats::Stats;
use tree::{MAX_PROXIES, Tree, contains};

/// A dynamic AABB tree of many moving boxes, each with a `T`: see the [module docs](self).
#[derive(Clone)]
pub struct BroadPhase<T> {
    tree: Tree,
    /// Per slot: the given box and generation (dense, so reporting pairs reads 32 bytes per
    /// proxy in `f32`).
    entries: Vec<Entry>,
    /// Per slot: the data, `None` for a free slot.
    data: Vec<Option<T>>,
    free_slots: Vec<u32>,
    pairs: PairCache,
    /// The scratch of [`update_many`](Self::update_many), kept between batches.
    batch: batch::Scratch,
    margin: Margin,
    len: usize,
}

impl<T> Default for BroadPhase<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T> fmt::Debug for BroadPhase<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BroadPhase")
            .field("len", &self.len)
            .field("margin", &self.margin)
            .field("stats", &self.stats())
            .finish_non_exhaustive()
    }
}

impl<T> BroadPhase<T> {
    /// An empty broad phase with the default [`Margin`].
    #[must_use]
    pub fn new() -> Self {
        Self::with_margin(Margin::default())
    }

    /// An empty broad phase whose tree boxes are the given ones grown by `margin`.
    #[must_use]
    pub fn with_margin(margin: Margin) -> Self {
        Self {
            tree: Tree::default(),
            entries: Vec::new(),
            data: Vec::new(),
            free_slots: Vec::new(),
            pairs: PairCache::new(),
            batch: batch::Scratch::default(),
            margin,
            len: 0,
        }
    }

    /// The margin boxes are grown by.
    #[must_use]
    pub fn margin(&self) -> Margin {
        self.margin
    }

    /// Sets the margin of the boxes grown from now on (by [`insert`](Self::insert), by an
    /// [`update`](Self::update) that leaves its margin, and by [`rebuild`](Self::rebuild),
    /// which grows them all anew).
    pub fn set_margin(&mut self, margin: Margin) {
        self.margin = margin;
    }

    /// The number of proxies, with valid boxes or not.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are no proxies.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Adds a box with its data and returns its handle. An invalid box (see the
    /// [module docs](self)) is kept but never reported until an update makes it valid.
    ///
    /// # Panics
    /// When the broad phase already holds `2³¹ − 1` proxies.
    pub fn insert(&mut self, aabb: Aabb, data: T) -> Proxy {
        let index = match self.free_slots.pop() {
            Some(i) => i,
            None => {
                let i = self.entries.len();
                assert!(i < MAX_PROXIES, "isect::broad: too many proxies");
                tree::grow_huge(&mut self.entries);
                self.entries.push(Entry::new(&aabb, 0));
                self.data.push(None);
                self.tree.grow_proxies(i + 1);
                self.pairs.grow_proxies(i + 1);
                self.batch.grow_proxies(i + 1);
                i as u32
            }
        };
        let entry = &mut self.entries[index as usize];
        entry.set_given(&aabb);
        self.data[index as usize] = Some(data);
        self.len += 1;
        let proxy = Proxy {
            index,
            generation: entry.generation(),
        };
        if aabb.is_usable() {
            self.enter(index, &aabb);
        }
        proxy
    }

    /// Gives the proxy a new box (the object moved or changed size). A box inside the tree's
    /// grown box (and not much smaller than it) changes nothing but the given box; one outside
    /// moves the proxy in the tree and finds its new pairs. An invalid box takes the proxy
    /// out of the tree (it is reported nowhere) until a valid one comes. A removed proxy is
    /// ignored.
    pub fn update(&mut self, proxy: Proxy, aabb: Aabb) {
        let Some(i) = self.slot(proxy) else {
            return;
        };
        if self.place(i, &aabb) {
            let fat = self.tree.leaf_box(i);
            self.find_pairs(i, &fat);
        }
    }

    /// The change to the tree of an update of slot `i` (live) to `aabb`: the given box set,
    /// and the tree's box of the proxy kept, moved in place, or the proxy reinserted or taken
    /// out. Returns whether the proxy is in the tree with a new grown box and its pairs
    /// dropped: its pairs are then for the caller to find ([`BroadPhase::update`] at once,
    /// [`BroadPhase::update_many`] after the whole batch).
    fn place(&mut self, i: u32, aabb: &Aabb) -> bool {
        self.entries[i as usize].set_given(aabb);
        let usable = aabb.is_usable();
        if self.tree.holds(i) {
            if usable {
                let fat = self.tree.leaf_box(i);
                let m = self.margin.of(aabb);
                // Moved within the margin, and not shrunk so much that the grown box is far
                // too large: nothing to do.
                if contains(&fat, aabb) && contains(&grow(aabb, 4.0 * m), &fat) {
                    return false;
                }
                // Out of the margin but still near its sibling: the grown box changes in
                // place, and only the pairs are searched again.
                let fat = grow(aabb, m);
                if self.tree.move_in_place(i, &fat) {
                    self.pairs.unlink_all(i);
                    return true;
                }
            }
            self.leave(i);
        }
        if usable {
            self.put_leaf(i, aabb);
        }
        usable
    }

    /// Removes the proxy and returns its data; `None` (and nothing changes) when it was
    /// removed already.
    pub fn remove(&mut self, proxy: Proxy) -> Option<T> {
        let i = self.slot(proxy)?;
        if self.tree.holds(i) {
            self.leave(i);
        }
        let entry = &mut self.entries[i as usize];
        *entry = Entry::new(&Aabb::EMPTY, entry.generation().wrapping_add(1));
        self.free_slots.push(i);
        self.len -= 1;
        self.data[i as usize].take()
    }

    /// The proxy's data, unless it was removed.
    #[must_use]
    pub fn get(&self, proxy: Proxy) -> Option<&T> {
        self.slot(proxy)
            .and_then(|i| self.data[i as usize].as_ref())
    }

    /// The proxy's data, mutably, unless it was removed.
    #[must_use]
    pub fn get_mut(&mut self, proxy: Proxy) -> Option<&mut T> {
        self.slot(proxy)
            .and_then(|i| self.data[i as usize].as_mut())
    }

    /// The box last given for the proxy (not the grown box of the tree), as given, even when
    /// invalid; `None` when the proxy was removed.
    #[must_use]
    pub fn aabb(&self, proxy: Proxy) -> Option<Aabb> {
        self.slot(proxy).map(|i| self.entries[i as usize].given())
    }

    /// Whether the proxy is in the broad phase (not removed).
    #[must_use]
    pub fn contains(&self, proxy: Proxy) -> bool {
        self.slot(proxy).is_some()
    }

    /// Every proxy with its box (as given) and data, in index order.
    pub fn iter(&self) -> impl Iterator<Item = (Proxy, Aabb, &T)> + '_ {
        self.data.iter().enumerate().filter_map(|(i, d)| {
            let d = d.as_ref()?;
            let e = &self.entries[i];
            Some((self.proxy_at(i as u32), e.given(), d))
        })
    }

    /// Removes every proxy, keeping the memory. Handles given out before stay invalid.
    pub fn clear(&mut self) {
        self.tree.clear();
        self.pairs.clear();
        self.free_slots.clear();
        for (i, (entry, data)) in self
            .entries
            .iter_mut()
            .zip(&mut self.data)
            .enumerate()
            .rev()
        {
            let generation = entry.generation();
            let generation = if data.take().is_some() {
                generation.wrapping_add(1)
            } else {
                generation
            };
            *entry = Entry::new(&Aabb::EMPTY, generation);
            self.free_slots.push(i as u32);
        }
        self.len = 0;
    }

    /// The slot of a live proxy.
    #[inline(always)]
    fn slot(&self, proxy: Proxy) -> Option<u32> {
        let i = proxy.index as usize;
        (i < self.entries.len()
            && self.entries[i].generation() == proxy.generation
            && self.data[i].is_some())
        .then_some(proxy.index)
    }

    /// The handle of the live proxy in slot `i`.
    #[inline(always)]
    fn proxy_at(&self, i: u32) -> Proxy {
        Proxy {
            index: i,
            generation: self.entries[i as usize].generation(),
        }
    }

    /// Puts proxy `i` (not in the tree; its given box `aabb` valid) into the tree with its
    /// grown box, and finds its pairs.
    fn enter(&mut self, i: u32, aabb: &Aabb) {
        self.put_leaf(i, aabb);
        let fat = self.tree.leaf_box(i);
        self.find_pairs(i, &fat);
    }

    /// Puts proxy `i` (not in the tree, with no pairs; its given box `aabb` valid) into the
    /// tree with its grown box; its pairs are for the caller to find.
    fn put_leaf(&mut self, i: u32, aabb: &Aabb) {
        let fat = grow(aabb, self.margin.of(aabb));
        self.tree.insert_leaf(i, &fat);
        self.tree.reorder_if_scattered();
    }

    /// Takes proxy `i` out of the tree and drops its pairs.
    fn leave(&mut self, i: u32) {
        self.tree.remove_leaf(i);
        self.pairs.unlink_all(i);
    }
}
