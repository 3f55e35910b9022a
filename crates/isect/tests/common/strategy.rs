//! proptest strategies for coordinates, directions, rotations and shapes.
//!
//! Coordinates live in [-10, 10]; degenerate shapes (zero radius, flat boxes, coincident ends)
//! are generated on purpose part of the time, since they must be answered as what they are.

use isect::math::{Mat3, Quat, Vec3};
use isect::{Aabb, Capsule, Line, Obb, Plane, Ray, Real, Segment, Sphere, Triangle};
use proptest::prelude::*;

use super::Motion;

pub fn coord() -> impl Strategy<Value = Real> {
    -10.0 as Real..10.0
}

pub fn vec3() -> impl Strategy<Value = Vec3> {
    (coord(), coord(), coord()).prop_map(|(x, y, z)| Vec3::new(x, y, z))
}

/// A point, sometimes on a small integer lattice so that exact ties and on-boundary cases occur.
pub fn point() -> impl Strategy<Value = Vec3> {
    prop_oneof![
        3 => vec3(),
        1 => (-4i32..=4, -4i32..=4, -4i32..=4)
            .prop_map(|(x, y, z)| Vec3::new(x as Real, y as Real, z as Real)),
    ]
}

/// A non-negative length, 0 one time in eight.
pub fn length() -> impl Strategy<Value = Real> {
    prop_oneof![1 => Just(0.0 as Real), 7 => 0.0 as Real..5.0]
}

/// A direction of length in [0.1, 10), not unit.
pub fn direction() -> impl Strategy<Value = Vec3> {
    (unit(), crate::common::strategy::real(0.1, 10.0)).prop_map(|(u, s)| u * s)
}

/// A unit vector, uniform on the sphere.
pub fn unit() -> impl Strategy<Value = Vec3> {
    (vec3(), any::<u8>()).prop_map(|(v, k)| {
        v.try_normalize()
            .unwrap_or([Vec3::X, Vec3::Y, Vec3::Z][k as usize % 3])
    })
}

/// A uniformly random rotation (from four normal-ish components, normalized).
pub fn rotation() -> impl Strategy<Value = Quat> {
    (coord(), coord(), coord(), coord()).prop_map(|(x, y, z, w)| {
        let q = Quat::from_xyzw(x, y, z, w);
        if q.length_squared() > 1e-3 {
            q.normalize()
        } else {
            Quat::IDENTITY
        }
    })
}

pub fn motion() -> impl Strategy<Value = Motion> {
    (rotation(), vec3()).prop_map(|(rotation, translation)| Motion {
        rotation,
        translation,
    })
}

pub fn sphere() -> impl Strategy<Value = Sphere> {
    (point(), length()).prop_map(|(c, r)| Sphere::new(c, r))
}

pub fn aabb() -> impl Strategy<Value = Aabb> {
    (point(), length(), length(), length())
        .prop_map(|(c, x, y, z)| Aabb::from_center_half_extents(c, Vec3::new(x, y, z)))
}

pub fn obb() -> impl Strategy<Value = Obb> {
    (point(), length(), length(), length(), rotation())
        .prop_map(|(c, x, y, z, q)| Obb::from_quat(c, Vec3::new(x, y, z), q))
}

pub fn capsule() -> impl Strategy<Value = Capsule> {
    prop_oneof![
        4 => (point(), point(), length()).prop_map(|(a, b, r)| Capsule::new(a, b, r)),
        1 => (point(), length()).prop_map(|(a, r)| Capsule::new(a, a, r)),
    ]
}

pub fn segment() -> impl Strategy<Value = Segment> {
    prop_oneof![
        6 => (point(), point()).prop_map(|(a, b)| Segment::new(a, b)),
        1 => point().prop_map(|a| Segment::new(a, a)),
    ]
}

pub fn line() -> impl Strategy<Value = Line> {
    (point(), direction()).prop_map(|(o, d)| Line::new(o, d))
}

pub fn ray() -> impl Strategy<Value = Ray> {
    (point(), direction()).prop_map(|(o, d)| Ray::new(o, d))
}

pub fn plane() -> impl Strategy<Value = Plane> {
    (unit(), coord()).prop_map(|(n, d)| Plane::new(n, d))
}

/// A triangle: general, or collinear, or with coincident corners, or a sliver.
pub fn triangle() -> impl Strategy<Value = Triangle> {
    prop_oneof![
        8 => (point(), point(), point()).prop_map(|(a, b, c)| Triangle::new(a, b, c)),
        1 => (point(), point(), 0.0 as Real..1.0).prop_map(|(a, b, t)| Triangle::new(a, b, a.lerp(b, t))),
        1 => (point(), point(), -1.0 as Real..2.0).prop_map(|(a, b, t)| Triangle::new(a, a.lerp(b, t), b)),
        1 => (point(), point()).prop_map(|(a, b)| Triangle::new(a, b, b)),
        1 => (point(), point(), unit()).prop_map(|(a, b, n)| {
            Triangle::new(a, b, a.lerp(b, 0.5) + n * 1e-3)
        }),
    ]
}

/// Up to 16 points for a convex hull, sometimes all coplanar or collinear.
pub fn hull_points() -> impl Strategy<Value = Vec<Vec3>> {
    prop_oneof![
        4 => proptest::collection::vec(vec3(), 1..16),
        1 => (proptest::collection::vec((coord(), coord()), 3..10), rotation(), vec3())
            .prop_map(|(xy, q, t)| xy.into_iter().map(|(x, y)| q * Vec3::new(x, y, 0.0) + t).collect()),
        1 => (proptest::collection::vec(coord(), 2..8), unit(), vec3())
            .prop_map(|(s, d, t)| s.into_iter().map(|s| t + d * s).collect()),
    ]
}

/// Rotation matrix of `q`, for building OBBs directly.
pub fn mat3(q: Quat) -> Mat3 {
    Mat3::from_quat(q)
}

/// One of the 48 exact signed permutation matrices (see `common::signed_permutations`).
pub fn signed_permutation() -> impl Strategy<Value = Mat3> {
    (0usize..48).prop_map(|i| super::signed_permutations()[i])
}

/// A convex hull of `hull_points()` (general, coplanar or collinear).
pub fn convex_hull() -> impl Strategy<Value = isect::ConvexHull> {
    hull_points().prop_map(isect::ConvexHull::new)
}

/// A view matrix from glam's right-handed `look_to`: the eye anywhere, looking along a unit
/// direction, with an up vector not too close to it.
pub fn view_matrix() -> impl Strategy<Value = isect::math::Mat4> {
    (vec3(), unit(), unit())
        .prop_filter("up too close to the view direction", |(_, dir, up)| {
            dir.cross(*up).length() > 0.2
        })
        .prop_map(|(eye, dir, up)| super::camera::rh::view::look_to_mat4(eye, dir, up))
}

/// A bounded camera frustum: a perspective or orthographic projection from glam's camera module
/// times a view, extracted with `Frustum::from_matrix` (depth in [0, 1]: DirectX, Vulkan) or
/// `Frustum::from_matrix_gl` (OpenGL's [-1, 1]) to match the projection.
pub fn camera_frustum() -> impl Strategy<Value = isect::Frustum> {
    use super::camera::rh::proj::{directx, opengl};
    use isect::Frustum;
    let perspective = (
        crate::common::strategy::real(0.2, 2.5),
        crate::common::strategy::real(0.5, 2.5),
        crate::common::strategy::real(0.1, 2.0),
        crate::common::strategy::real(0.5, 15.0),
        any::<bool>(),
    )
        .prop_map(|(fov, aspect, near, depth, gl)| {
            if gl {
                (opengl::perspective(fov, aspect, near, near + depth), gl)
            } else {
                (directx::perspective(fov, aspect, near, near + depth), gl)
            }
        });
    let orthographic = (
        crate::common::strategy::real(0.5, 5.0),
        crate::common::strategy::real(0.5, 5.0),
        crate::common::strategy::real(0.5, 5.0),
        crate::common::strategy::real(0.5, 5.0),
        -2.0 as Real..2.0,
        crate::common::strategy::real(0.5, 10.0),
        any::<bool>(),
    )
        .prop_map(|(l, r, b, t, near, depth, gl)| {
            if gl {
                (opengl::orthographic(-l, r, -b, t, near, near + depth), gl)
            } else {
                (directx::orthographic(-l, r, -b, t, near, near + depth), gl)
            }
        });
    (
        prop_oneof![3 => perspective, 1 => orthographic],
        view_matrix(),
    )
        .prop_map(|((proj, gl), view)| {
            let view_proj = proj * view;
            if gl {
                Frustum::from_matrix_gl(&view_proj)
            } else {
                Frustum::from_matrix(&view_proj)
            }
        })
}

/// Two segments at an angle of 1e-7 .. 1e-2 rad, of half-length 1 .. 1e4, the second's centre
/// offset a little (or not at all) from the first's line and shifted along it: where formulas
/// that solve for the closest parameters lose their accuracy.
pub fn nearly_parallel_segments() -> impl Strategy<Value = (Segment, Segment)> {
    let offset = prop_oneof![
        Just(Vec3::ZERO),
        (unit(), -3.0 as Real..0.0).prop_map(|(n, e)| n * (10.0 as Real).powf(e)),
        vec3(),
    ];
    (
        (vec3(), unit(), unit()),
        (
            -7.0 as Real..-2.0,
            0.0 as Real..4.0,
            crate::common::strategy::real(0.2, 1.5),
        ),
        (offset, crate::common::strategy::real(-1.5, 1.5)),
    )
        .prop_map(
            |((centre, u, w), (angle, length, ratio), (offset, along))| {
                let perp = (w - u * w.dot(u))
                    .try_normalize()
                    .unwrap_or_else(|| u.any_orthonormal_vector());
                let angle = (10.0 as Real).powf(angle);
                let half = (10.0 as Real).powf(length);
                let u2 = u * angle.cos() + perp * angle.sin();
                let c2 = centre + offset + u * (along * half);
                (
                    Segment::new(centre - u * half, centre + u * half),
                    Segment::new(c2 - u2 * (half * ratio), c2 + u2 * (half * ratio)),
                )
            },
        )
}

/// Triangles close to degenerate: an apex at relative height 1e-7 .. 1e-1 above a point of the
/// base line (inside or beyond the base), listed in any position; or one corner very close to
/// another (a needle).
pub fn near_degenerate_triangle() -> impl Strategy<Value = Triangle> {
    let base = || (vec3(), vec3()).prop_filter("distinct", |(a, b)| a.distance(*b) > 1e-2);
    prop_oneof![
        (
            base(),
            crate::common::strategy::real(-0.5, 1.5),
            unit(),
            -7.0 as Real..-1.0,
            any::<u8>()
        )
            .prop_map(|((a, b), t, n, e, order)| {
                let apex = a.lerp(b, t) + n * (10.0 as Real).powf(e) * a.distance(b);
                match order % 3 {
                    0 => Triangle::new(a, b, apex),
                    1 => Triangle::new(apex, a, b),
                    _ => Triangle::new(b, apex, a),
                }
            }),
        (base(), unit(), -7.0 as Real..-1.0).prop_map(|((a, b), n, e)| Triangle::new(
            a,
            b,
            b + n * (10.0 as Real).powf(e)
        )),
    ]
}

/// A uniform number in `[lo, hi)` drawn through an integer: proptest 1.11's `f32` range sampler
/// can fail an internal assertion (`self.low - result < self.intervals.step`) on ranges whose
/// ends are not exactly representable, such as `0.1..10.0`.
pub fn real(lo: Real, hi: Real) -> impl Strategy<Value = Real> {
    const STEPS: u32 = 1 << 24;
    (0..STEPS).prop_map(move |k| lo + (hi - lo) * (k as Real / STEPS as Real))
}
