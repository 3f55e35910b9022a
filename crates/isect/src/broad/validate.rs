//! The invariants of the broad phase, checked one by one: what the tests run after every
//! operation (and a user may run when in doubt). Quadratic in the number of proxies (it
//! compares the pair cache with every pair of grown boxes), so for tests and debugging only.

use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use crate::broad::BroadPhase;
use crate::broad::node::Child;
use crate::broad::pairs::NIL;
use crate::broad::tree::{FREE, OUT, ROOT, contains, overlaps, union};

/// `Err(message)` unless `cond`.
macro_rules! ensure {
    ($cond:expr, $($msg:tt)+) => {
        if !$cond {
            return Err(format!($($msg)+));
        }
    };
}

impl<T> BroadPhase<T> {
    /// Checks every invariant of the tree, the proxies and the pair cache:
    /// - each inner node's slot box of an inner child is the union of that child's slots, and
    ///   each leaf's (grown) box contains its proxy's given box, so every node's box contains
    ///   the given boxes of its subtree; the root's box is the union of its children's;
    /// - parent links agree with child links, and each height is one more than the taller
    ///   child's;
    /// - each proxy with a valid box is a leaf exactly once, and no other proxy is;
    /// - the free list holds each unused node once, and no used one; free proxy slots are
    ///   listed once and hold no data;
    /// - the pair cache's lists are consistent and hold exactly the pairs of proxies whose
    ///   grown boxes meet.
    ///
    /// # Errors
    /// The first invariant found broken, in words.
    #[doc(hidden)]
    pub fn validate(&self) -> Result<(), String> {
        self.validate_proxies()?;
        self.validate_tree()?;
        self.validate_pairs()
    }

    fn validate_proxies(&self) -> Result<(), String> {
        let n = self.entries.len();
        ensure!(
            self.data.len() == n && self.tree.leaf_parent.len() >= n && self.pairs.head.len() >= n,
            "per-proxy arrays of different lengths"
        );
        let live = self.data.iter().filter(|d| d.is_some()).count();
        ensure!(live == self.len, "len {} but {live} live proxies", self.len);
        let mut listed = vec![false; n];
        for &i in &self.free_slots {
            let i = i as usize;
            ensure!(i < n && !listed[i], "free slot {i} out of range or twice");
            listed[i] = true;
            ensure!(self.data[i].is_none(), "free slot {i} holds data");
        }
        ensure!(
            self.free_slots.len() + live == n,
            "{} free slots and {live} live of {n}",
            self.free_slots.len()
        );
        for i in 0..n {
            let should = self.data[i].is_some() && self.entries[i].given().is_usable();
            ensure!(
                self.tree.holds(i as u32) == should,
                "proxy {i}: in the tree is {} but should be {should}",
                self.tree.holds(i as u32)
            );
        }
        Ok(())
    }

    fn validate_tree(&self) -> Result<(), String> {
        let tree = &self.tree;
        let mut seen = vec![false; self.entries.len()];
        let mut reached = vec![false; tree.nodes.len()];
        let mut leaves = 0;
        if tree.root == Child::NONE {
            ensure!(
                tree.root_box == crate::Aabb::EMPTY,
                "empty tree with a root box"
            );
        } else if tree.root.is_leaf() {
            let p = tree.root.index() as usize;
            ensure!(tree.leaf_parent[p] == ROOT, "root leaf {p} with a parent");
            ensure!(
                contains(&tree.root_box, &self.entries[p].given()),
                "root leaf {p}'s box does not contain its given box"
            );
            seen[p] = true;
            leaves = 1;
        } else {
            let r = tree.root.index() as usize;
            ensure!(
                tree.nodes[r].parent() == ROOT,
                "root node {r} with a parent"
            );
            ensure!(
                tree.root_box == tree.nodes[r].own_box(),
                "root box is not the union of the root's slots"
            );
            let mut stack = vec![r];
            while let Some(i) = stack.pop() {
                ensure!(
                    i < tree.nodes.len() && !reached[i],
                    "node {i} out of range or twice"
                );
                reached[i] = true;
                let node = &tree.nodes[i];
                ensure!(node.height() != FREE, "free node {i} in the tree");
                for s in 0..2 {
                    let c = node.child(s);
                    ensure!(c != Child::NONE, "node {i} without child {s}");
                    let b = node.slot_box(s);
                    if c.is_leaf() {
                        let p = c.index() as usize;
                        ensure!(
                            p < seen.len() && !seen[p],
                            "proxy {p} out of range or twice"
                        );
                        seen[p] = true;
                        leaves += 1;
                        ensure!(
                            tree.leaf_parent[p] == i as u32,
                            "proxy {p}'s parent is {} not {i}",
                            tree.leaf_parent[p]
                        );
                        ensure!(
                            contains(&b, &self.entries[p].given())
                                && b.min.is_finite()
                                && b.max.is_finite(),
                            "proxy {p}'s grown box {b:?} does not contain its given box {:?}",
                            self.entries[p].given()
                        );
                    } else {
                        let k = c.index() as usize;
                        ensure!(k < tree.nodes.len(), "node {i}'s child {k} out of range");
                        let child = &tree.nodes[k];
                        ensure!(child.parent() == i as u32, "node {k}'s parent is not {i}");
                        ensure!(
                            b == child.own_box(),
                            "node {i}'s slot {s} is not the union of node {k}'s slots"
                        );
                        stack.push(k);
                    }
                }
                let h = tree.height_from_children(node);
                ensure!(
                    node.height() == h,
                    "node {i} has height {} not {h}",
                    node.height()
                );
                ensure!(
                    union(&node.slot_box(0), &node.slot_box(1)) == node.own_box(),
                    "node {i}: own box"
                );
            }
        }
        for (p, &s) in seen.iter().enumerate() {
            ensure!(
                s == tree.holds(p as u32),
                "proxy {p}: reached {s}, listed in the tree {}",
                tree.holds(p as u32)
            );
        }
        let in_tree = tree.leaf_parent.iter().filter(|&&p| p != OUT).count();
        ensure!(
            leaves == in_tree,
            "{leaves} leaves reached, {in_tree} in the tree"
        );
        let mut free = vec![false; tree.nodes.len()];
        for &i in &tree.free {
            let i = i as usize;
            ensure!(
                i < free.len() && !free[i],
                "free node {i} out of range or twice"
            );
            free[i] = true;
            ensure!(!reached[i], "free node {i} is in the tree");
            ensure!(
                tree.nodes[i].height() == FREE,
                "free node {i} not marked free"
            );
        }
        let used = reached.iter().filter(|&&r| r).count();
        ensure!(
            used + tree.free.len() == tree.nodes.len(),
            "{used} nodes used, {} free, {} in all",
            tree.free.len(),
            tree.nodes.len()
        );
        ensure!(
            leaves == 0 || used == leaves - 1,
            "{used} nodes for {leaves} leaves"
        );
        Ok(())
    }

    fn validate_pairs(&self) -> Result<(), String> {
        let cache = &self.pairs;
        let n = self.entries.len();
        // Every list: consistent links, each record naming its proxy.
        let records = cache.pairs.len();
        ensure!(
            cache.links.len() == records,
            "pairs and links of different lengths"
        );
        let mut in_lists = vec![0u8; records];
        for p in 0..n as u32 {
            let (mut prev, mut r) = (NIL, cache.head[p as usize]);
            let mut steps = 0;
            while r != NIL {
                ensure!((r as usize) < records, "record {r} out of range");
                let pair = cache.pairs[r as usize];
                let links = &cache.links[r as usize];
                ensure!(
                    pair.contains(&p),
                    "record {r} in the list of {p}, not its own"
                );
                let s = usize::from(pair[1] == p);
                ensure!(
                    links.prev[s] == prev,
                    "record {r}: wrong back link in {p}'s list"
                );
                in_lists[r as usize] += 1;
                prev = r;
                r = links.next[s];
                steps += 1;
                ensure!(steps <= records, "{p}'s list loops");
            }
        }
        let mut live = 0;
        let mut cached = Vec::new();
        for (r, &[a, b]) in cache.pairs.iter().enumerate() {
            if a == NIL {
                ensure!(in_lists[r] == 0, "free record {r} in a list");
                continue;
            }
            live += 1;
            ensure!(a < b, "record {r}: proxies out of order");
            ensure!(in_lists[r] == 2, "record {r} in {} lists", in_lists[r]);
            ensure!(
                self.tree.holds(a) && self.tree.holds(b),
                "record {r}: ({a}, {b}) not both in the tree"
            );
            cached.push((a, b));
        }
        ensure!(
            live == cache.live,
            "{live} records in use, {} counted",
            cache.live
        );
        let (mut free, mut r) = (0, cache.free);
        while r != NIL {
            ensure!(
                (r as usize) < records && cache.pairs[r as usize][0] == NIL,
                "free list reaches record {r}, which is in use or out of range"
            );
            free += 1;
            ensure!(free <= records, "free list of records loops");
            r = cache.pairs[r as usize][1];
        }
        ensure!(free + live == records, "records lost from the free list");
        // The cache is exactly the set of meeting grown boxes.
        cached.sort_unstable();
        ensure!(
            cached.windows(2).all(|w| w[0] != w[1]),
            "a pair is cached twice"
        );
        let in_tree: Vec<u32> = (0..n as u32).filter(|&p| self.tree.holds(p)).collect();
        let boxes: Vec<_> = in_tree.iter().map(|&p| self.tree.leaf_box(p)).collect();
        let mut expected = Vec::new();
        for (x, &a) in in_tree.iter().enumerate() {
            for (y, &b) in in_tree.iter().enumerate().skip(x + 1) {
                if overlaps(&boxes[x], &boxes[y]) {
                    expected.push((a.min(b), a.max(b)));
                }
            }
        }
        expected.sort_unstable();
        ensure!(
            cached == expected,
            "the pair cache holds {} pairs, the grown boxes make {}",
            cached.len(),
            expected.len()
        );
        Ok(())
    }
}
