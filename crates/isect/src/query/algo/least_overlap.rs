//! The least-overlap axis of the separating-axis test, for contacts: over the candidate axes of
//! two convex shapes (face normals and edge–edge cross products: Gottschalk et al. 1996;
//! Ericson §4.4.1, §5.2.9), the one along which the shapes overlap least. When the axis set is
//! complete, that overlap is the penetration depth of two convex polytopes, and the axis the
//! contact normal.
//!
//! Face axes are preferred: an edge–edge axis wins only when its overlap is smaller beyond
//! rounding and by a relative [`EDGE_PREFERENCE`], as in physics engines (ODE's `dBoxBox`, Erin
//! Catto's `b2CollidePolygons`), so that resting boxes get a face normal and stable contact
//! points. The pairs that use it (box–box, box–triangle, box–capsule, triangle–triangle) feed
//! their axes to an [`AxisSearch`] and read its [`result`](AxisSearch::result).

use crate::math::{Real, Vec3};
use crate::query::algo::moving_sat::MIN_AXIS_SQUARED;

/// How much smaller (relatively) an edge–edge overlap must be than the best face overlap to be
/// the contact axis.
pub(crate) const EDGE_PREFERENCE: Real = 1e-4;

/// The feature of a pair that has no use for which features gave the axis.
#[derive(Clone, Copy, Debug)]
pub(crate) struct NoFeature;

/// The best axis found so far: unit normal (from `other` towards `self`) and overlap, with the
/// features (`F`, the caller's) that gave it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Best<F> {
    pub normal: Vec3,
    pub depth: Real,
    pub feature: F,
    /// How far rounding may have moved the depth (edge–edge axes from nearly parallel edges).
    pub noise: Real,
}

/// The least overlap over axes, faces preferred to edges.
#[derive(Clone, Copy, Debug)]
pub(crate) struct AxisSearch<F> {
    face: Option<Best<F>>,
    edge: Option<Best<F>>,
    /// An axis separates: the shapes are apart (up to the rounding the caller's exact test
    /// decides).
    separated: bool,
    /// The normal of the first separating axis, for shapes that the exact test finds touching.
    separating: Vec3,
}

impl<F: Copy> AxisSearch<F> {
    pub(crate) const fn new() -> Self {
        Self {
            face: None,
            edge: None,
            separated: false,
            separating: Vec3::Y,
        }
    }

    /// The unit axis `l` on which `self` spans `a` and `other` spans `b`: `self` leaves along
    /// `+l` after `b.1 − a.0`, along `−l` after `a.1 − b.0`. Returns `false` when it separates.
    #[inline]
    pub(crate) fn axis(
        &mut self,
        l: Vec3,
        a: (Real, Real),
        b: (Real, Real),
        is_face: bool,
        feature: F,
    ) -> bool {
        self.axis_with_noise(l, a, b, (!is_face).then_some(0.0), feature)
    }

    /// [`Self::axis`] for an edge–edge axis (`Some(noise)`: how far rounding may move its
    /// overlap) or a face axis (`None`).
    #[inline]
    pub(crate) fn axis_with_noise(
        &mut self,
        l: Vec3,
        a: (Real, Real),
        b: (Real, Real),
        edge_noise: Option<Real>,
        feature: F,
    ) -> bool {
        let (up, down) = (b.1 - a.0, a.1 - b.0);
        let depth = up.min(down);
        let normal = if up <= down { l } else { -l };
        if !(depth >= 0.0) {
            if !self.separated {
                self.separated = true;
                self.separating = normal;
            }
            return false;
        }
        let slot = if edge_noise.is_some() {
            &mut self.edge
        } else {
            &mut self.face
        };
        if slot.is_none_or(|s| depth < s.depth) {
            *slot = Some(Best {
                normal,
                depth,
                feature,
                noise: edge_noise.unwrap_or(0.0),
            });
        }
        true
    }

    /// The best face axis (the least overlap over face axes), if one was given and none
    /// separated before it.
    pub(crate) fn best_face(&self) -> Option<Best<F>> {
        self.face
    }

    /// The contact axis: the best face axis unless the best edge axis is smaller beyond its
    /// rounding and [`EDGE_PREFERENCE`]; for shapes that an axis separates but that the exact
    /// test finds touching (`meet`, asked only then), depth 0 along that axis; `None` when apart.
    pub(crate) fn result(&self, meet: impl FnOnce() -> bool, feature: F) -> Option<Best<F>> {
        if self.separated {
            return meet().then_some(Best {
                normal: self.separating,
                depth: 0.0,
                feature,
                noise: 0.0,
            });
        }
        match (self.face, self.edge) {
            (Some(f), Some(e)) if e.depth + e.noise < f.depth * (1.0 - EDGE_PREFERENCE) => Some(e),
            (Some(f), _) => Some(f),
            (None, e) => e,
        }
    }
}

/// The unit `l` and its length when it is long enough to be a direction relative to `scale²`
/// (see [`MIN_AXIS_SQUARED`]): a cross product of nearly parallel edges is rounding noise.
#[inline]
pub(crate) fn unit_axis(l: Vec3, scale_squared: Real) -> Option<(Vec3, Real)> {
    let ll = l.length_squared();
    (ll > MIN_AXIS_SQUARED * scale_squared && ll.is_finite()).then(|| {
        let len = crate::ops::sqrt(ll);
        (l / len, len)
    })
}
