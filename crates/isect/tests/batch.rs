//! `isect::batch`: the same answers as one call per ray or pair, in the input's order.

use isect::math::Vec3;
use isect::{Aabb, Intersects, Obb, Ray, RayCast, Real, Sphere, TriMesh, Triangle, batch};
use proptest::prelude::*;

use crate::common::mesh::{soup, sphere_mesh, subdivided_cube};
use crate::common::{strategy, tol, v};
use crate::mesh::{brute_first, brute_hits, mesh};

/// A tetrahedron, closed and oriented outward.
fn tetrahedron() -> TriMesh {
    TriMesh::new(
        vec![
            v(0.0, 0.0, 0.0),
            v(4.0, 0.0, 0.0),
            v(0.0, 4.0, 0.0),
            v(0.0, 0.0, 4.0),
        ],
        vec![[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]],
    )
    .unwrap()
}

/// A camera's rays, row by row: `n × n` pixels from `eye` towards `target` over a field of
/// view of `fov` (radians, the tangent of the half angle), each direction scaled by `scale`.
fn camera(eye: Vec3, target: Vec3, fov: Real, n: u32, scale: Real) -> Vec<Ray> {
    let forward = (target - eye).normalize();
    let right = forward.cross(v(0.1, 0.2, 1.0)).normalize();
    let up = right.cross(forward);
    let mut rays = Vec::new();
    for j in 0..n {
        for i in 0..n {
            let x = (2.0 * (i as Real + 0.5) / n as Real - 1.0) * fov;
            let y = (1.0 - 2.0 * (j as Real + 0.5) / n as Real) * fov;
            rays.push(Ray::new(eye, (forward + right * x + up * y) * scale));
        }
    }
    rays
}

/// `batch::raycast_mesh` (packets) against `raycast_triangle` (one ray at a time), which is
/// itself held to the first hit by brute force over all triangles: the same answer, or, where
/// two triangles are hit within rounding of each other (`batch`'s documented exception), a hit
/// at the same `t` of a triangle the ray does hit there. Returns how many answers were the
/// same.
fn check_packets(m: &TriMesh, rays: &[Ray], max_t: Real) -> usize {
    let packed = batch::raycast_mesh(m, rays, max_t);
    assert_eq!(packed.len(), rays.len());
    let mut same = 0;
    for (ray, got) in rays.iter().zip(packed) {
        let want = m.raycast_triangle(ray, max_t);
        assert_eq!(
            want.map(|h| h.t),
            brute_first(m, ray, max_t),
            "single ray against brute force for {ray:?} (max_t {max_t})"
        );
        if got == want {
            same += 1;
            continue;
        }
        let (Some(g), Some(w)) = (got, want) else {
            panic!("packet {got:?} vs single {want:?} for {ray:?} (max_t {max_t})");
        };
        assert!(
            (g.t - w.t).abs() <= tol(4.0) * w.t.abs().max(1.0),
            "t {g:?} vs {w:?} for {ray:?}"
        );
        assert!(
            brute_hits(m, ray, max_t)
                .iter()
                .any(|&(t, i)| i == g.triangle && (t - g.t).abs() <= tol(16.0)),
            "triangle {} not hit at {} by {ray:?}",
            g.triangle,
            g.t
        );
    }
    same
}

#[test]
fn mesh_packets_match_one_ray_at_a_time_on_camera_rays() {
    // A closed sphere and a subdivided cube (whose grid lines the rays cross), seen from
    // several sides, with finite and infinite ranges; the fans are narrow enough for every
    // packet of a row to point into one octant except where a row crosses an axis plane.
    let sphere = mesh(sphere_mesh(v(0.5, -0.25, 0.0), 3.0, 3));
    let cube = mesh(subdivided_cube(6));
    let (mut total, mut same) = (0, 0);
    for m in [&sphere, &cube] {
        for eye in [v(7.0, -9.0, 5.5), v(-6.0, 4.0, -8.0), v(0.3, 0.2, 9.0)] {
            for (fov, scale) in [(0.5, 1.0), (0.05, 3.0), (0.002, 0.5)] {
                let rays = camera(eye, v(0.1, 0.0, -0.2), fov, 24, scale);
                for max_t in [Real::INFINITY, 10.0] {
                    total += rays.len();
                    same += check_packets(m, &rays, max_t);
                }
            }
        }
    }
    // The exception is for exact ties; nearly every answer is the same bits.
    assert!(same * 100 >= total * 99, "{same} of {total} the same");
}

#[test]
fn mesh_packets_skip_invalid_rays() {
    let m = mesh(sphere_mesh(Vec3::ZERO, 1.0, 2));
    // Off the axes, so that the packets form (every direction in one octant).
    let mut rays = camera(v(1.5, -5.0, 0.8), Vec3::ZERO, 0.1, 8, 1.0);
    rays[3] = Ray::new(v(Real::NAN, 0.0, 0.0), v(0.0, 1.0, 0.0));
    rays[9] = Ray::new(v(0.0, -5.0, 0.0), Vec3::ZERO);
    rays[17] = Ray::new(v(0.0, -5.0, 0.0), v(0.0, Real::INFINITY, 0.0));
    let hits = batch::raycast_mesh(&m, &rays, Real::INFINITY);
    assert_eq!((hits[3], hits[9], hits[17]), (None, None, None));
    assert!(hits.iter().filter(|h| h.is_some()).count() > 40);
    check_packets(&m, &rays, Real::INFINITY);
    // A negative or NaN range: no hits at all.
    for max_t in [-1.0, Real::NAN] {
        assert!(
            batch::raycast_mesh(&m, &rays, max_t)
                .iter()
                .all(Option::is_none)
        );
    }
}

#[test]
fn empty_input_gives_empty_output() {
    let s = Sphere::new(Vec3::ZERO, 1.0);
    assert!(batch::raycast(&s, &[], 1.0).is_empty());
    assert!(batch::raycast_any(&s, &[], 1.0).is_empty());
    assert!(batch::intersects::<Sphere, Aabb>(&[]).is_empty());
}

proptest! {
    #[test]
    fn rays_match_one_call_each(
        rays in proptest::collection::vec(strategy::ray(), 0..64),
        obb in strategy::obb(),
        max_t in prop_oneof![Just(Real::INFINITY), strategy::real(0.0, 5.0)],
    ) {
        let mesh = tetrahedron();
        let closest = batch::raycast(&obb, &rays, max_t);
        let surface = batch::raycast_surface(&obb, &rays, max_t);
        let any = batch::raycast_any(&obb, &rays, max_t);
        let on_mesh = batch::raycast_mesh(&mesh, &rays, max_t);
        let mesh_any = batch::raycast_any(&mesh, &rays, max_t);
        prop_assert_eq!(closest.len(), rays.len());
        for (i, ray) in rays.iter().enumerate() {
            prop_assert_eq!(closest[i], obb.raycast(ray, max_t));
            prop_assert_eq!(surface[i], obb.raycast_surface(ray, max_t));
            prop_assert_eq!(any[i], obb.raycast_any(ray, max_t));
            prop_assert_eq!(on_mesh[i], mesh.raycast_triangle(ray, max_t));
            prop_assert_eq!(mesh_any[i], mesh.raycast_any(ray, max_t));
        }
    }

    #[test]
    fn mesh_packets_match_one_ray_at_a_time(
        m in soup(60).prop_map(mesh),
        eye in strategy::point().prop_map(|p| p * 1.5),
        target in strategy::point().prop_map(|p| p * 0.4),
        fov in prop_oneof![Just(0.0), strategy::real(1e-4, 0.8)],
        scale in strategy::real(0.1, 10.0),
        max_t in prop_oneof![Just(Real::INFINITY), strategy::real(0.0, 30.0)],
    ) {
        prop_assume!(eye.distance(target) > 0.5);
        // fov 0: every ray of a packet the same (a packet with no spread).
        check_packets(&m, &camera(eye, target, fov, 8, scale), max_t);
    }

    #[test]
    fn pairs_match_one_call_each(
        pairs in proptest::collection::vec((strategy::sphere(), strategy::obb()), 0..64),
    ) {
        let answers = batch::intersects::<Sphere, Obb>(&pairs);
        prop_assert_eq!(answers.len(), pairs.len());
        for ((a, b), answer) in pairs.iter().zip(answers) {
            prop_assert_eq!(answer, a.intersects(b));
        }
    }
}

/// Boxes, spheres and triangles for the wide batches: random ones and some invalid.
fn wide_shapes() -> impl Strategy<Value = Vec<(Aabb, Sphere, Triangle)>> {
    let nan = Real::NAN;
    let shape = prop_oneof![
        8 => (strategy::aabb(), strategy::sphere(), strategy::triangle()),
        1 => Just((
            Aabb::new(v(nan, 0.0, 0.0), Vec3::ONE),
            Sphere::new(Vec3::ZERO, -1.0),
            Triangle::new(v(nan, 0.0, 0.0), Vec3::X, Vec3::Y),
        )),
        1 => Just((
            Aabb::new(Vec3::ONE, Vec3::ZERO),
            Sphere::new(v(0.0, nan, 0.0), 1.0),
            Triangle::new(Vec3::ZERO, Vec3::X, v(0.0, Real::INFINITY, 0.0)),
        )),
    ];
    // Lengths around the pack width and across a chunk of the parallel split.
    prop_oneof![
        3 => prop::collection::vec(shape.clone(), 0..=17),
        1 => prop::collection::vec(shape, 1000..1100),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The wide batches give, per shape and in order, the scalar query's answer.
    #[test]
    fn wide_batches_are_the_scalar_queries_in_order(
        shapes in wide_shapes(),
        ray in strategy::ray(),
        max_t in 0.0 as Real..20.0,
        frustum in strategy::camera_frustum(),
    ) {
        let boxes: Vec<Aabb> = shapes.iter().map(|s| s.0).collect();
        let balls: Vec<Sphere> = shapes.iter().map(|s| s.1).collect();
        let triangles: Vec<Triangle> = shapes.iter().map(|s| s.2).collect();
        let t_of = |hit: Option<isect::RayHit>| hit.map_or(Real::INFINITY, |h| h.t);
        let expected: Vec<Real> = boxes.iter().map(|b| t_of(b.raycast(&ray, max_t))).collect();
        prop_assert_eq!(batch::raycast_aabbs(&ray, &boxes, max_t), expected);
        let expected: Vec<Real> = balls.iter().map(|s| t_of(s.raycast(&ray, max_t))).collect();
        prop_assert_eq!(batch::raycast_spheres(&ray, &balls, max_t), expected);
        let expected: Vec<Real> = triangles.iter().map(|t| t_of(t.raycast(&ray, max_t))).collect();
        prop_assert_eq!(batch::raycast_triangles(&ray, &triangles, max_t), expected);
        let expected: Vec<bool> = boxes.iter().map(|b| frustum.may_intersect_aabb(b)).collect();
        prop_assert_eq!(batch::may_intersect_aabbs(&frustum, &boxes), expected);
        let expected: Vec<bool> = balls.iter().map(|s| frustum.may_intersect_sphere(s)).collect();
        prop_assert_eq!(batch::may_intersect_spheres(&frustum, &balls), expected);
    }
}

/// The control for the property above: a slice where most boxes are hit, so equal vectors
/// are not all `+∞`.
#[test]
fn wide_batches_hit_what_they_should() {
    let boxes: Vec<Aabb> = (0..2000)
        .map(|i| Aabb::new(v(i as Real, -1.0, -1.0), v(i as Real + 0.5, 1.0, 1.0)))
        .collect();
    // Shape i met at t = i + 1 up to max_t = 1500, none beyond.
    let staircase = |t: Vec<Real>| {
        assert_eq!(t.len(), 2000);
        assert!(
            t[..1500]
                .iter()
                .enumerate()
                .all(|(i, &t)| t == i as Real + 1.0)
        );
        assert!(t[1500..].iter().all(|&t| t == Real::INFINITY));
    };
    staircase(batch::raycast_aabbs(
        &Ray::new(v(-1.0, 0.0, 0.0), Vec3::X),
        &boxes,
        1500.0,
    ));
    // A staircase of triangles, each crossed at its corner, edge or inside in turn.
    let steps: Vec<Triangle> = (0..2000)
        .map(|i| {
            let (x, y) = [(0.0, 0.0), (-0.5, 0.0), (-0.5, -0.5)][i % 3];
            let z = i as Real;
            Triangle::new(v(x, y, z), v(x + 2.0, y, z), v(x, y + 2.0, z))
        })
        .collect();
    staircase(batch::raycast_triangles(
        &Ray::new(v(0.0, 0.0, -1.0), Vec3::Z),
        &steps,
        1500.0,
    ));
}
