//! Distances between shapes and meshes and between two meshes: against brute force over every
//! triangle (isect's pair distances, and the f64 references for spheres, capsules and
//! segments), 0 exactly when `Intersects` says they meet (a shape wholly inside a solid mesh
//! included), the closest points on both, both argument orders; hand cases with exact answers
//! and invalid input.

use isect::math::{Mat3, Vec3};
use isect::{
    Aabb, Capsule, ClosestPoints, ConvexHull, Distance, Intersects, Obb, PointQuery, Real, Segment,
    Sphere, TriMesh, Triangle,
};
use proptest::prelude::*;

use super::mesh;
use super::sweep::any_mesh;
use crate::common::flat_reference::{dv, segment_triangle_distance, triangle_distance, wide};
use crate::common::mesh::{floor, sphere_mesh, subdivided_cube, translated};
use crate::common::{NON_FINITE, strategy, tol, v};

/// Coordinates reach about 10 and shapes 5: the scale of the tolerances.
const SCALE: Real = 32.0;

/// The triangles of `m` with an area.
fn triangles(m: &TriMesh) -> Vec<Triangle> {
    (0..m.triangle_count() as u32)
        .map(|i| m.triangle(i))
        .filter(|t| t.normal().is_some())
        .collect()
}

/// What a shape needs here.
trait TestShape:
    Distance<TriMesh> + Distance<Triangle> + Intersects<TriMesh> + PointQuery + core::fmt::Debug
{
    /// The f64 reference distance to a triangle, for the shapes the references cover.
    fn reference(&self, _t: &Triangle) -> Option<f64> {
        None
    }
}

impl TestShape for Sphere {
    fn reference(&self, t: &Triangle) -> Option<f64> {
        Some((triangle_distance(t, dv(self.center)) - wide(self.radius)).max(0.0))
    }
}

impl TestShape for Capsule {
    fn reference(&self, t: &Triangle) -> Option<f64> {
        let d = segment_triangle_distance(dv(self.a), dv(self.b), t);
        Some((d - wide(self.radius)).max(0.0))
    }
}

impl TestShape for Segment {
    fn reference(&self, t: &Triangle) -> Option<f64> {
        Some(segment_triangle_distance(dv(self.a), dv(self.b), t))
    }
}

impl TestShape for Aabb {}
impl TestShape for Obb {}
impl TestShape for Triangle {}
impl TestShape for ConvexHull {}

/// Every check of the distance between `shape` and `m`.
fn check<S: TestShape>(shape: &S, m: &TriMesh)
where
    TriMesh: Distance<S>,
{
    let cp = Distance::<TriMesh>::closest_points(shape, m);
    let what = format!("{shape:?} and a mesh: {cp:?}");
    assert_eq!(m.closest_points(shape), cp.swapped(), "mirror: {what}");
    assert_eq!(Distance::<TriMesh>::distance(shape, m), cp.distance);
    let meets = shape.intersects(m);
    assert_eq!(
        cp.distance == 0.0,
        meets,
        "distance 0 exactly when intersects: {what}"
    );
    if triangles(m).is_empty() && !m.is_solid() {
        // Every triangle degenerate: the empty set.
        assert_eq!(cp, ClosestPoints::NONE, "{what}");
        return;
    }
    let t = tol(SCALE);
    assert!(cp.distance.is_finite(), "no answer: {what}");
    assert!(
        shape.distance_to_point(cp.a) <= t,
        "a is not on the shape: {what}"
    );
    assert!(
        m.distance_to_point(cp.b) <= t,
        "b is not on the mesh: {what}"
    );
    assert!(
        (cp.a.distance(cp.b) - cp.distance).abs() <= t,
        "|a − b|: {what}"
    );
    let brute = triangles(m)
        .iter()
        .map(|tri| Distance::<Triangle>::distance(shape, tri))
        .fold(Real::INFINITY, Real::min);
    if meets {
        assert_eq!(cp.a, cp.b, "a common point: {what}");
        if brute > t {
            // Wholly inside a solid mesh (by the winding number, independently). A gap within
            // the tolerance is a grazing crossing that the mesh's watertight cast (which
            // decides segments) finds and the pair's closest points round apart.
            assert!(
                m.is_solid() && m.winding_number(cp.a).abs() >= 0.5,
                "{what}"
            );
        }
    } else {
        assert_eq!(
            cp.distance, brute,
            "the least of the pair distances: {what}"
        );
        assert!(
            !(m.is_solid() && m.winding_number(cp.a).abs() >= 0.5),
            "inside, yet apart: {what}"
        );
    }
    let reference = triangles(m)
        .iter()
        .map(|tri| shape.reference(tri))
        .try_fold(f64::INFINITY, |least, d| Some(least.min(d?)));
    if let (Some(reference), false) = (reference, meets) {
        assert!(
            (wide(cp.distance) - reference).abs() <= wide(t),
            "reference {reference}: {what}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn sphere_distances(m in any_mesh(), s in strategy::sphere()) {
        check(&s, &m);
    }

    #[test]
    fn capsule_distances(m in any_mesh(), c in strategy::capsule()) {
        check(&c, &m);
    }

    #[test]
    fn segment_distances(m in any_mesh(), s in strategy::segment()) {
        check(&s, &m);
    }

    #[test]
    fn aabb_distances(m in any_mesh(), b in strategy::aabb()) {
        check(&b, &m);
    }

    #[test]
    fn obb_distances(m in any_mesh(), b in strategy::obb()) {
        check(&b, &m);
    }

    #[test]
    fn triangle_distances(m in any_mesh(), t in strategy::triangle()) {
        check(&t, &m);
    }

    #[test]
    fn hull_distances(m in any_mesh(), h in strategy::convex_hull()) {
        check(&h, &m);
    }

    #[test]
    fn mesh_distances(a in any_mesh(), b in any_mesh(), d in strategy::vec3()) {
        let b = translated(&b, d * 0.5);
        check_meshes(&a, &b);
    }
}

/// The distance between two meshes against the least over all pairs of triangles, and 0
/// exactly when `intersects`.
fn check_meshes(a: &TriMesh, b: &TriMesh) {
    let cp = a.closest_points(b);
    let back = b.closest_points(a);
    let what = format!("{cp:?} / {back:?}");
    assert_eq!(cp.distance, back.distance, "both orders: {what}");
    let meets = a.intersects(b);
    assert_eq!(
        cp.distance == 0.0,
        meets,
        "distance 0 exactly when intersects: {what}"
    );
    if triangles(a).is_empty() || triangles(b).is_empty() {
        assert_eq!(cp, ClosestPoints::NONE, "{what}");
        return;
    }
    let t = tol(SCALE);
    assert!(
        a.distance_to_point(cp.a) <= t && b.distance_to_point(cp.b) <= t,
        "{what}"
    );
    if !meets {
        let (ta, tb) = (triangles(a), triangles(b));
        let brute = ta
            .iter()
            .flat_map(|x| tb.iter().map(move |y| x.distance(y)))
            .fold(Real::INFINITY, Real::min);
        assert_eq!(
            cp.distance, brute,
            "the least of the pair distances: {what}"
        );
        assert!((cp.a.distance(cp.b) - cp.distance).abs() <= t, "{what}");
    }
}

/// A segment grazing a triangle: the mesh's watertight cast (what `Intersects` decides a
/// segment by) finds the crossing where the segment–triangle closest points are 3.4e-7 apart;
/// the distance was that gap while `intersects` was true (found by `segment_distances`).
#[test]
fn segment_grazing_a_triangle_had_a_distance_while_intersecting() {
    let m = mesh((
        vec![v(-1.75, 0.0, -4.0), v(6.25, 4.5, -1.0), v(0.0, 0.0, 0.0)],
        vec![[0, 1, 2]],
    ));
    let s = Segment::new(v(2.0, 3.0, -2.0), v(4.0, 0.0, -4.0));
    check(&s, &m);
    let reversed = Segment::new(s.b, s.a);
    check(&reversed, &m);
}

#[test]
fn resting_on_and_above_a_floor() {
    let m = mesh(floor(8, 4.0));
    // On a face, on a shared edge, on a shared vertex: touching.
    for c in [v(0.25, 1.0, 0.5), v(0.0, 1.0, 0.5), v(1.0, 1.0, 1.0)] {
        let cp = Sphere::new(c, 1.0).closest_points(&m);
        assert_eq!(cp.distance, 0.0);
        assert_eq!(cp.a, cp.b);
        // Half a unit above: exact.
        let up = Sphere::new(c + v(0.0, 0.5, 0.0), 1.0);
        let cp = up.closest_points(&m);
        assert_eq!(
            cp,
            ClosestPoints {
                a: v(c.x, 0.5, c.z),
                b: v(c.x, 0.0, c.z),
                distance: 0.5
            }
        );
    }
    // A box a quarter above, a capsule lying an eighth above (the pair routines' rounding).
    let near = |d: Real, want: Real| (d - want).abs() <= 4.0 * Real::EPSILON;
    let b = Aabb::new(v(-1.0, 0.25, -1.0), v(1.5, 2.0, 0.5));
    assert!(near(b.distance(&m), 0.25));
    let c = Capsule::new(v(-2.0, 1.125, 0.5), v(3.0, 1.125, 0.5), 1.0);
    assert!(near(c.distance(&m), 0.125));
    // Beside the floor: to its edge.
    let s = Sphere::new(v(7.0, 4.0, 0.0), 1.0);
    assert_eq!(s.distance(&m), 4.0);
}

#[test]
fn inside_solid_and_open_meshes() {
    let solid = mesh(subdivided_cube(4));
    let (vertices, mut tris) = subdivided_cube(4);
    tris.truncate(tris.len() - 2);
    let open = TriMesh::new(vertices, tris).unwrap();
    let ball = Sphere::new(v(0.25, 0.0, 0.0), 0.25);
    assert_eq!(
        ball.closest_points(&solid),
        ClosestPoints {
            a: ball.center,
            b: ball.center,
            distance: 0.0
        }
    );
    // The open cube is a surface: to the nearest wall, x = 1.
    let near = |d: Real, want: Real| (d - want).abs() <= 4.0 * Real::EPSILON;
    assert!(near(ball.distance(&open), 0.5));
    let boxed = Obb::new(Vec3::ZERO, Vec3::splat(0.5), Mat3::IDENTITY);
    assert_eq!(boxed.distance(&solid), 0.0);
    assert!(near(boxed.distance(&open), 0.5));
    // Mesh in mesh: a small sphere mesh inside the cube.
    let inner = mesh(sphere_mesh(Vec3::ZERO, 0.5, 1));
    assert_eq!(solid.distance(&inner), 0.0);
    assert_eq!(inner.distance(&solid), 0.0);
    assert!(open.distance(&inner) > 0.4);
    // Two cubes a quarter apart, and touching.
    let other = translated(&solid, v(2.25, 0.0, 0.0));
    assert!(near(solid.distance(&other), 0.25));
    assert_eq!(solid.distance(&translated(&solid, v(2.0, 0.0, 0.0))), 0.0);
}

#[test]
fn invalid_input_and_empty_meshes() {
    let m = mesh(floor(2, 4.0));
    let ball = Sphere::new(v(0.0, 3.0, 0.0), 1.0);
    assert_eq!(ball.distance(&m), 2.0, "control");
    for x in NON_FINITE {
        assert_eq!(
            Sphere::new(v(x, 3.0, 0.0), 1.0).closest_points(&m),
            ClosestPoints::NONE
        );
        assert_eq!(
            m.closest_points(&Capsule::new(v(0.0, x, 0.0), Vec3::ONE, 1.0)),
            ClosestPoints::NONE
        );
        let hull = ConvexHull::new(vec![Vec3::ZERO, v(x, 0.0, 0.0)]);
        assert_eq!(hull.distance(&m), Real::INFINITY);
    }
    assert_eq!(
        Sphere::new(v(0.0, 3.0, 0.0), -1.0).distance(&m),
        Real::INFINITY
    );
    assert_eq!(ConvexHull::new(Vec::new()).distance(&m), Real::INFINITY);
    // A mesh whose triangles all lack an area is empty.
    let flat = TriMesh::new(
        vec![v(0.0, 0.0, 0.0), v(1.0, 0.0, 0.0), v(2.0, 0.0, 0.0)],
        vec![[0, 1, 2]],
    )
    .unwrap();
    assert_eq!(ball.closest_points(&flat), ClosestPoints::NONE);
    assert_eq!(flat.closest_points(&m), ClosestPoints::NONE);
}
