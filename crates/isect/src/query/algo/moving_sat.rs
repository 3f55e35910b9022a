//! Separating axes with velocity: when two translating convex polytopes first and last overlap
//! (Ericson §5.5.8; Eberly, "Intersection of Objects with Linear and Angular Velocities"). On
//! each candidate axis the projections are intervals moving at a constant relative speed; the
//! shapes overlap exactly while every axis's intervals do, so the overlap time is the
//! intersection of the per-axis time intervals, and the axis that starts overlapping last gives
//! the contact normal.

use crate::math::{Real, Vec3};

/// Cross-product axes shorter than this (squared, for unit inputs) are skipped: the edges are
/// parallel within rounding and the face axes stand for them. (About `1e-6` in `f32`.)
pub(crate) const MIN_AXIS_SQUARED: Real = 8.0 * Real::EPSILON;

/// The time interval of overlap found so far and the axis that fixes its start.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MovingSat {
    enter: Real,
    exit: Real,
    /// The unit normal (from `b` towards `a`) of the axis that starts overlapping last.
    enter_normal: Vec3,
    /// The least overlap at `t = 0` over the axes seen, and its normal (from `b` towards `a`):
    /// the answer for shapes that already overlap.
    least_overlap: Real,
    least_normal: Vec3,
    separated: bool,
}

impl MovingSat {
    pub(crate) const fn new() -> Self {
        Self {
            enter: Real::NEG_INFINITY,
            exit: Real::INFINITY,
            enter_normal: Vec3::Y,
            least_overlap: Real::INFINITY,
            least_normal: Vec3::Y,
            separated: false,
        }
    }

    /// Adds the unit axis `l` on which `a` spans `[a0, a1]` and `b` spans `[b0, b1]` at `t = 0`,
    /// and `a` moves relative to `b` at `w` per unit time.
    #[inline]
    pub(crate) fn axis(
        &mut self,
        l: Vec3,
        (a0, a1): (Real, Real),
        (b0, b1): (Real, Real),
        w: Real,
    ) {
        // a overlaps b on l while b0 − a1 <= w t <= b1 − a0.
        let (low, high) = (b0 - a1, b1 - a0);
        // Already overlapping on this axis: how far a must move each way to leave.
        let (up, down) = (high, -low);
        let overlap = up.min(down);
        if overlap < self.least_overlap {
            self.least_overlap = overlap;
            self.least_normal = if up <= down { l } else { -l };
        }
        if w == 0.0 {
            if !(low <= 0.0 && 0.0 <= high) {
                self.separated = true;
            }
            return;
        }
        let (ta, tb) = (low / w, high / w);
        let (t0, t1) = if ta <= tb { (ta, tb) } else { (tb, ta) };
        if t0 > self.enter {
            self.enter = t0;
            // Moving up along l, a meets b from below: pushed back down.
            self.enter_normal = if w > 0.0 { -l } else { l };
        }
        self.exit = self.exit.min(t1);
    }

    /// `(t_first, t_last, normal)` within `[0, 1]`, or `None` when the shapes never overlap
    /// then (or an axis was NaN).
    pub(crate) fn finish(&self) -> Option<(Real, Real, Vec3)> {
        if self.separated {
            return None;
        }
        let (first, last) = (self.enter.max(0.0), self.exit.min(1.0));
        if !(first <= last) {
            return None;
        }
        let normal = if self.enter >= 0.0 {
            self.enter_normal
        } else {
            self.least_normal
        };
        Some((first, last, normal))
    }
}

/// `[c · l − r, c · l + r]` for a box with center `c`, unit axes `axes` and half extents `half`:
/// `r = Σ half_i |axes_i · l|`.
#[inline]
pub(crate) fn box_interval(center: Vec3, axes: &[Vec3; 3], half: Vec3, l: Vec3) -> (Real, Real) {
    let c = center.dot(l);
    let r = half.x * axes[0].dot(l).abs()
        + half.y * axes[1].dot(l).abs()
        + half.z * axes[2].dot(l).abs();
    (c - r, c + r)
}

/// The sweep of box `a` (center, unit axes, half extents) moving by `v` relative to box `b`, by
/// the 15 axes of the box–box separating-axis test: `(t_first, t_last, normal)`.
pub(crate) fn box_box(
    a: (Vec3, [Vec3; 3], Vec3),
    b: (Vec3, [Vec3; 3], Vec3),
    v: Vec3,
) -> Option<(Real, Real, Vec3)> {
    let mut sat = MovingSat::new();
    let mut add = |l: Vec3| {
        sat.axis(
            l,
            box_interval(a.0, &a.1, a.2, l),
            box_interval(b.0, &b.1, b.2, l),
            v.dot(l),
        );
    };
    for l in a.1.iter().chain(b.1.iter()) {
        add(*l);
    }
    for ea in a.1 {
        for eb in b.1 {
            let l = ea.cross(eb);
            let ll = l.length_squared();
            if ll > MIN_AXIS_SQUARED {
                add(l / crate::ops::sqrt(ll));
            }
        }
    }
    sat.finish()
}

/// `[min, max]` of the points' projections on `l`.
#[inline]
pub(crate) fn points_interval(points: &[Vec3; 3], l: Vec3) -> (Real, Real) {
    let (p, q, r) = (points[0].dot(l), points[1].dot(l), points[2].dot(l));
    (p.min(q).min(r), p.max(q).max(r))
}

/// The unit `l`, or `None` when it is too short to be a direction (see [`MIN_AXIS_SQUARED`],
/// relative to `scale²`).
#[inline]
fn unit_axis(l: Vec3, scale: Real) -> Option<Vec3> {
    let ll = l.length_squared();
    (ll > MIN_AXIS_SQUARED * scale * scale && ll.is_finite()).then(|| l / crate::ops::sqrt(ll))
}

/// The sweep of box `a` (center, unit axes, half extents) moving by `v` relative to the
/// triangle `points`, by the 13 axes of the box–triangle separating-axis test
/// (Akenine-Möller): the triangle's normal, the box's axes and the 9 cross products of box
/// axes and triangle edges. A degenerate triangle loses its normal (and a point triangle its
/// edges); the remaining axes are those of the segment or point it is.
pub(crate) fn box_triangle(
    a: (Vec3, [Vec3; 3], Vec3),
    points: [Vec3; 3],
    v: Vec3,
) -> Option<(Real, Real, Vec3)> {
    let mut sat = MovingSat::new();
    let mut add = |l: Vec3| {
        sat.axis(
            l,
            box_interval(a.0, &a.1, a.2, l),
            points_interval(&points, l),
            v.dot(l),
        );
    };
    for l in a.1 {
        add(l);
    }
    let edges = [
        points[1] - points[0],
        points[2] - points[1],
        points[0] - points[2],
    ];
    let longest = edges
        .iter()
        .map(|e| e.abs().max_element())
        .fold(0.0, Real::max);
    if let Some(n) = unit_axis(edges[0].cross(edges[1]), longest * longest) {
        add(n);
    }
    for e in edges {
        for l in a.1 {
            if let Some(axis) = unit_axis(l.cross(e), longest) {
                add(axis);
            }
        }
    }
    sat.finish()
}

/// The sweep of triangle `a` moving by `v` relative to triangle `b`, by separating axes: both
/// normals, the in-plane edge normals `n × e` of each (for coplanar triangles), and the 9
/// edge–edge cross products. `None` from the caller's side for degenerate triangles, which this
/// set does not cover: the caller checks [`triangle_normal`] first.
pub(crate) fn triangle_triangle(a: [Vec3; 3], b: [Vec3; 3], v: Vec3) -> Option<(Real, Real, Vec3)> {
    let (na, nb) = (triangle_normal(a)?, triangle_normal(b)?);
    let edges = |t: [Vec3; 3]| [t[1] - t[0], t[2] - t[1], t[0] - t[2]];
    let (ea, eb) = (edges(a), edges(b));
    let scale = ea
        .iter()
        .chain(eb.iter())
        .map(|e| e.abs().max_element())
        .fold(0.0, Real::max);
    let mut sat = MovingSat::new();
    let mut add = |l: Vec3| {
        sat.axis(l, points_interval(&a, l), points_interval(&b, l), v.dot(l));
    };
    add(na);
    add(nb);
    for e in ea {
        if let Some(l) = unit_axis(na.cross(e), scale) {
            add(l);
        }
    }
    for e in eb {
        if let Some(l) = unit_axis(nb.cross(e), scale) {
            add(l);
        }
    }
    for x in ea {
        for y in eb {
            if let Some(l) = unit_axis(x.cross(y), scale * scale) {
                add(l);
            }
        }
    }
    sat.finish()
}

/// The unit normal of a triangle whose area is clear of rounding, `None` for a degenerate one.
pub(crate) fn triangle_normal(t: [Vec3; 3]) -> Option<Vec3> {
    let (u, w) = (t[1] - t[0], t[2] - t[0]);
    let scale = u.abs().max_element().max(w.abs().max_element());
    unit_axis(u.cross(w), scale * scale)
}
