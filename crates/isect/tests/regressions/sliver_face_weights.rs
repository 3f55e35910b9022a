//! Issue 24, a random proptest seed of `gjk::pairs::sphere_sphere` (not CI's fixed one): two
//! spheres 3.191 apart, `(−2, −1, −2)` radius 2.2884611482425457 and `(−4, 3, 2)` radius
//! 0.5204836914597202, from the initial direction `(0.8416760214399, −0.11997136404693104,
//! −0.5264867963603833)`: in `f64` GJK's closest points were `(−46.4, 8.8, −8.0)` and
//! `(−64.2, 44.5, 27.8)`, 53.58 apart, far outside both spheres. GJK had converged; its last
//! triangle of support points, a sliver 1e-9 across that passed the flatness test, took the face
//! region with weights `[16.8, −7.5, −8.3]` (signed areas of rounding), and the simplex kept
//! the vertex of weight 16.8. Now face weights with a negative one fall back to the best edge
//! (`simplex::triangle_region`).

use isect::math::Vec3;
use isect::query::algo::gjk::gjk_closest_points;
use isect::{Real, Sphere};

use super::{pow2, turn};

/// The distance, and closest points on the two spheres' surfaces along the line of centers, at
/// power-of-two scales and under quarter turns, in both argument orders.
#[test]
fn sphere_pair_points_were_a_sliver_extrapolation() {
    // 6 − r₁ − r₂, exactly in f64 (centers 6 apart).
    const EXACT: f64 = 3.191_055_160_297_734;
    // The seed's numbers, in f64 (rounded once to f32 in the f32 crate).
    const RADII: [f64; 2] = [2.288_461_148_242_545_7, 0.520_483_691_459_720_2];
    const DIR: [f64; 3] = [
        0.841_676_021_439_9,
        -0.119_971_364_046_931_04,
        -0.526_486_796_360_383_3,
    ];
    let (ca, ra) = (Vec3::new(-2.0, -1.0, -2.0), RADII[0] as Real);
    let (cb, rb) = (Vec3::new(-4.0, 3.0, 2.0), RADII[1] as Real);
    let dir = Vec3::new(DIR[0] as Real, DIR[1] as Real, DIR[2] as Real);
    for perm in 0..3 {
        for signs in [[false; 3], [true, false, true]] {
            for k in (-60..=60).step_by(10) {
                let s = pow2(k);
                let place = |p: Vec3| turn(p, perm, signs) * s;
                let (a, b) = (
                    Sphere::new(place(ca), ra * s),
                    Sphere::new(place(cb), rb * s),
                );
                let at = format!("turn {perm} {signs:?}, 2^{k}");
                let exact = EXACT as Real * s;
                for (x, y, d) in [(&a, &b, place(dir)), (&b, &a, -place(dir))] {
                    let cp = gjk_closest_points(x, y, d);
                    assert!(
                        (cp.distance - exact).abs() <= 1e-4 * exact,
                        "{at}: distance {} for {exact}",
                        cp.distance
                    );
                    // On each sphere's surface, and on the segment between the centers.
                    for (p, sphere) in [(cp.a, x), (cp.b, y)] {
                        let off = p.distance(sphere.center) - sphere.radius;
                        assert!(off.abs() <= 1e-4 * s, "{at}: {p} off its sphere by {off}");
                    }
                    let between = (cp.a - x.center).length()
                        + (cp.b - cp.a).length()
                        + (y.center - cp.b).length();
                    assert!((between - 6.0 * s).abs() <= 1e-4 * s, "{at}: {cp:?}");
                }
            }
        }
    }
}
