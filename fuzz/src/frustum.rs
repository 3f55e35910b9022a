//! Frusta for the 3D cases: from a camera (a perspective projection and a view), or six planes
//! of any numbers (any six half-spaces make a region, possibly unbounded or empty); and the
//! region in `f64`, as the hull of its corners inside a box that holds the case, for the
//! distance that says how near a case is to touching.

use isect::math::{Mat4, Quat, Vec3, Vec4};
use isect::{Frustum, Plane, Real};
use isect_f64::ConvexHull;
use isect_f64::math::Vec3 as DVec3;

use crate::exact::{self, Q, q};
use crate::{Input, Shape};
use num_traits::{One, Zero};

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
/// on-set tolerance). A linear program in the points' weights and `t`, solved exactly
/// ([`exact::maximize`]; in `f64` nearly parallel planes threw it off by `50×`). `None` for no
/// points or a number that is not finite.
fn widening(f: &Frustum, points: &[[Q; 3]]) -> Option<f64> {
    let planes: Vec<([Q; 3], Q)> = f
        .planes
        .iter()
        .map(|p| {
            let n = p.normal;
            Some((
                [q(n.x.into())?, q(n.y.into())?, q(n.z.into())?],
                q(p.d.into())?,
            ))
        })
        .collect::<Option<_>>()?;
    let (_, rest) = points.split_first()?;
    // `a[i][j] = n_i · p_j`.
    let dot = |n: &[Q; 3], p: &[Q; 3]| &n[0] * &p[0] + &n[1] * &p[1] + &n[2] * &p[2];
    let a: Vec<Vec<Q>> = planes
        .iter()
        .map(|(n, _)| points.iter().map(|p| dot(n, p)).collect())
        .collect();
    // All weight on the first point and `t = t0`, the first point's largest violation, is
    // feasible: with `λ_1 = 1 - Σ λ_j` and `t = t0 - v`, the program is to maximize `v >= 0`
    // subject to `Σ_j λ_j (a_ij - a_i1) + v <= d_i + t0 - a_i1` (each right side `>= 0`) and
    // `Σ_j λ_j <= 1`, every variable `>= 0`.
    let t0 = planes
        .iter()
        .zip(&a)
        .map(|((_, d), row)| &row[0] - d)
        .max()?;
    let mut rows: Vec<Vec<Q>> = a
        .iter()
        .map(|row| {
            let mut r: Vec<Q> = row[1..].iter().map(|x| x - &row[0]).collect();
            r.push(Q::one());
            r
        })
        .collect();
    let mut bounds: Vec<Q> = planes
        .iter()
        .zip(&a)
        .map(|((_, d), row)| d + &t0 - &row[0])
        .collect();
    let mut weights = vec![Q::one(); rest.len()];
    weights.push(Q::zero());
    rows.push(weights);
    bounds.push(Q::one());
    let mut objective = vec![Q::zero(); rest.len()];
    objective.push(Q::one());
    let v = exact::maximize(&rows, &bounds, &objective)?;
    Some(exact::to_f64(&(t0 - v)))
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
    let exact =
        |p: Vec3| -> Option<[Q; 3]> { Some([q(p.x.into())?, q(p.y.into())?, q(p.z.into())?]) };
    let exact_all = |ps: &[Vec3]| ps.iter().map(|&p| exact(p)).collect::<Option<Vec<_>>>();
    let (points, radius) = match b {
        Shape::Sphere(x) => (exact_all(&[x.center])?, x.radius),
        Shape::Capsule(x) => (exact_all(&[x.a, x.b])?, x.radius),
        Shape::Segment(x) => (exact_all(&[x.a, x.b])?, 0.0),
        Shape::Triangle(x) => (exact_all(&[x.a, x.b, x.c])?, 0.0),
        Shape::Hull(x) => (exact_all(x.points())?, 0.0),
        Shape::Aabb(x) => (
            (0..8)
                .map(|i| {
                    let pick = |k: usize, lo: Real, hi: Real| if i >> k & 1 == 0 { lo } else { hi };
                    exact(Vec3::new(
                        pick(0, x.min.x, x.max.x),
                        pick(1, x.min.y, x.max.y),
                        pick(2, x.min.z, x.max.z),
                    ))
                })
                .collect::<Option<Vec<_>>>()?,
            0.0,
        ),
        Shape::Obb(x) => {
            // The corners `c ± h_x r_x ± h_y r_y ± h_z r_z`, exact.
            let center = exact(x.center)?;
            let axes = [x.rotation.x_axis, x.rotation.y_axis, x.rotation.z_axis]
                .into_iter()
                .zip(x.half_extents.to_array())
                .map(|(axis, h)| {
                    let h = q(h.into())?;
                    let axis = exact(axis)?;
                    Some(axis.map(|c| c * &h))
                })
                .collect::<Option<Vec<_>>>()?;
            let corners = (0..8)
                .map(|i| {
                    let mut p = center.clone();
                    for (k, axis) in axes.iter().enumerate() {
                        for (c, a) in p.iter_mut().zip(axis) {
                            if i >> k & 1 == 0 {
                                *c -= a;
                            } else {
                                *c += a;
                            }
                        }
                    }
                    p
                })
                .collect();
            (corners, 0.0)
        }
        _ => return None,
    };
    Some(widening(f, &points)? - f64::from(radius))
}
