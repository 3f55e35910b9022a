//! Issue 24, fuzz (AFL `query_distance`, 2026-11-27): an oriented box 25,000 wide whose bottom
//! face is tilted by 2.6e-9, 0.251 above the corner of a small triangle, measured 0.2924 apart
//! at scale 1 (0.0414 too far: 27 ulp of the box's size, where GJK promises polytopes their
//! closest features up to rounding of the coordinates), and 0.2510 at other scales. GJK's
//! last triangle of `A − B` had two corners at x = +12,701 and one at −12,685; its closest
//! point `v` has an exact x of −1.5e-5 (the face's slope) but a rounded one of 0, since the
//! weights round by ε times the corners' coordinates; the support point along `−v` then tied
//! in x, took the corner already in the simplex, and GJK stopped on the wrong face. It now
//! searches along the part of `v` across the simplex's feature (the face's own normal, from
//! the corners' differences), which carries the slope. The same cause gave 36 of the 42 crash
//! files of that hour (boxes against triangles and hulls).

use isect::math::{Mat3, Vec3};
use isect::{ConvexHull, Distance, Obb, PointQuery, Triangle};

use super::{PERMUTATIONS, f, pow2};
use crate::common::v;

/// `p` with its axes permuted by `axes` and mirrored by `mirror` (exact).
fn turn(p: Vec3, axes: [usize; 3], mirror: Vec3) -> Vec3 {
    v(p[axes[0]], p[axes[1]], p[axes[2]]) * mirror
}

/// The fuzzer's box and triangle, and the exact distance: from the triangle's corner at the
/// origin straight to the box's bottom face (the other corners lie 1.3 and 5.4 lower).
fn case() -> (Obb, [Vec3; 3], f64) {
    let rotation = Mat3::from_cols(
        f(1.0, 0.0, 1.12e-43),
        f(0.0, -1.0, -2.647_795e-9),
        f(1.12e-43, 2.647_795e-9, -1.0),
    );
    let obb = Obb::new(
        f(4.1875, 48.817_63, 12_689.567),
        f(12_689.568, 769.082_34, 12_689.316),
        rotation,
    );
    let corners = [
        f(-3.020_523_6e-13, -5.375, -5.375),
        f(-7.9375, 6.033_964_4e-9, -1.3125),
        Vec3::ZERO,
    ];
    // The face's outward normal is the rotation's third column; the origin's height below the
    // face plane is `−center · n − h_z`, in f64 from the f32 inputs (exact to 1e-16).
    let n = [1.12e-43f32, 2.647_795e-9, -1.0].map(f64::from);
    let c = [4.1875f32, 48.817_63, 12_689.567].map(f64::from);
    let exact = -(c[0] * n[0] + c[1] * n[1] + c[2] * n[2]) - f64::from(12_689.316f32);
    (obb, corners, exact)
}

/// The box–triangle and box–hull distances are the box's face height above the triangle's
/// corner, at every power-of-two scale, with the axes permuted and mirrored, the corners in
/// every order; the triangle's closest point is its corner.
#[test]
fn box_face_sloped_below_rounding_of_its_width_was_missed() {
    let (obb, corners, exact) = case();
    for axes in PERMUTATIONS {
        for mirror in [v(1.0, 1.0, 1.0), v(-1.0, 1.0, -1.0), v(1.0, -1.0, -1.0)] {
            for order in PERMUTATIONS {
                for k in (-60..=60).step_by(6) {
                    let s = pow2(k);
                    let columns = [
                        obb.rotation.x_axis,
                        obb.rotation.y_axis,
                        obb.rotation.z_axis,
                    ];
                    let moved = Obb::new(
                        turn(obb.center, axes, mirror) * s,
                        obb.half_extents * s,
                        Mat3::from_cols(
                            turn(columns[0], axes, mirror),
                            turn(columns[1], axes, mirror),
                            turn(columns[2], axes, mirror),
                        ),
                    );
                    let p = order.map(|i| turn(corners[i], axes, mirror) * s);
                    let triangle = Triangle::new(p[0], p[1], p[2]);
                    let hull = ConvexHull::new(p.to_vec());
                    let at = format!("axes {axes:?}, mirror {mirror}, order {order:?}, 2^{k}");
                    // Rounding of the coordinates: 16 ε of the box's size, 25,379.
                    let allowed = 16.0 * f64::from(f32::EPSILON) * 25_379.0;
                    for (what, cp) in [
                        ("triangle", moved.closest_points(&triangle)),
                        ("hull", moved.closest_points(&hull)),
                    ] {
                        let d = cp.distance / s;
                        assert!(
                            (f64::from(d as f32) - exact).abs() <= allowed,
                            "{at}, {what}: distance {d} against {exact}"
                        );
                        assert!(
                            (cp.b / s).abs().max_element() <= 1e-3,
                            "{at}, {what}: the triangle's closest point {} is not its corner",
                            cp.b / s
                        );
                        assert!(
                            moved.distance_to_point(cp.a) <= 1e-3 * s,
                            "{at}, {what}: the box's point {} is off the box",
                            cp.a / s
                        );
                    }
                }
            }
        }
    }
}
