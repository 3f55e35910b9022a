//! Contacts of boxes, triangles and capsules against boxes (the separating-axis contacts): hand
//! cases with exact answers, and properties judged by the overlap test (`Intersects`) and the
//! point distances: moving `self` by `normal * depth * (1 + 1e-3)` separates the pair and by
//! `(1 − 1e-3)` does not, the point lies in both, a contact exists exactly when they overlap,
//! swapping the arguments flips the normal, every manifold point lies in both with a depth at
//! most the contact's, and a rigid motion of both changes nothing.

use isect::math::{Mat3, Quat, Vec3};
use isect::{
    Aabb, Capsule, Contact, ContactInfo, ContactManifold, Intersects, Manifold, Obb, PointQuery,
    Real, Sphere, Triangle,
};
use proptest::prelude::*;

use crate::common::transform::Moved;
use crate::common::{Motion, strategy, tol, v};
use crate::sweep::Translated;

/// Absolute slack of the properties: rounding of coordinates of magnitude ~20.
fn slack() -> Real {
    tol(1.0)
}

/// Every property of one contact pair; `shortest` says whether the depth is the least
/// separating translation (not for the degenerate triangle answered as a piercing segment).
#[track_caller]
pub fn check<A, B>(a: &A, b: &B, shortest: bool) -> Option<ContactInfo>
where
    A: Contact<B>
        + ContactManifold<B>
        + Intersects<B>
        + PointQuery
        + Translated
        + crate::common::transform::Exact
        + core::fmt::Debug,
    B: Contact<A>
        + ContactManifold<A>
        + PointQuery
        + crate::common::transform::Exact
        + core::fmt::Debug,
{
    let c = check_contact(a, b, shortest);
    check_manifold(a, b, c);
    c
}

/// [`check`] without manifolds (triangle–triangle has none).
#[track_caller]
pub fn check_contact<A, B>(a: &A, b: &B, shortest: bool) -> Option<ContactInfo>
where
    A: Contact<B> + Intersects<B> + PointQuery + Translated + core::fmt::Debug,
    B: Contact<A> + PointQuery + core::fmt::Debug,
{
    let s = slack();
    let contact = a.contact(b);
    let mirrored = b.contact(a);
    let what = format!("{a:?} against {b:?}: {contact:?}");
    assert_eq!(
        contact.is_some(),
        a.intersects(b),
        "contact exactly when they overlap: {what}"
    );
    let Some(c) = contact else {
        assert!(mirrored.is_none(), "mirror has a contact: {what}");
        return None;
    };
    let m = mirrored.unwrap_or_else(|| panic!("mirror has none: {what}"));
    assert_eq!(
        (m.point, m.normal, m.depth),
        (c.point, -c.normal, c.depth),
        "mirror is not the same contact flipped: {what}"
    );
    assert!(c.depth >= 0.0 && c.depth.is_finite(), "bad depth: {what}");
    assert!(
        (c.normal.length() - 1.0).abs() <= 1e-4,
        "normal not unit: {what}"
    );
    let (da, db) = (a.distance_to_point(c.point), b.distance_to_point(c.point));
    assert!(da <= s && db <= s, "point not in both ({da}, {db}): {what}");
    let out = a.translated(c.normal * (c.depth * 1.001 + s));
    assert!(
        !out.intersects(b),
        "moving by the depth leaves them overlapping: {what}"
    );
    if shortest && c.depth > 100.0 * s {
        let short = a.translated(c.normal * (c.depth * 0.999));
        assert!(
            short.intersects(b),
            "moving by less than the depth separates them: {what}"
        );
    }
    Some(c)
}

/// The manifold agrees with the contact: empty exactly without one, the same normal, at most four
/// points, each in both shapes with a depth in `[0, contact depth]`; the mirror is flipped.
#[track_caller]
pub fn check_manifold<A, B>(a: &A, b: &B, contact: Option<ContactInfo>)
where
    A: ContactManifold<B> + PointQuery + crate::common::transform::Exact + core::fmt::Debug,
    B: ContactManifold<A> + PointQuery + crate::common::transform::Exact + core::fmt::Debug,
{
    use crate::common::transform::exactly_scalable;
    let s = slack();
    let m = a.contact_manifold(b);
    let what = format!("{a:?} against {b:?}: {m:?} (contact {contact:?})");
    assert_eq!(
        b.contact_manifold(a),
        Manifold::new(-m.normal, m.points()),
        "mirror manifold: {what}"
    );
    // The mirror is the same call for a mirror-macro pair; scaled by a power of four, the
    // manifold must scale exactly (points and depths times the scale, the same normal).
    let mut numbers = a.numbers();
    numbers.extend(b.numbers());
    if exactly_scalable(&numbers) {
        for k in [4.0, 0.0625] {
            let scaled = a.scaled(k).contact_manifold(&b.scaled(k));
            let expected: Vec<_> = m
                .points()
                .iter()
                .map(|p| (p.point * k, p.depth * k))
                .collect();
            let got: Vec<_> = scaled.points().iter().map(|p| (p.point, p.depth)).collect();
            assert_eq!(
                (scaled.normal, got),
                (m.normal, expected),
                "scaled by {k}: {what}"
            );
        }
    }
    let Some(c) = contact else {
        assert!(m.is_empty() && m.deepest().is_none(), "{what}");
        return;
    };
    assert!(!m.is_empty() && m.len() <= 4, "{what}");
    assert_eq!(m.normal, c.normal, "manifold normal: {what}");
    for p in m.points() {
        let (da, db) = (a.distance_to_point(p.point), b.distance_to_point(p.point));
        assert!(
            da <= s && db <= s,
            "manifold point not in both ({da}, {db}): {what}"
        );
        assert!(
            p.depth >= 0.0 && p.depth <= c.depth + s,
            "manifold depth: {what}"
        );
    }
    let deepest = m.deepest().unwrap();
    assert!(m.points().iter().all(|p| p.depth <= deepest.depth));
}

/// Depth and validity after moving both shapes rigidly: the same depth (up to rounding and the
/// face preference), and the moved contact passes every check.
#[track_caller]
fn check_moved<A, B>(a: &A, b: &B, m: &Motion, shortest: bool)
where
    A: Contact<B> + Intersects<B> + PointQuery + Translated + Moved + core::fmt::Debug,
    B: Contact<A> + PointQuery + Moved + core::fmt::Debug,
{
    let (ma, mb) = (a.moved(m), b.moved(m));
    let (c, moved) = (a.contact(b), ma.contact(&mb));
    if let (Some(c), Some(moved)) = (c, moved) {
        let t = 10.0 * slack() + 2e-4 * c.depth;
        assert!(
            (c.depth - moved.depth).abs() <= t,
            "depth changed by a rigid motion: {c:?} vs {moved:?} for {a:?}, {b:?}, {m:?}"
        );
        check_contact(&ma, &mb, shortest);
    }
}

fn unit_box() -> Aabb {
    Aabb::new(v(-1.0, -1.0, -1.0), v(1.0, 1.0, 1.0))
}

fn rot_z(angle: Real) -> Mat3 {
    Mat3::from_quat(Quat::from_rotation_z(angle))
}

#[track_caller]
fn near(a: Real, b: Real) {
    assert!((a - b).abs() <= 1e-5, "{a} vs {b}");
}

#[track_caller]
fn near_vec(a: Vec3, b: Vec3) {
    assert!(a.distance(b) <= 1e-5, "{a} vs {b}");
}

#[test]
fn stacked_boxes() {
    let floor = Aabb::new(v(0.0, 0.0, 0.0), v(2.0, 2.0, 2.0));
    let top = Aabb::new(v(0.5, 1.5, 0.5), v(1.5, 3.5, 1.5));
    let c = check(&top, &floor, true).unwrap();
    assert_eq!(
        (c.normal, c.depth, c.point),
        (Vec3::Y, 0.5, v(1.0, 1.75, 1.0))
    );
    let m = top.contact_manifold(&floor);
    assert_eq!(m.len(), 4);
    assert!(m.points().iter().all(|p| p.depth == 0.5));
    // The same boxes as oriented boxes: the same depth and normal.
    let (ofloor, otop) = (Obb::from_aabb(&floor), Obb::from_aabb(&top));
    let c = check(&otop, &ofloor, true).unwrap();
    assert_eq!((c.normal, c.depth), (Vec3::Y, 0.5));
    assert_eq!(otop.contact_manifold(&ofloor).len(), 4);
    let c = check(&top, &ofloor, true).unwrap();
    assert_eq!((c.normal, c.depth), (Vec3::Y, 0.5));
    // Touching exactly: depth 0; 1/1024 apart: none.
    let touching = Aabb::new(v(0.0, 2.0, 0.0), v(1.0, 3.0, 1.0));
    assert_eq!(check(&touching, &floor, true).unwrap().depth, 0.0);
    let c = check(&Obb::from_aabb(&touching), &ofloor, true).unwrap();
    assert_eq!((c.normal, c.depth), (Vec3::Y, 0.0));
    let apart = touching.translated(v(0.0, 1.0 / 1024.0, 0.0));
    assert!(apart.contact(&floor).is_none());
    assert!(Obb::from_aabb(&apart).contact(&ofloor).is_none());
    assert!(apart.contact_manifold(&floor).is_empty());
}

#[test]
fn deep_containment() {
    let big = Aabb::new(v(-4.0, -4.0, -4.0), v(4.0, 4.0, 4.0));
    let small = Aabb::new(v(1.0, -1.0, -1.0), v(2.0, 1.0, 1.0));
    let c = check(&small, &big, true).unwrap();
    assert_eq!((c.normal, c.depth), (Vec3::X, 3.0));
    let c = check(&Obb::from_aabb(&small), &Obb::from_aabb(&big), true).unwrap();
    assert_eq!((c.normal, c.depth), (Vec3::X, 3.0));
    let c = check(&big, &Obb::from_aabb(&small), true).unwrap();
    assert_eq!((c.normal, c.depth), (-Vec3::X, 3.0));
}

#[test]
fn rotated_45_on_a_floor() {
    // A cube turned 45° about z rests on its edge: its lowest edge is √2 below its center.
    let floor = Aabb::new(v(-4.0, -1.0, -4.0), v(4.0, 0.0, 4.0));
    let angle = core::f64::consts::FRAC_PI_4 as Real;
    let cube = Obb::new(v(0.0, 1.25, 0.0), Vec3::ONE, rot_z(angle));
    let c = check(&cube, &floor, true).unwrap();
    let depth = (2.0 as Real).sqrt() - 1.25;
    near(c.depth, depth);
    near_vec(c.normal, Vec3::Y);
    near_vec(c.point, v(0.0, 1.25 - (2.0 as Real).sqrt(), 0.0));
    // The manifold holds the two ends of the lowest edge at the full depth.
    let m = cube.contact_manifold(&floor);
    let deep: Vec<_> = m
        .points()
        .iter()
        .filter(|p| (p.depth - depth).abs() <= 1e-5)
        .collect();
    assert_eq!(deep.len(), 2, "{m:?}");
    assert!(deep.iter().all(|p| (p.point.z.abs() - 1.0).abs() <= 1e-5));
}

#[test]
fn crossed_edges() {
    // Two cubes turned 45°, one about z (top edge along z at y = √2), one about x (bottom edge
    // along x at y = 2.5 − √2): the edges cross, depth 2√2 − 2.5 along y.
    let angle = core::f64::consts::FRAC_PI_4 as Real;
    let a = Obb::new(Vec3::ZERO, Vec3::ONE, rot_z(angle));
    let b = Obb::new(
        v(0.0, 2.5, 0.0),
        Vec3::ONE,
        Mat3::from_quat(Quat::from_rotation_x(angle)),
    );
    let c = check(&b, &a, true).unwrap();
    near(c.depth, 2.0 * (2.0 as Real).sqrt() - 2.5);
    near_vec(c.normal, Vec3::Y);
    near_vec(c.point, v(0.0, 1.25, 0.0));
    let m = b.contact_manifold(&a);
    assert_eq!(m.len(), 1);
    near_vec(m.points()[0].point, v(0.0, 1.25, 0.0));
}

#[test]
fn flat_boxes() {
    // A flat square on the face of a box, and crossing it.
    let unit = unit_box();
    let sheet = Aabb::new(v(-0.5, 1.0, -0.5), v(0.5, 1.0, 0.5));
    let c = check(&sheet, &unit, true).unwrap();
    assert_eq!((c.normal, c.depth), (Vec3::Y, 0.0));
    let through = Aabb::new(v(-0.5, 0.75, -3.0), v(0.5, 0.75, 3.0));
    let c = check(&through, &unit, true).unwrap();
    assert_eq!((c.normal, c.depth), (Vec3::Y, 0.25));
    let c = check(&Obb::from_aabb(&through), &unit, true).unwrap();
    assert_eq!((c.normal, c.depth), (Vec3::Y, 0.25));
    // A point box inside.
    let dot = Aabb::new(v(0.5, 0.25, 0.0), v(0.5, 0.25, 0.0));
    let c = check(&dot, &unit, true).unwrap();
    assert_eq!(
        (c.normal, c.depth, c.point),
        (Vec3::X, 0.5, v(0.5, 0.25, 0.0))
    );
}

#[test]
fn box_on_triangle() {
    let floor = Triangle::new(v(-10.0, 0.0, -10.0), v(10.0, 0.0, -10.0), v(0.0, 0.0, 10.0));
    let b = Aabb::new(v(-1.0, -0.25, -1.0), v(1.0, 1.75, 1.0));
    let c = check(&b, &floor, true).unwrap();
    assert_eq!((c.normal, c.depth, c.point), (Vec3::Y, 0.25, Vec3::ZERO));
    let m = b.contact_manifold(&floor);
    assert_eq!(m.len(), 4, "{m:?}");
    assert!(
        m.points()
            .iter()
            .all(|p| p.depth == 0.25 && p.point.y == 0.0)
    );
    let c = check(&Obb::from_aabb(&b), &floor, true).unwrap();
    assert_eq!((c.normal, c.depth), (Vec3::Y, 0.25));
    // Mirror.
    let c = floor.contact(&b).unwrap();
    assert_eq!((c.normal, c.depth), (-Vec3::Y, 0.25));
    // Touching, and 1/1024 above.
    let resting = Aabb::new(v(-1.0, 0.0, -1.0), v(1.0, 2.0, 1.0));
    assert_eq!(check(&resting, &floor, true).unwrap().depth, 0.0);
    assert!(
        resting
            .translated(v(0.0, 1.0 / 1024.0, 0.0))
            .contact(&floor)
            .is_none()
    );
    // A triangle standing through the box at x = 1/4: out through the nearer side.
    let wall = Triangle::new(v(0.25, -5.0, -5.0), v(0.25, 5.0, -5.0), v(0.25, 0.0, 5.0));
    let c = check(&unit_box(), &wall, true).unwrap();
    assert_eq!((c.normal, c.depth), (-Vec3::X, 0.75));
    // The same box turned a quarter turn: the same answer.
    let quarter = Obb::new(
        Vec3::ZERO,
        Vec3::ONE,
        Mat3::from_cols(Vec3::Y, -Vec3::X, Vec3::Z),
    );
    let c = check(&quarter, &wall, true).unwrap();
    assert_eq!((c.normal, c.depth), (-Vec3::X, 0.75));
}

#[test]
fn box_and_degenerate_triangles() {
    let unit = unit_box();
    // A collinear triangle: the segment along x through the box at y = 1/2.
    let line = Triangle::new(v(-3.0, 0.5, 0.0), v(0.0, 0.5, 0.0), v(3.0, 0.5, 0.0));
    let c = check(&unit, &line, true).unwrap();
    assert_eq!((c.normal, c.depth), (-Vec3::Y, 0.5));
    let m = unit.contact_manifold(&line);
    assert_eq!(m.len(), 2, "{m:?}");
    // A point triangle inside.
    let p = v(0.5, 0.25, 0.0);
    let c = check(&unit, &Triangle::new(p, p, p), true).unwrap();
    assert_eq!((c.normal, c.depth), (-Vec3::X, 0.5));
    // A point triangle outside, and on the face.
    assert!(
        unit.contact(&Triangle::new(
            v(2.0, 0.0, 0.0),
            v(2.0, 0.0, 0.0),
            v(2.0, 0.0, 0.0)
        ))
        .is_none()
    );
    let on = v(1.0, 0.5, 0.5);
    assert_eq!(
        check(&unit, &Triangle::new(on, on, on), true)
            .unwrap()
            .depth,
        0.0
    );
}

#[test]
fn capsule_and_boxes() {
    let top = Aabb::new(v(-2.0, -1.0, -2.0), v(2.0, 0.0, 2.0));
    // Lying on the top face: depth 1/4, two manifold points.
    let lying = Capsule::new(v(-1.0, 0.25, 0.0), v(1.0, 0.25, 0.0), 0.5);
    let c = check(&lying, &top, true).unwrap();
    assert_eq!((c.normal, c.depth), (Vec3::Y, 0.25));
    let m = top.contact_manifold(&lying);
    assert_eq!(m.normal, -Vec3::Y);
    let mut ends: Vec<_> = m.points().iter().map(|p| (p.point, p.depth)).collect();
    ends.sort_by(|x, y| x.0.x.total_cmp(&y.0.x));
    assert_eq!(
        ends,
        vec![(v(-1.0, 0.0, 0.0), 0.25), (v(1.0, 0.0, 0.0), 0.25)]
    );
    // Tilted: one end lower.
    let tilted = Capsule::new(v(-1.0, 0.25, 0.0), v(1.0, 0.375, 0.0), 0.5);
    let c = check(&tilted, &top, true).unwrap();
    assert_eq!((c.normal, c.depth), (Vec3::Y, 0.25));
    // Touching, and 1/1024 above.
    let resting = Capsule::new(v(-1.0, 0.5, 0.0), v(1.0, 0.5, 0.0), 0.5);
    assert_eq!(check(&resting, &top, true).unwrap().depth, 0.0);
    assert!(
        resting
            .translated(v(0.0, 1.0 / 1024.0, 0.0))
            .contact(&top)
            .is_none()
    );
    // A core through the box off its center: out through the nearer side, plus the radius.
    let unit = unit_box();
    let through = Capsule::new(v(0.25, -3.0, 0.0), v(0.25, 0.5, 0.0), 0.5);
    let c = check(&unit, &through, true).unwrap();
    assert_eq!((c.normal, c.depth), (-Vec3::X, 1.25));
    let c = check(&Obb::from_aabb(&unit), &through, true).unwrap();
    assert_eq!((c.normal, c.depth), (-Vec3::X, 1.25));
    // Beside an edge of the box: the normal runs from the core to the edge.
    let beside = Capsule::new(v(2.0, 2.0, -1.0), v(2.0, 2.0, 1.0), 1.5);
    let c = check(&unit, &beside, true).unwrap();
    near(c.depth, 1.5 - (2.0 as Real).sqrt());
    near_vec(c.normal, -v(1.0, 1.0, 0.0).normalize());
}

#[test]
fn zero_length_capsules_are_spheres() {
    // Against the sphere–box contact (an independent closed form).
    let unit = unit_box();
    for (center, r) in [
        (v(1.5, 0.25, 0.0), 1.0),
        (v(1.5, 1.5, 0.5), 1.0),
        (v(0.5, 0.0, 0.25), 0.5),
        (v(0.0, 0.0, 0.0), 0.0),
    ] {
        let cap = Capsule::new(center, center, r);
        let c = check(&cap, &unit, true).unwrap();
        let s = Sphere::new(center, r).contact(&unit).unwrap();
        near(c.depth, s.depth);
        if s.depth > 0.0 && center != Vec3::ZERO {
            near_vec(c.normal, s.normal);
        }
    }
}

#[test]
fn triangles() {
    let a = Triangle::new(v(-2.0, -2.0, 0.0), v(2.0, -2.0, 0.0), v(0.0, 2.0, 0.0));
    // A vertical triangle piercing `a` from below by 1/2.
    let b = Triangle::new(v(0.0, 0.0, -0.5), v(0.0, -1.0, 2.0), v(0.0, 1.0, 2.0));
    let c = check_contact(&a, &b, true).unwrap();
    assert_eq!((c.normal, c.depth), (-Vec3::Z, 0.5));
    assert!(c.point.z == 0.0 && c.point.x == 0.0);
    // Coplanar overlapping: depth 0 along the normal.
    let c = check_contact(
        &a,
        &Triangle::new(v(0.0, 0.0, 0.0), v(3.0, 0.0, 0.0), v(0.0, 3.0, 0.0)),
        true,
    )
    .unwrap();
    assert_eq!((c.normal.abs(), c.depth), (Vec3::Z, 0.0));
    // Touching at a vertex; apart.
    let above = Triangle::new(v(0.0, 0.0, 0.0), v(0.0, -1.0, 2.0), v(0.0, 1.0, 2.0));
    assert_eq!(check_contact(&a, &above, true).unwrap().depth, 0.0);
    assert!(
        a.contact(&above.translated(v(0.0, 0.0, 1.0 / 1024.0)))
            .is_none()
    );
    // A degenerate triangle (a segment) piercing `a`.
    let seg = Triangle::new(v(0.0, 0.0, -0.5), v(0.0, 0.0, 0.5), v(0.0, 0.0, 2.0));
    let c = check_contact(&a, &seg, true).unwrap();
    assert_eq!((c.normal, c.depth), (-Vec3::Z, 0.5));
    // Two degenerate triangles crossing: depth 0.
    let across = Triangle::new(v(-1.0, 0.0, 0.0), v(0.0, 0.0, 0.0), v(1.0, 0.0, 0.0));
    let along = Triangle::new(v(0.0, -1.0, 0.0), v(0.0, 1.0, 0.0), v(0.0, 1.0, 0.0));
    assert_eq!(check_contact(&across, &along, true).unwrap().depth, 0.0);
}

#[test]
fn invalid_input() {
    let unit = unit_box();
    let obb = Obb::from_aabb(&unit);
    let tri = Triangle::new(Vec3::ZERO, Vec3::X, Vec3::Y);
    let cap = Capsule::new(Vec3::ZERO, Vec3::X, 0.5);
    for bad in crate::common::non_finite_points() {
        let b = Aabb::new(bad, Vec3::splat(2.0));
        let b2 = Aabb::new(Vec3::splat(-2.0), bad);
        assert!(b2.contact(&unit).is_none() && b2.contact_manifold(&tri).is_empty());
        assert!(b.contact(&unit).is_none() && unit.contact(&b).is_none());
        assert!(
            b.contact(&obb).is_none() && b.contact(&tri).is_none() && b.contact(&cap).is_none()
        );
        assert!(b.contact_manifold(&unit).is_empty());
        let o = Obb::new(bad, Vec3::ONE, Mat3::IDENTITY);
        assert!(
            o.contact(&obb).is_none() && o.contact(&tri).is_none() && o.contact(&cap).is_none()
        );
        assert!(o.contact_manifold(&obb).is_empty() && o.contact_manifold(&tri).is_empty());
        let t = Triangle::new(bad, Vec3::X, Vec3::Y);
        assert!(
            t.contact(&tri).is_none() && tri.contact(&t).is_none() && unit.contact(&t).is_none()
        );
        let c = Capsule::new(bad, Vec3::X, 0.5);
        assert!(unit.contact(&c).is_none() && obb.contact_manifold(&c).is_empty());
    }
    let inverted = Aabb::new(Vec3::ONE, Vec3::ZERO);
    assert!(inverted.contact(&unit).is_none() && inverted.contact(&tri).is_none());
    let negative = Obb::new(Vec3::ZERO, v(-1.0, 1.0, 1.0), Mat3::IDENTITY);
    assert!(negative.contact(&obb).is_none() && negative.contact_manifold(&cap).is_empty());
    assert!(
        unit.contact(&Capsule::new(Vec3::ZERO, Vec3::X, -1.0))
            .is_none()
    );
    assert!(
        unit.contact(&Capsule::new(Vec3::ZERO, Vec3::X, Real::NAN))
            .is_none()
    );
}

proptest! {
    #[test]
    fn aabb_aabb(a in strategy::aabb(), b in strategy::aabb()) {
        check(&a, &b, true);
    }

    #[test]
    fn aabb_obb(a in strategy::aabb(), b in strategy::obb()) {
        check(&a, &b, true);
        check(&b, &a, true);
    }

    #[test]
    fn obb_obb(a in strategy::obb(), b in strategy::obb(), m in strategy::motion()) {
        check(&a, &b, true);
        check_moved(&a, &b, &m, true);
    }

    #[test]
    fn aabb_triangle(a in strategy::aabb(), b in strategy::triangle()) {
        check(&a, &b, true);
    }

    #[test]
    fn obb_triangle(a in strategy::obb(), b in strategy::triangle(), m in strategy::motion()) {
        check(&a, &b, true);
        check(&b, &a, true);
        check_moved(&a, &b, &m, true);
    }

    #[test]
    fn triangle_triangle(a in strategy::triangle(), b in strategy::triangle(), m in strategy::motion()) {
        check_contact(&a, &b, true);
        check_moved(&a, &b, &m, true);
    }

    #[test]
    fn aabb_capsule(a in strategy::aabb(), b in strategy::capsule()) {
        check(&a, &b, true);
        check(&b, &a, true);
    }

    #[test]
    fn obb_capsule(a in strategy::obb(), b in strategy::capsule(), m in strategy::motion()) {
        check(&a, &b, true);
        check_moved(&a, &b, &m, true);
        check_moved(&b, &a, &m, true);
    }
}

/// An offset that keeps shapes near each other, so that most pairs overlap.
fn nearby() -> impl Strategy<Value = Vec3> {
    (-3.0 as Real..3.0, -3.0 as Real..3.0, -3.0 as Real..3.0).prop_map(|(x, y, z)| v(x, y, z))
}

fn obb_near(o: &Obb, to: Vec3) -> Obb {
    Obb::new(to, o.half_extents, o.rotation)
}

proptest! {
    #[test]
    fn obb_obb_close(a in strategy::obb(), b in strategy::obb(), off in nearby(), m in strategy::motion()) {
        let b = obb_near(&b, a.center + off);
        check(&a, &b, true);
        check_moved(&a, &b, &m, true);
        let aabb = isect::Aabb::from_center_half_extents(a.center, a.half_extents);
        check(&aabb, &b, true);
    }

    #[test]
    fn box_triangle_close(a in strategy::obb(), t in strategy::triangle(), off in nearby(), m in strategy::motion()) {
        let shift = a.center + off - t.centroid();
        let t = t.translated(shift);
        check(&a, &t, true);
        check_moved(&a, &t, &m, true);
        let aabb = isect::Aabb::from_center_half_extents(a.center, a.half_extents);
        check(&aabb, &t, true);
    }

    #[test]
    fn triangle_triangle_close(a in strategy::triangle(), b in strategy::triangle(), off in nearby(), m in strategy::motion()) {
        let b = b.translated(a.centroid() + off - b.centroid());
        check_contact(&a, &b, true);
        check_moved(&a, &b, &m, true);
    }

    #[test]
    fn box_capsule_close(a in strategy::obb(), c in strategy::capsule(), off in nearby(), m in strategy::motion()) {
        let c = c.translated(a.center + off - (c.a + c.b) * 0.5);
        check(&a, &c, true);
        check_moved(&a, &c, &m, true);
        let aabb = isect::Aabb::from_center_half_extents(a.center, a.half_extents);
        check(&aabb, &c, true);
    }
}

/// Regression (found at 20000 cases): two flat boxes whose least overlap is an edge–edge axis
/// 0.4% below the best face axis; the rounding allowance of an unrelated, nearly parallel pair
/// of edges (|a₁ × b₂| = 0.002) kept the face axis. The least translation is 0.272642 along
/// a₀ × b₂ (minimised over directions in f64).
/// The rotation with columns `x`, `y` made orthonormal to the working precision (Gram–Schmidt):
/// columns printed in `f32` are orthonormal only to about 1e-7.
fn orthonormal(x: Vec3, y: Vec3, z: Vec3) -> Mat3 {
    let x = x.normalize();
    let y = (y - x * x.dot(y)).normalize();
    let w = x.cross(y);
    Mat3::from_cols(x, y, if w.dot(z) < 0.0 { -w } else { w })
}

#[test]
fn flat_boxes_edge_axis_not_hidden_by_another_axis_rounding() {
    let a = Obb::new(
        Vec3::ZERO,
        v(2.709_798_6, 0.0, 2.666_570_7),
        orthonormal(
            v(-0.211_000_68, 0.284_799_16, 0.935_076_65),
            v(-0.740_400_85, -0.671_128_15, 0.037_335_664),
            v(0.638_189_26, -0.684_453_6, 0.352_473_86),
        ),
    );
    let b = Obb::new(
        v(-2.046_773_4, 2.451_082, 0.0),
        v(0.859_640_24, 0.0, 0.923_488_8),
        orthonormal(
            v(-0.284_311_65, 0.262_402_7, -0.922_123_43),
            v(-0.610_475_84, 0.692_075_55, 0.385_163_2),
            v(0.739_246_96, 0.672_440_5, -0.036_574_602),
        ),
    );
    let c = check(&a, &b, true).unwrap();
    assert!((c.depth - 0.272_642).abs() <= 1e-5, "{c:?}");
}

/// Regression (found at 20000 cases, f64): against a sliver triangle, the middle of
/// `intersection_segment` lay 0.018 off the sliver; the point is now the average of the edges'
/// common points with the other triangle.
#[test]
fn sliver_triangle_contact_point_in_both() {
    let a = Triangle::new(
        v(0.0, -2.0, 1.0),
        v(-9.404_374, 2.243_119_3, -1.323_263_3),
        v(8.532_707, -9.634_074, 0.909_793_6),
    );
    let b = Triangle::new(
        v(0.087_837_33, -6.242_165_6, 0.252_842_06),
        v(5.959_852, -5.848_8, 0.249_174_45),
        v(0.477_819_43, -6.216_040_8, 0.252_598_5),
    );
    check_contact(&a, &b, true);
    check_contact(&b, &a, true);
}
