//! `N` triangles as structure of arrays: the watertight ray test of the scalar
//! [`RayCast`](crate::RayCast) of [`Triangle`] (Woop, Benthin and Wald's sheared edge
//! functions, the same operations in the same order) against every lane.
//!
//! The lanes compute what decides the common case: a triangle with area, edge functions that
//! are not exactly 0, and a ray clearly crossing its plane or clearly missing. A lane whose
//! answer needs the scalar cast's rare paths (an edge function rounded to 0, which the scalar
//! test recomputes in `f64`; a ray along the plane within rounding, clipped in the plane; a
//! triangle without area, cast against as its segment; magnitudes outside the window the test
//! computes in as given, which it rescales) is answered by that scalar cast, so every lane
//! keeps the scalar answer bit for bit.

use crate::math::{Real, Vec3};
use crate::query::RayCast;
use crate::query::algo::scale;
use crate::query::raycast::cast_usable;
use crate::query::raycast::triangle::{FLAT_SINE_SQUARED, grazing_unscaled};
use crate::shape::{Ray, Triangle};

use super::mask;

/// `N` triangles as structure of arrays: `corner[k][axis][lane]`, corners `a`, `b`, `c` for
/// `k = 0, 1, 2`. See the [module docs](super) for the conventions of every wide query.
///
/// The field is public, so a program can keep its triangles in this layout and fill lanes
/// directly; a lane it does not use should hold an invalid triangle (as [`Triangles::EMPTY`]
/// and [`Triangles::from_slice`] leave it: NaN corners), which no query reports.
#[derive(Clone, Copy, Debug)]
pub struct Triangles<const N: usize> {
    /// The lanes' corners `a`, `b`, `c`, by axis.
    pub corner: [[[Real; N]; 3]; 3],
}

/// Four triangles: one SSE register per coordinate in `f32`, one AVX register in `f64`.
pub type Triangle4 = Triangles<4>;
/// Eight triangles: one AVX register per coordinate in `f32`.
pub type Triangle8 = Triangles<8>;

impl<const N: usize> Default for Triangles<N> {
    /// [`Triangles::EMPTY`].
    fn default() -> Self {
        Self::EMPTY
    }
}

/// What the lanes decided: the cast's `t` (`+∞` for no hit), and the lanes left to the scalar
/// cast.
struct Decided<const N: usize> {
    t: [Real; N],
    hit: [bool; N],
    scalar: [bool; N],
}

impl<const N: usize> Triangles<N> {
    /// Every lane a triangle of NaN corners (invalid, so no query reports it).
    pub const EMPTY: Self = Self {
        corner: [[[Real::NAN; N]; 3]; 3],
    };

    /// The triangles of `triangles` in lanes `0..triangles.len()`, the other lanes empty.
    /// Triangles are copied as given, invalid and degenerate ones included (their lanes
    /// answer as the scalar queries do).
    ///
    /// # Panics
    ///
    /// When `triangles` holds more than `N` triangles.
    ///
    /// ```
    /// use isect::{Triangle, wide::Triangle4, math::Vec3};
    /// let tri = Triangle::new(Vec3::ZERO, Vec3::X, Vec3::Y);
    /// let pack = Triangle4::from_slice(&[tri]);
    /// assert_eq!(pack.get(0), tri);
    /// assert!(pack.get(1).is_valid().is_err());
    /// ```
    #[must_use]
    #[inline(always)]
    pub fn from_slice(triangles: &[Triangle]) -> Self {
        assert!(
            triangles.len() <= N,
            "{} triangles for a pack of {N} lanes",
            triangles.len()
        );
        let mut pack = Self::EMPTY;
        for (lane, triangle) in triangles.iter().enumerate() {
            pack.set(lane, triangle);
        }
        pack
    }

    /// Puts `triangle` in lane `lane`.
    ///
    /// # Panics
    ///
    /// When `lane >= N`.
    #[inline(always)]
    pub fn set(&mut self, lane: usize, triangle: &Triangle) {
        for (k, p) in triangle.vertices().into_iter().enumerate() {
            for axis in 0..3 {
                self.corner[k][axis][lane] = p[axis];
            }
        }
    }

    /// The triangle in lane `lane`.
    ///
    /// # Panics
    ///
    /// When `lane >= N`.
    #[must_use]
    #[inline]
    pub fn get(&self, lane: usize) -> Triangle {
        let p = |k: usize| {
            Vec3::new(
                self.corner[k][0][lane],
                self.corner[k][1][lane],
                self.corner[k][2][lane],
            )
        };
        Triangle::new(p(0), p(1), p(2))
    }

    /// Per lane, `t` of [`RayCast::raycast`](crate::RayCast::raycast) of the lane's triangle
    /// (two-sided, watertight: a ray through an edge or corner shared by two lanes' triangles
    /// hits at least one of them), and `Real::INFINITY` where that cast gives `None`: a miss, a
    /// hit beyond `max_t`, an invalid triangle (a NaN or infinite corner: every unused lane),
    /// or an invalid ray or `max_t` (every lane). A ray in a triangle's plane hits where it
    /// enters the triangle; a triangle without area is hit as the segment it is.
    ///
    /// ```
    /// use isect::{Ray, Triangle, wide::Triangle4, math::Vec3};
    /// let at = |z: f32| Triangle::new(Vec3::new(0.0, 0.0, z), Vec3::new(1.0, 0.0, z), Vec3::new(0.0, 1.0, z));
    /// let pack = Triangle4::from_slice(&[
    ///     at(2.0),
    ///     at(-1.0), // behind the ray
    ///     Triangle::new(Vec3::new(0.0, 0.0, 3.0), Vec3::new(1.0, 0.0, 3.0), Vec3::new(2.0, 0.0, 3.0)), // no area
    /// ]);
    /// let ray = Ray::new(Vec3::new(0.5, 0.0, 0.0), Vec3::Z); // along the first one's edge y = 0
    /// assert_eq!(pack.raycast(&ray, 10.0), [2.0, f32::INFINITY, 3.0, f32::INFINITY]);
    /// assert_eq!(pack.raycast(&ray, 2.5), [2.0, f32::INFINITY, f32::INFINITY, f32::INFINITY]);
    /// ```
    #[must_use]
    #[inline(always)]
    pub fn raycast(&self, ray: &Ray, max_t: Real) -> [Real; N] {
        if !cast_usable(ray, max_t) {
            return [Real::INFINITY; N];
        }
        let Decided { mut t, scalar, .. } = self.decide(ray, max_t);
        for lane in 0..N {
            if scalar[lane] {
                t[lane] = self
                    .get(lane)
                    .raycast(ray, max_t)
                    .map_or(Real::INFINITY, |h| h.t);
            }
        }
        t
    }

    /// The lanes whose triangle [`RayCast::raycast_any`](crate::RayCast::raycast_any) reports
    /// hit within `max_t`, as a bit mask: the watertight test without its division. Edges and
    /// corners count; invalid triangles, rays and `max_t` give no bit.
    ///
    /// ```
    /// use isect::{Ray, Triangle, wide::Triangle4, math::Vec3};
    /// let at = |z: f32| Triangle::new(Vec3::new(0.0, 0.0, z), Vec3::new(1.0, 0.0, z), Vec3::new(0.0, 1.0, z));
    /// let pack = Triangle4::from_slice(&[at(1.0), at(4.0), at(-1.0)]);
    /// let ray = Ray::new(Vec3::new(0.0, 0.0, 0.0), Vec3::Z); // through their corner a
    /// assert_eq!(pack.raycast_any(&ray, 4.0), 0b0011); // at exactly t = 4 too
    /// assert_eq!(pack.raycast_any(&ray, 3.0), 0b0001);
    /// ```
    #[must_use]
    #[inline(always)]
    pub fn raycast_any(&self, ray: &Ray, max_t: Real) -> u32 {
        if !cast_usable(ray, max_t) {
            return 0;
        }
        let Decided {
            mut hit, scalar, ..
        } = self.decide(ray, max_t);
        for lane in 0..N {
            if scalar[lane] {
                hit[lane] = self.get(lane).raycast_any(ray, max_t);
            }
        }
        mask(hit)
    }

    /// The watertight test of every lane for a valid ray and `max_t`, as the scalar cast's
    /// common path (`Triangle::cast_unchecked` with `Sheared::verdict_normal`), with the lanes
    /// that need its other paths marked for it. Written as passes of straight-line arithmetic
    /// over the lanes (which the compiler turns into SIMD), the grazing test only for the few
    /// lanes the ray's line crosses.
    #[inline(always)]
    fn decide(&self, ray: &Ray, max_t: Real) -> Decided<N> {
        let (o, d) = (ray.origin, ray.dir);
        // The ray's dominant axis becomes z, x and y swapped when it points down that axis,
        // as the scalar test permutes (`yzx`, `zxy` or none, then `yxz`): as axis indices.
        let ad = d.abs();
        let mut axes = if ad.x >= ad.y && ad.x >= ad.z {
            [1, 2, 0]
        } else if ad.y >= ad.z {
            [2, 0, 1]
        } else {
            [0, 1, 2]
        };
        if d[axes[2]] < 0.0 {
            axes.swap(0, 1);
        }
        let [kx, ky, kz] = axes;
        let sz = 1.0 / d[kz];
        let (sx, sy) = (d[kx] * sz, d[ky] * sz);
        let (ox, oy, oz) = (o[kx], o[ky], o[kz]);
        let origin_size = o.abs().max_element();
        let c = &self.corner;

        // The sheared edge functions `U, V, W`, `T` and `det`, in the scalar test's order of
        // operations (offsets from the origin, permuted, then sheared).
        let (mut u, mut v, mut w) = ([0.0; N], [0.0; N], [0.0; N]);
        let (mut tt, mut det) = ([0.0; N], [0.0; N]);
        for lane in 0..N {
            let sheared = |k: usize| {
                let z = c[k][kz][lane] - oz;
                (
                    (c[k][kx][lane] - ox) - sx * z,
                    (c[k][ky][lane] - oy) - sy * z,
                    z,
                )
            };
            let (ax, ay, az) = sheared(0);
            let (bx, by, bz) = sheared(1);
            let (cx, cy, cz) = sheared(2);
            u[lane] = cx * by - cy * bx;
            v[lane] = ax * cy - ay * cx;
            w[lane] = bx * ay - by * ax;
            tt[lane] = (u[lane] * az + v[lane] * bz + w[lane] * cz) * sz;
            det[lane] = u[lane] + v[lane] + w[lane];
        }

        // The triangle's `scaled_normal`, its flatness (`is_flat`), whether its corners are
        // finite, and whether it and the origin lie in the window computed as given.
        let mut n = [[0.0; N]; 3];
        let mut flat = [false; N];
        let mut finite = [false; N];
        let mut window = [false; N];
        for lane in 0..N {
            let e = |k: usize, axis: usize| c[k][axis][lane] - c[0][axis][lane];
            let (ab, ac) = ([e(1, 0), e(1, 1), e(1, 2)], [e(2, 0), e(2, 1), e(2, 2)]);
            let nx = ab[1] * ac[2] - ac[1] * ab[2];
            let ny = ab[2] * ac[0] - ac[2] * ab[0];
            let nz = ab[0] * ac[1] - ac[0] * ab[1];
            let nn = nx * nx + ny * ny + nz * nz;
            let ee = |q: [Real; 3]| q[0] * q[0] + q[1] * q[1] + q[2] * q[2];
            flat[lane] = !(nn > FLAT_SINE_SQUARED * ee(ab) * ee(ac));
            // `is_flat` decides at the triangle's own scale where its edges leave the window:
            // the scalar cast's then.
            let edges = ab
                .iter()
                .chain(&ac)
                .fold(0.0 as Real, |m, x| m.max(x.abs()));
            (n[0][lane], n[1][lane], n[2][lane]) = (nx, ny, nz);
            let mut zero = 0.0;
            let mut m = origin_size;
            for corner in c {
                for axis in corner {
                    zero += axis[lane] * 0.0;
                    m = m.max(axis[lane].abs());
                }
            }
            finite[lane] = zero == 0.0;
            window[lane] = scale::in_window(m) & scale::in_window(edges);
        }

        // What the edge functions decide; the lanes the scalar cast answers (outside the
        // window, an edge function rounded to 0 which it recomputes in `f64`, no area, `det =
        // 0`: in the plane); candidates for a hit.
        let mut t = [Real::INFINITY; N];
        let mut hit = [false; N];
        let mut scalar = [false; N];
        let mut candidate = [false; N];
        for lane in 0..N {
            let (u, v, w, det) = (u[lane], v[lane], w[lane], det[lane]);
            let rare =
                !window[lane] | (u == 0.0) | (v == 0.0) | (w == 0.0) | (det == 0.0) | flat[lane];
            let neg = (u < 0.0) | (v < 0.0) | (w < 0.0);
            let pos = (u > 0.0) | (v > 0.0) | (w > 0.0);
            let (st, sdet) = if det < 0.0 {
                (-tt[lane], -det)
            } else {
                (tt[lane], det)
            };
            let within = (0.0 * sdet <= st) & (st <= max_t * sdet);
            scalar[lane] = finite[lane] & rare;
            candidate[lane] = finite[lane] & !rare & !(neg & pos) & within;
        }
        // The crossing lanes: a ray along the plane within rounding (or undecided without
        // scaling) is the scalar cast's too.
        for lane in 0..N {
            if candidate[lane] {
                let normal = Vec3::new(n[0][lane], n[1][lane], n[2][lane]);
                if grazing_unscaled(normal, d) == Some(false) {
                    hit[lane] = true;
                    t[lane] = tt[lane] * (1.0 / det[lane]);
                } else {
                    scalar[lane] = true;
                }
            }
        }
        Decided { t, hit, scalar }
    }
}
