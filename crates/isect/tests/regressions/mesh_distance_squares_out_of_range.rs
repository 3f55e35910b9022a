//! Issue 24: mesh distances whose squared distances under- or overflow.

use isect::{Distance, PointQuery, Real, Sphere, TriMesh};

use crate::common::v;

/// The mesh searches (`bvh/nearest.rs`) compare squared distances, and for a mesh far from 1
/// those leave the float range: a floor `2⁻⁸⁰` across in `f32` had every squared distance 0,
/// so the first triangle looked as near as any and ended the search, and the distance itself
/// (`(q − p).length()`) underflowed: a point `0.5 · 2⁻⁸⁰` above the floor was at **distance
/// 0**, a ball `0.2 · 2⁻⁸⁰` above it at 0.2196 (a triangle's edge taken for the floor below);
/// `2⁸⁰` across, every square was `+∞` and the distances `+∞`. The searches now run in
/// coordinates times a power of two there (`Pow2`), scaled back. `f64` fails the same way
/// `2⁻⁶⁴⁰` and `2⁶⁴⁰` across.
#[test]
fn mesh_distances_far_from_unit_scale() {
    let floor_and_ramp = [
        v(-2.0, 0.0, -2.0),
        v(2.0, 0.0, -2.0),
        v(2.0, 0.0, 2.0),
        v(-2.0, 0.0, 2.0),
        v(4.0, 1.5, 2.0),
        v(4.0, 1.5, -2.0),
    ];
    let triangles = vec![[0, 2, 1], [0, 3, 2], [1, 2, 4], [1, 4, 5]];
    let e = Real::MAX_EXP;
    for k in [0, -(e * 5 / 8), e * 5 / 8, -(e - 8), e - 8] {
        let s = (2.0 as Real).powi(k);
        let mesh = |shift| {
            let vertices = floor_and_ramp.iter().map(|&p| (p + shift) * s).collect();
            TriMesh::new(vertices, triangles.clone()).unwrap()
        };
        let (floor, above) = (mesh(v(0.0, 0.0, 0.0)), mesh(v(0.5, 3.0, 0.25)));
        let close = |got: Real, want: Real, what: &str| {
            assert!(
                (got / s - want).abs() <= 1e-5 * want,
                "2^{k}: {what} {}",
                got / s
            );
        };
        let p = v(0.1, 0.5, 0.3) * s;
        close(floor.distance_to_point(p), 0.5, "point");
        assert!(
            (floor.closest_point(p) / s - v(0.1, 0.0, 0.3)).length() < 1e-6,
            "2^{k}"
        );
        // Beyond the floor's corner (-2, 0, 0.5) by (-1, 2.5, 0): sqrt(7.25).
        close(
            floor.distance_to_point(v(-3.0, 2.5, 0.5) * s),
            7.25f64.sqrt() as Real,
            "far",
        );
        close(Sphere::new(p, 0.3 * s).distance(&floor), 0.2, "ball");
        // The ramp's top edge (x = 4, y = 1.5) to the other's ramp, whose line runs through
        // (2.5, 3) along (0.8, 0.6): (1.5, -1.5) less its 0.3 along the line, 2.1 across.
        close(floor.distance(&above), 2.1, "meshes");
    }
}
