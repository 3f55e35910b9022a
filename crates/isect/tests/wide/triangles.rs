//! `wide::Triangles`: the watertight cast and its any-hit test, lane by lane against
//! `Triangle`'s (the lanes' own arithmetic and the lanes handed to the scalar cast alike).

use isect::math::Vec3;
use isect::wide::{Triangle4, Triangle8, Triangles};
use isect::{Ray, Real, Triangle};
use proptest::prelude::*;

use super::{assert_ray_lanes, invalid_rays, max_t, ray, scalar_t};
use crate::common::{strategy, v};

/// A lane's triangle: random (general, collinear, coincident corners, slivers), on the integer
/// lattice (which the lattice rays meet exactly on edges and corners, or run along), scaled far
/// out of the window the lanes compute in (the scalar cast rescales those), or invalid.
fn lane() -> impl Strategy<Value = Triangle> {
    let corner = || {
        (-4i32..=4, -4i32..=4, -4i32..=4).prop_map(|(x, y, z)| v(x as Real, y as Real, z as Real))
    };
    let lattice = (corner(), corner(), corner()).prop_map(|(a, b, c)| Triangle::new(a, b, c));
    let scaled = (
        strategy::triangle(),
        prop_oneof![Just(2e-30 as Real), Just(1e-9 as Real), Just(3e9 as Real)],
    )
        .prop_map(|(t, s)| Triangle::new(t.a * s, t.b * s, t.c * s));
    let nan = Real::NAN;
    let invalid = prop_oneof![
        Just(Triangle::new(v(nan, 0.0, 0.0), Vec3::X, Vec3::Y)),
        Just(Triangle::new(
            Vec3::ZERO,
            v(0.0, Real::INFINITY, 0.0),
            Vec3::Y
        )),
        Just(Triangle::new(
            Vec3::ZERO,
            Vec3::X,
            v(0.0, 0.0, Real::NEG_INFINITY)
        )),
    ];
    prop_oneof![4 => strategy::triangle(), 4 => lattice, 1 => scaled, 1 => invalid]
}

fn check_ray<const N: usize>(triangles: &[Triangle], ray: &Ray, max_t: Real) {
    let pack = Triangles::<N>::from_slice(triangles);
    let answers = (&pack.raycast(ray, max_t)[..], pack.raycast_any(ray, max_t));
    assert_ray_lanes(triangles, N, answers, ray, max_t);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    #[test]
    fn ray_lanes_are_the_scalar_casts(
        triangles in prop::collection::vec(lane(), 0..=8),
        ray in ray(),
        max_t in max_t(),
    ) {
        check_ray::<8>(&triangles, &ray, max_t);
        check_ray::<4>(&triangles[..triangles.len().min(4)], &ray, max_t);
    }

    /// Rays aimed at a point of each triangle (a corner, an edge's midpoint, an inner point),
    /// so that most lanes are hit and decided by the lanes' own arithmetic.
    #[test]
    fn aimed_rays_hit_as_the_scalar_casts(
        triangles in prop::collection::vec(strategy::triangle(), 1..=8),
        which in 0usize..8,
        weights in (0.0 as Real..1.0, 0.0 as Real..1.0),
        from in strategy::point(),
        max_t in max_t(),
    ) {
        let target = &triangles[which % triangles.len()];
        let (s, t) = weights;
        let (s, t) = if s + t > 1.0 { (1.0 - s, 1.0 - t) } else { (s, t) };
        let aims = [
            target.a,
            target.a.lerp(target.b, 0.5),
            target.a + (target.b - target.a) * s + (target.c - target.a) * t,
        ];
        for aim in aims {
            if aim != from {
                let ray = Ray::new(from, aim - from);
                check_ray::<8>(&triangles, &ray, max_t);
                check_ray::<8>(&triangles, &ray, 1.0);
            }
        }
    }
}

#[test]
fn hits_edges_corners_and_max_t_exactly() {
    let at = |z: Real| Triangle::new(v(0.0, 0.0, z), v(2.0, 0.0, z), v(0.0, 2.0, z));
    let shifted = |t: Triangle, d: Vec3| Triangle::new(t.a + d, t.b + d, t.c + d);
    let triangles = [
        at(1.0),                             // through the inside: t = 1
        shifted(at(2.0), v(0.5, -1.0, 0.0)), // (0.5, 0.5) on its edge x = 0.5
        shifted(at(3.0), v(0.5, 0.5, 0.0)),  // its corner a: t = 3
        shifted(at(4.0), v(0.6, 0.0, 0.0)),  // just beside: miss
        at(-1.0),                            // behind: miss
        Triangle::new(v(0.5, 0.5, 5.0), v(0.5, 0.5, 7.0), v(0.5, 0.5, 6.0)), // a segment along the ray: t = 5
        Triangle::new(v(0.0, 0.5, 0.0), v(1.0, 0.5, 0.0), v(0.0, 0.5, 1.0)), // the ray in its plane, from inside: 0
        at(10.0), // at exactly max_t = 10
    ];
    let ray = Ray::new(v(0.5, 0.5, 0.0), Vec3::Z);
    let pack = Triangle8::from_slice(&triangles);
    let inf = Real::INFINITY;
    let t = pack.raycast(&ray, 10.0);
    assert_eq!(t, [1.0, 2.0, 3.0, inf, inf, 5.0, 0.0, 10.0]);
    for (lane, tri) in triangles.iter().enumerate() {
        assert_eq!(t[lane], scalar_t(tri, &ray, 10.0), "lane {lane}");
    }
    assert_eq!(pack.raycast_any(&ray, 10.0), 0b1110_0111);
    assert_eq!(pack.raycast_any(&ray, 9.0), 0b0110_0111);
    // Backwards along the same line: the mirrored answers, by the same lanes.
    let back = Ray::new(v(0.5, 0.5, 11.0), -Vec3::Z);
    assert_eq!(
        pack.raycast(&back, 20.0),
        [10.0, 9.0, 8.0, inf, 12.0, 4.0, 10.5, 1.0]
    );
}

/// A fan of six triangles around a vertex, and a square of two split along its diagonal: a
/// ray through the shared vertex, the shared edges and the diagonal hits at least one lane,
/// from both sides (the watertight promise, lane by lane).
#[test]
fn rays_through_shared_edges_and_vertices_never_slip_through() {
    let centre = v(0.0, 0.0, 1.0);
    let ring = |k: usize| {
        let a = k as Real * core::f64::consts::FRAC_PI_3 as Real;
        v(a.cos() * 3.0, a.sin() * 3.0, 1.0 + (k % 2) as Real * 0.25)
    };
    let fan: Vec<Triangle> = (0..6)
        .map(|k| Triangle::new(centre, ring(k), ring(k + 1)))
        .collect();
    let pack = Triangle8::from_slice(&fan);
    for (from, dir) in [(v(0.0, 0.0, -2.0), Vec3::Z), (v(0.0, 0.0, 4.0), -Vec3::Z)] {
        let t = pack.raycast(&Ray::new(from, dir), 10.0);
        assert!(t.iter().any(|t| t.is_finite()), "through the vertex: {t:?}");
    }
    for k in 0..6 {
        // Through a point of each shared edge, along a slanted direction.
        let p = centre.lerp(ring(k), 0.375);
        let dir = v(0.125, -0.25, 1.0);
        let ray = Ray::new(p - dir * 3.0, dir);
        let t = pack.raycast(&ray, 10.0);
        assert!(t.iter().any(|t| t.is_finite()), "edge {k}: {t:?}");
        for (lane, tri) in fan.iter().enumerate() {
            assert_eq!(t[lane], scalar_t(tri, &ray, 10.0), "edge {k} lane {lane}");
        }
    }
    let square = [
        Triangle::new(v(0.0, 0.0, 0.0), v(1.0, 0.0, 0.0), v(1.0, 1.0, 0.0)),
        Triangle::new(v(0.0, 0.0, 0.0), v(1.0, 1.0, 0.0), v(0.0, 1.0, 0.0)),
    ];
    let pack = Triangle4::from_slice(&square);
    for i in 0..=16 {
        let s = i as Real / 16.0;
        let ray = Ray::new(v(s, s, 1.0), v(0.0, 0.0, -1.0));
        assert_ne!(pack.raycast_any(&ray, 2.0) & 0b11, 0, "diagonal at {s}");
    }
}

#[test]
fn invalid_lanes_rays_and_partial_packs_never_hit() {
    let good = Triangle::new(v(-1.0, -1.0, 4.0), v(3.0, -1.0, 4.0), v(-1.0, 3.0, 4.0));
    let nan = Real::NAN;
    let triangles = [
        good,
        Triangle::new(v(-1.0, nan, 4.0), good.b, good.c),
        Triangle::new(good.a, v(Real::INFINITY, -1.0, 4.0), good.c),
        Triangle::new(good.a, good.b, v(-1.0, 3.0, Real::NEG_INFINITY)),
    ];
    let ray = Ray::new(Vec3::ZERO, Vec3::Z);
    let pack = Triangle8::from_slice(&triangles);
    let inf = Real::INFINITY;
    assert_eq!(
        pack.raycast(&ray, 10.0),
        [4.0, inf, inf, inf, inf, inf, inf, inf]
    );
    assert_eq!(pack.raycast_any(&ray, 10.0), 0b1);
    for (ray, max_t) in invalid_rays() {
        assert_eq!(pack.raycast_any(&ray, max_t), 0, "{ray:?} {max_t}");
        assert_eq!(pack.raycast(&ray, max_t), [inf; 8], "{ray:?} {max_t}");
    }
    assert_eq!(Triangle4::EMPTY.raycast(&ray, inf), [inf; 4]);
    assert_eq!(Triangle4::default().raycast_any(&ray, inf), 0);
}

/// Triangles and rays far from unit size (the scalar cast rescales them) and directions far
/// from unit length, beside ordinary lanes: every lane the scalar answer, at every scale a
/// power of two times the same case's.
#[test]
fn magnitudes_far_from_one_keep_the_scalar_answers() {
    let base = [
        Triangle::new(v(-1.0, -1.0, 4.0), v(3.0, -1.0, 4.0), v(-1.0, 3.0, 4.0)),
        Triangle::new(v(0.0, 0.0, 2.0), v(1.0, 0.0, 2.0), v(0.0, 1.0, 2.0)),
        Triangle::new(v(0.25, 0.0, 3.0), v(1.0, 0.0, 3.0), v(0.25, 1.0, 3.0)),
    ];
    for k in [-100, -60, -20, 0, 20, 60, 100] {
        let s = (2.0 as Real).powi(k);
        if !(s.is_finite() && s > 0.0) || (s * 4.0).is_infinite() {
            continue;
        }
        let scaled: Vec<Triangle> = base
            .iter()
            .map(|t| Triangle::new(t.a * s, t.b * s, t.c * s))
            .collect();
        let ray = Ray::new(Vec3::ZERO, Vec3::Z * s);
        let pack = Triangle4::from_slice(&scaled);
        let t = pack.raycast(&ray, 10.0);
        for (lane, tri) in scaled.iter().enumerate() {
            assert_eq!(t[lane], scalar_t(tri, &ray, 10.0), "2^{k} lane {lane}");
        }
        assert_eq!(t[..3], [4.0, 2.0, Real::INFINITY], "2^{k}");
        let dir_only = Ray::new(Vec3::ZERO, Vec3::Z * s);
        let t = Triangle4::from_slice(&base).raycast(&dir_only, 10.0 / s);
        for (lane, tri) in base.iter().enumerate() {
            assert_eq!(
                t[lane],
                scalar_t(tri, &dir_only, 10.0 / s),
                "dir 2^{k} lane {lane}"
            );
        }
    }
}

/// Triangles far smaller than their distance from the origin (edges outside the window while
/// the corners are inside it, where `is_flat` decides at the triangle's own scale), slivers
/// among them: every lane the scalar answer.
#[test]
fn tiny_triangles_away_from_the_origin_keep_the_scalar_answers() {
    for k in [-10, -30, -45] {
        let s = (2.0 as Real).powi(k);
        let at = v(0.25, 0.5, 1.0);
        let triangles = [
            Triangle::new(at, at + v(s, 0.0, 0.0), at + v(0.0, s, 0.0)),
            Triangle::new(at, at + v(s, 0.0, 0.0), at + v(0.5 * s, s * 1e-7, 0.0)),
            Triangle::new(at, at + v(s, s, 0.0), at + v(2.0 * s, 2.0 * s, s * 1e-6)),
            Triangle::new(at - v(s, s, 0.0), at + v(s, -s, 0.0), at + v(0.0, s, 0.0)),
        ];
        let pack = Triangle4::from_slice(&triangles);
        for ray in [
            Ray::new(v(0.25, 0.5, 0.0), Vec3::Z),
            Ray::new(v(0.25, 0.5, 0.0), v(s * 0.25, s * 0.25, 1.0)),
            Ray::new(v(0.0, 0.0, 0.0), at),
        ] {
            let t = pack.raycast(&ray, 10.0);
            for (lane, tri) in triangles.iter().enumerate() {
                assert_eq!(
                    t[lane],
                    scalar_t(tri, &ray, 10.0),
                    "2^{k} {ray:?} lane {lane}"
                );
            }
        }
        // The ray through corner a hits the first and the one around it.
        assert_ne!(
            pack.raycast_any(&Ray::new(v(0.25, 0.5, 0.0), Vec3::Z), 10.0) & 0b1001,
            0
        );
    }
}

#[test]
fn packs_round_trip_their_lanes() {
    let t = Triangle::new(v(1.0, 2.0, 3.0), v(4.0, 5.0, 6.0), v(7.0, 8.0, 9.5));
    let mut pack = Triangle8::EMPTY;
    pack.set(7, &t);
    assert_eq!(pack.get(7), t);
    assert_eq!(pack.corner[2][2][7], 9.5);
    assert!(pack.get(0).is_valid().is_err());
}
