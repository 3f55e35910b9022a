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
use crate::d2::query::contact::polyline::{Feature, face, feature, rise};
use crate::d2::query::{Contact, ContactInfo, Intersects};
use crate::d2::shape::{Polyline, Segment};
use crate::math::{Real, Vec2};

/// The segment's coordinates, for the fixed order.
fn key(s: &Segment) -> [Real; 4] {
    [s.a.x, s.a.y, s.b.x, s.b.y]
}

/// The fixed order of two segments (total on floats).
pub(crate) fn order(p: &Segment, q: &Segment) -> Ordering {
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

/// `f`, the feature of segment `i` of `polyline` along `n`, unless it says `Covered` while the
/// covering neighbour (at the end furthest along `n`) does not meet `other`: then `Active`.
/// Against a convex shape the neighbour meets the shape wherever the rule leaves the contact
/// to it; a segment of another chain has no inside and may cross this segment alone (a chain
/// dipping through another, its lowest segment wholly below it), and the pair's contact must
/// then stand.
fn confirmed(
    f: Feature,
    polyline: &Polyline,
    i: u32,
    segment: &Segment,
    n: Vec2,
    other: &Segment,
) -> Feature {
    if f != Feature::Covered {
        return f;
    }
    let k = usize::from(rise(segment, n) > 0.0);
    let end = if k == 0 { segment.a } else { segment.b };
    match polyline.neighbour_end(i, k) {
        Some(c) if Segment::new(end, c).intersects(other) => Feature::Covered,
        _ => Feature::Active,
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
    let fb = confirmed(feature(b, j, &sb, c.normal), b, j, &sb, c.normal, &sa);
    let fa = confirmed(feature(a, i, &sa, -c.normal), a, i, &sa, -c.normal, &sb);
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

/// The deepest of the contacts offered, ties broken by the pair's segments in the fixed order,
/// with the pair's segment indices (in `a`, in `b`).
#[derive(Default)]
struct Deepest(Option<(ContactInfo, Segment, Segment, u32, u32)>);

impl Deepest {
    fn offer(&mut self, c: ContactInfo, lo: Segment, hi: Segment, i: u32, j: u32) {
        let better = match &self.0 {
            None => true,
            Some((b, blo, bhi, ..)) => {
                c.depth > b.depth
                    || (c.depth == b.depth && order(&lo, blo).then(order(&hi, bhi)).is_lt())
            }
        };
        if better {
            self.0 = Some((c, lo, hi, i, j));
        }
    }
}

/// Calls `f(i, j, kept, raw)` for every segment `i` of `a` and `j` of `b` that meet, with the
/// pair's contact after the ghost rule of both chains (`None` where a neighbour reports it) and
/// before it, and returns the pairs' raw contacts' deepest.
fn for_each_pair(
    a: &Polyline,
    b: &Polyline,
    mut f: impl FnMut(u32, u32, Option<ContactInfo>, ContactInfo),
) -> Deepest {
    let mut fallback = Deepest::default();
    for i in 0..a.segment_count() as u32 {
        let sa = a.segment(i);
        let Some(probe) = sa.probe(0.0) else {
            continue;
        };
        probe.any(b, |j| {
            if let Some((kept, raw)) = pair(a, i, b, j) {
                let (lo, hi) = sorted(sa, b.segment(j));
                fallback.offer(raw, lo, hi, i, j);
                f(i, j, kept, raw);
            }
            false
        });
    }
    fallback
}

/// The contact of `Contact<Polyline> for Polyline` with the indices of the pair of segments
/// that gives it (in `a`, in `b`): the deepest kept pair contact, or where the ghost rule keeps
/// none, the deepest raw one.
pub(crate) fn deepest_pair(a: &Polyline, b: &Polyline) -> Option<(u32, u32, ContactInfo)> {
    let mut best = Deepest::default();
    let fallback = for_each_pair(a, b, |i, j, kept, _| {
        if let Some(k) = kept {
            let (lo, hi) = sorted(a.segment(i), b.segment(j));
            best.offer(k, lo, hi, i, j);
        }
    });
    best.0.or(fallback.0).map(|(c, _, _, i, j)| (i, j, c))
}

/// Calls `f(i, j, contact)` for every pair of segments that meet and whose contact the ghost
/// rule keeps (normal from `b` towards `a`).
pub(crate) fn kept_pairs(a: &Polyline, b: &Polyline, mut f: impl FnMut(u32, u32, ContactInfo)) {
    for_each_pair(a, b, |i, j, kept, _| {
        if let Some(k) = kept {
            f(i, j, k);
        }
    });
}

impl Contact<Polyline> for Polyline {
    /// The deepest contact over the pairs of segments that meet (each pair's
    /// `Contact<Segment>`, ghost vertices of both chains applied as in
    /// [`Polyline::contacts`]); normal from `other` towards `self`. Crossing segments give
    /// what `Contact<Segment> for Segment` gives them: the least push of one off the other
    /// along a segment's normal. Segments touching end to end or overlapping collinearly give
    /// depth 0. `None` when no segments meet. Both orders agree (depth equal, normal turned
    /// round) except for two identical segments, which have no side. A pair is left to a
    /// neighbour only where that neighbour meets the other segment too (a segment of a chain
    /// has no inside: a chain may dip through another with one segment alone). Where the ghost
    /// rule leaves none of the pairs that meet (rounding at shared vertices), the deepest
    /// pair's contact before it, so that a contact exists exactly when `Intersects` says they
    /// meet.
    fn contact(&self, other: &Polyline) -> Option<ContactInfo> {
        deepest_pair(self, other).map(|(.., c)| c)
    }
}
