//! The capsule.

use crate::error::ShapeError;
use crate::math::{Real, Vec3};
use crate::query::algo::scale::rescale;
use crate::query::{Bounded, Classify, Side};
use crate::shape::{Aabb, Plane, Segment, Sphere, check_finite, check_non_negative};

/// The solid of points within `radius` of the segment from `a` to `b`.
///
/// `a == b` is a sphere; `radius == 0` is a segment; both are valid.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "bytemuck", derive(bytemuck::Pod, bytemuck::Zeroable))]
#[repr(C)]
pub struct Capsule {
    /// One end of the core segment.
    pub a: Vec3,
    /// The other end of the core segment.
    pub b: Vec3,
    /// The radius, `>= 0`.
    pub radius: Real,
}

impl Capsule {
    /// The capsule of `radius` around the segment from `a` to `b`. Does not validate; see
    /// [`Capsule::try_new`].
    #[inline]
    #[must_use]
    pub const fn new(a: Vec3, b: Vec3, radius: Real) -> Self {
        Self { a, b, radius }
    }

    /// The capsule, or why there is none.
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`] or [`ShapeError::Negative`].
    pub fn try_new(a: Vec3, b: Vec3, radius: Real) -> Result<Self, ShapeError> {
        let capsule = Self::new(a, b, radius);
        capsule.is_valid().map(|()| capsule)
    }

    /// The core segment from `a` to `b`.
    #[inline]
    #[must_use]
    pub const fn segment(&self) -> Segment {
        Segment::new(self.a, self.b)
    }

    /// `Ok` for finite ends and a finite radius `>= 0`, otherwise why not.
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`] or [`ShapeError::Negative`].
    pub fn is_valid(&self) -> Result<(), ShapeError> {
        check_finite(self.a, "a")?;
        check_finite(self.b, "b")?;
        check_non_negative(self.radius, "radius")
    }

    #[inline]
    pub(crate) fn is_usable(&self) -> bool {
        self.a.is_finite()
            && self.b.is_finite()
            && self.radius >= 0.0
            && self.radius < Real::INFINITY
    }
}

impl Bounded for Capsule {
    /// The box of the core segment grown by the radius.
    fn aabb(&self) -> Aabb {
        if !self.is_usable() {
            return Aabb::EMPTY;
        }
        Aabb::new(self.a.min(self.b), self.a.max(self.b)).expanded(self.radius)
    }

    /// The smallest enclosing sphere: centered at the midpoint, radius half the length plus the
    /// capsule's radius.
    fn bounding_sphere(&self) -> Sphere {
        rescale!(single self, bounding_sphere);
        if !self.is_usable() {
            return Sphere::EMPTY;
        }
        let core = self.segment();
        Sphere::new(core.midpoint(), 0.5 * core.length() + self.radius)
    }
}

impl Classify for Capsule {
    /// By the signed distances of the core ends, widened by the radius. Touching straddles,
    /// within the rounding `intersects` allows (the same decision).
    fn classify(&self, plane: &Plane) -> Side {
        rescale!(pair self, plane, classify);
        if !self.is_usable() {
            return Side::Straddle;
        }
        crate::query::algo::plane_extent::capsule_side(self, plane)
    }
}
