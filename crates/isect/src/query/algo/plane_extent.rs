//! What a shape needs for the plane pairs of sweeps and contacts: its extent along a plane's
//! normal about a center, and the offset to its point furthest along a direction, the middle of
//! a face or edge when several points are furthest (so a flat contact is reported in its middle).

use crate::math::{Real, Vec3, coordinate_scale, plane_tolerance};
use crate::query::Side;
use crate::shape::{Aabb, Capsule, Obb, Plane, Segment, Sphere};

/// The side of the plane on which the slab `|n · (x − center)| <= reach` lies: the center's
/// signed distance `s` against `reach`, within the rounding of that comparison
/// ([`plane_tolerance`] of the center's, the offset's and the reach's magnitudes), so a slab of
/// reach 0 on the plane agrees with `Plane::contains_point`. [`Side::Straddle`] when it meets the
/// plane (touching included) and for non-finite input. The one decision that `intersects`,
/// `distance`, `contact` and `classify` of the solid–plane pairs share.
#[inline]
pub(crate) fn slab_side(plane: &Plane, center: Vec3, reach: Real) -> Side {
    let s = plane.signed_distance(center);
    let tolerance = plane_tolerance(plane.d, coordinate_scale([center]), reach);
    if !plane.is_usable() || !(s.abs() > reach + tolerance) {
        Side::Straddle
    } else if s > 0.0 {
        Side::Front
    } else {
        Side::Back
    }
}

/// A convex shape's extent along a unit direction and its face-centred support offsets.
pub(crate) trait PlaneExtent {
    /// A center and the shape's half extent `r` along the unit `n` about it: the shape spans
    /// `[n · center − r, n · center + r]` along `n`.
    fn center_extent(&self, n: Vec3) -> (Vec3, Real);

    /// The offset from the center of [`center_extent`](Self::center_extent) to the shape's point
    /// furthest along the unit `dir`; the middle of the furthest face or edge on a tie.
    fn face_support(&self, dir: Vec3) -> Vec3;
}

/// The side of the plane on which the capsule lies: its core's ends on opposite sides (or on
/// it), or the nearer end within the radius, within the rounding of the ends' signed distances
/// ([`plane_tolerance`] of the ends', the offset's and the radius's magnitudes), straddle.
/// [`Side::Straddle`] also for non-finite input. The decision `intersects` and `classify` share.
#[inline]
pub(crate) fn capsule_side(capsule: &Capsule, plane: &Plane) -> Side {
    let sa = plane.signed_distance(capsule.a);
    let sb = plane.signed_distance(capsule.b);
    let tolerance = plane_tolerance(
        plane.d,
        coordinate_scale([capsule.a, capsule.b]),
        capsule.radius,
    );
    if !plane.is_usable()
        || (sa <= 0.0) != (sb <= 0.0)
        || !(sa.abs().min(sb.abs()) > capsule.radius + tolerance)
    {
        Side::Straddle
    } else if sa > 0.0 {
        Side::Front
    } else {
        Side::Back
    }
}

/// `1` for positive `x`, `-1` for negative, `0` for zero, per coordinate.
#[inline]
fn sign_or_zero(x: Vec3) -> Vec3 {
    Vec3::select(x.cmpgt(Vec3::ZERO), Vec3::ONE, Vec3::ZERO)
        - Vec3::select(x.cmplt(Vec3::ZERO), Vec3::ONE, Vec3::ZERO)
}

impl PlaneExtent for Sphere {
    #[inline]
    fn center_extent(&self, _n: Vec3) -> (Vec3, Real) {
        (self.center, self.radius)
    }

    #[inline]
    fn face_support(&self, dir: Vec3) -> Vec3 {
        dir * self.radius
    }
}

impl PlaneExtent for Aabb {
    /// The extent method (RTR §16.10): `Σ e_i |n_i|`.
    #[inline]
    fn center_extent(&self, n: Vec3) -> (Vec3, Real) {
        (self.center(), self.half_extents().dot(n.abs()))
    }

    #[inline]
    fn face_support(&self, dir: Vec3) -> Vec3 {
        sign_or_zero(dir) * self.half_extents()
    }
}

impl PlaneExtent for Obb {
    /// The extent method: [`Obb::projected_radius`].
    #[inline]
    fn center_extent(&self, n: Vec3) -> (Vec3, Real) {
        (self.center, self.projected_radius(n))
    }

    #[inline]
    fn face_support(&self, dir: Vec3) -> Vec3 {
        self.rotation * (sign_or_zero(self.rotation.transpose() * dir) * self.half_extents)
    }
}

impl PlaneExtent for Capsule {
    /// About the middle of the core: `|n · (b − a)| / 2 + radius`.
    #[inline]
    fn center_extent(&self, n: Vec3) -> (Vec3, Real) {
        let half_axis = (self.b - self.a) * 0.5;
        (self.a + half_axis, n.dot(half_axis).abs() + self.radius)
    }

    #[inline]
    fn face_support(&self, dir: Vec3) -> Vec3 {
        let half_axis = (self.b - self.a) * 0.5;
        let along = dir.dot(half_axis);
        let end = if along > 0.0 {
            half_axis
        } else if along < 0.0 {
            -half_axis
        } else {
            Vec3::ZERO
        };
        end + dir * self.radius
    }
}

impl PlaneExtent for Segment {
    /// About the midpoint: `|n · (b − a)| / 2`.
    #[inline]
    fn center_extent(&self, n: Vec3) -> (Vec3, Real) {
        let half_axis = (self.b - self.a) * 0.5;
        (self.a + half_axis, n.dot(half_axis).abs())
    }

    #[inline]
    fn face_support(&self, dir: Vec3) -> Vec3 {
        let half_axis = (self.b - self.a) * 0.5;
        let along = dir.dot(half_axis);
        if along > 0.0 {
            half_axis
        } else if along < 0.0 {
            -half_axis
        } else {
            Vec3::ZERO
        }
    }
}

/// The middle of the points furthest along `dir` (those within rounding of the furthest), so
/// that a face or edge lying flat against a plane is reported in its middle.
#[inline]
fn middle_of_furthest(points: &[Vec3], dir: Vec3) -> Vec3 {
    let mut best = Real::NEG_INFINITY;
    let mut scale: Real = 0.0;
    for p in points {
        best = best.max(dir.dot(*p));
        scale = scale.max(p.abs().max_element());
    }
    let tolerance = crate::math::ON_SET_TOLERANCE * scale;
    let (mut sum, mut count) = (Vec3::ZERO, 0.0);
    for p in points {
        if dir.dot(*p) >= best - tolerance {
            sum += *p;
            count += 1.0;
        }
    }
    sum / count
}

impl PlaneExtent for crate::shape::Triangle {
    /// About the centroid moved along `n` to the middle of the corners' extent along `n`.
    #[inline]
    fn center_extent(&self, n: Vec3) -> (Vec3, Real) {
        middle_of_extent(&[self.a, self.b, self.c], self.centroid(), n)
    }

    #[inline]
    fn face_support(&self, dir: Vec3) -> Vec3 {
        let points = [self.a, self.b, self.c];
        middle_of_furthest(&points, dir) - middle_of_extent(&points, self.centroid(), dir).0
    }
}

/// `anchor` moved along the unit `n` to the middle of the points' extent along `n`, and half that
/// extent: a center about which the points span `± r` along `n`.
#[inline]
fn middle_of_extent(points: &[Vec3], anchor: Vec3, n: Vec3) -> (Vec3, Real) {
    let (mut lo, mut hi) = (Real::INFINITY, Real::NEG_INFINITY);
    for p in points {
        let s = n.dot(*p);
        lo = lo.min(s);
        hi = hi.max(s);
    }
    (
        anchor + n * ((lo + hi) * 0.5 - n.dot(anchor)),
        (hi - lo) * 0.5,
    )
}

#[cfg(feature = "alloc")]
impl PlaneExtent for crate::shape::ConvexHull {
    /// About the first point moved along `n` to the middle of the hull's extent along `n`.
    ///
    /// The extent's ends come from the cached scan of `query/algo/hull_support.rs` (over the
    /// points that can be extreme, four at a time): the least and largest `n · p` over all the
    /// points, bit for bit (see `SupportPoints::extents`). Every point is scanned for a hull
    /// that is not usable.
    #[inline]
    fn center_extent(&self, n: Vec3) -> (Vec3, Real) {
        let anchor = self.points()[0];
        if !self.is_usable() {
            return middle_of_extent(self.points(), anchor, n);
        }
        let [(lo, hi)] = self.support_points().extents([n]);
        (
            anchor + n * ((lo + hi) * 0.5 - n.dot(anchor)),
            (hi - lo) * 0.5,
        )
    }

    #[inline]
    fn face_support(&self, dir: Vec3) -> Vec3 {
        middle_of_furthest(self.points(), dir) - self.center_extent(dir).0
    }
}
