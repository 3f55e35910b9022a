//! The ray prepared for traversal: [`PreRay`], made once per query, and [`Frame`], the
//! watertight triangle test's permutation and shear, made when the traversal first reaches a
//! leaf.

use glam::Vec3Swizzles;

use crate::math::{Real, SimdVec3, Vec3, simd, unsimd};
use crate::query::raycast::triangle::{Sheared, shear, shear_rescaled};
use crate::shape::Ray;

/// The factor by which the box test widens far distances (see [`PreRay::node_slabs`]).
pub(in crate::bvh) const WIDEN: Real = 1.0 + 8.0 * Real::EPSILON;

/// A ray prepared for traversal. (The default is no valid ray, a filler for arrays.)
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct PreRay {
    // The vectors are SIMD vectors in `f32` (`Vec3A`): the whole-tree box test and the ray's
    // set-up then need no shuffles, a good part of the cost of a ray that misses the mesh
    // (docs/performance.md, "Traversal").
    pub origin: SimdVec3,
    pub dir: SimdVec3,
    /// `1 / dir` per axis (infinite where the direction is zero).
    pub(in crate::bvh) inv: SimdVec3,
    /// `inv` widened by a few ulp for the far planes, so rounding never makes a box's far
    /// distance fall short of its near one when the ray touches it (Ize, "Robust BVH Ray
    /// Traversal", 2013): with `(bound − origin)` and the product rounded too, the far
    /// distance still comes out above the exact one, and the near distance at most 3 ulp
    /// above its exact value.
    pub(in crate::bvh) inv_far: SimdVec3,
    /// Bit `axis`: the direction is negative there (the ray meets a box's max plane first).
    pub(in crate::bvh) negative: u32,
    /// Whether no direction coordinate is zero (the box test's fast path).
    pub(in crate::bvh) oblique: bool,
    /// Present when the processor has AVX: the box test then runs on eight-lane registers.
    #[cfg(all(target_arch = "x86_64", not(isect_f64)))]
    pub(in crate::bvh) v3: Option<crate::dispatch::V3>,
}

impl PreRay {
    /// The prepared ray; `None` for an invalid ray or `max_t` (non-finite origin or direction,
    /// zero direction, NaN or negative `max_t`).
    #[inline]
    pub(crate) fn new(ray: &Ray, max_t: Real) -> Option<Self> {
        let (o, d) = (simd(ray.origin), simd(ray.dir));
        // `0 x` is ±0 for finite `x` (NaN for infinities and NaN).
        let finite = (o * 0.0 + d * 0.0).cmpeq(SimdVec3::ZERO).all();
        if !finite || d.cmpeq(SimdVec3::ZERO).all() || !(max_t >= 0.0) {
            return None;
        }
        Some(Self {
            origin: o,
            dir: d,
            inv: d.recip(),
            inv_far: d.recip() * WIDEN,
            negative: d.cmplt(SimdVec3::ZERO).bitmask(),
            oblique: d.abs().cmpgt(SimdVec3::ZERO).all(),
            #[cfg(all(target_arch = "x86_64", not(isect_f64)))]
            v3: crate::dispatch::V3::get(),
        })
    }

    /// The same ray without the AVX box test ([`crate::dispatch::V3::slabs8`]): its nodes are
    /// tested as four-lane halves, as where the processor lacks AVX (for the test comparing the
    /// two).
    #[cfg(test)]
    pub(crate) fn without_v3(self) -> Self {
        Self {
            #[cfg(all(target_arch = "x86_64", not(isect_f64)))]
            v3: None,
            ..self
        }
    }

    /// The origin as a [`Vec3`].
    #[inline(always)]
    pub(crate) fn origin3(&self) -> Vec3 {
        unsimd(self.origin)
    }

    /// The direction as a [`Vec3`].
    #[inline(always)]
    pub(crate) fn dir3(&self) -> Vec3 {
        unsimd(self.dir)
    }
}

/// The watertight triangle test's frame for a ray: the axis permutation that makes the
/// largest direction coordinate `z` (swapping `x` and `y` when that flips the frame) and the
/// shear constants.
///
/// Made when a traversal first reaches a leaf rather than with the [`PreRay`]: choosing the
/// permutation branches on the direction, which random rays mispredict, and most short rays
/// reach no leaf (half of a short random ray's mispredictions were here: docs/performance.md,
/// "Traversal").
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frame {
    pub(super) z_is_x: bool,
    pub(super) z_is_y: bool,
    pub(super) flip: bool,
    pub(super) sx: Real,
    pub(super) sy: Real,
    pub(super) sz: Real,
}

impl Frame {
    #[inline]
    pub(crate) fn new(ray: &PreRay) -> Self {
        let ad = ray.dir.abs();
        let (z_is_x, z_is_y) = (ad.x >= ad.y && ad.x >= ad.z, ad.y >= ad.z);
        let p = rotate(z_is_x, z_is_y, ray.dir3());
        let flip = p.z < 0.0;
        let p = if flip { p.yxz() } else { p };
        let sz = 1.0 / p.z;
        Self {
            z_is_x,
            z_is_y,
            flip,
            sx: p.x * sz,
            sy: p.y * sz,
            sz,
        }
    }

    #[inline(always)]
    fn permute(&self, v: Vec3) -> Vec3 {
        let r = rotate(self.z_is_x, self.z_is_y, v);
        if self.flip { r.yxz() } else { r }
    }

    /// The watertight test's edge functions and depth for a triangle (the one-triangle path;
    /// leaves use `Bvh::leaf_test`).
    #[inline(always)]
    pub(crate) fn shear(&self, ray: &PreRay, tri: &[Vec3; 3]) -> Sheared {
        let a = self.permute(tri[0] - ray.origin3());
        let b = self.permute(tri[1] - ray.origin3());
        let c = self.permute(tri[2] - ray.origin3());
        let s = shear([a, b, c], self.sx, self.sy, self.sz);
        if s.in_range() {
            s
        } else {
            shear_rescaled([a, b, c], self.sx, self.sy, self.sz)
        }
    }
}

#[inline(always)]
fn rotate(z_is_x: bool, z_is_y: bool, v: Vec3) -> Vec3 {
    if z_is_x {
        v.yzx()
    } else if z_is_y {
        v.zxy()
    } else {
        v
    }
}
