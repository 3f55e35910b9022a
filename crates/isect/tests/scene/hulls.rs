//! Contacts of posed hulls: the scene places one hull in the other's (or a mesh's) frame through
//! its support map, without rebuilding it; here against the shapes moved into the scene by hand
//! (`ConvexHull::new` of the moved points, `TriMesh::new` of the moved vertices) and their direct
//! `contact`, in the scene's frame: a different path, equal to rounding.

use std::sync::Arc;

use isect::math::{Quat, Vec3};
use isect::scene::{Geometry, ObjectId, Pose, Scene};
use isect::{Contact, ContactInfo, ConvexHull, PointQuery, Real, TriMesh};

use super::{close_contacts, close_depth_normal};
use crate::broad::Rng;

/// A rotation about a random axis by an angle away from every quarter turn.
fn turn(rng: &mut Rng) -> Quat {
    let axis = loop {
        let v = rng.vec3(-1.0, 1.0);
        if v.length_squared() > 0.01 {
            break v.normalize();
        }
    };
    let quarters = rng.below(4) as Real;
    let angle = (quarters + rng.range(0.1, 0.9)) * core::f64::consts::FRAC_PI_2 as Real;
    Quat::from_axis_angle(axis, angle)
}

fn random_hull(rng: &mut Rng) -> ConvexHull {
    let r = rng.range(0.5, 1.0);
    ConvexHull::new(
        (0..6 + rng.below(9))
            .map(|_| rng.vec3(-r, r))
            .collect::<Vec<_>>(),
    )
}

fn moved_hull(h: &ConvexHull, pose: &Pose) -> ConvexHull {
    ConvexHull::new(
        h.points()
            .iter()
            .map(|&p| pose.transform_point(p))
            .collect::<Vec<_>>(),
    )
}

/// The scene's one pair, as `(lower id, higher id, contact)`.
fn scene_pair(scene: &Scene<()>) -> Option<(ObjectId, ObjectId, ContactInfo)> {
    let mut found = Vec::new();
    scene.contacts(|a, b, c| found.push((a, b, c)));
    assert!(found.len() <= 1, "{found:?}");
    found.pop()
}

/// `got` (the scene's) against `want` (by hand): both or neither, unless one of them only just
/// touches (depth within rounding of 0); then within 1e-4 relative.
fn agree(got: Option<ContactInfo>, want: Option<ContactInfo>, what: &str) -> bool {
    match (got, want) {
        (Some(g), Some(w)) => {
            close_contacts(&g, &w, what);
            true
        }
        (None, None) => false,
        (Some(c), None) | (None, Some(c)) => {
            assert!(c.depth.abs() <= 1e-4, "{what}: one side only: {c:?}");
            false
        }
    }
}

#[test]
fn posed_hull_pairs_match_hulls_moved_by_hand() {
    let mut rng = Rng::new(27);
    let mut met = 0;
    for i in 0..400 {
        let (a, b) = (
            Arc::new(random_hull(&mut rng)),
            Arc::new(random_hull(&mut rng)),
        );
        let pa = Pose::new(turn(&mut rng), rng.vec3(-4.0, 4.0));
        let pb = Pose::new(turn(&mut rng), pa.translation + rng.vec3(-1.5, 1.5));
        let mut scene = Scene::new();
        let ia = scene.insert(Geometry::ConvexHull(a.clone()), pa, ());
        let ib = scene.insert(Geometry::ConvexHull(b.clone()), pb, ());
        let (wa, wb) = (moved_hull(&a, &pa), moved_hull(&b, &pb));
        let got = scene_pair(&scene);
        let want = if ia < ib {
            wa.contact(&wb)
        } else {
            wb.contact(&wa)
        };
        if let Some((p, q, _)) = got {
            assert_eq!((p, q), (ia.min(ib), ia.max(ib)));
        }
        met += usize::from(agree(got.map(|x| x.2), want, &format!("case {i}")));
    }
    // Most cases overlap: the comparison is not vacuous.
    assert!(met > 80, "only {met} pairs met");
}

#[test]
fn posed_hull_mesh_pairs_match_shapes_moved_by_hand() {
    let mut rng = Rng::new(2727);
    let (v, t) = crate::common::mesh::subdivided_cube(2);
    let mesh = Arc::new(TriMesh::new(v, t).unwrap());
    let mut met = 0;
    for i in 0..200 {
        let hull = Arc::new(random_hull(&mut rng));
        let pm = Pose::new(turn(&mut rng), rng.vec3(-4.0, 4.0));
        let ph = Pose::new(turn(&mut rng), pm.translation + rng.vec3(-2.0, 2.0));
        let mut scene = Scene::new();
        // The mesh first in half the cases, so that both argument orders are met.
        let (ih, im) = if i % 2 == 0 {
            let im = scene.insert(Geometry::TriMesh(mesh.clone()), pm, ());
            (scene.insert(Geometry::ConvexHull(hull.clone()), ph, ()), im)
        } else {
            let ih = scene.insert(Geometry::ConvexHull(hull.clone()), ph, ());
            (ih, scene.insert(Geometry::TriMesh(mesh.clone()), pm, ()))
        };
        let wh = moved_hull(&hull, &ph);
        let wm = TriMesh::new(
            mesh.vertices()
                .iter()
                .map(|&p| pm.transform_point(p))
                .collect(),
            mesh.triangles().to_vec(),
        )
        .unwrap();
        let want = if ih < im {
            wh.contact(&wm)
        } else {
            wm.contact(&wh)
        };
        let got = scene_pair(&scene).map(|x| x.2);
        let what = format!("case {i}");
        match (got, want) {
            (Some(g), Some(w)) => {
                // The deepest of several triangles at one depth, and so the point, turns on
                // rounding: the point is the one by hand, or another point of both.
                close_depth_normal(&g, &w, &what);
                let tol = 1e-4 * g.point.abs().max_element().max(1.0);
                let same = (g.point - w.point).abs().max_element() <= tol;
                let on_both =
                    wh.distance_to_point(g.point) <= tol && wm.distance_to_point(g.point) <= tol;
                assert!(same || on_both, "{what}: {g:?}, by hand {w:?}");
                met += 1;
            }
            _ => {
                agree(got, want, &what);
            }
        }
    }
    assert!(met > 60, "only {met} pairs met");
}

/// The cube `[-1, 1]³` as a hull of its corners, listed in `order`.
fn cube(order: [usize; 8]) -> Arc<ConvexHull> {
    let corner = |i: usize| {
        Vec3::new(
            if i & 1 == 0 { -1.0 } else { 1.0 },
            if i & 2 == 0 { -1.0 } else { 1.0 },
            if i & 4 == 0 { -1.0 } else { 1.0 },
        )
    };
    Arc::new(ConvexHull::new(order.map(corner).to_vec()))
}

#[test]
fn quarter_and_half_turned_cubes_meet_exactly() {
    let s = core::f64::consts::FRAC_1_SQRT_2 as Real;
    let a = cube([0, 1, 2, 3, 4, 5, 6, 7]);
    let b = cube([7, 2, 5, 0, 3, 6, 1, 4]);
    let turns = [
        (Quat::IDENTITY, true),
        (Quat::from_xyzw(0.0, 0.0, 1.0, 0.0), true),
        (Quat::from_xyzw(1.0, 0.0, 0.0, 0.0), true),
        (Quat::from_xyzw(0.0, 0.0, s, s), false),
        (Quat::from_xyzw(0.0, s, 0.0, s), false),
    ];
    for (rotation, exact) in turns {
        for (gap, depth) in [(1.5, Some(0.5)), (2.0, Some(0.0)), (2.5, None)] {
            // Both cubes moved by the same exact shift and turn: only their offset counts.
            let shift = Vec3::new(8.0, -4.0, 2.0);
            let mut scene = Scene::new();
            let ia = scene.insert(
                Geometry::ConvexHull(a.clone()),
                Pose::new(rotation, shift),
                (),
            );
            let ib = scene.insert(
                Geometry::ConvexHull(b.clone()),
                Pose::new(rotation, shift + rotation * Vec3::new(gap, 0.0, 0.0)),
                (),
            );
            assert!(ia < ib);
            let got = scene_pair(&scene).map(|x| x.2);
            let what = format!("{rotation:?} gap {gap}");
            assert_eq!(got.map(|c| c.depth).is_some(), depth.is_some(), "{what}");
            let (Some(c), Some(depth)) = (got, depth) else {
                continue;
            };
            // The normal from b towards a: −x turned.
            let normal = rotation * -Vec3::X;
            if exact {
                assert_eq!((c.depth, c.normal), (depth, normal), "{what}");
            } else {
                assert!((c.depth - depth).abs() <= 1e-6, "{what}: {c:?}");
                assert!(
                    (c.normal - normal).abs().max_element() <= 1e-6,
                    "{what}: {c:?}"
                );
            }
            // And the same contact as the cubes moved by hand.
            let pa = scene.pose(ia).unwrap();
            let pb = scene.pose(ib).unwrap();
            let want = moved_hull(&a, &pa).contact(&moved_hull(&b, &pb)).unwrap();
            close_contacts(&c, &want, &what);
        }
    }
}

/// The half-turned cubes at every magnitude (power-of-two scales, exact): inside and outside the
/// window the hull query computes in as given, where the scene rebuilds the placed hull (f32:
/// below `2⁻²⁰` and above `2²⁴`).
#[test]
fn scaled_cubes_meet_exactly_at_every_magnitude() {
    let half_turn = Quat::from_xyzw(0.0, 0.0, 1.0, 0.0);
    for k in [-40, -30, -8, 0, 12, 30, 40] {
        let scale = (2.0 as Real).powi(k);
        let scaled = |h: &ConvexHull| {
            Arc::new(ConvexHull::new(
                h.points().iter().map(|&p| p * scale).collect::<Vec<_>>(),
            ))
        };
        let a = scaled(&cube([0, 1, 2, 3, 4, 5, 6, 7]));
        let b = scaled(&cube([5, 4, 7, 6, 1, 0, 3, 2]));
        let mut scene = Scene::new();
        scene.insert(
            Geometry::ConvexHull(a),
            Pose::new(half_turn, Vec3::new(3.0, 1.0, -2.0) * scale),
            (),
        );
        scene.insert(
            Geometry::ConvexHull(b),
            Pose::new(half_turn, Vec3::new(3.0 - 1.5, 1.0, -2.0) * scale),
            (),
        );
        let c = scene_pair(&scene).expect("overlapping").2;
        assert_eq!((c.depth, c.normal), (0.5 * scale, Vec3::X), "2^{k}: {c:?}");
    }
}
