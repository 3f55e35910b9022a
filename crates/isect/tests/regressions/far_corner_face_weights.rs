//! Issue 24, fuzz (`query_driver`, seed 2701, distance family): a triangle with one corner
//! 1.3e5 out against a flat hull a few units away (both of ordinary size, a few subnormal
//! coordinates) had distance 6.4994 at scale 1 and 13.746 at `4⁶`; the exact distance is
//! 2.253459781746194 (the triangle's corner `(1.875, 0, 1.25)` to the hull's edge from the
//! origin, proven by exact rationals: the plane square to that pair separates the two shapes'
//! vertices by the same amount). Cause, in GJK's triangle weights (`triangle_region`): the face
//! region's weights were measured from the simplex's first corner, here the far one (1.3e5
//! from the origin), and its own weight left as `1 − v − w`; its absolute rounding `ε` times
//! 1.3e5 put the closest point of `A − B` 0.006 off across the simplex, the next support point
//! along that direction was the far corner again, and GJK stopped. Now the face weights are
//! measured from the corner nearest the query point.

use isect::math::Vec3;
use isect::{Contact, ConvexHull, Distance, Intersects, Real, Triangle};

use super::{PERMUTATIONS, pow2};
use crate::common::v;

/// The fuzzer's shapes, as `f32` numbers.
fn shapes() -> ([Vec3; 3], [Vec3; 4]) {
    let f = |x: f32, y: f32, z: f32| v(Real::from(x), Real::from(y), Real::from(z));
    (
        [
            f(6.5, -2.218_558_6e-25, -4.375),
            f(1.875, 0.0, 1.25),
            f(1.961_908_7e-37, -4.75, 127_312.88),
        ],
        [
            f(1.370_668_7e-36, 6.5625, 3.391_831e-12),
            f(2.25, 635.9094, -1.497_514e-11),
            f(-7.25, 3.452_317e-39, 0.0),
            Vec3::ZERO,
        ],
    )
}

/// The distance, closest points, `intersects` and `contact` agree with the exact answer at
/// every power-of-two scale, with the axes permuted and mirrored (exact), the triangle's corners
/// in every order and the hull's points in every rotation, in both argument orders.
#[test]
fn triangle_far_corner_hull_distance_was_three_times_the_exact() {
    const EXACT: f64 = 2.253_459_781_746_194;
    // The closest points: the triangle's corner and its foot on the hull's edge.
    let (on_triangle, on_hull) = (v(1.875, 0.0, 1.25), v(2.347_309_6e-5, 0.006_634_117, 0.0));
    let (triangle, hull) = shapes();
    for axes in PERMUTATIONS {
        for mirror in [v(1.0, 1.0, 1.0), v(-1.0, 1.0, -1.0)] {
            let place = |p: Vec3, s: Real| v(p[axes[0]], p[axes[1]], p[axes[2]]) * mirror * s;
            for order in PERMUTATIONS {
                for rotation in 0..hull.len() {
                    for k in (-40..=40).step_by(4) {
                        let s = pow2(k);
                        let t = Triangle::new(
                            place(triangle[order[0]], s),
                            place(triangle[order[1]], s),
                            place(triangle[order[2]], s),
                        );
                        let h = ConvexHull::new(
                            (0..hull.len())
                                .map(|i| place(hull[(i + rotation) % hull.len()], s))
                                .collect::<Vec<_>>(),
                        );
                        let at = format!(
                            "axes {axes:?}, mirror {mirror}, order {order:?}, rotation {rotation}, 2^{k}"
                        );
                        let exact = EXACT as Real * s;
                        let cp = t.closest_points(&h);
                        let back = h.closest_points(&t);
                        for (d, what) in [
                            (cp.distance, "triangle-hull"),
                            (back.distance, "hull-triangle"),
                        ] {
                            assert!(
                                (d - exact).abs() <= 256.0 * Real::EPSILON * exact,
                                "{at}: {what} distance {d} against {exact}"
                            );
                        }
                        let near =
                            |p: Vec3, q: Vec3| (p - place(q, s)).abs().max_element() <= 1e-4 * s;
                        assert!(
                            near(cp.a, on_triangle) && near(cp.b, on_hull),
                            "{at}: {cp:?}"
                        );
                        assert!(
                            near(back.b, on_triangle) && near(back.a, on_hull),
                            "{at}: {back:?}"
                        );
                        assert!(!t.intersects(&h) && !h.intersects(&t), "{at}");
                        assert!(t.contact(&h).is_none() && h.contact(&t).is_none(), "{at}");
                    }
                }
            }
        }
    }
}

/// Control: the triangle's near corner moved onto the hull's corner at the origin makes them
/// touch, so the test above can tell apart from touching.
#[test]
fn triangle_far_corner_hull_control_touching() {
    let (mut triangle, hull) = shapes();
    triangle[1] = Vec3::ZERO;
    let t = Triangle::new(triangle[0], triangle[1], triangle[2]);
    let h = ConvexHull::new(hull.to_vec());
    assert_eq!(t.closest_points(&h).distance, 0.0);
    assert!(t.intersects(&h) && h.intersects(&t));
    assert!(t.contact(&h).is_some());
}
