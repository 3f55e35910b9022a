//! Where the carriers of two linear sets cross: the point of `Linear::meet` when the crossing
//! is not a defining point, at any magnitude.

use crate::d2::query::algo::linear::{Kind, Linear};
use crate::d2::query::algo::window;
use crate::math::Vec2;
use crate::query::algo::scale::in_window;

impl Linear {
    /// The point of `self` where its carrier crosses `q`'s (not parallel; the parameter clamped
    /// to `self`'s range). Its products `(q.o − o) × q.d` and `d × q.d` overflow from about
    /// `√Real::MAX` and lose digits in the subnormals, so sets outside the window are brought
    /// into it first (the parameter is the same for the sets scaled by one power of two).
    #[inline]
    pub(super) fn crossing(&self, q: &Linear) -> Vec2 {
        let m = window::fmax(
            window::fmax(window::max_abs(self.origin), window::max_abs(self.dir)),
            window::fmax(window::max_abs(q.origin), window::max_abs(q.dir)),
        );
        if !in_window(m) {
            return self.crossing_rescaled(q);
        }
        let s = (q.origin - self.origin).perp_dot(q.dir) / self.dir.perp_dot(q.dir);
        let s = if s.is_finite() { s } else { 0.0 };
        self.at(self.clamp(s))
    }

    /// [`Linear::crossing`] outside the window: both sets scaled by the power of two that brings
    /// their largest coordinate into `[1, 2)` (a segment's direction formed again from its
    /// scaled ends, since `end − origin` may have overflowed; a ray's or line's normalized on
    /// its own), the point formed there and scaled back.
    #[cold]
    #[inline(never)]
    fn crossing_rescaled(&self, q: &Linear) -> Vec2 {
        let reach = |l: &Linear| {
            let far = if l.kind == Kind::Segment {
                window::max_abs(l.end)
            } else {
                0.0
            };
            window::fmax(window::max_abs(l.origin), far)
        };
        let mut m = window::fmax(reach(self), reach(q));
        if self.kind != Kind::Segment {
            m = window::fmax(m, window::max_abs(self.dir));
        }
        let Some(k) = window::scale_for(m) else {
            return self.origin;
        };
        let scaled = |l: &Linear, dir: fn(Vec2, i32) -> Vec2| {
            let origin = window::ldexp2(l.origin, k);
            let d = if l.kind == Kind::Segment {
                window::ldexp2(l.end, k) - origin
            } else {
                dir(l.dir, k)
            };
            (origin, d)
        };
        let (o, d) = scaled(self, window::ldexp2);
        let (qo, qd) = scaled(q, |dir, _| window::normalized_dir(dir));
        let s = (qo - o).perp_dot(qd) / d.perp_dot(qd);
        let s = self.clamp(if s.is_finite() { s } else { 0.0 });
        if self.kind == Kind::Segment && s == 1.0 {
            self.end
        } else if s == 0.0 {
            self.origin
        } else {
            window::ldexp2(o + s * d, -k)
        }
    }
}
