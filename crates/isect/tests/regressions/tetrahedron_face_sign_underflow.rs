//! Issue 24, AFL `query_point` with `ISECT_FUZZ_STRICT_SCALE=60` (twelve crash files, all one
//! cause): convex hulls about 7 across with features of `3e-3` and `1e-13` (corners `0.00286`
//! apart, coordinates of `1e-13` beside ones of 5), the query point at or beside one corner. At
//! scale 1 GJK answered right (the distances below, exact by rational arithmetic on the `f32`
//! numbers, to 8 digits); scaled by `2⁻²²` (largest coordinate `1.3e-6`, just inside the window
//! computed as given) it answered `1.6e-3` (scale-1 units) where the exact distance is `1.1e-3`,
//! and `contains_point` true for a point `4.6e-4` outside. Cause: GJK's tetrahedron told which
//! faces separate the origin from the opposite corner by the sign of the product of the two
//! signed volumes, a product of degree 6 in the simplex's lengths (edges of `1.3e-6`, a face
//! `1e-9` across) that underflowed to 0, so the face the origin lies beyond was never
//! considered, and GJK went on from a wrong face (or from "inside"). Now each sign is tested on
//! its own (`simplex.rs`, `tetrahedron_weights`). Seen while checking the queries agree: the
//! touching case (a point 6.4e-13 outside, exactly) was contained and at distance 0 at every
//! scale but did not intersect a radius-0 sphere there, and had no contact: the sphere–hull face
//! plane shortcut had no slack for GJK's touching tolerance (now it has,
//! `intersects/sphere_convex_hull.rs`).

use isect::math::Vec3;
use isect::{Contact, ConvexHull, Distance, Intersects, PointQuery, Real, Sphere};

use super::{PERMUTATIONS, pow2};
use crate::common::v;

/// A crash file's hull (its `f32` points) and query point, with the exact distance and closest
/// point (rationals on those numbers, rounded to `f64`).
struct Case {
    points: &'static [[f32; 3]],
    p: [f32; 3],
    distance: f64,
    closest: [f64; 3],
}

const CASES: [Case; 8] = [
    // AFL crash id 000000
    Case {
        points: &[
            [0.0, 0.0028563142, -2.7396995e-13],
            [-5.3125, 0.625, -6.6875],
            [-5.375, -5.375, 2.5625],
            [0.0027014709, 0.0028569216, 0.0052083256],
            [-5.375, -5.3125, 0.625],
            [-5.375, -5.375, -5.375],
        ],
        p: [0.0, 0.0, 0.0],
        distance: 0.0011218801539411697,
        closest: [
            -0.0009158745934752981,
            0.00044064308042327227,
            0.0004749973521069455,
        ],
    },
    // AFL crash id 000001
    Case {
        points: &[
            [0.0, 0.0028563142, -7.1239145e-7],
            [0.002856967, -3.0305085e-13, 0.0],
            [-0.0625, -5.375, -5.375],
            [-5.5, -1.733376e-13, -5.3125],
            [-4.5474388e-13, -5.375, -5.5],
            [1.733376e-13, -2.4616134e-9, 0.0],
        ],
        p: [0.0, 0.0, 0.0],
        distance: 6.379490868037249e-13,
        closest: [
            1.7333744543543036e-13,
            -1.5312442967800345e-16,
            -6.139488121305674e-13,
        ],
    },
    // AFL crash id 000002
    Case {
        points: &[
            [0.0, 0.0028563142, 7.181958e-8],
            [0.0028569216, -3.0305085e-13, 0.0],
            [-2.125, -5.375, -5.375],
            [-5.3125, 2.25, -5.375],
            [-5.375, -5.375, -0.25],
            [7.5, -5.375, -5.5],
        ],
        p: [1.733376e-13, -2.4616134e-9, 0.0],
        distance: 6.634362633049192e-05,
        closest: [
            1.5406349952344853e-06,
            1.5401681094741162e-06,
            -6.630779360349532e-05,
        ],
    },
    // AFL crash id 000005
    Case {
        points: &[
            [0.0, 0.0028563142, 1.1221809e-9],
            [0.0028569216, -3.0305085e-13, 0.0],
            [-2.125, -5.375, -5.375],
            [-5.3125, -1.0625, -1.0625],
            [-1.0625, -1.0625, -1.0625],
            [-1.0625, -1.0625, -1.0625],
        ],
        p: [0.0, 0.0, 0.0],
        distance: 0.00046323886528846576,
        closest: [
            7.511240193815497e-05,
            7.512855330407915e-05,
            -0.00045089253028550224,
        ],
    },
    // AFL crash id 000006
    Case {
        points: &[
            [0.0, 0.0028563142, 0.002853467],
            [0.002856924, 0.002856924, -1.2197928e-12],
            [-5.3125, -5.3125, -5.3125],
            [-5.3125, -5.3125, -5.3125],
            [-2.3125, -0.3125, -1.2161732e-12],
            [-5.3125, -5.3125, -5.3125],
        ],
        p: [0.0, 0.0, 0.0],
        distance: 0.0011663732762654422,
        closest: [
            -0.0004760686018245191,
            0.000952254400018825,
            -0.0004764418784991691,
        ],
    },
    // AFL crash id 000008
    Case {
        points: &[
            [0.0, 0.0028563142, 4.4887236e-9],
            [0.0028569216, -3.0305085e-13, 0.0],
            [-0.0625, -5.375, -5.375],
            [-5.5, -1.733376e-13, -5.3125],
            [0.1875, 3.5, -7.125],
            [-1.7825536e-14, -0.0625, -0.0625],
        ],
        p: [-2.4616134e-9, 0.0, 0.0],
        distance: 0.0016240946091085728,
        closest: [
            0.0009232573829509014,
            0.0009234577125908041,
            -0.0009656606090170957,
        ],
    },
    // AFL crash id 000010
    Case {
        points: &[
            [0.0, 0.0028563142, 1.1221809e-9],
            [0.0028569216, -3.0305085e-13, 0.0],
            [-2.125, -5.375, -3.6875],
            [-6.6875, -5.6875, -6.6875],
            [-6.6875, -6.6875, -6.6875],
            [-0.75, -6.6875, -6.6875],
        ],
        p: [0.0, 0.0, 0.0],
        distance: 0.0011528106941396088,
        closest: [
            0.00046517639099782465,
            0.0004652756923775926,
            -0.000946626616921074,
        ],
    },
    // AFL crash id 000012
    Case {
        points: &[
            [0.0, 0.0028563142, -2.7396995e-13],
            [-5.3125, 0.625, -5.375],
            [-5.375, -1.2082013e-13, -5.5],
            [3.756124e-14, 2.779044e-17, 0.002856924],
            [-5.375, -5.3125, 0.625],
            [-5.375, -5.375, -5.375],
        ],
        p: [0.0, 0.0, 0.0],
        distance: 0.0011660032658314297,
        closest: [
            -0.0009521219846507221,
            0.0004759853185947422,
            0.00047588372398789993,
        ],
    },
];

/// An `f32` triple as a point of either precision (exactly).
fn point(x: [f32; 3]) -> Vec3 {
    v(Real::from(x[0]), Real::from(x[1]), Real::from(x[2]))
}

/// Every query on every crash hull, at every power-of-two scale `2⁻⁶⁰..2⁶⁰`, with the axes
/// permuted and mirrored (exact) and the points in every rotation of their order: the distance
/// and each coordinate of the closest point within `16 ε` of the hull's size of the exact ones
/// (a distance 0, "touching", only where the exact distance is within twice the touching
/// tolerance `72 ε` of the size); `contains_point` exactly when the distance is 0; the hull and a
/// radius-0 sphere at the point: `closest_points` the same distance, `intersects` (both orders)
/// and `contact` the same verdict. Before the fix,
/// `f32` at `2⁻²²` and `2⁻²¹` gave distances `1.4` times the exact ones, and 0 for points up to
/// `4.6e-4` outside.
#[test]
#[allow(
    clippy::unnecessary_cast,
    reason = "`f64` to `Real` is a no-op in isect-f64"
)]
fn tetrahedron_face_sign_underflow() {
    for (c, case) in CASES.iter().enumerate() {
        let points: Vec<Vec3> = case.points.iter().map(|&x| point(x)).collect();
        let size = points
            .iter()
            .fold(0.0 as Real, |m, x| m.max(x.abs().max_element()));
        let exact = case.distance as Real;
        let closest = v(
            case.closest[0] as Real,
            case.closest[1] as Real,
            case.closest[2] as Real,
        );
        for axes in PERMUTATIONS {
            for mirror in [v(1.0, 1.0, 1.0), v(-1.0, 1.0, -1.0)] {
                let place = |x: Vec3| v(x[axes[0]], x[axes[1]], x[axes[2]]) * mirror;
                for rotation in 0..points.len() {
                    // Every fourth power, and each one around `2⁻²²` where `f32` underflowed.
                    for k in (-60..=60).filter(|k| k % 4 == 0 || (-25..=-18).contains(k)) {
                        let s = pow2(k);
                        let moved: Vec<Vec3> = (0..points.len())
                            .map(|i| place(points[(i + rotation) % points.len()]) * s)
                            .collect();
                        let hull = ConvexHull::new(moved);
                        let p = place(point(case.p)) * s;
                        let at = format!(
                            "case {c}, axes {axes:?}, mirror {mirror}, rotation {rotation}, 2^{k}"
                        );
                        let tolerance = 16.0 * Real::EPSILON * size * s;
                        let d = hull.distance_to_point(p);
                        let q = hull.closest_point(p);
                        if d == 0.0 {
                            assert!(
                                exact <= 2.0 * 72.0 * Real::EPSILON * size,
                                "{at}: distance 0, exactly {}",
                                exact * s
                            );
                            assert_eq!(q, p, "{at}");
                        } else {
                            assert!(
                                (d - exact * s).abs() <= tolerance,
                                "{at}: distance {d}, exactly {}",
                                exact * s
                            );
                            let off = (q - place(closest) * s).abs().max_element();
                            assert!(off <= tolerance, "{at}: closest point {q} off by {off}");
                        }
                        assert_eq!(hull.contains_point(p), d == 0.0, "{at}: distance {d}");
                        let ball = Sphere::new(p, 0.0);
                        let pair = hull.closest_points(&ball);
                        assert!(
                            (pair.distance - d).abs() <= tolerance,
                            "{at}: pair distance {} against {d}",
                            pair.distance
                        );
                        assert_eq!(hull.intersects(&ball), d == 0.0, "{at}: distance {d}");
                        assert_eq!(ball.intersects(&hull), d == 0.0, "{at}: distance {d}");
                        assert_eq!(
                            ball.contact(&hull).is_some(),
                            d == 0.0,
                            "{at}: distance {d}"
                        );
                    }
                }
            }
        }
    }
}
