//! Contact manifolds in the plane: up to two contact points sharing one normal, the input a
//! physics solver needs to rest a box on a face without rocking. Stored inline (no allocation).

use crate::d2::query::ContactInfo;
use crate::math::{Real, Vec2};

/// The most points a 2D [`Manifold`] holds: the two ends of a resting edge.
pub const MANIFOLD_CAPACITY: usize = 2;

/// One point of a 2D [`Manifold`].
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ManifoldPoint {
    /// A point of both shapes (halfway between their surfaces along the normal).
    pub point: Vec2,
    /// How far `self` must move along the manifold's normal to clear this point of `other`,
    /// `>= 0`.
    pub depth: Real,
}

/// Up to [`MANIFOLD_CAPACITY`] contact points with one normal: see
/// [`ContactManifold`](crate::d2::ContactManifold).
///
/// The normal follows [`ContactInfo`]: unit, pointing from `other` towards `self`. The mean of
/// the points is the point of the pair's [`Contact`](crate::d2::Contact). An empty manifold (no
/// points, normal zero) stands for shapes that are apart or invalid.
#[derive(Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Manifold {
    /// Unit normal from `other` towards `self`, shared by every point; zero when empty.
    pub normal: Vec2,
    points: [ManifoldPoint; MANIFOLD_CAPACITY],
    len: u8,
}

const UNUSED: ManifoldPoint = ManifoldPoint {
    point: Vec2::ZERO,
    depth: 0.0,
};

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

impl Manifold {
    /// The manifold of shapes that do not touch: no points, normal zero.
    pub const EMPTY: Self = Self {
        normal: Vec2::ZERO,
        points: [UNUSED; MANIFOLD_CAPACITY],
        len: 0,
    };

    /// A manifold with the given normal and the first [`MANIFOLD_CAPACITY`] of `points`.
    #[must_use]
    pub fn new(normal: Vec2, points: &[ManifoldPoint]) -> Self {
        let mut m = Self {
            normal,
            ..Self::EMPTY
        };
        for (slot, &p) in m.points.iter_mut().zip(points) {
            *slot = p;
            m.len += 1;
        }
        m
    }

    /// The points, in the order the clipping found them.
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
}
