//! `ContactManifold` between two [`Polyline`]s: up to two points with the normal of
//! `Contact<Polyline> for Polyline` (ghost vertices of both chains applied).
//!
//! The deepest pair of segments decides the kind of contact. Where its normal is a face normal
//! of one of the two segments (the other's segment, or both lying flat on each other), that
//! segment is the reference face: every pair whose kept contact has the same normal and whose
//! segment on the reference side runs across it on the same line (the straight run) clips its
//! other segment against the run's segment (`algo/contact.rs`'s `clip`); of all the points
//! found, the deepest and the one farthest from it along the run are kept, each halfway between
//! the chains with its depth below the run (at most the contact's depth): a chain dipping into
//! a flat floor in two places gets one point in each. A pair whose clipped points are deeper
//! than its own contact (two segments crossing steeply) gives its contact's point instead. Where both of the deepest pair's segments are flat, the
//! reference is the one first in a fixed order of their coordinates, so that both orders clip
//! the same way and give the same points. Where the normal is neither segment's face normal
//! (two chains meeting corner to corner), the manifold is that pair's
//! `ContactManifold<Segment>`.

use alloc::vec::Vec;

use crate::d2::query::algo::clip::clip;
use crate::d2::query::algo::contact::Body;
use crate::d2::query::algo::convex::Convex;
use crate::d2::query::contact::polyline_manifold::{
    SAME_NORMAL, across, merge, on_line, one_point,
};
use crate::d2::query::contact::polyline_polyline::{deepest_pair, kept_pairs, order};
use crate::d2::query::{ContactManifold, Manifold, ManifoldPoint};
use crate::d2::shape::{Polyline, Segment};
use crate::math::Vec2;

/// Which chain's segments are the run's reference faces.
#[derive(Clone, Copy, PartialEq)]
enum Reference {
    /// `other`'s (the normal is its face normal, pointing towards `self`).
    Other,
    /// `self`'s (the normal turned round is its face normal, pointing towards `other`).
    SelfChain,
}

impl ContactManifold<Polyline> for Polyline {
    /// Up to two points with the normal of [`Contact`](crate::d2::Contact) (from `other`
    /// towards `self`, ghost vertices of both chains applied): on a straight run of either
    /// chain, the deepest point of the other chain's segments clipped against the run and the
    /// one farthest from it along the run, each halfway between the chains with its depth below
    /// the run (at most the contact's depth); two chains meeting corner to corner, that pair of
    /// segments' manifold. Both orders give the same points with the normal turned round. Empty
    /// when no segments meet.
    fn contact_manifold(&self, other: &Polyline) -> Manifold {
        let Some((i0, j0, c)) = deepest_pair(self, other) else {
            return Manifold::EMPTY;
        };
        let single = one_point(&c);
        let n = c.normal;
        let (sa0, sb0) = (self.segment(i0), other.segment(j0));
        let reference = match (across(&sb0, n), across(&sa0, n)) {
            (true, true) if order(&sb0, &sa0).is_le() => Reference::Other,
            (true, true) => Reference::SelfChain,
            (true, false) => Reference::Other,
            (false, true) => Reference::SelfChain,
            (false, false) => return corner(&sa0, &sb0, n).unwrap_or(single),
        };
        let t = n.perp();
        let mut found: Vec<ManifoldPoint> = Vec::new();
        kept_pairs(self, other, |i, j, k| {
            if !(k.depth >= 0.0 && k.normal.dot(n) >= SAME_NORMAL) {
                return;
            }
            let (sa, sb) = (self.segment(i), other.segment(j));
            // The run's segment, the segment clipped against it, and the reference face's
            // outward normal (towards the clipped one).
            let (face, clipped, m, face0) = match reference {
                Reference::Other => (sb, sa, n, sb0),
                Reference::SelfChain => (sa, sb, -n, sa0),
            };
            if !(across(&face, m) && on_line(&face, &face0, m)) {
                return;
            }
            let mut out = [ManifoldPoint {
                point: Vec2::ZERO,
                depth: 0.0,
            }; 2];
            let count = clip(
                &Body::Hull(Convex::segment(face.a, face.b, 0.0)),
                0,
                &Body::Hull(Convex::segment(clipped.a, clipped.b, 0.0)),
                m,
                &mut out,
            );
            // Clipped points deeper than the pair's own contact (two segments crossing, the
            // push along the normal not the one the clipping measures) are not the pair's: its
            // contact's point stands for it then.
            let slack = merge(face.a, face.b);
            if out[..count].iter().all(|p| p.depth <= k.depth + slack) {
                found.extend(out[..count].iter().map(|p| ManifoldPoint {
                    point: p.point,
                    depth: p.depth.min(c.depth),
                }));
            } else {
                found.push(ManifoldPoint {
                    point: k.point,
                    depth: k.depth.min(c.depth),
                });
            }
        });
        // The deepest point, then the one farthest from it along the run (the deeper of two
        // found at one place by two pairs); ties by the points' coordinates, which both orders
        // share.
        let by_place = |p: &ManifoldPoint, q: &ManifoldPoint| {
            p.point
                .x
                .total_cmp(&q.point.x)
                .then(p.point.y.total_cmp(&q.point.y))
        };
        let Some(first) = found
            .iter()
            .copied()
            .min_by(|p, q| q.depth.total_cmp(&p.depth).then(by_place(p, q)))
        else {
            return single;
        };
        let x0 = t.dot(first.point);
        let reach = |p: &ManifoldPoint| (t.dot(p.point) - x0).abs();
        let second = found
            .iter()
            .copied()
            .filter(|p| (p.point - first.point).length() > merge(p.point, first.point))
            .min_by(|p, q| {
                reach(q)
                    .total_cmp(&reach(p))
                    .then(q.depth.total_cmp(&p.depth))
                    .then(by_place(p, q))
            });
        match second {
            Some(b) => Manifold::new(n, &[first, b]),
            None => Manifold::new(n, &[first]),
        }
    }
}

/// The manifold of two segments meeting corner to corner, computed in the fixed order of the
/// segments so that both orders agree, with the normal `n` (from `sb` towards `sa`); `None`
/// when the pair's manifold is empty or has another normal.
fn corner(sa: &Segment, sb: &Segment, n: Vec2) -> Option<Manifold> {
    let m = if order(sa, sb).is_le() {
        sa.contact_manifold(sb)
    } else {
        let m = sb.contact_manifold(sa);
        Manifold::new(-m.normal, m.points())
    };
    (!m.is_empty() && m.normal.dot(n) >= SAME_NORMAL).then_some(m)
}
