//! Active corners: a triangle's corner is judged by every edge around its vertex, not only by
//! the triangle's own two edges. A corner touching a step's convex edge only at its vertex keeps
//! the vertex's normal (it used to become the top's face normal, a push up by a depth the ball
//! does not have); a vertex in the middle of a flat fan of many triangles gives the face normal;
//! the apex of a cone its own normal; and the winding of each triangle does not matter.

use super::contact::all;
use crate::common::tol;
use isect::math::Vec3;
use isect::{Capsule, Contact, Real, Sphere, TriMesh};

/// `t` wound so that its normal points along `up` (which must not lie in its plane).
fn facing(v: &[Vec3], mut t: [u32; 3], up: Vec3) -> [u32; 3] {
    let [a, b, c] = t.map(|i| v[i as usize]);
    if (b - a).cross(c - a).dot(up) < 0.0 {
        t.swap(1, 2);
    }
    t
}

/// A step: the floor `y = 0` for `x` in `[-2, 0]`, the riser `x = 0` for `y` in `[0, 1]`, and
/// the top `y = 1` for `x` in `[0, 1]`, all for `z` in `[-1, 1]`. The top is a fan about the
/// middle `V = (0, 1, 0)` of the step's edge, whose two middle triangles touch that edge at `V`
/// only. `flip` says which triangles to wind the other way round (bit `i` for triangle `i`).
fn step(flip: u32) -> (TriMesh, Vec<u32>) {
    let v = vec![
        Vec3::new(-2.0, 0.0, -1.0), // 0
        Vec3::new(0.0, 0.0, -1.0),  // 1
        Vec3::new(0.0, 0.0, 0.0),   // 2
        Vec3::new(0.0, 0.0, 1.0),   // 3
        Vec3::new(-2.0, 0.0, 1.0),  // 4
        Vec3::new(0.0, 1.0, -1.0),  // 5
        Vec3::new(0.0, 1.0, 0.0),   // 6: V
        Vec3::new(0.0, 1.0, 1.0),   // 7
        Vec3::new(1.0, 1.0, -1.0),  // 8
        Vec3::new(1.0, 1.0, 0.0),   // 9
        Vec3::new(1.0, 1.0, 1.0),   // 10
    ];
    let floor = [[0, 1, 2], [0, 2, 4], [4, 2, 3]];
    let riser = [[1, 2, 6], [1, 6, 5], [2, 3, 7], [2, 7, 6]];
    let top = [[6, 5, 8], [6, 8, 9], [6, 9, 10], [6, 10, 7]];
    let mut t: Vec<[u32; 3]> = Vec::new();
    t.extend(floor.iter().map(|&f| facing(&v, f, Vec3::Y)));
    t.extend(riser.iter().map(|&f| facing(&v, f, -Vec3::X)));
    t.extend(top.iter().map(|&f| facing(&v, f, Vec3::Y)));
    for (i, tri) in t.iter_mut().enumerate() {
        if flip & (1 << i) != 0 {
            tri.swap(1, 2);
        }
    }
    // The top's two triangles that touch the step's edge at V only.
    let corner_only = vec![8, 9];
    (TriMesh::new(v, t).unwrap(), corner_only)
}

/// A ball over the step's edge, nearest to `V` (3-4-5 offsets, exact): depth 1/8 along
/// `(-0.6, 0.8, 0)` from every triangle it reaches, the two that touch the edge at `V` only
/// included; never the top's `+Y` (which would claim depth 1/4).
#[test]
fn a_corner_on_a_step_keeps_its_normal() {
    let want = Vec3::new(-0.6, 0.8, 0.0);
    for flip in [0, 0x7ff, 0b101_0101_0101, 0b010_1010_1010, 1 << 8, 1 << 9] {
        let (m, corner_only) = step(flip);
        let s = Sphere::new(Vec3::new(-0.375, 1.5, 0.0), 0.75);
        let got = all(&m, &s, 0.0);
        for i in &corner_only {
            assert!(
                got.iter().any(|c| c.triangle == *i),
                "flip {flip:#b}: {got:?}"
            );
        }
        for c in &got {
            assert!(
                (c.normal - want).length() <= tol(2.0),
                "flip {flip:#b}: {c:?}"
            );
            assert!((c.depth - 0.125).abs() <= tol(2.0), "flip {flip:#b}: {c:?}");
        }
        let deepest = s.contact(&m).unwrap();
        assert!((deepest.normal - want).length() <= tol(2.0), "{deepest:?}");
        assert!((deepest.depth - 0.125).abs() <= tol(2.0), "{deepest:?}");
        // A capsule lying along the step's edge above it, its core's middle over V.
        let c = Capsule::new(
            Vec3::new(-0.375, 1.5, -0.5),
            Vec3::new(-0.375, 1.5, 0.5),
            0.75,
        );
        for k in all(&m, &c, 0.0) {
            assert!(
                (k.normal - want).length() <= tol(2.0),
                "flip {flip:#b}: {k:?}"
            );
            assert!((k.depth - 0.125).abs() <= tol(2.0), "flip {flip:#b}: {k:?}");
        }
        // On the top, away from the edge, over V's fan: the face normal, exactly.
        let s = Sphere::new(Vec3::new(0.5, 1.5, 0.125), 0.75);
        let got = all(&m, &s, 0.0);
        assert!(got.len() >= 4, "{got:?}");
        for c in &got {
            assert_eq!(
                (c.normal, c.depth),
                (Vec3::Y, 0.25),
                "flip {flip:#b}: {c:?}"
            );
        }
    }
}

/// A fan of `n` triangles about `apex`, its rim the circle of radius 2 about the origin in
/// `y = 0`; `flip` winds every other triangle the other way round.
fn fan(n: u32, apex: Vec3, flip: bool) -> TriMesh {
    let mut v = vec![apex];
    for i in 0..n {
        let a = i as Real / n as Real * core::f64::consts::TAU as Real;
        v.push(Vec3::new(2.0 * a.cos(), 0.0, 2.0 * a.sin()));
    }
    let t = (0..n)
        .map(|i| {
            let t = facing(&v, [0, 1 + i, 1 + (i + 1) % n], Vec3::Y);
            if flip && i % 2 == 1 {
                [t[0], t[2], t[1]]
            } else {
                t
            }
        })
        .collect();
    TriMesh::new(v, t).unwrap()
}

/// A ball on a flat fan of many triangles, near its middle vertex: every triangle reports the
/// face normal, exactly, with the exact depth below the plane (most of them meet the ball at
/// the middle vertex, or at an edge from it).
#[test]
fn the_middle_of_a_flat_fan_is_flat() {
    for n in [3, 7, 64, 200] {
        for flip in [false, true] {
            let m = fan(n, Vec3::ZERO, flip);
            for center in [
                Vec3::new(0.125, 0.5, 0.0625),
                Vec3::new(-0.25, 0.5, 0.0),
                Vec3::new(0.0, 0.5, 0.0),
            ] {
                let s = Sphere::new(center, 1.0);
                let got = all(&m, &s, 0.0);
                assert_eq!(got.len(), n as usize, "{n} {flip} {center}");
                // The face normal within rounding (the rim's corners are not exact, so the
                // triangles' unit normals are +Y only to an ulp).
                for c in &got {
                    assert!(
                        (c.normal - Vec3::Y).length() <= tol(1.0),
                        "{n} {flip}: {c:?}"
                    );
                    assert!((c.depth - 0.5).abs() <= tol(1.0), "{n} {flip}: {c:?}");
                }
                // A stick leaning through the middle vertex: every triangle, the face normal
                // too, with the depth of its lower end.
                let foot = Vec3::new(-0.0625, -0.125, -0.03125);
                let stick = Capsule::new(foot, foot + Vec3::new(0.5, 1.0, 0.25), 0.0);
                let got = all(&m, &stick, 0.0);
                assert_eq!(got.len(), n as usize, "{n} {flip}");
                for c in &got {
                    assert!(
                        (c.normal - Vec3::Y).length() <= tol(1.0),
                        "{n} {flip}: {c:?}"
                    );
                    assert!((c.depth - 0.125).abs() <= tol(1.0), "{n} {flip}: {c:?}");
                }
            }
        }
    }
}

/// The apex of a low cone is a real corner: a ball straight above it meets every triangle at
/// the apex with the vertical normal (the apex's own), not the faces' tilted ones. The apex of
/// a bowl, seen from above, is inside a crease: a ball sitting in the bowl touches the faces,
/// each with its own face normal, never a normal from the apex.
#[test]
fn a_cone_apex_is_real_a_bowl_bottom_is_covered() {
    for flip in [false, true] {
        let m = fan(16, Vec3::new(0.0, 0.25, 0.0), flip);
        let s = Sphere::new(Vec3::new(0.0, 0.75, 0.0), 0.75);
        let got = all(&m, &s, 0.0);
        assert_eq!(got.len(), 16);
        for c in &got {
            assert_eq!(c.normal, Vec3::Y, "{c:?}");
            assert_eq!(c.depth, 0.25, "{c:?}");
        }
        let m = fan(16, Vec3::new(0.0, -0.25, 0.0), flip);
        // Off the axis and low, so that the far triangles are nearest at the apex.
        let s = Sphere::new(Vec3::new(0.25, 0.0, 0.0), 0.5);
        let got = all(&m, &s, 0.0);
        assert!(!got.is_empty());
        for c in &got {
            let unit = m.triangle(c.triangle).normal().unwrap();
            let unit = if unit.y < 0.0 { -unit } else { unit };
            assert!((c.normal - unit).length() <= tol(2.0), "{c:?}");
        }
    }
}
