//! Triangle–triangle overlap and the segment where two triangles meet.

use crate::math::{Vec3, from_f64};
use crate::query::Intersects;
use crate::query::algo::orient::{P, o2, o3};
use crate::query::algo::scale::rescale;
use crate::shape::{Segment, Triangle};

impl Intersects<Triangle> for Triangle {
    /// Guigue and Devillers' test ("Fast and Robust Triangle-Triangle Overlap Test Using
    /// Orientation Predicates", JGT 8(1), 2003) with every orientation sign exact: Shewchuk's
    /// adaptive `orient3d`/`orient2d` (the `robust` crate) on the coordinates widened to `f64`,
    /// which is exact for `f32` and `f64` input alike.
    ///
    /// So the answer is the exact one for the triangles as given: touching at a vertex, along an
    /// edge, a vertex on the other's face, and coplanar triangles that share only an edge or a
    /// vertex all intersect, and any positive gap separates. Coplanar triangles are decided in
    /// 2D: they meet exactly when their projections onto each of the three coordinate planes meet
    /// (one of the projections is one-to-one on their plane, and the others can only add
    /// overlap), each 2D test by exact segment crossings and point-in-triangle signs.
    ///
    /// Degenerate triangles (exactly collinear corners) are the segments or points they are: a
    /// segment against a proper triangle by the signs of its ends against the plane and of its
    /// line against the three edges; two segments by coplanarity, then the 2D test. Non-finite
    /// input gives `false`.
    ///
    /// ```
    /// use isect::{Intersects, Triangle, glam::Vec3};
    /// let t = Triangle::new(Vec3::ZERO, Vec3::X, Vec3::Y);
    /// // Sharing an edge in the same plane.
    /// assert!(t.intersects(&Triangle::new(Vec3::X, Vec3::Y, Vec3::ONE.with_z(0.0))));
    /// assert!(!t.intersects(&Triangle::new(Vec3::Z, Vec3::X + Vec3::Z, Vec3::Y + Vec3::Z)));
    /// ```
    fn intersects(&self, other: &Triangle) -> bool {
        rescale!(pair self, other, intersects);
        if !(self.is_usable() && other.is_usable()) {
            return false;
        }
        let t1 = wide(self);
        let t2 = wide(other);
        match (proper(&t1), proper(&t2)) {
            (true, true) => guigue_devillers(&t1, &t2),
            (true, false) => segment_triangle(extreme_pair(&t2), &t1),
            (false, true) => segment_triangle(extreme_pair(&t1), &t2),
            (false, false) => {
                let [p, q] = extreme_pair(&t1);
                let [r, s] = extreme_pair(&t2);
                o3(p, q, r, s) == 0.0 && coplanar([p, q, q], [r, s, s])
            }
        }
    }
}

impl Triangle {
    /// The segment where `self` and `other` meet.
    ///
    /// - Triangles in different planes: the overlap, along the line where their planes cross, of
    ///   each triangle's cut by the other's plane (Guigue and Devillers' construction). Touching
    ///   at a single point (a vertex on the other's face or edge, two edges crossing) gives a
    ///   zero-length segment at that point.
    /// - Coplanar triangles that only touch (along a piece of an edge, or at a point): that
    ///   piece, whose ends are corners of the triangles, exactly.
    /// - Coplanar triangles whose overlap has area: `None`. The intersection is then a polygon,
    ///   which no segment stands for; [`Intersects`] reports `true` for them. So `None` means
    ///   "apart, or overlapping in a polygon": test with [`Intersects`] to tell which.
    ///
    /// Also `None` for degenerate triangles (collinear corners, which have no plane) and for
    /// non-finite input. Which case applies is decided exactly (Shewchuk's predicates, as in
    /// [`Intersects`]); the endpoints of the non-coplanar case are computed in floating point
    /// and lie on both triangles to within rounding (a few ulps of the coordinates, more when the
    /// planes are nearly parallel).
    ///
    /// ```
    /// use isect::{Triangle, glam::Vec3};
    /// let t = Triangle::new(Vec3::new(-1.0, -1.0, 0.0), Vec3::new(3.0, -1.0, 0.0), Vec3::new(-1.0, 3.0, 0.0));
    /// let u = Triangle::new(Vec3::new(0.0, 0.0, -1.0), Vec3::new(0.0, 0.0, 1.0), Vec3::new(1.0, 0.0, 0.0));
    /// let s = t.intersection_segment(&u).unwrap();
    /// assert_eq!((s.a.min(s.b), s.a.max(s.b)), (Vec3::ZERO, Vec3::X));
    /// ```
    #[must_use]
    pub fn intersection_segment(&self, other: &Triangle) -> Option<Segment> {
        rescale!(pair self, other, intersection_segment);
        if !(self.is_usable() && other.is_usable()) {
            return None;
        }
        let t1 = wide(self);
        let t2 = wide(other);
        if !(proper(&t1) && proper(&t2)) {
            return None;
        }
        let d1 = t1.map(|p| o3(p, t2[0], t2[1], t2[2]));
        let d2 = t2.map(|p| o3(p, t1[0], t1[1], t1[2]));
        if d1.iter().all(|&d| d == 0.0) {
            return coplanar_contact(&t1, &t2);
        }
        if !guigue_devillers(&t1, &t2) {
            return None;
        }
        let [a1, b1] = plane_cut(&t1, d1);
        let [a2, b2] = plane_cut(&t2, d2);
        // Both cuts lie on the line where the planes cross; order their ends along the longer
        // cut. (Not along n1 × n2: the normal of a sliver, rounded, can be zero or point
        // anywhere, while the predicates still see a proper triangle.) Two point cuts are the
        // same point, which the overlap below returns.
        let (e1, e2) = (sub(b1, a1), sub(b2, a2));
        let dir = if dot(e1, e1) >= dot(e2, e2) { e1 } else { e2 };
        let along = |p: [f64; 3]| dot(dir, p);
        let (a1, b1) = ordered(a1, b1, along);
        let (a2, b2) = ordered(a2, b2, along);
        let start = if along(a1) >= along(a2) { a1 } else { a2 };
        let end = if along(b1) <= along(b2) { b1 } else { b2 };
        // Rounding can leave the computed overlap inverted by a few ulps where the exact one is
        // a point: answer that point.
        let (start, end) = if along(start) <= along(end) {
            (start, end)
        } else {
            let mid = [0, 1, 2].map(|i| 0.5 * (start[i] + end[i]));
            (mid, mid)
        };
        let segment = Segment::new(narrow(start), narrow(end));
        segment.is_usable().then_some(segment)
    }
}

/// The corners in `f64`, exactly (a no-op in `isect-f64`).
#[inline]
fn wide(t: &Triangle) -> [P; 3] {
    t.vertices().map(crate::query::algo::orient::wide)
}

#[inline]
fn narrow(p: P) -> Vec3 {
    Vec3::new(from_f64(p[0]), from_f64(p[1]), from_f64(p[2]))
}

/// Whether the corners are not collinear (exactly): some coordinate projection has area.
#[inline]
fn proper(t: &[P; 3]) -> bool {
    (0..3).any(|k| o2(k, t[0], t[1], t[2]) != 0.0)
}

/// The two corners farthest apart along the axis of largest spread: for collinear corners,
/// the ends of the segment they make (both the same point for a point triangle).
fn extreme_pair(t: &[P; 3]) -> [P; 2] {
    let spread = |k: usize| {
        let lo = t[0][k].min(t[1][k]).min(t[2][k]);
        let hi = t[0][k].max(t[1][k]).max(t[2][k]);
        hi - lo
    };
    let k = if spread(0) >= spread(1) && spread(0) >= spread(2) {
        0
    } else if spread(1) >= spread(2) {
        1
    } else {
        2
    };
    let mut lo = t[0];
    let mut hi = t[0];
    for p in &t[1..] {
        if p[k] < lo[k] {
            lo = *p;
        }
        if p[k] > hi[k] {
            hi = *p;
        }
    }
    [lo, hi]
}

/// The sign of `x` as -1, 0 or 1.
#[inline]
fn sign(x: f64) -> i8 {
    i8::from(x > 0.0) - i8::from(x < 0.0)
}

/// Guigue–Devillers for two proper triangles.
fn guigue_devillers(t1: &[P; 3], t2: &[P; 3]) -> bool {
    let [p1, q1, r1] = *t1;
    let [p2, q2, r2] = *t2;
    // Signs of T1's corners against T2's plane, and of T2's against T1's.
    let [dp1, dq1, dr1] = [p1, q1, r1].map(|x| sign(o3(x, p2, q2, r2)));
    if dp1 == dq1 && dp1 == dr1 && dp1 != 0 {
        return false;
    }
    let [dp2, dq2, dr2] = [p2, q2, r2].map(|x| sign(o3(x, p1, q1, r1)));
    if dp2 == dq2 && dp2 == dr2 && dp2 != 0 {
        return false;
    }
    // Circular permutations bring T1's lone corner first (on the positive side, or T2 reordered
    // to flip the orientation), as in the paper's reference code.
    let (t1, swap2) = match (dp1, dq1, dr1) {
        (1, 1, _) => ([r1, p1, q1], true),
        (1, _, 1) => ([q1, r1, p1], true),
        (1, _, _) => ([p1, q1, r1], false),
        (-1, -1, _) => ([r1, p1, q1], false),
        (-1, _, -1) => ([q1, r1, p1], false),
        (-1, _, _) => ([p1, q1, r1], true),
        (_, -1, r) if r >= 0 => ([q1, r1, p1], true),
        (_, -1, _) => ([p1, q1, r1], false),
        (_, 1, 1) => ([p1, q1, r1], true),
        (_, 1, _) => ([q1, r1, p1], false),
        (_, _, 1) => ([r1, p1, q1], false),
        (_, _, -1) => ([r1, p1, q1], true),
        _ => return coplanar(*t1, *t2),
    };
    let (t2, [dp2, dq2, dr2]) = if swap2 {
        ([p2, r2, q2], [dp2, dr2, dq2])
    } else {
        ([p2, q2, r2], [dp2, dq2, dr2])
    };
    tri_tri_3d(t1, t2, [dp2, dq2, dr2])
}

/// The reference code's `TRI_TRI_3D`: T2 permuted so its lone corner comes first, then the two
/// interval checks.
fn tri_tri_3d(t1: [P; 3], t2: [P; 3], d2: [i8; 3]) -> bool {
    let [p1, q1, r1] = t1;
    let [p2, q2, r2] = t2;
    let (a, b) = match (d2[0], d2[1], d2[2]) {
        (1, 1, _) => ([p1, r1, q1], [r2, p2, q2]),
        (1, _, 1) => ([p1, r1, q1], [q2, r2, p2]),
        (1, _, _) => ([p1, q1, r1], [p2, q2, r2]),
        (-1, -1, _) => ([p1, q1, r1], [r2, p2, q2]),
        (-1, _, -1) => ([p1, q1, r1], [q2, r2, p2]),
        (-1, _, _) => ([p1, r1, q1], [p2, q2, r2]),
        (_, -1, r) if r >= 0 => ([p1, r1, q1], [q2, r2, p2]),
        (_, -1, _) => ([p1, q1, r1], [p2, q2, r2]),
        (_, 1, 1) => ([p1, r1, q1], [p2, q2, r2]),
        (_, 1, _) => ([p1, q1, r1], [q2, r2, p2]),
        (_, _, 1) => ([p1, q1, r1], [r2, p2, q2]),
        (_, _, -1) => ([p1, r1, q1], [r2, p2, q2]),
        _ => return coplanar(t1, t2),
    };
    check_min_max(a, b)
}

/// `CHECK_MIN_MAX`: the two intervals on the line of the planes' crossing overlap.
#[inline]
fn check_min_max([p1, q1, r1]: [P; 3], [p2, q2, r2]: [P; 3]) -> bool {
    !(o3(q2, p2, p1, q1) > 0.0 || o3(r2, p2, r1, p1) > 0.0)
}

/// A segment `[p, q]` (possibly a point) against a proper triangle.
fn segment_triangle([p, q]: [P; 2], t: &[P; 3]) -> bool {
    let [a, b, c] = *t;
    let sp = sign(o3(p, a, b, c));
    let sq = sign(o3(q, a, b, c));
    if sp == sq && sp != 0 {
        return false;
    }
    if sp == 0 && sq == 0 {
        return coplanar([p, q, q], *t);
    }
    // The segment meets the plane at one point: on the triangle exactly when the segment's line
    // passes inside all three edges (Ericson §5.3.4's triple products, here exact).
    let u = sign(o3(p, q, a, b));
    let v = sign(o3(p, q, b, c));
    let w = sign(o3(p, q, c, a));
    (u >= 0 && v >= 0 && w >= 0) || (u <= 0 && v <= 0 && w <= 0)
}

/// Two triangles (or segments, or points) known to lie in one plane: they meet exactly when
/// their projections onto each coordinate plane meet.
fn coplanar(t1: [P; 3], t2: [P; 3]) -> bool {
    (0..3).all(|k| overlap_2d(k, &t1, &t2))
}

/// Whether the projections dropping coordinate `k` of the two (possibly degenerate) triangles
/// meet: an edge of one crosses or touches an edge of the other, or one lies inside the other.
fn overlap_2d(k: usize, t1: &[P; 3], t2: &[P; 3]) -> bool {
    for i in 0..3 {
        for j in 0..3 {
            if segments_meet_2d(k, [t1[i], t1[(i + 1) % 3]], [t2[j], t2[(j + 1) % 3]]) {
                return true;
            }
        }
    }
    inside_2d(k, t1, t2[0]) || inside_2d(k, t2, t1[0])
}

/// Whether `p` is inside the triangle's projection with area (a projection without area is
/// the union of its edges, which the edge tests cover).
fn inside_2d(k: usize, t: &[P; 3], p: P) -> bool {
    let area = sign(o2(k, t[0], t[1], t[2]));
    if area == 0 {
        return false;
    }
    (0..3).all(|i| sign(o2(k, t[i], t[(i + 1) % 3], p)) * area >= 0)
}

/// Exact 2D segment intersection (touching and collinear overlap included) in the projection
/// dropping coordinate `k`.
fn segments_meet_2d(k: usize, [p1, p2]: [P; 2], [q1, q2]: [P; 2]) -> bool {
    let a = sign(o2(k, p1, p2, q1));
    let b = sign(o2(k, p1, p2, q2));
    let c = sign(o2(k, q1, q2, p1));
    let d = sign(o2(k, q1, q2, p2));
    if a * b > 0 || c * d > 0 {
        return false;
    }
    if a == 0 && b == 0 && c == 0 && d == 0 {
        // Collinear: the intervals overlap on both remaining coordinates.
        let (i, j) = ((k + 1) % 3, (k + 2) % 3);
        return [i, j].iter().all(|&m| {
            p1[m].min(p2[m]) <= q1[m].max(q2[m]) && q1[m].min(q2[m]) <= p1[m].max(p2[m])
        });
    }
    true
}

/// The cut of a proper triangle by a plane it crosses, given the corners' signed orientations
/// `d` against that plane: the two ends (corners on the plane, or edge crossings).
fn plane_cut(t: &[P; 3], d: [f64; 3]) -> [P; 2] {
    let mut ends = [t[0]; 2];
    let mut n = 0;
    let mut push = |p: P| {
        if n < 2 {
            ends[n] = p;
        }
        n += 1;
    };
    for i in 0..3 {
        let j = (i + 1) % 3;
        if d[i] == 0.0 {
            push(t[i]);
        }
        if (d[i] > 0.0 && d[j] < 0.0) || (d[i] < 0.0 && d[j] > 0.0) {
            let s = d[i] / (d[i] - d[j]);
            push([0, 1, 2].map(|m| t[i][m] + s * (t[j][m] - t[i][m])));
        }
    }
    if n == 1 {
        ends[1] = ends[0];
    }
    ends
}

#[inline]
fn ordered(a: P, b: P, along: impl Fn(P) -> f64) -> (P, P) {
    if along(a) <= along(b) { (a, b) } else { (b, a) }
}

#[inline]
fn sub(a: P, b: P) -> P {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

#[inline]
fn dot(a: P, b: P) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// The intersection of two coplanar proper triangles when it has no area: a piece of an edge
/// line of one of them. Two convex polygons with disjoint interiors have a separating line
/// through an edge of one of them; the other then lies on the closed outer side of that edge
/// and touches its line at one corner or along one edge, and the intersection is the overlap of
/// the two collinear pieces, whose ends are corners. `None` when no edge separates (the
/// interiors overlap) or the triangles are apart.
fn coplanar_contact(t1: &[P; 3], t2: &[P; 3]) -> Option<Segment> {
    if !coplanar(*t1, *t2) {
        return None;
    }
    // A projection that is one-to-one on the common plane: one where t1 has area.
    let k = (0..3).find(|&k| o2(k, t1[0], t1[1], t1[2]) != 0.0)?;
    for (x, y) in [(t1, t2), (t2, t1)] {
        let area = sign(o2(k, x[0], x[1], x[2]));
        for i in 0..3 {
            let (p, q) = (x[i], x[(i + 1) % 3]);
            let sides = y.map(|c| sign(o2(k, p, q, c)) * area);
            if sides.iter().any(|&s| s > 0) {
                continue;
            }
            // `y` is on the outer side of the edge pq, touching its line at the corners with
            // side 0 (one, or two: an edge).
            let dir = sub(q, p);
            let along = |c: P| dot(sub(c, p), dir);
            let mut touching = y
                .iter()
                .zip(sides)
                .filter(|&(_, s)| s == 0)
                .map(|(c, _)| *c);
            let first = touching.next()?;
            let (lo_y, hi_y) = touching.fold((first, first), |(lo, hi), c| {
                (
                    if along(c) < along(lo) { c } else { lo },
                    if along(c) > along(hi) { c } else { hi },
                )
            });
            let start = if along(lo_y) > 0.0 { lo_y } else { p };
            let end = if along(hi_y) < along(q) { hi_y } else { q };
            let (start, end) = if along(start) <= along(end) {
                (start, end)
            } else {
                (start, start)
            };
            return Some(Segment::new(narrow(start), narrow(end)));
        }
    }
    None
}
