//! Issue 24, fuzz: a `ConvexHull` that is a segment 9.6e6 long against a sphere whose surface is
//! 6.8 from it. Fixed: GJK's touching tolerance was `ON_SET_TOLERANCE` (64 ulp) of the largest
//! coordinate seen (73 in `f32`), so the point query found the center on the segment; it now
//! follows the rounding per coordinate, projected on the direction of the gap.

use isect::math::Vec3;
use isect::{Capsule, ConvexHull, Distance, Intersects, Real, Sphere, Sweep};
use proptest::prelude::*;

use crate::common::v;

/// `Sphere((4.8e6, 7.8, 0), 1)` and the hull segment `(0,0,0)–(9.6e6,0,0)`: exactly, the gap is
/// 7.8 − 1 ≈ 6.8 (f32: 6.8000002), so they do not meet and a motion of up to 1 along the segment
/// never makes them meet. Found in f32 (helper z5 probe): hull `intersects` false but `distance`
/// 0 and `contact` None; `sweep` gives `Some(t_first 0, t_last 1)` for every motion from 0 to 1
/// along +x, with normal (0,1,0) at no motion, (−1.0000026, 0, 0) (not unit) at 1e-20 and
/// (−1, 0, 0) (against the motion) from 1e-10. The radius-0 capsule on the same segment gives
/// distance 6.8 and no sweep hit.
#[test]
fn long_hull_segment_sphere_sweep_overlaps_at_gap_6_8() {
    let a = v(0.0, 0.0, 0.0);
    let b = v(9.6e6, 0.0, 0.0);
    let hull = ConvexHull::new(vec![a, b]);
    let hull_reversed = ConvexHull::new(vec![b, a]);
    let capsule = Capsule::new(a, b, 0.0);
    let sphere = Sphere::new(v(4.8e6, 7.8, 0.0), 1.0);
    let gap = capsule.distance(&sphere);
    assert!(gap > 6.0 && gap < 7.0, "capsule gap {gap}");
    for h in [&hull, &hull_reversed] {
        assert!(!sphere.intersects(h));
        let d = sphere.distance(h);
        assert!((d - gap).abs() <= 1.0, "hull distance {d} vs capsule {gap}");
        for m in [0.0, 1e-45, 1e-20, 1e-10, 1e-3, 1.0] {
            let motion: Vec3 = v(m, 0.0, 0.0);
            assert_eq!(sphere.sweep(motion, h, Vec3::ZERO), None, "motion {m}");
            assert_eq!(
                sphere.sweep(-motion, &capsule, Vec3::ZERO),
                None,
                "capsule motion {m}"
            );
        }
    }
}

/// A long thin hull and a sphere beside it, built in `f64` and rounded: the segment from `a`
/// (length `len`, direction `dir`), points along it at `inner` (rounded to the grid: nearly
/// collinear), and a sphere of radius `r` whose center is `r + gap` from the segment's line
/// across it at parameter `s` (beyond the ends for `s` outside `[0, 1]`).
#[derive(Debug)]
struct LongCase {
    a: Vec3,
    b: Vec3,
    inner: Vec<Vec3>,
    center: Vec3,
    r: Real,
    gap: f64,
    dir: [f64; 3],
}

/// Axis-aligned segments near the origin's lines (the reproduction's kind: rounding across
/// them is tiny, so gaps of a few units are clear of it) and segments in any direction anywhere
/// within their length of the origin (rounding across them is about `ε · len`, so gaps from
/// `1e-3 · len`), lengths `1e3..1e7`, gaps of either sign.
fn long_case() -> impl Strategy<Value = LongCase> {
    let axis = (
        0usize..3,
        -100.0f64..100.0,
        -100.0f64..100.0,
        -1.0f64..1.0,
        0.0f64..2.0,
    )
        .prop_map(|(k, p, q, start, gap_exp)| {
            let mut dir = [0.0; 3];
            dir[k] = 1.0;
            let mut across = [0.0; 3];
            across[(k + 1) % 3] = 1.0;
            let mut base = [p, p, p];
            base[(k + 2) % 3] = q;
            (dir, across, base, start, 10f64.powf(gap_exp))
        });
    let rotated = (
        prop::array::uniform3(-1.0f64..1.0),
        prop::array::uniform3(-1.0f64..1.0),
        prop::array::uniform3(-1.0f64..1.0),
        -3.0f64..-1.0,
    )
        .prop_filter_map("direction", |(d, e, base, gap_exp)| {
            let n = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt();
            if n < 0.1 {
                return None;
            }
            let dir = [d[0] / n, d[1] / n, d[2] / n];
            // `e` less its part along dir, normalised.
            let k = e[0] * dir[0] + e[1] * dir[1] + e[2] * dir[2];
            let x = [e[0] - k * dir[0], e[1] - k * dir[1], e[2] - k * dir[2]];
            let m = (x[0] * x[0] + x[1] * x[1] + x[2] * x[2]).sqrt();
            if m < 0.1 {
                return None;
            }
            Some((dir, [x[0] / m, x[1] / m, x[2] / m], base, 0.0, gap_exp))
        })
        .prop_map(|(dir, across, base, start, gap_exp)| {
            // Relative gap: marked negative, scaled by the length below.
            (dir, across, base, start, -(10f64.powf(gap_exp)))
        });
    (
        prop_oneof![axis, rotated],
        3.0f64..7.0,
        -0.5f64..1.5,
        0.0f64..1.0,
        any::<bool>(),
        prop::collection::vec(0.05f64..0.95, 0..3),
    )
        .prop_map(
            |((dir, across, base, start, g), len_exp, s, r_frac, apart, inner)| {
                let len = 10f64.powf(len_exp);
                // Axis cases: absolute gap `g`, base across the axis as drawn, start along it within
                // ±len. Any-direction cases: gap `|g| · len`, base anywhere within ±len.
                let (gap, base) = if g > 0.0 {
                    let mut b = base;
                    let k = dir.iter().position(|&x| x != 0.0).unwrap_or(0);
                    b[k] = start * len;
                    (g, b)
                } else {
                    (-g * len, [base[0] * len, base[1] * len, base[2] * len])
                };
                let r = r_frac * 4.0 * gap;
                let gap = if apart || r <= gap { gap } else { -gap };
                let at = |t: f64| {
                    [
                        base[0] + dir[0] * len * t,
                        base[1] + dir[1] * len * t,
                        base[2] + dir[2] * len * t,
                    ]
                };
                let to_vec = |p: [f64; 3]| v(p[0] as Real, p[1] as Real, p[2] as Real);
                // Overlapping spheres beside the segment, not beyond its ends.
                let foot = at(if gap < 0.0 { s.clamp(0.0, 1.0) } else { s });
                let off = r + gap;
                let center = [
                    foot[0] + across[0] * off,
                    foot[1] + across[1] * off,
                    foot[2] + across[2] * off,
                ];
                LongCase {
                    a: to_vec(at(0.0)),
                    b: to_vec(at(1.0)),
                    inner: inner.into_iter().map(|t| to_vec(at(t))).collect(),
                    center: to_vec(center),
                    r: r as Real,
                    gap,
                    dir,
                }
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Long thin hulls (2 points, or 3–4 nearly collinear) against spheres: the hull's
    /// `distance` is the radius-0 capsule's on the same segment (relative `1e-5` plus a few ulp
    /// of the coordinates: the inner points lie off the segment by rounding), in both argument
    /// orders and point orders, and `intersects` holds exactly when the distance is 0, as the
    /// gap's sign says. Sweeps along the segment of a sphere apart from it find nothing.
    #[test]
    fn long_thin_hull_distance_is_the_segments(case in long_case()) {
        let LongCase { a, b, ref inner, center, r, gap, dir } = case;
        let capsule = Capsule::new(a, b, 0.0);
        let sphere = Sphere::new(center, r);
        let mut forward = vec![a];
        forward.extend(inner.iter().copied());
        forward.push(b);
        let mut backward = forward.clone();
        backward.reverse();
        // The inner points in front (not the ends first).
        let mut inner_first = inner.clone();
        inner_first.extend([b, a]);
        let reference = capsule.distance(&sphere);
        let magnitude = a.abs().max(b.abs()).max(center.abs()).max_element();
        let slack = 1e-5 * reference + 16.0 * Real::EPSILON * magnitude;
        let expect_apart = gap > 0.0;
        prop_assert_eq!(reference > 0.0, expect_apart, "capsule distance {}", reference);
        for points in [forward, backward, inner_first] {
            let hull = ConvexHull::new(points.clone());
            let d = sphere.distance(&hull);
            prop_assert!((d - reference).abs() <= slack,
                "hull {:?}: distance {} vs capsule {} (slack {})", points, d, reference, slack);
            prop_assert_eq!(hull.distance(&sphere), d);
            prop_assert_eq!(sphere.intersects(&hull), d == 0.0, "distance {}", d);
            prop_assert_eq!(hull.intersects(&sphere), !expect_apart);
            if expect_apart {
                let along = v(dir[0] as Real, dir[1] as Real, dir[2] as Real);
                for m in [1e-20, 1.0, 1e3] {
                    prop_assert_eq!(sphere.sweep(along * m, &hull, Vec3::ZERO), None, "motion {}", m);
                    prop_assert_eq!(hull.sweep(Vec3::ZERO, &sphere, along * m), None, "motion {}", m);
                }
            }
        }
    }
}
