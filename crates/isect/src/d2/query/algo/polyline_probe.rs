//! What a polyline walk asks of a shape's [`Probe`]: whether it may meet a node's box, a lower
//! bound on its squared distance to one, and whether it may meet one while moving.

use crate::d2::query::algo::polyline::Probe;
use crate::d2::shape::{Polyline, box_entry};
use crate::math::{Real, Vec2};
use crate::ops;

impl Probe {
    /// Whether the probe may meet the box `min..max` (conservative: a few ulps generous).
    #[inline]
    pub(crate) fn near(&self, min: Vec2, max: Vec2) -> bool {
        match *self {
            Self::Box(lo, hi) => min.cmple(hi).all() && lo.cmple(max).all(),
            Self::Ray {
                origin,
                dir,
                margin,
                line,
            } => {
                let grow = Vec2::splat(margin);
                box_entry(min, max, grow, origin, dir, Real::INFINITY).is_some()
                    || line && box_entry(min, max, grow, origin, -dir, Real::INFINITY).is_some()
            }
        }
    }

    /// A lower bound on the squared distance between the probe (margin ignored) and the box
    /// `min..max`.
    #[inline]
    pub(crate) fn gap_squared(&self, min: Vec2, max: Vec2) -> Real {
        let (origin, dir, line) = match *self {
            Self::Box(lo, hi) => {
                let gap = (min - hi).max(lo - max).max(Vec2::ZERO);
                return gap.length_squared();
            }
            Self::Ray {
                origin, dir, line, ..
            } => (origin, dir, line),
        };
        let crossing = Self::Ray {
            origin,
            dir,
            margin: 0.0,
            line,
        };
        if crossing.near(min, max) {
            return 0.0;
        }
        // A ray or line that misses a box is closest to it at one of the box's corners, or
        // (a ray) at its origin: the least of those distances, less a little for rounding.
        // `dir` has a largest coordinate in `[1, 2)`: `|dir|` in `[1, 2√2)`. The distance
        // across is divided by it before squaring, so that the square overflows only where the
        // gap's does (`across²` overflowed for a corner `1.6e19` off a ray with `|dir| = 1.7`,
        // and the origin's gap, finite, then overestimated the node's: issue 24).
        let inv_len = 1.0 / ops::sqrt(dir.length_squared());
        let corner = |c: Vec2| {
            let w = c - origin;
            let along = w.dot(dir);
            let d2 = if !line && along <= 0.0 {
                w.length_squared()
            } else {
                let across = w.perp_dot(dir) * inv_len;
                across * across
            };
            // A NaN (`∞ − ∞` for a corner some `2¹²⁷` from the origin) bounds nothing: 0.
            d2.max(0.0)
        };
        let mut d2 = corner(min)
            .min(corner(max))
            .min(corner(Vec2::new(min.x, max.y)))
            .min(corner(Vec2::new(max.x, min.y)));
        if !line {
            let gap = (min - origin).max(origin - max).max(Vec2::ZERO);
            d2 = d2.min(gap.length_squared());
        }
        d2 * (1.0 - 64.0 * Real::EPSILON)
    }

    /// Whether the probe moving by `motion` over `t` in `[0, t_max]` may meet the static box
    /// `min..max`, and from which `t` on (`0` where unknown): `None` when it cannot.
    #[inline]
    pub(crate) fn entry(&self, min: Vec2, max: Vec2, motion: Vec2, t_max: Real) -> Option<Real> {
        match *self {
            Self::Box(lo, hi) => {
                box_entry(min, max, (hi - lo) * 0.5, (lo + hi) * 0.5, motion, t_max)
            }
            Self::Ray {
                origin,
                dir,
                margin,
                line,
            } => {
                // The ray at `t` is the ray from the midpoint of the motion shifted by at most
                // half of it: the ray from there against the box grown by that half.
                let m = motion * t_max;
                Self::Ray {
                    origin: origin + 0.5 * m,
                    dir,
                    margin: margin + 0.5 * m.abs().max_element(),
                    line,
                }
                .near(min, max)
                .then_some(0.0)
            }
        }
    }

    /// Calls `f` with every segment of `polyline` the probe may meet until it returns `true`;
    /// whether it did.
    #[inline]
    pub(crate) fn any(&self, polyline: &Polyline, mut f: impl FnMut(u32) -> bool) -> bool {
        polyline.walk(
            |n| self.near(n.min, n.max).then_some(0.0),
            |i| {
                let s = polyline.segment(i);
                self.near(s.a.min(s.b), s.a.max(s.b)) && f(i)
            },
        )
    }
}
