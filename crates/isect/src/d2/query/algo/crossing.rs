//! Where the carriers of two linear sets cross: the point of `Linear::meet` when the crossing
//! is not a defining point, at any magnitude.

use crate::d2::query::algo::exact::{cross_value, narrow, wide};
use crate::d2::query::algo::linear::{Kind, Linear};
use crate::d2::query::algo::window;
use crate::math::{Real, Vec2};
use crate::query::algo::expansion::normalizer;
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
        self.crossing_as_given(q)
    }

    /// [`Linear::crossing`] of sets in the window (where the caller has brought them).
    #[inline]
    pub(super) fn crossing_as_given(&self, q: &Linear) -> Vec2 {
        let s = (q.origin - self.origin).perp_dot(q.dir) / self.dir.perp_dot(q.dir);
        if !s.is_finite() {
            return self.far_crossing((self.origin, self.dir), (q.origin, q.dir), 0);
        }
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
        if !s.is_finite() {
            return self.far_crossing((o, d), (qo, qd), k);
        }
        self.at_scaled(self.clamp(s), (o, d), k)
    }

    /// The point at parameter `s` of `self`, whose carrier `(o, d)` is `2ᵏ` times the input:
    /// exactly `end` or `origin` at a segment's `s = 1` and at `s = 0`, else formed there and
    /// scaled back.
    fn at_scaled(&self, s: Real, (o, d): (Vec2, Vec2), k: i32) -> Vec2 {
        if self.kind == Kind::Segment && s == 1.0 {
            self.end
        } else if s == 0.0 {
            self.origin
        } else {
            window::ldexp2(o + s * d, -k)
        }
    }

    /// [`Linear::crossing`] where the parameter `s = (q.o − o) × q.d / (d × q.d)` was not finite
    /// in `Real` for `self`'s carrier `(o, d)` and `q`'s, both `2ᵏ` times the input (`k = 0` as
    /// given): the quotient overflowed (the crossing lies far out along nearly parallel
    /// carriers, possibly beyond the float range) or `d × q.d` rounded to 0 though the carriers
    /// are not parallel. Numerator and denominator are taken again to within a rounding of
    /// their exact values in `f64` ([`cross_value`]) and `s` kept as a quotient `m` near 1
    /// and a power of two `2ᵉ`; each coordinate is then `origin + 2ᵉ⁻ᵏ m d`, formed
    /// in `f64` and rounded once, so a coordinate the crossing lies beyond the float range in is
    /// `±∞` and the others are right (a segment's parameter, in `[0, 1]` by `meet`'s decision,
    /// is clamped and its point formed as usual).
    #[cold]
    #[inline(never)]
    pub(super) fn far_crossing(
        &self,
        (o, d): (Vec2, Vec2),
        (qo, qd): (Vec2, Vec2),
        k: i32,
    ) -> Vec2 {
        let num = cross_value(qo, o, qd, Vec2::ZERO);
        let den = cross_value(d, Vec2::ZERO, qd, Vec2::ZERO);
        // `x = (x · 2⁻ᵉ) · 2ᵉ` with `x · 2⁻ᵉ` near 1 ([`normalizer`]'s power of two).
        let (kn, kd) = (
            normalizer(&[[num, 0.0, 0.0]]),
            normalizer(&[[den, 0.0, 0.0]]),
        );
        let (quotient, e) = ((num * kn) / (den * kd), exponent(kd) - exponent(kn));
        if self.kind == Kind::Segment {
            let s = self.clamp(narrow(ldexp64(quotient, e)));
            return self.at_scaled(s, (o, d), k);
        }
        let [dx, dy] = wide(d);
        let [ox, oy] = wide(self.origin);
        let at = |origin: f64, step: f64| {
            let far = ldexp64(quotient * step, e - k);
            if far.is_finite() {
                narrow(origin + far)
            } else {
                // A step past the `f64` range (`isect-f64`): halved with the origin, summed and
                // doubled, so an origin of the other sign near the limit still counts.
                narrow(ldexp64(
                    origin * 0.5 + ldexp64(quotient * step, e - k - 1),
                    1,
                ))
            }
        };
        Vec2::new(at(ox, dx), at(oy, dy))
    }
}

/// The exponent of a power of two (a normal `f64`).
fn exponent(power: f64) -> i32 {
    ((power.to_bits() >> 52) & 0x7ff) as i32 - 1023
}

/// `x · 2ᵉ` in `f64`, in as many exact steps as the exponent range needs (`±∞` or 0 past it).
fn ldexp64(mut x: f64, mut e: i32) -> f64 {
    while e != 0 && x.is_finite() && x != 0.0 {
        let step = e.clamp(-1000, 1000);
        x *= f64::from_bits(((step + 1023) as u64) << 52);
        e -= step;
    }
    x
}
