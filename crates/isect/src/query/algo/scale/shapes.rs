//! Every shape and answer multiplied by a power of two: `Rescale` (the input) and `Unscale` (the
//! answer, scaled back).

use super::{
    abs_lanes, fmax, lanes_max, ldexp, ldexp_length, ldexp_lengths, ldexp_vec, max_abs,
    normalized_direction, steady_direction,
};
use crate::math::{Real, SimdVec3, Vec3};
use crate::query::{ClosestPoints, ContactInfo, Side, SweepHit};
use crate::shape::{Aabb, Capsule, Frustum, Line, Obb, Plane, Ray, Segment, Sphere, Triangle};

/// A shape or value whose coordinates and lengths can be multiplied by a power of two.
pub(crate) trait Rescale: Sized {
    /// The largest absolute coordinate or length (NaN coordinates are skipped; 0 for none).
    fn magnitude(&self) -> Real;
    /// Whether [`magnitude_lanes`](Self::magnitude_lanes) is the shape's own (its vectors'
    /// absolute values in lanes) rather than the magnitude in every lane: the entry test takes
    /// the lanes only when both inputs have them (a scalar broadcast into lanes costs more than
    /// it saves).
    const LANES: bool = false;
    /// [`magnitude`](Self::magnitude) before its last reduction: lanes whose largest is the
    /// magnitude (the coordinates' absolute values, lane by lane in [`SimdVec3`], where the
    /// shape's vectors allow), so that the entry test reduces once over all its inputs.
    #[inline(always)]
    fn magnitude_lanes(&self) -> SimdVec3 {
        SimdVec3::splat(self.magnitude())
    }
    /// The same set with every coordinate and length multiplied by `2ᵏ`.
    fn rescaled(&self, k: i32) -> Self;
    /// Whether what `rescaled` normalizes on its own (a line's or ray's direction) is in the
    /// window already: a direction of `1e-23` beside an origin of 1 squares to 0 in `f32`, and a
    /// line's answers do not depend on its direction's length.
    #[inline(always)]
    fn steady(&self) -> bool {
        true
    }
}

/// An answer that can be brought back from input rescaled by `2ᵏ`.
pub(crate) trait Unscale {
    /// The answer for the input before it was multiplied by `2ᵏ`.
    fn unscaled(self, k: i32) -> Self;
}

impl Rescale for Vec3 {
    const LANES: bool = true;
    #[inline]
    fn magnitude(&self) -> Real {
        max_abs(*self)
    }
    #[inline(always)]
    fn magnitude_lanes(&self) -> SimdVec3 {
        abs_lanes(*self)
    }
    #[inline]
    fn rescaled(&self, k: i32) -> Self {
        ldexp_vec(*self, k)
    }
}

impl Rescale for Sphere {
    const LANES: bool = true;
    #[inline]
    fn magnitude(&self) -> Real {
        fmax(max_abs(self.center), self.radius.abs())
    }
    #[inline(always)]
    fn magnitude_lanes(&self) -> SimdVec3 {
        lanes_max(abs_lanes(self.center), SimdVec3::splat(self.radius.abs()))
    }
    #[inline]
    fn rescaled(&self, k: i32) -> Self {
        Self::new(ldexp_vec(self.center, k), ldexp_length(self.radius, k))
    }
}

impl Rescale for Aabb {
    const LANES: bool = true;
    #[inline]
    fn magnitude(&self) -> Real {
        fmax(max_abs(self.min), max_abs(self.max))
    }
    #[inline(always)]
    fn magnitude_lanes(&self) -> SimdVec3 {
        lanes_max(abs_lanes(self.min), abs_lanes(self.max))
    }
    #[inline]
    fn rescaled(&self, k: i32) -> Self {
        // An inverted box stays inverted (its corners could flush to one point, a valid box).
        if self.min.cmpgt(self.max).any() {
            return Self::new(Vec3::ONE, Vec3::ZERO);
        }
        Self::new(ldexp_vec(self.min, k), ldexp_vec(self.max, k))
    }
}

impl Rescale for Obb {
    const LANES: bool = true;
    #[inline]
    fn magnitude(&self) -> Real {
        fmax(max_abs(self.center), max_abs(self.half_extents))
    }
    #[inline(always)]
    fn magnitude_lanes(&self) -> SimdVec3 {
        lanes_max(abs_lanes(self.center), abs_lanes(self.half_extents))
    }
    #[inline]
    fn rescaled(&self, k: i32) -> Self {
        Self {
            center: ldexp_vec(self.center, k),
            half_extents: ldexp_lengths(self.half_extents, k),
            rotation: self.rotation,
        }
    }
}

impl Rescale for Capsule {
    const LANES: bool = true;
    #[inline]
    fn magnitude(&self) -> Real {
        fmax(fmax(max_abs(self.a), max_abs(self.b)), self.radius.abs())
    }
    #[inline(always)]
    fn magnitude_lanes(&self) -> SimdVec3 {
        lanes_max(
            lanes_max(abs_lanes(self.a), abs_lanes(self.b)),
            SimdVec3::splat(self.radius.abs()),
        )
    }
    #[inline]
    fn rescaled(&self, k: i32) -> Self {
        Self::new(
            ldexp_vec(self.a, k),
            ldexp_vec(self.b, k),
            ldexp_length(self.radius, k),
        )
    }
}

impl Rescale for Triangle {
    const LANES: bool = true;
    #[inline]
    fn magnitude(&self) -> Real {
        fmax(fmax(max_abs(self.a), max_abs(self.b)), max_abs(self.c))
    }
    #[inline(always)]
    fn magnitude_lanes(&self) -> SimdVec3 {
        lanes_max(
            lanes_max(abs_lanes(self.a), abs_lanes(self.b)),
            abs_lanes(self.c),
        )
    }
    #[inline]
    fn rescaled(&self, k: i32) -> Self {
        Self::new(
            ldexp_vec(self.a, k),
            ldexp_vec(self.b, k),
            ldexp_vec(self.c, k),
        )
    }
}

impl Rescale for Segment {
    const LANES: bool = true;
    #[inline]
    fn magnitude(&self) -> Real {
        fmax(max_abs(self.a), max_abs(self.b))
    }
    #[inline(always)]
    fn magnitude_lanes(&self) -> SimdVec3 {
        lanes_max(abs_lanes(self.a), abs_lanes(self.b))
    }
    #[inline]
    fn rescaled(&self, k: i32) -> Self {
        Self::new(ldexp_vec(self.a, k), ldexp_vec(self.b, k))
    }
}

/// A ray's origin scaled by `2ᵏ` and its direction normalized on its own (a power `2ʲ`), and the
/// exponent `k − j` by which parameters along it are multiplied: `t` along the ray is
/// `2^(j−k) t'` along the result.
#[inline]
pub(crate) fn rescaled_ray(ray: &Ray, k: i32) -> (Ray, i32) {
    let (dir, j) = normalized_direction(ray.dir);
    (Ray::new(ldexp_vec(ray.origin, k), dir), k - j)
}

impl Rescale for Ray {
    /// The origin's: the direction is normalized on its own (see [`rescaled_ray`]).
    #[inline]
    fn magnitude(&self) -> Real {
        max_abs(self.origin)
    }
    #[inline]
    fn rescaled(&self, k: i32) -> Self {
        rescaled_ray(self, k).0
    }
    #[inline(always)]
    fn steady(&self) -> bool {
        steady_direction(self.dir)
    }
}

impl Rescale for Line {
    /// The origin's: the direction is normalized on its own.
    #[inline]
    fn magnitude(&self) -> Real {
        max_abs(self.origin)
    }
    #[inline]
    fn rescaled(&self, k: i32) -> Self {
        Self::new(ldexp_vec(self.origin, k), normalized_direction(self.dir).0)
    }
    #[inline(always)]
    fn steady(&self) -> bool {
        steady_direction(self.dir)
    }
}

impl Rescale for Plane {
    #[inline]
    fn magnitude(&self) -> Real {
        self.d.abs()
    }
    #[inline]
    fn rescaled(&self, k: i32) -> Self {
        Self {
            normal: self.normal,
            d: ldexp(self.d, k),
        }
    }
}

impl Rescale for Frustum {
    #[inline]
    fn magnitude(&self) -> Real {
        self.planes
            .iter()
            .fold(0.0, |m: Real, plane| fmax(m, plane.d.abs()))
    }
    #[inline]
    fn rescaled(&self, k: i32) -> Self {
        Self {
            planes: self.planes.map(|plane| plane.rescaled(k)),
        }
    }
}

#[cfg(feature = "alloc")]
impl Rescale for crate::shape::ConvexHull {
    /// From the cached box of the points (0 for an invalid hull, whose box is empty: the query
    /// answers it as given).
    #[inline]
    fn magnitude(&self) -> Real {
        let bounds = self.bounds();
        if bounds.min.cmple(bounds.max).all() {
            fmax(max_abs(bounds.min), max_abs(bounds.max))
        } else {
            0.0
        }
    }
    #[inline]
    fn rescaled(&self, k: i32) -> Self {
        crate::shape::ConvexHull::rescaled(self, k)
    }
}

impl Unscale for bool {
    #[inline]
    fn unscaled(self, _k: i32) -> Self {
        self
    }
}

impl Unscale for Side {
    #[inline]
    fn unscaled(self, _k: i32) -> Self {
        self
    }
}

/// A length: `+∞` when it is not representable, and a positive length stays positive (the
/// smallest subnormal at worst), so that 0 keeps meaning "touching".
impl Unscale for Real {
    #[inline]
    fn unscaled(self, k: i32) -> Self {
        let x = ldexp(self, -k);
        if x == 0.0 && self > 0.0 {
            Real::from_bits(1)
        } else {
            x
        }
    }
}

/// A point.
impl Unscale for Vec3 {
    #[inline]
    fn unscaled(self, k: i32) -> Self {
        ldexp_vec(self, -k)
    }
}

impl<T: Unscale> Unscale for Option<T> {
    #[inline]
    fn unscaled(self, k: i32) -> Self {
        self.map(|x| x.unscaled(k))
    }
}

impl Unscale for ClosestPoints {
    #[inline]
    fn unscaled(self, k: i32) -> Self {
        Self {
            a: self.a.unscaled(k),
            b: self.b.unscaled(k),
            distance: self.distance.unscaled(k),
        }
    }
}

impl Unscale for ContactInfo {
    #[inline]
    fn unscaled(self, k: i32) -> Self {
        Self {
            point: self.point.unscaled(k),
            normal: self.normal,
            depth: self.depth.unscaled(k),
        }
    }
}

impl Unscale for SweepHit {
    #[inline]
    fn unscaled(self, k: i32) -> Self {
        Self {
            point: self.point.unscaled(k),
            ..self
        }
    }
}

impl Unscale for Aabb {
    #[inline]
    fn unscaled(self, k: i32) -> Self {
        Self::new(self.min.unscaled(k), self.max.unscaled(k))
    }
}

impl Unscale for Sphere {
    #[inline]
    fn unscaled(self, k: i32) -> Self {
        Self::new(self.center.unscaled(k), self.radius.unscaled(k))
    }
}

impl Unscale for Segment {
    #[inline]
    fn unscaled(self, k: i32) -> Self {
        Self::new(self.a.unscaled(k), self.b.unscaled(k))
    }
}

/// A line with a unit (or at least scale-free) direction: its origin scaled back.
impl Unscale for Line {
    #[inline]
    fn unscaled(self, k: i32) -> Self {
        Self::new(self.origin.unscaled(k), self.dir)
    }
}

impl Unscale for Plane {
    #[inline]
    fn unscaled(self, k: i32) -> Self {
        Self {
            normal: self.normal,
            d: ldexp(self.d, -k),
        }
    }
}
