//! The tree's node: its two children's boxes stored by axis, four lanes to an axis, with the
//! children, the parent and the height; and a child's tag (inner node or proxy).

use crate::math::{Real, Vec3, Vec4};
use crate::shape::Aabb;

/// A child of a node: an inner node's index, or a proxy's index tagged with [`Child::LEAF`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Child(u32);

impl Child {
    /// The tag of a leaf.
    const LEAF: u32 = 1 << 31;
    /// No child: the root of an empty tree.
    pub(crate) const NONE: Self = Self(u32::MAX);

    #[inline(always)]
    pub(crate) fn leaf(proxy: u32) -> Self {
        Self(proxy | Self::LEAF)
    }

    #[inline(always)]
    pub(crate) fn node(index: u32) -> Self {
        Self(index)
    }

    /// A leaf (true for [`Child::NONE`] too, which callers test first).
    #[inline(always)]
    pub(crate) fn is_leaf(self) -> bool {
        self.0 & Self::LEAF != 0
    }

    /// The proxy of a leaf or the index of a node.
    #[inline(always)]
    pub(crate) fn index(self) -> u32 {
        self.0 & !Self::LEAF
    }
}

/// The lane mask of [`Vec4`].
#[cfg(not(isect_f64))]
pub(crate) type BVec4A = glam::BVec4A;
#[cfg(isect_f64)]
pub(crate) type BVec4A = glam::BVec4;

/// An inner node: its two children's boxes (grown boxes for leaves, the union of the subtree's
/// for nodes) with the children, its parent and its height (1 + the taller child's; leaves
/// are 0), in one cache line in `f32`.
///
/// The two boxes are stored by axis, four lanes to an axis: `[slot 0's min, slot 1's min,
/// slot 0's max, slot 1's max]`. A traversal then tests both children with one vector
/// operation per axis (a box query is six comparisons, a ray's slab test three subtractions
/// and multiplications), and a lane swap of halves turns minima into maxima where a ray's
/// direction or a plane's normal is negative.
#[derive(Clone, Copy, Debug)]
#[repr(C, align(64))]
pub(crate) struct Node {
    pub(crate) axes: [Vec4; 3],
    child: [Child; 2],
    parent: u32,
    height: u32,
}

impl Node {
    /// A node of two children with their boxes, its parent and its height.
    #[inline(always)]
    pub(crate) fn new(children: [(Child, &Aabb); 2], parent: u32, height: u32) -> Self {
        let [(c0, b0), (c1, b1)] = children;
        let axis = |a: usize| Vec4::new(b0.min[a], b1.min[a], b0.max[a], b1.max[a]);
        Self {
            axes: [axis(0), axis(1), axis(2)],
            child: [c0, c1],
            parent,
            height,
        }
    }

    /// The child in slot `s`.
    #[inline(always)]
    pub(crate) fn child(&self, s: usize) -> Child {
        self.child[s]
    }

    /// Both children.
    #[inline(always)]
    pub(crate) fn children(&self) -> [Child; 2] {
        self.child
    }

    #[inline(always)]
    pub(crate) fn parent(&self) -> u32 {
        self.parent
    }

    #[inline(always)]
    pub(crate) fn set_parent(&mut self, parent: u32) {
        self.parent = parent;
    }

    #[inline(always)]
    pub(crate) fn height(&self) -> u32 {
        self.height
    }

    #[inline(always)]
    pub(crate) fn set_height(&mut self, height: u32) {
        self.height = height;
    }

    /// The box of slot `s`.
    #[inline(always)]
    pub(crate) fn slot_box(&self, s: usize) -> Aabb {
        let [x, y, z] = &self.axes;
        Aabb::new(
            Vec3::new(x[s], y[s], z[s]),
            Vec3::new(x[2 + s], y[2 + s], z[2 + s]),
        )
    }

    /// The node's own box: the union of its slots.
    #[inline(always)]
    pub(crate) fn own_box(&self) -> Aabb {
        let [x, y, z] = &self.axes;
        Aabb::new(
            Vec3::new(x[0].min(x[1]), y[0].min(y[1]), z[0].min(z[1])),
            Vec3::new(x[2].max(x[3]), y[2].max(y[3]), z[2].max(z[3])),
        )
    }

    /// The slot that holds `child`.
    #[inline(always)]
    pub(crate) fn slot_of(&self, child: Child) -> usize {
        usize::from(self.child[1] == child)
    }

    /// Puts `child` with box `aabb` into slot `s`.
    #[inline(always)]
    pub(crate) fn set_slot(&mut self, s: usize, child: Child, aabb: &Aabb) {
        for a in 0..3 {
            self.axes[a][s] = aabb.min[a];
            self.axes[a][2 + s] = aabb.max[a];
        }
        self.child[s] = child;
    }
}

/// A `u32` as the bits of a `Real` (in its low half in `f64`), for a proxy's generation kept
/// in a lane of its box that comparisons ignore.
#[inline(always)]
#[cfg_attr(
    not(isect_f64),
    expect(
        clippy::useless_conversion,
        reason = "`u32` into `u32` in f32, into `u64` in f64"
    )
)]
pub(crate) fn pack(x: u32) -> Real {
    Real::from_bits(x.into())
}

/// The `u32` of [`pack`].
#[inline(always)]
#[cfg_attr(
    not(isect_f64),
    expect(
        clippy::unnecessary_cast,
        reason = "`u32` as `u32` in f32, `u64` as `u32` in f64"
    )
)]
pub(crate) fn unpack(x: Real) -> u32 {
    x.to_bits() as u32
}
