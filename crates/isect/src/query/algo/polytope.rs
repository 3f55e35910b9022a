//! Polytopes given by planes (frusta, hulls): their vertices, the clipping of lines against
//! their half-spaces, and the separating-axis test of a frustum against a box.

use crate::math::{ON_SET_TOLERANCE, Real, Vec3};
use crate::query::{SupportMap, three_planes};
use crate::shape::{Aabb, Frustum, Plane};

/// Up to 32 points, known through their support map (the farthest of them): the vertices of a
/// polytope, for GJK.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PointCloud {
    points: [Vec3; 32],
    len: usize,
}

impl PointCloud {
    pub(crate) fn from_corners(corners: [Vec3; 8]) -> Self {
        let mut points = [Vec3::ZERO; 32];
        points[..8].copy_from_slice(&corners);
        Self { points, len: 8 }
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub(crate) fn points(&self) -> &[Vec3] {
        &self.points[..self.len]
    }

    /// The least and greatest `normal · p` over the points (`(∞, -∞)` for none).
    pub(crate) fn extent_along(&self, normal: Vec3) -> (Real, Real) {
        self.points()
            .iter()
            .fold((Real::INFINITY, Real::NEG_INFINITY), |(lo, hi), p| {
                let s = normal.dot(*p);
                (lo.min(s), hi.max(s))
            })
    }
}

impl SupportMap for PointCloud {
    fn support(&self, dir: Vec3) -> Vec3 {
        let mut best = self.points[0];
        let mut best_dot = dir.dot(best);
        for &p in &self.points[1..self.len] {
            let d = dir.dot(p);
            if d > best_dot {
                best_dot = d;
                best = p;
            }
        }
        best
    }
}

/// The vertices of the set of points behind or on every plane (Ericson §5.4.5 for each triple
/// of planes, then kept when behind every plane within [`ON_SET_TOLERANCE`] times the
/// coordinates): all the vertices of a non-empty polyhedron that contains no line, which has at
/// least one; none for an empty set. Up to 32 are kept (a polyhedron of 12 planes has at most 20).
pub(crate) fn vertices_of(planes: &[Plane]) -> PointCloud {
    let mut cloud = PointCloud {
        points: [Vec3::ZERO; 32],
        len: 0,
    };
    let n = planes.len();
    for i in 0..n {
        for j in i + 1..n {
            for k in j + 1..n {
                let Some(x) = three_planes(&planes[i], &planes[j], &planes[k]) else {
                    continue;
                };
                if behind_all(planes, x)
                    && cloud.len < cloud.points.len()
                    && !cloud.points().contains(&x)
                {
                    cloud.points[cloud.len] = x;
                    cloud.len += 1;
                }
            }
        }
    }
    cloud
}

/// Whether `x` lies behind or on every plane, within [`ON_SET_TOLERANCE`] times the larger of
/// its coordinates and the plane's offset (the rounding of `n · x - d`).
pub(crate) fn behind_all(planes: &[Plane], x: Vec3) -> bool {
    let scale = x.abs().max_element();
    planes
        .iter()
        .all(|p| p.signed_distance(x) <= ON_SET_TOLERANCE * scale.max(p.d.abs()))
}

/// A point of the set behind or on every plane (unit normals; within the tolerance of
/// [`behind_all`]), or `None` when the set is empty. Exact for every intersection of
/// half-spaces, bounded or not, lines included, where [`vertices_of`] needs a vertex.
///
/// The set's point nearest the origin is, by the optimality (KKT) conditions, a combination of
/// the normals of the planes it lies on, so it is the least-norm point of their intersection,
/// which at most three of them define. The candidates are therefore the origin and the
/// least-norm points of every plane, pair and triple (Ericson §5.4.4 and §5.4.5); the first
/// that lies behind every plane is returned. Up to `1 + n + n(n-1)/2 + n(n-1)(n-2)/6` tests: a
/// rare path.
pub(crate) fn point_within(planes: &[Plane]) -> Option<Vec3> {
    let n = planes.len();
    let inside = |x: Vec3| x.is_finite() && behind_all(planes, x);
    if inside(Vec3::ZERO) {
        return Some(Vec3::ZERO);
    }
    for plane in planes {
        let x = plane.normal * plane.d;
        if inside(x) {
            return Some(x);
        }
    }
    for i in 0..n {
        for j in i + 1..n {
            let (a, b) = (&planes[i], &planes[j]);
            let dir = a.normal.cross(b.normal);
            let len2 = dir.length_squared();
            if len2 == 0.0 {
                continue;
            }
            // Perpendicular to the line's direction, so in the span of the two normals.
            let x = (b.normal * a.d - a.normal * b.d).cross(dir) / len2;
            if inside(x) {
                return Some(x);
            }
        }
    }
    for i in 0..n {
        for j in i + 1..n {
            for k in j + 1..n {
                if let Some(x) = three_planes(&planes[i], &planes[j], &planes[k]) {
                    if inside(x) {
                        return Some(x);
                    }
                }
            }
        }
    }
    None
}

/// Whether the set behind every plane (unit normals), when it is not empty, is unbounded: some
/// direction `v != 0` has `n · v <= 0` for every normal (its recession cone is not `{0}`).
///
/// The cone's extreme rays, and the line it holds when it is not pointed, lie where two of its
/// planes through the origin meet, along `±(nᵢ × nⱼ)`; when every such cross product vanishes
/// the normals are parallel and the set is a slab or a half-space. A direction within rounding
/// (`16 ε |v|`) of every plane counts: a set that thin is reported unbounded, conservatively.
pub(crate) fn recedes(planes: &[Plane]) -> bool {
    let mut spanned = false;
    for (i, a) in planes.iter().enumerate() {
        for b in &planes[i + 1..] {
            let v = a.normal.cross(b.normal);
            let len = v.length();
            if !(len > 16.0 * Real::EPSILON) {
                continue;
            }
            spanned = true;
            let tol = 16.0 * Real::EPSILON * len;
            let along = |s: Real| planes.iter().all(|p| s * p.normal.dot(v) <= tol);
            if along(1.0) || along(-1.0) {
                return true;
            }
        }
    }
    !spanned
}

/// The six planes of a box (normals outward): what bounds a shape when a frustum needs
/// truncating.
pub(crate) fn box_planes(aabb: &Aabb) -> [Plane; 6] {
    [
        Plane::new(-Vec3::X, -aabb.min.x),
        Plane::new(Vec3::X, aabb.max.x),
        Plane::new(-Vec3::Y, -aabb.min.y),
        Plane::new(Vec3::Y, aabb.max.y),
        Plane::new(-Vec3::Z, -aabb.min.z),
        Plane::new(Vec3::Z, aabb.max.z),
    ]
}

/// A frustum as a bounded polytope, for a test against a shape within `bounds`.
// The cloud is the larger variant by far, and the rare one; boxing it would allocate, which
// primitive queries never do.
#[cfg_attr(
    isect_f64,
    expect(
        clippy::large_enum_variant,
        reason = "boxing the rare large variant would allocate"
    )
)]
#[derive(Clone, Copy, Debug)]
pub(crate) enum Region {
    /// Eight corners and the six planes they come from (a bounded frustum, or an infinite one
    /// cut by a plane beyond `bounds`, which leaves its part inside `bounds` unchanged).
    Corners([Plane; 6], [Vec3; 8]),
    /// The vertices of the frustum cut to `bounds` (frusta of six planes that are not a
    /// camera's, with no corners).
    Cloud(PointCloud),
}

impl Region {
    /// The vertices, for GJK.
    pub(crate) fn cloud(&self) -> PointCloud {
        match self {
            Self::Corners(_, corners) => PointCloud::from_corners(*corners),
            Self::Cloud(cloud) => *cloud,
        }
    }
}

/// The largest `n · x` over the box (its p-vertex along `n`).
#[inline]
fn reach(bounds: &Aabb, n: Vec3) -> Real {
    n.dot(Vec3::select(n.cmpge(Vec3::ZERO), bounds.max, bounds.min))
}

impl Frustum {
    /// The part of the frustum that matters for a shape inside `bounds`, as a bounded polytope;
    /// `None` when it is empty there.
    ///
    /// An infinite projection's frustum (one slot pair holding the same plane, see
    /// [`Frustum::from_matrix`]) gets, in the empty slot, a plane facing away from the finite
    /// cap beyond `bounds`. Then every plane that `bounds` lies well behind is moved in to just
    /// beyond `bounds` (which leaves the frustum's part within `bounds` unchanged): the
    /// corners of a deep frustum (far plane at 10⁴) would otherwise be so far from a shape near
    /// the eye that their rounding swamps the test. The cut is kept when its eight corners lie
    /// behind all six planes (within `ON_SET_TOLERANCE` of the coordinates), that is, when they
    /// still describe the cut polytope; else only the depth planes are cut, else none. When no
    /// such corners exist (six planes that a camera does not make), the frustum is cut to
    /// `bounds` and the vertices of that polytope are enumerated.
    pub(crate) fn region_within(&self, bounds: &Aabb) -> Option<Region> {
        let mut planes = self.planes;
        if let Some(k) = (0..3).find(|&k| planes[2 * k] == planes[2 * k + 1]) {
            let cap = planes[2 * k];
            let n = -cap.normal;
            let far = reach(bounds, n).max(-cap.d);
            planes[2 * k + 1] = Plane {
                normal: n,
                d: far + (1.0 + far.abs() + cap.d.abs()),
            };
        }
        let scale = bounds.min.abs().max(bounds.max.abs()).max_element();
        // Every plane cut to the box, else only the depth pair (which a camera's side planes
        // never cross), else no cut.
        for slots in [0..6, 4..6, 0..0] {
            let mut cut = planes;
            for plane in &mut cut[slots] {
                let r = reach(bounds, plane.normal);
                let d = r + 4.0 * ON_SET_TOLERANCE * (r.abs() + scale);
                if d < plane.d {
                    plane.d = d;
                }
            }
            if let Some(corners) = Frustum::new(cut).corners() {
                return Some(Region::Corners(cut, corners));
            }
        }
        let mut all = [self.planes[0]; 12];
        all[..6].copy_from_slice(&self.planes);
        all[6..].copy_from_slice(&box_planes(bounds));
        let cloud = vertices_of(&all);
        (!cloud.is_empty()).then_some(Region::Cloud(cloud))
    }
}

/// The directions of the frustum's 12 edges, as cross products of the normals of the planes
/// that meet in them (every pair but the opposite ones).
pub(crate) fn edge_directions(planes: &[Plane; 6]) -> [Vec3; 12] {
    let mut dirs = [Vec3::ZERO; 12];
    let mut k = 0;
    for i in 0..6 {
        for j in i + 1..6 {
            if i / 2 != j / 2 {
                dirs[k] = planes[i].normal.cross(planes[j].normal);
                k += 1;
            }
        }
    }
    dirs
}

/// The separating-axis test between a bounded frustum (planes and corners) and a box with unit
/// `axes`, whose extent `(lo, hi)` along any direction `extent` gives: `true` when no axis
/// separates them.
///
/// Two convex polytopes are disjoint exactly when one of these separates them (Gottschalk, Lin
/// and Manocha, "`OBBTree`", SIGGRAPH 1996; Ericson §4.4.1): the frustum's face normals (for each,
/// only the outward side: the box entirely in front of the plane), the box's three axes, and
/// the cross products of the box's axes with the frustum's edge directions. Cross products of
/// nearly parallel directions (sine below `√ε`) are skipped: their direction is rounding noise,
/// and an exactly parallel pair separates only where a face axis does.
pub(crate) fn frustum_box_sat(
    planes: &[Plane; 6],
    corners: &[Vec3; 8],
    axes: [Vec3; 3],
    extent: impl Fn(Vec3) -> (Real, Real),
) -> bool {
    for plane in planes {
        if extent(plane.normal).0 > plane.d {
            return false;
        }
    }
    let separates = |axis: Vec3| {
        let (lo, hi) = extent(axis);
        let (mut flo, mut fhi) = (Real::INFINITY, Real::NEG_INFINITY);
        for c in corners {
            let s = axis.dot(*c);
            flo = flo.min(s);
            fhi = fhi.max(s);
        }
        flo > hi || fhi < lo
    };
    if axes.into_iter().any(separates) {
        return false;
    }
    let min_sine_squared = Real::EPSILON;
    for dir in edge_directions(planes) {
        let dd = dir.length_squared();
        for axis in axes {
            let l = dir.cross(axis);
            if l.length_squared() > min_sine_squared * dd && separates(l) {
                return false;
            }
        }
    }
    true
}

/// Where a line meets a polytope: see [`clip`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Clipped {
    /// The first parameter inside.
    pub lo: Real,
    /// The last parameter inside.
    pub hi: Real,
    /// The plane through which the line enters at `lo`; `None` when `lo` is the bound given.
    pub enter: Option<usize>,
    /// The plane through which it leaves at `hi`; `None` when `hi` is the bound given.
    pub exit: Option<usize>,
}

/// The parameter interval (within `[lo, hi]`) of `origin + t · dir` behind or on every plane,
/// each plane moved out by `tolerance`, with the planes through which the line enters and
/// leaves; `None` when the interval is empty (Cyrus–Beck clipping; Ericson, *Real-Time
/// Collision Detection*, §5.3.8).
pub(crate) fn clip(
    planes: &[Plane],
    origin: Vec3,
    dir: Vec3,
    lo: Real,
    hi: Real,
    tolerance: Real,
) -> Option<Clipped> {
    let mut out = Clipped {
        lo,
        hi,
        enter: None,
        exit: None,
    };
    for (i, plane) in planes.iter().enumerate() {
        let denom = plane.normal.dot(dir);
        let dist = plane.d + tolerance - plane.normal.dot(origin);
        if denom == 0.0 {
            // Parallel: all in or all out.
            if !(dist >= 0.0) {
                return None;
            }
            continue;
        }
        let t = dist / denom;
        if denom < 0.0 {
            if t > out.lo {
                out.lo = t;
                out.enter = Some(i);
            }
        } else if t < out.hi {
            out.hi = t;
            out.exit = Some(i);
        }
        if !(out.lo <= out.hi) {
            return None;
        }
    }
    Some(out)
}

/// Whether some face plane of `hull` has the whole of a shape in front of it by more than
/// GJK's touching tolerance, `min_along(normal)` being the shape's smallest `normal · x` and
/// `magnitude` its largest coordinate (of the points GJK sees: a ball's center, a capsule's
/// core): a separating plane, so GJK, which the callers ask next, would call them apart too.
///
/// GJK counts shapes apart by less than its tolerance as touching; along a unit direction `u`
/// that is `Σ |uₖ| (ON_SET_TOLERANCE |wₖ| + MAGNITUDE_TOLERANCE |xₖ|)` for vertices `w = a − b`
/// of points `a`, `b` up to the magnitude `m` of both shapes, at most
/// `√3 (2 ON_SET_TOLERANCE + MAGNITUDE_TOLERANCE) m`; the planes are moved out by
/// `4 (ON_SET_TOLERANCE + MAGNITUDE_TOLERANCE) m`, which covers it and the planes' rounding.
/// So the shortcut never answers inside GJK's band, and a shape there is answered as its
/// degenerate equivalents are (a point box as `contains_point`, an `Aabb` as the same `Obb`;
/// without the slack a box `8 ε` outside a hull's face at `x = 4` did not intersect it while
/// the same `Obb` did and the hull contained its corner, issue 24).
#[cfg(feature = "alloc")]
#[inline]
pub(crate) fn beyond_some_plane(
    hull: &crate::shape::ConvexHull,
    magnitude: Real,
    min_along: impl Fn(Vec3) -> Real,
) -> bool {
    let bounds = hull.bounds();
    let m = bounds
        .min
        .abs()
        .max(bounds.max.abs())
        .max_element()
        .max(magnitude);
    let slack = 4.0 * (ON_SET_TOLERANCE + crate::math::MAGNITUDE_TOLERANCE) * m;
    hull.planes()
        .iter()
        .any(|plane| min_along(plane.normal) - slack > plane.d)
}

/// Whether two boxes overlap or are apart by at most `ON_SET_TOLERANCE` times their
/// coordinates (the gap GJK counts as touching, and the rounding of a computed box); `false`
/// when either is empty or invalid.
#[cfg(feature = "alloc")]
#[inline]
pub(crate) fn boxes_overlap(a: &Aabb, b: &Aabb) -> bool {
    let scale = a
        .min
        .abs()
        .max(a.max.abs())
        .max(b.min.abs())
        .max(b.max.abs());
    let t = Vec3::splat(ON_SET_TOLERANCE * scale.max_element());
    a.min.cmple(b.max + t).all() && b.min.cmple(a.max + t).all()
}

/// Whether a box meets a valid frustum, exactly: the plane shortcuts (a plane with the box's
/// lowest point in front of it separates; a box whose highest point is behind every plane is
/// inside), then [`frustum_box_sat`] on the frustum cut to the box's bounding box `bounds`, or
/// GJK on the cut frustum's vertices for planes without corners. `extent(l)` is the box's
/// smallest and largest `l · x`; `axes` its three edge directions; `shape` the box for GJK.
pub(crate) fn box_meets_frustum<S: crate::query::SupportMap>(
    frustum: &crate::shape::Frustum,
    bounds: &crate::shape::Aabb,
    axes: [Vec3; 3],
    extent: impl Fn(Vec3) -> (Real, Real),
    shape: &S,
) -> bool {
    let mut inside = true;
    for plane in &frustum.planes {
        let (lo, hi) = extent(plane.normal);
        if lo > plane.d {
            return false;
        }
        inside &= hi <= plane.d;
    }
    if inside {
        return true;
    }
    match frustum.region_within(bounds) {
        None => false,
        Some(Region::Corners(planes, corners)) => frustum_box_sat(&planes, &corners, axes, extent),
        Some(Region::Cloud(cloud)) => crate::query::algo::gjk::gjk_intersects(&cloud, shape),
    }
}
