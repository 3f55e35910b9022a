//! EPA, the expanding polytope algorithm: penetration depth and direction of two overlapping
//! convex shapes known by their support maps (van den Bergen, "Proximity Queries and
//! Penetration Depth Computation on 3D Game Objects", GDC 2001, and *Collision Detection in
//! Interactive 3D Environments*, §4.3.5).
//!
//! The penetration depth of `A` and `B` is the distance from the origin to the boundary of the
//! Minkowski difference `A − B`; the face of `A − B` nearest the origin gives the direction.
//! EPA starts from GJK's final simplex (which holds the origin when the shapes overlap), grows it
//! into a tetrahedron, then repeatedly replaces the face nearest the origin by the faces seen
//! from the support point along its normal, until that support point adds less than a relative
//! tolerance.
//!
//! Every answer is a separating translation: the returned depth is the support value of
//! `A − B` along the returned direction, so moving `A` by it leaves the two touching (up to the
//! support maps' rounding) whatever the iteration reached. The nearest face's distance is a lower
//! bound on the true depth, so the depth is within [`EPA_RELATIVE_TOLERANCE`] of the least (plus
//! [`ON_SET_TOLERANCE`] times the coordinates) when EPA converges, which it does in a few
//! iterations for polytopes (every shape EPA serves in isect: boxes, triangles, hulls and the
//! point and segment cores of spheres and capsules). Its accuracy is measured against a
//! brute-force minimum over the Minkowski difference's face normals, the reference of the hull
//! contact tests; the figures are in the repository's `docs/performance.md`.

use alloc::vec::Vec;

use crate::math::{ON_SET_TOLERANCE, Real, Vec3};
use crate::query::ContactInfo;
use crate::query::algo::gjk::{GjkEnd, SupportMap, Vertex, gjk_end};

/// Relative tolerance of EPA's stopping test: it stops once the support point along the nearest
/// face's normal lies within this fraction of that face's distance (plus `ON_SET_TOLERANCE` times
/// the coordinates) of the face.
pub(crate) const EPA_RELATIVE_TOLERANCE: Real = 100.0 * Real::EPSILON;

/// The most expansions EPA runs: polytopes converge in far fewer (each expansion adds a vertex of
/// `A − B` not yet seen); the cap makes termination certain whatever the input.
pub(crate) const EPA_MAX_ITERATIONS: usize = 128;

/// The penetration of `a` into `b`: moving `a` by `normal * depth` leaves them touching.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Penetration {
    /// Unit, from `b` towards `a`.
    pub(crate) normal: Vec3,
    /// `>= 0`.
    pub(crate) depth: Real,
}

/// A triangle of the polytope, counter-clockwise seen from outside: outward unit normal and
/// signed distance of its plane from the origin.
#[derive(Clone, Copy, Debug)]
struct Face {
    v: [usize; 3],
    normal: Vec3,
    dist: Real,
}

impl Face {
    /// The support value of `A − B` along the normal given its support point `w`, at least the
    /// plane's own distance (which bounds the least one from below): moving `a` by
    /// `−normal · h` separates the shapes.
    fn support_value(&self, w: Vec3) -> Real {
        self.normal.dot(w).max(self.dist)
    }
}

struct Polytope {
    vertices: Vec<Vertex>,
    faces: Vec<Face>,
    /// A point strictly inside (the first tetrahedron's centroid), to orient its faces; later
    /// faces take their orientation from the horizon edges they are built on.
    inside: Vec3,
}

impl Polytope {
    /// The face on vertices `v` (counter-clockwise seen from outside), or `None` when it has no
    /// area.
    fn face(&self, v: [usize; 3]) -> Option<Face> {
        let [p, q, r] = v.map(|i| self.vertices[i].w);
        let n = (q - p).cross(r - p);
        let length = n.length();
        if !(length > 0.0) {
            return None;
        }
        let normal = n / length;
        Some(Face {
            v,
            normal,
            dist: normal.dot(p),
        })
    }

    /// [`Polytope::face`] on `v` or on its reverse, whichever faces away from the inside point
    /// (for the first tetrahedron, whose orientation is not known).
    fn outward_face(&self, v: [usize; 3]) -> Option<Face> {
        let face = self.face(v)?;
        let [p, q, r] = v.map(|i| self.vertices[i].w);
        if face.normal.dot((p + q + r) * (1.0 / 3.0) - self.inside) > 0.0 {
            Some(face)
        } else {
            self.face([v[0], v[2], v[1]])
        }
    }
}

/// The penetration of `a` into `b` from GJK's final simplex `start` (the shapes touching or
/// overlapping). Lower-dimensional differences `A − B` (parallel flat shapes, collinear ones,
/// points) have depth 0 (up to rounding) across them; `fallback` (unit) is the normal when
/// `A − B` is a single point. `None` when a support point is not finite.
pub(crate) fn epa<A, B>(a: &A, b: &B, start: &GjkEnd, fallback: Vec3) -> Option<Penetration>
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
{
    let support = |dir: Vec3| Vertex::support(a, b, dir);
    let mut scale = start.scale;
    let eps = |scale: Real| ON_SET_TOLERANCE * scale.max(Real::MIN_POSITIVE);

    // Affinely independent vertices of GJK's simplex, then support points until they span a
    // tetrahedron (or `A − B` is shown to be flat).
    let mut basis: Vec<Vertex> = Vec::with_capacity(4);
    for &(pa, pb) in &start.simplex[..start.len] {
        let vertex = Vertex::new(pa, pb);
        if adds_dimension(&basis, vertex.w, eps(scale)) {
            basis.push(vertex);
        }
    }
    if basis.is_empty() {
        return None;
    }
    let mut lower = None;
    while basis.len() < 4 {
        let candidates = search_directions(&basis);
        let mut grown = false;
        for dir in candidates {
            if dir == Vec3::ZERO {
                break;
            }
            let s = support(dir);
            if !s.w.is_finite() {
                return None;
            }
            scale = scale.max(s.a.abs().max_element().max(s.b.abs().max_element()));
            if adds_dimension(&basis, s.w, eps(scale)) {
                basis.push(s);
                grown = true;
                break;
            }
        }
        if !grown {
            lower = Some(lower_dimensional(&basis, fallback));
            break;
        }
    }
    if let Some(answer) = lower {
        return Some(answer);
    }

    let inside = basis.iter().map(|x| x.w).sum::<Vec3>() * 0.25;
    let mut polytope = Polytope {
        vertices: basis,
        faces: Vec::with_capacity(32),
        inside,
    };
    for v in [[0, 1, 2], [0, 3, 1], [0, 2, 3], [1, 3, 2]] {
        let Some(face) = polytope.outward_face(v) else {
            // A face without area (rounding, on a tetrahedron barely thicker than `eps`): as
            // flat as that.
            return Some(lower_dimensional(&polytope.vertices[..3], fallback));
        };
        polytope.faces.push(face);
    }

    let mut best: Option<Penetration> = None;
    let mut horizon: Vec<(usize, usize)> = Vec::with_capacity(16);
    let mut visible: Vec<bool> = Vec::with_capacity(64);
    let mut stack: Vec<usize> = Vec::with_capacity(16);
    for _ in 0..EPA_MAX_ITERATIONS {
        let Some((nearest_index, nearest)) = polytope
            .faces
            .iter()
            .copied()
            .enumerate()
            .min_by(|x, y| x.1.dist.total_cmp(&y.1.dist))
        else {
            break;
        };
        let s = support(nearest.normal);
        if !s.w.is_finite() {
            return None;
        }
        scale = scale.max(s.a.abs().max_element().max(s.b.abs().max_element()));
        let h = nearest.support_value(s.w);
        keep_least(&mut best, nearest.normal, h);
        let gain = h - nearest.dist;
        if gain <= EPA_RELATIVE_TOLERANCE * nearest.dist.abs() + eps(scale) {
            break;
        }
        if polytope.vertices.iter().any(|x| x.w == s.w) {
            break;
        }
        // Replace the faces that see the new vertex by a fan from it to their horizon. The
        // visible faces are found by a search across edges from the nearest face (a connected
        // region, whose boundary is one loop even where rounding makes a far face's test
        // disagree; the silhouette search of van den Bergen §4.3.5). A face whose plane holds
        // the new vertex within rounding counts as seeing it: of two coplanar triangles (a
        // parallelogram face of a difference with a segment) rounding would otherwise let one
        // see it and not the other, and the fan face on the edge between them, lying in their
        // plane on the wrong side, would fold the polytope (`regressions::ordinary::
        // hull_contact_against_a_collinear_hull_stops_at_a_broken_polytope`).
        let new = polytope.vertices.len();
        polytope.vertices.push(s);
        let coplanar = eps(scale);
        let sees = |face: &Face| face.normal.dot(s.w - polytope.vertices[face.v[0]].w) > -coplanar;
        visible.clear();
        visible.resize(polytope.faces.len(), false);
        visible[nearest_index] = true;
        stack.clear();
        stack.push(nearest_index);
        horizon.clear();
        while let Some(f) = stack.pop() {
            let v = polytope.faces[f].v;
            for k in 0..3 {
                let (i, j) = (v[k], v[(k + 1) % 3]);
                let neighbour = polytope
                    .faces
                    .iter()
                    .position(|g| (0..3).any(|m| g.v[m] == j && g.v[(m + 1) % 3] == i));
                match neighbour {
                    Some(g) if visible[g] => {}
                    Some(g) if sees(&polytope.faces[g]) => {
                        visible[g] = true;
                        stack.push(g);
                    }
                    _ => horizon.push((i, j)),
                }
            }
        }
        let mut index = 0;
        polytope.faces.retain(|_| {
            index += 1;
            !visible[index - 1]
        });
        let inside = polytope.inside;
        let mut broken = horizon.is_empty();
        for &(i, j) in &horizon {
            // A fan face must face away from the first tetrahedron's centroid, which stays
            // inside: one that does not means rounding folded the polytope.
            let face = polytope.face([i, j, new]).filter(|face| {
                let [p, q, r] = face.v.map(|x| polytope.vertices[x].w);
                face.normal.dot((p + q + r) * (1.0 / 3.0) - inside) > 0.0
            });
            match face {
                Some(face) => polytope.faces.push(face),
                None => {
                    broken = true;
                    break;
                }
            }
        }
        if broken {
            // Rounding broke the polytope: the best answer so far stands, or the least support
            // value along the normals of the faces left, each a separating translation too.
            // The first face alone can be far from the least: a hull `1e-11` across touching
            // the corner of a box 2 across (a box of `2.2e12` scaled into the window), whose
            // first face through the origin had its normal from the hull's features and a
            // support value of 1.27 where the box's own faces give `2.6e-12` (issue 24,
            // `regressions::broken_polytope_first_face`).
            for face in &polytope.faces {
                let h = face.support_value(support(face.normal).w);
                if h.is_finite() {
                    keep_least(&mut best, face.normal, h);
                }
            }
            break;
        }
    }
    best
}

/// Keeps the separating translation `−normal · h` as `best` where `h` is the least so far.
fn keep_least(best: &mut Option<Penetration>, normal: Vec3, h: Real) {
    if best.is_none_or(|x| h < x.depth) {
        *best = Some(Penetration {
            normal: -normal,
            depth: h.max(0.0),
        });
    }
}

/// Whether `w` lies farther than `eps` from the affine hull of `basis`.
fn adds_dimension(basis: &[Vertex], w: Vec3, eps: Real) -> bool {
    match basis {
        [] => true,
        [p] => p.w.distance(w) > eps,
        [p, q] => {
            let e = q.w - p.w;
            (w - p.w).cross(e).length() > eps * e.length()
        }
        [p, q, r] => {
            let n = (q.w - p.w).cross(r.w - p.w);
            n.dot(w - p.w).abs() > eps * n.length()
        }
        _ => false,
    }
}

/// Directions in which a support point may leave the affine hull of `basis`: the axes for a
/// point, six perpendiculars for a segment, the two normals for a triangle (unused slots zero).
fn search_directions(basis: &[Vertex]) -> [Vec3; 6] {
    match basis {
        [p, q] => {
            let e = (q.w - p.w).normalize();
            let u = e.any_orthonormal_vector();
            let v = e.cross(u);
            [u, -u, v, -v, u + v, -u - v]
        }
        [p, q, r] => {
            let n = (q.w - p.w).cross(r.w - p.w).normalize();
            [n, -n, Vec3::ZERO, Vec3::ZERO, Vec3::ZERO, Vec3::ZERO]
        }
        _ => [Vec3::X, -Vec3::X, Vec3::Y, -Vec3::Y, Vec3::Z, -Vec3::Z],
    }
}

/// The answer when `A − B` has no volume: depth 0 (the distance of the origin from the flat
/// set's plane or line, up to rounding) across it, the normal to the side of the origin's offset.
fn lower_dimensional(basis: &[Vertex], fallback: Vec3) -> Penetration {
    match basis {
        [p, q, r] => {
            let Some(n) = (q.w - p.w).cross(r.w - p.w).try_normalize() else {
                return lower_dimensional(&basis[..2], fallback);
            };
            Penetration {
                normal: if n.dot(p.w) < 0.0 { -n } else { n },
                depth: 0.0,
            }
        }
        [p, q] => {
            let Some(e) = (q.w - p.w).try_normalize() else {
                return lower_dimensional(&basis[..1], fallback);
            };
            let t = (-p.w).dot(e) / (q.w - p.w).length();
            let t = t.clamp(0.0, 1.0);
            let w = p.w + (q.w - p.w) * t;
            // The origin's offset from the line, or any perpendicular.
            let across = (w - e * w.dot(e))
                .try_normalize()
                .unwrap_or_else(|| e.any_orthonormal_vector());
            Penetration {
                normal: across,
                depth: 0.0,
            }
        }
        _ => Penetration {
            normal: basis[0].w.try_normalize().unwrap_or(fallback),
            depth: 0.0,
        },
    }
}

/// The contact of two convex shapes by GJK and EPA, `a` as `self`, given the exact overlap test's
/// answer `meet` (so that a contact exists exactly when the shapes intersect). Overlapping: EPA's
/// normal and depth, at GJK's common point of the two. Counted as touching by the overlap test
/// but a few ulp apart for GJK: depth 0 along GJK's closest points. `fallback` is the normal
/// when `A − B` is a single point.
pub(crate) fn epa_contact<A, B>(a: &A, b: &B, meet: bool, fallback: Vec3) -> Option<ContactInfo>
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
{
    if !meet {
        return None;
    }
    let guess = a.support(Vec3::X) - b.support(Vec3::X);
    epa_contact_from(a, b, &gjk_end(a, b, guess, false)?, fallback)
}

/// [`epa_contact`] from GJK's final state `end` for shapes known to touch or overlap.
pub(crate) fn epa_contact_from<A, B>(
    a: &A,
    b: &B,
    end: &GjkEnd,
    fallback: Vec3,
) -> Option<ContactInfo>
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
{
    if !end.touching {
        let cp = end.closest;
        return Some(ContactInfo {
            point: (cp.a + cp.b) * 0.5,
            normal: (cp.a - cp.b).try_normalize().unwrap_or(fallback),
            depth: 0.0,
        });
    }
    let p = epa(a, b, end, fallback)?;
    Some(ContactInfo {
        point: common_point(end),
        normal: p.normal,
        depth: p.depth,
    })
}

/// GJK's common point of two touching or overlapping shapes: the same weights of its simplex's
/// points on either shape, whose difference is the origin (up to rounding), give a point of
/// both. (EPA's witness points are each shape's point deepest in the other, which need not lie
/// in the other shape when one sticks out beyond the other's far side.)
pub(crate) fn common_point(end: &GjkEnd) -> Vec3 {
    (end.closest.a + end.closest.b) * 0.5
}
