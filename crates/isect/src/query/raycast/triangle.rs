//! Ray casts against a triangle: watertight by default (Woop, Benthin and Wald, "Watertight
//! Ray/Triangle Intersection", *Journal of Computer Graphics Techniques* 2(1), 2013), with
//! Möller–Trumbore ("Fast, Minimum Storage Ray/Triangle Intersection", *Journal of Graphics
//! Tools* 2(1), 1997) as the fast alternative, and one-sided (back-face culled) variants.
//!
//! The watertight test shears space so that the ray becomes the `+z` axis through the origin
//! and evaluates the 2D edge functions `U, V, W` of the projected corners there. An edge's
//! function depends only on its two corners and the ray, and swapping the corners negates it
//! exactly, so two triangles sharing an edge classify a ray through it consistently: a ray
//! through a shared edge or vertex of a closed mesh hits one of the triangles (both, on the
//! edge itself, where the closed triangles meet). When an edge function rounds to 0 in `f32`,
//! it is recomputed in `f64` (products of two `f32` are exact there), as the paper does; the
//! `f64` build has no wider type and keeps its value. A ray in the triangle's plane (`U + V +
//! W = 0`) is clipped against the three edges in that plane instead, and a triangle without
//! area answers as the segment it is.

use glam::Vec3Swizzles;

use crate::math::{Real, Vec3, on_set_tolerance};
use crate::query::algo::linear::{Linear, closest_parameters};
use crate::query::algo::scale::rescale;
use crate::query::raycast::triangle_exact::exact_signs;
use crate::query::raycast::{Clip, against, cast_valid, checked, unit_or};
use crate::query::{PointQuery, RayCast, RayHit, TriangleHit};
use crate::shape::{Line, Plane, Ray, Segment, Triangle};

/// `U, V, W` and the sheared depths `T = U az + V bz + W cz` of the three corners, before the
/// division by `det = U + V + W` (also the mesh BVH's triangle test).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sheared {
    pub u: Real,
    pub v: Real,
    pub w: Real,
    pub t: Real,
    pub det: Real,
}

/// `a d − b c`, with the sign right when it rounds to 0 in `f32` (recomputed in `f64`, where the
/// products are exact).
#[inline(always)]
pub(crate) fn edge_function(a: Real, d: Real, b: Real, c: Real) -> Real {
    let e = a * d - b * c;
    #[cfg(not(isect_f64))]
    if e == 0.0 {
        return (a as f64 * d as f64 - b as f64 * c as f64) as Real;
    }
    e
}

/// The watertight test's sheared edge functions for the ray `origin + t dir` (`dir` non-zero
/// and finite).
#[inline(always)]
fn watertight(tri: &Triangle, origin: Vec3, dir: Vec3) -> Sheared {
    // The axis of dir's largest coordinate becomes z by a cyclic permutation (kz, then kx =
    // kz + 1, ky = kz + 2, as in the paper), and x and y are swapped when that coordinate is
    // negative, which keeps the projected winding the same for every ray. Done with swizzles
    // rather than indices `v[k]`, whose bounds checks cost more than the test, and on the four
    // vectors at once: one three-way branch and one two-way branch in all, not two per vector.
    let ad = dir.abs();
    let (z_is_x, z_is_y) = (ad.x >= ad.y && ad.x >= ad.z, ad.y >= ad.z);
    let offsets = [dir, tri.a - origin, tri.b - origin, tri.c - origin];
    let rotated = if z_is_x {
        offsets.map(Vec3Swizzles::yzx)
    } else if z_is_y {
        offsets.map(Vec3Swizzles::zxy)
    } else {
        offsets
    };
    let [d, a, b, c] = if rotated[0].z < 0.0 {
        rotated.map(Vec3Swizzles::yxz)
    } else {
        rotated
    };
    let sz = 1.0 / d.z;
    let sx = d.x * sz;
    let sy = d.y * sz;
    shear([a, b, c], sx, sy, sz)
}

/// The watertight test's values for corners `a, b, c` already moved to the ray's origin and
/// permuted (the ray's dominant axis as z), with the ray's shear `sx, sy` and `sz = 1 / d.z`.
#[inline(always)]
pub(crate) fn shear([a, b, c]: [Vec3; 3], sx: Real, sy: Real, sz: Real) -> Sheared {
    let (ax, ay) = (a.x - sx * a.z, a.y - sy * a.z);
    let (bx, by) = (b.x - sx * b.z, b.y - sy * b.z);
    let (cx, cy) = (c.x - sx * c.z, c.y - sy * c.z);
    let u = edge_function(cx, by, cy, bx);
    let v = edge_function(ax, cy, ay, cx);
    let w = edge_function(bx, ay, by, ax);
    let t = (u * a.z + v * b.z + w * c.z) * sz;
    Sheared {
        u,
        v,
        w,
        t,
        det: u + v + w,
    }
}

/// What the watertight test's values say about a ray and a triangle ([`Sheared::verdict`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// The ray crosses the triangle within the range: [`Sheared::hit`].
    Crossing,
    /// The ray runs in the triangle's plane (`det = 0`, or a crossing along the plane within
    /// rounding): decided by clipping in the plane.
    InPlane,
    /// No hit within the range.
    Miss,
}

impl Sheared {
    /// Whether the ray's line passes through the closed triangle (edges and corners included),
    /// from the front only when `front_only`; `false` for a line in the triangle's plane.
    #[inline(always)]
    pub(crate) fn crosses(&self, front_only: bool) -> bool {
        let neg = self.u < 0.0 || self.v < 0.0 || self.w < 0.0;
        let pos = self.u > 0.0 || self.v > 0.0 || self.w > 0.0;
        let ok = if front_only { !neg } else { !(neg && pos) };
        ok && self.det != 0.0
    }

    /// Whether `t = T / det` is in `[lo, hi]`, without dividing.
    #[inline(always)]
    pub(crate) fn t_within(&self, lo: Real, hi: Real) -> bool {
        let (t, det) = if self.det < 0.0 {
            (-self.t, -self.det)
        } else {
            (self.t, self.det)
        };
        lo * det <= t && t <= hi * det
    }

    /// How these values decide the ray against the triangle within `[lo, hi]` (from the front
    /// only when `front_only`). `corners` are asked for only when the ray's line crosses, to
    /// check that it does not run along the plane within rounding ([`grazing`]); that comes
    /// before the range, since a grazing ray's `T / det` is rounding noise and may lie anywhere.
    #[cfg_attr(
        not(feature = "alloc"),
        expect(
            dead_code,
            reason = "the mesh BVH's leaves use it, and the BVH needs `alloc`"
        )
    )]
    #[inline(always)]
    pub(crate) fn verdict(
        &self,
        lo: Real,
        hi: Real,
        front_only: bool,
        dir: Vec3,
        corners: impl FnOnce() -> [Vec3; 3],
    ) -> Verdict {
        self.verdict_normal(lo, hi, front_only, dir, || {
            let [a, b, c] = corners();
            Triangle::new(a, b, c).scaled_normal()
        })
    }

    /// [`Sheared::verdict`] with the triangle's `scaled_normal` in place of its corners, for a
    /// caller that has it already.
    #[inline(always)]
    fn verdict_normal(
        &self,
        lo: Real,
        hi: Real,
        front_only: bool,
        dir: Vec3,
        normal: impl FnOnce() -> Vec3,
    ) -> Verdict {
        if self.det == 0.0 {
            Verdict::InPlane
        } else if !self.crosses(front_only) {
            Verdict::Miss
        } else if grazing(normal(), dir) {
            Verdict::InPlane
        } else if self.t_within(lo, hi) {
            Verdict::Crossing
        } else {
            Verdict::Miss
        }
    }

    /// The hit: `t`, and `u`, `v` the weights of corners `b` and `c`.
    #[inline(always)]
    pub(crate) fn hit(&self) -> TriangleHit {
        let inv = 1.0 / self.det;
        TriangleHit {
            t: self.t * inv,
            u: self.v * inv,
            v: self.w * inv,
        }
    }
}

/// `hit` with `u`, `v` taken from its point when the ray runs nearly in the triangle's plane
/// (within about 1e-3 rad): the sheared triangle of the watertight test is then nearly flat and
/// its edge functions, though right in sign, carry errors far above their size, so `u`, `v`
/// from them can be off by percents (seen: 0.4 for 0.42). The point's barycentric coordinates,
/// clamped into the triangle, describe the same hit. Other hits are returned unchanged. `n` is
/// the triangle's `scaled_normal`.
#[inline]
pub(crate) fn steady_barycentric(
    corners: [Vec3; 3],
    n: Vec3,
    origin: Vec3,
    dir: Vec3,
    hit: TriangleHit,
) -> TriangleHit {
    let [a, b, c] = corners;
    let nd = n.dot(dir);
    if nd * nd >= 1e-6 * n.length_squared() * dir.length_squared() {
        return hit;
    }
    let Some([u, v]) = clamped_weights(&Triangle::new(a, b, c), origin + dir * hit.t) else {
        return hit;
    };
    TriangleHit { t: hit.t, u, v }
}

/// The weights `[u, v]` of corners `b` and `c` of a point in the triangle's plane, clamped into
/// the triangle (rounding leaves a point on an edge a hair outside); `None` for a triangle
/// without area.
#[inline]
fn clamped_weights(tri: &Triangle, p: Vec3) -> Option<[Real; 2]> {
    let w = tri.barycentric(p)?.max(Vec3::ZERO);
    let sum = w.x + w.y + w.z;
    (sum > 0.0).then(|| [w.y / sum, w.z / sum])
}

/// The unit normal of a non-degenerate triangle (`scaled_normal` `n`) facing the side `dir` comes
/// from; `fallback` for a triangle without one.
#[inline]
fn facing_normal(n: Vec3, dir: Vec3, fallback: impl FnOnce() -> Vec3) -> Vec3 {
    let n = unit_or(n, fallback);
    if n.dot(dir) > 0.0 { -n } else { n }
}

/// Whether the triangle has no area within rounding: the sine of its angle at `a` below 8 ulps
/// (as in `Plane::from_points`), so its normal's direction is noise. The watertight test's edge
/// functions are then noise too (their signs can agree on a ray that misses, or disagree on one
/// that crosses the segment the triangle is), so such a triangle is cast against as that segment
/// ([`in_plane`]) before the test, not after it. `n` is the triangle's `scaled_normal`.
#[inline]
fn is_flat(tri: &Triangle, n: Vec3) -> bool {
    let nn = n.length_squared();
    !(nn > (8.0 * Real::EPSILON)
        * (8.0 * Real::EPSILON)
        * (tri.b - tri.a).length_squared()
        * (tri.c - tri.a).length_squared())
}

/// The first point of the triangle along `origin + t dir`, `t` in `[lo, hi]`, for a ray the
/// watertight test found parallel to the triangle's plane (`det = 0`): clipped against the
/// three edges in the plane when the ray lies in it (within `on_set_tolerance`), the closest
/// point to the segment a triangle without area is, with the weights `[u, v]` of corners `b`
/// and `c` of that point on the segment (a triangle with area leaves them to its
/// barycentric coordinates: `None`). `None` when they do not meet.
///
/// With `widened`, the edges are moved out by the same tolerance (an overlap test, where a line
/// through a corner or along an edge must touch in every corner order: the clip at a corner
/// otherwise rounds either way, issue 24); a cast keeps the exact edges, whose entry `t` it
/// reports.
#[cold]
fn in_plane(
    tri: &Triangle,
    origin: Vec3,
    dir: Vec3,
    (lo, hi): (Real, Real),
    widened: bool,
) -> Option<(Real, Option<[Real; 2]>)> {
    let n = tri.scaled_normal();
    let nn = n.length_squared();
    let tolerance = on_set_tolerance([origin, tri.a, tri.b, tri.c]);
    if !is_flat(tri, n) {
        // The origin on the plane (distance n·(o − a) / |n|), then the edges' half-planes.
        let s = n.dot(origin - tri.a);
        if !(s * s <= tolerance * tolerance * nn) {
            return None;
        }
        let mut clip = Clip::new(lo, hi);
        for (i, (p, q)) in [(tri.a, tri.b), (tri.b, tri.c), (tri.c, tri.a)]
            .into_iter()
            .enumerate()
        {
            let outward = (q - p).cross(n);
            let slack = if widened {
                tolerance * crate::ops::sqrt(outward.length_squared())
            } else {
                0.0
            };
            let edge = Plane {
                normal: outward,
                d: outward.dot(p) + slack,
            };
            if !clip.clip(i, &edge, origin, dir) {
                return None;
            }
        }
        return Some((clip.lo, None));
    }
    // A segment or a point: the longest edge covers the three corners. With it, the weights of
    // b and c of its point at parameter t: on ab, a + t (b − a); on bc, a + (1 − t)(b − a) +
    // t (c − a); on ca, a + (1 − t)(c − a).
    let [ab, bc, ca] = [tri.b - tri.a, tri.c - tri.b, tri.a - tri.c].map(Vec3::length_squared);
    let (segment, weights): (Segment, fn(Real) -> [Real; 2]) = if ab >= bc && ab >= ca {
        (Segment::new(tri.a, tri.b), |t| [t, 0.0])
    } else if bc >= ca {
        (Segment::new(tri.b, tri.c), |t| [1.0 - t, t])
    } else {
        (Segment::new(tri.c, tri.a), |t| [0.0, 1.0 - t])
    };
    let linear = if lo == Real::NEG_INFINITY {
        Linear::line(&Line::new(origin, dir))
    } else if hi == Real::INFINITY {
        Linear::ray(&Ray::new(origin, dir))
    } else {
        // [0, hi]: as the segment from the origin to the point at hi.
        Linear::segment(&Segment::new(origin, origin + dir * hi))
    };
    let (s, t) = closest_parameters(&linear, &Linear::segment(&segment));
    let on_linear = linear.at(s);
    let tolerance = on_set_tolerance([on_linear, segment.a, segment.b, origin]);
    if !(on_linear.distance(segment.point_at(t)) <= tolerance) {
        return None;
    }
    let at = if hi.is_finite() && lo == 0.0 {
        s * hi
    } else {
        s
    };
    Some((at, Some(weights(t))))
}

/// Whether the line, ray or segment `p` meets the triangle (both valid): the watertight test
/// with the parameter interval, in-plane and degenerate cases as in a cast; a zero-length
/// segment by point containment.
#[inline]
pub(crate) fn linear_meets_triangle(p: &Linear, tri: &Triangle) -> bool {
    if p.dir == Vec3::ZERO {
        return tri.contains_point(p.origin);
    }
    let n = tri.scaled_normal();
    if is_flat(tri, n) {
        return in_plane(tri, p.origin, p.dir, (p.lo, p.hi), true).is_some();
    }
    // Edge functions within their rounding of 0 get their exact signs (issue 24), on this path
    // only: the ray casts and the mesh's leaves keep the watertight test as it is.
    let sheared = exact_signs(watertight(tri, p.origin, p.dir), tri, p);
    match sheared.verdict_normal(p.lo, p.hi, false, p.dir, || n) {
        Verdict::Crossing => true,
        Verdict::InPlane => in_plane(tri, p.origin, p.dir, (p.lo, p.hi), true).is_some(),
        // A line in the plane within rounding has edge functions that are all rounding noise,
        // whose signs may disagree as well as agree: a segment along an edge was a miss in some
        // corner orders and a hit in others (issue 24). It is decided in the plane either way.
        // And an end exactly on the triangle (a segment ending at a corner) puts the line
        // through a corner or an edge, where one triangle's edge functions may round to a miss,
        // or `T / det` on the range's bound, where the order of `T`'s sum decides: such an end
        // is on the triangle within `on_set_tolerance`.
        Verdict::Miss => {
            (along_plane(tri, p.dir)
                && in_plane(tri, p.origin, p.dir, (p.lo, p.hi), true).is_some())
                || (p.lo.is_finite() && end_on(tri, p.at(p.lo)))
                || (p.hi.is_finite() && end_on(tri, p.at(p.hi)))
        }
    }
}

/// Whether the end `x` of a segment or ray lies on the triangle within `on_set_tolerance`: its
/// bounding box grown by that tolerance first, which most misses fail.
#[inline]
fn end_on(tri: &Triangle, x: Vec3) -> bool {
    let tolerance = on_set_tolerance([x, tri.a, tri.b, tri.c]);
    let lo = tri.a.min(tri.b).min(tri.c) - Vec3::splat(tolerance);
    let hi = tri.a.max(tri.b).max(tri.c) + Vec3::splat(tolerance);
    x.cmpge(lo).all() && x.cmple(hi).all() && tri.contains_point(x)
}

/// Whether `dir` may lie in the triangle's plane as far as the rounded normal can tell:
/// `|n · dir|` within the rounding of `n = ab × ac`, which is about ε `|ab| |ac|` whatever the
/// triangle's shape (so wider than [`grazing`]'s cosine for thin triangles, whose normal's
/// direction is off by ε over the sine of their angle). Bounded with the largest coordinates
/// (each length at most √3 of it), which needs no squares and no square root.
#[inline]
fn along_plane(tri: &Triangle, dir: Vec3) -> bool {
    let (ab, ac) = (tri.b - tri.a, tri.c - tri.a);
    let bound = (3.0 * GRAZING_COSINE)
        * ab.abs().max_element()
        * ac.abs().max_element()
        * dir.abs().max_element();
    ab.cross(ac).dot(dir).abs() <= bound
}

/// Whether `dir` runs parallel to the plane of `corners` within rounding: `|n · dir| <= 64 ε
/// |n| |dir|`. The watertight test's edge functions are then all rounding noise (the triangle
/// seen along the ray is flat), and signs that happen to agree make a false hit (found: rays in
/// a face's plane reported on the line of an edge beyond a corner), so such a candidate is
/// decided in the plane instead, as a ray with `det = 0` is. Asked only of candidate hits; `n`
/// is the triangle's `scaled_normal`.
#[inline(always)]
fn grazing(n: Vec3, dir: Vec3) -> bool {
    grazing_unscaled(n, dir).unwrap_or_else(|| grazing_scaled(n, dir))
}

/// `|n · dir| <= k |n| |dir|` (`k = 64 ε`) decided without scaling where that is safe: `None`
/// when `|n|²` or `|dir|²` lies outside [1e-12, 1e12] (where a square or product could underflow
/// or overflow) or the cosine lies within [k / 2, 2k]. Elsewhere the answer is
/// [`grazing_scaled`]'s: the two cosines differ only by the rounding of the scaling and of the
/// dot products, about 10 ε, against at least 32 ε between the thresholds. This spares most
/// candidate hits the scaling's six divisions.
#[inline(always)]
fn grazing_unscaled(n: Vec3, dir: Vec3) -> Option<bool> {
    let (nn, dd) = (n.length_squared(), dir.length_squared());
    let range = 1e-12..=1e12;
    if !(range.contains(&nn) && range.contains(&dd)) {
        return None;
    }
    let k = GRAZING_COSINE;
    let (nd, kk) = (n.dot(dir), k * k * nn * dd);
    if nd * nd > 4.0 * kk {
        Some(false)
    } else if nd * nd < 0.25 * kk {
        Some(true)
    } else {
        None
    }
}

/// The cosine below which a direction runs along a plane within rounding ([`grazing`]).
const GRAZING_COSINE: Real = 64.0 * Real::EPSILON;

/// [`grazing`] for any `n` and `dir`: both scaled to a largest coordinate in `[1, 2)` first (by
/// powers of two, which change no rounding), so that
/// squares neither underflow (directions of length 1e-30 are valid) nor overflow.
#[inline]
fn grazing_scaled(n: Vec3, dir: Vec3) -> bool {
    let unit = |v: Vec3| crate::query::algo::scale::normalized_direction(v).0;
    let (n, d) = (unit(n), unit(dir));
    let nd = n.dot(d);
    let k = GRAZING_COSINE;
    // (A zero normal gives NaN: not grazing; such triangles have no candidate hits.)
    nd * nd <= k * k * n.length_squared() * d.length_squared()
}

impl Triangle {
    /// The watertight cast; `n` is the triangle's `scaled_normal`, formed once by the caller for
    /// the flatness test, the grazing test, the steady barycentric coordinates and the hit's
    /// normal.
    fn cast_watertight(
        &self,
        n: Vec3,
        ray: &Ray,
        max_t: Real,
        front_only: bool,
    ) -> Option<TriangleHit> {
        let hit = (|| -> Option<TriangleHit> {
            let sheared = watertight(self, ray.origin, ray.dir);
            // A triangle without area has no front: a one-sided cast never hits it.
            let verdict = if is_flat(self, n) {
                Verdict::InPlane
            } else {
                sheared.verdict_normal(0.0, max_t, front_only, ray.dir, || n)
            };
            match verdict {
                Verdict::Crossing => Some(steady_barycentric(
                    self.vertices(),
                    n,
                    ray.origin,
                    ray.dir,
                    sheared.hit(),
                )),
                // A one-sided cast never hits a ray in the plane.
                Verdict::InPlane if front_only => None,
                Verdict::InPlane => {
                    let (t, weights) = in_plane(self, ray.origin, ray.dir, (0.0, max_t), false)?;
                    // A triangle without area has its point's weights from the segment it is
                    // (issue 24: they were the first corner's, and so was the hit point).
                    let [u, v] = weights
                        .or_else(|| clamped_weights(self, ray.point_at(t)))
                        .unwrap_or([0.0, 0.0]);
                    Some(TriangleHit { t, u, v })
                }
                Verdict::Miss => None,
            }
        })();
        checked(hit, || cast_valid(ray, max_t, [self.a, self.b, self.c], []))
    }

    /// The hit as a [`RayHit`]; `n` is the triangle's `scaled_normal`.
    fn ray_hit(&self, n: Vec3, ray: &Ray, hit: TriangleHit) -> RayHit {
        let point = if hit.t == 0.0 {
            ray.origin
        } else {
            self.a + (self.b - self.a) * hit.u + (self.c - self.a) * hit.v
        };
        RayHit {
            t: hit.t,
            point,
            normal: facing_normal(n, ray.dir, || against(ray)),
        }
    }

    /// The watertight cast with the hit in barycentric coordinates: the hit point is `a + u (b −
    /// a) + v (c − a)`, and `u`, `v`, `1 − u − v` are in `[0, 1]`. Two-sided; edges and corners
    /// included, so a ray through a shared edge or vertex of a closed mesh never slips between
    /// its triangles. A ray lying in the triangle's plane (within rounding: `|n · d| <= 64 ε |n|
    /// |d|`) hits where it enters the triangle; a triangle without area answers as the segment
    /// it is (with `u`, `v` of its point on that segment).
    /// `None` for a miss and for invalid input.
    ///
    /// A ray that starts on the triangle and leaves its plane hits at `t = 0` only if rounding
    /// puts the origin on the plane or on the side the ray comes from; an origin within
    /// rounding of the plane may miss (a known limit; [`crate::TriMesh`] uses the same test).
    ///
    /// ```
    /// use isect::{Ray, Triangle, math::Vec3};
    /// let tri = Triangle::new(Vec3::ZERO, Vec3::X, Vec3::Y);
    /// let ray = Ray::new(Vec3::new(0.25, 0.5, 1.0), -Vec3::Z);
    /// let hit = tri.raycast_barycentric(&ray, 10.0).unwrap();
    /// assert_eq!((hit.t, hit.u, hit.v), (1.0, 0.25, 0.5));
    /// ```
    #[must_use]
    pub fn raycast_barycentric(&self, ray: &Ray, max_t: Real) -> Option<TriangleHit> {
        rescale!(cast self, ray, max_t, raycast_barycentric);
        self.cast_watertight(self.scaled_normal(), ray, max_t, false)
    }

    /// [`Triangle::raycast_barycentric`], one-sided: only rays that reach the front face (from
    /// where `a`, `b`, `c` run counter-clockwise, `dir · normal < 0`) hit; rays in the plane
    /// never do.
    #[must_use]
    pub fn raycast_barycentric_front(&self, ray: &Ray, max_t: Real) -> Option<TriangleHit> {
        rescale!(cast self, ray, max_t, raycast_barycentric_front);
        self.cast_watertight(self.scaled_normal(), ray, max_t, true)
    }

    /// The watertight cast, one-sided (back-face culled): a hit only through the front face,
    /// normal the front normal. See [`Triangle::raycast_barycentric_front`].
    #[must_use]
    pub fn raycast_front(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        rescale!(cast self, ray, max_t, raycast_front);
        let n = self.scaled_normal();
        let hit = self.cast_watertight(n, ray, max_t, true)?;
        Some(self.ray_hit(n, ray, hit))
    }

    fn cast_moller_trumbore(
        &self,
        ray: &Ray,
        max_t: Real,
        front_only: bool,
    ) -> Option<TriangleHit> {
        let hit = (|| -> Option<TriangleHit> {
            let e1 = self.b - self.a;
            let e2 = self.c - self.a;
            let p = ray.dir.cross(e2);
            let det = e1.dot(p);
            if front_only && !(det > 0.0) || det == 0.0 {
                return None;
            }
            let inv = 1.0 / det;
            let s = ray.origin - self.a;
            let u = s.dot(p) * inv;
            if !(0.0..=1.0).contains(&u) {
                return None;
            }
            let q = s.cross(e1);
            let v = ray.dir.dot(q) * inv;
            if !(v >= 0.0 && u + v <= 1.0) {
                return None;
            }
            let t = e2.dot(q) * inv;
            (t >= 0.0 && t <= max_t).then_some(TriangleHit { t, u, v })
        })();
        checked(hit, || cast_valid(ray, max_t, [self.a, self.b, self.c], []))
    }

    /// Möller–Trumbore: the fast alternative to [`Triangle::raycast_barycentric`], two-sided,
    /// same result type. Not watertight: rounding can let a ray through a shared edge or vertex
    /// of a mesh miss both triangles, and a ray in the triangle's plane or a triangle without
    /// area never hits.
    #[must_use]
    pub fn raycast_moller_trumbore(&self, ray: &Ray, max_t: Real) -> Option<TriangleHit> {
        self.cast_moller_trumbore(ray, max_t, false)
    }

    /// [`Triangle::raycast_moller_trumbore`], one-sided (back-face culled, as
    /// [`Triangle::raycast_barycentric_front`]).
    #[must_use]
    pub fn raycast_moller_trumbore_front(&self, ray: &Ray, max_t: Real) -> Option<TriangleHit> {
        self.cast_moller_trumbore(ray, max_t, true)
    }
}

impl RayCast for Triangle {
    /// The watertight cast ([`Triangle::raycast_barycentric`]), two-sided: the normal faces the
    /// side the ray comes from (against the ray for a triangle without area). `None` for a miss
    /// and for invalid input.
    #[inline]
    fn raycast(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        rescale!(cast self, ray, max_t, raycast);
        // The cast itself, not `raycast_barycentric`, whose own rescaling check would repeat
        // this one.
        let n = self.scaled_normal();
        let hit = self.cast_watertight(n, ray, max_t, false)?;
        Some(self.ray_hit(n, ray, hit))
    }

    /// The same as [`RayCast::raycast`]: a triangle has no inside.
    #[inline]
    fn raycast_surface(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        self.raycast(ray, max_t)
    }

    /// The watertight test without the division.
    #[inline]
    fn raycast_any(&self, ray: &Ray, max_t: Real) -> bool {
        rescale!(cast_any self, ray, max_t);
        let n = self.scaled_normal();
        let any = if is_flat(self, n) {
            in_plane(self, ray.origin, ray.dir, (0.0, max_t), false).is_some()
        } else {
            match watertight(self, ray.origin, ray.dir).verdict_normal(
                0.0,
                max_t,
                false,
                ray.dir,
                || n,
            ) {
                Verdict::Crossing => true,
                Verdict::InPlane => {
                    in_plane(self, ray.origin, ray.dir, (0.0, max_t), false).is_some()
                }
                Verdict::Miss => false,
            }
        };
        any && cast_valid(ray, max_t, [self.a, self.b, self.c], [])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// `base^e` by repeated multiplication (`powi` is not in every `no_std` build).
    fn pow(base: Real, e: i32) -> Real {
        let x = (0..e.unsigned_abs()).fold(1.0, |x, _| x * base);
        if e < 0 { 1.0 / x } else { x }
    }

    /// A direction of length `len` whose cosine with the normal `n` is `cos` (so it runs along
    /// the plane when `cos` is small), turned about `n` by `turn`.
    fn direction(n: Vec3, cos: Real, len: Real, turn: Real) -> Vec3 {
        let n = n.normalize();
        let (u, v) = n.any_orthonormal_pair();
        let along = u * crate::ops::cos(turn) + v * crate::ops::sin(turn);
        (n * cos + along * crate::ops::sqrt(1.0 - cos * cos)) * len
    }

    proptest! {
        /// The unscaled test answers only where it agrees with the scaled one, and answers
        /// away from the threshold; cosines are drawn around it (k / 8 to 8k) and scales
        /// across its range.
        #[test]
        fn unscaled_grazing_agrees_with_scaled(
            n in (-1.0..1.0 as Real, -1.0..1.0 as Real, 0.1..1.0 as Real),
            n_exp in -5i32..=5,
            d_exp in -5i32..=5,
            cos_exp in -3i32..3,
            cos_mantissa in 1.0..2.0 as Real,
            turn in 0.0..6.0 as Real,
            sign in prop::bool::ANY,
        ) {
            let n = Vec3::new(n.0, n.1, n.2) * pow(10.0, n_exp);
            let cos = GRAZING_COSINE * cos_mantissa * pow(2.0, cos_exp);
            let cos = if sign { cos } else { -cos };
            let d = direction(n, cos, pow(10.0, d_exp), turn);
            let scaled = grazing_scaled(n, d);
            if let Some(g) = grazing_unscaled(n, d) {
                prop_assert_eq!(g, scaled, "n {:?} d {:?}", n, d);
            }
            // Cosines below k / 4 or from 4k on, scales within 1e-3..=1e3: decided unscaled.
            if (cos_exp <= -3 || cos_exp >= 2) && n_exp.abs() <= 3 && d_exp.abs() <= 3 {
                prop_assert_eq!(grazing_unscaled(n, d), Some(scaled));
            }
            // And rightly, by the cosine the direction was made with (its rounding, a few ε,
            // is far below the gap between k / 4 and k or between k and 4k).
            if cos_exp <= -3 || cos_exp >= 2 {
                prop_assert_eq!(scaled, cos_exp <= -3, "cos {} n {:?} d {:?}", cos, n, d);
            }
        }
    }

    #[test]
    fn unscaled_grazing_leaves_extreme_scales_to_the_scaled_test() {
        let n = Vec3::Z;
        for d in [Vec3::X * 1e-7, Vec3::X * 1e7, Vec3::new(1.0, 0.0, 1e-30)] {
            assert_eq!(grazing_unscaled(n * 1e-7, d), None);
            assert_eq!(grazing_unscaled(n * 1e7, d), None);
        }
        assert_eq!(grazing_unscaled(n, Vec3::X), Some(true));
        assert_eq!(grazing_unscaled(n, Vec3::Z), Some(false));
        assert!(grazing_scaled(n * 1e-20, Vec3::X * 1e-30));
        assert!(!grazing_scaled(n * 1e-20, Vec3::Z * 1e-30));
    }
}
