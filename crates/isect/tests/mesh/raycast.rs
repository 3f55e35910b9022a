//! Ray casts: closest hit, any hit, all hits, solid and surface semantics, watertightness.

use super::{brute_first, brute_hits, mesh};
use crate::common::mesh::{aimed_ray, soup, sphere_mesh, subdivided_cube};
use crate::common::{non_finite_points, tol, v};
use isect::math::Vec3;
use isect::{PointQuery, Ray, RayCast, Real, TriMesh};
use proptest::prelude::*;

fn check_against_brute(m: &TriMesh, ray: &Ray, max_t: Real) {
    let hits = brute_hits(m, ray, max_t);
    let first = brute_first(m, ray, max_t);
    let got = m.raycast_triangle(ray, max_t);
    match (got, first) {
        (None, None) => {}
        (Some(h), Some(t)) => {
            assert!(
                (h.t - t).abs() <= tol(16.0),
                "t {} vs brute {t} for {ray:?}: {h:?}",
                h.t
            );
            // The reported triangle is hit at (about) that t.
            assert!(
                hits.iter()
                    .any(|&(bt, i)| i == h.triangle && (bt - h.t).abs() <= tol(16.0)),
                "triangle {} not hit at {}",
                h.triangle,
                h.t
            );
            let tri = m.triangle(h.triangle);
            let n = tri.normal().unwrap();
            assert!((h.normal.length() - 1.0).abs() <= tol(1.0));
            assert!(h.normal.dot(ray.dir) <= 0.0, "normal faces the ray");
            assert!((h.normal.dot(n).abs() - 1.0).abs() <= tol(1.0));
            // u, v reproduce the hit point.
            let p = tri.a + (tri.b - tri.a) * h.u + (tri.c - tri.a) * h.v;
            let q = ray.origin + ray.dir * h.t;
            assert!(
                p.distance(q) <= tol(64.0),
                "{p} vs {q} for {ray:?}: {h:?} on {tri:?}"
            );
        }
        (got, want) => panic!("bvh {got:?} vs brute {want:?} for {ray:?}"),
    }
    assert_eq!(
        m.raycast_any(ray, max_t),
        m.raycast(ray, max_t).is_some(),
        "any-hit"
    );
    if !m.is_solid() {
        assert_eq!(m.raycast_any(ray, max_t), first.is_some(), "any-hit");
    }
    // All hits: the same set of triangles, sorted by t.
    let all = m.raycast_all(ray, max_t);
    let mut got_ids: Vec<u32> = all.iter().map(|h| h.triangle).collect();
    let mut want_ids: Vec<u32> = hits.iter().map(|&(_, i)| i).collect();
    assert!(all.windows(2).all(|w| w[0].t <= w[1].t), "sorted");
    got_ids.sort_unstable();
    want_ids.sort_unstable();
    assert_eq!(got_ids, want_ids, "all hits");
    // A surface mesh: raycast is the surface cast.
    if !m.is_solid() {
        assert_eq!(m.raycast(ray, max_t), m.raycast_surface(ray, max_t));
    }
}

proptest! {
    #[test]
    fn soup_casts_match_brute_force(
        data in soup(60),
        rays in proptest::collection::vec(aimed_ray(), 8),
        max_t in prop_oneof![Just(Real::INFINITY), (0.0 as Real)..3.0],
    ) {
        let m = mesh(data);
        for ray in &rays {
            check_against_brute(&m, ray, max_t);
        }
    }

    #[test]
    fn sphere_casts_match_brute_force(
        rays in proptest::collection::vec(aimed_ray(), 16),
        levels in 0u32..4,
    ) {
        let m = mesh(sphere_mesh(v(0.5, -0.25, 1.0), 5.0, levels));
        prop_assert!(m.is_solid());
        for ray in &rays {
            check_against_brute(&m, ray, Real::INFINITY);
        }
    }

    /// A segment that ends just past the ray's closest hit (by the test tolerance) finds that
    /// hit, by every query, and agrees with brute force. Not exactly at the reported `t`: that
    /// is rounded and may lie below the exact crossing by more than the box test's few ulp, so
    /// the traversal may cull the leaf where the triangle test alone, at its own rounded `t`,
    /// would still count the hit (seen in f32 and f64; a documented limit of the BVH cast).
    #[test]
    fn segments_ending_just_past_their_hit_find_it(
        rays in proptest::collection::vec(aimed_ray(), 16),
        cube in any::<bool>(),
        data in soup(40),
    ) {
        let m = if cube { mesh(subdivided_cube(4)) } else { mesh(data) };
        for ray in &rays {
            let Some(hit) = m.raycast_triangle(ray, Real::INFINITY) else {
                continue;
            };
            let end = hit.t + tol(hit.t);
            prop_assert_eq!(m.raycast_triangle(ray, end).map(|h| h.t), Some(hit.t));
            prop_assert!(m.raycast_any(ray, end));
            check_against_brute(&m, ray, end);
        }
    }

    /// Rays aimed exactly at shared vertices and at points of shared edges of closed meshes
    /// (from outside, through the middle) never slip through; from inside, they always leave.
    #[test]
    fn closed_meshes_are_watertight(
        edge in any::<prop::sample::Index>(),
        s in 0u32..=16,
        from in (-8i32..=8, -8i32..=8, -8i32..=8),
        sphere in any::<bool>(),
    ) {
        let m = if sphere {
            mesh(sphere_mesh(Vec3::ZERO, 1.0, 3))
        } else {
            mesh(subdivided_cube(8))
        };
        let tri = m.triangles()[edge.index(m.triangle_count())];
        let (a, b) = (m.vertices()[tri[0] as usize], m.vertices()[tri[1] as usize]);
        // A point of the edge: a vertex (s = 0 or 16) or an edge point.
        let target = a + (b - a) * (s as Real / 16.0);
        // From outside through the edge point into the solid (towards the centre, with a
        // slant): a ray that enters through a shared edge or vertex must hit.
        let slant = Vec3::new(from.0 as Real, from.1 as Real, from.2 as Real) / 16.0;
        let origin = target * 3.0 + slant;
        let ray = Ray::new(origin, target - origin);
        let hit = m.raycast_triangle(&ray, Real::INFINITY);
        prop_assert!(hit.is_some(), "slipped through at {target}");
        prop_assert!(hit.unwrap().t <= 1.0 + tol(1.0));
        prop_assert!(m.raycast_any(&ray, Real::INFINITY));
        // From the centre (inside) through the same point: always leaves.
        let inside = Ray::new(Vec3::ZERO, target);
        let exit = m.raycast_surface(&inside, Real::INFINITY);
        prop_assert!(exit.is_some(), "inside ray slipped through at {target}");
        let solid = m.raycast(&inside, Real::INFINITY).unwrap();
        prop_assert_eq!(solid.t, 0.0);
    }
}

#[test]
fn solid_semantics_from_inside_and_outside() {
    let m = mesh(subdivided_cube(4));
    assert!(m.is_solid());
    // Inside: t = 0, normal −dir normalized.
    let ray = Ray::new(v(0.25, 0.5, -0.25), v(0.0, 0.0, 2.0));
    let hit = m.raycast(&ray, 10.0).unwrap();
    assert_eq!(hit.t, 0.0);
    assert_eq!(hit.point, ray.origin);
    assert_eq!(hit.normal, v(0.0, 0.0, -1.0));
    // The surface cast gives the exit at z = 1: t = 0.625 in units of dir.
    let exit = m.raycast_surface(&ray, 10.0).unwrap();
    assert_eq!(exit.t, 0.625);
    assert_eq!(exit.normal, v(0.0, 0.0, -1.0));
    // Outside: the entry, outward normal.
    let ray = Ray::new(v(0.25, 0.5, -3.0), v(0.0, 0.0, 1.0));
    let hit = m.raycast(&ray, 10.0).unwrap();
    assert_eq!(hit.t, 2.0);
    assert_eq!(hit.normal, v(0.0, 0.0, -1.0));
    // Too short.
    assert!(m.raycast(&ray, 1.5).is_none());
    assert!(!m.raycast_any(&ray, 1.5));
    // Grazing an edge of the cube from outside (along the top-front edge line's neighbour):
    // the ray touches the edge x = 1, y = 1 and is not taken for one from inside.
    let graze = Ray::new(v(2.0, 0.0, 0.5), v(-1.0, 1.0, 0.0));
    let hit = m.raycast(&graze, 10.0).unwrap();
    assert_eq!(hit.t, 1.0);
    // A ray starting on the surface hits at 0.
    let on = Ray::new(v(1.0, 0.0, 0.0), v(1.0, 0.0, 0.0));
    assert_eq!(m.raycast(&on, 10.0).unwrap().t, 0.0);
    // A ray exactly along a face's plane through the inside of the face.
    let along = Ray::new(v(-3.0, 1.0, 0.25), v(1.0, 0.0, 0.0));
    let hit = m.raycast(&along, 10.0).unwrap();
    assert_eq!(hit.t, 2.0);
}

/// Regression (issue 24): a closed mesh wound inward (every triangle reversed) was solid and
/// `contains_point` said outside where it is, but `raycast` judged inside-ness by the first
/// triangle's front: a ray from outside hit at t = 0, one from inside at its exit.
#[test]
fn regression_inward_wound_solid_casts_from_outside_at_t_0() {
    let (vertices, triangles) = subdivided_cube(4);
    let reversed: Vec<[u32; 3]> = triangles.iter().map(|&[a, b, c]| [a, c, b]).collect();
    let inward = mesh((vertices.clone(), reversed));
    let outward = mesh((vertices.clone(), triangles));
    assert!(inward.is_solid());
    // The case, on [-1, 1]³: from outside along +x, the entry at x = -1.
    let from_outside = Ray::new(v(-3.0, 0.5, 0.5), Vec3::X);
    let hit = inward.raycast(&from_outside, 10.0).unwrap();
    assert_eq!((hit.t, hit.normal), (2.0, -Vec3::X));
    let from_inside = Ray::new(v(0.5, 0.5, 0.5), Vec3::X);
    let hit = inward.raycast(&from_inside, 10.0).unwrap();
    assert_eq!((hit.t, hit.point), (0.0, from_inside.origin));
    assert!(inward.contains_point(from_inside.origin));
    assert!(!inward.contains_point(from_outside.origin));
    // Every cast answers as on the cube wound outward, the grazing ray included (a tie
    // between triangles at an edge goes to the one whose outer side faces the ray).
    let rays = [
        Ray::new(v(0.25, 0.5, -0.25), v(0.0, 0.0, 2.0)),
        Ray::new(v(0.25, 0.5, -3.0), v(0.0, 0.0, 1.0)),
        Ray::new(v(2.0, 0.0, 0.5), v(-1.0, 1.0, 0.0)),
        Ray::new(v(1.0, 0.0, 0.0), v(1.0, 0.0, 0.0)),
        Ray::new(v(-3.0, 1.0, 0.25), v(1.0, 0.0, 0.0)),
        Ray::new(v(0.0, 0.0, 0.0), v(-1.0, 1.0, 0.5)),
    ];
    for ray in rays {
        let (a, b) = (inward.raycast(&ray, 10.0), outward.raycast(&ray, 10.0));
        assert_eq!(
            a.map(|h| (h.t, h.point)),
            b.map(|h| (h.t, h.point)),
            "{ray:?}"
        );
    }
    // A refit that mirrors the cube (x to -x) turns the outward one inside out, and back.
    let mut mirrored = outward;
    let flipped: Vec<Vec3> = vertices.iter().map(|p| v(-p.x, p.y, p.z)).collect();
    mirrored.refit(&flipped).unwrap();
    assert_eq!(mirrored.raycast(&from_outside, 10.0).unwrap().t, 2.0);
    assert_eq!(mirrored.raycast(&from_inside, 10.0).unwrap().t, 0.0);
}

/// Regression (issue 24): a ray starting inside a solid mesh and leaving it beyond a finite
/// `max_t` missed (`None`, any-hit `false`): inside-ness was judged only from the first
/// triangle within `max_t`.
#[test]
fn regression_solid_cast_from_inside_missed_beyond_max_t() {
    let (vertices, triangles) = subdivided_cube(4);
    let reversed: Vec<[u32; 3]> = triangles.iter().map(|&[a, b, c]| [a, c, b]).collect();
    let open = mesh((vertices.clone(), triangles[1..].to_vec()));
    assert!(!open.is_solid());
    // Inside [-1, 1]³, the exit at z = 1 is t = 0.625 along dir (0, 0, 2).
    let inside = Ray::new(v(0.25, 0.5, -0.25), v(0.0, 0.0, 2.0));
    // Outside, the entry at z = -1 is t = 2.
    let outside = Ray::new(v(0.25, 0.5, -3.0), v(0.0, 0.0, 1.0));
    // On the face x = 1, pointing out and in.
    let on_out = Ray::new(v(1.0, 0.25, 0.5), Vec3::X);
    let on_in = Ray::new(v(1.0, 0.25, 0.5), -Vec3::X);
    let big = (1u64 << 40) as Real;
    for scale in [1.0, 1.0 / big, big] {
        let scaled = |ray: &Ray| Ray::new(ray.origin * scale, ray.dir * scale);
        let points: Vec<Vec3> = vertices.iter().map(|&p| p * scale).collect();
        let solids = [
            mesh((points.clone(), triangles.clone())),
            mesh((points, reversed.clone())),
        ];
        for m in &solids {
            assert!(m.is_solid());
            let ray = scaled(&inside);
            for max_t in [0.5, 0.624, 0.0] {
                let hit = m.raycast(&ray, max_t).unwrap();
                assert_eq!((hit.t, hit.point), (0.0, ray.origin), "max_t {max_t}");
                assert_eq!(hit.normal, v(0.0, 0.0, -1.0));
                assert!(m.raycast_any(&ray, max_t));
            }
            assert_eq!(
                m.raycast(&ray, 0.625).unwrap().t,
                0.0,
                "control: exit at max_t"
            );
            let ray = scaled(&outside);
            for max_t in [1.5, 1.999, 0.0] {
                assert_eq!(m.raycast(&ray, max_t), None, "max_t {max_t}");
                assert!(!m.raycast_any(&ray, max_t));
            }
            assert_eq!(
                m.raycast(&ray, 2.0).unwrap().t,
                2.0,
                "control: entry at max_t"
            );
            for ray in [scaled(&on_out), scaled(&on_in)] {
                for max_t in [0.0, 0.5, Real::INFINITY] {
                    assert_eq!(m.raycast(&ray, max_t).unwrap().t, 0.0, "{ray:?} {max_t}");
                    assert!(m.raycast_any(&ray, max_t));
                }
            }
        }
    }
    // A surface mesh (one triangle missing) has no inside: only its triangles are hit.
    assert_eq!(open.raycast(&inside, 0.5), None);
    assert!(!open.raycast_any(&inside, 0.5));
    assert_eq!(open.raycast(&inside, 1.0).unwrap().t, 0.625);
}

proptest! {
    /// A solid mesh's cast with any `max_t` is the whole ray's cast cut at `max_t`, and a hit at
    /// `t = 0` exactly when `contains_point` holds at the origin; any-hit agrees. Origins clear
    /// of the surface (inside the inscribed octahedron's insphere, or outside the sphere), half
    /// of them inside.
    #[test]
    fn solid_casts_are_the_whole_rays_cut_at_max_t(
        levels in 0u32..3,
        toward in (-1.0 as Real..1.0, -1.0 as Real..1.0, -1.0 as Real..1.0),
        reach in prop_oneof![(0.0 as Real)..0.55, (1.01 as Real)..1.6],
        dir in (-1.0 as Real..1.0, -1.0 as Real..1.0, -1.0 as Real..1.0),
        max_t in prop_oneof![(0.0 as Real)..12.0, Just(0.0)],
        inward in any::<bool>(),
    ) {
        let (center, radius) = (v(0.5, -0.25, 1.0), 5.0);
        let (vertices, mut triangles) = sphere_mesh(center, radius, levels);
        if inward {
            triangles.iter_mut().for_each(|t| t.swap(1, 2));
        }
        let m = mesh((vertices, triangles));
        prop_assert!(m.is_solid());
        let toward = v(toward.0, toward.1, toward.2).try_normalize().unwrap_or(Vec3::X);
        let o = center + toward * (reach * radius);
        let d = v(dir.0, dir.1, dir.2);
        prop_assume!(d.length() > 0.1);
        let r = o.distance(center);
        // The octahedron's insphere has radius `radius / √3` > 0.57 `radius`.
        prop_assume!(r < 0.55 * radius || r > 1.01 * radius);
        let ray = Ray::new(o, d);
        let inside = m.contains_point(o);
        prop_assert_eq!(inside, r < radius, "contains_point");
        let whole = m.raycast(&ray, Real::INFINITY);
        let cut = m.raycast(&ray, max_t);
        if inside {
            prop_assert_eq!(whole.map(|h| h.t), Some(0.0));
            prop_assert_eq!(cut, whole, "inside, max_t {}", max_t);
        } else {
            prop_assert!(whole.is_none_or(|h| h.t > 0.0));
            // Compared clear of the entry: the rounded `t` may lie on either side of an exact
            // `max_t` there.
            let clear = whole.is_none_or(|h| (h.t - max_t).abs() > tol(64.0) * h.t.max(1.0));
            if clear {
                prop_assert_eq!(cut, whole.filter(|h| h.t <= max_t), "outside, max_t {}", max_t);
            }
        }
        prop_assert_eq!(m.raycast_any(&ray, max_t), cut.is_some(), "any-hit");
    }
}

#[test]
fn raycast_all_lists_every_crossing() {
    let m = mesh(sphere_mesh(Vec3::ZERO, 2.0, 2));
    let ray = Ray::new(v(-5.0, 0.125, 0.0625), v(1.0, 0.0, 0.0));
    let all = m.raycast_all(&ray, Real::INFINITY);
    assert_eq!(all.len(), 2, "{all:?}");
    assert!(all[0].t < all[1].t);
    assert!(m.raycast_all(&ray, 1.0).is_empty());
    let two_boxes = {
        let (mut v1, mut t1) = subdivided_cube(1);
        let (v2, t2) = subdivided_cube(1);
        let base = v1.len() as u32;
        v1.extend(v2.iter().map(|p| *p + Vec3::X * 4.0));
        t1.extend(t2.iter().map(|t| t.map(|i| i + base)));
        mesh((v1, t1))
    };
    let ray = Ray::new(v(-3.0, 0.25, 0.125), v(1.0, 0.0, 0.0));
    let ts: Vec<Real> = two_boxes
        .raycast_all(&ray, Real::INFINITY)
        .iter()
        .map(|h| h.t)
        .collect();
    assert_eq!(ts, vec![2.0, 4.0, 6.0, 8.0]);
}

#[test]
fn degenerate_triangles_are_never_hit() {
    let vertices = vec![
        v(0.0, 0.0, 0.0),
        v(1.0, 0.0, 0.0),
        v(2.0, 0.0, 0.0),
        v(0.0, 1.0, 0.0),
    ];
    // A collinear triangle and a point triangle.
    let m = TriMesh::new(vertices.clone(), vec![[0, 1, 2], [3, 3, 3]]).unwrap();
    for ray in [
        Ray::new(v(0.5, 0.0, 1.0), v(0.0, 0.0, -1.0)),
        Ray::new(v(0.0, 1.0, 1.0), v(0.0, 0.0, -1.0)),
        Ray::new(v(-1.0, 0.0, 0.0), v(1.0, 0.0, 0.0)),
    ] {
        assert!(m.raycast_triangle(&ray, 10.0).is_none());
        assert!(!m.raycast_any(&ray, 10.0));
        assert!(m.raycast_all(&ray, 10.0).is_empty());
    }
    // Next to a real triangle, the real one is hit.
    let m = TriMesh::new(vertices, vec![[0, 1, 2], [0, 1, 3]]).unwrap();
    let hit = m
        .raycast_triangle(&Ray::new(v(0.5, 0.0, 1.0), v(0.0, 0.0, -1.0)), 10.0)
        .unwrap();
    assert_eq!((hit.t, hit.triangle), (1.0, 1));
}

#[test]
fn invalid_rays_hit_nothing() {
    let m = mesh(subdivided_cube(2));
    let good = Ray::new(v(0.0, 0.0, -3.0), v(0.0, 0.0, 1.0));
    let mut bad = vec![Ray::new(v(0.0, 0.0, -3.0), Vec3::ZERO)];
    for p in non_finite_points() {
        bad.push(Ray::new(p, good.dir));
        bad.push(Ray::new(good.origin, p));
    }
    for ray in bad {
        assert!(m.raycast_triangle(&ray, 10.0).is_none(), "{ray:?}");
        assert!(m.raycast(&ray, 10.0).is_none());
        assert!(m.raycast_surface(&ray, 10.0).is_none());
        assert!(!m.raycast_any(&ray, 10.0));
        assert!(m.raycast_all(&ray, 10.0).is_empty());
    }
    for max_t in [Real::NAN, -1.0] {
        assert!(m.raycast_triangle(&good, max_t).is_none());
        assert!(!m.raycast_any(&good, max_t));
        assert!(m.raycast_all(&good, max_t).is_empty());
    }
    // max_t = 0 from outside: nothing; from the surface: the hit at 0.
    assert!(m.raycast(&good, 0.0).is_none());
    let on = Ray::new(v(0.0, 0.0, -1.0), v(0.0, 0.0, 1.0));
    assert_eq!(m.raycast_triangle(&on, 0.0).map(|h| h.t), Some(0.0));
}

/// A soup of `n` triangles with corners on the quarter grid of [-8, 8]³, from `seed`.
fn seeded_soup(n: usize, mut seed: u64) -> (Vec<Vec3>, Vec<[u32; 3]>) {
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        ((seed >> 40) % 65) as Real * 0.25 - 8.0
    };
    let vertices: Vec<Vec3> = (0..3 * n)
        .map(|_| Vec3::new(next(), next(), next()))
        .collect();
    let triangles = (0..n as u32)
        .map(|i| [3 * i, 3 * i + 1, 3 * i + 2])
        .collect();
    (vertices, triangles)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3))]

    /// Meshes of more than 1 MiB, whose traversals prefetch the children a ray enters, answer
    /// as brute force too (a 32768-triangle sphere; a soup of 12000 triangles).
    #[test]
    fn large_meshes_that_prefetch_match_brute_force(
        rays in proptest::collection::vec(aimed_ray(), 12),
        seed in 1u64..,
    ) {
        let sphere = mesh(sphere_mesh(v(0.5, -0.25, 1.0), 5.0, 6));
        let soup = mesh(seeded_soup(12_000, seed));
        for m in [&sphere, &soup] {
            prop_assert!(m.heap_bytes() > 1 << 20, "{} bytes", m.heap_bytes());
            for ray in &rays {
                check_against_brute(m, ray, Real::INFINITY);
            }
        }
    }
}

/// A mesh whose BVH arrays span whole 2 MiB pages (asked to be huge pages on Linux) answers as
/// brute force, and so does its clone (which copies them into advised memory of its own), with
/// the same hits bit for bit.
#[test]
fn meshes_in_huge_pages_and_their_clones_match_brute_force() {
    use proptest::strategy::ValueTree;
    // Over 4 MiB of leaf blocks alone, so they hold an aligned 2 MiB range wherever they start.
    let big = mesh(seeded_soup(120_000, 0x9e37_79b9_7f4a_7c15));
    assert!(big.heap_bytes() > 8 << 20, "{} bytes", big.heap_bytes());
    let copy = big.clone();
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    for _ in 0..8 {
        let ray = aimed_ray().new_tree(&mut runner).unwrap().current();
        check_against_brute(&copy, &ray, Real::INFINITY);
    }
    for _ in 0..200 {
        let ray = aimed_ray().new_tree(&mut runner).unwrap().current();
        let (a, b) = (
            big.raycast_triangle(&ray, 20.0),
            copy.raycast_triangle(&ray, 20.0),
        );
        assert_eq!(
            a.map(|h| (h.t.to_bits(), h.triangle)),
            b.map(|h| (h.t.to_bits(), h.triangle))
        );
        assert_eq!(big.raycast_any(&ray, 5.0), copy.raycast_any(&ray, 5.0));
    }
}
