//! Issue 24, found in review (s25): a ray whose `dir` is long beside the distance to its hit
//! (`|dir| = 2¹²⁷` and a shape `1e-6` away, in `f32`) has its `t` below the normal range, where
//! it keeps a few bits or none. The casts formed the hit point as `origin + t · dir` from that
//! `t`: `0.4` of the shape's size off (a sphere's entry at `(1.2e-7, 1.5e-7)` for
//! `(2.1e-7, 1.8e-7)`), and the origin itself where `t` underflowed to 0 (the triangle and the
//! mesh), a hit indistinguishable from "starts inside". Such a hit is now cast again with `dir`
//! brought to unit scale by a power of two: the point and normal of the cast along the unit
//! direction exactly, `t` that cast's, scaled by the same power of two.

use isect::math::{Quat, Vec3};
use isect::{
    Aabb, Capsule, ConvexHull, Obb, Plane, Ray, RayCast, RayHit, Real, Sphere, TriMesh, Triangle,
};

use super::pow2;
use crate::common::{aabb_frustum, v};

/// The largest power of two below `Real::MAX` as an exponent: `dir`'s length in the cast.
fn huge_exp() -> i32 {
    Real::MAX_EXP - 1
}

/// The scale of the scene: shapes this far away leave `t` about five bits at `|dir| = 2¹²⁷`
/// (`f32`) or `2¹⁰²³` (`f64`).
fn scene() -> Real {
    pow2(5 - Real::MANTISSA_DIGITS as i32)
}

/// The hit along `u · 2ᵉ` must be the hit along `u` with `t` scaled: same point and normal, bit
/// for bit.
fn check(name: &str, cast: impl Fn(&Ray) -> Option<RayHit>, origin: Vec3, u: Vec3) {
    let unit = cast(&Ray::new(origin, u)).unwrap_or_else(|| panic!("{name}: the unit ray misses"));
    let huge = cast(&Ray::new(origin, u * pow2(huge_exp())))
        .unwrap_or_else(|| panic!("{name}: the long ray misses"));
    assert!(unit.t > 0.0, "{name}: {unit:?}");
    assert_eq!(huge.point, unit.point, "{name}: {huge:?} against {unit:?}");
    assert_eq!(huge.normal, unit.normal, "{name}");
    assert_eq!(huge.t, unit.t * pow2(-huge_exp()), "{name}");
}

#[test]
fn hit_point_of_a_cast_whose_parameter_underflows() {
    let k = scene();
    let u = v(1.0, 0.25, 0.0).normalize();
    let o = v(-0.3, -0.01, 0.02) * k;
    let s = |x: Real, y: Real, z: Real| v(x, y, z) * k;
    let sphere = Sphere::new(s(0.5, 0.0, 0.0), 0.4 * k);
    let aabb = Aabb::new(s(0.1, -0.5, -0.5), s(1.0, 0.5, 0.5));
    let obb = Obb::from_quat(
        s(0.5, 0.0, 0.0),
        s(0.3, 0.3, 0.3),
        Quat::from_rotation_z(0.3),
    );
    let capsule = Capsule::new(s(0.5, -1.0, 0.0), s(0.5, 1.0, 0.0), 0.3 * k);
    let corners = [s(0.2, -1.0, -1.0), s(0.3, 1.0, -1.0), s(0.25, 0.0, 1.0)];
    let triangle = Triangle::new(corners[0], corners[1], corners[2]);
    let hull = ConvexHull::new(vec![corners[0], corners[1], corners[2], s(1.0, 0.0, 0.0)]);
    let mesh = TriMesh::new(corners.to_vec(), vec![[0, 1, 2]]).unwrap();
    let plane = Plane::new(Vec3::X, 0.2 * k);
    let frustum = aabb_frustum(&aabb);
    let inf = Real::INFINITY;
    check("sphere", |r| sphere.raycast(r, inf), o, u);
    check("sphere surface", |r| sphere.raycast_surface(r, inf), o, u);
    check("aabb", |r| aabb.raycast(r, inf), o, u);
    check("aabb surface", |r| aabb.raycast_surface(r, inf), o, u);
    check("obb", |r| obb.raycast(r, inf), o, u);
    check("obb surface", |r| obb.raycast_surface(r, inf), o, u);
    check("capsule", |r| capsule.raycast(r, inf), o, u);
    check("capsule surface", |r| capsule.raycast_surface(r, inf), o, u);
    check("triangle", |r| triangle.raycast(r, inf), o, u);
    // The front face looks along +x: reached from beyond it.
    let beyond = s(0.8, 0.1, 0.02);
    check(
        "triangle front",
        |r| triangle.raycast_front(r, inf),
        beyond,
        -u,
    );
    check("hull", |r| hull.raycast(r, inf), o, u);
    check("hull surface", |r| hull.raycast_surface(r, inf), o, u);
    check("mesh", |r| mesh.raycast(r, inf), o, u);
    check("mesh surface", |r| mesh.raycast_surface(r, inf), o, u);
    check("plane", |r| plane.raycast(r, inf), o, u);
    check("plane front", |r| plane.raycast_front(r, inf), beyond, -u);
    check("frustum", |r| frustum.raycast(r, inf), o, u);
    check("frustum surface", |r| frustum.raycast_surface(r, inf), o, u);
    // Against an answer by hand: the box is entered through its face `x = 0.1 k`.
    let entry = aabb
        .raycast(&Ray::new(o, u * pow2(huge_exp())), inf)
        .unwrap();
    assert_eq!((entry.point.x, entry.normal), (aabb.min.x, -Vec3::X));
    let (y, z) = (o.y + (aabb.min.x - o.x) * 0.25, o.z);
    assert!((entry.point.y - y).abs() <= 1e-6 * k, "{entry:?}");
    assert_eq!(entry.point.z, z);
    // From inside, the surface casts find the exit the same way.
    let inside = s(0.5, 0.0, 0.0);
    check("sphere exit", |r| sphere.raycast_surface(r, inf), inside, u);
    check("aabb exit", |r| aabb.raycast_surface(r, inf), inside, u);
    check(
        "hull exit",
        |r| hull.raycast_surface(r, inf),
        s(0.5, 0.0, 0.0),
        u,
    );
    // The mesh's triangle query keeps `t` and the barycentrics.
    let unit = mesh.raycast_triangle(&Ray::new(o, u), inf).unwrap();
    let huge = mesh
        .raycast_triangle(&Ray::new(o, u * pow2(huge_exp())), inf)
        .unwrap();
    assert_eq!(
        (huge.u, huge.v, huge.triangle),
        (unit.u, unit.v, unit.triangle)
    );
    assert_eq!(huge.t, unit.t * pow2(-huge_exp()));
    // `max_t` still bounds the hit (clear of `t`: a `t` of five bits rounds by a sixtieth).
    let long = Ray::new(o, u * pow2(huge_exp()));
    let t = sphere.raycast(&long, inf).unwrap().t;
    assert!(t > 0.0);
    assert_eq!(sphere.raycast(&long, t * 1.25).map(|h| h.t), Some(t));
    assert!(sphere.raycast(&long, t * 0.75).is_none());
}
