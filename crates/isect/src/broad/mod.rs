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
//! proxies. [`rebuild`](BroadPhase::rebuild) rebuilds the tree by the binned surface area
//! heuristic, for sets that stopped moving.
//!
//! ARCHITECTURE.md ("Broad phase") gives the reasons for these choices.

mod insert;
mod pairs;
mod query;
mod rebuild;
mod remove;
mod tree;
mod validate;

use alloc::vec::Vec;
use core::fmt;

use crate::math::{Real, Vec3, Vec4};
use crate::shape::Aabb;
use pairs::PairCache;
pub use query::QueryStats;
use tree::{MAX_PROXIES, Tree, contains};

/// A handle to a box in a [`BroadPhase`]: stable until the box is removed, and never mistaken
/// for a later box in the same slot (a generation count tells them apart).
///
/// Proxies order by [`Proxy::index`] first, so pairs come out with the lower index first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Proxy {
    index: u32,
    generation: u32,
}

impl Proxy {
    /// A small integer, unique among the proxies of one broad phase at any time and reused
    /// after a removal: an index into a side table of the caller's.
    #[inline]
    #[must_use]
    pub fn index(self) -> u32 {
        self.index
    }
}

/// How much the tree's box of a proxy is larger than its given box: `absolute + relative ·
/// longest side` on every side.
///
/// A larger margin lets objects move further before the tree and the pairs change (fewer
/// reinsertions), at the price of more candidate pairs to test exactly and looser pruning.
/// The default is a tenth of the box's longest side; point boxes then get no margin, and every
/// move of theirs reinserts them, which is correct but slower: give them an `absolute` margin
/// in the units of the scene (the distance an object typically moves in a few frames).
/// Negative, NaN or infinite parts count as 0.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Margin {
    /// Added on every side, in the scene's units.
    pub absolute: Real,
    /// Added on every side, times the box's longest side.
    pub relative: Real,
}

impl Margin {
    /// No margin: the tree holds the given boxes; every change of a box changes the tree.
    pub const NONE: Self = Self {
        absolute: 0.0,
        relative: 0.0,
    };

    /// The margin of every side of the tree's box of `aabb` (valid).
    #[inline]
    fn of(&self, aabb: &Aabb) -> Real {
        let part = |x: Real| if x.is_finite() && x > 0.0 { x } else { 0.0 };
        let longest = (aabb.max - aabb.min).max_element();
        let m = part(self.absolute) + part(self.relative) * longest;
        // A box wider than `Real::MAX` has an infinite side; the margin is then 0 rather than
        // NaN.
        if m >= 0.0 { m } else { 0.0 }
    }
}

impl Default for Margin {
    fn default() -> Self {
        Self {
            absolute: 0.0,
            relative: 0.1,
        }
    }
}

/// `aabb` grown by `m` on every side, kept within `±Real::MAX` so that a grown box stays
/// finite.
#[inline]
fn grow(aabb: &Aabb, m: Real) -> Aabb {
    let big = Vec3::splat(Real::MAX);
    Aabb::new((aabb.min - m).max(-big), (aabb.max + m).min(big))
}

/// A proxy's given box, in two 4-lane vectors (so the exact test of a pair is two loads and
/// two comparisons), with its generation in the first one's `w` lane.
#[derive(Clone, Copy, Debug)]
struct Entry {
    lo: Vec4,
    hi: Vec4,
}

impl Entry {
    #[inline(always)]
    fn new(given: &Aabb, generation: u32) -> Self {
        Self {
            lo: given.min.extend(tree::pack(generation)),
            hi: given.max.extend(0.0),
        }
    }

    /// The box as given.
    #[inline(always)]
    fn given(&self) -> Aabb {
        Aabb::new(self.lo.truncate(), self.hi.truncate())
    }

    #[inline(always)]
    fn generation(&self) -> u32 {
        tree::unpack(self.lo.w)
    }

    #[inline(always)]
    fn set_given(&mut self, given: &Aabb) {
        *self = Self::new(given, self.generation());
    }

    /// Whether this box and `other` meet (touching counts; `false` if either is NaN).
    #[inline(always)]
    fn meets(&self, other: &Self) -> bool {
        tree::overlaps4(self.lo, self.hi, other.lo, other.hi)
    }
}

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

/// The shape and size of a [`BroadPhase`]'s tree, from [`BroadPhase::stats`].
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct Stats {
    /// Proxies, with valid boxes or not.
    pub proxies: usize,
    /// Proxies in the tree (those with valid boxes).
    pub in_tree: usize,
    /// Inner nodes in use (one fewer than the proxies in the tree).
    pub nodes: usize,
    /// Inner nodes on the path from the root to the deepest proxy.
    pub height: u32,
    /// The sum of the inner nodes' surface areas over the root's: the expected number of
    /// inner nodes a random ray through the root's box enters (lower is better; a full
    /// [`BroadPhase::rebuild`] usually gives the lowest).
    pub cost: Real,
    /// Pairs whose grown boxes meet: what [`BroadPhase::pairs`] tests.
    pub candidate_pairs: usize,
    /// Bytes the broad phase holds (its vectors' capacities), `T` included.
    pub bytes: usize,
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
        self.entries[i as usize].set_given(&aabb);
        let usable = aabb.is_usable();
        if self.tree.holds(i) {
            if usable {
                let fat = self.tree.leaf_box(i);
                let m = self.margin.of(&aabb);
                // Moved within the margin, and not shrunk so much that the grown box is far
                // too large: nothing to do.
                if contains(&fat, &aabb) && contains(&grow(&aabb, 4.0 * m), &fat) {
                    return;
                }
                // Out of the margin but still near its sibling: the grown box changes in
                // place, and only the pairs are searched again.
                let fat = grow(&aabb, m);
                if self.tree.move_in_place(i, &fat) {
                    self.pairs.unlink_all(i);
                    self.find_pairs(i, &fat);
                    return;
                }
            }
            self.leave(i);
        }
        if usable {
            self.enter(i, &aabb);
        }
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

    /// The shape and size of the tree: see [`Stats`].
    #[must_use]
    pub fn stats(&self) -> Stats {
        use core::mem::size_of;
        let root_area = tree::half_area(&self.tree.root_box);
        let inner: Real = self
            .tree
            .nodes
            .iter()
            .filter(|n| n.height() != tree::FREE)
            .map(|n| tree::half_area(&n.own_box()))
            .sum();
        let bytes = size_of::<Self>()
            + self.tree.nodes.capacity() * size_of::<tree::Node>()
            + self.tree.free.capacity() * 4
            + self.tree.leaf_parent.capacity() * 4
            + self.entries.capacity() * size_of::<Entry>()
            + self.data.capacity() * size_of::<Option<T>>()
            + self.free_slots.capacity() * 4
            + self.pairs.pairs.capacity() * size_of::<[u32; 2]>()
            + self.pairs.links.capacity() * size_of::<pairs::Links>()
            + self.pairs.head.capacity() * 4;
        Stats {
            proxies: self.len,
            in_tree: self.tree.live_nodes() + usize::from(self.tree.root != tree::Child::NONE),
            nodes: self.tree.live_nodes(),
            height: self.tree.height(),
            cost: if root_area > 0.0 {
                inner / root_area
            } else {
                0.0
            },
            candidate_pairs: self.pairs.live,
            bytes,
        }
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
        let fat = grow(aabb, self.margin.of(aabb));
        self.tree.insert_leaf(i, &fat);
        self.find_pairs(i, &fat);
        self.tree.reorder_if_scattered();
    }

    /// Takes proxy `i` out of the tree and drops its pairs.
    fn leave(&mut self, i: u32) {
        self.tree.remove_leaf(i);
        self.pairs.unlink_all(i);
    }
}
