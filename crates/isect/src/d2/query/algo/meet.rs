//! Whether and where two linear sets meet: decided exactly by the signs of cross products, the
//! point exact where it is a defining point (an end or an origin) and otherwise the carriers'
//! crossing ([`Linear::crossing`], `crossing.rs`).

use crate::d2::query::algo::exact::cross_sign;
use crate::d2::query::algo::linear::{Kind, Linear};
use crate::math::Vec2;

/// How two linear sets that meet do so ([`Linear::meeting`]).
#[derive(Clone, Copy)]
pub(super) enum Meeting {
    /// At a defining point (an end or an origin on the other set), exact.
    At(Vec2),
    /// Where their carriers cross, inside both sets.
    Crossing,
}

impl Linear {
    /// A common point when the two sets meet (decided exactly), `None` when they do not. The
    /// point is exact where it is a defining point (an end that touches the other set, an origin
    /// on the other set), and otherwise the crossing computed from `self`'s parameter.
    #[inline]
    pub(crate) fn meet(&self, q: &Linear) -> Option<Vec2> {
        self.meeting(q).map(|m| match m {
            Meeting::At(p) => p,
            Meeting::Crossing => self.crossing(q),
        })
    }

    /// Whether the two sets meet, exactly ([`Linear::meet`] without forming the crossing).
    #[inline]
    pub(crate) fn meets(&self, q: &Linear) -> bool {
        self.meeting(q).is_some()
    }

    /// How the two sets meet: at a defining point, or where their carriers cross (the point
    /// left to the caller); `None` when they do not. Decided exactly.
    #[inline]
    pub(super) fn meeting(&self, q: &Linear) -> Option<Meeting> {
        if self.is_point() {
            return q
                .contains_exact(self.origin)
                .then_some(Meeting::At(self.origin));
        }
        if q.is_point() {
            return self
                .contains_exact(q.origin)
                .then_some(Meeting::At(q.origin));
        }
        let (pu, pv) = self.dir_points();
        let (qu, qv) = q.dir_points();
        let k = cross_sign(pu, pv, qu, qv);
        if k == 0 {
            return self.meet_parallel(q).map(Meeting::At);
        }
        // The carriers cross at self(s) = q(t) with s = (q.o − o) × q.d / k and
        // t = (q.o − o) × d / k, k = d × q.d (Cramer's rule); each bound on s and t is the sign
        // of one such cross product, exact. s = 0 and s = 1 make the numerator 0.
        let s_num = cross_sign(q.origin, self.origin, qu, qv) * k;
        let t_num = cross_sign(q.origin, self.origin, pu, pv) * k;
        let s_end =
            (self.kind == Kind::Segment).then(|| cross_sign(q.origin, self.end, qu, qv) * k);
        let t_end = (q.kind == Kind::Segment).then(|| cross_sign(q.end, self.origin, pu, pv) * k);
        let below = |kind: Kind, num: i8| kind != Kind::Line && num < 0;
        if below(self.kind, s_num) || below(q.kind, t_num) {
            return None;
        }
        if s_end.is_some_and(|x| x > 0) || t_end.is_some_and(|x| x > 0) {
            return None;
        }
        // Exact points where the crossing is a defining point.
        Some(if s_num == 0 {
            Meeting::At(self.origin)
        } else if s_end == Some(0) {
            Meeting::At(self.end)
        } else if t_num == 0 {
            Meeting::At(q.origin)
        } else if t_end == Some(0) {
            Meeting::At(q.end)
        } else {
            Meeting::Crossing
        })
    }

    /// [`Linear::meet`] for parallel carriers (neither set a point): collinear sets overlap when
    /// one holds a finite end of the other, or when both reach infinity the same way.
    fn meet_parallel(&self, q: &Linear) -> Option<Vec2> {
        if self.side(q.origin) != 0 {
            return None;
        }
        let (ends, count) = q.ends();
        if let Some(&p) = ends[..count].iter().find(|&&p| self.in_range(p)) {
            return Some(p);
        }
        let (ends, count) = self.ends();
        if let Some(&p) = ends[..count].iter().find(|&&p| q.in_range(p)) {
            return Some(p);
        }
        // Two rays or segments that overlap hold an end of one another (of two rays the same
        // way, the origin ahead); a line holds its whole carrier. Of two coincident lines, the
        // lesser origin (by x, then y): exact, and the same point in either argument order.
        match (self.kind, q.kind) {
            (Kind::Line, Kind::Line) => {
                let key = |p: Vec2| (p.x, p.y);
                Some(if key(q.origin) < key(self.origin) {
                    q.origin
                } else {
                    self.origin
                })
            }
            (Kind::Line, _) => Some(q.origin),
            (_, Kind::Line) => Some(self.origin),
            _ => None,
        }
    }
}
