//! Contact manifolds: up to four contact points sharing one normal, the input a physics solver
//! needs to rest a box on a face without rocking. Stored inline (no allocation).

use crate::math::{Real, Vec3};
use crate::query::ContactInfo;
use crate::query::algo::scale::{in_window, ldexp, ldexp_vec, normalizing_exponent};

/// The most points a [`Manifold`] holds: the corners of a resting face, as physics engines keep.
pub const MANIFOLD_CAPACITY: usize = 4;

/// One point of a [`Manifold`].
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ManifoldPoint {
    /// A point of both shapes.
    pub point: Vec3,
    /// How far `self` must move along the manifold's normal to clear this point of `other`,
    /// `>= 0`; at most the depth of the pair's [`Contact`](crate::Contact).
    pub depth: Real,
}

/// Up to [`MANIFOLD_CAPACITY`] contact points with one normal: see
/// [`ContactManifold`](crate::ContactManifold).
///
/// The normal follows [`ContactInfo`]: unit, pointing from `other` towards `self`. Every point is
/// a point of both shapes, with the depth that clears it: how far `self` must move along the
/// normal before that point is no longer in both. So the depths are at most the pair's
/// [`Contact`](crate::Contact) depth, and the deepest equals it unless one shape has passed through
/// the other (a thin box pushed deeper than its thickness). An empty manifold (no points, normal
/// zero) stands for shapes that are apart or invalid.
#[derive(Clone, Copy)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Manifold {
    /// Unit normal from `other` towards `self`, shared by every point; zero when empty.
    pub normal: Vec3,
    points: [ManifoldPoint; MANIFOLD_CAPACITY],
    len: u8,
}

const UNUSED: ManifoldPoint = ManifoldPoint {
    point: Vec3::ZERO,
    depth: 0.0,
};

impl Manifold {
    /// The manifold of shapes that do not touch: no points, normal zero.
    pub const EMPTY: Self = Self {
        normal: Vec3::ZERO,
        points: [UNUSED; MANIFOLD_CAPACITY],
        len: 0,
    };

    /// A manifold with the given normal and the first [`MANIFOLD_CAPACITY`] of `points`.
    #[must_use]
    pub fn new(normal: Vec3, points: &[ManifoldPoint]) -> Self {
        let mut m = Self {
            normal,
            ..Self::EMPTY
        };
        for &p in points.iter().take(MANIFOLD_CAPACITY) {
            m.push(p);
        }
        m
    }

    /// The points, deepest first.
    #[inline]
    #[must_use]
    pub fn points(&self) -> &[ManifoldPoint] {
        &self.points[..usize::from(self.len).min(MANIFOLD_CAPACITY)]
    }

    /// How many points there are (at most [`MANIFOLD_CAPACITY`]).
    #[inline]
    #[must_use]
    pub fn len(&self) -> usize {
        self.points().len()
    }

    /// Whether there are no points: the shapes are apart (or invalid).
    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The deepest point as a [`ContactInfo`] with the manifold's normal; `None` when empty.
    #[must_use]
    pub fn deepest(&self) -> Option<ContactInfo> {
        self.points()
            .iter()
            .copied()
            .reduce(|x, y| if y.depth > x.depth { y } else { x })
            .map(|p| ContactInfo {
                point: p.point,
                normal: self.normal,
                depth: p.depth,
            })
    }

    /// The same manifold seen from the other shape: the normal flipped.
    #[inline]
    #[must_use]
    pub fn flipped(self) -> Self {
        Self {
            normal: -self.normal,
            ..self
        }
    }

    #[inline]
    fn push(&mut self, p: ManifoldPoint) {
        let n = usize::from(self.len);
        if n < MANIFOLD_CAPACITY {
            self.points[n] = p;
            self.len += 1;
        }
    }

    /// The manifold of `candidates` (points of both shapes with their depths, any number),
    /// reduced to at most four as physics engines do: the deepest point, the point farthest from
    /// it, the point making the largest triangle with those two, then the point adding the most
    /// area outside that triangle. Points closer than `merge` to a kept one (and triangles or
    /// additions of area below `merge` times the span) are dropped, so duplicates from clipping
    /// do not count twice. Empty for no candidates.
    pub(crate) fn reduced(normal: Vec3, candidates: &[ManifoldPoint], merge: Real) -> Self {
        let mut m = Self {
            normal,
            ..Self::EMPTY
        };
        let Some(first) = candidates
            .iter()
            .copied()
            .reduce(|x, y| if y.depth > x.depth { y } else { x })
        else {
            return Self::EMPTY;
        };
        m.push(first);
        // The scores are products of up to four lengths: where the points spread far from 1
        // (a mesh's manifold, whose points are not rescaled as a pair's input is), they are
        // taken on the offsets from the first point times a power of two, which changes no
        // choice (a box resting on a floor `2⁴⁰` across in `f32` kept 3 of its 4 corners, at
        // `2⁸⁰` one). As given within the window.
        let spread = candidates.iter().fold(0.0, |s: Real, c| {
            s.max((c.point - first.point).abs().max_element())
        });
        let k = if in_window(spread) || !(spread > 0.0 && spread.is_finite()) {
            0
        } else {
            normalizing_exponent(spread)
        };
        let at = |p: Vec3| {
            if k == 0 {
                p
            } else {
                ldexp_vec(p - first.point, k)
            }
        };
        let merge = ldexp(merge, k);
        let best = |score: &dyn Fn(Vec3) -> Real| {
            candidates
                .iter()
                .copied()
                .map(|c| (score(at(c.point)), c))
                .reduce(|x, y| if y.0 > x.0 { y } else { x })
        };
        let p0 = at(first.point);
        let Some((d, second)) = best(&|p| p.distance_squared(p0)) else {
            return m;
        };
        if !(d > merge * merge) {
            return m;
        }
        m.push(second);
        let p1 = at(second.point);
        let span = p1 - p0;
        let span_len = crate::ops::sqrt(d);
        let Some((area, third)) = best(&|p| span.cross(p - p0).length()) else {
            return m;
        };
        if !(area > merge * span_len) {
            return m;
        }
        m.push(third);
        let p2 = at(third.point);
        // Orientation of the triangle p0 p1 p2; the fourth point adds the most area on the
        // outer side of one of its edges.
        let up = span.cross(p2 - p0);
        let added = |p: Vec3| {
            [(p0, p1), (p1, p2), (p2, p0)]
                .iter()
                .map(|&(x, y)| -up.dot((y - x).cross(p - x)))
                .fold(Real::NEG_INFINITY, Real::max)
        };
        let up_len = up.length();
        if let Some((extra, fourth)) = best(&added) {
            // `added` is twice the area times |up|.
            if extra > merge * span_len * up_len {
                m.push(fourth);
            }
        }
        m
    }
}

impl Default for Manifold {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl core::fmt::Debug for Manifold {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Manifold")
            .field("normal", &self.normal)
            .field("points", &self.points())
            .finish()
    }
}

impl PartialEq for Manifold {
    /// The same normal and the same points in the same order (unused slots do not count).
    fn eq(&self, other: &Self) -> bool {
        self.normal == other.normal && self.points() == other.points()
    }
}

impl crate::query::algo::scale::Unscale for Manifold {
    #[inline]
    fn unscaled(mut self, k: i32) -> Self {
        for p in &mut self.points[..usize::from(self.len)] {
            p.point = p.point.unscaled(k);
            p.depth = p.depth.unscaled(k);
        }
        self
    }
}
