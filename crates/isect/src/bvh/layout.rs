//! The wide layout the queries traverse.
//!
//! Each [`Node`] holds the boxes of up to [`LANES`] children (eight in `f32`, four in `f64`) as
//! structure of arrays (`bounds[side][axis][lane]`), so one ray–box slab test runs over the lanes
//! in straight-line SIMD code (four-lane halves). A lane is empty, an inner node, or a leaf of
//! up to four triangles. Each leaf owns one [`TriBlock`]: the corners of its triangles copied as
//! structure of arrays, so the ray's watertight test runs over the block's four lanes at once
//! and reads one contiguous block instead of chasing vertex indices. Triangles are addressed
//! by *slot*, `4 · block + lane`. Nodes are in pre-order, parents before children, which
//! [`crate::bvh::refit`] relies on.

use alloc::vec::Vec;

use crate::bvh::build::{self, BinNode, PrimBox};
use crate::bvh::ray::clear_flags;
use crate::math::{Real, SimdVec3, Vec3, simd, unsimd};
use crate::pages;

/// Triangles per leaf block (the lanes of a leaf test).
pub(crate) const WIDTH: usize = 4;
/// Children per node: eight in `f32`, four in `f64`. The box test runs on `Vec4` halves, which
/// are SIMD in `f32` but four scalars in `f64` (glam's `DVec4`), so in `f64` a wider node only
/// adds work (docs/performance.md, "Node width").
#[cfg(not(isect_f64))]
pub(crate) const LANES: usize = 8;
/// Children per node (see the `f32` build's note).
#[cfg(isect_f64)]
pub(crate) const LANES: usize = 4;
/// `child` of an empty lane.
pub(crate) const EMPTY: u32 = u32::MAX;

/// A node with [`LANES`] child boxes, aligned to a cache line (four lines in either precision).
/// Eight lanes rather than four in `f32`: half the levels, so half the dependent node loads per
/// ray, for two four-lane box tests per node: faster in every cell of the mesh bench, most for
/// shadow and short rays and the million-triangle meshes (docs/performance.md, "Node width").
#[derive(Clone, Copy, Debug)]
#[repr(C, align(64))]
pub(crate) struct Node {
    /// `bounds[side][axis][lane]`: side 0 the lanes' minima, side 1 their maxima (so a ray
    /// picks its near and far planes per axis by index, without a branch).
    pub bounds: [[[Real; LANES]; 3]; 2],
    /// Inner lane: index of the child node; leaf lane: the slot of its first triangle (a
    /// multiple of [`WIDTH`]: lane 0 of its block); empty lane: [`EMPTY`].
    pub child: [u32; LANES],
    /// Triangles of a leaf lane; 0 for inner and empty lanes.
    pub count: [u8; LANES],
    /// Bit `lane`: the lane is a leaf (`count[lane] > 0`), so a traversal splits the lanes a
    /// ray enters into leaves and inner nodes with one `and` instead of a branch per lane.
    pub leaf_mask: u8,
}

impl Node {
    const BLANK: Self = Self {
        bounds: [
            [[Real::INFINITY; LANES]; 3],
            [[Real::NEG_INFINITY; LANES]; 3],
        ],
        child: [EMPTY; LANES],
        count: [0; LANES],
        leaf_mask: 0,
    };

    /// `min()[axis][lane]`.
    #[inline(always)]
    pub(crate) fn min(&self) -> &[[Real; LANES]; 3] {
        &self.bounds[0]
    }

    /// `max()[axis][lane]`.
    #[inline(always)]
    pub(crate) fn max(&self) -> &[[Real; LANES]; 3] {
        &self.bounds[1]
    }

    #[inline]
    pub(crate) fn set_box(&mut self, lane: usize, min: Vec3, max: Vec3) {
        for axis in 0..3 {
            self.bounds[0][axis][lane] = min[axis];
            self.bounds[1][axis][lane] = max[axis];
        }
    }

    #[inline]
    pub(crate) fn lane_box(&self, lane: usize) -> (Vec3, Vec3) {
        (
            Vec3::from_array(core::array::from_fn(|axis| self.bounds[0][axis][lane])),
            Vec3::from_array(core::array::from_fn(|axis| self.bounds[1][axis][lane])),
        )
    }
}

/// The corners of a leaf's triangles as structure of arrays, `c[corner][axis][lane]`. Lanes
/// past the leaf's triangle count repeat lane 0's triangle (so a four-lane test computes
/// ordinary values there, which the count then masks off).
#[derive(Clone, Copy, Debug)]
#[repr(C, align(16))]
pub(crate) struct TriBlock {
    pub c: [[[Real; WIDTH]; 3]; 3],
}

impl TriBlock {
    const BLANK: Self = Self {
        c: [[[0.0; WIDTH]; 3]; 3],
    };

    /// The corners of the triangle in `lane`.
    #[inline]
    pub(crate) fn get(&self, lane: usize) -> [Vec3; 3] {
        core::array::from_fn(|k| {
            Vec3::new(self.c[k][0][lane], self.c[k][1][lane], self.c[k][2][lane])
        })
    }

    #[inline]
    pub(crate) fn set(&mut self, lane: usize, tri: [Vec3; 3]) {
        for (k, corner) in tri.iter().enumerate() {
            for axis in 0..3 {
                self.c[k][axis][lane] = corner[axis];
            }
        }
    }

    /// Fills the lanes from `count` on with copies of lane 0.
    fn pad(&mut self, count: usize) {
        let first = self.get(0);
        for lane in count..WIDTH {
            self.set(lane, first);
        }
    }
}

/// `order` of a padding slot (a lane past its leaf's triangle count).
pub(crate) const NO_TRIANGLE: u32 = u32::MAX;

/// A reference to a subtree: an inner node, or a leaf's slots.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct NodeRef {
    /// Node index, or the first slot of a leaf.
    pub index: u32,
    /// Triangles of a leaf; 0 for a node.
    pub count: u8,
}

/// The BVH of a mesh.
#[derive(Debug)]
pub(crate) struct Bvh {
    /// Nodes in pre-order; `nodes[0]` is the root.
    pub nodes: Vec<Node>,
    /// One block of triangle corners per leaf; slot `s` is lane `s % 4` of block `s / 4`.
    pub blocks: Vec<TriBlock>,
    /// The mesh's triangle index of each slot; [`NO_TRIANGLE`] for padding.
    pub order: Vec<u32>,
    /// Per node and lane, the lowest triangle index in the lane's subtree ([`NO_TRIANGLE`] for
    /// an empty lane): a shape sweep that already touches at `t = 0` can only be tied, and a
    /// tie goes to the lowest index, so it skips the subtrees with no lower one. Beside the
    /// nodes rather than in them, which the ray traversals read and which fill four cache
    /// lines exactly.
    pub lowest: Vec<[u32; LANES]>,
    /// Whether each slot's triangle has no area (never hit by rays, never overlapping); `true`
    /// for padding.
    pub degenerate: Vec<bool>,
    /// Flags of each slot's triangle (`bvh::ray::steady`): `CLEAR` when it is clear
    /// (`bvh::ray::leaf::is_clear`), well shaped enough that its stored normal decides the
    /// grazing check of a ray crossing it clearly, without the check's cross product; `ROOMY`
    /// when its scaled normal is also neither tiny nor huge, so that the stored normal decides
    /// a closest hit's steady barycentric test ([`Bvh::keeps_barycentric`]); 0 for padding.
    pub clear: Vec<u8>,
    /// The unit normal of each slot's triangle ([`crate::Triangle::normal`]; zero for a
    /// degenerate triangle and for padding), made once at build and refit: a closest hit's
    /// `MeshHit` reads it instead of computing it per hit (docs/performance.md, "Against
    /// Embree"). Rays read it for their final hit only, so it is beside the blocks, not in them.
    pub normals: Vec<Vec3>,
    /// The root reference (a node, or a leaf for meshes of a few triangles).
    pub root: NodeRef,
    /// The box of the whole tree (the union of the root's lanes: the box of the triangles'
    /// corners), for the one-box test rays take before the root node (see
    /// [`crate::bvh::ray::PreRay::may_enter`]) and as the mesh's [`crate::Bounded::aabb`]
    /// ([`Bvh::bounds`]). SIMD vectors in `f32`, as the box test wants them.
    pub whole: (SimdVec3, SimdVec3),
    /// Whether traversals prefetch the children a ray enters (hierarchies larger than
    /// [`PREFETCH_FROM`]).
    pub prefetch: bool,
    /// Whether the mesh is a solid wound inward (its triangles' fronts face into it, its
    /// signed volume negative): [`Bvh::faces`] then asks about their backs, the sides that face
    /// out of the solid. Set by [`crate::TriMesh`], which knows whether the mesh is closed.
    pub inward: bool,
}

/// Hierarchies of more bytes than this prefetch the nodes and leaf blocks a ray enters before
/// visiting them: a typical level-2 cache (1 MiB per core on the bench machine), beyond which
/// node loads miss it. Smaller hierarchies go without (in the cache they would only pay the
/// instructions), and a lone child entered is not prefetched (it is visited at once); see
/// docs/performance.md, "Prefetching".
pub(crate) const PREFETCH_FROM: usize = 1 << 20;

/// A copy in huge pages as well (`crate::pages`), as a derived `Clone` would not be.
impl Clone for Bvh {
    fn clone(&self) -> Self {
        Self {
            nodes: pages::vec_from_slice(&self.nodes),
            blocks: pages::vec_from_slice(&self.blocks),
            order: pages::vec_from_slice(&self.order),
            lowest: self.lowest.clone(),
            degenerate: self.degenerate.clone(),
            clear: self.clear.clone(),
            normals: pages::vec_from_slice(&self.normals),
            ..*self
        }
    }
}

/// The corners of triangle `t` of a mesh.
#[inline]
pub(crate) fn corners(vertices: &[Vec3], t: [u32; 3]) -> [Vec3; 3] {
    t.map(|i| vertices[i as usize])
}

/// The unit normal of a triangle ([`crate::Triangle::normal`]), zero when it has none.
#[inline]
pub(crate) fn unit_normal(c: &[Vec3; 3]) -> Vec3 {
    crate::Triangle::new(c[0], c[1], c[2])
        .normal()
        .unwrap_or(Vec3::ZERO)
}

/// Whether a triangle has no area (exactly collinear corners), as [`crate::Triangle::normal`] decides.
#[inline]
pub(crate) fn is_degenerate(c: &[Vec3; 3]) -> bool {
    crate::Triangle::new(c[0], c[1], c[2]).is_degenerate()
}

impl Bvh {
    /// Builds the hierarchy of a mesh (non-empty, indices checked).
    pub(crate) fn new(vertices: &[Vec3], triangles: &[[u32; 3]]) -> Self {
        let n = triangles.len();
        let mut prims: Vec<PrimBox> = triangles
            .iter()
            .map(|&t| {
                let [a, b, c] = corners(vertices, t);
                PrimBox::new(a.min(b).min(c), a.max(b).max(c))
            })
            .collect();
        let mut order: Vec<u32> = (0..n as u32).collect();
        let mut bin = build::build(&mut prims, &mut order);
        drop(prims);
        // One block per leaf; the leaves' indices become slots.
        let leaves = bin.iter().filter(|b| b.count > 0).count();
        // The arrays rays read, in huge pages where they are large enough (`crate::pages`).
        let mut blocks = pages::with_capacity(leaves);
        let mut slot_order = pages::with_capacity(leaves * WIDTH);
        let mut degenerate = Vec::with_capacity(leaves * WIDTH);
        let mut clear = Vec::with_capacity(leaves * WIDTH);
        let mut normals = pages::with_capacity(leaves * WIDTH);
        for b in bin.iter_mut().filter(|b| b.count > 0) {
            let range = b.index as usize..(b.index + b.count) as usize;
            let mut block = TriBlock::BLANK;
            for (lane, &i) in order[range].iter().enumerate() {
                let c = corners(vertices, triangles[i as usize]);
                block.set(lane, c);
                slot_order.push(i);
                degenerate.push(is_degenerate(&c));
                clear.push(clear_flags(&c));
                normals.push(unit_normal(&c));
            }
            block.pad(b.count as usize);
            for _ in b.count as usize..WIDTH {
                slot_order.push(NO_TRIANGLE);
                degenerate.push(true);
                clear.push(0);
                normals.push(Vec3::ZERO);
            }
            b.index = (blocks.len() * WIDTH) as u32;
            blocks.push(block);
        }
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
        // The nodes' final array: exactly their number, in huge pages where it is large enough.
        let nodes = pages::vec_from_slice(&nodes);
        let lowest = lowest_indices(&nodes, &slot_order);
        let mut bvh = Self {
            nodes,
            blocks,
            order: slot_order,
            lowest,
            degenerate,
            clear,
            normals,
            root,
            whole: (simd(bin[0].min), simd(bin[0].max)),
            prefetch: false,
            inward: false,
        };
        bvh.prefetch = bvh.heap_bytes() > PREFETCH_FROM;
        debug_assert_eq!(bvh.validate(vertices, triangles), Ok(()));
        bvh
    }

    /// The box of the whole tree: the box of the triangles' corners.
    #[inline]
    pub(crate) fn bounds(&self) -> (Vec3, Vec3) {
        (unsimd(self.whole.0), unsimd(self.whole.1))
    }

    /// The corners of the triangle in `slot`.
    #[inline]
    pub(crate) fn tri(&self, slot: u32) -> [Vec3; 3] {
        self.blocks[slot as usize / WIDTH].get(slot as usize % WIDTH)
    }

    /// Rewrites the padding lanes of every block after its triangles changed.
    pub(crate) fn pad_blocks(&mut self) {
        for (b, block) in self.blocks.iter_mut().enumerate() {
            let count = self.order[b * WIDTH..(b + 1) * WIDTH]
                .iter()
                .take_while(|&&i| i != NO_TRIANGLE)
                .count();
            block.pad(count);
        }
    }

    /// Bytes of heap memory the hierarchy holds (nodes, triangle blocks, order, flags and
    /// normals).
    pub(crate) fn heap_bytes(&self) -> usize {
        self.nodes.capacity() * core::mem::size_of::<Node>()
            + self.blocks.capacity() * core::mem::size_of::<TriBlock>()
            + self.order.capacity() * 4
            + self.lowest.capacity() * core::mem::size_of::<[u32; LANES]>()
            + self.degenerate.capacity()
            + self.clear.capacity()
            + self.normals.capacity() * core::mem::size_of::<Vec3>()
    }
}

/// [`Bvh::lowest`] of `nodes` (in pre-order, so a reverse sweep sees children before their
/// parent) whose leaves' slots hold the triangle indices `order`.
fn lowest_indices(nodes: &[Node], order: &[u32]) -> Vec<[u32; LANES]> {
    let mut lowest = alloc::vec![[NO_TRIANGLE; LANES]; nodes.len()];
    for k in (0..nodes.len()).rev() {
        for lane in 0..LANES {
            let (child, count) = (nodes[k].child[lane], usize::from(nodes[k].count[lane]));
            lowest[k][lane] = if child == EMPTY {
                NO_TRIANGLE
            } else if count > 0 {
                let first = child as usize;
                order[first..first + count]
                    .iter()
                    .copied()
                    .min()
                    .unwrap_or(NO_TRIANGLE)
            } else {
                lowest[child as usize]
                    .iter()
                    .copied()
                    .min()
                    .unwrap_or(NO_TRIANGLE)
            };
        }
    }
    lowest
}

/// Writes the wide node for binary inner node `b` (and its subtree) and returns its index.
fn collapse(bin: &[BinNode], b: usize, nodes: &mut Vec<Node>) -> u32 {
    let here = nodes.len();
    nodes.push(Node::BLANK);
    let area = |i: usize| {
        let d = bin[i].max - bin[i].min;
        d.x * d.y + d.y * d.z + d.z * d.x
    };
    let mut kids: [usize; LANES] = [0; LANES];
    kids[0] = b + 1;
    kids[1] = bin[b].index as usize;
    let mut len = 2;
    // Open the inner child with the largest area until the lanes are filled.
    while len < LANES {
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
    let mut node = Node::BLANK;
    for (lane, &k) in kids[..len].iter().enumerate() {
        node.set_box(lane, bin[k].min, bin[k].max);
        if bin[k].count > 0 {
            node.child[lane] = bin[k].index;
            node.count[lane] = bin[k].count as u8;
            node.leaf_mask |= 1 << lane;
        } else {
            node.child[lane] = collapse(bin, k, nodes);
        }
    }
    nodes[here] = node;
    here as u32
}
