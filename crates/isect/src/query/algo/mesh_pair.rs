//! Two meshes' BVHs traversed together with the second placed rigidly in the first's frame, so
//! that one [`TriMesh`](crate::TriMesh) placed many times (the scene's instances) is never
//! copied or refitted: a node box of one side is moved into the other's frame as the bounding
//! box of the moved box (Gottschalk's OBB tree test made conservative: an axis-aligned box about
//! the moved box), and tested against the other side's lane boxes there. Whichever side is
//! opened, its own lane boxes are tested in its own frame, so the SIMD lane test of
//! [`overlap_lanes`] serves both.

use crate::bvh::Bvh;
use crate::bvh::layout::{LANES, NodeRef};
use crate::bvh::query::{overlap_lanes, subtree_box};
use crate::bvh::stack::Stack;
use crate::math::{Mat3, Quat, Real, Vec3};

/// A rigid placement `p ↦ rot · p + trans` (a rotation matrix, orthonormal to rounding).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Rigid {
    pub rot: Mat3,
    pub trans: Vec3,
}

impl Rigid {
    /// The placement of a unit quaternion and a translation; `None` when not finite.
    pub(crate) fn new(rotation: Quat, translation: Vec3) -> Option<Self> {
        let rot = Mat3::from_quat(rotation);
        (rot.is_finite() && translation.is_finite()).then_some(Self {
            rot,
            trans: translation,
        })
    }

    #[inline]
    pub(crate) fn apply(&self, p: Vec3) -> Vec3 {
        self.rot * p + self.trans
    }

    /// The placement that undoes this one (the transpose for the rotation).
    pub(crate) fn inverse(&self) -> Self {
        let rot = self.rot.transpose();
        Self {
            rot,
            trans: -(rot * self.trans),
        }
    }

    /// The box of the moved box `[lo, hi]`, grown by a few ulps of the magnitudes so that the
    /// moved corners of any triangle inside it, rounded, stay inside.
    #[inline]
    fn move_box(&self, (lo, hi): (Vec3, Vec3)) -> (Vec3, Vec3) {
        let center = (lo + hi) * 0.5;
        let half = (hi - lo) * 0.5;
        let abs = Mat3::from_cols(
            self.rot.x_axis.abs(),
            self.rot.y_axis.abs(),
            self.rot.z_axis.abs(),
        );
        let c = self.apply(center);
        let h = abs * half;
        let size = lo.abs().max(hi.abs()).max_element() + self.trans.abs().max_element();
        let h = h + Vec3::splat(size * (16.0 * Real::EPSILON));
        (c - h, c + h)
    }
}

/// Calls `f(slot_a, slot_b)` for pairs of leaf triangles of `a` and `b` whose leaves' boxes come
/// within `margin` of each other (touching counts), `b` placed by `place` in `a`'s frame (`None`:
/// the same frame, the boxes compared exactly), until `f` returns `true`; returns whether it did.
/// The test of the pair's own triangles is `f`'s.
pub(crate) fn placed_pairs(
    a: &Bvh,
    b: &Bvh,
    place: Option<&Rigid>,
    margin: Real,
    mut f: impl FnMut(u32, u32) -> bool,
) -> bool {
    #[derive(Clone, Copy)]
    struct Entry {
        a: NodeRef,
        b: NodeRef,
    }
    let none = NodeRef { index: 0, count: 0 };
    let back = place.map(Rigid::inverse);
    let pad = Vec3::splat(margin);
    let mut stack = Stack::new(Entry { a: none, b: none });
    stack.push(Entry {
        a: a.root,
        b: b.root,
    });
    let area = |(lo, hi): (Vec3, Vec3)| {
        let d = hi - lo;
        d.x * d.y + d.y * d.z + d.z * d.x
    };
    while let Some(Entry { a: ra, b: rb }) = stack.pop() {
        if ra.count > 0 && rb.count > 0 {
            for sa in ra.index..ra.index + u32::from(ra.count) {
                for sb in rb.index..rb.index + u32::from(rb.count) {
                    if f(sa, sb) {
                        return true;
                    }
                }
            }
            continue;
        }
        // Open the inner side (the larger box when both are inner; a rigid motion keeps sizes,
        // so comparing the boxes in their own frames is fair up to their orientations).
        let (ab, bb) = (subtree_box(a, ra), subtree_box(b, rb));
        let open_a = rb.count > 0 || ra.count == 0 && area(ab) >= area(bb);
        let (node, (lo, hi)) = if open_a {
            let moved = place.map_or(bb, |p| p.move_box(bb));
            (&a.nodes[ra.index as usize], moved)
        } else {
            let moved = back.as_ref().map_or(ab, |p| p.move_box(ab));
            (&b.nodes[rb.index as usize], moved)
        };
        let mask = overlap_lanes(node, lo - pad, hi + pad);
        for lane in 0..LANES {
            if mask & (1 << lane) != 0 {
                let child = NodeRef {
                    index: node.child[lane],
                    count: node.count[lane],
                };
                stack.push(if open_a {
                    Entry { a: child, b: rb }
                } else {
                    Entry { a: ra, b: child }
                });
            }
        }
    }
    false
}
