//! Issue 24, item 8: frusta of arbitrary half-spaces. The docs allow any six half-spaces, but
//! their box, bounding sphere and `classify` came from the eight "corners" (one plane of each
//! slot pair), which for a region that is unbounded, empty or another polyhedron are not its
//! corners; and planes and frusta were tested against regions that hold a whole line by their
//! vertices, which such regions do not have.

use isect::math::Vec3;
use isect::{Bounded, Classify, Frustum, Intersects, Plane, PointQuery, Real, Side, Sphere};

use crate::common::{aabb_frustum, v};

fn unit_plane(x: Real, y: Real, z: Real, d: Real) -> Plane {
    let n = v(x, y, z);
    Plane::new(n.normalize(), d / n.length())
}

/// `x >= 0`, `y >= 0`, `z >= 0` and `x + y >= 2`, `y + z >= 2`, `x + z >= 2`: a region that
/// recedes along `(1, 1, 1)`, whose eight "corners" all exist.
fn receding() -> Frustum {
    Frustum::new([
        unit_plane(-1.0, 0.0, 0.0, 0.0),
        unit_plane(-1.0, -1.0, 0.0, -2.0),
        unit_plane(0.0, -1.0, 0.0, 0.0),
        unit_plane(0.0, -1.0, -1.0, -2.0),
        unit_plane(0.0, 0.0, -1.0, 0.0),
        unit_plane(-1.0, 0.0, -1.0, -2.0),
    ])
}

/// `|x| <= 1`, `|y| <= 1`, any `z`: a square prism, which holds whole lines and has no vertex.
fn prism_along_z() -> Frustum {
    Frustum::new([
        Plane::new(-Vec3::X, 1.0),
        Plane::new(Vec3::X, 1.0),
        Plane::new(-Vec3::Y, 1.0),
        Plane::new(Vec3::Y, 1.0),
        Plane::new(-Vec3::X, 1.0),
        Plane::new(Vec3::Y, 1.0),
    ])
}

fn infinite_box_contains(aabb: &isect::Aabb, p: Vec3) -> bool {
    aabb.min.cmple(p).all() && p.cmple(aabb.max).all()
}

#[test]
fn unbounded_region_was_bounded_by_corners_that_are_not_its_own() {
    let f = receding();
    let far = v(1000.0, 1000.0, 1000.0);
    assert!(f.contains_point(far));
    assert!(f.corners().is_none(), "{:?}", f.corners());
    assert!(infinite_box_contains(&f.aabb(), far), "{:?}", f.aabb());
    assert_eq!(f.bounding_sphere().radius, Real::INFINITY);
    // It was Back: the region reaches past x = 50.
    assert_eq!(f.classify(&Plane::new(Vec3::X, 50.0)), Side::Straddle);
    assert_eq!(f.classify(&Plane::new(Vec3::X, -1.0)), Side::Front);
    assert_eq!(f.classify(&Plane::new(-Vec3::X, 1.0)), Side::Back);
    // Touching straddles: the region touches x = 0 (at (0, 2, 2)).
    assert_eq!(f.classify(&Plane::new(Vec3::X, 0.0)), Side::Straddle);
    assert!(Plane::new(Vec3::X, 50.0).intersects(&f));
    assert!(Sphere::new(v(60.0, 60.0, 60.0), 1.0).intersects(&f));
}

/// A plane along the prism's axis meets it in a strip, and two parallel prisms meet in a prism:
/// sets with no vertex, which the vertex test (a triple of planes meeting behind all of them)
/// answered `false`.
#[test]
fn region_holding_a_line_was_missed_by_a_plane_along_it() {
    let f = prism_along_z();
    assert!(f.corners().is_none());
    for z in [0.0, 7.0, -1e6] {
        assert!(Plane::new(Vec3::Z, z).intersects(&f), "z = {z}");
        assert!(f.intersects(&Plane::new(Vec3::Z, z)), "z = {z}");
    }
    // Along the axis: through it, touching the side x = 1, beyond it.
    assert!(Plane::new(Vec3::X, 0.5).intersects(&f));
    assert!(f.intersects(&Plane::new(Vec3::X, 0.5)));
    assert!(Plane::new(Vec3::X, 1.0).intersects(&f));
    assert!(!Plane::new(Vec3::X, 1.0 + 1.0 / 1024.0).intersects(&f));
    assert_eq!(f.classify(&Plane::new(Vec3::X, 2.0)), Side::Back);
    assert_eq!(f.classify(&Plane::new(Vec3::X, 1.0)), Side::Straddle);
    assert_eq!(f.classify(&Plane::new(-Vec3::X, 1.0)), Side::Straddle);
    assert_eq!(f.classify(&Plane::new(Vec3::Z, 5.0)), Side::Straddle);
    // A parallel prism over lo <= x <= hi: overlapping, apart, touching.
    let beside = |lo: Real, hi: Real| {
        Frustum::new([
            Plane::new(-Vec3::X, -lo),
            Plane::new(Vec3::X, hi),
            Plane::new(-Vec3::Y, 1.0),
            Plane::new(Vec3::Y, 1.0),
            Plane::new(Vec3::X, hi),
            Plane::new(-Vec3::Y, 1.0),
        ])
    };
    for (lo, hi, meets) in [(0.5, 3.0, true), (2.0, 3.0, false), (1.0, 3.0, true)] {
        let g = beside(lo, hi);
        assert_eq!(f.intersects(&g), meets, "{lo}..{hi}");
        assert_eq!(g.intersects(&f), meets, "{lo}..{hi}");
    }
    // A prism along x crosses it; one moved to 3 <= y <= 5 does not, one at y = 1 touches.
    let along_x = |lo: Real, hi: Real| {
        Frustum::new([
            Plane::new(-Vec3::Y, -lo),
            Plane::new(Vec3::Z, 1.0),
            Plane::new(-Vec3::Y, -lo),
            Plane::new(Vec3::Y, hi),
            Plane::new(-Vec3::Z, 1.0),
            Plane::new(Vec3::Z, 1.0),
        ])
    };
    for (lo, hi, meets) in [(-1.0, 1.0, true), (3.0, 5.0, false), (1.0, 2.0, true)] {
        let g = along_x(lo, hi);
        assert_eq!(f.intersects(&g), meets, "{lo}..{hi}");
        assert_eq!(g.intersects(&f), meets, "{lo}..{hi}");
    }
}

#[test]
fn bounded_region_of_another_shape_gets_its_own_box() {
    // The tetrahedron x, y, z >= 0, x + y + z <= 1, with two planes that cut nothing, in slots
    // that pair it as no camera would.
    let f = Frustum::new([
        Plane::new(-Vec3::X, 0.0),
        unit_plane(1.0, 1.0, 1.0, 1.0),
        Plane::new(-Vec3::Y, 0.0),
        Plane::new(Vec3::X, 10.0),
        Plane::new(-Vec3::Z, 0.0),
        Plane::new(Vec3::Y, 10.0),
    ]);
    assert!(f.corners().is_none());
    let aabb = f.aabb();
    let slack = 1e-5;
    assert!(
        (aabb.min - Vec3::ZERO).abs().max_element() <= slack,
        "{aabb:?}"
    );
    assert!(
        (aabb.max - Vec3::ONE).abs().max_element() <= slack,
        "{aabb:?}"
    );
    let sphere = f.bounding_sphere();
    for p in [Vec3::ZERO, Vec3::X, Vec3::Y, Vec3::Z] {
        assert!(
            sphere.center.distance(p) <= sphere.radius * (1.0 + slack),
            "{p}"
        );
    }
    assert_eq!(f.classify(&Plane::new(Vec3::X, 2.0)), Side::Back);
    assert_eq!(f.classify(&Plane::new(Vec3::X, 0.5)), Side::Straddle);
    assert_eq!(f.classify(&Plane::new(-Vec3::X, 0.5)), Side::Back);
    assert_eq!(f.classify(&Plane::new(-Vec3::X, 0.0)), Side::Straddle);
    assert_eq!(
        f.classify(&unit_plane(1.0, 1.0, 1.0, 2.0)),
        Side::Back,
        "beyond the slanted face"
    );
}

#[test]
fn empty_region_has_an_empty_box_and_meets_nothing() {
    // 2 <= x <= 1.
    let mut f = aabb_frustum(&isect::Aabb::new(Vec3::splat(-1.0), Vec3::ONE));
    f.planes[Frustum::LEFT] = Plane::new(-Vec3::X, -2.0);
    assert!(f.corners().is_none());
    assert_eq!(f.aabb(), isect::Aabb::EMPTY);
    assert_eq!(f.bounding_sphere(), Sphere::EMPTY);
    assert_eq!(f.classify(&Plane::new(Vec3::X, 0.0)), Side::Straddle);
    assert!(!Plane::new(Vec3::X, 1.5).intersects(&f));
    assert!(!Sphere::new(Vec3::ZERO, 10.0).intersects(&f));
    assert!(!f.intersects(&f));
}

#[test]
fn camera_and_box_frusta_keep_their_corners() {
    let b = isect::Aabb::new(v(-1.0, 2.0, -3.0), v(4.0, 5.0, 6.0));
    let f = aabb_frustum(&b);
    let corners = f.corners().expect("a box has corners");
    assert_eq!(isect::Aabb::from_points(corners), Some(b));
    assert_eq!(f.aabb(), b);
}

/// Beside a box near `Real::MAX`, `Aabb`–`Frustum` overlap rescaled the pair by the box's
/// magnitude (2⁻¹²⁸ in `f32`, 2⁻¹⁰²⁴ in `f64`), which flushed a tiny frustum's plane offsets to 0:
/// every plane then passed through the origin, and a box ending at the origin "met" a frustum
/// 1e-30 away (found by the broad phase's `huge_and_tiny_boxes_next_to_each_other`, f64).
#[test]
fn tiny_frustum_beside_a_huge_box_lost_its_plane_offsets() {
    use isect::Aabb;
    let tiny = aabb_frustum(&Aabb::new(Vec3::splat(1e-30), Vec3::splat(2e-30)));
    let max = Real::MAX;
    let apart = Aabb::new(v(-max, 0.0, 0.0), Vec3::ZERO);
    assert!(!apart.intersects(&tiny));
    assert!(!tiny.intersects(&apart));
    // Touching the frustum's corner, and reaching into it.
    for corner in [Vec3::splat(1e-30), Vec3::splat(1.5e-30)] {
        let meets = Aabb::new(v(-max, 0.0, 0.0), corner);
        assert!(meets.intersects(&tiny), "{corner}");
        assert!(tiny.intersects(&meets), "{corner}");
    }
    // The whole space meets it; a huge box beyond it does not.
    assert!(Aabb::new(Vec3::splat(-max), Vec3::splat(max)).intersects(&tiny));
    assert!(!Aabb::new(Vec3::splat(1e-29), Vec3::splat(max)).intersects(&tiny));
}

/// `2^(MAX_EXP − 2)`: `2¹²⁶` in `f32`, `2¹⁰²²` in `f64`, a magnitude the pair is rescaled from
/// by a power of two that flushes `1e-30` to 0.
fn huge() -> Real {
    (2.0 as Real).powi(Real::MAX_EXP - 2)
}

/// The pair `shape`, `frustum` in both argument orders.
fn meets_both<S>(shape: &S, frustum: &Frustum) -> [bool; 2]
where
    S: Intersects<Frustum>,
    Frustum: Intersects<S>,
{
    [shape.intersects(frustum), frustum.intersects(shape)]
}

/// The other frustum pairs had `Aabb`–`Frustum`'s flush: rescaled by a huge shape's magnitude,
/// the tiny frustum (the box `[1e-30, 2e-30]³`) became the point 0, which each of these shapes,
/// ending exactly at the plane `x = 0` (or `y = 0` beside it), touches. Each plane is now decided at
/// its own scale first, as `Aabb`–`Frustum`'s were.
#[test]
fn tiny_frustum_beside_other_huge_shapes_lost_its_plane_offsets() {
    use isect::{Capsule, ConvexHull, Obb, Segment, Triangle};
    let tiny = aabb_frustum(&isect::Aabb::new(Vec3::splat(1e-30), Vec3::splat(2e-30)));
    let r = huge();
    let x = Vec3::X;
    let sphere = Sphere::new(-x * r, r);
    let obb = Obb::new(
        -x * (r / 2.0),
        Vec3::splat(r / 2.0),
        isect::math::Mat3::IDENTITY,
    );
    let capsule = Capsule::new(-x * r, -x * (r / 2.0), r / 2.0);
    let hull = ConvexHull::new(vec![Vec3::ZERO, -x * r, v(-r, r, 0.0), v(-r, 0.0, r)]);
    let triangle = Triangle::new(v(0.0, -r, -r), v(0.0, r, -r), v(0.0, 0.0, r));
    let segment = Segment::new(v(0.0, -r, 1.5e-30), v(0.0, r, 1.5e-30));
    // Every shape checked before failing, so the message names all that were wrong.
    let wrong: Vec<_> = [
        ("sphere", meets_both(&sphere, &tiny)),
        ("obb", meets_both(&obb, &tiny)),
        ("capsule", meets_both(&capsule, &tiny)),
        ("hull", meets_both(&hull, &tiny)),
        ("triangle", meets_both(&triangle, &tiny)),
        ("segment", meets_both(&segment, &tiny)),
    ]
    .into_iter()
    .filter(|(_, meets)| *meets != [false; 2])
    .collect();
    assert!(wrong.is_empty(), "apart but meeting: {wrong:?}");
    // Controls: a huge sphere and box holding the frustum, and the triangle and segment moved
    // by `2⁻⁹⁹` (about 1.6e-30) along x, through the frustum.
    assert_eq!(
        meets_both(&Sphere::new(Vec3::ZERO, r), &tiny),
        [true; 2],
        "sphere"
    );
    let obb = Obb::new(
        Vec3::ZERO,
        Vec3::splat(r / 2.0),
        isect::math::Mat3::IDENTITY,
    );
    assert_eq!(meets_both(&obb, &tiny), [true; 2], "obb");
    let shift = x * (2.0 as Real).powi(-99);
    let triangle = Triangle::new(triangle.a + shift, triangle.b + shift, triangle.c + shift);
    assert_eq!(meets_both(&triangle, &tiny), [true; 2], "triangle");
    let segment = Segment::new(segment.a + shift, segment.b + shift);
    assert_eq!(meets_both(&segment, &tiny), [true; 2], "segment");
}

/// The other way round: beside a huge frustum (the box `[−2^(MAX_EXP−2), 0] × [−r, r]²` as a
/// frustum) a tiny shape past its face `x = 0` was flushed to the point 0, on that face.
#[test]
fn tiny_shape_beside_a_huge_frustum_was_flushed_onto_its_face() {
    use isect::{Capsule, ConvexHull, Obb, Segment, Triangle};
    let r = huge();
    let big = aabb_frustum(&isect::Aabb::new(v(-r, -r, -r), v(0.0, r, r)));
    let (a, b) = (1e-30, 2e-30);
    let sphere = Sphere::new(v(b, 0.0, 0.0), a);
    let obb = Obb::new(v(b, 0.0, 0.0), Vec3::splat(a), isect::math::Mat3::IDENTITY);
    let capsule = Capsule::new(v(b, 0.0, 0.0), v(b, a, 0.0), a);
    let hull = ConvexHull::new(vec![
        v(a, 0.0, 0.0),
        v(b, 0.0, 0.0),
        v(a, a, 0.0),
        v(a, 0.0, a),
    ]);
    let triangle = Triangle::new(v(a, 0.0, 0.0), v(b, 0.0, 0.0), v(a, a, 0.0));
    let segment = Segment::new(v(a, 0.0, 0.0), v(b, a, 0.0));
    // Every shape checked before failing, so the message names all that were wrong.
    let wrong: Vec<_> = [
        ("sphere", meets_both(&sphere, &big)),
        ("obb", meets_both(&obb, &big)),
        ("capsule", meets_both(&capsule, &big)),
        ("hull", meets_both(&hull, &big)),
        ("triangle", meets_both(&triangle, &big)),
        ("segment", meets_both(&segment, &big)),
    ]
    .into_iter()
    .filter(|(_, meets)| *meets != [false; 2])
    .collect();
    assert!(wrong.is_empty(), "apart but meeting: {wrong:?}");
    // Controls: the same shapes moved onto the face and across it meet it.
    let segment = Segment::new(v(-a, 0.0, 0.0), v(b, a, 0.0));
    assert_eq!(meets_both(&segment, &big), [true; 2], "segment across");
    let sphere = Sphere::new(v(a, 0.0, 0.0), a);
    assert_eq!(meets_both(&sphere, &big), [true; 2], "sphere touching");
}
