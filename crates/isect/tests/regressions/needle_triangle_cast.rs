//! Issue 24 (AFL `query_raycast`, s15): needles, triangles billions long and a few units wide
//! (a corner at `z = 2.97e9`, the other two 10 apart), cast against by rays through their wide
//! end. Their angle at the far corner `a` is about 4.6e-9, below the flatness test's 8 ulps, so
//! the triangle was taken as flat and cast against as its longest side: at scale 1 the ray hit
//! at `t = 7.96e-5` (the exact `t` is 1.4013e-4), at `4⁻⁵` it missed. The flatness is now
//! measured at the corner opposite the longest side (the triangle's largest sine, about 1
//! here), and that corner's cross product is the normal the cast uses. The truth is exact
//! (Python `fractions` on the `f32` numbers: `t = n · (a − o) / n · d`, the hit point inside by
//! the signs of the three edge cross products).

#![allow(
    clippy::excessive_precision,
    clippy::unreadable_literal,
    reason = "the inputs written exactly as the f32 values found, which f64 reads unchanged"
)]

use isect::math::Vec3;
use isect::{Intersects, Ray, RayCast, Real, Segment, Triangle};

use super::{corner_orders, f, pow2};
use crate::common::flat_reference::wide;

/// A needle case: corners, ray, the exact `t` and unit normal.
struct Needle {
    corners: [Vec3; 3],
    origin: Vec3,
    dir: Vec3,
    t: f64,
    normal: [f64; 3],
}

fn needles() -> [Needle; 3] {
    [
        Needle {
            corners: [
                f(3.094697553231683e-15, 4.375, 2974216192.0),
                f(5.5625, 2.6875, -5.375),
                f(-5.375, -5.375, -5.375),
            ],
            origin: f(5.1875, 3.0625, -1.25),
            dir: f(1.1875, -4647.9990234375, 6.375),
            t: 0.00014012608430994319,
            normal: [
                -0.59335592715853513,
                0.80494021126157878,
                -1.5664224259941569e-09,
            ],
        },
        Needle {
            corners: [
                f(0.4375, 17.88689422607422, 2957348608.0),
                f(5.125, 2.9375, -5.375),
                f(-2.6875, -2.6875, -5.375),
            ],
            origin: f(4.875, 3.0, -1.25),
            dir: f(0.75, -7623.31298828125, 6.0625),
            t: 3.1808060151754262e-05,
            normal: [
                -0.58430472584507587,
                0.81153434145149428,
                -5.0284485006262728e-09,
            ],
        },
        Needle {
            corners: [
                f(16105889792.0, -1.25, 3.0625),
                f(-1.6875, 0.875, -3.3070578610641665e-13),
                f(-5.375, -5.375, -5.375),
            ],
            origin: f(5.1875, 3.0625, -1.25),
            dir: f(1.1875, -4647.9990234375, 6.375),
            t: 0.00078209802272844473,
            normal: [
                -2.3019688185481252e-10,
                -0.65203926874995111,
                0.75818519637884585,
            ],
        },
    ]
}

/// Every corner order, at scales `2⁻⁶⁰..=2⁶⁰`: the ray hits at the exact `t` (relative 1e-5),
/// in `raycast`, `raycast_barycentric` and `raycast_any`, with the exact normal facing the ray
/// (1e-5 per coordinate); the segment along the ray to twice the hit's `t` meets the needle.
#[test]
fn needle_triangle_cast_hits_at_the_exact_t() {
    for (i, needle) in needles().iter().enumerate() {
        for k in (-60..=60).step_by(4) {
            let s = pow2(k);
            let [a, b, c] = needle.corners.map(|p| p * s);
            let ray = Ray::new(needle.origin * s, needle.dir * s);
            for tri in corner_orders(&Triangle::new(a, b, c)) {
                let at = format!("needle {i}, 2^{k}, {tri:?}");
                let hit = tri.raycast(&ray, Real::MAX).expect(&at);
                let t = wide(hit.t);
                assert!(
                    (t - needle.t).abs() <= 1e-5 * needle.t,
                    "{at}: t {t}, exactly {}",
                    needle.t
                );
                // The normal faces the ray: the exact normal or its opposite, whichever has
                // n · d < 0.
                let n = needle.normal;
                let d = needle.dir;
                let sign = if n[0] * wide(d.x) + n[1] * wide(d.y) + n[2] * wide(d.z) > 0.0 {
                    -1.0
                } else {
                    1.0
                };
                let got = hit.normal.to_array();
                for j in 0..3 {
                    assert!(
                        (wide(got[j]) - sign * n[j]).abs() <= 1e-5,
                        "{at}: normal {:?}, exactly {n:?} (sign {sign})",
                        hit.normal
                    );
                }
                let bary = tri.raycast_barycentric(&ray, Real::MAX).expect(&at);
                assert_eq!(bary.t, hit.t, "{at}");
                assert!(tri.raycast_any(&ray, Real::MAX), "{at}");
                let through = Segment::new(ray.origin, ray.origin + ray.dir * (hit.t * 2.0));
                assert!(tri.intersects(&through), "{at}: segment through");
            }
        }
    }
}

/// AFL `query_intersects` (s15): a needle 5e-17 long and 1.3e-20 wide at its base, its tip the
/// first corner, and a ray from `(153.4, −0.5, 4.1875)` moving away from it along `z = 4.1875`:
/// `intersects` was true at `4⁻¹¹` (the needle was flat at `a`, and the ray, parallel to its
/// plane within the rounding of that normal, was taken along it) and false at 1. Exactly
/// (rationals) the ray's origin is the closest point, 153.46085 away, far beyond the on-set
/// tolerance (1.3e-3 at scale 1): false at every scale, in every corner order, and the distance
/// is that (relative 1e-5).
#[test]
fn needle_sliver_ray_misses() {
    let corners = [
        f(0.0, 0.0, 3.5592324e-17),
        f(3.5579738e-17, 3.5592444e-17, 3.5592536e-17),
        f(3.5592444e-17, 3.5592444e-17, 3.5592444e-17),
    ];
    let origin = f(153.4029, -0.5, 4.1875);
    let dir = f(3.125, -3.1875, 0.0);
    for k in (-60..=60).step_by(2) {
        let s = pow2(k);
        let ray = Ray::new(origin * s, dir * s);
        let [a, b, c] = corners.map(|p| p * s);
        for tri in corner_orders(&Triangle::new(a, b, c)) {
            let at = format!("2^{k}, {tri:?}");
            assert!(!tri.intersects(&ray), "{at}");
            assert!(!ray.intersects(&tri), "{at}: mirrored");
            let d = wide(isect::Distance::distance(&tri, &ray)) / wide(s);
            assert!(
                (d - 153.460850895).abs() <= 1e-5 * 153.46,
                "{at}: distance {d}"
            );
        }
    }
}
