//! A ray along a triangle without area (a segment lying on the ray's line) was hit at the
//! closest pair the line–segment solver happened to pick on their overlap, not where the ray
//! first meets the piece: `Triangle((0.5, 0.5, 5), (0.5, 0.5, 7), (0.5, 0.5, 6))` cast from
//! `z = 11` down the line gave `t = 6` (the far end, `z = 5`) instead of `t = 4` (`z = 7`).
//! Found while testing `wide::Triangles` against the scalar casts. Exact answers: the ends'
//! distances along the ray.

use isect::math::Vec3;
use isect::{Ray, RayCast, Real, Segment, Triangle};

use super::corner_orders;
use crate::common::v;

#[test]
fn ray_along_a_flat_triangle_enters_at_its_near_end() {
    let flat = Triangle::new(v(0.5, 0.5, 5.0), v(0.5, 0.5, 7.0), v(0.5, 0.5, 6.0));
    let piece = Segment::new(v(0.5, 0.5, 5.0), v(0.5, 0.5, 7.0));
    // (origin z, direction z, the entry t): from above, from below, from inside either way,
    // and with a direction of length 4 (t in units of it).
    let cases: [(Real, Real, Real); 5] = [
        (11.0, -1.0, 4.0),
        (0.0, 1.0, 5.0),
        (6.0, -1.0, 0.0),
        (6.0, 1.0, 0.0),
        (15.0, -4.0, 2.0),
    ];
    for tri in corner_orders(&flat) {
        for (z, d, entry) in cases {
            let ray = Ray::new(v(0.5, 0.5, z), v(0.0, 0.0, d));
            let hit = tri
                .raycast(&ray, 100.0)
                .expect("the ray runs along the piece");
            assert_eq!(hit.t, entry, "{tri:?} {ray:?}");
            assert_eq!(hit.point, ray.point_at(entry), "{tri:?} {ray:?}");
            assert_eq!(piece.raycast(&ray, 100.0).map(|h| h.t), Some(entry));
            // Its barycentric point is the entry too.
            let bary = tri.raycast_barycentric(&ray, 100.0).unwrap();
            let p = tri.a + (tri.b - tri.a) * bary.u + (tri.c - tri.a) * bary.v;
            assert_eq!(p, ray.point_at(entry), "{tri:?} {ray:?} {bary:?}");
            // Closed at max_t, and nothing short of it.
            assert_eq!(tri.raycast(&ray, entry).map(|h| h.t), Some(entry));
            if entry > 0.0 {
                assert_eq!(tri.raycast(&ray, entry * 0.875), None, "{tri:?} {ray:?}");
                assert!(!tri.raycast_any(&ray, entry * 0.875), "{tri:?} {ray:?}");
            }
        }
        // Beside the line: no hit.
        let beside = Ray::new(v(0.5, 0.5625, 11.0), -Vec3::Z);
        assert_eq!(tri.raycast(&beside, 100.0), None);
    }
}
