//! A proxy's handle, its margin, and its given box as the broad phase stores it.

use crate::broad::{node, tree};
use crate::math::{Real, Vec3, Vec4};
use crate::shape::Aabb;

/// A handle to a box in a [`BroadPhase`](super::BroadPhase): stable until the box is removed, and never mistaken
/// for a later box in the same slot (a generation count tells them apart).
///
/// Proxies order by [`Proxy::index`] first, so pairs come out with the lower index first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Proxy {
    pub(super) index: u32,
    pub(super) generation: u32,
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
    pub(super) fn of(&self, aabb: &Aabb) -> Real {
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
pub(super) fn grow(aabb: &Aabb, m: Real) -> Aabb {
    let big = Vec3::splat(Real::MAX);
    Aabb::new((aabb.min - m).max(-big), (aabb.max + m).min(big))
}

/// A proxy's given box, in two 4-lane vectors (so the exact test of a pair is two loads and
/// two comparisons), with its generation in the first one's `w` lane.
#[derive(Clone, Copy, Debug)]
pub(super) struct Entry {
    pub(super) lo: Vec4,
    pub(super) hi: Vec4,
}

impl Entry {
    #[inline(always)]
    pub(super) fn new(given: &Aabb, generation: u32) -> Self {
        Self {
            lo: given.min.extend(node::pack(generation)),
            hi: given.max.extend(0.0),
        }
    }

    /// The box as given.
    #[inline(always)]
    pub(super) fn given(&self) -> Aabb {
        Aabb::new(self.lo.truncate(), self.hi.truncate())
    }

    #[inline(always)]
    pub(super) fn generation(&self) -> u32 {
        node::unpack(self.lo.w)
    }

    #[inline(always)]
    pub(super) fn set_given(&mut self, given: &Aabb) {
        *self = Self::new(given, self.generation());
    }

    /// Whether this box and `other` meet (touching counts; `false` if either is NaN).
    #[inline(always)]
    pub(super) fn meets(&self, other: &Self) -> bool {
        tree::overlaps4(self.lo, self.hi, other.lo, other.hi)
    }
}
