//! Sweeps with rotation against a mesh (`TriMesh::sweep_rotating_triangle`,
//! `TriMesh::sweep_rotating`): the earliest of every triangle's own rotating sweep (brute force
//! over all triangles, so a triangle the swept box leaves out is caught), the linear mesh sweep
//! without rotation, the shape apart from the mesh before `t_first` and within the tolerance at
//! it, a solid mesh's inside, and invalid input.

use super::mesh;
use crate::common::mesh::{soup, subdivided_cube};
use crate::common::tol;
use crate::sweep::rotating::{Carried, hull, hull_center, obb, rigid_motion};
use isect::math::{Mat3, Vec3};
use isect::query::ROTATING_RELATIVE_TOLERANCE;
use isect::{
    Bounded, ConvexHull, Distance, Intersects, Obb, Real, RigidMotion, Sphere, SupportMap, TriMesh,
    sweep_rotating,
};
use proptest::prelude::*;

/// Where the random shapes start: clear of the soups (within `[-8, 8]`); their motions carry
/// them back through.
const AWAY: Vec3 = Vec3::new(16.0, 0.0, 0.0);

/// The earliest first contact over every triangle with an area (the lowest index on a tie) and
/// the latest last contact, each by the pair's `sweep_rotating`.
fn brute<S: SupportMap + Bounded>(
    m: &TriMesh,
    s: &S,
    motion: &RigidMotion,
) -> Option<(Real, u32, Real)> {
    let mut best: Option<(Real, u32, Real)> = None;
    for i in 0..m.triangle_count() as u32 {
        let tri = m.triangle(i);
        if tri.normal().is_none() {
            continue;
        }
        if let Some(h) = sweep_rotating(s, motion, &tri, &RigidMotion::STILL) {
            best = Some(match best {
                None => (h.t_first, i, h.t_last),
                Some((t, j, last)) => {
                    let (t, j) = if (h.t_first, i) < (t, j) {
                        (h.t_first, i)
                    } else {
                        (t, j)
                    };
                    (t, j, last.max(h.t_last))
                }
            });
        }
    }
    best
}

/// The mesh's answers against brute force, and the shape apart from every triangle before
/// `t_first` (sampled) and within the advancement's tolerance of one at it.
fn check<S>(m: &TriMesh, s: &S, motion: &RigidMotion)
where
    S: SupportMap
        + Bounded
        + Carried
        + Distance<isect::Triangle>
        + Intersects<isect::Triangle>
        + core::fmt::Debug,
{
    let what = format!("{s:?} by {motion:?}");
    let first = m.sweep_rotating_triangle(s, motion);
    let expected = brute(m, s, motion);
    assert_eq!(
        first.map(|h| (h.t, h.triangle)),
        expected.map(|(t, i, _)| (t, i)),
        "{what}"
    );
    // The soups are not closed: the sweep's times are the triangles'.
    assert!(!m.is_solid());
    let hit = m.sweep_rotating(s, motion);
    assert_eq!(
        hit.map(|h| (h.t_first, h.t_last)),
        expected.map(|(t, _, last)| (t, last.max(t))),
        "{what}"
    );
    let Some(h) = first else { return };
    assert!((h.normal.length() - 1.0).abs() <= 1e-3, "{what}");
    let triangles: Vec<_> = (0..m.triangle_count() as u32)
        .map(|i| m.triangle(i))
        .filter(|t| t.normal().is_some())
        .collect();
    for k in 0..8 {
        let t = h.t * k as Real / 8.0;
        let placed = s.carried(motion, t);
        assert!(
            h.t == 0.0 || triangles.iter().all(|tri| !placed.intersects(tri)),
            "overlap at {t} before t_first {}: {what}",
            h.t
        );
    }
    let placed = s.carried(motion, h.t);
    let d = placed.distance(&m.triangle(h.triangle));
    let size = s.bounding_sphere().radius + motion.linear.length() + motion.center.length() + 16.0;
    // Converged runs end within the tolerance; a stalled one (rare) ends earlier, still apart.
    assert!(d >= 0.0, "{what}");
    if d > 64.0 * ROTATING_RELATIVE_TOLERANCE * size + tol(1.0) {
        assert!(h.t > 0.0, "{what}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn boxes_against_soups_are_the_earliest_triangle(
        (v, t) in soup(24),
        b in obb(),
        motion in rigid_motion(Vec3::ZERO),
    ) {
        let m = mesh((v, t));
        // Starting clear of the soup (within [-8, 8]), aimed through it.
        let b = Obb::new(b.center * 0.25 + AWAY, b.half_extents, b.rotation);
        // Turning about a pivot up to about 8 away: swung on an arm, the box sweeps an arc
        // far outside its translation's path.
        let motion = RigidMotion {
            linear: motion.linear - AWAY * 1.5,
            center: b.center + motion.center * 5.0,
            ..motion
        };
        check(&m, &b, &motion);
    }

    #[test]
    fn hulls_against_soups_are_the_earliest_triangle(
        (v, t) in soup(16),
        h in hull(),
        motion in rigid_motion(Vec3::ZERO),
    ) {
        let m = mesh((v, t));
        let h = ConvexHull::new(h.points().iter().map(|&p| p * 0.25 + AWAY).collect::<Vec<_>>());
        let motion = RigidMotion {
            linear: motion.linear - AWAY * 1.5,
            center: hull_center(&h) + motion.center,
            ..motion
        };
        check(&m, &h, &motion);
    }

    /// Without rotation: the linear mesh sweep's time, within the advancement's tolerance.
    #[test]
    fn without_rotation_the_linear_sweep(
        (v, t) in soup(24),
        b in obb(),
        linear in crate::common::strategy::vec3(),
    ) {
        let m = mesh((v, t));
        let b = Obb::new(b.center * 0.25 + AWAY, b.half_extents, b.rotation);
        let motion = RigidMotion::new(linear - AWAY * 1.5, Vec3::ZERO, b.center);
        let rotating = m.sweep_rotating_triangle(&b, &motion);
        let linear_hit = m.sweep_triangle(&b, motion.linear);
        let size = b.bounding_sphere().radius + b.center.abs().max_element() + motion.linear.length() + 8.0;
        let slack = 64.0 * ROTATING_RELATIVE_TOLERANCE * size / motion.linear.length().max(1e-3);
        match (rotating, linear_hit) {
            (None, None) => {}
            (Some(r), Some(l)) => prop_assert!(
                r.t <= l.t + tol(4.0) && l.t - r.t <= slack,
                "{r:?} vs {l:?}"
            ),
            // Grazing: one finds a touch within its tolerance that the other misses.
            (Some(r), None) => {
                let placed = b.carried(&motion, r.t);
                prop_assert!(placed.distance(&m.triangle(r.triangle)) <= 64.0 * ROTATING_RELATIVE_TOLERANCE * size);
            }
            (None, Some(l)) => {
                let placed = b.carried(&motion, l.t);
                prop_assert!(placed.distance(&m.triangle(l.triangle)) <= 64.0 * ROTATING_RELATIVE_TOLERANCE * size + tol(size));
            }
        }
    }
}

/// A wall of many triangles, and a bar spinning about its middle: it reaches the wall by its
/// tip, where a translation by the same (zero) motion never does.
#[test]
fn spinning_bar_reaches_a_wall() {
    let (v, t) = subdivided_cube(4);
    // The face x = 1 of a cube scaled by 4, moved to x = 3: a wall of 32 triangles.
    let wall: Vec<[u32; 3]> = t
        .iter()
        .copied()
        .filter(|tri| tri.iter().all(|&i| v[i as usize].x == 1.0))
        .collect();
    let m = TriMesh::new(
        v.iter()
            .map(|&p| p * 4.0 - Vec3::new(1.0, 0.0, 0.0))
            .collect(),
        wall,
    )
    .unwrap();
    let bar = Obb::new(Vec3::ZERO, Vec3::new(0.25, 4.0, 0.25), Mat3::IDENTITY);
    let turn = RigidMotion::new(
        Vec3::ZERO,
        Vec3::Z * -core::f64::consts::FRAC_PI_2 as Real,
        Vec3::ZERO,
    );
    let hit = m.sweep_rotating_triangle(&bar, &turn).unwrap();
    // The corner (0.25, 4) reaches x = 3 where 0.25 cos θ + 4 sin θ = 3.
    let theta = {
        let (mut lo, mut hi): (Real, Real) = (0.0, 1.5);
        for _ in 0..60 {
            let mid = 0.5 * (lo + hi);
            if 0.25 * mid.cos() + 4.0 * mid.sin() < 3.0 {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        lo
    };
    let expected = theta / (core::f64::consts::FRAC_PI_2 as Real);
    assert!(
        hit.t <= expected + tol(4.0) && expected - hit.t <= 1e-3,
        "{hit:?} vs {expected}"
    );
    assert!(hit.normal.x < -0.99, "{hit:?}");
    check(&m, &bar, &turn);
    // Not turning, it stays clear.
    assert!(
        m.sweep_rotating_triangle(&bar, &RigidMotion::STILL)
            .is_none()
    );
    assert!(m.sweep_rotating(&bar, &RigidMotion::STILL).is_none());
}

/// A solid mesh's inside: a ball starting inside hits at 0; one ending inside has `t_last = 1`;
/// one inside all along (touching no triangle) is `[0, 1]`; the surface alone knows none of it.
#[test]
fn solid_mesh_inside() {
    let cube = mesh(subdivided_cube(2));
    assert!(cube.is_solid());
    let ball = Sphere::new(Vec3::ZERO, 0.25);
    let out = RigidMotion::new(Vec3::new(4.0, 0.0, 0.0), Vec3::Z, Vec3::ZERO);
    let h = cube.sweep_rotating(&ball, &out).unwrap();
    assert_eq!(h.t_first, 0.0);
    assert!((h.t_last - 1.25 / 4.0).abs() <= 1e-3, "{h:?}");
    // The surface: first touched from inside at x = 0.75.
    let s = cube.sweep_rotating_triangle(&ball, &out).unwrap();
    assert!((s.t - 0.75 / 4.0).abs() <= 1e-3, "{s:?}");
    // Coming in from outside and staying: t_last = 1.
    // (Turning about its own center: a ball turns in place.)
    let far = Sphere::new(Vec3::new(-4.0, 0.0, 0.0), 0.25);
    let h = cube
        .sweep_rotating(
            &far,
            &RigidMotion {
                center: far.center,
                ..out
            },
        )
        .unwrap();
    assert!((h.t_first - 2.75 / 4.0).abs() <= 1e-3, "{h:?}");
    assert_eq!(h.t_last, 1.0);
    // Inside all along, turning in place.
    let spin = RigidMotion::new(Vec3::ZERO, Vec3::new(1.0, 2.0, 3.0), Vec3::ZERO);
    let h = cube.sweep_rotating(&ball, &spin).unwrap();
    assert_eq!((h.t_first, h.t_last), (0.0, 1.0));
    assert!(cube.sweep_rotating_triangle(&ball, &spin).is_none());
}

#[test]
fn invalid_input_gives_nothing() {
    let cube = mesh(subdivided_cube(2));
    let ball = Sphere::new(Vec3::new(-4.0, 0.0, 0.0), 0.25);
    let go = RigidMotion::new(Vec3::new(8.0, 0.0, 0.0), Vec3::ZERO, Vec3::ZERO);
    assert!(cube.sweep_rotating(&ball, &go).is_some());
    for bad in crate::common::NON_FINITE {
        let motions = [
            RigidMotion::new(Vec3::new(bad, 0.0, 0.0), Vec3::ZERO, Vec3::ZERO),
            RigidMotion::new(go.linear, Vec3::new(0.0, bad, 0.0), Vec3::ZERO),
            RigidMotion::new(go.linear, Vec3::Z, Vec3::new(0.0, 0.0, bad)),
        ];
        for m in motions {
            assert!(cube.sweep_rotating(&ball, &m).is_none(), "{m:?}");
            assert!(cube.sweep_rotating_triangle(&ball, &m).is_none(), "{m:?}");
        }
        let b = Sphere::new(Vec3::new(bad, 0.0, 0.0), 0.25);
        assert!(cube.sweep_rotating(&b, &go).is_none());
        assert!(cube.sweep_rotating_triangle(&b, &go).is_none());
    }
    let negative = Sphere::new(Vec3::new(-4.0, 0.0, 0.0), -1.0);
    assert!(cube.sweep_rotating(&negative, &go).is_none());
    let hull = ConvexHull::new(vec![Vec3::new(-4.0, 0.0, 0.0)]);
    // A hull of one point is that point: it crosses the cube.
    assert!(cube.sweep_rotating(&hull, &go).is_some());
}
