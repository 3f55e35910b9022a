//! Sweep of a capsule against a triangle.

use crate::math::{Real, Vec3};
use crate::query::algo::balls::ball_overlap_middle;
use crate::query::algo::scale::rescale;
use crate::query::sweep::start_normal;
use crate::query::sweep::{WIDE, reaches_capsule};
use crate::query::{Distance, RayCast, Sweep, SweepHit, mirror_sweep};
use crate::shape::{Capsule, Ray, Segment, Triangle};

impl Sweep<Triangle> for Capsule {
    /// Exact up to rounding, as a ray against a rounded prism: the core `p(s)` (moving by the
    /// relative motion `v`) comes within the radius `r` of the triangle `T` at time `τ` exactly
    /// when `−v τ` is within `r` of the prism `{p(s) − q : q ∈ T}` of offsets between the core
    /// and the triangle. So the sweep is a ray from the origin along `−v` against that prism
    /// rounded by `r` (Ericson §5.5.6's face, edges, vertices, for a segment):
    /// - its two end faces `a − T`, `b − T` moved by `r` outward (a core end reaching the
    ///   triangle's face; watertight triangle tests);
    /// - its three side faces `ab − e` for the triangle's edges `e`, moved by `r` outward (an
    ///   edge of the triangle reaching the core's side);
    /// - the capsules of radius `r` around its nine edges (a core end reaching a triangle edge,
    ///   a triangle vertex reaching the core; they also hold the corners' balls).
    ///
    /// `t_last` is the same cast from the end of the motion backwards. The normal points from
    /// the triangle to the core at `t_first` (that of their [`Contact`](crate::Contact)
    /// for shapes that already overlap); the point is the triangle's point nearest the core,
    /// where they touch (a point of both when they already overlap). A collinear triangle is
    /// its segment and a zero-length capsule a sphere: the faces without a normal drop out and
    /// the edge capsules answer. `None` when they never touch in `[0, 1]`, and for invalid
    /// input.
    ///
    /// ```
    /// use isect::{Capsule, Sweep, Triangle, math::Vec3};
    /// // A capsule lying flat, radius 1, its core 3 above the triangle, falls 4.
    /// let capsule = Capsule::new(Vec3::new(-1.0, 3.0, 0.0), Vec3::new(1.0, 3.0, 0.0), 1.0);
    /// let floor = Triangle::new(
    ///     Vec3::new(-4.0, 0.0, -4.0),
    ///     Vec3::new(4.0, 0.0, -4.0),
    ///     Vec3::new(0.0, 0.0, 4.0),
    /// );
    /// let hit = capsule.sweep(Vec3::new(0.0, -4.0, 0.0), &floor, Vec3::ZERO).unwrap();
    /// assert_eq!((hit.t_first, hit.t_last, hit.normal), (0.5, 1.0, Vec3::Y));
    /// ```
    fn sweep(&self, motion: Vec3, other: &Triangle, other_motion: Vec3) -> Option<SweepHit> {
        rescale!(sweep self, motion, other, other_motion);
        if !(self.is_usable()
            && other.is_usable()
            && motion.is_finite()
            && other_motion.is_finite())
        {
            return None;
        }
        let core = Segment::new(self.a, self.b);
        let r = self.radius;
        let v = motion - other_motion;
        let prism = Prism::new(&core, other);
        let reach = |origin: Vec3, dir: Vec3| -> Option<(Real, Vec3)> {
            // The configuration at `origin` (the ray's start) touches when the core, shifted,
            // is within the radius of the triangle.
            let shifted = Segment::new(core.a - origin, core.b - origin);
            if other.distance(&shifted) <= r {
                return Some((0.0, Vec3::ZERO));
            }
            if dir == Vec3::ZERO {
                return None;
            }
            prism
                .cast_rounded(r, &Ray::new(origin, dir), 1.0)
                .map(|(t, normal)| (t, -normal))
        };
        // The ray runs through −v τ: at τ, the core has moved by v relative to the triangle.
        let (t_first, normal) = reach(Vec3::ZERO, -v)?;
        let t_last = match reach(-v, v) {
            Some((back, _)) => (1.0 - back).max(t_first),
            None => t_first,
        };
        let moved_core = Segment::new(core.a + motion * t_first, core.b + motion * t_first);
        let moved_triangle = Triangle::new(
            other.a + other_motion * t_first,
            other.b + other_motion * t_first,
            other.c + other_motion * t_first,
        );
        let cp = moved_triangle.closest_points(&moved_core);
        let (normal, point) = if t_first > 0.0 {
            (normal, cp.a)
        } else {
            // Already touching or overlapping: the way out of the contact.
            let against = crate::query::algo::scale::normalize(-v).unwrap_or(Vec3::Y);
            let normal = start_normal(self, other, against);
            (normal, ball_overlap_middle(cp.b, r, cp.a, 0.0))
        };
        Some(SweepHit {
            t_first,
            t_last,
            point,
            normal,
        })
    }
}

/// The prism of offsets `p − q` between a segment `ab` and a triangle: the triangle reflected,
/// at `a` (`low`) and at `b` (`high`), and the parallelograms between them.
struct Prism {
    low: [Vec3; 3],
    high: [Vec3; 3],
}

impl Prism {
    fn new(core: &Segment, triangle: &Triangle) -> Self {
        let corners = triangle.vertices();
        Self {
            low: corners.map(|q| core.a - q),
            high: corners.map(|q| core.b - q),
        }
    }

    /// The first hit (`t` in `[0, max_t]`) of a ray starting outside the prism rounded by `r`,
    /// with the outward normal. Every point of the rounded prism's surface is `r` outside a face
    /// or within `r` of an edge, and the faces moved outward and the edge capsules lie in the
    /// rounded prism, so their first hit is its first hit. Only a face whose outside the ray's
    /// origin is on can be entered first (a face seen from inside the prism's other side,
    /// moved towards the origin, lies inside the rounded prism); a face whose plane the origin
    /// is on, or which the ray runs along, is left to the edge capsules around it. A hit of a
    /// face moved outward, from beyond it, is the ray's entry into the rounded prism (a convex
    /// set, entered once), so the search stops there (Ericson §5.5.6: faces, then edges).
    fn cast_rounded(&self, r: Real, ray: &Ray, max_t: Real) -> Option<(Real, Vec3)> {
        let (low, high) = (&self.low, &self.high);
        let centroid = (low[0] + low[1] + low[2] + high[0] + high[1] + high[2]) / 6.0;
        let size = low
            .iter()
            .chain(high.iter())
            .map(|&p| (p - centroid).abs().max_element())
            .fold(0.0, Real::max);
        // A face whose plane passes within rounding of the centroid (a flat prism: the core
        // parallel to the triangle) has both sides outside.
        let flat = 64.0 * Real::EPSILON * size;
        let mut best: Option<(Real, Vec3)> = None;
        let mut max_t = max_t;
        let mut entered = false;
        let mut face = |corners: [Vec3; 3], normal: Vec3, extra: Option<Vec3>| {
            if entered {
                return;
            }
            let Some(normal) = normal.try_normalize() else {
                return; // a degenerate face: its edges answer
            };
            let normal = if normal.dot(ray.origin - corners[0]) >= 0.0 {
                normal
            } else {
                -normal
            };
            if !(normal.dot(ray.dir) < 0.0) {
                return;
            }
            let outward = normal.dot(centroid - corners[0]) <= flat;
            let shift = normal * r;
            // The moved face's plane is crossed at this time: past `max_t`, or behind the
            // origin (which is then within `r` of the face), no hit.
            let plane = normal.dot(corners[0] + shift - ray.origin) / normal.dot(ray.dir);
            if !(plane <= max_t * WIDE && plane >= -max_t * (WIDE - 1.0)) {
                return;
            }
            let mut try_triangle = |a: Vec3, b: Vec3, c: Vec3| {
                let moved = Triangle::new(a + shift, b + shift, c + shift);
                if let Some(hit) = moved.raycast_barycentric(ray, max_t) {
                    max_t = hit.t;
                    best = Some((hit.t, normal));
                    entered |= outward;
                }
            };
            try_triangle(corners[0], corners[1], corners[2]);
            if let Some(d) = extra {
                try_triangle(corners[0], corners[2], d);
            }
        };
        for end in [low, high] {
            face(*end, (end[1] - end[0]).cross(end[2] - end[0]), None);
        }
        for i in 0..3 {
            let j = (i + 1) % 3;
            let normal = (low[j] - low[i]).cross(high[i] - low[i]);
            face([low[i], low[j], high[j]], normal, Some(high[i]));
        }
        if entered {
            return best;
        }
        let edges = (0..3).flat_map(|i| {
            let j = (i + 1) % 3;
            [(low[i], low[j]), (high[i], high[j]), (low[i], high[i])]
        });
        for (a, b) in edges {
            if !reaches_capsule(ray, max_t, a, b, r) {
                continue;
            }
            if let Some(hit) = Capsule::new(a, b, r).raycast(ray, max_t) {
                max_t = hit.t;
                best = Some((hit.t, hit.normal));
            }
        }
        best
    }
}

/// The first contact within `[0, max_t]` of the capsule with core `core` and radius `r`, moving
/// by `v`, with the resting `triangle`: the time and the unit normal from the triangle towards
/// the capsule (`Vec3::ZERO` at `t = 0` when they already touch), as [`Sweep`] finds it.
/// `start` says whether they may touch at `t = 0`; when the caller knows they do not (their
/// boxes are apart), the start is not tested. The caller checks validity.
#[cfg(feature = "alloc")] // for the mesh sweep, which needs an allocator
pub(crate) fn capsule_triangle_first(
    core: &Segment,
    r: Real,
    triangle: &Triangle,
    v: Vec3,
    max_t: Real,
    start: bool,
) -> Option<(Real, Vec3)> {
    if start && triangle.distance(core) <= r {
        return Some((0.0, Vec3::ZERO));
    }
    if v == Vec3::ZERO {
        return None;
    }
    // As in `Sweep`: a ray from the origin along −v against the prism of offsets.
    Prism::new(core, triangle)
        .cast_rounded(r, &Ray::new(Vec3::ZERO, -v), max_t)
        .map(|(t, normal)| (t, -normal))
}

mirror_sweep!(Capsule, Triangle);
