//! Frusta for the 3D cases: from a camera (a perspective projection and a view), or six planes
//! of any numbers (any six half-spaces make a region, possibly unbounded or empty); and the
//! region in `f64`, as the hull of its corners inside a box that holds the case, for the
//! distance that says how near a case is to touching.

use isect::math::{Mat4, Quat, Vec3, Vec4};
use isect::{Frustum, Plane, Real};
use isect_f64::ConvexHull;
use isect_f64::math::Vec3 as DVec3;

use crate::Input;

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

/// [`region`]'s corners rounded to `f32`, as a hull (`None` for an empty region).
pub(crate) fn hull(f: &Frustum, reach: f64) -> Option<isect::ConvexHull> {
    let corners: Vec<Vec3> = region_corners(f, reach)
        .iter()
        .map(|p| p.as_vec3())
        .collect();
    (!corners.is_empty()).then(|| isect::ConvexHull::new(corners))
}

/// The region in `f64`, cut by the box `|x|, |y|, |z| <= reach`: the hull of the corners
/// where three of its planes meet inside all of them (`None` for an empty region). `reach`
/// should hold the case, so that near the other shape the cut region is the region.
pub(crate) fn region(f: &Frustum, reach: f64) -> Option<ConvexHull> {
    let corners = region_corners(f, reach);
    (!corners.is_empty()).then(|| ConvexHull::new(corners))
}

/// The corners of [`region`].
fn region_corners(f: &Frustum, reach: f64) -> Vec<DVec3> {
    let mut planes: Vec<(DVec3, f64)> = f
        .planes
        .iter()
        .map(|p| (p.normal.as_dvec3(), f64::from(p.d)))
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
