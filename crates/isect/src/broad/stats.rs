//! The shape and size of a broad phase's tree.

use crate::broad::{BroadPhase, Entry, node, pairs, tree};
use crate::math::Real;

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
            + self.tree.nodes.capacity() * size_of::<node::Node>()
            + self.tree.free.capacity() * 4
            + self.tree.leaf_parent.capacity() * 4
            + self.entries.capacity() * size_of::<Entry>()
            + self.data.capacity() * size_of::<Option<T>>()
            + self.free_slots.capacity() * 4
            + self.pairs.pairs.capacity() * size_of::<[u32; 2]>()
            + self.pairs.links.capacity() * size_of::<pairs::Links>()
            + self.pairs.head.capacity() * 4
            + self.batch.bytes();
        Stats {
            proxies: self.len,
            in_tree: self.tree.live_nodes() + usize::from(self.tree.root != node::Child::NONE),
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
}
