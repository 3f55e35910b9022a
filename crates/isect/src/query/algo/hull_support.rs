//! The support map of a [`ConvexHull`](crate::ConvexHull), fast: a scan of only the points that
//! can answer, four at a time.
//!
//! **Which points.** A point strictly inside the hull of the others never has the largest
//! `dir · p`, so it need not be scanned. Quickhull's faces (a closed triangulated surface over
//! the hull's vertices) decide which points are that far inside: a point behind the plane of
//! every face by a margin `m` is inside the surface (the signed solid angles the faces subtend
//! from it all have one sign, so the surface winds around it), and so is the ball of radius `m`
//! about it; then every direction has a vertex at least `m |dir|` farther along it, more than the
//! rounding of the two dot products (`m` is `32 ε` times the largest coordinate). The test
//! bounds the rounding of its own orientation determinant, so it never drops a point that could
//! answer: Quickhull's tolerance (a point within `16 ε` of a face counts as on it) decides
//! nothing here. When the faces do not pair up into a closed surface, or the points are
//! coplanar, collinear or one, every point is kept.
//!
//! The first point is always kept, and the kept points stay in their order, so that the scan
//! returns exactly what a scan of every point returns (the first point of largest `dir · p`;
//! the first point when that is NaN for all, as for a zero or NaN direction) whenever the dot
//! products are finite. Exact duplicates of a kept point are dropped after the first copy
//! (they can never be the first maximum).
//!
//! **How.** The kept points are stored in structure-of-arrays rows of four (a [`Vec4`] of `x`,
//! of `y` and of `z`; the last row padded with copies of the first point), scanned with lanes
//! that keep their first maximum, then the lanes compared by value and position. Each lane's
//! dot product is computed in the order of [`Vec3::dot`], so the values are those of the plain
//! scan, bit for bit. The cache costs three reals per kept point (12 bytes in `f32`, 24 in
//! `f64`) plus at most three pads; beyond `2²⁴` rows (where the lanes' row counter, a real,
//! would stop being exact in `f32`) the rows are scanned one point at a time.

use alloc::vec::Vec;

use crate::math::{Real, Vec3, Vec4};

/// The kept points of a hull (see the module docs) in rows of four lanes: `[x, y, z]`.
#[derive(Clone, Debug, PartialEq, Default)]
pub(crate) struct SupportPoints {
    rows: Vec<[Vec4; 3]>,
}

/// Rows from which the lanes' row counter (a real) would no longer be exact in `f32`.
const MAX_ROWS: usize = 1 << 24;

impl SupportPoints {
    /// The rows of `points[i]` for each `i` of `keep` (ascending, starting with 0), padded with
    /// copies of the first.
    pub(crate) fn new(points: &[Vec3], keep: &[usize]) -> Self {
        let Some(&first) = keep.first() else {
            return Self::default();
        };
        let rows = keep
            .chunks(4)
            .map(|chunk| {
                let lane = |k: usize| points[chunk.get(k).copied().unwrap_or(first)];
                let [a, b, c, d] = [lane(0), lane(1), lane(2), lane(3)];
                [
                    Vec4::new(a.x, b.x, c.x, d.x),
                    Vec4::new(a.y, b.y, c.y, d.y),
                    Vec4::new(a.z, b.z, c.z, d.z),
                ]
            })
            .collect();
        Self { rows }
    }

    /// How many points the rows hold, pads included.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        4 * self.rows.len()
    }

    /// The rows with every coordinate mapped by `f` (an exact scaling by a power of two).
    pub(crate) fn map(&self, f: impl Fn(Vec4) -> Vec4) -> Self {
        Self {
            rows: self.rows.iter().map(|row| row.map(&f)).collect(),
        }
    }

    /// The point in lane `lane` of row `row`.
    #[inline]
    fn point(&self, row: usize, lane: usize) -> Vec3 {
        let [x, y, z] = &self.rows[row];
        Vec3::new(x[lane], y[lane], z[lane])
    }

    /// The first kept point of largest `dir · p` (see the module docs); `None` when empty.
    #[inline]
    pub(crate) fn support(&self, dir: Vec3) -> Option<Vec3> {
        let (first, rest) = self.rows.split_first()?;
        if self.rows.len() >= MAX_ROWS {
            return Some(self.support_one_by_one(dir));
        }
        let (dx, dy, dz) = (Vec4::splat(dir.x), Vec4::splat(dir.y), Vec4::splat(dir.z));
        // `Vec3::dot`'s order: (x dx + y dy) + z dz.
        let dot = |[x, y, z]: &[Vec4; 3]| *x * dx + *y * dy + *z * dz;
        let mut best = dot(first);
        // The row of each lane's best, as a real (exact below `MAX_ROWS`).
        let mut best_row = Vec4::ZERO;
        let mut row = Vec4::ZERO;
        for r in rest {
            row += Vec4::ONE;
            let d = dot(r);
            let better = d.cmpgt(best);
            best = Vec4::select(better, d, best);
            best_row = Vec4::select(better, row, best_row);
        }
        // The lanes: largest value, then the earliest position (row, then lane).
        let mut lane = 0;
        for k in 1..4 {
            let (v, r) = (best[k], best_row[k]);
            if v > best[lane] || (v == best[lane] && r < best_row[lane]) {
                lane = k;
            }
        }
        Some(self.point(best_row[lane] as usize, lane))
    }

    /// The least and largest `dir · p` over the kept points for each of `dirs`, in one pass
    /// (`(+∞, −∞)` when empty): the extent of the hull along each direction. Each value is
    /// `Vec3::dot`'s, bit for bit, as in [`support`](Self::support), so for finite dot
    /// products the ends are those of a scan of every point (a dropped point is never
    /// extreme, and the pads are copies of a kept point).
    #[inline]
    pub(crate) fn extents<const N: usize>(&self, dirs: [Vec3; N]) -> [(Real, Real); N] {
        let splat = dirs.map(|d| [Vec4::splat(d.x), Vec4::splat(d.y), Vec4::splat(d.z)]);
        let mut lo = [Vec4::splat(Real::INFINITY); N];
        let mut hi = [Vec4::splat(Real::NEG_INFINITY); N];
        for [x, y, z] in &self.rows {
            for k in 0..N {
                let [dx, dy, dz] = splat[k];
                // `Vec3::dot`'s order: (x dx + y dy) + z dz.
                let d = *x * dx + *y * dy + *z * dz;
                lo[k] = lo[k].min(d);
                hi[k] = hi[k].max(d);
            }
        }
        core::array::from_fn(|k| (lo[k].min_element(), hi[k].max_element()))
    }

    /// The plain scan, for rows beyond `MAX_ROWS`.
    #[cold]
    fn support_one_by_one(&self, dir: Vec3) -> Vec3 {
        let mut best = self.point(0, 0);
        let mut best_dot = dir.dot(best);
        for row in 0..self.rows.len() {
            for lane in 0..4 {
                let p = self.point(row, lane);
                let d = dir.dot(p);
                if d > best_dot {
                    best_dot = d;
                    best = p;
                }
            }
        }
        best
    }
}

/// The indices (ascending) of the points that a support scan must see: every point except
/// those proved inside the closed surface `faces` by more than the rounding (module docs), and
/// except later exact copies of a kept point. Every point when `faces` is empty or not closed.
pub(crate) fn support_candidates(points: &[Vec3], faces: &[[usize; 3]]) -> Vec<usize> {
    let all = || (0..points.len()).collect();
    if points.is_empty() || faces.is_empty() || !closed(faces) {
        return all();
    }
    let scale = points
        .iter()
        .fold(Real::MIN_POSITIVE, |s, p| s.max(p.abs().max_element()));
    let margin = 32.0 * Real::EPSILON * scale;
    // Per face: a corner, the normal (unnormalised), the absolute cross product for the
    // rounding bound, and the margin's share (`m` times an upper bound of `|normal|`).
    struct Face {
        a: Vec3,
        normal: Vec3,
        abs_cross: Vec3,
        slack: Real,
    }
    let planes: Vec<Face> = faces
        .iter()
        .map(|&[a, b, c]| {
            let (a, b, c) = (points[a], points[b], points[c]);
            let (u, v) = (b - a, c - a);
            let (ua, va) = (u.abs(), v.abs());
            let abs_cross = Vec3::new(
                ua.y * va.z + ua.z * va.y,
                ua.z * va.x + ua.x * va.z,
                ua.x * va.y + ua.y * va.x,
            );
            Face {
                a,
                normal: u.cross(v),
                abs_cross,
                slack: 2.0 * margin * (abs_cross.x + abs_cross.y + abs_cross.z)
                    + Real::MIN_POSITIVE,
            }
        })
        .collect();
    let mut on_surface = alloc::vec![false; points.len()];
    for f in faces {
        for &i in f {
            on_surface[i] = true;
        }
    }
    // Behind every face by the margin, the determinant's rounding (16 ε times the sum of its
    // terms' magnitudes, differences included) and an absolute term for underflow.
    let inside = |q: Vec3| {
        planes.iter().all(|f| {
            let w = q - f.a;
            let det = f.normal.dot(w);
            let bound = 16.0 * Real::EPSILON * f.abs_cross.dot(w.abs()) + f.slack;
            det < -bound
        })
    };
    let mut keep: Vec<usize> = (0..points.len())
        .filter(|&i| i == 0 || on_surface[i] || !inside(points[i]))
        .collect();
    // Later exact copies: sort by the bits, keep each group's first index.
    let bits = |i: usize| points[i].to_array().map(Real::to_bits);
    let mut by_bits = keep.clone();
    by_bits.sort_by_key(|&i| (bits(i), i));
    let mut copy = alloc::vec![false; points.len()];
    for pair in by_bits.windows(2) {
        if bits(pair[0]) == bits(pair[1]) {
            copy[pair[1]] = true;
        }
    }
    keep.retain(|&i| !copy[i]);
    keep
}

/// Whether every directed edge of `faces` appears once and its reverse once: a closed,
/// consistently oriented surface.
fn closed(faces: &[[usize; 3]]) -> bool {
    let mut edges: Vec<(usize, usize)> = faces
        .iter()
        .flat_map(|&[a, b, c]| [(a, b), (b, c), (c, a)])
        .collect();
    edges.sort_unstable();
    if edges.windows(2).any(|w| w[0] == w[1]) {
        return false;
    }
    edges
        .iter()
        .all(|&(a, b)| edges.binary_search(&(b, a)).is_ok())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ConvexHull;
    use crate::query::algo::quickhull::hull_planes;

    /// The integer points of `[-n, n]³`: `(2n - 1)³` of them strictly inside.
    fn grid(n: i32) -> Vec<Vec3> {
        let r = -n..=n;
        r.clone()
            .flat_map(|x| {
                let r = r.clone();
                r.clone().flat_map(move |y| {
                    r.clone()
                        .map(move |z| Vec3::new(x as Real, y as Real, z as Real))
                })
            })
            .collect()
    }

    #[test]
    fn interior_points_and_later_copies_are_dropped() {
        let mut points = grid(2);
        // Copies of a corner and of the centre.
        points.extend([points[0], points[62]]);
        // 125 points, 27 strictly inside, two copies: the 98 of the surface kept.
        let (_, keep) = hull_planes(&points);
        assert_eq!(keep.len(), 98);
        assert!(keep.iter().all(|&i| points[i].abs().max_element() == 2.0));
        // In rows of four: 98 and two pads.
        assert_eq!(ConvexHull::new(points.clone()).support_points().len(), 100);
        // The first point is kept even when it is interior.
        points.swap(0, 62);
        let (_, keep) = hull_planes(&points);
        assert_eq!(keep.len(), 99);
        assert_eq!(keep[0], 0);
    }

    /// The one-pass extents are the least and largest `dir · p` of a scan of every point,
    /// bit for bit, for hulls with interior points and copies (so rows with pads).
    #[test]
    fn extents_are_those_of_the_plain_scan() {
        let mut points = grid(2);
        points.extend([points[3], points[62]]);
        for p in &mut points {
            // Moved off the integers and sheared, so that the dot products round.
            *p = Vec3::new(p.x * 1.1 + 0.3, p.y - p.x * 0.7, p.z * 0.9 + p.y * 0.2);
        }
        let hull = ConvexHull::new(points.clone());
        let dirs = [
            Vec3::new(0.3, -0.8, 0.52),
            Vec3::new(-1.0, 0.0, 0.0),
            Vec3::new(1e-3, 2.5, -7.0),
        ];
        let extents = hull.support_points().extents(dirs);
        for (d, (lo, hi)) in dirs.into_iter().zip(extents) {
            let dots = points.iter().map(|p| d.dot(*p));
            assert_eq!(lo, dots.clone().fold(Real::INFINITY, Real::min));
            assert_eq!(hi, dots.fold(Real::NEG_INFINITY, Real::max));
        }
    }

    #[test]
    fn lanes_answer_as_the_plain_scan() {
        let mut points = grid(2);
        points.push(Vec3::new(0.5, 2.0, 2.0));
        let hull = ConvexHull::new(points);
        let rows = hull.support_points();
        for d in [
            Vec3::X,
            -Vec3::Y,
            Vec3::new(0.0, 1.0, 1.0),
            Vec3::ONE,
            Vec3::ZERO,
        ] {
            assert_eq!(rows.support(d), Some(rows.support_one_by_one(d)));
        }
        assert_eq!(
            rows.support(Vec3::new(0.0, 1.0, 1.0)),
            Some(Vec3::new(-2.0, 2.0, 2.0))
        );
    }

    #[test]
    fn flat_and_open_surfaces_keep_every_point() {
        let square: Vec<Vec3> = grid(1).into_iter().filter(|p| p.z == 0.0).collect();
        assert_eq!(support_candidates(&square, &[]).len(), 9);
        // One face is not a closed surface.
        assert_eq!(support_candidates(&square, &[[0, 2, 8]]).len(), 9);
    }
}
