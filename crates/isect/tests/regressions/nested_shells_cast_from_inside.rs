//! A solid `TriMesh` made of two closed shells, one inside the other, both wound outward: its
//! inside is every point the outer shell encloses (the signed crossing count is 1 between the
//! shells, 2 inside the inner one), as `contains_point` says. `raycast` decided a solid ray's
//! start by the first triangle within `max_t` alone: an entry (a triangle facing the ray) meant
//! "outside". From between the shells towards the inner one that first triangle is the inner
//! shell's front: `raycast` hit at `t = 0.5`, point `(−0.25, 0.0625, 0.03125)`, instead of at
//! `t = 0` from inside, for every `max_t >= 0.5` (a shorter `max_t` went to the crossing count
//! and answered `t = 0`: the answer depended on `max_t`). Now a mesh of several pieces counts
//! crossings where the first triangle faces the ray.

use crate::common::mesh::subdivided_cube;
use crate::common::v;
use crate::mesh::mesh;
use isect::math::Vec3;
use isect::{PointQuery, Ray, RayCast, Real};

/// The cube `[-1, 1]³` (subdivided in `n`) with the cube `[-1/4, 1/4]³` inside it.
fn nested(n: u32) -> isect::TriMesh {
    let (outer, outer_triangles) = subdivided_cube(n);
    let (inner, inner_triangles) = subdivided_cube(n);
    let offset = outer.len() as u32;
    let mut vertices = outer;
    vertices.extend(inner.iter().map(|&p| p * 0.25));
    let mut triangles = outer_triangles;
    triangles.extend(inner_triangles.iter().map(|t| t.map(|i| i + offset)));
    mesh((vertices, triangles))
}

#[test]
fn nested_shells_cast_from_inside() {
    for n in [1, 4] {
        let m = nested(n);
        assert!(m.is_solid());
        // Between the shells, towards the inner one: its front is met at t = 0.5 (along an
        // oblique direction, unambiguous, and along an axis through the subdivision's edges).
        for (o, d) in [
            (v(-0.75, 0.0625, 0.03125), v(1.0, 0.0, 0.0)),
            (v(-0.75, 0.0, 0.0), v(1.0, 0.0, 0.0)),
            (v(-0.75, 0.0625, 0.03125), v(1.0, 0.03125, -0.0625)),
        ] {
            let ray = Ray::new(o, d);
            assert!(m.contains_point(o), "{n} {o}");
            for max_t in [0.0, 0.25, 0.4375, 0.5, 1.0, Real::INFINITY] {
                let hit = m
                    .raycast(&ray, max_t)
                    .unwrap_or_else(|| panic!("{n} {o} {max_t}"));
                assert_eq!((hit.t, hit.point), (0.0, o));
                assert!(m.raycast_any(&ray, max_t), "{n} {o} {max_t}");
            }
        }
        // Inside the inner shell and outside the outer one, for contrast.
        let inner = Ray::new(v(0.0625, 0.03125, 0.0), v(0.25, 1.0, 0.125));
        assert!(m.raycast_any(&inner, 0.125));
        assert_eq!(m.raycast(&inner, 0.125).unwrap().t, 0.0);
        let outside = Ray::new(v(-3.0, 0.0625, 0.03125), Vec3::X);
        assert!(!m.raycast_any(&outside, 1.5));
        assert_eq!(m.raycast(&outside, 1.5), None);
        assert_eq!(m.raycast(&outside, Real::INFINITY).unwrap().t, 2.0);
    }
}
