//! The half-space form of a convex hull: its face planes, by Quickhull (Barber, Dobkin and
//! Huhdanpaa, "The Quickhull Algorithm for Convex Hulls", ACM TOMS 1996), computed once when a
//! [`ConvexHull`](crate::ConvexHull) is built.
//!
//! Points within `16 ε` times the largest coordinate of a face count as on it (they are "inside"),
//! which is what keeps the construction robust; every plane's offset is then raised to the
//! largest `normal · p` over all the points, so that each point is behind or on each plane:
//! the planes bound a set that contains the hull and exceeds it by at most that tolerance.
//!
//! Degenerate point sets get planes of what they are: a flat polygon (coplanar points) its two
//! sides and a plane through each edge perpendicular to it (Andrew's monotone chain in the
//! plane), a segment (collinear points) four planes through it and its two end caps, a point
//! six planes through it. So the planes always describe the hull, with zero thickness where it
//! is flat.

use alloc::vec;
use alloc::vec::Vec;

use crate::math::{Real, Vec3, value_cmp};
use crate::query::algo::hull_support::support_candidates;
use crate::query::algo::scale;
use crate::shape::{Aabb, Plane};

/// How many dimensions the points span, and the hull's planes (see the module docs).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct HullPlanes {
    /// 0 (a point), 1 (a segment), 2 (a polygon) or 3 (a solid).
    pub dimension: u8,
    /// Outward planes: the hull is the set of points behind or on all of them.
    pub planes: Vec<Plane>,
    /// The box of the points, for quick rejections.
    pub bounds: Aabb,
}

/// A triangular face under construction: vertex indices (counter-clockwise seen from
/// outside), its plane, and the points not yet processed that lie in front of it.
#[derive(Clone, Debug)]
struct Face {
    v: [usize; 3],
    normal: Vec3,
    d: Real,
    outside: Vec<usize>,
    alive: bool,
}

/// The planes of the hull of `points`, which must be non-empty and finite, and the indices of
/// the points a support scan must see ([`support_candidates`]). Points whose largest
/// coordinate lies outside the magnitudes computed as given (where the cross products and their
/// squares overflow or underflow) are scaled by a power of two first, and the planes scaled back:
/// the same planes, bit for bit, as the same points scaled into that range give.
pub(crate) fn hull_planes(points: &[Vec3]) -> (HullPlanes, Vec<usize>) {
    let bounds = Aabb::from_points(points.iter().copied()).unwrap_or(Aabb::EMPTY);
    let m = bounds.min.abs().max(bounds.max.abs()).max_element();
    let (mut hull, keep) = if scale::in_window(m) || !(m > 0.0) {
        let (hull, faces) = hull_planes_of(points);
        (hull, support_candidates(points, &faces))
    } else {
        let k = scale::normalizing_exponent(m);
        let scaled: Vec<Vec3> = points.iter().map(|&p| scale::ldexp_vec(p, k)).collect();
        let (mut hull, faces) = hull_planes_of(&scaled);
        for plane in &mut hull.planes {
            plane.d = scale::ldexp(plane.d, -k);
        }
        (hull, support_candidates(&scaled, &faces))
    };
    hull.bounds = bounds;
    (hull, keep)
}

/// The planes, and for a solid the faces (vertex indices, counter-clockwise from outside).
fn hull_planes_of(points: &[Vec3]) -> (HullPlanes, Vec<[usize; 3]>) {
    let scale = points
        .iter()
        .fold(Real::MIN_POSITIVE, |s, p| s.max(p.abs().max_element()));
    let eps = 16.0 * Real::EPSILON * scale;

    // Two extreme points far apart: the farthest pair among the six axis extremes.
    let mut extremes = [0usize; 6];
    for (i, p) in points.iter().enumerate() {
        for axis in 0..3 {
            if p[axis] < points[extremes[2 * axis]][axis] {
                extremes[2 * axis] = i;
            }
            if p[axis] > points[extremes[2 * axis + 1]][axis] {
                extremes[2 * axis + 1] = i;
            }
        }
    }
    let (mut i0, mut i1, mut best) = (0, 0, -1.0);
    for &a in &extremes {
        for &b in &extremes {
            let d = points[a].distance_squared(points[b]);
            if d > best {
                (i0, i1, best) = (a, b, d);
            }
        }
    }
    if !(best > eps * eps) {
        return (point_planes(points[i0]), Vec::new());
    }
    let (p0, p1) = (points[i0], points[i1]);
    let axis = (p1 - p0).normalize();

    let (i2, off_line) = farthest(points, |p| (p - p0).cross(axis).length());
    if !(off_line > eps) {
        return (segment_planes(points, axis), Vec::new());
    }
    let normal = (p1 - p0).cross(points[i2] - p0).normalize();
    // The normal of three nearly collinear points is known only to about 4ε · diameter / (their
    // distance from the line) radians, so a point's distance from their plane only to that
    // times the diameter: below that, the points are coplanar as far as they can tell.
    let diameter = crate::ops::sqrt(best);
    let plane_eps = eps + 4.0 * Real::EPSILON * diameter * diameter / off_line;
    let (i3, off_plane) = farthest(points, |p| (p - p0).dot(normal).abs());
    if !(off_plane > plane_eps) {
        return (polygon_planes(points, p0, normal), Vec::new());
    }
    solid_planes(points, [i0, i1, i2, i3], eps)
}

/// The index and value of the point maximising `f`.
fn farthest(points: &[Vec3], f: impl Fn(Vec3) -> Real) -> (usize, Real) {
    let mut best = (0, -1.0);
    for (i, &p) in points.iter().enumerate() {
        let value = f(p);
        if value > best.1 {
            best = (i, value);
        }
    }
    best
}

/// Six planes through a point: the point as a degenerate box.
fn point_planes(p: Vec3) -> HullPlanes {
    let planes = [Vec3::X, Vec3::Y, Vec3::Z]
        .into_iter()
        .flat_map(|n| [Plane::new(n, n.dot(p)), Plane::new(-n, -n.dot(p))])
        .collect();
    HullPlanes {
        dimension: 0,
        planes,
        bounds: Aabb::EMPTY,
    }
}

/// The plane with `normal` that has every point behind or on it.
fn supporting(points: &[Vec3], normal: Vec3) -> Plane {
    let d = points
        .iter()
        .map(|&p| normal.dot(p))
        .fold(Real::NEG_INFINITY, Real::max);
    Plane { normal, d }
}

/// Collinear points along the unit `axis`: four planes containing their line and the two end
/// caps.
fn segment_planes(points: &[Vec3], axis: Vec3) -> HullPlanes {
    let u = axis.any_orthonormal_vector();
    let w = axis.cross(u);
    let planes = [axis, -axis, u, -u, w, -w]
        .into_iter()
        .map(|n| supporting(points, n))
        .collect();
    HullPlanes {
        dimension: 1,
        planes,
        bounds: Aabb::EMPTY,
    }
}

/// Coplanar points in the plane through `p0` with unit `normal`: both sides of the plane and
/// a plane through each edge of the polygon, perpendicular to it (Andrew's monotone chain).
fn polygon_planes(points: &[Vec3], p0: Vec3, normal: Vec3) -> HullPlanes {
    let u = normal.any_orthonormal_vector();
    let w = normal.cross(u);
    let mut flat: Vec<(Real, Real, usize)> = points
        .iter()
        .enumerate()
        .map(|(i, &p)| ((p - p0).dot(u), (p - p0).dot(w), i))
        .collect();
    flat.sort_by(|a, b| value_cmp(a.0, b.0).then(value_cmp(a.1, b.1)));
    let cross = |o: (Real, Real, usize), a: (Real, Real, usize), b: (Real, Real, usize)| {
        (a.0 - o.0) * (b.1 - o.1) - (a.1 - o.1) * (b.0 - o.0)
    };
    // Lower and upper chains, counter-clockwise about `normal`.
    let mut chain: Vec<(Real, Real, usize)> = Vec::with_capacity(flat.len() + 1);
    for pass in 0..2 {
        let start = chain.len();
        for &q in &flat {
            while chain.len() >= start + 2
                && cross(chain[chain.len() - 2], chain[chain.len() - 1], q) <= 0.0
            {
                chain.pop();
            }
            chain.push(q);
        }
        chain.pop();
        if pass == 0 {
            flat.reverse();
        }
    }
    let mut planes = vec![supporting(points, normal), supporting(points, -normal)];
    for k in 0..chain.len() {
        let a = points[chain[k].2];
        let b = points[chain[(k + 1) % chain.len()].2];
        // Counter-clockwise about `normal`, the outside of edge ab is along (b − a) × normal.
        if let Some(n) = (b - a).cross(normal).try_normalize() {
            add_plane(&mut planes, supporting(points, n));
        }
    }
    HullPlanes {
        dimension: 2,
        planes,
        bounds: Aabb::EMPTY,
    }
}

/// Adds `plane` unless a plane with the same normal (within rounding) is there already; then
/// keeps the larger offset, so that every point stays behind.
fn add_plane(planes: &mut Vec<Plane>, plane: Plane) {
    let same = |q: &Plane| (q.normal - plane.normal).abs().max_element() <= 4.0 * Real::EPSILON;
    match planes.iter_mut().find(|q| same(q)) {
        Some(q) => q.d = q.d.max(plane.d),
        None => planes.push(plane),
    }
}

/// The face `v` (counter-clockwise from outside) with its plane; the normal flipped if it
/// would face `interior` (a sliver whose computed normal is rounding noise).
fn make_face(points: &[Vec3], v: [usize; 3], interior: Vec3) -> Face {
    let [a, b, c] = v.map(|i| points[i]);
    let mut normal = (b - a).cross(c - a).normalize_or_zero();
    if normal.dot(interior - a) > 0.0 {
        normal = -normal;
    }
    Face {
        v,
        normal,
        d: normal.dot(a),
        outside: Vec::new(),
        alive: true,
    }
}

/// Quickhull in 3D from the initial tetrahedron `start`: the planes and the live faces.
fn solid_planes(points: &[Vec3], start: [usize; 4], eps: Real) -> (HullPlanes, Vec<[usize; 3]>) {
    let [i0, i1, i2, i3] = start;
    let interior = (points[i0] + points[i1] + points[i2] + points[i3]) * 0.25;
    // Orient the base so that i3 is behind it.
    let base = if (points[i1] - points[i0])
        .cross(points[i2] - points[i0])
        .dot(points[i3] - points[i0])
        < 0.0
    {
        [i0, i1, i2]
    } else {
        [i0, i2, i1]
    };
    let [a, b, c] = base;
    let mut faces: Vec<Face> = [[a, b, c], [a, i3, b], [b, i3, c], [c, i3, a]]
        .into_iter()
        .map(|v| make_face(points, v, interior))
        .collect();
    let assign = |faces: &mut [Face], from: usize, p: usize| {
        for face in &mut faces[from..] {
            if face.alive && face.normal.dot(points[p]) - face.d > eps {
                face.outside.push(p);
                return;
            }
        }
    };
    for p in 0..points.len() {
        if !start.contains(&p) {
            assign(&mut faces, 0, p);
        }
    }

    let mut visible: Vec<usize> = Vec::new();
    let mut edges: Vec<(usize, usize)> = Vec::new();
    let mut orphans: Vec<usize> = Vec::new();
    while let Some(f) = faces.iter().position(|f| f.alive && !f.outside.is_empty()) {
        // The eye: the point farthest in front of this face.
        let face = &faces[f];
        let eye = *face
            .outside
            .iter()
            .max_by(|&&x, &&y| {
                let dx = face.normal.dot(points[x]);
                let dy = face.normal.dot(points[y]);
                dx.total_cmp(&dy)
            })
            .unwrap_or(&face.outside[0]);
        let e = points[eye];
        visible.clear();
        visible.extend(
            (0..faces.len())
                .filter(|&i| faces[i].alive && faces[i].normal.dot(e) - faces[i].d > eps),
        );
        if !visible.contains(&f) {
            visible.push(f);
        }
        // The horizon: edges of visible faces whose reverse belongs to no visible face.
        edges.clear();
        for &i in &visible {
            let [x, y, z] = faces[i].v;
            edges.extend([(x, y), (y, z), (z, x)]);
        }
        let horizon: Vec<(usize, usize)> = edges
            .iter()
            .copied()
            .filter(|&(x, y)| !edges.contains(&(y, x)))
            .collect();
        orphans.clear();
        for &i in &visible {
            faces[i].alive = false;
            orphans.append(&mut faces[i].outside);
        }
        let first_new = faces.len();
        for (x, y) in horizon {
            faces.push(make_face(points, [x, y, eye], interior));
        }
        for &p in &orphans {
            if p != eye {
                assign(&mut faces, first_new, p);
            }
        }
        // Compact now and then so that the scans stay proportional to the live faces.
        if faces.len() > 64 && faces.iter().filter(|f| f.alive).count() * 2 < faces.len() {
            faces.retain(|f| f.alive);
        }
    }

    let mut planes: Vec<Plane> = Vec::new();
    for face in faces.iter().filter(|f| f.alive && f.normal != Vec3::ZERO) {
        add_plane(&mut planes, supporting(points, face.normal));
    }
    let hull = HullPlanes {
        dimension: 3,
        planes,
        bounds: Aabb::EMPTY,
    };
    (
        hull,
        faces.iter().filter(|f| f.alive).map(|f| f.v).collect(),
    )
}
