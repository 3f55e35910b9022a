//! `N` spheres as structure of arrays: the ray cast by the stable quadratic of the scalar
//! [`RayCast`](crate::RayCast) of [`Sphere`] (Haines, Günther and Akenine-Möller, the same
//! operations in the same order), its square-root-free any-hit test, and the plane test of
//! frustum culling ([`Frustum::may_intersect_sphere`]), against every lane.
#![expect(
    clippy::needless_range_loop,
    reason = "a lane indexes several arrays at once (structure of arrays)"
)]

use crate::math::{Real, Vec3};
use crate::ops;
use crate::query::RayCast;
use crate::query::algo::scale;
use crate::query::raycast::{cast_usable, dir_needs_scaling};
use crate::shape::{Frustum, Ray, Sphere};

use super::mask;

/// `N` spheres as structure of arrays: `center[axis][lane]` and `radius[lane]`. See the
/// [module docs](super) for the conventions of every wide query.
///
/// The fields are public, so a program can keep its particles in this layout and fill lanes
/// directly; a lane it does not use should hold an invalid sphere (as [`Spheres::EMPTY`] and
/// [`Spheres::from_slice`] leave it: infinite center, radius `−∞`), which no query reports.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spheres<const N: usize> {
    /// The lanes' centers, by axis.
    pub center: [[Real; N]; 3],
    /// The lanes' radii.
    pub radius: [Real; N],
}

/// Four spheres: one SSE register per coordinate in `f32`, one AVX register in `f64`.
pub type Sphere4 = Spheres<4>;
/// Eight spheres: one AVX register per coordinate in `f32`.
pub type Sphere8 = Spheres<8>;

impl<const N: usize> Default for Spheres<N> {
    /// [`Spheres::EMPTY`].
    fn default() -> Self {
        Self::EMPTY
    }
}

impl<const N: usize> Spheres<N> {
    /// Every lane an invalid sphere (infinite center, radius `−∞`), which no query reports.
    pub const EMPTY: Self = Self {
        center: [[Real::INFINITY; N]; 3],
        radius: [Real::NEG_INFINITY; N],
    };

    /// The spheres of `spheres` in lanes `0..spheres.len()`, the other lanes empty. Spheres
    /// are copied as given, invalid ones included (their lanes never report a hit).
    ///
    /// # Panics
    ///
    /// When `spheres` holds more than `N` spheres.
    ///
    /// ```
    /// use isect::{Sphere, wide::Sphere4, math::Vec3};
    /// let pack = Sphere4::from_slice(&[Sphere::new(Vec3::X, 0.5)]);
    /// assert_eq!(pack.get(0), Sphere::new(Vec3::X, 0.5));
    /// assert!(pack.get(1).is_valid().is_err());
    /// ```
    #[must_use]
    #[inline(always)]
    pub fn from_slice(spheres: &[Sphere]) -> Self {
        assert!(
            spheres.len() <= N,
            "{} spheres for a pack of {N} lanes",
            spheres.len()
        );
        let mut pack = Self::EMPTY;
        for (lane, sphere) in spheres.iter().enumerate() {
            pack.set(lane, sphere);
        }
        pack
    }

    /// Puts `sphere` in lane `lane`.
    ///
    /// # Panics
    ///
    /// When `lane >= N`.
    #[inline(always)]
    pub fn set(&mut self, lane: usize, sphere: &Sphere) {
        for axis in 0..3 {
            self.center[axis][lane] = sphere.center[axis];
        }
        self.radius[lane] = sphere.radius;
    }

    /// The sphere in lane `lane`.
    ///
    /// # Panics
    ///
    /// When `lane >= N`.
    #[must_use]
    #[inline]
    pub fn get(&self, lane: usize) -> Sphere {
        let c = Vec3::new(
            self.center[0][lane],
            self.center[1][lane],
            self.center[2][lane],
        );
        Sphere::new(c, self.radius[lane])
    }

    /// The lanes that are valid spheres (finite, radius `>= 0`), by the scalar casts' `x · 0`.
    #[inline(always)]
    fn usable(&self) -> [bool; N] {
        let mut ok = [true; N];
        for (lane, ok) in ok.iter_mut().enumerate() {
            let r = self.radius[lane];
            let mut zero = 0.0;
            for axis in 0..3 {
                zero += self.center[axis][lane] * 0.0;
            }
            *ok = zero + r * 0.0 == 0.0 && r >= 0.0;
        }
        ok
    }

    /// The offset `origin − center` of each lane, by axis.
    #[inline(always)]
    fn offsets(&self, origin: Vec3) -> [[Real; N]; 3] {
        let mut f = [[0.0; N]; 3];
        for axis in 0..3 {
            for lane in 0..N {
                f[axis][lane] = origin[axis] - self.center[axis][lane];
            }
        }
        f
    }

    /// Per lane, `t` of [`RayCast::raycast`](crate::RayCast::raycast) of the lane's sphere
    /// (the entry, `0` for a ray starting inside, boundary included), and `Real::INFINITY`
    /// where that cast gives `None`: a miss, a hit beyond `max_t`, an invalid sphere (NaN or
    /// infinite center or radius, negative radius: every unused lane), or an invalid ray or
    /// `max_t` (every lane). A tangent ray hits at the point of tangency; a sphere of radius 0
    /// is a point.
    ///
    /// ```
    /// use isect::{Ray, Sphere, wide::Sphere4, math::Vec3};
    /// let pack = Sphere4::from_slice(&[
    ///     Sphere::new(Vec3::new(5.0, 0.0, 0.0), 1.0),  // ahead
    ///     Sphere::new(Vec3::new(5.0, 1.0, 0.0), 1.0),  // tangent at (5, 0, 0)
    ///     Sphere::new(Vec3::new(3.0, 0.0, 0.0), 0.0),  // a point on the ray
    ///     Sphere::new(Vec3::new(5.0, 0.0, 0.0), -1.0), // negative radius: invalid
    /// ]);
    /// let t = pack.raycast(&Ray::new(Vec3::ZERO, Vec3::X), 10.0);
    /// assert_eq!(t, [4.0, 5.0, 3.0, f32::INFINITY]);
    /// ```
    #[must_use]
    #[inline(always)]
    pub fn raycast(&self, ray: &Ray, max_t: Real) -> [Real; N] {
        if !cast_usable(ray, max_t) {
            return [Real::INFINITY; N];
        }
        let a = ray.dir.length_squared();
        let mut t = if dir_needs_scaling(a) {
            // As the scalar cast (`cast_rescaled`): along `dir` brought to a largest coordinate
            // in [1, 2) by a power of two `2ᵏ`, `t` is `2ᵏ` times larger; a hit converted back
            // beyond `max_t` (the converted limit may have rounded) is dropped.
            let (dir, k) = scale::normalized_direction(ray.dir);
            let scaled = Ray::new(ray.origin, dir);
            self.raycast_quadratic(&scaled, scale::ldexp(max_t, -k))
                .map(|t| {
                    let t = scale::ldexp(t, k);
                    if t <= max_t { t } else { Real::INFINITY }
                })
        } else {
            self.raycast_quadratic(ray, max_t)
        };
        // Lanes whose sphere or the ray's origin lie outside the magnitudes the quadratic
        // computes as given, or whose `r²` leaves the range of exact squares (a radius tiny
        // beside the offsets, where `r²` and `|l|²` both underflow to 0 and compare equal;
        // issue 24): the scalar cast, which rescales them (`rescale!`) or decides by
        // `within_radius`, so every lane keeps its scalar answer. Rare, and two comparisons
        // per lane otherwise.
        let origin = ray.origin.abs().max_element();
        for (lane, t) in t.iter_mut().enumerate() {
            let center = Vec3::new(
                self.center[0][lane],
                self.center[1][lane],
                self.center[2][lane],
            );
            let m = center
                .abs()
                .max_element()
                .max(self.radius[lane])
                .max(origin);
            let exact_square = scale::square_in_range(self.radius[lane] * self.radius[lane]);
            if !scale::in_window(m) && m > 0.0 && m < Real::INFINITY || !exact_square {
                *t = self
                    .get(lane)
                    .raycast(ray, max_t)
                    .map_or(Real::INFINITY, |h| h.t);
            }
        }
        t
    }

    /// [`Spheres::raycast`] for a valid ray whose squared length needs no scaling: the
    /// scalar `Quadratic`, lane by lane.
    #[inline(always)]
    fn raycast_quadratic(&self, ray: &Ray, max_t: Real) -> [Real; N] {
        let d = ray.dir;
        let a = d.length_squared();
        let f = self.offsets(ray.origin);
        let usable = self.usable();
        let mut t = [Real::INFINITY; N];
        for lane in 0..N {
            let (fx, fy, fz) = (f[0][lane], f[1][lane], f[2][lane]);
            let b = -(fx * d.x + fy * d.y + fz * d.z);
            let rr = self.radius[lane] * self.radius[lane];
            let s = b / a;
            let (lx, ly, lz) = (fx + d.x * s, fy + d.y * s, fz + d.z * s);
            let c = (fx * fx + fy * fy + fz * fz) - rr;
            let disc = rr - (lx * lx + ly * ly + lz * lz);
            let q = b + ops::sqrt(a * disc.max(0.0));
            // Selects over values every lane computes (`c / q` too, unused where it is not
            // the entry), so that the loop has no branch per lane.
            let ahead = c / q;
            let entry = if c <= 0.0 {
                0.0
            } else if (b > 0.0) & (disc >= 0.0) {
                ahead
            } else {
                Real::INFINITY
            };
            t[lane] = if usable[lane] & (entry <= max_t) {
                entry
            } else {
                Real::INFINITY
            };
        }
        t
    }

    /// The lanes whose sphere [`RayCast::raycast_any`](crate::RayCast::raycast_any) reports
    /// hit within `max_t`, as a bit mask: without a square root, the point of `[0, max_t]`
    /// closest to the center against the radius, as the scalar test. Touching counts;
    /// invalid spheres, rays and `max_t` give no bit.
    ///
    /// ```
    /// use isect::{Ray, Sphere, wide::Sphere4, math::Vec3};
    /// let pack = Sphere4::from_slice(&[
    ///     Sphere::new(Vec3::new(5.0, 0.0, 0.0), 1.0),
    ///     Sphere::new(Vec3::new(5.0, 1.0, 0.0), 1.0),          // tangent
    ///     Sphere::new(Vec3::new(-1.0, 0.0, 0.0), 1.0),         // behind, touching the origin
    ///     Sphere::new(Vec3::new(5.0, 0.0, f32::NAN), 1.0),     // invalid
    /// ]);
    /// let ray = Ray::new(Vec3::ZERO, Vec3::X);
    /// assert_eq!(pack.raycast_any(&ray, 10.0), 0b0111);
    /// assert_eq!(pack.raycast_any(&ray, 4.0), 0b0101); // the first sphere at exactly t = 4
    /// ```
    #[must_use]
    #[inline(always)]
    pub fn raycast_any(&self, ray: &Ray, max_t: Real) -> u32 {
        if !cast_usable(ray, max_t) {
            return 0;
        }
        // As the scalar test (`interval_meets_ball`): a direction whose squared length under-
        // or overflows (to 0 as well) is brought to a largest coordinate in `[1, 2)` by the same
        // power of two, so every lane keeps the scalar answer.
        if dir_needs_scaling(ray.dir.length_squared()) {
            let (dir, k) = scale::normalized_direction(ray.dir);
            return self.meets_interval(ray.origin, dir, 0.0, scale::ldexp(max_t, -k));
        }
        self.meets_interval(ray.origin, ray.dir, 0.0, max_t)
    }

    /// The lanes whose sphere meets `origin + t dir`, `t` in `[lo, hi]`, for a valid `dir`
    /// whose squared length needs no scaling: the scalar `interval_meets_ball`, lane by lane.
    #[inline(always)]
    fn meets_interval(&self, origin: Vec3, d: Vec3, lo: Real, hi: Real) -> u32 {
        let dd = d.length_squared();
        let f = self.offsets(origin);
        let mut yes = self.usable();
        let mut exact = [true; N];
        for lane in 0..N {
            let (fx, fy, fz) = (f[0][lane], f[1][lane], f[2][lane]);
            let t = if dd > 0.0 {
                (-(fx * d.x + fy * d.y + fz * d.z) / dd).max(lo).min(hi)
            } else {
                0.0
            };
            let (px, py, pz) = (fx + d.x * t, fy + d.y * t, fz + d.z * t);
            let (pp, r) = (px * px + py * py + pz * pz, self.radius[lane]);
            // Decided where either square is exact (as `within_radius`); the rest below.
            exact[lane] = scale::square_in_range(pp) | scale::square_in_range(r * r);
            yes[lane] &= pp <= r * r;
        }
        if exact.contains(&false) {
            // Both squares out of range (a radius and offset tiny beside the rest, issue 24):
            // the scalar test, which scales them.
            let usable = self.usable();
            for lane in (0..N).filter(|&lane| !exact[lane]) {
                let offset = Vec3::new(f[0][lane], f[1][lane], f[2][lane]);
                yes[lane] = usable[lane]
                    && crate::query::raycast::interval_meets_ball(
                        Vec3::ZERO,
                        self.radius[lane],
                        offset,
                        d,
                        lo,
                        hi,
                    );
            }
        }
        mask(yes)
    }

    /// The lanes whose sphere passes [`Frustum::may_intersect_sphere`], as a bit mask: the
    /// conservative culling test, false only for a sphere wholly in front of one of the six
    /// planes (its center more than the radius in front). Touching a plane counts; a sphere
    /// of radius 0 is a point; invalid spheres give no bit, and an invalid frustum none at
    /// all. Use [`Intersects`](crate::Intersects) on a lane's sphere for the exact answer.
    ///
    /// ```
    /// use isect::{Frustum, Plane, Sphere, wide::Sphere4, math::Vec3};
    /// let cube = Frustum::new([
    ///     Plane::new(-Vec3::X, 0.0), Plane::new(Vec3::X, 1.0),
    ///     Plane::new(-Vec3::Y, 0.0), Plane::new(Vec3::Y, 1.0),
    ///     Plane::new(-Vec3::Z, 0.0), Plane::new(Vec3::Z, 1.0),
    /// ]);
    /// let pack = Sphere4::from_slice(&[
    ///     Sphere::new(Vec3::splat(0.5), 0.1),            // inside
    ///     Sphere::new(Vec3::new(1.5, 0.5, 0.5), 0.5),    // touching x = 1
    ///     Sphere::new(Vec3::new(1.5, 0.5, 0.5), 0.25),   // in front of x = 1
    ///     Sphere::new(Vec3::splat(0.5), -0.1),           // invalid
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
            for lane in 0..N {
                let c = [
                    self.center[0][lane],
                    self.center[1][lane],
                    self.center[2][lane],
                ];
                // `Plane::signed_distance`, in `Vec3::dot`'s order.
                let s = (n.x * c[0] + n.y * c[1] + n.z * c[2]) - plane.d;
                pass[lane] &= s <= self.radius[lane];
            }
        }
        mask(pass)
    }
}
