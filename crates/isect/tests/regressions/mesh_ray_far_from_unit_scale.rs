//! Issue 24: rays against a mesh far from them.

use isect::{PointQuery, Ray, RayCast, Real, TriMesh, batch};

use crate::common::mesh::scaled_floor;
use crate::common::mesh::subdivided_cube;
use crate::common::v;

/// A mesh's triangles are tested where they are (the one-triangle cast first brings its input
/// into the rescaling window; a mesh's BVH cannot be rescaled per ray), and the watertight
/// test's `T` is a cubic in the corners' offsets from the ray's origin: in `f32`, a floor and a
/// ray `2⁴²` apart had every `T` overflow (**a miss**: `raycast`, `raycast_any`, the packets),
/// `2⁻⁶⁰` apart every `T` underflow to 0 (**a hit at the ray's origin**, `t = 0`). Lanes whose
/// `T` or `det` leave the range are now redone on the offsets times a power of two
/// (`shear_rescaled`). `f64` fails the same way `2³⁴³` and `2⁻⁴⁸⁰` apart.
#[test]
fn mesh_rays_at_every_scale() {
    let e = Real::MAX_EXP;
    for k in [0, e / 3 + 2, -(e * 15 / 32), e * 3 / 4, -(e * 3 / 4)] {
        let s = (2.0 as Real).powi(k);
        let p = |x: Real, y: Real, z: Real| v(x, y, z) * s;
        let floor = scaled_floor(s);
        // From 1.5 above the floor, falling 2 per unit of t: the floor at t = 0.75.
        let ray = Ray::new(p(0.1, 1.5, 0.3), p(0.5, -2.0, 0.1));
        let at = v(0.475, 0.0, 0.375);
        let hit = floor.raycast_triangle(&ray, 1.0);
        let hit = hit.unwrap_or_else(|| panic!("2^{k}: missed"));
        assert!((hit.t - 0.75).abs() < 1e-6, "2^{k}: {hit:?}");
        let hit = floor.raycast(&ray, 1.0).unwrap();
        assert!((hit.point / s - at).length() < 1e-6, "2^{k}: {hit:?}");
        assert!(floor.raycast_any(&ray, 1.0), "2^{k}");
        assert!(!floor.raycast_any(&ray, 0.7), "2^{k}");
        assert_eq!(floor.raycast_all(&ray, 1.0).len(), 1, "2^{k}");
        // The packets of `batch` (eight rays, one of them upwards: a miss).
        let up = Ray::new(ray.origin, -ray.dir);
        let hits = batch::raycast_mesh(&floor, &[ray, ray, up, ray, ray, ray, ray, ray], 1.0);
        for (i, h) in hits.iter().enumerate() {
            assert_eq!(h.is_some(), i != 2, "2^{k} ray {i}: {h:?}");
        }
        // A solid cube's inside, by crossing counts along rays.
        let (vertices, triangles) = subdivided_cube(2);
        let cube = TriMesh::new(vertices.into_iter().map(|q| q * s).collect(), triangles).unwrap();
        assert!(cube.contains_point(p(0.25, 0.375, -0.125)), "2^{k}");
        assert!(!cube.contains_point(p(1.25, 0.375, -0.125)), "2^{k}");
    }
}
