//! `Contact` between two [`Polyline`]s.
//!
//! Two polylines are sets of segments without an inside, so there is no push that separates
//! two crossing chains as a whole; the contact is defined segment pair by segment pair. Each
//! pair of segments that meet has the pair's contact (`Contact<Segment> for Segment`: for two
//! crossing segments the least push of one off the other along a segment's normal, the depth
//! that contact returns), with the ghost-vertex rule of `Polyline::contacts` applied for both
//! chains: a pair whose normal points from a shared end into a neighbour of either chain is
//! left to that neighbour, and where a chain continues flat the normal becomes its face normal
//! (the shallower of the two chains' face pushes when both apply). The answer is the deepest
//! pair's contact.
//!
//! Both orders give the same pair contacts with the normal turned round: each pair's segment
//! contact is computed with the two segments in one fixed order (of their coordinates), and
//! ties of depth between pairs are broken by the segments' coordinates too.

use core::cmp::Ordering;

use crate::d2::query::algo::polyline::Piece;
use crate::d2::query::contact::polyline::{Feature, face, feature};
use crate::d2::query::{Contact, ContactInfo};
use crate::d2::shape::{Polyline, Segment};
use crate::math::Real;

/// The segment's coordinates, for the fixed order.
fn key(s: &Segment) -> [Real; 4] {
    [s.a.x, s.a.y, s.b.x, s.b.y]
}

/// The fixed order of two segments (total on floats).
fn order(p: &Segment, q: &Segment) -> Ordering {
    let (x, y) = (key(p), key(q));
    x.iter()
        .zip(&y)
        .map(|(u, v)| u.total_cmp(v))
        .find(|o| o.is_ne())
        .unwrap_or(Ordering::Equal)
}

/// The two segments in the fixed order.
fn sorted(p: Segment, q: Segment) -> (Segment, Segment) {
    if order(&p, &q).is_le() {
        (p, q)
    } else {
        (q, p)
    }
}

/// The contact of segment `i` of `a` with segment `j` of `b` (normal from `b` towards `a`),
/// ghost vertices of both chains applied (`None` where a neighbour of either chain reports
/// it), and the contact before them; `None` when they do not meet.
fn pair(a: &Polyline, i: u32, b: &Polyline, j: u32) -> Option<(Option<ContactInfo>, ContactInfo)> {
    let (sa, sb) = (a.segment(i), b.segment(j));
    let c = if order(&sa, &sb).is_le() {
        sa.contact(&sb)?
    } else {
        let c = sb.contact(&sa)?;
        ContactInfo {
            normal: -c.normal,
            ..c
        }
    };
    let fb = feature(b, j, &sb, c.normal);
    let fa = feature(a, i, &sa, -c.normal);
    if fa == Feature::Covered || fb == Feature::Covered {
        return Some((None, c));
    }
    let from_b = (fb == Feature::Face).then(|| face(&sb, &sa, c.normal));
    let from_a = (fa == Feature::Face).then(|| {
        let (n, d) = face(&sa, &sb, -c.normal);
        (-n, d)
    });
    let (normal, depth) = match (from_b, from_a) {
        (Some(x), Some(y)) => {
            let b_first = order(&sb, &sa).is_le();
            if x.1 < y.1 || (x.1 == y.1 && b_first) {
                x
            } else {
                y
            }
        }
        (Some(x), None) | (None, Some(x)) => x,
        (None, None) => (c.normal, c.depth),
    };
    let kept = ContactInfo {
        point: c.point,
        normal,
        depth: depth.max(0.0),
    };
    Some((Some(kept), c))
}

/// The deepest of the contacts offered, ties broken by the pair's segments in the fixed order.
#[derive(Default)]
struct Deepest(Option<(ContactInfo, Segment, Segment)>);

impl Deepest {
    fn offer(&mut self, c: ContactInfo, lo: Segment, hi: Segment) {
        let better = match &self.0 {
            None => true,
            Some((b, blo, bhi)) => {
                c.depth > b.depth
                    || (c.depth == b.depth && order(&lo, blo).then(order(&hi, bhi)).is_lt())
            }
        };
        if better {
            self.0 = Some((c, lo, hi));
        }
    }
}

impl Contact<Polyline> for Polyline {
    /// The deepest contact over the pairs of segments that meet (each pair's
    /// `Contact<Segment>`, ghost vertices of both chains applied as in
    /// [`Polyline::contacts`]); normal from `other` towards `self`. Crossing segments give
    /// what `Contact<Segment> for Segment` gives them: the least push of one off the other
    /// along a segment's normal. Segments touching end to end or overlapping collinearly give
    /// depth 0. `None` when no segments meet. Both orders agree (depth equal, normal turned
    /// round) except for two identical segments, which have no side. Where the ghost rule leaves
    /// none of the pairs that meet (rounding at shared vertices), the deepest pair's contact
    /// before it, so that a contact exists exactly when `Intersects` says they meet.
    fn contact(&self, other: &Polyline) -> Option<ContactInfo> {
        let mut best = Deepest::default();
        let mut fallback = Deepest::default();
        for i in 0..self.segment_count() as u32 {
            let sa = self.segment(i);
            let Some(probe) = sa.probe(0.0) else {
                continue;
            };
            probe.any(other, |j| {
                if let Some((kept, raw)) = pair(self, i, other, j) {
                    let (lo, hi) = sorted(sa, other.segment(j));
                    if let Some(k) = kept {
                        best.offer(k, lo, hi);
                    }
                    fallback.offer(raw, lo, hi);
                }
                false
            });
        }
        best.0.or(fallback.0).map(|(c, ..)| c)
    }
}
