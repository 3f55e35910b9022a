//! The 4-wide layout the queries traverse.
//!
//! Each [`Node4`] holds the boxes of up to four children as structure of arrays (`min[axis][lane]`),
//! so one ray–box slab test runs over four lanes in straight-line code that the compiler turns
//! into SIMD. A lane is empty, an inner node, or a leaf of up to four triangles that are
//! contiguous in [`Bvh::tris`] (their corners copied in leaf order, so a leaf test reads one
//! cache-friendly block instead of chasing vertex indices). Nodes are in pre-order, parents
//! before children, which [`crate::bvh::refit`] relies on.

use alloc::vec::Vec;

use crate::bvh::build::{self, BinNode, Prims};
use crate::math::{Real, Vec3};

/// Lanes per node.
pub(crate) const WIDTH: usize = 4;
/// `child` of an empty lane.
pub(crate) const EMPTY: u32 = u32::MAX;

/// A node with four child boxes, aligned to a cache line (two lines in `f32`, four in `f64`).
#[derive(Clone, Copy, Debug)]
#[repr(C, align(64))]
pub(crate) struct Node4 {
    /// `min[axis][lane]`.
    pub min: [[Real; WIDTH]; 3],
    /// `max[axis][lane]`.
    pub max: [[Real; WIDTH]; 3],
    /// Inner lane: index of the child node; leaf lane: first triangle in [`Bvh::tris`]; empty
    /// lane: [`EMPTY`].
    pub child: [u32; WIDTH],
    /// Triangles of a leaf lane; 0 for inner and empty lanes.
    pub count: [u8; WIDTH],
}

impl Node4 {
    const BLANK: Self = Self {
        min: [[Real::INFINITY; WIDTH]; 3],
        max: [[Real::NEG_INFINITY; WIDTH]; 3],
        child: [EMPTY; WIDTH],
        count: [0; WIDTH],
    };

    #[inline]
    pub(crate) fn set_box(&mut self, lane: usize, min: Vec3, max: Vec3) {
        for axis in 0..3 {
            self.min[axis][lane] = min[axis];
            self.max[axis][lane] = max[axis];
        }
    }

    #[inline]
    pub(crate) fn lane_box(&self, lane: usize) -> (Vec3, Vec3) {
        (
            Vec3::new(self.min[0][lane], self.min[1][lane], self.min[2][lane]),
            Vec3::new(self.max[0][lane], self.max[1][lane], self.max[2][lane]),
        )
    }
}

/// A reference to a subtree: an inner node, or a leaf's triangle range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct NodeRef {
    /// Node index, or first triangle of a leaf.
    pub index: u32,
    /// Triangles of a leaf; 0 for a node.
    pub count: u8,
}

/// The BVH of a mesh.
#[derive(Clone, Debug)]
pub(crate) struct Bvh {
    /// Nodes in pre-order; `nodes[0]` is the root.
    pub nodes: Vec<Node4>,
    /// The triangles' corners in leaf order.
    pub tris: Vec<[Vec3; 3]>,
    /// The mesh's triangle index of each entry of `tris`.
    pub order: Vec<u32>,
    /// Whether each entry of `tris` has no area (never hit by rays, never overlapping).
    pub degenerate: Vec<bool>,
    /// The root reference (a node, or a leaf for meshes of a few triangles).
    pub root: NodeRef,
}

/// The corners of triangle `t` of a mesh.
#[inline]
pub(crate) fn corners(vertices: &[Vec3], t: [u32; 3]) -> [Vec3; 3] {
    t.map(|i| vertices[i as usize])
}

/// Whether a triangle has no area (no unit normal), as [`crate::Triangle::normal`] decides.
#[inline]
pub(crate) fn is_degenerate(c: &[Vec3; 3]) -> bool {
    crate::Triangle::new(c[0], c[1], c[2]).normal().is_none()
}

impl Bvh {
    /// Builds the hierarchy of a mesh (non-empty, indices checked).
    pub(crate) fn new(vertices: &[Vec3], triangles: &[[u32; 3]]) -> Self {
        let n = triangles.len();
        let mut min = Vec::with_capacity(n);
        let mut max = Vec::with_capacity(n);
        let mut centre = Vec::with_capacity(n);
        for &t in triangles {
            let [a, b, c] = corners(vertices, t);
            let lo = a.min(b).min(c);
            let hi = a.max(b).max(c);
            min.push(lo);
            max.push(hi);
            centre.push((lo + hi) * 0.5);
        }
        let prims = Prims {
            min: &min,
            max: &max,
            centre: &centre,
        };
        let mut order: Vec<u32> = (0..n as u32).collect();
        let bin = build::build(&prims, &mut order);
        let tris: Vec<[Vec3; 3]> = order
            .iter()
            .map(|&i| corners(vertices, triangles[i as usize]))
            .collect();
        let degenerate = tris.iter().map(is_degenerate).collect();
        let mut nodes = Vec::with_capacity(bin.len() / 2 + 1);
        let root = if bin[0].count > 0 {
            NodeRef {
                index: bin[0].index,
                count: bin[0].count as u8,
            }
        } else {
            NodeRef {
                index: collapse(&bin, 0, &mut nodes),
                count: 0,
            }
        };
        nodes.shrink_to_fit();
        Self {
            nodes,
            tris,
            order,
            degenerate,
            root,
        }
    }

    /// Bytes of heap memory the hierarchy holds (nodes, triangle copies, order and flags).
    pub(crate) fn heap_bytes(&self) -> usize {
        self.nodes.capacity() * core::mem::size_of::<Node4>()
            + self.tris.capacity() * core::mem::size_of::<[Vec3; 3]>()
            + self.order.capacity() * 4
            + self.degenerate.capacity()
    }
}

/// Writes the 4-wide node for binary inner node `b` (and its subtree) and returns its index.
fn collapse(bin: &[BinNode], b: usize, nodes: &mut Vec<Node4>) -> u32 {
    let here = nodes.len();
    nodes.push(Node4::BLANK);
    let area = |i: usize| {
        let d = bin[i].max - bin[i].min;
        d.x * d.y + d.y * d.z + d.z * d.x
    };
    let mut kids: [usize; WIDTH] = [0; WIDTH];
    kids[0] = b + 1;
    kids[1] = bin[b].index as usize;
    let mut len = 2;
    // Open the inner child with the largest area until four lanes are filled.
    while len < WIDTH {
        let mut pick: Option<usize> = None;
        for k in 0..len {
            if bin[kids[k]].count == 0 && pick.is_none_or(|p| area(kids[k]) > area(kids[p])) {
                pick = Some(k);
            }
        }
        let Some(k) = pick else { break };
        let open = kids[k];
        kids[k] = open + 1;
        kids[len] = bin[open].index as usize;
        len += 1;
    }
    let mut node = Node4::BLANK;
    for (lane, &k) in kids[..len].iter().enumerate() {
        node.set_box(lane, bin[k].min, bin[k].max);
        if bin[k].count > 0 {
            node.child[lane] = bin[k].index;
            node.count[lane] = bin[k].count as u8;
        } else {
            node.child[lane] = collapse(bin, k, nodes);
        }
    }
    nodes[here] = node;
    here as u32
}
