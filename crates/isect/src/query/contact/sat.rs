//! Minimum-overlap separating axes and contact patches for boxes, triangles and segments: the
//! machinery of the box–box, box–triangle, triangle–triangle and capsule–box contacts and their
//! manifolds.
//!
//! The depth is the least overlap over the candidate axes of the separating-axis test (face
//! normals and edge–edge cross products: Gottschalk et al. 1996; Ericson §4.4.1, §5.2.9), the
//! penetration depth of two convex polytopes when the axis set is complete. Face axes are
//! preferred: an edge–edge axis wins only when its overlap is smaller beyond rounding and by a
//! relative [`EDGE_PREFERENCE`], as in physics engines (ODE's `dBoxBox`, Erin Catto's
//! `b2CollidePolygons`), so that resting boxes get a face normal and stable contact points.
//!
//! The contact points are points of both shapes: for a face axis the incident face of one shape
//! clipped by the other shape (Sutherland and Hodgman 1974), for an edge axis the middle of the
//! two edges' closest points; each with the depth that clears it (see [`Patch`]).

use crate::math::{ON_SET_TOLERANCE, Real, Vec3};
use crate::query::algo::linear::segment_segment_parameters;
use crate::query::algo::moving_sat::MIN_AXIS_SQUARED;
use crate::query::contact::manifold::{Manifold, ManifoldPoint};
use crate::query::{ContactInfo, Distance};
use crate::shape::{Aabb, Obb, Segment, Triangle};

/// How much smaller (relatively) an edge–edge overlap must be than the best face overlap to be
/// the contact axis.
pub(crate) const EDGE_PREFERENCE: Real = 1e-4;

/// The most points a clipped polygon can have: a quad clipped by six planes gains at most one
/// vertex per plane.
const POLY_CAPACITY: usize = 16;

/// A box as center, unit axes and half extents (world frame).
#[derive(Clone, Copy, Debug)]
pub(crate) struct BoxFrame {
    pub center: Vec3,
    pub axes: [Vec3; 3],
    pub half: Vec3,
}

impl BoxFrame {
    #[inline]
    pub(crate) fn from_aabb(b: &Aabb) -> Self {
        Self {
            center: b.center(),
            axes: [Vec3::X, Vec3::Y, Vec3::Z],
            half: b.half_extents(),
        }
    }

    #[inline]
    pub(crate) fn from_obb(b: &Obb) -> Self {
        Self {
            center: b.center,
            axes: [b.rotation.x_axis, b.rotation.y_axis, b.rotation.z_axis],
            half: b.half_extents,
        }
    }

    /// The largest coordinate magnitude the box reaches (a bound), for tolerances.
    #[inline]
    pub(crate) fn scale(&self) -> Real {
        self.center.abs().max_element() + self.half.x + self.half.y + self.half.z
    }

    /// `p` in the box's frame.
    #[inline]
    pub(crate) fn local(&self, p: Vec3) -> Vec3 {
        self.local_dir(p - self.center)
    }

    #[inline]
    pub(crate) fn local_dir(&self, v: Vec3) -> Vec3 {
        Vec3::new(
            self.axes[0].dot(v),
            self.axes[1].dot(v),
            self.axes[2].dot(v),
        )
    }

    #[inline]
    pub(crate) fn world(&self, q: Vec3) -> Vec3 {
        self.center + self.world_dir(q)
    }

    #[inline]
    pub(crate) fn world_dir(&self, q: Vec3) -> Vec3 {
        self.axes[0] * q.x + self.axes[1] * q.y + self.axes[2] * q.z
    }

    /// The extent along the unit `l` about the center.
    #[inline]
    fn radius(&self, l: Vec3) -> Real {
        self.half.x * self.axes[0].dot(l).abs()
            + self.half.y * self.axes[1].dot(l).abs()
            + self.half.z * self.axes[2].dot(l).abs()
    }

    /// `[min, max]` of the box's projection on `l`.
    #[inline]
    fn interval(&self, l: Vec3) -> (Real, Real) {
        let c = self.center.dot(l);
        let r = self.radius(l);
        (c - r, c + r)
    }

    /// The face whose outward normal is closest to `dir`, as four corners in order around it.
    fn face(&self, dir: Vec3) -> [Vec3; 4] {
        let d = self.local_dir(dir);
        let k = if d.x.abs() >= d.y.abs() && d.x.abs() >= d.z.abs() {
            0
        } else if d.y.abs() >= d.z.abs() {
            1
        } else {
            2
        };
        let (u, w) = ((k + 1) % 3, (k + 2) % 3);
        let s = if d[k] < 0.0 { -1.0 } else { 1.0 };
        let mid = self.center + self.axes[k] * (s * self.half[k]);
        let (eu, ew) = (self.axes[u] * self.half[u], self.axes[w] * self.half[w]);
        [mid + eu + ew, mid - eu + ew, mid - eu - ew, mid + eu - ew]
    }

    /// The edge parallel to axis `i` that lies furthest along `dir`.
    fn edge(&self, i: usize, dir: Vec3) -> Segment {
        let mut mid = self.center;
        for k in 0..3 {
            if k != i {
                let s = if self.axes[k].dot(dir) < 0.0 {
                    -1.0
                } else {
                    1.0
                };
                mid += self.axes[k] * (s * self.half[k]);
            }
        }
        let e = self.axes[i] * self.half[i];
        Segment::new(mid - e, mid + e)
    }

    /// How far `p` (a point of the box) can move along `dir` before it leaves the box: the ray's
    /// exit distance, in units of `dir`; 0 for a point outside.
    pub(crate) fn exit(&self, p: Vec3, dir: Vec3) -> Real {
        let (q, d) = (self.local(p), self.local_dir(dir));
        let mut t = Real::INFINITY;
        for k in 0..3 {
            if d[k] > 0.0 {
                t = t.min((self.half[k] - q[k]) / d[k]);
            } else if d[k] < 0.0 {
                t = t.min((-self.half[k] - q[k]) / d[k]);
            }
        }
        if t.is_finite() { t.max(0.0) } else { 0.0 }
    }

    /// Clips `poly` to the box grown by `tol` on every side, in the box's frame, each new vertex
    /// put exactly on its plane there.
    fn clip(&self, poly: &mut Poly, tol: Real) {
        for v in &mut poly.points[..poly.len] {
            *v = self.local(*v);
        }
        for k in 0..3 {
            let limit = self.half[k] + tol;
            poly.clip_axis(k, 1.0, limit);
            poly.clip_axis(k, -1.0, limit);
        }
        for v in &mut poly.points[..poly.len] {
            *v = self.world(*v);
        }
    }

    /// Whether `p` lies in the box grown by `tol`.
    fn contains(&self, p: Vec3, tol: Real) -> bool {
        self.local(p).abs().cmple(self.half + tol).all()
    }
}

/// A convex polygon of at most [`POLY_CAPACITY`] vertices.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Poly {
    pub points: [Vec3; POLY_CAPACITY],
    pub len: usize,
}

impl Poly {
    pub(crate) fn new(points: &[Vec3]) -> Self {
        let mut poly = Self {
            points: [Vec3::ZERO; POLY_CAPACITY],
            len: points.len().min(POLY_CAPACITY),
        };
        poly.points[..poly.len].copy_from_slice(&points[..poly.len]);
        poly
    }

    /// Keeps the part with `s · x[k] <= limit` (Sutherland–Hodgman, one plane).
    fn clip_axis(&mut self, k: usize, s: Real, limit: Real) {
        let n = self.len;
        if n == 0 {
            return;
        }
        let mut out = [Vec3::ZERO; POLY_CAPACITY];
        let mut m = 0;
        let f = |p: Vec3| s * p[k] - limit;
        for i in 0..n {
            let (p, q) = (self.points[i], self.points[(i + 1) % n]);
            let (fp, fq) = (f(p), f(q));
            if fp <= 0.0 && m < POLY_CAPACITY {
                out[m] = p;
                m += 1;
            }
            if (fp < 0.0 && fq > 0.0) || (fp > 0.0 && fq < 0.0) {
                let mut x = p + (q - p) * (fp / (fp - fq));
                x[k] = s * limit;
                if m < POLY_CAPACITY {
                    out[m] = x;
                    m += 1;
                }
            }
        }
        self.points = out;
        self.len = m;
    }
}

/// Contact points of two overlapping shapes with one normal (from `other` towards `self`) and
/// the pair's depth; each point is a point of both shapes with the depth that clears it: how
/// far `self` must move along the normal so that the point leaves `self` plus how far `other`
/// extends beyond it the other way, at most the pair's depth.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Patch {
    pub normal: Vec3,
    pub depth: Real,
    pub points: [ManifoldPoint; POLY_CAPACITY],
    pub len: usize,
    /// Distances below which points are the same (rounding of the coordinates).
    pub merge: Real,
}

impl Patch {
    pub(crate) fn new(normal: Vec3, depth: Real, merge: Real) -> Self {
        Self {
            normal,
            depth,
            points: [ManifoldPoint {
                point: Vec3::ZERO,
                depth: 0.0,
            }; POLY_CAPACITY],
            len: 0,
            merge,
        }
    }

    pub(crate) fn push(&mut self, point: Vec3, depth: Real) {
        if self.len < POLY_CAPACITY {
            self.points[self.len] = ManifoldPoint {
                point,
                depth: depth.max(0.0).min(self.depth),
            };
            self.len += 1;
        }
    }

    /// The single contact: the pair's depth and normal at the average of the deepest points
    /// (those within rounding of the deepest), a point of both shapes since both are convex.
    pub(crate) fn contact(&self) -> ContactInfo {
        let pts = &self.points[..self.len];
        let deepest = pts.iter().map(|p| p.depth).fold(0.0, Real::max);
        let cut = deepest - (self.merge + EDGE_PREFERENCE * deepest);
        let (mut sum, mut count) = (Vec3::ZERO, 0.0);
        for p in pts.iter().filter(|p| p.depth >= cut) {
            sum += p.point;
            count += 1.0;
        }
        ContactInfo {
            point: if count > 0.0 { sum / count } else { Vec3::ZERO },
            normal: self.normal,
            depth: self.depth,
        }
    }

    pub(crate) fn manifold(&self) -> Manifold {
        Manifold::reduced(self.normal, &self.points[..self.len], self.merge)
    }

    pub(crate) fn flipped(self) -> Self {
        Self {
            normal: -self.normal,
            ..self
        }
    }

    /// The patch seen from a frame: points and normal through `point` and `dir`.
    pub(crate) fn mapped(
        mut self,
        point: impl Fn(Vec3) -> Vec3,
        dir: impl Fn(Vec3) -> Vec3,
    ) -> Self {
        self.normal = dir(self.normal);
        for p in &mut self.points[..self.len] {
            p.point = point(p.point);
        }
        self
    }
}

/// The best axis found so far: unit normal (from `other` towards `self`) and overlap.
#[derive(Clone, Copy, Debug)]
struct Best<F> {
    normal: Vec3,
    depth: Real,
    feature: F,
    /// How far rounding may have moved the depth (edge–edge axes from nearly parallel edges).
    noise: Real,
}

/// The least overlap over axes, faces preferred to edges.
#[derive(Clone, Copy, Debug)]
struct Search<F> {
    face: Option<Best<F>>,
    edge: Option<Best<F>>,
    /// An axis separates: the shapes are apart (up to the rounding the caller's exact test
    /// decides).
    separated: bool,
    /// The normal of the first separating axis, for shapes that the exact test finds touching.
    separating: Vec3,
}

impl<F: Copy> Search<F> {
    const fn new() -> Self {
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
    fn axis(
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
    fn axis_with_noise(
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

    /// The contact axis: the best face axis unless the best edge axis is smaller beyond its
    /// rounding and [`EDGE_PREFERENCE`]; for shapes that an axis separates but that the exact
    /// test finds touching (`meet`, asked only then), depth 0 along that axis; `None` when apart.
    fn result(&self, meet: impl FnOnce() -> bool, feature: F) -> Option<Best<F>> {
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

/// Which features give the box–box contact axis.
#[derive(Clone, Copy, Debug)]
enum BoxFeature {
    /// A face of `self` (the reference face); the normal is that axis.
    FaceA,
    /// A face of `other`.
    FaceB,
    /// Edge `i` of `self` against edge `j` of `other`.
    Edges(usize, usize),
}

/// The contact of two boxes that meet (by the caller's exact test, `meet`): the patch with the
/// normal from `b` towards `a`, or `None` when they are apart. `fallback` gives a common point
/// when clipping finds none (boxes that touch within rounding).
pub(crate) fn box_box(
    a: &BoxFrame,
    b: &BoxFrame,
    meet: impl FnOnce() -> bool,
    fallback: impl FnOnce() -> Vec3,
) -> Option<Patch> {
    let mut search = Search::new();
    let scale = a.scale().max(b.scale());
    let mut clear = true;
    for l in a.axes {
        clear &= search.axis(l, a.interval(l), b.interval(l), true, BoxFeature::FaceA);
        if !clear {
            break;
        }
    }
    if clear {
        for l in b.axes {
            clear &= search.axis(l, a.interval(l), b.interval(l), true, BoxFeature::FaceB);
            if !clear {
                break;
            }
        }
    }
    if clear {
        'edges: for (i, ea) in a.axes.iter().enumerate() {
            for (j, eb) in b.axes.iter().enumerate() {
                let l = ea.cross(*eb);
                let ll = l.length_squared();
                if !(ll > MIN_AXIS_SQUARED) {
                    continue;
                }
                let len = crate::ops::sqrt(ll);
                let l = l / len;
                let noise = 4.0 * Real::EPSILON * scale / len;
                let (ia, ib) = (a.interval(l), b.interval(l));
                if !search.axis_with_noise(l, ia, ib, Some(noise), BoxFeature::Edges(i, j)) {
                    break 'edges;
                }
            }
        }
    }
    let tol = ON_SET_TOLERANCE * scale;
    let best = search.result(meet, BoxFeature::FaceA)?;
    let n = best.normal;
    let mut patch = Patch::new(n, best.depth, tol);
    // Per point: how far `a` extends below it along −n, and `b` above it along +n.
    let depth_at = |p: Vec3| a.exit(p, -n) + b.exit(p, n);
    let add_clipped = |patch: &mut Patch, mut poly: Poly, clipper: &BoxFrame| {
        clipper.clip(&mut poly, tol);
        for &p in &poly.points[..poly.len] {
            patch.push(p, depth_at(p));
        }
    };
    match best.feature {
        BoxFeature::Edges(i, j) => {
            let (ea, eb) = (a.edge(i, -n), b.edge(j, n));
            let (s, t) = segment_segment_parameters(&ea, &eb);
            let mid = (ea.point_at(s) + eb.point_at(t)) * 0.5;
            if a.contains(mid, tol) && b.contains(mid, tol) {
                patch.push(mid, best.depth);
                return Some(patch);
            }
            // The edges' closest points are not a common point (their closest points lie off
            // the overlap): the reference face of the better face axis instead.
            let face = search.face?;
            patch.normal = n;
            let (inc, reference) = match face.feature {
                BoxFeature::FaceB => (a.face(-face.normal), b),
                _ => (b.face(face.normal), a),
            };
            add_clipped(&mut patch, Poly::new(&inc), reference);
        }
        BoxFeature::FaceA => {
            add_clipped(&mut patch, Poly::new(&b.face(n)), a);
            if patch.len == 0 {
                add_clipped(&mut patch, Poly::new(&a.face(-n)), b);
            }
        }
        BoxFeature::FaceB => {
            add_clipped(&mut patch, Poly::new(&a.face(-n)), b);
            if patch.len == 0 {
                add_clipped(&mut patch, Poly::new(&b.face(n)), a);
            }
        }
    }
    if patch.len == 0 {
        let p = fallback();
        patch.push(p, depth_at(p));
    }
    Some(patch)
}

/// Which features give the box–triangle contact axis.
#[derive(Clone, Copy, Debug)]
struct NoFeature;

/// The unit `l` when it is long enough to be a direction relative to `scale²`.
#[inline]
fn unit_axis(l: Vec3, scale_squared: Real) -> Option<(Vec3, Real)> {
    let ll = l.length_squared();
    (ll > MIN_AXIS_SQUARED * scale_squared && ll.is_finite()).then(|| {
        let len = crate::ops::sqrt(ll);
        (l / len, len)
    })
}

/// `[min, max]` of the points' projections on `l`.
#[inline]
fn points_interval(points: &[Vec3; 3], l: Vec3) -> (Real, Real) {
    let (p, q, r) = (points[0].dot(l), points[1].dot(l), points[2].dot(l));
    (p.min(q).min(r), p.max(q).max(r))
}

/// The contact of a box (`self`) with a proper triangle of unit normal `tn` that meet (by the
/// caller's exact test `meet`): the 13 axes of Akenine-Möller's test, the triangle a flat solid.
/// The points are the triangle clipped by the box, which is the whole common part, each with the
/// box's extent below it along the normal. `fallback` gives a common point when clipping finds
/// none (shapes that touch within rounding).
pub(crate) fn box_triangle(
    a: &BoxFrame,
    tri: [Vec3; 3],
    tn: Vec3,
    meet: impl FnOnce() -> bool,
    fallback: impl FnOnce() -> Vec3,
) -> Option<Patch> {
    let mut search = Search::new();
    let tri_scale = tri
        .iter()
        .map(|p| p.abs().max_element())
        .fold(0.0, Real::max);
    let scale = a.scale().max(tri_scale);
    let mut clear = search.axis(
        tn,
        a.interval(tn),
        points_interval(&tri, tn),
        true,
        NoFeature,
    );
    for l in a.axes {
        clear = clear && search.axis(l, a.interval(l), points_interval(&tri, l), true, NoFeature);
    }
    let edges = [tri[1] - tri[0], tri[2] - tri[1], tri[0] - tri[2]];
    let longest = edges
        .iter()
        .map(|e| e.abs().max_element())
        .fold(0.0, Real::max);
    if clear {
        'edges: for e in edges {
            for axis in a.axes {
                if let Some((l, len)) = unit_axis(axis.cross(e), longest * longest) {
                    let noise = 4.0 * Real::EPSILON * scale * longest / len;
                    let (ia, ib) = (a.interval(l), points_interval(&tri, l));
                    if !search.axis_with_noise(l, ia, ib, Some(noise), NoFeature) {
                        break 'edges;
                    }
                }
            }
        }
    }
    let tol = ON_SET_TOLERANCE * scale;
    let best = search.result(meet, NoFeature)?;
    let n = best.normal;
    let mut patch = Patch::new(n, best.depth, tol);
    let mut poly = Poly::new(&tri);
    a.clip(&mut poly, tol);
    for &p in &poly.points[..poly.len] {
        patch.push(p, a.exit(p, -n));
    }
    if patch.len == 0 {
        let p = fallback();
        patch.push(p, a.exit(p, -n));
    }
    Some(patch)
}

/// The contact of a box (`self`) with the capsule of core `p + t d` (`t` in `[0, 1]`, in the
/// box's frame) and radius `r`, in the box's frame; `None` when apart.
///
/// A core clear of the box: the balls around the closest points of core and box, depth
/// `r − distance`, normal from the core to the box; when that normal is a face normal the
/// points are the stretch of the core within reach of that face, each on the face. A core that
/// meets the box: the least overlap over the box's face axes and the core's direction crossed
/// with them, plus `r`; the points are the ends of the core's stretch inside the box.
pub(crate) fn box_segment_local(half: Vec3, p: Vec3, d: Vec3, r: Real) -> Option<Patch> {
    use crate::query::algo::box_sat::{segment_box_distance_squared, segment_meets_box};
    use crate::query::raycast::slab_interval;
    let scale = half.max_element() + p.abs().max_element() + (p + d).abs().max_element();
    let tol = ON_SET_TOLERANCE * scale;
    let frame = BoxFrame {
        center: Vec3::ZERO,
        axes: [Vec3::X, Vec3::Y, Vec3::Z],
        half,
    };
    if !segment_meets_box(p, d, -half, half) {
        let (d2, t) = segment_box_distance_squared(p, d, -half, half);
        if !(d2 <= r * r) {
            return None;
        }
        if d2 > tol * tol {
            let x = p + d * t;
            let q = x.clamp(-half, half);
            let dist = crate::ops::sqrt(d2);
            let normal = (q - x) / dist;
            let depth = (r - dist).max(0.0);
            let mut patch = Patch::new(normal, depth, tol);
            // The face the core lies beyond, when the closest point is on exactly one face.
            let outside = (x.abs() - half).cmpgt(Vec3::ZERO);
            let count = u32::from(outside.x) + u32::from(outside.y) + u32::from(outside.z);
            if count == 1 {
                let k = if outside.x {
                    0
                } else if outside.y {
                    1
                } else {
                    2
                };
                let s = if x[k] < 0.0 { -1.0 } else { 1.0 };
                // The stretch of the core over the face (within its side slabs) and within `r`
                // of its plane.
                let mut lo = -half;
                let mut hi = half;
                if s > 0.0 {
                    lo[k] = half[k];
                    hi[k] = half[k] + r;
                } else {
                    lo[k] = -half[k] - r;
                    hi[k] = -half[k];
                }
                let (t0, t1) = slab_interval(lo - tol, hi + tol, p, d, 0.0, 1.0);
                if t0 <= t1 {
                    for t in [t0, t1] {
                        let y = p + d * t;
                        let mut f = y.clamp(-half, half);
                        f[k] = s * half[k];
                        patch.push(f, r - (y[k] - f[k]).abs());
                    }
                    if patch.len > 0 {
                        return Some(patch);
                    }
                }
            }
            patch.push(
                crate::query::algo::balls::ball_overlap_middle(q, 0.0, x, r),
                depth,
            );
            return Some(patch);
        }
    }
    // The core meets the box: box faces and the core's direction crossed with them.
    let seg = [p, p + d];
    let seg_interval = |l: Vec3| {
        let (u, w) = (seg[0].dot(l), seg[1].dot(l));
        (u.min(w), u.max(w))
    };
    let mut search = Search::new();
    for l in frame.axes {
        search.axis(l, frame.interval(l), seg_interval(l), true, NoFeature);
    }
    let dd = d.abs().max_element();
    for axis in frame.axes {
        if let Some((l, len)) = unit_axis(axis.cross(d), dd * dd) {
            let noise = 4.0 * Real::EPSILON * scale * dd / len;
            search.axis_with_noise(
                l,
                frame.interval(l),
                seg_interval(l),
                Some(noise),
                NoFeature,
            );
        }
    }
    // Only rounding separates a core that the slab test finds in the box: depth 0 there.
    let best = search.result(|| true, NoFeature)?;
    let n = best.normal;
    let mut patch = Patch::new(n, best.depth + r, tol);
    let (t0, t1) = slab_interval(-half - tol, half + tol, p, d, 0.0, 1.0);
    let ends = if t0 <= t1 {
        [t0, t1]
    } else {
        [t0.clamp(0.0, 1.0); 2]
    };
    for t in ends {
        let y = (p + d * t).clamp(-half, half);
        patch.push(y, frame.exit(y, -n) + r);
    }
    Some(patch)
}

/// The segment spanned by a degenerate (collinear) triangle: its two farthest corners.
pub(crate) fn degenerate_segment(t: [Vec3; 3]) -> Segment {
    let pairs = [(t[0], t[1]), (t[1], t[2]), (t[2], t[0])];
    let (a, b) = pairs
        .into_iter()
        .max_by(|x, y| {
            x.0.distance_squared(x.1)
                .total_cmp(&y.0.distance_squared(y.1))
        })
        .unwrap_or((t[0], t[0]));
    Segment::new(a, b)
}

/// The contact patch of a box (as `frame`, valid) with a triangle `t` (valid): the 13 axes of
/// [`box_triangle`] for a proper triangle, or the segment it is for a degenerate one. `meet` is
/// the box's exact overlap test with `t`; the common point falls back on their closest points.
pub(crate) fn box_with_triangle<B: Distance<Triangle>>(
    b: &B,
    frame: &BoxFrame,
    t: &Triangle,
    meet: impl FnOnce() -> bool,
) -> Option<Patch> {
    match t.normal() {
        Some(n) => box_triangle(frame, t.vertices(), n, meet, || common_point(b, t)),
        None => {
            let s = degenerate_segment(t.vertices());
            box_segment(frame, s.a, s.b, 0.0)
        }
    }
}

/// A common point of two shapes that meet, from their closest points.
#[inline]
pub(crate) fn common_point<A: Distance<B>, B>(a: &A, b: &B) -> Vec3 {
    let cp = a.closest_points(b);
    (cp.a + cp.b) * 0.5
}

/// Whether `a` comes before `b` in a fixed total order of their coordinates (lexicographic), so
/// that a symmetric pair is computed in one order and its mirror flips the normal exactly.
pub(crate) fn precedes<const N: usize>(a: [Real; N], b: [Real; N]) -> bool {
    a.iter()
        .zip(&b)
        .map(|(x, y)| x.total_cmp(y))
        .find(|o| o.is_ne())
        .is_some_and(|o| o.is_lt())
}

/// [`box_segment_local`] for a box and a core `a`–`b` in world coordinates, the patch in world
/// coordinates.
pub(crate) fn box_segment(frame: &BoxFrame, a: Vec3, b: Vec3, r: Real) -> Option<Patch> {
    let (p, d) = (frame.local(a), frame.local_dir(b - a));
    box_segment_local(frame.half, p, d, r)
        .map(|patch| patch.mapped(|q| frame.world(q), |v| frame.world_dir(v)))
}

/// The least-overlap axis of two flat convex sets that meet, each given by its corners (a
/// triangle's three, a segment's two) and its unit normal when it is a proper triangle: the
/// normals and the cross products of every edge of one with every edge of the other (the
/// complete separating-axis set of two triangles, or of a triangle and a segment), normals
/// preferred. `(normal from b towards a, depth)`; depth 0 along the first separating axis when
/// only rounding separates them, or along `fallback` when there is no axis at all.
pub(crate) fn flat_axis(
    a: &[Vec3],
    na: Option<Vec3>,
    b: &[Vec3],
    nb: Option<Vec3>,
    fallback: Vec3,
) -> (Vec3, Real) {
    let interval = |pts: &[Vec3], l: Vec3| {
        pts.iter()
            .map(|p| p.dot(l))
            .fold((Real::INFINITY, Real::NEG_INFINITY), |(lo, hi), x| {
                (lo.min(x), hi.max(x))
            })
    };
    let mut search = Search::new();
    for n in [na, nb].into_iter().flatten() {
        search.axis(n, interval(a, n), interval(b, n), true, NoFeature);
    }
    let edges = |t: &[Vec3]| {
        let mut e = [Vec3::ZERO; 3];
        let k = if t.len() == 2 { 1 } else { t.len() };
        for (i, slot) in e.iter_mut().enumerate().take(k) {
            *slot = t[(i + 1) % t.len()] - t[i];
        }
        (e, k)
    };
    let ((ea, ka), (eb, kb)) = (edges(a), edges(b));
    let longest = ea[..ka]
        .iter()
        .chain(eb[..kb].iter())
        .map(|e| e.abs().max_element())
        .fold(0.0, Real::max);
    let scale = a
        .iter()
        .chain(b.iter())
        .map(|p| p.abs().max_element())
        .fold(0.0, Real::max);
    for x in &ea[..ka] {
        for y in &eb[..kb] {
            if let Some((l, len)) = unit_axis(x.cross(*y), longest * longest * longest * longest) {
                let noise = 4.0 * Real::EPSILON * scale * longest * longest / len;
                search.axis_with_noise(l, interval(a, l), interval(b, l), Some(noise), NoFeature);
            }
        }
    }
    search
        .result(|| true, NoFeature)
        .map_or((fallback, 0.0), |best| (best.normal, best.depth))
}
