//! Issue 24, fuzz (`query_driver`, seeds 2701 and 2702): a hull with a corner exactly at the
//! query point (a thin triangle, one edge 1.7e5 to 6e5 long, the others a few units) gave that
//! point a distance of up to the length of the short edges (5.875 at scale 1, `contains_point`
//! false, `contact` `None`), at ordinary magnitudes; the fuzzer met it through a subnormal
//! coordinate that changed which support point won a tie. Two causes in GJK's simplex: the
//! weights of a segment's closest point were `[1 − t, t]`, and for a point 4.7 beside the end of
//! an edge 4e5 long `t` rounded to 1, so GJK stood on the end, level with the far corner it had
//! already seen (a tie), and stopped; and the step towards that edge, whose gain is below the
//! rounding of `|v|²`, was taken as "no progress" although the support point was far from
//! proving the distance. Now each weight is its own end's projection (`segment_weights`, and the
//! edge regions of `triangle_region`), and GJK keeps a step that is no farther while the distance
//! is not yet proved.

use isect::math::Vec3;
use isect::{Contact, ConvexHull, Distance, Intersects, PointQuery, Real, Sphere, Sweep};

use super::{PERMUTATIONS, pow2};
use crate::common::v;

/// The fuzzer's hulls (every one has a corner at the origin), as `f32` numbers.
fn hulls() -> Vec<Vec<Vec3>> {
    let f = |x: f32, y: f32, z: f32| v(Real::from(x), Real::from(y), Real::from(z));
    let mut hulls = vec![
        // Point family, seed 2701: distance 1.2e6 at scale 4⁹ (the subnormal flushed there).
        vec![
            f(-1e-45, -4.1875, -2.125),
            f(-391_614.6, 0.0, 0.0),
            Vec3::ZERO,
            Vec3::ZERO,
        ],
        // The same without the subnormal: wrong at scale 1 (4.69).
        vec![f(0.0, -4.1875, -2.125), f(-391_614.6, 0.0, 0.0), Vec3::ZERO],
        // Sweep family, seed 2701: no hit for a point at the corner at 4¹¹.
        vec![
            f(-1e-45, -3.119_512_8e-17, -1.75),
            f(-41_092.074, 1.0, 0.0),
            Vec3::ZERO,
        ],
        // Distance family, seed 2702 (three cases).
        vec![
            f(-1.175_494_4e-38, -1.793_557_5e-14, 637_265.06),
            f(-5.0625, 0.0, 0.0),
            Vec3::ZERO,
        ],
        vec![
            f(-1.175_494_4e-38, 5.576_427e-22, -9.277_115e-5),
            f(-1.5, 0.0, 0.0),
            Vec3::ZERO,
        ],
        vec![
            f(-2.323_547e-37, 1_423_108.9, 1.175_494_4e-38),
            f(-5.625, 0.0, 0.0),
            Vec3::ZERO,
        ],
        // Sweep family, seed 2702: distance 5.875 at scale 1.
        vec![
            f(-171_207.08, 6.0625, 1.0),
            f(0.0, -1.410_818_5e-36, -5.875),
            f(7.1592e-41, 0.0, 0.0),
            Vec3::ZERO,
        ],
    ];
    // The rounding `t = 1` needs an edge whose squared length hides the short edges' squares:
    // in `f64` one 2²⁰ times longer (here in `f32` too, where the window rescales it).
    hulls.push(vec![
        f(0.0, -4.1875, -2.125),
        f(-391_614.6, 0.0, 0.0) * pow2(20),
        Vec3::ZERO,
    ]);
    hulls
}

/// Every query agrees that the hull's corner at the origin is on the hull: at every power-of-two
/// scale, with the axes permuted and mirrored (exact), and the points in every rotation of
/// their order.
#[test]
fn hull_corner_at_the_query_point_was_a_short_edge_away() {
    let origin = Sphere::new(Vec3::ZERO, 0.0);
    for (h, points) in hulls().iter().enumerate() {
        for axes in PERMUTATIONS {
            for mirror in [v(1.0, 1.0, 1.0), v(-1.0, 1.0, -1.0)] {
                for rotation in 0..points.len() {
                    for k in (-60..=60).step_by(4) {
                        let s = pow2(k);
                        let moved: Vec<Vec3> = (0..points.len())
                            .map(|i| {
                                let p = points[(i + rotation) % points.len()];
                                v(p[axes[0]], p[axes[1]], p[axes[2]]) * mirror * s
                            })
                            .collect();
                        let size = moved
                            .iter()
                            .fold(0.0 as Real, |m, p| m.max(p.abs().max_element()));
                        let hull = ConvexHull::new(moved);
                        let at = format!(
                            "hull {h}, axes {axes:?}, mirror {mirror}, rotation {rotation}, 2^{k}"
                        );
                        let closest = hull.closest_point(Vec3::ZERO);
                        assert!(
                            closest.abs().max_element() <= 72.0 * Real::EPSILON * size,
                            "{at}: closest point {closest}"
                        );
                        assert_eq!(hull.distance_to_point(Vec3::ZERO), 0.0, "{at}");
                        assert!(hull.contains_point(Vec3::ZERO), "{at}");
                        let cp = hull.closest_points(&origin);
                        assert_eq!(cp.distance, 0.0, "{at}: {cp:?}");
                        assert_eq!(origin.closest_points(&hull).distance, 0.0, "{at}");
                        assert!(hull.intersects(&origin) && origin.intersects(&hull), "{at}");
                        let contact = hull.contact(&origin);
                        assert!(contact.is_some(), "{at}: no contact");
                        let hit = hull.sweep(Vec3::ZERO, &origin, Vec3::ZERO);
                        assert_eq!(hit.map(|hit| hit.t_first), Some(0.0), "{at}: {hit:?}");
                    }
                }
            }
        }
    }
}

/// Control: a point 1/4 of the short edge beyond the corner (outside, along the short edge's
/// continuation) is that far away, so the test above can tell a corner from a near miss.
#[test]
fn hull_corner_control_a_point_beyond_the_corner_is_apart() {
    let points = [v(0.0, -4.1875, -2.125), v(-391_614.6, 0.0, 0.0), Vec3::ZERO];
    let hull = ConvexHull::new(points.to_vec());
    let beyond = v(0.0, 4.1875, 2.125) * 0.25;
    let d = hull.distance_to_point(beyond);
    let exact = (4.1875 as Real).hypot(2.125) * 0.25;
    assert!(
        (d - exact).abs() <= 64.0 * Real::EPSILON * exact,
        "{d} against {exact}"
    );
    assert!(!hull.contains_point(beyond));
}
