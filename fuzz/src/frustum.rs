//! Frusta for the 3D cases: from a camera (a perspective projection and a view), or six planes
//! of any numbers (any six half-spaces make a region, possibly unbounded or empty); and the
//! region in `f64`, as the hull of its corners inside a box that holds the case, for the
//! distance that says how near a case is to touching.

use isect::math::{Mat4, Quat, Vec3, Vec4};
use isect::{Frustum, Plane, Real};
use isect_f64::ConvexHull;
use isect_f64::math::Vec3 as DVec3;

use crate::{Input, Shape};

/// A frustum from the input: a camera's (a byte's low bit clear) or six planes.
pub(crate) fn read(input: &mut Input) -> Frustum {
    if input.byte() & 1 == 0 {
        // A perspective camera (right-handed, depth in [0, 1]): focal length `1 / tan(fov / 2)`,
        // aspect, near and far from bytes, then where it stands and how it is turned from the
        // numbers of the input.
        let focal = 0.25 + Real::from(input.byte()) / 32.0;
        let aspect = 0.25 + Real::from(input.byte()) / 64.0;
        let near = input.real().abs();
        let far = near * (2.0 + Real::from(input.byte()));
        let eye = input.vec3();
        let q = Quat::from_xyzw(input.real(), input.real(), input.real(), input.real());
        let q = if q.length_squared().is_normal() {
            q.normalize()
        } else {
            q
        };
        let view = Mat4::from_quat(q.conjugate()) * Mat4::from_translation(-eye);
        let r = far / (near - far);
        let projection = Mat4::from_cols(
            Vec4::new(focal / aspect, 0.0, 0.0, 0.0),
            Vec4::new(0.0, focal, 0.0, 0.0),
            Vec4::new(0.0, 0.0, r, -1.0),
            Vec4::new(0.0, 0.0, r * near, 0.0),
        );
        Frustum::from_matrix(&(projection * view))
    } else {
        Frustum::new(core::array::from_fn(|_| {
            let n = input.vec3();
            let n = if n.length_squared().is_normal() {
                n.normalize()
            } else {
                n
            };
            Plane::new(n, input.real())
        }))
    }
}

/// The frustum with every length times `s` (the planes' offsets; normals stay).
pub(crate) fn scaled(f: &Frustum, s: Real) -> Frustum {
    Frustum::new(f.planes.map(|p| Plane {
        normal: p.normal,
        d: p.d * s,
    }))
}

/// The frustum moved by `t`.
pub(crate) fn translated(f: &Frustum, t: Vec3) -> Frustum {
    Frustum::new(f.planes.map(|p| Plane {
        normal: p.normal,
        d: p.d + p.normal.dot(t),
    }))
}

/// Invalid by the planes' rule (a non-finite number or a zero normal).
pub(crate) fn invalid(f: &Frustum) -> bool {
    f.planes
        .iter()
        .any(|p| !(p.normal.is_finite() && p.d.is_finite() && p.normal != Vec3::ZERO))
}

/// [`region`]'s corners rounded to `f32`, as a hull, and by how much the half-spaces were
/// widened to get them: 0 for a region with points; for an empty one the least widening of all
/// six that gives it one (the queries widen each half-space by their on-set tolerance, so an
/// empty region that near is a region to them). `None` where no widening helps (it always does).
pub(crate) fn hull(f: &Frustum, reach: f64) -> Option<(isect::ConvexHull, f64)> {
    let (corners, widening) = match region_corners(f, reach, 0.0) {
        corners if !corners.is_empty() => (corners, 0.0),
        _ => {
            let t = emptiness(f)?;
            // A little more than the least widening, so that the region has a point to find.
            let w = t + 1e-9 * (t + planes_scale(f));
            (region_corners(f, reach, w), t)
        }
    };
    let corners: Vec<Vec3> = corners.iter().map(|p| p.as_vec3()).collect();
    (!corners.is_empty()).then(|| (isect::ConvexHull::new(corners), widening))
}

/// The largest `|d|` of the planes (at least 1).
fn planes_scale(f: &Frustum) -> f64 {
    f.planes
        .iter()
        .fold(1.0, |m: f64, p| m.max(f64::from(p.d).abs()))
}

/// The least `t` for which the half-spaces `n · x <= d + t` share a point (a linear program in
/// `x` and `t`, solved at the vertices where four of its constraints hold with equality); `None`
/// where none of those vertices is feasible.
fn emptiness(f: &Frustum) -> Option<f64> {
    let rows: Vec<[f64; 5]> = f
        .planes
        .iter()
        .map(|p| {
            let n = p.normal.as_dvec3();
            [n.x, n.y, n.z, -1.0, f64::from(p.d)]
        })
        .collect();
    let scale = planes_scale(f);
    let mut best: Option<f64> = None;
    for i in 0..6 {
        for j in i + 1..6 {
            for k in j + 1..6 {
                for l in k + 1..6 {
                    let Some(x) = solve4([rows[i], rows[j], rows[k], rows[l]]) else {
                        continue;
                    };
                    let feasible = rows.iter().all(|r| {
                        r[0] * x[0] + r[1] * x[1] + r[2] * x[2] + r[3] * x[3] - r[4]
                            <= 1e-9 * (scale + x[3].abs())
                    });
                    if feasible && best.is_none_or(|b| x[3] < b) {
                        best = Some(x[3]);
                    }
                }
            }
        }
    }
    best
}

/// The least `t` for which the frustum's half-spaces widened by `t` (`n · x <= d + t`) meet the
/// hull of `points` (negative where they overlap: how much narrower they could be and still
/// meet); the measure the overlap tests' slack is in (they widen each half-space by their
/// on-set tolerance). A linear program in the points' weights and `t`, solved at its vertices
/// (the weights' sum with as many active constraints as points); `None` where no vertex is
/// feasible.
pub(crate) fn widening(f: &Frustum, points: &[DVec3]) -> Option<f64> {
    let m = points.len();
    // Rows `[coefficients of the weights..., coefficient of t, bound]`.
    let mut rows: Vec<Vec<f64>> = f
        .planes
        .iter()
        .map(|p| {
            let n = p.normal.as_dvec3();
            let mut row: Vec<f64> = points.iter().map(|q| n.dot(*q)).collect();
            row.extend([-1.0, f64::from(p.d)]);
            row
        })
        .collect();
    for j in 0..m {
        let mut row = vec![0.0; m + 2];
        row[j] = -1.0;
        rows.push(row);
    }
    let mut sum = vec![1.0; m + 2];
    sum[m] = 0.0;
    let scale = rows.iter().flatten().fold(1.0, |a: f64, b| a.max(b.abs()));
    let mut best: Option<f64> = None;
    let mut chosen = Vec::with_capacity(m);
    choose(rows.len(), m, 0, &mut chosen, &mut |active| {
        let mut system = vec![sum.clone()];
        system.extend(active.iter().map(|&i| rows[i].clone()));
        let Some(x) = solve(system) else {
            return;
        };
        let feasible = rows.iter().all(|r| {
            r[..=m].iter().zip(&x).map(|(a, b)| a * b).sum::<f64>() - r[m + 1] <= 1e-9 * scale
        });
        if feasible && best.is_none_or(|b| x[m] < b) {
            best = Some(x[m]);
        }
    });
    best
}

/// Calls `f` with every `k`-subset of `0..n` (in `chosen`, increasing), from `from` on.
fn choose(n: usize, k: usize, from: usize, chosen: &mut Vec<usize>, f: &mut impl FnMut(&[usize])) {
    if chosen.len() == k {
        f(chosen);
        return;
    }
    for i in from..n {
        chosen.push(i);
        choose(n, k, i + 1, chosen, f);
        chosen.pop();
    }
}

/// The solution of `rows[i][..n] · x = rows[i][n]`, `n` equations (Gaussian elimination with
/// partial pivoting), `None` where they are (nearly) dependent.
fn solve(mut m: Vec<Vec<f64>>) -> Option<Vec<f64>> {
    let n = m.len();
    for c in 0..n {
        let p = (c..n).max_by(|&a, &b| m[a][c].abs().total_cmp(&m[b][c].abs()))?;
        if m[p][c].abs() < 1e-12 {
            return None;
        }
        m.swap(c, p);
        let pivot = m[c].clone();
        for (r, row) in m.iter_mut().enumerate() {
            if r != c {
                let f = row[c] / pivot[c];
                for (x, y) in row.iter_mut().zip(&pivot).skip(c) {
                    *x -= f * y;
                }
            }
        }
    }
    let x: Vec<f64> = (0..n).map(|i| m[i][n] / m[i][i]).collect();
    x.iter().all(|v| v.is_finite()).then_some(x)
}

/// The solution of four equations `r[0..4] · x = r[4]` (Gaussian elimination with partial
/// pivoting), `None` where they are (nearly) dependent.
fn solve4(mut m: [[f64; 5]; 4]) -> Option<[f64; 4]> {
    for c in 0..4 {
        let p = (c..4).max_by(|&a, &b| m[a][c].abs().total_cmp(&m[b][c].abs()))?;
        if m[p][c].abs() < 1e-12 {
            return None;
        }
        m.swap(c, p);
        let pivot = m[c];
        for (r, row) in m.iter_mut().enumerate() {
            if r != c {
                let f = row[c] / pivot[c];
                for (x, y) in row.iter_mut().zip(pivot).skip(c) {
                    *x -= f * y;
                }
            }
        }
    }
    let x = [
        m[0][4] / m[0][0],
        m[1][4] / m[1][1],
        m[2][4] / m[2][2],
        m[3][4] / m[3][3],
    ];
    x.iter().all(|v| v.is_finite()).then_some(x)
}

/// The region in `f64`, cut by the box `|x|, |y|, |z| <= reach`: the hull of the corners
/// where three of its planes meet inside all of them (`None` for an empty region). `reach`
/// should hold the case, so that near the other shape the cut region is the region.
pub(crate) fn region(f: &Frustum, reach: f64) -> Option<ConvexHull> {
    let corners = region_corners(f, reach, 0.0);
    (!corners.is_empty()).then(|| ConvexHull::new(corners))
}

/// The corners of [`region`], every half-space widened by `widen`.
fn region_corners(f: &Frustum, reach: f64, widen: f64) -> Vec<DVec3> {
    let mut planes: Vec<(DVec3, f64)> = f
        .planes
        .iter()
        .map(|p| (p.normal.as_dvec3(), f64::from(p.d) + widen))
        .collect();
    for axis in [DVec3::X, DVec3::Y, DVec3::Z] {
        planes.push((axis, reach));
        planes.push((-axis, reach));
    }
    let mut corners = Vec::new();
    let n = planes.len();
    for i in 0..n {
        for j in i + 1..n {
            for k in j + 1..n {
                let (a, b, c) = (planes[i], planes[j], planes[k]);
                let det = a.0.dot(b.0.cross(c.0));
                if det.abs() < 1e-12 {
                    continue;
                }
                let p = (b.0.cross(c.0) * a.1 + c.0.cross(a.0) * b.1 + a.0.cross(b.0) * c.1) / det;
                // Inside every plane up to the rounding of this corner and that plane.
                let inside = |q: &(DVec3, f64)| {
                    q.0.dot(p) - q.1 <= 1e-9 * (p.abs().max_element() + q.1.abs())
                };
                if p.is_finite() && planes.iter().all(inside) {
                    corners.push(p);
                }
            }
        }
    }
    corners
}

/// [`widening`] of a frustum `a` and a polytope or rounded shape `b` (its
/// points or core, less its radius); `None` for other pairs.
pub(crate) fn shape_widening(a: &Shape, b: &Shape) -> Option<f64> {
    let Shape::Frustum(f) = a else {
        return None;
    };
    let wide = |ps: &[Vec3]| ps.iter().map(|p| p.as_dvec3()).collect::<Vec<_>>();
    let (points, radius) = match b {
        Shape::Sphere(x) => (wide(&[x.center]), x.radius),
        Shape::Capsule(x) => (wide(&[x.a, x.b]), x.radius),
        Shape::Segment(x) => (wide(&[x.a, x.b]), 0.0),
        Shape::Triangle(x) => (wide(&[x.a, x.b, x.c]), 0.0),
        Shape::Hull(x) => (wide(x.points()), 0.0),
        Shape::Aabb(x) => (
            (0..8)
                .map(|i| {
                    let pick = |k: usize, lo: Real, hi: Real| if i >> k & 1 == 0 { lo } else { hi };
                    Vec3::new(
                        pick(0, x.min.x, x.max.x),
                        pick(1, x.min.y, x.max.y),
                        pick(2, x.min.z, x.max.z),
                    )
                    .as_dvec3()
                })
                .collect(),
            0.0,
        ),
        Shape::Obb(x) => (
            (0..8)
                .map(|i| {
                    let sign = |k: usize| if i >> k & 1 == 0 { -1.0 } else { 1.0 };
                    let h = x.half_extents.as_dvec3();
                    let r = x.rotation.as_dmat3();
                    x.center.as_dvec3()
                        + r.x_axis * (sign(0) * h.x)
                        + r.y_axis * (sign(1) * h.y)
                        + r.z_axis * (sign(2) * h.z)
                })
                .collect(),
            0.0,
        ),
        _ => return None,
    };
    Some(widening(f, &points)? - f64::from(radius))
}
