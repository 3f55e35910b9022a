//! The traversals' two compiled copies give the same bits: each query through
//! [`crate::dispatch::fast`] (the x86-64-v3 copy where the processor has it, as on the CI
//! machines, with the eight-lane AVX box test) against its `*_inline` body called directly from
//! the test, which compiles it for the baseline target, with the ray's box test on four-lane
//! halves ([`PreRay::without_v3`]).

use alloc::vec::Vec;

use proptest::prelude::*;

use crate::bvh::Bvh;
use crate::bvh::packet::PACKET;
use crate::bvh::ray::{LeafHit, PreRay};
use crate::math::{Real, Vec3, to_f64};
use crate::query::TriangleHit;
use crate::shape::Ray;

/// A mesh over a small integer grid (shared corners and edges, coplanar and axis-aligned
/// faces, degenerate triangles) or over arbitrary coordinates.
fn mesh() -> impl Strategy<Value = (Vec<Vec3>, Vec<[u32; 3]>)> {
    let grid = (-3i8..=3, -3i8..=3, -3i8..=3)
        .prop_map(|(x, y, z)| Vec3::new(x.into(), y.into(), z.into()));
    let free = (-4.0..4.0 as Real, -4.0..4.0 as Real, -4.0..4.0 as Real)
        .prop_map(|(x, y, z)| Vec3::new(x, y, z));
    let vertex = prop_oneof![grid, free];
    proptest::collection::vec(vertex, 3..40).prop_flat_map(|vertices| {
        let n = vertices.len() as u32;
        let triangle = [0..n, 0..n, 0..n];
        (Just(vertices), proptest::collection::vec(triangle, 1..80))
    })
}

/// A ray from the grid (axis-parallel directions and origins on faces, edges and corners
/// included) or from arbitrary coordinates, with its `max_t`.
fn ray() -> impl Strategy<Value = (Ray, Real)> {
    let coordinate = prop_oneof![(-5i8..=5).prop_map(Real::from), -5.0..5.0 as Real,];
    let v = [coordinate.clone(), coordinate.clone(), coordinate];
    let max_t = prop_oneof![Just(Real::INFINITY), 0.0..3.0 as Real, Just(0.0)];
    (v.clone(), v, max_t)
        .prop_map(|(o, d, max_t)| (Ray::new(Vec3::from_array(o), Vec3::from_array(d)), max_t))
}

/// The bits of a hit on the triangle in `slot`, for exact comparison.
fn hit_bits(slot: u32, hit: TriangleHit) -> (u32, [u64; 3]) {
    let b = |x: Real| to_f64(x).to_bits();
    (slot, [b(hit.t), b(hit.u), b(hit.v)])
}

/// [`hit_bits`] of a closest hit.
fn bits(hit: Option<LeafHit>) -> Option<(u32, [u64; 3])> {
    hit.map(|h| hit_bits(h.slot, h.hit))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn single_ray_queries_agree(
        (vertices, triangles) in mesh(),
        rays in proptest::collection::vec(ray(), 1..24),
    ) {
        let bvh = Bvh::new(&vertices, &triangles);
        for (ray, max_t) in rays {
            let Some(pre) = PreRay::new(&ray, max_t) else { continue };
            let plain = pre.without_v3();
            prop_assert_eq!(
                bits(bvh.closest(&pre, max_t)),
                bits(bvh.closest_inline(&plain, max_t))
            );
            prop_assert_eq!(bvh.any(&pre, max_t), bvh.any_inline(&plain, max_t));
            let (mut fast, mut base) = (Vec::new(), Vec::new());
            bvh.all(&pre, max_t, &mut fast);
            bvh.all_inline(&plain, max_t, &mut base);
            let key = |v: &Vec<(u32, TriangleHit)>| {
                v.iter().map(|&(s, h)| hit_bits(s, h)).collect::<Vec<_>>()
            };
            prop_assert_eq!(key(&fast), key(&base));
            prop_assert_eq!(bvh.crossings(&pre), bvh.crossings_inline(&plain));
        }
    }

    #[test]
    fn packets_agree(
        (vertices, triangles) in mesh(),
        origin in (-5.0..5.0 as Real, -5.0..5.0 as Real, -5.0..5.0 as Real),
        target in (-1.0..1.0 as Real, -1.0..1.0 as Real, -1.0..1.0 as Real),
        spread in 0.0..0.5 as Real,
        max_t in prop_oneof![Just(Real::INFINITY), 0.0..8.0 as Real],
    ) {
        let bvh = Bvh::new(&vertices, &triangles);
        // A fan of coherent rays from one origin, as a camera's neighbouring pixels are.
        let o = Vec3::new(origin.0, origin.1, origin.2);
        let aim = Vec3::new(target.0, target.1, target.2) - o;
        let rays: Vec<PreRay> = (0..PACKET)
            .filter_map(|i| {
                let (a, b) = ((i % 4) as Real - 1.5, (i / 4) as Real - 1.5);
                PreRay::new(&Ray::new(o, aim + Vec3::new(a, b, a - b) * spread), max_t)
            })
            .collect();
        let plain: Vec<PreRay> = rays.iter().map(|r| r.without_v3()).collect();
        let mut fast = [None; PACKET];
        let mut base = [None; PACKET];
        bvh.closest_packet(&rays, max_t, &mut fast[..rays.len()]);
        bvh.closest_packet_inline(&plain, max_t, &mut base[..rays.len()]);
        prop_assert_eq!(fast.map(bits), base.map(bits));
    }
}
