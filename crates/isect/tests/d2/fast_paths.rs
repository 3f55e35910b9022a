//! The fast paths of the Obb's point frame and ray cast and of the disc's own cast, against the
//! exact routines they stand in for: invalid input on the fast path's inputs, exact hits and
//! touching hits on each path, and agreement of the frame's slab cast with the cast against the
//! quad of the corners (as a `ConvexPolygon`) on rays aimed across the corners, where the frame
//! hands over to the quad.

use isect::Real;
use isect::d2::{Capsule, Circle, ConvexPolygon, NO_POINT, Obb, PointQuery, Ray, RayCast};
use isect::math::{Mat2, Vec2};

use super::common::{assert_hit, v};

const NAN: Real = Real::NAN;
const INF: Real = Real::INFINITY;

fn p2(k: i32) -> Real {
    (2.0 as Real).powi(k)
}

/// A box whose every coordinate is exact: `[-1, 1]²` turned a quarter about (3, 0).
fn quarter_box() -> Obb {
    Obb::new(
        v(3.0, 0.0),
        v(1.0, 1.0),
        Mat2::from_cols(Vec2::Y, Vec2::NEG_X),
    )
}

#[test]
fn obb_invalid_input_on_the_frame_path() {
    // Each would be hit by the diagonal ray through its clear side if it were valid.
    let ray = Ray::new(v(0.0, -1.5), v(1.0, 0.5));
    assert!(quarter_box().raycast(&ray, 10.0).is_some(), "control");
    let q = Mat2::from_cols(Vec2::Y, Vec2::NEG_X);
    let bad = [
        Obb::new(v(NAN, 0.0), v(1.0, 1.0), q),
        Obb::new(v(3.0, INF), v(1.0, 1.0), q),
        Obb::new(v(3.0, 0.0), v(1.0, NAN), q),
        Obb::new(v(3.0, 0.0), v(INF, 1.0), q),
        Obb::new(v(3.0, 0.0), v(1.0, -1.0), q),
        Obb::new(
            v(3.0, 0.0),
            v(1.0, 1.0),
            Mat2::from_cols(v(0.0, INF), Vec2::NEG_X),
        ),
        Obb::new(
            v(3.0, 0.0),
            v(1.0, 1.0),
            Mat2::from_cols(Vec2::Y, v(NAN, 0.0)),
        ),
    ];
    for b in bad {
        assert!(b.raycast(&ray, 10.0).is_none(), "{b:?}");
        for p in [v(3.0, 0.0), v(3.5, 0.25), v(10.0, 10.0)] {
            assert!(!b.contains_point(p), "{b:?} {p}");
            assert_eq!(b.distance_to_point(p), INF, "{b:?} {p}");
            assert_eq!(b.closest_point(p), NO_POINT, "{b:?} {p}");
        }
    }
    // Invalid rays and bounds against a valid box and disc.
    let (b, c) = (quarter_box(), Circle::new(v(3.0, 0.0), 1.0));
    for (r, max_t) in [
        (Ray::new(v(NAN, -1.5), v(1.0, 0.5)), 10.0),
        (Ray::new(v(0.0, -INF), v(1.0, 0.5)), 10.0),
        (Ray::new(v(0.0, -1.5), v(INF, 0.5)), 10.0),
        (Ray::new(v(0.0, -1.5), v(1.0, NAN)), 10.0),
        (Ray::new(v(0.0, -1.5), Vec2::ZERO), 10.0),
        (ray, NAN),
        (ray, -1.0),
    ] {
        assert!(b.raycast(&r, max_t).is_none(), "{r:?} {max_t}");
        assert!(c.raycast(&r, max_t).is_none(), "{r:?} {max_t}");
    }
}

#[test]
fn obb_hits_on_each_path() {
    let b = quarter_box();
    // Through the side x = 2 clear of the corners (the frame's slabs): at t = 2, (2, -0.5).
    let ray = Ray::new(v(0.0, -1.5), v(1.0, 0.5));
    assert_hit(b.raycast(&ray, 10.0), 2.0, v(2.0, -0.5), Vec2::NEG_X);
    // A direction of any size: t in units of dir.
    let big = Ray::new(v(0.0, -1.5), v(p2(100), p2(99)));
    assert_hit(b.raycast(&big, 10.0), p2(-99), v(2.0, -0.5), Vec2::NEG_X);
    let small = Ray::new(v(0.0, -1.5), v(p2(-100), p2(-101)));
    assert_hit(b.raycast(&small, INF), p2(101), v(2.0, -0.5), Vec2::NEG_X);
    // max_t exactly at the hit counts (left to the quad), just short of it misses.
    assert_hit(b.raycast(&ray, 2.0), 2.0, v(2.0, -0.5), Vec2::NEG_X);
    assert!(b.raycast(&ray, 1.999).is_none());
    // Touching the corner (4, 1) only, on the line x + y = 5: the quad's exact answer.
    let h = b
        .raycast(&Ray::new(v(2.0, 3.0), v(1.0, -1.0)), 10.0)
        .unwrap();
    assert_eq!((h.t, h.point), (2.0, v(4.0, 1.0)), "{h:?}");
    assert!(
        b.raycast(&Ray::new(v(2.0, 3.001), v(1.0, -1.0)), 10.0)
            .is_none(),
        "past the corner"
    );
    // From a point of the boundary heading out: the solid is closed, t = 0.
    for (o, dir) in [(v(2.0, 0.5), v(-1.0, 0.5)), (v(3.0, 0.0), v(1.0, 0.5))] {
        // ... and clearly inside (the frame's answer): t = 0, normal against the ray.
        let h = b.raycast(&Ray::new(o, dir), 10.0).unwrap();
        assert_eq!((h.t, h.point), (0.0, o), "{h:?}");
        assert!((h.normal + dir.normalize()).length() <= 1e-6, "{h:?}");
    }
    assert!(
        b.raycast(&Ray::new(v(0.0, -1.5), v(-1.0, -0.5)), 10.0)
            .is_none()
    );
}

/// The quad of the corners, cast by the general convex routine the Obb hands over to.
fn quad(b: &Obb) -> ConvexPolygon {
    ConvexPolygon::new(b.corners().to_vec())
}

#[test]
fn obb_frame_agrees_with_the_quad_across_the_corners() {
    // A rotation rounded from an angle, so the corners are not exactly the frame's box.
    for k in [-40, 0, 40] {
        let s = (2.0 as Real).powi(k);
        let b = Obb::from_angle(v(0.3, -0.7) * s, v(2.0, 0.75) * s, 0.5);
        let q = quad(&b);
        let scale = (b.center.abs().max_element() + b.half_extents.x + b.half_extents.y) * 6.0;
        for (i, corner) in b.corners().into_iter().enumerate() {
            for j in 0..30 {
                // Origins around the box, aimed at the corner nudged across it by 2.5e-5 up to
                // 1.3e-2 of the box both ways (rays the frame decides and rays it hands over),
                // by ±1e-6 of it, and at the corner itself (to within the rounding of `dir`).
                let a = (i * 30 + j) as Real * 0.7;
                let o = b.center + v(a.cos(), a.sin()) * (5.0 * s);
                let off = match j {
                    24 => 0.0,
                    25 | 26 => 1e-6 * s,
                    27 | 28 => -1e-6 * s,
                    _ => (j as Real - 11.5) * (j as Real - 11.5).abs() * 1e-4 * s,
                };
                let aim = corner + v(off, -off * 0.5);
                let ray = Ray::new(o, (aim - o) * 0.37);
                // max_t at the quad's own t too: the closed bound must hold on either path.
                let at = q.raycast(&ray, INF).map_or(1.0, |h| h.t);
                for max_t in [INF, 3.0, 2.0, at] {
                    let (x, y) = (b.raycast(&ray, max_t), q.raycast(&ray, max_t));
                    match (x, y) {
                        (None, None) => {}
                        (Some(x), Some(y)) => {
                            // The quad's t to within 32 ulps of the coordinates along the ray.
                            let bound = 32.0 * Real::EPSILON * scale / ray.dir.length();
                            assert!((x.t - y.t).abs() <= bound, "{b:?} {ray:?} {x:?} {y:?}");
                            // At the corner itself either side's normal is the answer (the
                            // quad's cast takes the first in its vertex order, which
                            // `ConvexPolygon::new` may rotate).
                            let sides = [b.rotation.x_axis, b.rotation.y_axis];
                            let side = sides.iter().any(|a| {
                                (x.normal - *a).length() <= 1e-5 || (x.normal + *a).length() <= 1e-5
                            });
                            let ok = (x.normal - y.normal).length() <= 1e-5 || (off == 0.0 && side);
                            assert!(ok, "{x:?} {y:?}");
                        }
                        _ => panic!("{b:?} {ray:?} max_t {max_t}: {x:?} against {y:?}"),
                    }
                }
            }
        }
    }
}

#[test]
fn obb_frame_with_huge_and_tiny_directions() {
    // Directions whose coordinates in the box's frame overflow (`|dir · axis| > MAX`) or sit
    // near the bottom of the range: the frame works on the direction scaled to unit largest
    // coordinate, as the quad's cast does, and agrees with it.
    let b = Obb::from_angle(v(3.0, 0.0), v(1.0, 0.5), 0.5);
    let q = quad(&b);
    for scale in [Real::MAX * 0.75, p2(-120), 1.0] {
        for (o, dir) in [
            (v(0.0, -1.5), v(1.0, 1.0)),
            (v(0.0, -1.0), v(1.0, 0.4)),
            (v(6.0, 2.5), v(-1.0, -0.7)),
            (v(0.0, 3.0), v(1.0, -1.0)),
            (v(0.0, 3.0), v(1.0, 0.1)),
        ] {
            let ray = Ray::new(o, dir * scale);
            let (x, y) = (b.raycast(&ray, INF), q.raycast(&ray, INF));
            assert_eq!(x.is_some(), y.is_some(), "{ray:?} {x:?} {y:?}");
            if let (Some(x), Some(y)) = (x, y) {
                assert!((x.t / y.t - 1.0).abs() <= 1e-4, "{ray:?} {x:?} {y:?}");
                assert!((x.normal - y.normal).length() <= 1e-5, "{x:?} {y:?}");
            }
        }
    }
}

#[test]
fn disc_cast_matches_the_point_capsule() {
    // The disc's own cast against the general routine's (a capsule of one point): identical
    // answers, bit for bit, entries, misses, inside and tangent rays alike.
    let c = Circle::new(v(1.25, -0.5), 1.5);
    let cap = Capsule::new(c.center, c.center, c.radius);
    for i in 0..64 {
        let a = i as Real * 0.37;
        for (o, dir) in [
            (v(a.cos(), a.sin()) * 4.0, v(-a.cos(), -a.sin() * 0.9)),
            (c.center + v(0.3, 0.2), v(a.cos(), a.sin())),
            (v(-3.0, c.center.y + c.radius), v(1.0, 0.0)),
            (v(a.cos(), a.sin()) * 4.0, v(a.sin(), -a.cos()) * 1e-3),
        ] {
            let ray = Ray::new(o, dir);
            for max_t in [INF, 2.0, 0.0] {
                let (x, y) = (c.raycast(&ray, max_t), cap.raycast(&ray, max_t));
                assert_eq!(
                    x.map(|h| (h.t, h.point, h.normal)),
                    y.map(|h| (h.t, h.point, h.normal)),
                    "{ray:?} {max_t}"
                );
            }
        }
    }
    // Tangent to the top of the disc: touches at (1.25, 1).
    assert_hit(
        c.raycast(&Ray::new(v(-3.0, 1.0), Vec2::X), 10.0),
        4.25,
        v(1.25, 1.0),
        Vec2::Y,
    );
}
