//! Point queries on a triangle, in closed form: the signs of `p` against the three edges
//! (exact orientations), then the closest of the closest points of the edges `p` lies outside
//! of; a triangle and point outside the window of magnitudes where those products stay in
//! range are scaled into it by a power of two first (`algo/window.rs`).
//!
//! In a triangle with area, `p` is inside exactly when no two of the three signs are opposite
//! (either winding; a zero is an edge). A collinear triangle gives opposite signs for every
//! point off its line (its edges run both ways along it), and all three zero for the points of
//! the line, of which it holds those within its corners' box. So the signs answer every case.

use crate::d2::query::PointQuery;
use crate::d2::query::algo::exact::orient;
use crate::d2::query::algo::segment_point::closest_on_segment;
use crate::d2::query::algo::window;
use crate::d2::query::point::outside_distance;
use crate::d2::shape::Triangle;
use crate::math::{Real, Vec2};

impl Triangle {
    /// Whether the corners and `p` are finite, without branches.
    #[inline(always)]
    fn usable_with(&self, p: Vec2) -> bool {
        self.a.is_finite() & self.b.is_finite() & self.c.is_finite() & p.is_finite()
    }

    /// Whether the triangle holds `p` (finite input), exactly.
    #[inline]
    fn holds(&self, p: Vec2) -> bool {
        self.outside_signs(p).is_none()
    }

    /// `None` when the triangle holds `p` (finite input), exactly; otherwise the signs of `p`
    /// against the edges `ab`, `bc`, `ca`.
    #[inline]
    fn outside_signs(&self, p: Vec2) -> Option<[i8; 3]> {
        let (a, b, c) = (self.a, self.b, self.c);
        let s = [orient(a, b, p), orient(b, c, p), orient(c, a, p)];
        let (low, high) = (s[0].min(s[1]).min(s[2]), s[0].max(s[1]).max(s[2]));
        if low < 0 && high > 0 {
            return Some(s);
        }
        if low != 0 || high != 0 {
            return None;
        }
        // On the line of a collinear triangle (or on its one point).
        let lo = a.min(b).min(c);
        let hi = a.max(b).max(c);
        (!(p.cmpge(lo) & p.cmple(hi)).all()).then_some(s)
    }

    /// The point of the edges closest to `p`, outside the triangle with the signs `s` of
    /// [`outside_signs`](Self::outside_signs) (finite input). Of a triangle with area, only the
    /// edges `p` lies strictly outside of are measured: the closest point lies on one (inside
    /// an edge, `p − q` is the edge's outward normal; at a corner, `p` lies in the cone of the
    /// two edges' outward normals, strictly outside one of them as the interior angle is less
    /// than π). A collinear triangle measures all three.
    #[inline]
    fn closest_outside(&self, p: Vec2, s: [i8; 3]) -> Vec2 {
        let (a, b, c) = (self.a, self.b, self.c);
        // The winding is the sign of the inside.
        let edges = match orient(a, b, c) {
            0 => [true; 3],
            w => s.map(|x| x == -w),
        };
        let mut best: Option<(Vec2, Real)> = None;
        for (on, u, w) in [(edges[0], a, b), (edges[1], b, c), (edges[2], c, a)] {
            if on {
                let q = closest_on_segment(p, u, w);
                let dd = q.distance_squared(p);
                if best.is_none_or(|(_, d)| dd < d) {
                    best = Some((q, dd));
                }
            }
        }
        best.map_or(p, |(q, _)| q)
    }
}

impl PointQuery for Triangle {
    /// `p` itself inside, else the closest point of the edges. A collinear triangle is the
    /// segment between its extreme corners. [`NO_POINT`](crate::d2::NO_POINT) for non-finite
    /// input.
    ///
    /// ```
    /// use isect::d2::{PointQuery, Triangle};
    /// use isect::math::Vec2;
    /// let t = Triangle::new(Vec2::ZERO, Vec2::new(4.0, 0.0), Vec2::new(0.0, 4.0));
    /// assert_eq!(t.closest_point(Vec2::new(2.0, -3.0)), Vec2::new(2.0, 0.0));
    /// assert_eq!(t.closest_point(Vec2::new(3.0, 3.0)), Vec2::new(2.0, 2.0));
    /// ```
    #[inline]
    fn closest_point(&self, p: Vec2) -> Vec2 {
        if let Some(q) = window::point(self, p, |t, p| t.closest_point(p), window::unscaled_point) {
            return q;
        }
        if !self.usable_with(p) {
            return crate::d2::NO_POINT;
        }
        match self.outside_signs(p) {
            None => p,
            Some(s) => self.closest_outside(p, s),
        }
    }

    /// 0 inside, else the distance to the closest point (never 0 outside); `+∞` for invalid
    /// input.
    #[inline]
    fn distance_to_point(&self, p: Vec2) -> Real {
        let far = |t: &Self, p| t.distance_to_point(p);
        if let Some(d) = window::point(self, p, far, window::unscaled_distance) {
            return d;
        }
        if !self.usable_with(p) {
            return Real::INFINITY;
        }
        match self.outside_signs(p) {
            None => 0.0,
            Some(s) => outside_distance(self.closest_outside(p, s) - p),
        }
    }

    /// Exact, by the orientations of `p` against the edges (either winding): the edges and
    /// corners count; a collinear triangle holds exactly the points of its segment. `false` for
    /// non-finite input.
    ///
    /// ```
    /// use isect::d2::{PointQuery, Triangle};
    /// use isect::math::Vec2;
    /// let t = Triangle::new(Vec2::ZERO, Vec2::new(0.0, 3.0), Vec2::new(3.0, 0.0)); // clockwise
    /// assert!(t.contains_point(Vec2::new(1.5, 1.5))); // on the long edge
    /// assert!(!t.contains_point(Vec2::new(1.5, 1.5000001)));
    /// ```
    #[inline]
    fn contains_point(&self, p: Vec2) -> bool {
        self.usable_with(p) && self.holds(p)
    }
}
