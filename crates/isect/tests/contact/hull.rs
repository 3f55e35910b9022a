//! Contacts of convex hulls with every convex shape (GJK + EPA, the sphere by the hull's face
//! planes), and plane–plane contacts.
//!
//! The reference is an independent brute force in f64: for two point sets, the least
//! penetration over every candidate normal of their Minkowski difference (the normals of every
//! triple of points of either set and the crossings of every pair of edges between the sets):
//! for polytopes that overlap this is the exact depth, and a positive separation along any of
//! them proves the shapes apart. Rounded shapes (sphere, capsule) add their radius to their core's
//! depth. Separation is also checked with the library's exact `Intersects`.

use isect::math::{Quat, Vec3};
use isect::{
    Aabb, Capsule, Contact, ContactInfo, ConvexHull, Intersects, Obb, Plane, PointQuery, Real,
    Sphere, Triangle,
};
use proptest::prelude::*;

use crate::common::flat_reference::{DVec3, dv, wide};
use crate::common::{aabb_corners, obb_corners, strategy, tol, v};
use crate::sweep::Translated;

fn cube(min: Vec3, size: Real) -> ConvexHull {
    ConvexHull::new(aabb_corners(&Aabb::new(min, min + Vec3::splat(size))).to_vec())
}

/// The candidate normals of the Minkowski difference of two point sets: the normals of every
/// triple of either set and the crossings of every edge of one with every edge of the other
/// (unit, one sign; both signs are tried).
pub fn candidates(a: &[DVec3], b: &[DVec3]) -> Vec<DVec3> {
    let mut out = Vec::new();
    let scale = a.iter().chain(b).fold(1.0f64, |s, p| s.max(p.max_abs()));
    let tiny = 1e-12 * scale * scale;
    for set in [a, b] {
        for i in 0..set.len() {
            for j in i + 1..set.len() {
                for k in j + 1..set.len() {
                    let n = (set[j] - set[i]).cross(set[k] - set[i]);
                    if n.length() > tiny {
                        out.push(n.normalize());
                    }
                }
            }
        }
    }
    let edges = |set: &[DVec3]| {
        let mut e = Vec::new();
        for i in 0..set.len() {
            for j in i + 1..set.len() {
                e.push(set[j] - set[i]);
            }
        }
        e
    };
    let (ea, eb) = (edges(a), edges(b));
    for x in &ea {
        for y in &eb {
            let n = x.cross(*y);
            if n.length() > tiny {
                out.push(n.normalize());
            }
        }
    }
    out
}

/// How far `a` must move along the unit `n` to leave `b` behind it: `max_b n·y − min_a n·x`.
pub fn depth_along(a: &[DVec3], b: &[DVec3], n: DVec3) -> f64 {
    let hi_b = b
        .iter()
        .map(|p| n.dot(*p))
        .fold(f64::NEG_INFINITY, f64::max);
    let lo_a = a.iter().map(|p| n.dot(*p)).fold(f64::INFINITY, f64::min);
    hi_b - lo_a
}

/// The least of [`depth_along`] over the candidate normals (both signs) and the normal giving it:
/// the penetration depth of two polytopes that overlap; negative (a separation) when apart.
/// `None` when there is no candidate (points and collinear sets only).
pub fn brute_depth(a: &[Vec3], b: &[Vec3]) -> Option<(f64, DVec3)> {
    let (a, b): (Vec<_>, Vec<_>) = (
        a.iter().map(|&p| dv(p)).collect(),
        b.iter().map(|&p| dv(p)).collect(),
    );
    candidates(&a, &b)
        .into_iter()
        .flat_map(|n| [n, -n])
        .map(|n| (depth_along(&a, &b, n), n))
        .min_by(|x, y| x.0.total_cmp(&y.0))
}

/// `depth_along` for the shapes' point sets with a rounding radius `r` on `a`.
fn depth_along_rounded(a: &[Vec3], r: Real, b: &[Vec3], n: Vec3) -> f64 {
    let (a, b): (Vec<_>, Vec<_>) = (
        a.iter().map(|&p| dv(p)).collect(),
        b.iter().map(|&p| dv(p)).collect(),
    );
    depth_along(&a, &b, dv(n).normalize()) + wide(r)
}

fn scale_of(points: &[&[Vec3]]) -> Real {
    points
        .iter()
        .flat_map(|s| s.iter())
        .fold(1.0 as Real, |s, p| s.max(p.abs().max_element()))
}

/// The checks every contact gets: the mirror has the same depth and the flipped normal; the
/// normal is unit; moving `a` by a little more than the depth along it separates the shapes (by
/// the exact `intersects`) and, where the depth is clear of GJK's resolution, a little less does not;
/// the point lies in both shapes.
#[track_caller]
fn check_contact<A, B>(a: &A, b: &B, scale: Real) -> Option<ContactInfo>
where
    A: Contact<B> + Intersects<B> + Translated + PointQuery + core::fmt::Debug,
    B: Contact<A> + PointQuery + core::fmt::Debug,
{
    let c = a.contact(b);
    let m = b.contact(a);
    let t = tol(scale);
    let what = format!("{a:?} against {b:?}: {c:?} / {m:?}");
    assert_eq!(c.is_some(), a.intersects(b), "Some iff intersects: {what}");
    let Some(c) = c else {
        assert!(m.is_none(), "{what}");
        return None;
    };
    let m = m.unwrap_or_else(|| panic!("mirror has none: {what}"));
    assert!((c.depth - m.depth).abs() <= t, "mirror depth: {what}");
    assert!(
        c.depth <= t || (c.normal + m.normal).length() <= 1e-3,
        "mirror normal: {what}"
    );
    assert!(c.depth >= 0.0 && c.depth.is_finite(), "{what}");
    assert!(
        (c.normal.length() - 1.0).abs() <= 1e-3,
        "normal not unit: {what}"
    );
    let out = a.translated(c.normal * (c.depth * 1.001 + t));
    assert!(
        !out.intersects(b),
        "moving by the depth leaves them overlapping: {what}"
    );
    // (Boolean GJK resolves overlaps only down to about √ε times the coordinates: measured,
    // box hulls overlapping by 2.5e-3 at coordinates ~5 in f32 called apart. The brute force
    // checks the shorter move exactly in `check_against_brute`.)
    if c.depth * 1e-3 > crate::common::gjk_margin(scale) {
        let short = a.translated(c.normal * (c.depth * 0.999));
        assert!(
            short.intersects(b),
            "moving by less than the depth separates: {what}"
        );
    }
    assert!(
        a.distance_to_point(c.point) <= t && b.distance_to_point(c.point) <= t,
        "point too far ({}, {}): {what}",
        a.distance_to_point(c.point),
        b.distance_to_point(c.point)
    );
    Some(c)
}

/// `check_contact`, then the depth against the brute force over the point sets (`core` with
/// radius `r` for `a`): the depth equals the least candidate depth, and the returned normal
/// achieves it (an independent check of the separating translation).
#[track_caller]
fn check_against_brute<A, B>(a: &A, a_points: &[Vec3], r: Real, b: &B, b_points: &[Vec3])
where
    A: Contact<B> + Intersects<B> + Translated + PointQuery + core::fmt::Debug,
    B: Contact<A> + PointQuery + core::fmt::Debug,
{
    let scale = scale_of(&[a_points, b_points]) + r;
    let t = tol(scale);
    let c = check_contact(a, b, scale);
    let Some((core_depth, _)) = brute_depth(a_points, b_points) else {
        return;
    };
    let what = format!("{a:?} against {b:?}: {c:?}, core depth {core_depth}");
    // Overlap tests by GJK resolve no finer than its floor, about √ε times the coordinates.
    let clear = wide(t + crate::common::gjk_floor(scale));
    if core_depth < -wide(r) - clear {
        assert!(c.is_none(), "apart by the brute force: {what}");
        return;
    }
    if core_depth < wide(t) {
        // The core is apart or touching: the depth is `r − distance`, not a candidate minimum.
        return;
    }
    let Some(c) = c else {
        assert!(
            core_depth + wide(r) < clear,
            "overlapping by the brute force: {what}"
        );
        return;
    };
    let expected = core_depth + wide(r);
    assert!(
        (wide(c.depth) - expected).abs() <= wide(t),
        "depth {} vs brute force {expected}: {what}",
        c.depth
    );
    let along = depth_along_rounded(a_points, r, b_points, c.normal);
    assert!(
        along <= wide(c.depth) + wide(t),
        "the normal needs {along} to separate: {what}"
    );
    // Moving by a little less than the depth leaves them overlapping, by the brute force.
    if c.depth > 100.0 * t {
        let short: Vec<Vec3> = a_points
            .iter()
            .map(|&p| p + c.normal * (c.depth * 0.999))
            .collect();
        let left = brute_depth(&short, b_points).map_or(0.0, |x| x.0) + wide(r);
        assert!(
            left > 0.0,
            "moving by less than the depth separates ({left}): {what}"
        );
    }
}

// Hand cases.

#[test]
fn boxes_and_hulls() {
    let unit = cube(Vec3::ZERO, 1.0);
    // A box over the +x face by a quarter.
    let c = Aabb::new(v(0.75, 0.0, 0.0), v(1.75, 1.0, 1.0))
        .contact(&unit)
        .unwrap();
    assert!(
        (c.depth - 0.25).abs() <= tol(1.0) && c.normal.distance(Vec3::X) <= tol(1.0),
        "{c:?}"
    );
    let c = unit
        .contact(&Aabb::new(v(0.75, 0.0, 0.0), v(1.75, 1.0, 1.0)))
        .unwrap();
    assert!(
        (c.depth - 0.25).abs() <= tol(1.0) && c.normal.distance(-Vec3::X) <= tol(1.0),
        "{c:?}"
    );
    // Hull–hull: a 2-cube and a unit cube sunk half into its top.
    let big = cube(Vec3::ZERO, 2.0);
    let top = cube(v(0.5, 0.25, 1.5), 1.0);
    let c = check_contact(&top, &big, 4.0).unwrap();
    assert!(
        (c.depth - 0.5).abs() <= tol(2.0) && c.normal.distance(Vec3::Z) <= tol(2.0),
        "{c:?}"
    );
    assert!(
        big.contains_point(c.point) && top.contains_point(c.point),
        "{c:?}"
    );
    // Touching exactly (face to face, edge to edge, corner to corner): depth 0.
    for min in [
        v(1.0, 0.0, 0.0),
        v(1.0, 1.0, 0.0),
        v(1.0, 1.0, 1.0),
        v(0.5, 0.5, 1.0),
    ] {
        let c = check_contact(&cube(min, 1.0), &unit, 2.0).unwrap();
        assert!(c.depth <= tol(2.0), "{min}: {c:?}");
        let apart = min + Vec3::X / 1024.0 + Vec3::Z * ((min.z > 0.0) as u8 as Real / 1024.0);
        assert!(cube(apart, 1.0).contact(&unit).is_none(), "{apart}");
    }
    // Deep containment: a thin slab inside the 2-cube leaves through -x.
    let slab =
        ConvexHull::new(aabb_corners(&Aabb::new(v(0.25, 0.5, 0.5), v(0.5, 1.5, 1.5))).to_vec());
    let c = check_contact(&slab, &big, 4.0).unwrap();
    assert!(
        (c.depth - 0.5).abs() <= tol(2.0) && c.normal.distance(-Vec3::X) <= tol(2.0),
        "{c:?}"
    );
    // An oriented box: the unit cube turned 45° about z, its edge 0.25 deep in the 2-cube's
    // +x face (half diagonal √2/2).
    let h = (0.5 as Real).sqrt();
    let turned = Obb::from_quat(
        v(2.0 + h - 0.25, 1.0, 1.0),
        Vec3::splat(0.5),
        Quat::from_rotation_z(core::f32::consts::FRAC_PI_4 as Real),
    );
    let c = check_contact(&turned, &big, 4.0).unwrap();
    assert!(
        (c.depth - 0.25).abs() <= tol(4.0) && c.normal.distance(Vec3::X) <= tol(2.0),
        "{c:?}"
    );
}

#[test]
fn tetrahedron() {
    let tet = ConvexHull::new(vec![Vec3::ZERO, Vec3::X, Vec3::Y, Vec3::Z]);
    // A sphere about an inner point, nearest the x = 0 face (0.125 behind it).
    let s = Sphere::new(v(0.125, 0.25, 0.375), 0.0625);
    let c = check_contact(&s, &tet, 1.0).unwrap();
    assert_eq!((c.normal, c.depth), (-Vec3::X, 0.1875));
    // Outside the slanted face x + y + z = 1, 0.5/√3 away along (1,1,1)/√3.
    let n = Vec3::ONE.normalize();
    let s = Sphere::new(v(0.5, 0.5, 0.5), 0.5);
    let c = check_contact(&s, &tet, 1.0).unwrap();
    let d = 0.5 / (3.0 as Real).sqrt();
    assert!(
        (c.depth - (0.5 - d)).abs() <= tol(1.0) && c.normal.distance(n) <= tol(1.0),
        "{c:?}"
    );
    // A capsule lying across the slanted face, core 0.25/√3 outside: depth r − that.
    let mid = Vec3::splat(1.0 / 3.0) + n * 0.25 / (3.0 as Real).sqrt();
    let along = (Vec3::X - Vec3::Y) * 0.125;
    let cap = Capsule::new(mid - along, mid + along, 0.25);
    let c = check_contact(&cap, &tet, 1.0).unwrap();
    assert!(
        (c.depth - (0.25 - 0.25 / (3.0 as Real).sqrt())).abs() <= tol(1.0),
        "{c:?}"
    );
    assert!(c.normal.distance(n) <= tol(1.0), "{c:?}");
    // A capsule whose core pierces the tetrahedron's x = 0 face 0.125 deep (core along y
    // inside): out through -x by 0.125 + r.
    let cap = Capsule::new(v(0.125, 0.125, 0.25), v(0.125, 0.25, 0.25), 0.0625);
    let c = check_contact(&cap, &tet, 1.0).unwrap();
    assert!(
        (c.depth - 0.1875).abs() <= tol(1.0) && c.normal.distance(-Vec3::X) <= tol(1.0),
        "{c:?}"
    );
    // A triangle through it, parallel to the z = 0 face at height 0.125: out through -z.
    let tri = Triangle::new(
        v(0.125, 0.125, 0.125),
        v(0.5, 0.125, 0.125),
        v(0.125, 0.5, 0.125),
    );
    let c = check_contact(&tri, &tet, 1.0).unwrap();
    assert!(
        (c.depth - 0.125).abs() <= tol(1.0) && c.normal.distance(-Vec3::Z) <= tol(1.0),
        "{c:?}"
    );
}

#[test]
fn spheres_and_capsules_on_a_cube() {
    let unit = cube(Vec3::ZERO, 1.0);
    let c = Sphere::new(v(0.5, 0.5, 1.25), 0.5).contact(&unit).unwrap();
    assert_eq!((c.normal, c.depth), (Vec3::Z, 0.25));
    let c = Sphere::new(v(0.5, 0.5, 0.875), 0.25)
        .contact(&unit)
        .unwrap();
    assert_eq!((c.normal, c.depth), (Vec3::Z, 0.375));
    assert!(unit.contains_point(c.point));
    // Touching a face, an edge and a corner; 1/1024 further is apart.
    // (3-4-5: the center 0.75 and 1 beyond the edge x = y = 1 is 1.25 from it.)
    for (center, r) in [
        (v(0.5, 0.5, 1.5), 0.5),
        (v(1.75, 2.0, 0.5), 1.25),
        (v(2.0, 1.0, 1.0), 1.0),
    ] {
        let c = check_contact(&Sphere::new(center, r), &unit, 2.0).unwrap();
        assert!(c.depth <= tol(2.0), "{c:?}");
        assert!(
            Sphere::new(center, r - 1.0 / 1024.0)
                .contact(&unit)
                .is_none()
        );
    }
    // A capsule lying on the top face, sunk by a quarter; and one standing through the cube.
    let lying = Capsule::new(v(0.25, 0.5, 1.25), v(0.75, 0.5, 1.25), 0.5);
    let c = check_contact(&lying, &unit, 2.0).unwrap();
    assert!(
        (c.depth - 0.25).abs() <= tol(1.0) && c.normal.distance(Vec3::Z) <= tol(1.0),
        "{c:?}"
    );
    let standing = Capsule::new(v(0.25, 0.5, -1.0), v(0.25, 0.5, 2.0), 0.125);
    let c = check_contact(&standing, &unit, 2.0).unwrap();
    assert!(
        (c.depth - 0.375).abs() <= tol(2.0) && c.normal.distance(-Vec3::X) <= tol(2.0),
        "{c:?}"
    );
}

#[test]
fn degenerate_hulls() {
    let unit = cube(Vec3::ZERO, 1.0);
    // A flat square through the cube at z = 0.375: out through -z by 0.375.
    let square = ConvexHull::new(vec![
        v(0.25, 0.25, 0.375),
        v(0.75, 0.25, 0.375),
        v(0.75, 0.75, 0.375),
        v(0.25, 0.75, 0.375),
    ]);
    let c = check_contact(&square, &unit, 1.0).unwrap();
    assert!(
        (c.depth - 0.375).abs() <= tol(1.0) && c.normal.distance(-Vec3::Z) <= tol(1.0),
        "{c:?}"
    );
    // Two squares in one plane: depth 0 across it.
    let other = ConvexHull::new(vec![
        v(0.5, 0.5, 0.375),
        v(1.0, 0.5, 0.375),
        v(1.0, 1.0, 0.375),
    ]);
    let c = check_contact(&square, &other, 1.0).unwrap();
    assert!(
        c.depth <= tol(1.0) && c.normal.cross(Vec3::Z).length() <= tol(1.0),
        "{c:?}"
    );
    // A single point inside the cube: out through the nearest face.
    let point = ConvexHull::new(vec![v(0.125, 0.5, 0.375)]);
    let c = check_contact(&point, &unit, 1.0).unwrap();
    assert!(
        (c.depth - 0.125).abs() <= tol(1.0) && c.normal.distance(-Vec3::X) <= tol(1.0),
        "{c:?}"
    );
    let c = check_contact(&Sphere::new(v(0.125, 0.5, 0.375), 0.0), &unit, 1.0).unwrap();
    assert_eq!((c.normal, c.depth), (-Vec3::X, 0.125));
    // A segment hull crossing the cube along x at (0.5, 0.25): out through -y.
    let rod = ConvexHull::new(vec![v(-1.0, 0.25, 0.5), v(2.0, 0.25, 0.5)]);
    let c = check_contact(&rod, &unit, 2.0).unwrap();
    assert!(
        (c.depth - 0.25).abs() <= tol(2.0) && c.normal.distance(-Vec3::Y) <= tol(1.0),
        "{c:?}"
    );
    // Two equal single points: depth 0.
    let p = ConvexHull::new(vec![v(1.0, 2.0, 3.0)]);
    let c = p.contact(&p.clone()).unwrap();
    assert_eq!(c.depth, 0.0);
    assert_eq!(c.point, v(1.0, 2.0, 3.0));
    let c = Aabb::new(v(1.0, 2.0, 3.0), v(1.0, 2.0, 3.0))
        .contact(&p)
        .unwrap();
    assert_eq!(c.depth, 0.0);
    // A sphere centered on a flat hull: out through either side by r.
    let c = check_contact(&Sphere::new(v(0.5, 0.5, 0.375), 0.25), &square, 1.0).unwrap();
    assert_eq!((c.normal.z.abs(), c.depth), (1.0, 0.25));
}

#[test]
fn invalid() {
    let unit = cube(Vec3::ZERO, 1.0);
    let empty = ConvexHull::new(Vec::new());
    for bad in crate::common::non_finite_points() {
        let hull = ConvexHull::new(vec![Vec3::ZERO, Vec3::X, bad]);
        assert!(hull.contact(&unit).is_none() && unit.contact(&hull).is_none());
        assert!(Sphere::new(bad, 1.0).contact(&unit).is_none());
        assert!(Capsule::new(Vec3::ZERO, bad, 1.0).contact(&unit).is_none());
        assert!(Aabb::new(bad, Vec3::ONE).contact(&unit).is_none());
        assert!(
            Obb::new(bad, Vec3::ONE, isect::math::Mat3::IDENTITY)
                .contact(&unit)
                .is_none()
        );
        assert!(
            Triangle::new(bad, Vec3::X, Vec3::Y)
                .contact(&unit)
                .is_none()
        );
    }
    assert!(empty.contact(&unit).is_none() && unit.contact(&empty).is_none());
    assert!(Sphere::new(Vec3::ZERO, 1.0).contact(&empty).is_none());
    assert!(Sphere::new(Vec3::ZERO, -1.0).contact(&unit).is_none());
    assert!(
        Capsule::new(Vec3::ZERO, Vec3::X, -1.0)
            .contact(&unit)
            .is_none()
    );
    assert!(Aabb::new(Vec3::ONE, Vec3::ZERO).contact(&unit).is_none());
}

#[test]
fn planes() {
    let floor = Plane::new(Vec3::Z, 0.0);
    let wall = Plane::new(Vec3::X, 2.0);
    let c = floor.contact(&wall).unwrap();
    let m = wall.contact(&floor).unwrap();
    assert_eq!((c.point, c.depth), (v(2.0, 0.0, 0.0), 0.0));
    assert_eq!(c.normal, -m.normal);
    assert!(
        (c.normal - (Vec3::Z - Vec3::X).normalize()).length() <= tol(1.0),
        "{c:?}"
    );
    assert!(floor.signed_distance(c.point) == 0.0 && wall.signed_distance(c.point) == 0.0);
    // Parallel: apart, or coincident (facing either way).
    assert!(floor.contact(&Plane::new(Vec3::Z, 1.0)).is_none());
    assert!(floor.contact(&Plane::new(-Vec3::Z, 1.0)).is_none());
    let c = floor.contact(&Plane::new(-Vec3::Z, 0.0)).unwrap();
    assert_eq!((c.normal, c.depth, c.point), (Vec3::Z, 0.0, Vec3::ZERO));
    let c = floor.contact(&floor).unwrap();
    assert_eq!((c.normal, c.depth), (Vec3::Z, 0.0));
    // Invalid planes.
    for bad in [Real::NAN, Real::INFINITY] {
        assert!(floor.contact(&Plane::new(Vec3::Z, bad)).is_none());
        assert!(Plane::new(v(bad, 0.0, 1.0), 0.0).contact(&floor).is_none());
    }
    assert!(Plane::new(Vec3::ZERO, 0.0).contact(&floor).is_none());
}

/// EPA against a flat hull: testing every face for visibility from the new vertex on its own
/// let rounding pick faces that do not form one region, which folded the polytope; EPA stopped
/// with a depth 1% too large (1.0311 against 1.0212, in f64). The visible faces are now searched
/// across edges from the nearest one. Found by `hull_hull` at 4000 cases.
#[test]
#[cfg_attr(
    not(isect_f64),
    expect(
        clippy::excessive_precision,
        reason = "the f64 failing case, rounded in the f32 build"
    )
)]
fn epa_flat_hull_folded_polytope() {
    let a = [
        v(-1.9565525564147936, 1.1277934957998765, -5.392578754250737),
        v(2.89320092624256, -2.689262644146794, 2.9499854783544546),
        v(-1.9565525564147936, 1.1277934957998765, -1.8813455633722036),
        v(-3.913614034157109, 1.1277934957998765, 0.4087885262249671),
    ];
    let b = [
        v(1.1745381979906613, 0.2172184644324826, 2.076337677382718),
        v(0.5926762404232999, -8.611906624795497, -1.5545353293020274),
        v(0.3717846053437447, 0.06997670547748669, 1.3913949208226115),
        v(6.013928677612854, -11.499179100508417, 1.6762298150196036),
        v(
            -1.4515348713467962,
            -0.9329651417911888,
            -0.4045658549137723,
        ),
    ];
    let (ha, hb) = (ConvexHull::new(a.to_vec()), ConvexHull::new(b.to_vec()));
    check_against_brute(&ha, &a, 0.0, &hb, &b);
}

// Properties.

/// Up to 8 points, sometimes coplanar or collinear (the brute force is quartic in the count).
fn small_hull_points() -> impl Strategy<Value = Vec<Vec3>> {
    prop_oneof![
        4 => proptest::collection::vec(strategy::point(), 1..9),
        1 => (proptest::collection::vec((strategy::coord(), strategy::coord()), 3..7), strategy::rotation(), strategy::vec3())
            .prop_map(|(xy, q, t)| xy.into_iter().map(|(x, y)| q * Vec3::new(x, y, 0.0) + t).collect()),
        1 => (proptest::collection::vec(strategy::coord(), 2..5), strategy::unit(), strategy::vec3())
            .prop_map(|(s, d, t)| s.into_iter().map(|s| t + d * s).collect()),
    ]
}

proptest! {
    #[test]
    fn hull_hull(a in small_hull_points(), b in small_hull_points(), shift in strategy::vec3()) {
        let a: Vec<Vec3> = a.into_iter().map(|p| p * 0.5 + shift * 0.25).collect();
        let ha = ConvexHull::new(a.clone());
        let hb = ConvexHull::new(b.clone());
        check_against_brute(&ha, &a, 0.0, &hb, &b);
    }

    #[test]
    fn box_hulls(a in strategy::obb(), b in strategy::obb()) {
        // Hulls of two boxes' corners against the exact box–box depth over the 15 axes.
        let (ca, cb) = (obb_corners(&a), obb_corners(&b));
        let (ha, hb) = (ConvexHull::new(ca.to_vec()), ConvexHull::new(cb.to_vec()));
        let scale = scale_of(&[&ca, &cb]);
        let c = check_contact(&ha, &hb, scale);
        let axes: Vec<DVec3> = (0..3)
            .flat_map(|i| [dv(a.rotation.col(i)), dv(b.rotation.col(i))])
            .chain((0..9).map(|k| dv(a.rotation.col(k / 3)).cross(dv(b.rotation.col(k % 3)))))
            .filter(|n| n.length() > 1e-6)
            .map(|n| n.normalize())
            .collect();
        let (pa, pb): (Vec<_>, Vec<_>) = (ca.iter().map(|&p| dv(p)).collect(), cb.iter().map(|&p| dv(p)).collect());
        let depth = axes.iter().flat_map(|&n| [n, -n]).map(|n| depth_along(&pa, &pb, n)).fold(f64::INFINITY, f64::min);
        let t = wide(tol(scale));
        let clear = t + wide(crate::common::gjk_floor(scale));
        if depth > clear {
            let c = c.expect("overlapping boxes");
            prop_assert!((wide(c.depth) - depth).abs() <= t, "{c:?} vs {depth}");
            if depth > 100.0 * t {
                // A little less than the depth along the normal leaves them overlapping.
                let n = dv(c.normal);
                let moved: Vec<DVec3> = pa.iter().map(|&p| p + n * (wide(c.depth) * 0.999)).collect();
                let left = axes.iter().flat_map(|&n| [n, -n]).map(|n| depth_along(&moved, &pb, n)).fold(f64::INFINITY, f64::min);
                prop_assert!(left > 0.0, "{c:?} leaves {left}");
            }
        } else if depth < -clear {
            prop_assert!(c.is_none());
        }
    }

    #[test]
    fn sphere_hull(b in small_hull_points(), center in strategy::point(), r in 0.0 as Real..4.0) {
        let hb = ConvexHull::new(b.clone());
        check_against_brute(&Sphere::new(center, r), &[center], r, &hb, &b);
    }

    #[test]
    fn capsule_hull(b in small_hull_points(), cap in strategy::capsule()) {
        let hb = ConvexHull::new(b.clone());
        check_against_brute(&cap, &[cap.a, cap.b], cap.radius, &hb, &b);
    }

    #[test]
    fn triangle_hull(b in small_hull_points(), t in strategy::triangle()) {
        let hb = ConvexHull::new(b.clone());
        check_against_brute(&t, &[t.a, t.b, t.c], 0.0, &hb, &b);
    }

    #[test]
    fn aabb_hull(b in small_hull_points(), a in strategy::aabb()) {
        let hb = ConvexHull::new(b.clone());
        check_against_brute(&a, &aabb_corners(&a), 0.0, &hb, &b);
    }

    #[test]
    fn obb_hull(b in small_hull_points(), a in strategy::obb()) {
        let hb = ConvexHull::new(b.clone());
        check_against_brute(&a, &obb_corners(&a), 0.0, &hb, &b);
    }

    #[test]
    fn plane_plane(a in strategy::plane(), b in strategy::plane(), coincide in any::<bool>()) {
        let b = if coincide { Plane::new(b.normal, a.d * a.normal.dot(b.normal).signum()) } else { b };
        let c = a.contact(&b);
        prop_assert_eq!(c.is_some(), a.intersects(&b));
        if let Some(c) = c {
            let m = b.contact(&a).unwrap();
            prop_assert_eq!(c.depth, 0.0);
            prop_assert!((c.normal.length() - 1.0).abs() <= 1e-3);
            prop_assert!(a == b || c.normal == -m.normal, "{:?} {:?}", c, m);
            let t = tol(c.point.abs().max_element() + 10.0);
            prop_assert!(a.signed_distance(c.point).abs() <= t && b.signed_distance(c.point).abs() <= t, "{:?}", c);
        }
    }
}

/// A zero-length capsule is its sphere (EPA on a point core against the face planes).
#[test]
fn zero_length_capsule_is_a_sphere() {
    let unit = cube(Vec3::ZERO, 1.0);
    for center in [v(0.5, 0.5, 1.25), v(0.25, 0.5, 0.5), v(1.25, 1.25, 0.5)] {
        let s = Sphere::new(center, 0.5).contact(&unit).unwrap();
        let c = Capsule::new(center, center, 0.5).contact(&unit).unwrap();
        assert!(
            (s.depth - c.depth).abs() <= tol(2.0) && s.normal.distance(c.normal) <= tol(2.0),
            "{s:?} {c:?}"
        );
    }
}
