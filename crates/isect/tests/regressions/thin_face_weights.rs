//! Issue 24, fuzz (`query_distance`, all 17 files of `fuzz/findings/s17/distance`): a box and a
//! flat box (a rectangle 65,569 long and 15.25 wide in the plane `x = −2.1875`, its center
//! projecting into the box's face `x = 0`) are exactly 2.1875 apart; `Obb::distance` gave
//! 2.568 at every scale (2.400 with the fuzzer's rotation). GJK's simplex was a triangle of
//! `A − B` in the plane `x = 2.1875`, 65,570 long and 27 wide, with the origin's projection in
//! its middle, 32,700 from every corner: its face weights, cross products of the offsets that
//! cancel to the thin triangle's areas, put the closest point 1.4 off in the plane, and GJK
//! stopped there. Now GJK's face weights take one step of iterative refinement
//! (`simplex::refined_triangle_weights`).

use isect::math::{Mat3, Vec3};
use isect::{Contact, ConvexHull, Distance, Intersects, Obb, Real};

use super::{PERMUTATIONS, f, pow2};

/// The box (its face `x = 0` spans y in [0.875, 14.375], z in [0, 15.25]) and the flat box,
/// with the flat box's in-plane axes `(0, −c, s)` and `(0, −s, −c)`.
fn shapes(c: f32, s: f32) -> (Obb, Obb) {
    let flip = Mat3::from_cols(f(-1.0, 0.0, 0.0), f(0.0, 1.0, 0.0), f(0.0, 0.0, -1.0));
    let tilt = Mat3::from_cols(f(1.0, 0.0, 0.0), f(0.0, -c, s), f(0.0, -s, -c));
    (
        Obb::new(f(7.625, 7.625, 7.625), f(7.625, 6.75, 7.625), flip),
        Obb::new(f(-2.1875, 1.6875, 4.4375), f(0.0, 32_784.477, 7.625), tilt),
    )
}

/// `o` moved by the quarter turn `axes` (an even permutation of the axes, with the x and z
/// axes mirrored or not: a rotation) and scaled by `scale`, exactly.
fn placed(o: &Obb, axes: [usize; 3], mirror: Vec3, scale: Real) -> Obb {
    let place = |p: Vec3| Vec3::new(p[axes[0]], p[axes[1]], p[axes[2]]) * mirror;
    let r = o.rotation;
    Obb::new(
        place(o.center) * scale,
        o.half_extents * scale,
        Mat3::from_cols(place(r.x_axis), place(r.y_axis), place(r.z_axis)),
    )
}

/// Both pairs (the fuzzer's rotation, and the exact one of the 3-4-5 triangle) at 2.1875 in
/// both argument orders, under rotations and power-of-two scalings, with closest points on the
/// two faces and level with each other, apart for `intersects` and `contact`, and as far as the
/// same shapes as hulls.
#[test]
fn box_flat_box_distance_was_the_thin_simplex_point() {
    for (c, s) in [(0.760_482_8, 0.649_358_4), (0.6, 0.8)] {
        let (a0, b0) = shapes(c, s);
        for axes in PERMUTATIONS.into_iter().take(3) {
            for mirror in [f(1.0, 1.0, 1.0), f(-1.0, 1.0, -1.0)] {
                for k in (-40..=40).step_by(8) {
                    let scale = pow2(k);
                    let (a, b) = (
                        placed(&a0, axes, mirror, scale),
                        placed(&b0, axes, mirror, scale),
                    );
                    let at = format!("rotation ({c}, {s}), axes {axes:?}, mirror {mirror}, 2^{k}");
                    let exact = 2.1875 * scale;
                    // The gap's direction: the box's face normal, placed.
                    let normal = placed(
                        &Obb::new(f(1.0, 0.0, 0.0), Vec3::ZERO, Mat3::IDENTITY),
                        axes,
                        mirror,
                        1.0,
                    )
                    .center;
                    let ab = a.closest_points(&b);
                    let ba = b.closest_points(&a);
                    for (cp, gap, what) in
                        [(ab, ab.a - ab.b, "box-flat"), (ba, ba.b - ba.a, "flat-box")]
                    {
                        assert!(
                            (cp.distance - exact).abs() <= 64.0 * Real::EPSILON * exact,
                            "{at}: {what} distance {} against {exact}",
                            cp.distance
                        );
                        // Level: the points differ only across the faces, up to rounding of
                        // the flat box's coordinates (32,784 long: 2e-3 per ulp in f32).
                        let along = gap - normal * gap.dot(normal);
                        let rounding = 32.0 * Real::EPSILON * 32_784.0 * scale;
                        assert!(along.length() <= rounding, "{at}: {what} {cp:?}");
                    }
                    assert!(!a.intersects(&b) && !b.intersects(&a), "{at}");
                    assert!(a.contact(&b).is_none() && b.contact(&a).is_none(), "{at}");
                    let hulls = (ConvexHull::new(corners(&a)), ConvexHull::new(corners(&b)));
                    let d = hulls.0.distance(&hulls.1);
                    assert!(
                        (d - exact).abs() <= 64.0 * Real::EPSILON * exact,
                        "{at}: hulls {d}"
                    );
                }
            }
        }
    }
}

/// Control: the flat box moved onto the box's face plane (`x = 0`) makes them touch, so the
/// test above tells the gap from touching.
#[test]
fn box_flat_box_control_touching() {
    let (a, b) = shapes(0.6, 0.8);
    let b = Obb::new(f(0.0, 1.6875, 4.4375), b.half_extents, b.rotation);
    assert_eq!(a.distance(&b), 0.0);
    assert!(a.intersects(&b) && b.intersects(&a));
}

/// The eight corners of `o`.
fn corners(o: &Obb) -> Vec<Vec3> {
    (0..8)
        .map(|i| {
            let sign = |bit: usize| if i & bit == 0 { -1.0 } else { 1.0 };
            o.to_world(o.half_extents * Vec3::new(sign(1), sign(2), sign(4)))
        })
        .collect()
}
