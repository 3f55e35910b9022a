//! `N` axis-aligned boxes as structure of arrays: the slab test of one ray against every lane
//! (the scalar [`RayCast`](crate::RayCast) of [`Aabb`], Williams et al.'s slabs with the same
//! divisions and the same rule for a ray in a face's plane), and the n-vertex test of frustum
//! culling ([`Frustum::may_intersect_aabb`]) and the overlap test with one box against every
//! lane.
#![expect(
    clippy::needless_range_loop,
    reason = "a lane indexes several arrays at once (structure of arrays)"
)]

use crate::math::{Real, Vec3};
use crate::query::raycast::cast_usable;
use crate::shape::{Aabb, Frustum, Ray};

use super::mask;

/// `N` boxes as structure of arrays: `min[axis][lane]` and `max[axis][lane]`. See the
/// [module docs](super) for the conventions of every wide query.
///
/// The fields are public, so a program can keep its bounds in this layout and fill lanes
/// directly; a lane it does not use should hold the empty box (as [`Aabbs::EMPTY`] and
/// [`Aabbs::from_slice`] leave it: `min = +∞`, `max = −∞`), which no query reports.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Aabbs<const N: usize> {
    /// The lanes' minimum corners, by axis.
    pub min: [[Real; N]; 3],
    /// The lanes' maximum corners, by axis.
    pub max: [[Real; N]; 3],
}

/// Four boxes: one SSE register per coordinate in `f32`, one AVX register in `f64`.
pub type Aabb4 = Aabbs<4>;
/// Eight boxes: one AVX register per coordinate in `f32`.
pub type Aabb8 = Aabbs<8>;

impl<const N: usize> Default for Aabbs<N> {
    /// [`Aabbs::EMPTY`].
    fn default() -> Self {
        Self::EMPTY
    }
}

impl<const N: usize> Aabbs<N> {
    /// Every lane the empty box [`Aabb::EMPTY`] (invalid, so no query reports it).
    pub const EMPTY: Self = Self {
        min: [[Real::INFINITY; N]; 3],
        max: [[Real::NEG_INFINITY; N]; 3],
    };

    /// The boxes of `aabbs` in lanes `0..aabbs.len()`, the other lanes empty. Boxes are copied
    /// as given, invalid ones included (their lanes answer as the scalar queries do: never a
    /// hit).
    ///
    /// # Panics
    ///
    /// When `aabbs` holds more than `N` boxes.
    ///
    /// ```
    /// use isect::{Aabb, wide::Aabb4, math::Vec3};
    /// let pack = Aabb4::from_slice(&[Aabb::new(Vec3::ZERO, Vec3::ONE)]);
    /// assert_eq!(pack.get(0), Aabb::new(Vec3::ZERO, Vec3::ONE));
    /// assert_eq!(pack.get(3), Aabb::EMPTY);
    /// ```
    #[must_use]
    #[inline(always)]
    pub fn from_slice(aabbs: &[Aabb]) -> Self {
        assert!(
            aabbs.len() <= N,
            "{} boxes for a pack of {N} lanes",
            aabbs.len()
        );
        let mut pack = Self::EMPTY;
        for (lane, aabb) in aabbs.iter().enumerate() {
            pack.set(lane, aabb);
        }
        pack
    }

    /// Puts `aabb` in lane `lane`.
    ///
    /// # Panics
    ///
    /// When `lane >= N`.
    #[inline(always)]
    pub fn set(&mut self, lane: usize, aabb: &Aabb) {
        for axis in 0..3 {
            self.min[axis][lane] = aabb.min[axis];
            self.max[axis][lane] = aabb.max[axis];
        }
    }

    /// The box in lane `lane`.
    ///
    /// # Panics
    ///
    /// When `lane >= N`.
    #[must_use]
    #[inline]
    pub fn get(&self, lane: usize) -> Aabb {
        let min = Vec3::new(self.min[0][lane], self.min[1][lane], self.min[2][lane]);
        let max = Vec3::new(self.max[0][lane], self.max[1][lane], self.max[2][lane]);
        Aabb::new(min, max)
    }

    /// The lanes that are valid boxes (finite, `min <= max`), as the scalar queries check:
    /// `x · 0` is 0 exactly for finite `x`, as in the scalar casts' check.
    #[inline(always)]
    fn usable(&self) -> [bool; N] {
        let mut ok = [true; N];
        for (lane, ok) in ok.iter_mut().enumerate() {
            let mut zero = 0.0;
            for axis in 0..3 {
                let (lo, hi) = (self.min[axis][lane], self.max[axis][lane]);
                zero += lo * 0.0 + hi * 0.0;
                *ok &= lo <= hi;
            }
            *ok &= zero == 0.0;
        }
        ok
    }

    /// Per lane, the entry and exit parameters of the ray's line into the box, from the same
    /// divisions, NaN rule and order of minima and maxima as the scalar slab test (`min` and
    /// `max` as comparisons, which is what SIMD's minima and maxima are without NaN).
    #[inline(always)]
    fn slabs(&self, origin: Vec3, dir: Vec3) -> ([Real; N], [Real; N]) {
        let mut enter = [Real::NEG_INFINITY; N];
        let mut exit = [Real::INFINITY; N];
        for axis in 0..3 {
            let (o, d) = (origin[axis], dir[axis]);
            for lane in 0..N {
                let t1 = (self.min[axis][lane] - o) / d;
                let t2 = (self.max[axis][lane] - o) / d;
                // `0 / 0` for a ray in the slab's plane: the slab holds for every `t`.
                let (n1, f1) = if !t1.is_nan() {
                    (t1, t1)
                } else {
                    (Real::NEG_INFINITY, Real::INFINITY)
                };
                let (n2, f2) = if !t2.is_nan() {
                    (t2, t2)
                } else {
                    (Real::NEG_INFINITY, Real::INFINITY)
                };
                let near = if n1 < n2 { n1 } else { n2 };
                let far = if f1 > f2 { f1 } else { f2 };
                enter[lane] = if near > enter[lane] {
                    near
                } else {
                    enter[lane]
                };
                exit[lane] = if far < exit[lane] { far } else { exit[lane] };
            }
        }
        (enter, exit)
    }

    /// Per lane, `t` of [`RayCast::raycast`](crate::RayCast::raycast) of the lane's box (the
    /// entry, `0` for a ray starting inside, boundary included), and `Real::INFINITY` where
    /// that cast gives `None`: a miss, a hit beyond `max_t`, an invalid box (NaN, infinite,
    /// `min > max`: every unused lane), or an invalid ray or `max_t` (every lane). A ray that
    /// touches a box (an edge, a corner, along a face's plane) hits it; a flat or point box is
    /// hit where the ray meets it.
    ///
    /// ```
    /// use isect::{Aabb, Ray, wide::Aabb4, math::Vec3};
    /// let pack = Aabb4::from_slice(&[
    ///     Aabb::new(Vec3::new(2.0, -1.0, -1.0), Vec3::new(3.0, 1.0, 1.0)), // ahead
    ///     Aabb::new(Vec3::new(2.0, 0.0, -1.0), Vec3::new(3.0, 1.0, 1.0)),  // the ray on its face
    ///     Aabb::new(Vec3::new(-1.0, -1.0, -1.0), Vec3::ONE),               // around the origin
    ///     Aabb::new(Vec3::ONE, Vec3::ZERO),                                // min > max: invalid
    /// ]);
    /// let t = pack.raycast(&Ray::new(Vec3::ZERO, Vec3::X), 10.0);
    /// assert_eq!(t, [2.0, 2.0, 0.0, f32::INFINITY]);
    /// ```
    #[must_use]
    #[inline(always)]
    pub fn raycast(&self, ray: &Ray, max_t: Real) -> [Real; N] {
        let mut t = [Real::INFINITY; N];
        if !cast_usable(ray, max_t) {
            return t;
        }
        let (enter, exit) = self.slabs(ray.origin, ray.dir);
        let usable = self.usable();
        for lane in 0..N {
            // `&`, not `&&`: every lane's comparisons at once, no branch per lane.
            let hit = usable[lane]
                & (enter[lane] <= exit[lane])
                & (enter[lane] <= max_t)
                & (exit[lane] >= 0.0);
            let entry = if enter[lane] > 0.0 { enter[lane] } else { 0.0 };
            t[lane] = if hit { entry } else { Real::INFINITY };
        }
        t
    }

    /// The lanes whose box [`RayCast::raycast_any`](crate::RayCast::raycast_any) reports hit
    /// within `max_t`, as a bit mask (bit `i` for lane `i`): the slab test alone. Touching
    /// counts; invalid boxes, rays and `max_t` give no bit.
    ///
    /// ```
    /// use isect::{Aabb, Ray, wide::Aabb4, math::Vec3};
    /// let pack = Aabb4::from_slice(&[
    ///     Aabb::new(Vec3::new(2.0, -1.0, -1.0), Vec3::new(3.0, 1.0, 1.0)),
    ///     Aabb::new(Vec3::new(1.0, 1.0, 0.0), Vec3::new(2.0, 2.0, 0.0)), // flat, beside the ray
    ///     Aabb::new(Vec3::new(5.0, 0.0, 0.0), Vec3::new(5.0, 0.0, 0.0)), // a point on the ray, at t = 5
    ///     Aabb::new(Vec3::splat(f32::NAN), Vec3::ONE),                   // invalid
    /// ]);
    /// let ray = Ray::new(Vec3::ZERO, Vec3::X);
    /// assert_eq!(pack.raycast_any(&ray, 10.0), 0b0101);
    /// assert_eq!(pack.raycast_any(&ray, 5.0), 0b0101); // the point at exactly max_t counts
    /// assert_eq!(pack.raycast_any(&ray, 1.5), 0b0000);
    /// ```
    #[must_use]
    #[inline(always)]
    pub fn raycast_any(&self, ray: &Ray, max_t: Real) -> u32 {
        let t = self.raycast(ray, max_t);
        mask(t.map(|t| t < Real::INFINITY))
    }

    /// The lanes whose box [`Intersects`](crate::Intersects) `aabb`, as a bit mask: the
    /// intervals overlap on all three axes, compared exactly, as the scalar test (for a broad
    /// phase of one's own). Touching faces, edges and corners count; flat and point boxes are
    /// what they are; invalid lanes give no bit, and an invalid `aabb` none at all.
    ///
    /// ```
    /// use isect::{Aabb, wide::Aabb4, math::Vec3};
    /// let pack = Aabb4::from_slice(&[
    ///     Aabb::new(Vec3::ZERO, Vec3::ONE),
    ///     Aabb::new(Vec3::splat(2.0), Vec3::splat(3.0)),  // touching at a corner
    ///     Aabb::new(Vec3::splat(2.5), Vec3::splat(2.5)),  // a point inside
    ///     Aabb::new(Vec3::splat(3.0), Vec3::splat(2.0)),  // min > max
    /// ]);
    /// assert_eq!(pack.intersects_aabb(&Aabb::new(Vec3::ONE, Vec3::splat(2.0))), 0b0011);
    /// assert_eq!(pack.intersects_aabb(&Aabb::new(Vec3::ONE, Vec3::ZERO)), 0);
    /// ```
    #[must_use]
    #[inline(always)]
    pub fn intersects_aabb(&self, aabb: &Aabb) -> u32 {
        if !aabb.is_usable() {
            return 0;
        }
        let mut yes = self.usable();
        for axis in 0..3 {
            let (lo, hi) = (aabb.min[axis], aabb.max[axis]);
            for lane in 0..N {
                yes[lane] &= self.min[axis][lane] <= hi && lo <= self.max[axis][lane];
            }
        }
        mask(yes)
    }

    /// The lanes whose box passes [`Frustum::may_intersect_aabb`], as a bit mask: the
    /// conservative culling test, false only for a box wholly in front of one of the six
    /// planes (its n-vertex in front). Touching a plane counts; flat and point boxes are
    /// tested as what they are; invalid boxes give no bit, and an invalid frustum (a NaN or
    /// infinite plane, a zero normal) none at all. Use [`Intersects`](crate::Intersects) on a
    /// lane's box for the exact answer.
    ///
    /// ```
    /// use isect::{Aabb, Frustum, Plane, wide::Aabb4, math::Vec3};
    /// // The unit cube as six planes.
    /// let cube = Frustum::new([
    ///     Plane::new(-Vec3::X, 0.0), Plane::new(Vec3::X, 1.0),
    ///     Plane::new(-Vec3::Y, 0.0), Plane::new(Vec3::Y, 1.0),
    ///     Plane::new(-Vec3::Z, 0.0), Plane::new(Vec3::Z, 1.0),
    /// ]);
    /// let pack = Aabb4::from_slice(&[
    ///     Aabb::new(Vec3::splat(0.25), Vec3::splat(0.75)),                     // inside
    ///     Aabb::new(Vec3::new(1.0, 0.0, 0.0), Vec3::new(2.0, 1.0, 1.0)),      // touching x = 1
    ///     Aabb::new(Vec3::new(1.5, 0.0, 0.0), Vec3::new(2.0, 1.0, 1.0)),      // in front of x = 1
    /// ]);
    /// assert_eq!(pack.may_intersect_frustum(&cube), 0b0011);
    /// ```
    #[must_use]
    #[inline(always)]
    pub fn may_intersect_frustum(&self, frustum: &Frustum) -> u32 {
        if !frustum.is_usable() {
            return 0;
        }
        let mut pass = self.usable();
        for plane in &frustum.planes {
            let n = plane.normal;
            // The n-vertex: the minimum along axes where the normal is not negative.
            let corner = |axis: usize| {
                if n[axis] >= 0.0 {
                    &self.min[axis]
                } else {
                    &self.max[axis]
                }
            };
            let (x, y, z) = (corner(0), corner(1), corner(2));
            for lane in 0..N {
                // `Vec3::dot`'s order, so the same bits as the scalar test.
                let lo = n.x * x[lane] + n.y * y[lane] + n.z * z[lane];
                pass[lane] &= lo <= plane.d;
            }
        }
        mask(pass)
    }
}
