//! Nearest-first branch and bound over the hierarchy: the triangle nearest a point, the triangle
//! nearest a shape (known to the search by its bounding box), and the nearest pair of triangles
//! of two meshes (node pairs, as PQP does: Larsen, Gottschalk, Lin and Manocha, "Fast Proximity
//! Queries with Swept Sphere Volumes", 1999).
//!
//! Each search keeps the best squared distance found so far and visits a subtree only when a
//! lower bound on its squared distance (from the boxes) is below it, nearer subtrees first, so
//! that the best falls early and prunes most of the tree. A distance of zero ends the search:
//! nothing can be nearer. The bounds are compared with the best widened by a few ulp
//! ([`NEAR_TIE`]): a triangle whose distance equals the best in exact arithmetic (two faces of
//! a box against an axis-aligned shape) can have its box's gap computed above the other's
//! computed distance, and must still be measured, so the least computed distance wins.

use crate::bvh::layout::{Bvh, EMPTY, LANES, Node, NodeRef};
use crate::bvh::stack::{InlineStack, Stack};
use crate::math::{Real, Vec3};
use crate::query::algo::scale::{ldexp, ldexp_vec};

const NO_REF: NodeRef = NodeRef { index: 0, count: 0 };

/// Entries of [`Bvh::nearest_by`]'s stack kept inline: a search that has found nothing yet
/// pushes every lane of each node on its way down (seven siblings a level in `f32`), which
/// spilled the traversals' usual 16 to the heap on most distance queries.
const NEAREST_STACK: usize = 64;

/// The coordinates a search computes in: the mesh's as stored ([`AsGiven`], which the compiler
/// removes), or times a power of two ([`Pow2`]) where the mesh and the query lie so far from 1
/// that their squared distances would over- or underflow (`query/algo/scale`): a mesh `2⁻⁸⁰`
/// across had every squared distance 0, so the first triangle looked as near as any and ended
/// the search, and one `2⁸⁰` across had them all `+∞`. The searches scale node bounds and
/// triangles as they read them; the caller scales its query and scales the answer back.
pub(crate) trait Scaling: Copy {
    /// `x` in the search's coordinates.
    fn real(self, x: Real) -> Real;
    /// `v` in the search's coordinates.
    fn vec(self, v: Vec3) -> Vec3;
}

/// The mesh's own coordinates.
#[derive(Clone, Copy)]
pub(crate) struct AsGiven;

impl Scaling for AsGiven {
    #[inline(always)]
    fn real(self, x: Real) -> Real {
        x
    }
    #[inline(always)]
    fn vec(self, v: Vec3) -> Vec3 {
        v
    }
}

/// The mesh's coordinates times `2ᵏ`.
#[derive(Clone, Copy)]
pub(crate) struct Pow2(pub i32);

impl Scaling for Pow2 {
    #[inline]
    fn real(self, x: Real) -> Real {
        ldexp(x, self.0)
    }
    #[inline]
    fn vec(self, v: Vec3) -> Vec3 {
        ldexp_vec(v, self.0)
    }
}

/// The factor by which the searches widen the best squared distance before pruning by a bound
/// (see the module docs).
pub(crate) const NEAR_TIE: Real = 1.0 + 64.0 * Real::EPSILON;

/// `d * d` for a distance found by a pair routine, kept positive when `d` is: a gap so small
/// that its square underflows to 0 (the least positive distance, which the distance routines give
/// shapes that do not meet) must not tie with, or end the search before, a pair that meets.
#[inline]
pub(crate) fn squared(d: Real) -> Real {
    if d > 0.0 {
        (d * d).max(Real::MIN_POSITIVE * Real::EPSILON)
    } else {
        d * d
    }
}

/// The squared distances between the box `[lo, hi]` and each lane's box of `node` in the
/// coordinates of `s` (0 where they meet; `+∞` for empty lanes, whose box is empty).
#[inline]
fn box_gaps(node: &Node, lo: Vec3, hi: Vec3, s: impl Scaling) -> [Real; LANES] {
    let mut d2 = [0.0 as Real; LANES];
    for axis in 0..3 {
        for (lane, d2) in d2.iter_mut().enumerate() {
            let below = s.real(node.min()[axis][lane]) - hi[axis];
            let above = lo[axis] - s.real(node.max()[axis][lane]);
            let g = below.max(above).max(0.0);
            *d2 += g * g;
        }
    }
    d2
}

/// The squared gaps between the ball `(center, r)` and each lane's box of `node` (the center's
/// gap less `r`; 0 where they meet, `+∞` for empty lanes).
#[inline]
fn ball_gaps(node: &Node, center: Vec3, r: Real, s: impl Scaling) -> [Real; LANES] {
    let mut d2 = box_gaps(node, center, center, s);
    for d2 in &mut d2 {
        let g = (crate::ops::sqrt(*d2) - r).max(0.0);
        *d2 = g * g;
    }
    d2
}

/// The larger of [`ball_gaps`] and the squared gaps between the box `[lo, hi]` and each lane's.
#[inline]
fn ball_box_gaps(
    node: &Node,
    (lo, hi): (Vec3, Vec3),
    (center, r): (Vec3, Real),
    s: impl Scaling,
) -> [Real; LANES] {
    let mut d2 = ball_gaps(node, center, r, s);
    for (d2, boxes) in d2.iter_mut().zip(box_gaps(node, lo, hi, s)) {
        *d2 = d2.max(boxes);
    }
    d2
}

/// The squared distance between two boxes.
#[inline]
pub(crate) fn box_gap(a: (Vec3, Vec3), b: (Vec3, Vec3)) -> Real {
    let g = (b.0 - a.1).max(a.0 - b.1).max(Vec3::ZERO);
    g.length_squared()
}

/// The lanes of `node` whose `bound` is at most `best`, farthest first (the order to push them
/// in, so the nearest is popped first): `(lanes, n)` with the order in `lanes[..n]`.
#[inline]
fn lanes_far_first(node: &Node, bound: &[Real; LANES], best: Real) -> ([usize; LANES], usize) {
    let mut lanes = [0usize; LANES];
    let mut n = 0;
    for lane in 0..LANES {
        if node.child[lane] != EMPTY && bound[lane] <= best {
            let mut k = n;
            while k > 0 && bound[lanes[k - 1]] < bound[lane] {
                lanes[k] = lanes[k - 1];
                k -= 1;
            }
            lanes[k] = lane;
            n += 1;
        }
    }
    (lanes, n)
}

/// The child in `lane` of `node`.
#[inline]
fn child(node: &Node, lane: usize) -> NodeRef {
    NodeRef {
        index: node.child[lane],
        count: node.count[lane],
    }
}

/// The slots of a leaf reference.
#[inline]
fn slots(r: NodeRef) -> core::ops::Range<u32> {
    r.index..r.index + u32::from(r.count)
}

impl Bvh {
    /// The smallest `dist(slot, best)` over the triangles (a squared distance, or any value
    /// that `lanes(node)` bounds from below lane by lane), visiting only subtrees whose bound
    /// is at most the best so far (`best` is passed to `dist`, which may stop early above it);
    /// `(slot, value)`, or `None` when `dist` found nothing finite.
    pub(crate) fn nearest_by(
        &self,
        lanes: impl Fn(&Node) -> [Real; LANES],
        mut dist: impl FnMut(u32, Real) -> Real,
    ) -> Option<(u32, Real)> {
        #[derive(Clone, Copy)]
        struct Entry {
            r: NodeRef,
            d: Real,
        }
        let mut best: Option<(u32, Real)> = None;
        let mut best_d = Real::INFINITY;
        let mut stack = InlineStack::<Entry, NEAREST_STACK>::new(Entry { r: NO_REF, d: 0.0 });
        stack.push(Entry {
            r: self.root,
            d: 0.0,
        });
        while let Some(e) = stack.pop() {
            if e.d > best_d * NEAR_TIE {
                continue;
            }
            if e.r.count > 0 {
                for slot in slots(e.r) {
                    let d = dist(slot, best_d);
                    if d < best_d || best.is_none() && d <= best_d {
                        best_d = d;
                        best = Some((slot, d));
                    }
                }
                if best_d == 0.0 {
                    break;
                }
                continue;
            }
            let node = &self.nodes[e.r.index as usize];
            let bound = lanes(node);
            let (order, n) = lanes_far_first(node, &bound, best_d * NEAR_TIE);
            for &lane in &order[..n] {
                stack.push(Entry {
                    r: child(node, lane),
                    d: bound[lane],
                });
            }
        }
        best
    }

    /// Nearest-first search from the point `p` (in the coordinates of `s`): the smallest
    /// `dist(slot)` (a squared distance) over the triangles, visiting only boxes closer than the
    /// best so far; `(slot, value)` or `None`.
    pub(crate) fn nearest(
        &self,
        p: Vec3,
        s: impl Scaling,
        mut dist: impl FnMut(u32) -> Real,
    ) -> Option<(u32, Real)> {
        self.nearest_by(|node| box_gaps(node, p, p, s), |slot, _| dist(slot))
    }

    /// Nearest-first search from a shape inside the ball `(center, r)` (`r` widened by the
    /// caller against the rounding of the gaps) and, when given, the box `[lo, hi]` (all in the
    /// coordinates of `s`): the smallest `dist(slot, best)` (a squared distance to the shape,
    /// never below the squared distance between the triangle and the ball or the box). A
    /// subtree's bound is its box's squared gap to the ball, or the larger of that and its gap
    /// to `[lo, hi]`.
    pub(crate) fn nearest_to_ball(
        &self,
        ball: (Vec3, Real),
        bounds: Option<(Vec3, Vec3)>,
        s: impl Scaling,
        dist: impl FnMut(u32, Real) -> Real,
    ) -> Option<(u32, Real)> {
        match bounds {
            Some(bounds) => self.nearest_by(|node| ball_box_gaps(node, bounds, ball, s), dist),
            None => self.nearest_by(|node| ball_gaps(node, ball.0, ball.1, s), dist),
        }
    }

    /// The nearest pair of triangles of `self` and `other`: the smallest `dist(slot_a, slot_b,
    /// best)` (a squared distance in the coordinates of `s`, never below the squared distance
    /// between the triangles' boxes), by node pairs nearest first, opening the larger box of a
    /// pair; `(slot_a, slot_b, value)`, or `None` when `dist` found nothing finite.
    pub(crate) fn nearest_pair(
        &self,
        other: &Bvh,
        s: impl Scaling,
        mut dist: impl FnMut(u32, u32, Real) -> Real,
    ) -> Option<(u32, u32, Real)> {
        #[derive(Clone, Copy)]
        struct Entry {
            a: NodeRef,
            b: NodeRef,
            a_box: (Vec3, Vec3),
            b_box: (Vec3, Vec3),
            d: Real,
        }
        let area = |(lo, hi): (Vec3, Vec3)| {
            let d = hi - lo;
            d.x * d.y + d.y * d.z + d.z * d.x
        };
        let scaled = |(lo, hi): (Vec3, Vec3)| (s.vec(lo), s.vec(hi));
        let (a_box, b_box) = (scaled(self.bounds()), scaled(other.bounds()));
        let empty = (Vec3::ZERO, Vec3::ZERO);
        let mut stack = Stack::new(Entry {
            a: NO_REF,
            b: NO_REF,
            a_box: empty,
            b_box: empty,
            d: 0.0,
        });
        stack.push(Entry {
            a: self.root,
            b: other.root,
            a_box,
            b_box,
            d: box_gap(a_box, b_box),
        });
        let mut best: Option<(u32, u32, Real)> = None;
        let mut best_d = Real::INFINITY;
        while let Some(e) = stack.pop() {
            if e.d > best_d * NEAR_TIE {
                continue;
            }
            if e.a.count > 0 && e.b.count > 0 {
                for sa in slots(e.a) {
                    for sb in slots(e.b) {
                        let d = dist(sa, sb, best_d);
                        if d < best_d || best.is_none() && d <= best_d {
                            best_d = d;
                            best = Some((sa, sb, d));
                        }
                    }
                }
                if best_d == 0.0 {
                    break;
                }
                continue;
            }
            let open_a = e.b.count > 0 || e.a.count == 0 && area(e.a_box) >= area(e.b_box);
            let (node, other_box) = if open_a {
                (&self.nodes[e.a.index as usize], e.b_box)
            } else {
                (&other.nodes[e.b.index as usize], e.a_box)
            };
            let bound = box_gaps(node, other_box.0, other_box.1, s);
            let (order, n) = lanes_far_first(node, &bound, best_d * NEAR_TIE);
            for &lane in &order[..n] {
                let (c, c_box) = (child(node, lane), scaled(node.lane_box(lane)));
                stack.push(if open_a {
                    Entry {
                        a: c,
                        a_box: c_box,
                        d: bound[lane],
                        ..e
                    }
                } else {
                    Entry {
                        b: c,
                        b_box: c_box,
                        d: bound[lane],
                        ..e
                    }
                });
            }
        }
        best
    }
}
