//! Issue 24, `regressions::scale::distance_ray_plane` under a random seed (not CI's fixed one):
//! the ray from `(5.625, −8, 4)` along `(3.25, −2.5, −3.625)` crosses the plane of normal
//! `(−0.25717226, 0.4114756, −0.87438565)`, `d = 3.375`, at `(34.537834, −30.24064,
//! −28.248928)`. Scaled by `2¹²³` (`f32`), the crossing's x is beyond the float range (`+∞`
//! is right) but its z, `−3.0e38`, is not; isect gave `−∞`: the step `dir · t` in z,
//! `−3.4e38 − ε`, overflowed before the origin's `+4.3e37` was added. Now a sum that overflows
//! is formed again at a quarter of the scale (`scale::crossing`).

use isect::{Distance, Line, Plane, Ray, Real};

use super::{f, pow2};

/// The ray's and the line's crossing at every power of two up to where the step overflows,
/// and one beyond: each coordinate is the crossing at scale 1 times `2ᵏ`, exactly, or `±∞`
/// where that product is beyond the float range.
#[allow(
    clippy::useless_conversion,
    reason = "`f64::from` is the identity in isect-f64, built from the same source"
)]
#[test]
fn crossing_coordinate_within_range_was_infinite() {
    let origin = f(5.625, -8.0, 4.0);
    let dir = f(3.25, -2.5, -3.625);
    let normal = f(-0.257_172_26, 0.411_475_6, -0.874_385_65);
    let top = Real::MAX_EXP - 5;
    let base_ray = Ray::new(origin, dir);
    let base_plane = Plane::new(normal, 3.375);
    let at_one = base_ray.closest_points(&base_plane);
    // The crossing at scale 1 against the same formula in `f64` on the same numbers (the
    // plane `n · x = d`, the crossing `o + dir (d − n · o) / (n · dir)`): within 8 ulp of its
    // largest coordinate (`f32`: 3e-5; the literal above is its `f32` rounding).
    assert_eq!(at_one.distance, 0.0);
    let wide = |v: isect::math::Vec3| [v.x, v.y, v.z].map(f64::from);
    let ([ox, oy, oz], [dx, dy, dz], [nx, ny, nz]) = (wide(origin), wide(dir), wide(normal));
    let t = (3.375 - (nx * ox + ny * oy + nz * oz)) / (nx * dx + ny * dy + nz * dz);
    let exact = [ox + dx * t, oy + dy * t, oz + dz * t];
    for (i, x) in exact.into_iter().enumerate() {
        let error = (f64::from(at_one.a[i]) - x).abs();
        assert!(
            error <= 8.0 * 34.6 * f64::from(Real::EPSILON),
            "{i}: {at_one:?} vs {exact:?}"
        );
    }
    assert!(
        (at_one.a - f(34.537_834, -30.240_64, -28.248_928))
            .abs()
            .max_element()
            <= 1e-4
    );
    for k in (0..=top).rev().step_by(7).chain([top, top - 1]) {
        let s = pow2(k);
        let (o, d) = (origin * s, dir * s);
        let plane = Plane::new(normal, 3.375 * s);
        for (cp, what) in [
            (Ray::new(o, d).closest_points(&plane), "ray"),
            (Line::new(o, d).closest_points(&plane), "line"),
            (plane.closest_points(&Ray::new(o, d)), "plane-ray"),
        ] {
            assert_eq!(cp.distance, 0.0, "{what} 2^{k}");
            for (p, q) in [(cp.a, at_one.a), (cp.b, at_one.a)] {
                for i in 0..3 {
                    // q · 2ᵏ in two steps (2ᵏ alone can be the largest power, times a
                    // coordinate above 2 it is beyond the range).
                    let expected = q[i] * pow2(k / 2) * pow2(k - k / 2);
                    assert_eq!(p[i], expected, "{what} 2^{k}: coordinate {i} of {p}");
                }
            }
        }
    }
    // At the top, x is beyond the range and z is not.
    let s = pow2(top);
    let cp = Ray::new(origin * s, dir * s).closest_points(&Plane::new(normal, 3.375 * s));
    assert!(cp.a.x == Real::INFINITY && cp.a.z.is_finite(), "{cp:?}");
}
