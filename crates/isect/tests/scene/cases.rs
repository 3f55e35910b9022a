//! Hand cases with exact answers: instanced meshes, touching objects, rotated instances, and
//! invalid poses and queries (each negative check after a control that shows it could fail).

use std::sync::Arc;

use isect::math::{Quat, Vec3};
use isect::scene::{Geometry, Pose, Scene};
use isect::{Aabb, Ray, Real, Sphere, TriMesh};

use crate::common::v;

fn unit_box() -> Geometry {
    Geometry::Aabb(Aabb::new(Vec3::ZERO, Vec3::ONE))
}

fn found_by_shape(scene: &Scene<u32>, s: &Aabb) -> Vec<isect::scene::ObjectId> {
    let mut out = Vec::new();
    scene.query_shape(s, |o| {
        out.push(o);
        true
    });
    out.sort();
    out
}

/// One mesh placed many times is one mesh: the scene holds references, not copies, and each
/// instance answers in its own place, with the triangle of the shared mesh.
#[test]
fn instances_share_one_mesh() {
    let (vertices, triangles) = crate::common::mesh::subdivided_cube(1);
    let cube = Arc::new(TriMesh::new(vertices, triangles).unwrap());
    let mut scene = Scene::new();
    let mut ids = Vec::new();
    for i in 0..100u32 {
        let pose = Pose::from_translation(v(4.0 * i as Real, 0.0, 0.0));
        ids.push(scene.insert(Geometry::TriMesh(cube.clone()), pose, i));
    }
    for &id in &ids {
        let Some(Geometry::TriMesh(m)) = scene.geometry(id) else {
            panic!("not a mesh");
        };
        assert!(Arc::ptr_eq(m, &cube), "a copy of the mesh");
    }
    // Down onto the instance at x = 40: the top face y = 1, from y = 5.
    let hit = scene
        .raycast(&Ray::new(v(40.0, 5.0, 0.25), -Vec3::Y), Real::INFINITY)
        .unwrap();
    assert_eq!((hit.object, hit.t, hit.normal), (ids[10], 4.0, Vec3::Y));
    let tri = cube.triangle(hit.triangle.unwrap());
    assert!([tri.a, tri.b, tri.c].iter().all(|p| p.y == 1.0), "top face");
    // From inside a solid instance: t = 0 and no triangle.
    let inside = scene
        .raycast(&Ray::new(v(40.0, 0.0, 0.0), Vec3::Y), Real::INFINITY)
        .unwrap();
    assert_eq!(
        (inside.object, inside.t, inside.triangle),
        (ids[10], 0.0, None)
    );
    // The same with `max_t` short of the exit at y = 1 (issue 24: the mesh cast missed it).
    let short = Ray::new(v(40.0, 0.0, 0.0), Vec3::Y);
    let inside = scene.raycast(&short, 0.5).unwrap();
    assert_eq!(
        (inside.object, inside.t, inside.triangle),
        (ids[10], 0.0, None)
    );
    assert_eq!(scene.raycast_any(&short, 0.5).map(|h| h.t), Some(0.0));
    // Removing the instances drops the references.
    for id in ids {
        scene.remove(id);
    }
    assert_eq!(Arc::strong_count(&cube), 1);
}

/// A rotated instance is hit where the rotation puts it, with the rotated normal.
#[test]
fn rotated_instance() {
    let (vertices, triangles) = crate::common::mesh::floor(2, 1.0);
    let floor = Arc::new(TriMesh::new(vertices, triangles).unwrap());
    let mut scene = Scene::new();
    // A quarter turn about z makes the floor y = 0 a wall x = 0 (then moved to x = 5).
    let turn = Quat::from_rotation_z(core::f64::consts::FRAC_PI_2 as Real);
    let wall = scene.insert(
        Geometry::TriMesh(floor),
        Pose::new(turn, v(5.0, 0.0, 0.0)),
        0,
    );
    let hit = scene
        .raycast(&Ray::new(v(0.0, 0.25, 0.25), Vec3::X), Real::INFINITY)
        .unwrap();
    assert_eq!(hit.object, wall);
    crate::common::assert_near(hit.t, 5.0, "t");
    crate::common::assert_near_vec(hit.normal, -Vec3::X, "normal faces the ray");
    crate::common::assert_near_vec(hit.point, v(5.0, 0.25, 0.25), "point");
    // A ball swept into the wall stops one radius short.
    let s = scene
        .sweep(&Sphere::new(v(0.0, 0.0, 0.0), 1.0), v(8.0, 0.0, 0.0))
        .unwrap();
    assert_eq!(s.object, wall);
    crate::common::assert_near(s.hit.t_first, 0.5, "t_first");
    crate::common::assert_near_vec(s.hit.normal, -Vec3::X, "sweep normal");
    assert!(s.triangle.is_some());
    // The wall spans y in [-1, 1]: a point at (5, 3, 0) is 2 from it.
    let (o, d) = scene.nearest(v(5.0, 3.0, 0.0)).unwrap();
    assert_eq!(o, wall);
    crate::common::assert_near(d, 2.0, "distance");
}

/// Closed sets: boxes that touch at a face, an edge or a corner overlap, are in contact at
/// depth 0 and a sweep that starts touching hits at 0; a ray along a face hits.
#[test]
fn touching_counts() {
    let mut scene = Scene::new();
    let a = scene.insert(unit_box(), Pose::IDENTITY, 0);
    let b = scene.insert(unit_box(), Pose::from_translation(v(1.0, 0.0, 0.0)), 1);
    let c = scene.insert(unit_box(), Pose::from_translation(v(2.0, 1.0, 1.0)), 2);
    let mut pairs = Vec::new();
    scene.contacts(|p, q, contact| pairs.push((p, q, contact.depth)));
    pairs.sort_by_key(|x| (x.0, x.1));
    assert_eq!(pairs, [(a, b, 0.0), (b, c, 0.0)]);
    // A box touching `c`'s far corner (3, 2, 2) only.
    let corner = Aabb::new(v(3.0, 2.0, 2.0), v(4.0, 3.0, 3.0));
    assert_eq!(found_by_shape(&scene, &corner), [c]);
    let start = scene.sweep(&corner, v(1.0, 0.0, 0.0)).unwrap();
    assert_eq!((start.object, start.hit.t_first), (c, 0.0));
    // Just clear of it: nothing (control above).
    let clear = Aabb::new(v(3.0, 2.0, 2.5), v(4.0, 3.0, 3.0));
    assert!(found_by_shape(&scene, &clear).is_empty());
    // A ray along the top faces y = 1 of `a` and `b`.
    let along = Ray::new(v(-1.0, 1.0, 0.5), Vec3::X);
    let hit = scene.raycast(&along, Real::INFINITY).unwrap();
    assert_eq!((hit.object, hit.t), (a, 1.0));
}

/// An object with an invalid pose is the empty set for every query, never panics, and comes
/// back with a valid pose.
#[test]
fn invalid_pose_is_never_reported() {
    let bad_poses = [
        Pose::new(Quat::from_xyzw(0.0, 0.0, 0.0, 0.0), Vec3::ZERO),
        Pose::new(Quat::from_xyzw(Real::NAN, 0.0, 0.0, 1.0), Vec3::ZERO),
        Pose::from_translation(v(Real::NAN, 0.0, 0.0)),
        Pose::from_translation(v(0.0, Real::INFINITY, 0.0)),
    ];
    let (vertices, triangles) = crate::common::mesh::subdivided_cube(1);
    let cube = Arc::new(TriMesh::new(vertices, triangles).unwrap());
    let kinds = [
        unit_box(),
        Geometry::Sphere(Sphere::new(Vec3::ZERO, 1.0)),
        Geometry::TriMesh(cube),
    ];
    for geometry in kinds {
        for bad in bad_poses {
            let mut scene = Scene::new();
            let other = scene.insert(
                geometry.clone(),
                Pose::from_translation(v(0.5, 0.0, 0.0)),
                1,
            );
            let o = scene.insert(geometry.clone(), bad, 0);
            let probe = Aabb::new(v(-3.0, -3.0, -3.0), v(3.0, 3.0, 3.0));
            let frustum = crate::common::aabb_frustum(&probe);
            let check = |scene: &Scene<u32>, expect: &[isect::scene::ObjectId]| {
                let mut expect = expect.to_vec();
                expect.sort();
                assert_eq!(found_by_shape(scene, &probe), expect, "{bad:?}");
                let mut seen = Vec::new();
                scene.query_frustum(&frustum, |x| {
                    seen.push(x);
                    true
                });
                seen.sort();
                assert_eq!(seen, expect, "frustum, {bad:?}");
                let mut hits = Vec::new();
                scene.raycast_all(&Ray::new(v(-9.0, 0.0, 0.0), Vec3::X), Real::INFINITY, |h| {
                    hits.push(h.object);
                    true
                });
                hits.sort();
                assert_eq!(hits, expect, "rays, {bad:?}");
                // Every valid pair touches (two meshes too).
                let mut pairs = 0;
                scene.contacts(|_, _, _| pairs += 1);
                let pairs_expected = expect.len() - 1;
                assert_eq!(pairs, pairs_expected, "contacts, {bad:?}");
            };
            check(&scene, &[other]);
            assert_eq!(scene.nearest(v(0.5, 0.0, 0.0)).map(|x| x.0), Some(other));
            // Control: the same object with a valid pose is found.
            scene.set_pose(o, Pose::IDENTITY);
            check(&scene, &[other, o]);
            scene.set_pose(o, bad);
            check(&scene, &[other]);
            assert_eq!(scene.get(o), Some(&0), "the object is kept");
        }
    }
}

/// Invalid queries report nothing (after a control that reports something).
#[test]
fn invalid_queries_report_nothing() {
    let mut scene = Scene::new();
    scene.insert(unit_box(), Pose::IDENTITY, 0);
    let ray = Ray::new(v(-1.0, 0.5, 0.5), Vec3::X);
    assert!(scene.raycast(&ray, 10.0).is_some(), "control");
    assert!(
        scene
            .raycast(&Ray::new(v(Real::NAN, 0.5, 0.5), Vec3::X), 10.0)
            .is_none()
    );
    assert!(
        scene
            .raycast(&Ray::new(v(-1.0, 0.5, 0.5), Vec3::ZERO), 10.0)
            .is_none()
    );
    assert!(scene.raycast(&ray, Real::NAN).is_none());
    assert!(scene.raycast_any(&ray, -1.0).is_none());
    let ball = Sphere::new(v(0.5, 0.5, 0.5), 0.1);
    assert!(scene.sweep(&ball, v(1.0, 0.0, 0.0)).is_some(), "control");
    assert!(scene.sweep(&ball, v(Real::NAN, 0.0, 0.0)).is_none());
    assert!(
        scene
            .sweep(&Sphere::new(v(0.5, 0.5, 0.5), -1.0), Vec3::X)
            .is_none()
    );
    let mut n = 0;
    scene.query_shape(&Sphere::new(v(0.5, Real::NAN, 0.5), 1.0), |_| {
        n += 1;
        true
    });
    assert_eq!(n, 0);
    assert!(scene.nearest(v(3.0, 0.0, 0.0)).is_some(), "control");
    assert!(scene.nearest(v(Real::NAN, 0.0, 0.0)).is_none());
    assert!(scene.nearest(v(Real::INFINITY, 0.0, 0.0)).is_none());
    assert!(Scene::<u32>::new().nearest(Vec3::ZERO).is_none());
}

/// A convex hull as the query shape, against a hull instance turned half a turn about `z`
/// (exact: the quaternion `(0, 0, 1, 0)` negates x and y) and a mesh instance: moved into their
/// frames, it overlaps, touches at depth 0 and is swept into them, and misses 1/1024 away.
#[test]
fn hull_query_shape_meets_instances() {
    let cube: Vec<Vec3> = (0..8)
        .map(|i| {
            v(
                (i & 1) as Real,
                ((i >> 1) & 1) as Real,
                ((i >> 2) & 1) as Real,
            )
        })
        .collect();
    let half_turn = Quat::from_xyzw(0.0, 0.0, 1.0, 0.0);
    let (vertices, triangles) = crate::common::mesh::subdivided_cube(1);
    let mesh = Arc::new(TriMesh::new(vertices, triangles).unwrap());
    let mut scene = Scene::new();
    // The hull instance covers exactly [0, 1]³; the mesh instance [-1, 1]³ moved to x = 4.
    let hull = scene.insert(
        Geometry::ConvexHull(Arc::new(isect::ConvexHull::new(cube))),
        Pose::new(half_turn, v(1.0, 1.0, 0.0)),
        0,
    );
    let box_mesh = scene.insert(
        Geometry::TriMesh(mesh),
        Pose::new(half_turn, v(4.0, 0.0, 0.0)),
        1,
    );
    // A tetrahedron between them, touching the hull's face x = 1 at one corner and the mesh's
    // face x = 3 at another.
    let tetra = |dx: Real| {
        isect::ConvexHull::new(vec![
            v(1.0 + dx, 0.5, 0.5),
            v(3.0 - dx, 0.5, 0.5),
            v(2.0, 1.0, 0.5),
            v(2.0, 0.5, 1.0),
        ])
    };
    let touching = tetra(0.0);
    let mut found = Vec::new();
    scene.query_shape(&touching, |o| {
        found.push(o);
        true
    });
    found.sort();
    assert_eq!(found, [hull, box_mesh]);
    let mut depths = Vec::new();
    scene.contact_shape(&touching, |o, c| depths.push((o, c.depth)));
    depths.sort_by_key(|x| x.0);
    assert_eq!(depths.len(), 2, "{depths:?}");
    for (_, depth) in depths {
        crate::common::assert_near(depth, 0.0, "touching depth");
    }
    // 1/1024 clear of both: nothing (the control above shows it could be found).
    let clear = tetra(1.0 / 1024.0);
    let mut found = Vec::new();
    scene.query_shape(&clear, |o| {
        found.push(o);
        true
    });
    assert!(found.is_empty(), "{found:?}");
    // Swept towards the hull by 1/512: it touches after half the motion.
    let hit = scene.sweep(&clear, v(-1.0 / 512.0, 0.0, 0.0)).unwrap();
    assert_eq!(hit.object, hull);
    crate::common::assert_near(hit.hit.t_first, 0.5, "t_first");
}
