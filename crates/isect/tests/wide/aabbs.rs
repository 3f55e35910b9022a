//! `wide::Aabbs`: the slab test and the frustum plane test, lane by lane against `Aabb`'s.

use isect::math::Vec3;
use isect::wide::{Aabb4, Aabb8, Aabbs};
use isect::{Aabb, Frustum, Intersects, Plane, Ray, RayCast, Real};
use proptest::prelude::*;

use super::{assert_lanes_mask, assert_lanes_t, frustum, invalid_rays, max_t, ray, scalar_t};
use crate::common::{aabb_frustum, strategy, v};

/// A lane's box: random, on the integer lattice (faces, edges and corners that rays along the
/// axes touch exactly; flat and point boxes), or invalid.
fn lane() -> impl Strategy<Value = Aabb> {
    let lattice = (
        -4i32..=4,
        -4i32..=4,
        -4i32..=4,
        0i32..=3,
        0i32..=3,
        0i32..=3,
    )
        .prop_map(|(x, y, z, w, h, d)| {
            let min = v(x as Real, y as Real, z as Real);
            Aabb::new(min, min + v(w as Real, h as Real, d as Real))
        });
    let nan = Real::NAN;
    let invalid = prop_oneof![
        Just(Aabb::new(v(nan, 0.0, 0.0), Vec3::ONE)),
        Just(Aabb::new(Vec3::ZERO, v(1.0, 1.0, nan))),
        Just(Aabb::new(Vec3::ONE, Vec3::ZERO)),
        Just(Aabb::new(v(0.0, 0.0, 2.0), v(1.0, 1.0, 1.0))),
        Just(Aabb::new(v(Real::NEG_INFINITY, 0.0, 0.0), Vec3::ONE)),
        Just(Aabb::EMPTY),
    ];
    prop_oneof![4 => strategy::aabb(), 4 => lattice, 1 => invalid]
}

fn check_ray<const N: usize>(boxes: &[Aabb], ray: &Ray, max_t: Real) {
    let pack = Aabbs::<N>::from_slice(boxes);
    let t = pack.raycast(ray, max_t);
    let mut scalar = boxes
        .iter()
        .map(|b| scalar_t(b, ray, max_t))
        .collect::<Vec<_>>();
    scalar.resize(N, Real::INFINITY);
    assert_lanes_t(&t, &scalar, &format!("raycast {ray:?} {max_t} {boxes:?}"));
    let any = boxes
        .iter()
        .map(|b| b.raycast_any(ray, max_t))
        .collect::<Vec<_>>();
    let what = format!("raycast_any {ray:?} {max_t} {boxes:?}");
    assert_lanes_mask(pack.raycast_any(ray, max_t), &any, &what);
}

fn check_frustum<const N: usize>(boxes: &[Aabb], frustum: &Frustum) {
    let pack = Aabbs::<N>::from_slice(boxes);
    let scalar = boxes
        .iter()
        .map(|b| frustum.may_intersect_aabb(b))
        .collect::<Vec<_>>();
    let what = format!("may_intersect_frustum {frustum:?} {boxes:?}");
    assert_lanes_mask(pack.may_intersect_frustum(frustum), &scalar, &what);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn overlap_lanes_are_the_scalar_tests(
        boxes in prop::collection::vec(lane(), 0..=8),
        other in lane(),
    ) {
        let pack = Aabb8::from_slice(&boxes);
        let scalar = boxes.iter().map(|b| b.intersects(&other)).collect::<Vec<_>>();
        assert_lanes_mask(pack.intersects_aabb(&other), &scalar, &format!("{other:?} {boxes:?}"));
    }

    #[test]
    fn ray_lanes_are_the_scalar_casts(
        boxes in prop::collection::vec(lane(), 0..=8),
        ray in ray(),
        max_t in max_t(),
    ) {
        check_ray::<8>(&boxes, &ray, max_t);
        check_ray::<4>(&boxes[..boxes.len().min(4)], &ray, max_t);
    }

    #[test]
    fn frustum_lanes_are_the_scalar_culling_tests(
        boxes in prop::collection::vec(lane(), 0..=8),
        frustum in frustum(),
    ) {
        check_frustum::<8>(&boxes, &frustum);
        check_frustum::<4>(&boxes[..boxes.len().min(4)], &frustum);
    }
}

/// The unit cube `[0, 1]³` and boxes around it that a ray along +x at `y = z = 0.5` meets in
/// every way: through, along a face, on an edge, at a corner, and past.
#[test]
fn touching_and_parallel_rays_hit_with_exact_entries() {
    let boxes = [
        Aabb::new(v(2.0, 0.0, 0.0), v(3.0, 1.0, 1.0)), // through: t = 2
        Aabb::new(v(4.0, 0.5, 0.0), v(5.0, 1.5, 1.0)), // the ray in its face y = 0.5: t = 4
        Aabb::new(v(6.0, 0.5, 0.5), v(7.0, 1.5, 1.5)), // along an edge: t = 6
        Aabb::new(v(8.0, 0.5, 0.5), v(8.0, 0.5, 0.5)), // a point on the ray: t = 8
        Aabb::new(v(9.0, 0.5001, 0.0), v(10.0, 1.0, 1.0)), // just beside: miss
        Aabb::new(v(-1.0, 0.0, 0.0), v(0.0, 1.0, 1.0)), // behind, its face through the origin: t = 0
        Aabb::new(v(-3.0, 0.0, 0.0), v(-2.0, 1.0, 1.0)), // behind: miss
        Aabb::new(v(-1.0, 0.0, 0.0), v(1.0, 1.0, 1.0)), // around the origin: t = 0
    ];
    let ray = Ray::new(v(0.0, 0.5, 0.5), Vec3::X);
    let pack = Aabb8::from_slice(&boxes);
    let inf = Real::INFINITY;
    assert_eq!(
        pack.raycast(&ray, 20.0),
        [2.0, 4.0, 6.0, 8.0, inf, 0.0, inf, 0.0]
    );
    assert_eq!(pack.raycast_any(&ray, 20.0), 0b1010_1111);
    // `max_t` exactly at an entry counts; just before it does not.
    assert_eq!(pack.raycast_any(&ray, 6.0), 0b1010_0111);
    assert_eq!(pack.raycast_any(&ray, 5.999), 0b1010_0011);
    // The scalar casts agree on each.
    for (lane, b) in boxes.iter().enumerate() {
        assert_eq!(
            pack.raycast(&ray, 20.0)[lane],
            super::scalar_t(b, &ray, 20.0)
        );
    }
    // A segment that ends on a face touches it (divisions, not reciprocals: `t` is exactly 1).
    let segment = Ray::new(v(0.3, 0.5, 0.5), v(1.7, 0.0, 0.0));
    assert_eq!(pack.raycast(&segment, 1.0)[0], 1.0);
}

#[test]
fn invalid_lanes_rays_and_partial_packs_never_hit() {
    let nan = Real::NAN;
    let good = Aabb::new(v(2.0, -1.0, -1.0), v(3.0, 1.0, 1.0));
    let boxes = [
        good,                                                       // control
        Aabb::new(v(2.0, nan, -1.0), v(3.0, 1.0, 1.0)),             // NaN
        Aabb::new(v(3.0, -1.0, -1.0), v(2.0, 1.0, 1.0)),            // min > max
        Aabb::new(v(2.0, -1.0, -1.0), v(Real::INFINITY, 1.0, 1.0)), // infinite
        Aabb::EMPTY,
    ];
    let ray = Ray::new(Vec3::ZERO, Vec3::X);
    let pack = Aabb8::from_slice(&boxes);
    // Lanes 5..8 are unused.
    let inf = Real::INFINITY;
    assert_eq!(
        pack.raycast(&ray, 10.0),
        [2.0, inf, inf, inf, inf, inf, inf, inf]
    );
    assert_eq!(pack.raycast_any(&ray, 10.0), 0b1);
    // Even a ray from inside every slab of the unused lanes (`min = +∞ > max = −∞`) misses.
    let anywhere = Ray::new(v(1e30, -1e30, 0.0), v(-1.0, 1.0, 0.5));
    assert_eq!(pack.raycast_any(&anywhere, Real::INFINITY), 0);
    for (ray, max_t) in invalid_rays() {
        assert_eq!(pack.raycast_any(&ray, max_t), 0, "{ray:?} {max_t}");
        assert_eq!(pack.raycast(&ray, max_t), [inf; 8], "{ray:?} {max_t}");
    }
    // An empty pack.
    assert_eq!(Aabb4::EMPTY.raycast_any(&ray, inf), 0);
    assert_eq!(Aabb4::default(), Aabb4::from_slice(&[]));
}

#[test]
fn frustum_culling_touching_flat_and_invalid() {
    let cube = aabb_frustum(&Aabb::new(Vec3::ZERO, Vec3::ONE));
    let boxes = [
        Aabb::new(v(0.25, 0.25, 0.25), v(0.75, 0.75, 0.75)), // inside
        Aabb::new(v(1.0, 0.0, 0.0), v(2.0, 1.0, 1.0)),       // touching x = 1
        Aabb::new(v(1.0, 1.0, 1.0), v(1.0, 1.0, 1.0)),       // a point at the corner
        Aabb::new(v(-1.0, -1.0, -1.0), v(2.0, 2.0, 2.0)),    // containing
        Aabb::new(v(1.0001, 0.0, 0.0), v(2.0, 1.0, 1.0)),    // in front of x = 1
        Aabb::new(v(0.0, 0.0, Real::NAN), v(1.0, 1.0, 1.0)), // invalid
        Aabb::new(v(0.5, 0.5, 0.5), v(0.4, 0.5, 0.5)),       // min > max
        Aabb::new(v(1.5, 1.5, 0.5), v(1.5, 1.5, 0.5)),       // off an edge, in front of x = 1
    ];
    let pack = Aabb8::from_slice(&boxes);
    assert_eq!(pack.may_intersect_frustum(&cube), 0b0000_1111);
    for (lane, b) in boxes.iter().enumerate() {
        assert_eq!(
            pack.may_intersect_frustum(&cube) >> lane & 1 == 1,
            cube.may_intersect_aabb(b),
            "lane {lane}"
        );
    }
    // A frustum with a NaN plane or a zero normal culls everything.
    let mut bad = cube;
    bad.planes[3] = Plane::new(Vec3::Y, Real::NAN);
    assert_eq!(pack.may_intersect_frustum(&bad), 0);
    bad.planes[3] = Plane::new(Vec3::ZERO, 1.0);
    assert_eq!(pack.may_intersect_frustum(&bad), 0);
    // Partial pack: the unused lanes stay clear though the frustum is everything.
    let everything = Frustum::new([Plane::new(Vec3::X, 1e30); 6]);
    assert_eq!(
        Aabb8::from_slice(&boxes[..3]).may_intersect_frustum(&everything),
        0b111
    );
}

#[test]
fn packs_round_trip_their_lanes() {
    let a = Aabb::new(v(-1.0, -2.0, -3.0), v(1.0, 2.0, 3.0));
    let mut pack = Aabb4::EMPTY;
    pack.set(2, &a);
    assert_eq!(pack.get(2), a);
    assert_eq!(pack.get(0), Aabb::EMPTY);
    assert_eq!(pack.min[1][2], -2.0);
}

#[test]
#[should_panic(expected = "5 boxes for a pack of 4 lanes")]
fn too_many_boxes_panic() {
    let _ = Aabb4::from_slice(&[Aabb::EMPTY; 5]);
}

#[test]
fn overlap_touching_and_invalid() {
    let unit = Aabb::new(Vec3::ZERO, Vec3::ONE);
    let boxes = [
        Aabb::new(v(1.0, 0.0, 0.0), v(2.0, 1.0, 1.0)), // sharing the face x = 1
        Aabb::new(v(1.0, 1.0, 1.0), v(2.0, 2.0, 2.0)), // sharing a corner
        Aabb::new(v(0.5, 0.5, 0.5), v(0.5, 0.5, 0.5)), // a point inside
        Aabb::new(v(1.0001, 0.0, 0.0), v(2.0, 1.0, 1.0)), // apart
        Aabb::new(v(0.0, Real::NAN, 0.0), v(1.0, 1.0, 1.0)), // NaN
        Aabb::new(v(0.5, 0.0, 0.0), v(0.4, 1.0, 1.0)), // min > max
    ];
    let pack = Aabb8::from_slice(&boxes);
    assert_eq!(pack.intersects_aabb(&unit), 0b0111);
    assert_eq!(pack.intersects_aabb(&Aabb::EMPTY), 0);
    let everything = Aabb::new(Vec3::splat(-1e30), Vec3::splat(1e30));
    assert_eq!(pack.intersects_aabb(&everything), 0b1111); // unused lanes stay clear
}
