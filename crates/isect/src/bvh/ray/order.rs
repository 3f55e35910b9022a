//! Nearest-first order of a node's lanes, for the closest-hit traversal and packets: which lanes
//! to visit now and which to push onto the stack ([`crate::bvh::stack`]), and the stack's
//! entries.

use crate::bvh::layout::{LANES, Node};
use crate::bvh::ray::{HALVES, quarter};
use crate::bvh::stack::Stack;
use crate::math::{Real, Vec4};

/// A stack entry: an inner node and the ray's entry distance into its box (0 in unordered
/// traversals, which do not compare it).
#[derive(Clone, Copy)]
pub(in crate::bvh) struct Entry {
    pub index: u32,
    pub near: Real,
}

pub(in crate::bvh) const NO_ENTRY: Entry = Entry {
    index: 0,
    near: 0.0,
};

/// An entry of the traversal stack: [`Entry`] for ordered traversals (the closest hit, which
/// compares a popped node's entry distance with its limit), a bare node index ([`Unordered`])
/// for the others, which never read the distance: half the bytes to initialise and store.
pub(in crate::bvh) trait StackEntry: Copy {
    /// Whether the traversal visits lanes nearest first and drops popped nodes beyond its limit.
    const ORDERED: bool;
    /// The stack's fill for its unused slots.
    const NONE: Self;
    /// The entry of the inner node `index`, entered at `near`.
    fn new(index: u32, near: Real) -> Self;
    /// The node's index.
    fn index(self) -> u32;
    /// The ray's entry distance into the node's box (0 for [`Unordered`]).
    fn near(self) -> Real;
}

impl StackEntry for Entry {
    const ORDERED: bool = true;
    const NONE: Self = NO_ENTRY;
    #[inline(always)]
    fn new(index: u32, near: Real) -> Self {
        Self { index, near }
    }
    #[inline(always)]
    fn index(self) -> u32 {
        self.index
    }
    #[inline(always)]
    fn near(self) -> Real {
        self.near
    }
}

/// The stack entry of unordered traversals (any hit, all hits, crossing counts): the node's
/// index alone.
#[derive(Clone, Copy)]
pub(in crate::bvh) struct Unordered(u32);

impl StackEntry for Unordered {
    const ORDERED: bool = false;
    const NONE: Self = Self(0);
    #[inline(always)]
    fn new(index: u32, _: Real) -> Self {
        Self(index)
    }
    #[inline(always)]
    fn index(self) -> u32 {
        self.0
    }
    #[inline(always)]
    fn near(self) -> Real {
        0.0
    }
}

/// Calls `visit` on the lanes in `lanes` by increasing entry distance `near` until it returns
/// `true` (then returns `true`). One lane, the common case, goes without the sort.
#[inline(always)]
pub(in crate::bvh) fn visit_nearest_first(
    near: &[Real; LANES],
    lanes: u32,
    mut visit: impl FnMut(usize) -> bool,
) -> bool {
    if lanes & lanes.wrapping_sub(1) == 0 {
        return lanes != 0 && visit(lanes.trailing_zeros() as usize);
    }
    let (keys, n) = nearest_first(near, lanes);
    for &key in &keys[..n] {
        if visit(key as usize % LANES) {
            return true;
        }
    }
    false
}

/// Of the inner lanes `inner` of `node` (those the ray enters within its limit), the nearest, to
/// visit next; the others are pushed far to near, so that the nearer ones are popped first.
#[inline(always)]
pub(in crate::bvh) fn nearest_next<E: StackEntry>(
    node: &Node,
    near: &[Real; LANES],
    inner: u32,
    stack: &mut Stack<E>,
) -> Option<E> {
    let entry = |lane: usize| E::new(node.child[lane], near[lane]);
    // `inner` without its lowest lane (`count_ones` is a dozen instructions without the
    // `popcnt` instruction, which the baseline x86-64 target lacks).
    let rest = inner & inner.wrapping_sub(1);
    if rest == 0 {
        (inner != 0).then(|| entry(inner.trailing_zeros() as usize % LANES))
    } else if rest & (rest - 1) == 0 {
        // Two lanes, the next most common case, by one comparison rather than the sort.
        let (a, b) = (
            inner.trailing_zeros() as usize % LANES,
            (31 - inner.leading_zeros()) as usize % LANES,
        );
        let (first, second) = if near[b] < near[a] { (b, a) } else { (a, b) };
        stack.push(entry(second));
        Some(entry(first))
    } else {
        // Three or more lanes, the far ones pushed one by one (writing all seven and counting
        // the kept ones cost more than the branches it saved).
        let (keys, n) = nearest_first(near, inner);
        for &key in keys[1..n].iter().rev() {
            stack.push(entry(key as usize % LANES));
        }
        Some(entry(keys[0] as usize % LANES))
    }
}

/// The lanes whose entry distance `near` is at most `t_max`, as a bit mask (four lanes to a
/// comparison rather than a loop over lanes).
#[inline(always)]
pub(in crate::bvh) fn lanes_within(near: &[Real; LANES], t_max: Real) -> u32 {
    let t_max = Vec4::splat(t_max);
    let mut mask = 0;
    for h in 0..HALVES {
        mask |= quarter(near, h).cmple(t_max).bitmask() << (4 * h);
    }
    mask
}

/// The `n` lanes in `lanes` by increasing entry distance (ties by lane), as `(keys, n)` with
/// the order in `keys[..n]`: an insertion sort, whose branches the coherent rays of a camera
/// predict well (a branch-free sorting network was no faster on incoherent rays and slower on
/// camera rays: docs/performance.md, "Traversal").
#[inline(always)]
fn nearest_first(near: &[Real; LANES], lanes: u32) -> ([u32; LANES], usize) {
    let mut k = [0; LANES];
    let mut n = 0;
    // Over the set bits rather than a test per lane, whose branches random rays mispredict
    // (fewer mispredictions for a few more instructions: docs/performance.md, "Traversal").
    let mut rest = lanes;
    while rest != 0 {
        let lane = rest.trailing_zeros() as usize % LANES;
        rest &= rest - 1;
        let mut j = n;
        while j > 0 && near[k[j - 1] as usize % LANES] > near[lane] {
            k[j] = k[j - 1];
            j -= 1;
        }
        k[j] = lane as u32;
        n += 1;
    }
    (k, n)
}
