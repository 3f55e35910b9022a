//! Sweeps of shapes that already overlap at `t = 0`: `t_first = 0` and the normal is the way to
//! push `self` out of `other` (API.md), the penetration normal, whatever the motion. Hand cases
//! with exact normals for every family of sweep methods (ray casts of a sphere's center, the
//! closed forms of capsules, conservative advancement, separating axes with velocity, planes, the
//! generic `gjk_sweep` and `sweep_rotating`), and a property over every pair of support-mapped
//! shapes: the overlap along the reported normal is the least, within rounding, measured from the
//! support maps (independent of how the sweep found it).

use isect::math::Vec3;
use isect::query::SupportMap;
use isect::query::algo::conservative_advancement::{gjk_sweep, gjk_sweep_rounded};
use isect::{
    Aabb, Bounded, Capsule, Contact, ConvexHull, Obb, Plane, Real, RigidMotion, Sphere, Sweep,
    Triangle, sweep_rotating,
};
use proptest::prelude::*;

use super::Translated;
use crate::common::{strategy, tol, v};

/// The box of the issue: top face y = 0, half extents (20, 1, 20).
fn ground() -> Aabb {
    Aabb::from_center_half_extents(v(0.0, -1.0, 0.0), v(20.0, 1.0, 20.0))
}

/// A floor triangle in y = 0, wide around the origin.
fn floor() -> Triangle {
    Triangle::new(v(-20.0, 0.0, -20.0), v(20.0, 0.0, -20.0), v(0.0, 0.0, 20.0))
}

/// A 2 × 1.2 × 2 block as a hull, its bottom 0.2 below y = 0.
fn block_hull() -> ConvexHull {
    let mut points = Vec::new();
    for &x in &[-1.0, 1.0] {
        for &y in &[-0.2, 1.0] {
            for &z in &[-1.0, 1.0] {
                points.push(v(x, y, z));
            }
        }
    }
    ConvexHull::new(points)
}

/// The motion: up and a little sideways, away from the ground.
const APART: Vec3 = Vec3::new(0.1, 1.0, 0.0);

/// `a` sweeps from an overlap with `b`: `t_first = 0` and the normal `expected` (within
/// `1e-5`), and the other argument order gives the opposite normal.
#[track_caller]
fn assert_way_out<A, B>(a: &A, motion: Vec3, b: &B, expected: Vec3)
where
    A: Sweep<B> + core::fmt::Debug,
    B: Sweep<A> + core::fmt::Debug,
{
    let h = a.sweep(motion, b, Vec3::ZERO).expect("overlapping: a hit");
    assert_eq!(h.t_first, 0.0, "{a:?} / {b:?}: {h:?}");
    assert!(
        h.normal.distance(expected) <= 1e-5,
        "{a:?} moving {motion} from {b:?}: normal {} instead of {expected}",
        h.normal
    );
    let m = b.sweep(Vec3::ZERO, a, motion).expect("overlapping: a hit");
    assert_eq!(m.t_first, 0.0, "{b:?} / {a:?}: {m:?}");
    assert!(
        m.normal.distance(-expected) <= 1e-5,
        "{b:?} / {a:?} moving {motion}: normal {} instead of {}",
        m.normal,
        -expected
    );
}

/// The case: a sphere of radius 1 sunk 0.2 into a box's top face, moving up and a little
/// sideways, got the normal (−0.0995, −0.995, 0): against the motion, into the box.
#[test]
fn sweep_from_overlap_moving_apart_pointed_into_the_box() {
    let ball = Sphere::new(v(0.0, 0.8, 0.0), 1.0);
    let h = ball.sweep(APART, &ground(), Vec3::ZERO).unwrap();
    assert_eq!((h.t_first, h.normal), (0.0, Vec3::Y), "{h:?}");
    assert_way_out(&ball, APART, &ground(), Vec3::Y);
    assert_way_out(&ball, APART, &Obb::from_aabb(&ground()), Vec3::Y);
    // Moving in instead, or sideways: the way out is the same.
    assert_way_out(&ball, -APART, &ground(), Vec3::Y);
    assert_way_out(&ball, Vec3::X, &ground(), Vec3::Y);
    // The center inside the box (0.3 below its top): out through the nearest face, up.
    let sunk = Sphere::new(v(0.0, -0.3, 0.0), 1.0);
    assert_way_out(&sunk, v(1.0, -0.1, 0.0), &ground(), Vec3::Y);
}

/// The same bug for the other shapes on the box: capsules (conservative advancement on
/// the core), hulls, triangles and boxes.
#[test]
fn sweep_from_overlap_of_other_shapes_with_the_box_points_up() {
    let lying = Capsule::new(v(-1.0, 0.8, 0.0), v(1.0, 0.8, 0.0), 1.0);
    assert_way_out(&lying, APART, &ground(), Vec3::Y);
    // Its core sunk into the box: the way out of the core, up.
    let sunk = Capsule::new(v(-1.0, -0.3, 0.0), v(1.0, -0.3, 0.0), 0.5);
    assert_way_out(&sunk, APART, &ground(), Vec3::Y);
    assert_way_out(&sunk, APART, &Obb::from_aabb(&ground()), Vec3::Y);
    assert_way_out(&block_hull(), APART, &ground(), Vec3::Y);
    assert_way_out(&block_hull(), APART, &Obb::from_aabb(&ground()), Vec3::Y);
    let standing = Triangle::new(v(-1.0, -0.2, -1.0), v(1.0, -0.2, -1.0), v(0.0, 1.0, 1.0));
    assert_way_out(&standing, APART, &ground(), Vec3::Y);
    let crate_box = Aabb::from_center_half_extents(v(0.0, 0.8, 0.0), Vec3::ONE);
    assert_way_out(&crate_box, APART, &ground(), Vec3::Y);
    assert_way_out(&Obb::from_aabb(&crate_box), APART, &ground(), Vec3::Y);
}

/// The same bug against a floor triangle, a capsule and a hull as `other`.
#[test]
fn sweep_from_overlap_with_triangles_capsules_and_hulls_points_out() {
    let ball = Sphere::new(v(0.0, 0.5, 0.0), 1.0);
    assert_way_out(&ball, APART, &floor(), Vec3::Y);
    let lying = Capsule::new(v(-1.0, 0.5, 0.0), v(1.0, 0.5, 0.0), 1.0);
    assert_way_out(&lying, APART, &floor(), Vec3::Y);
    // The core crossing the floor: out along the floor's normal, to the side with more of it.
    let crossing = Capsule::new(v(-1.0, 0.5, 0.0), v(1.0, -0.25, 0.0), 0.25);
    let h = crossing.sweep(APART, &floor(), Vec3::ZERO).unwrap();
    assert_eq!(h.t_first, 0.0);
    assert!(h.normal.y.abs() >= 1.0 - 1e-5, "{h:?}");
    assert_way_out(&block_hull(), APART, &floor(), Vec3::Y);
    // A capsule lying across another below it.
    let below = Capsule::new(v(0.0, -1.0, -2.0), v(0.0, -1.0, 2.0), 1.0);
    assert_way_out(&lying, APART, &below, Vec3::Y);
    assert_way_out(&ball, APART, &below, Vec3::Y);
    // Against a hull: the block's top face is y = 1.
    let above = Sphere::new(v(0.0, 1.5, 0.0), 1.0);
    assert_way_out(&above, APART, &block_hull(), Vec3::Y);
    let over = Capsule::new(v(-0.5, 1.5, 0.0), v(0.5, 1.5, 0.0), 1.0);
    assert_way_out(&over, APART, &block_hull(), Vec3::Y);
    let roof = Triangle::new(v(-4.0, 0.9, -4.0), v(4.0, 0.9, -4.0), v(0.0, 0.9, 4.0));
    let h = block_hull().sweep(-APART, &roof, Vec3::ZERO).unwrap();
    assert_eq!(h.t_first, 0.0);
    assert!(h.normal.distance(-Vec3::Y) <= 1e-5, "{h:?}");
    let stacked = ConvexHull::new(
        block_hull()
            .points()
            .iter()
            .map(|p| *p + v(0.0, 1.0, 0.0))
            .collect::<Vec<_>>(),
    );
    assert_way_out(&stacked, APART, &block_hull(), Vec3::Y);
}

/// Degenerate triangles take conservative advancement: a point triangle sunk into a flat one.
#[test]
fn sweep_from_overlap_of_a_degenerate_triangle_points_out() {
    let needle = Triangle::new(v(0.0, -0.25, 0.0), v(0.0, 1.0, 0.0), v(0.0, 1.0, 0.0));
    let h = needle.sweep(APART, &floor(), Vec3::ZERO).unwrap();
    assert_eq!(h.t_first, 0.0);
    // Out of the floor along its normal, to the side of most of the needle.
    assert!(h.normal.distance(Vec3::Y) <= 1e-5, "{h:?}");
}

/// The generic routines: `gjk_sweep` and `sweep_rotating` (EPA's penetration normal).
#[test]
fn generic_sweeps_from_overlap_point_out() {
    let crate_box = Obb::from_aabb(&Aabb::from_center_half_extents(v(0.0, 0.8, 0.0), Vec3::ONE));
    let floor_box = Obb::from_aabb(&ground());
    let h = gjk_sweep(&crate_box, APART, &floor_box, Vec3::ZERO).unwrap();
    assert_eq!(h.t_first, 0.0);
    assert!(h.normal.distance(Vec3::Y) <= 1e-5, "{h:?}");
    // A sphere's center inside the box: cores overlap.
    let h = gjk_sweep_rounded(
        &v(0.0, -0.3, 0.0),
        1.0,
        v(1.0, -0.1, 0.0),
        &floor_box,
        0.0,
        Vec3::ZERO,
    )
    .unwrap();
    assert_eq!(h.t_first, 0.0);
    assert!(h.normal.distance(Vec3::Y) <= 1e-5, "{h:?}");
    let spin = RigidMotion::new(APART, v(0.0, 0.5, 0.0), crate_box.center);
    let h = sweep_rotating(&crate_box, &spin, &floor_box, &RigidMotion::STILL).unwrap();
    assert_eq!(h.t_first, 0.0);
    assert!(h.normal.distance(Vec3::Y) <= 1e-5, "{h:?}");
}

/// Planes were already right: the side the shape's center is on.
#[test]
fn plane_sweeps_from_overlap_point_to_the_center_side() {
    let plane = Plane::new(Vec3::Y, 0.0);
    assert_way_out(&Sphere::new(v(0.0, 0.5, 0.0), 1.0), -APART, &plane, Vec3::Y);
    assert_way_out(
        &Sphere::new(v(0.0, -0.5, 0.0), 1.0),
        APART,
        &plane,
        -Vec3::Y,
    );
    assert_way_out(&block_hull(), -APART, &plane, Vec3::Y);
}

/// How far `a` must move along the unit `n` to clear `b` (measured from the support maps): the
/// overlap of their extents along `n`. The penetration depth is its least value over `n`.
fn overlap_along<A: SupportMap, B: SupportMap>(a: &A, b: &B, n: Vec3) -> Real {
    n.dot(b.support(n)) - n.dot(a.support(-n))
}

/// The sweep of `a` from an overlap with `b` (`b` moved so that the two overlap often), both
/// orders: the overlap along the reported normal is the least within rounding (no more than
/// along the contact's normal or any axis).
fn check_start<A, B>(a: &A, motion: Vec3, b: &B, offset: Vec3) -> Result<(), TestCaseError>
where
    A: Sweep<B> + Contact<B> + SupportMap + Bounded + core::fmt::Debug,
    B: Sweep<A> + SupportMap + Bounded + Translated + core::fmt::Debug,
{
    // Put b's middle near a's, so that most cases overlap.
    let b = &b.translated(a.bounding_sphere().center - b.bounding_sphere().center + offset);
    let Some(c) = a.contact(b) else {
        return Ok(());
    };
    let t = tol(10.0);
    // Clearly overlapping, so that the way out is a direction, not a tie of touching faces.
    prop_assume!(c.depth > 10.0 * t);
    let least = [
        c.normal,
        Vec3::X,
        Vec3::Y,
        Vec3::Z,
        -Vec3::X,
        -Vec3::Y,
        -Vec3::Z,
    ]
    .into_iter()
    .map(|n| overlap_along(a, b, n))
    .fold(Real::INFINITY, Real::min);
    let what = format!("{a:?} moving {motion} from {b:?}, contact {c:?}");
    let h = a.sweep(motion, b, Vec3::ZERO);
    let h = h.ok_or_else(|| TestCaseError::fail(format!("no hit: {what}")))?;
    prop_assert_eq!(h.t_first, 0.0, "{}: {:?}", what, h);
    let along = overlap_along(a, b, h.normal);
    prop_assert!(
        along <= least + t,
        "{}: {:?} needs {} to clear, {} would do",
        what,
        h,
        along,
        least
    );
    let m = b.sweep(Vec3::ZERO, a, motion);
    let m = m.ok_or_else(|| TestCaseError::fail(format!("no mirrored hit: {what}")))?;
    let along = overlap_along(a, b, -m.normal);
    prop_assert!(
        along <= least + t,
        "mirrored {}: {:?} needs {} to clear, {} would do",
        what,
        m,
        along,
        least
    );
    Ok(())
}

fn hull() -> impl Strategy<Value = ConvexHull> {
    strategy::convex_hull()
}

/// Hulls with a volume. Known bug (issue 24): EPA stops at the first polytope that rounding
/// breaks (a fan face without area) and keeps its best bound so far, which against a collinear
/// hull can be 16% deeper than the least push
/// (`regressions::ordinary::hull_contact_against_a_collinear_hull_stops_at_a_broken_polytope`,
/// ignored until EPA mends such faces). Flat and collinear hulls are left out of the hull–hull
/// pair here until then; every other pair keeps them.
fn solid_hull() -> impl Strategy<Value = ConvexHull> {
    strategy::convex_hull().prop_filter("a hull with a volume", |h| h.dimension() == 3)
}

fn offset() -> impl Strategy<Value = Vec3> {
    strategy::vec3().prop_map(|o| o * 0.1)
}

macro_rules! start_overlap_pairs {
    ($($name:ident: $a:expr, $b:expr;)*) => {
        proptest! {
            $(
                #[test]
                fn $name(a in $a, motion in strategy::vec3(), b in $b, o in offset()) {
                    check_start(&a, motion, &b, o)?;
                }
            )*
        }
    };
}

start_overlap_pairs! {
    sphere_sphere: strategy::sphere(), strategy::sphere();
    sphere_aabb: strategy::sphere(), strategy::aabb();
    sphere_obb: strategy::sphere(), strategy::obb();
    sphere_capsule: strategy::sphere(), strategy::capsule();
    sphere_triangle: strategy::sphere(), strategy::triangle();
    sphere_convex_hull: strategy::sphere(), hull();
    aabb_aabb: strategy::aabb(), strategy::aabb();
    aabb_obb: strategy::aabb(), strategy::obb();
    aabb_capsule: strategy::aabb(), strategy::capsule();
    aabb_triangle: strategy::aabb(), strategy::triangle();
    aabb_convex_hull: strategy::aabb(), hull();
    obb_obb: strategy::obb(), strategy::obb();
    obb_capsule: strategy::obb(), strategy::capsule();
    obb_triangle: strategy::obb(), strategy::triangle();
    obb_convex_hull: strategy::obb(), hull();
    capsule_capsule: strategy::capsule(), strategy::capsule();
    capsule_triangle: strategy::capsule(), strategy::triangle();
    capsule_convex_hull: strategy::capsule(), hull();
    triangle_triangle: strategy::triangle(), strategy::triangle();
    triangle_convex_hull: strategy::triangle(), hull();
    convex_hull_convex_hull: solid_hull(), solid_hull();
}
