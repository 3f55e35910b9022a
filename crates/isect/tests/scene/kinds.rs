//! Hand cases for the segment, frustum, plane, line and ray objects: the planes, lines, rays
//! and receding frusta of the unbounded side list, a bounded frustum and a segment in the
//! broad phase (each negative check after a control that shows it could fail).

use isect::math::{Quat, Vec3};
use isect::scene::{Geometry, ObjectId, Pose, Scene};
use isect::{Aabb, Frustum, Line, Plane, Ray, Real, Segment, Sphere};

use crate::common::v;

fn overlapping(scene: &Scene<u32>, s: &Sphere) -> Vec<ObjectId> {
    let mut out = Vec::new();
    scene.query_shape(s, |o| {
        out.push(o);
        true
    });
    out.sort();
    out
}

fn culled(scene: &Scene<u32>, f: &Frustum) -> Vec<ObjectId> {
    let mut out = Vec::new();
    scene.query_frustum(f, |o| {
        out.push(o);
        true
    });
    out.sort();
    out
}

fn pairs(scene: &Scene<u32>) -> Vec<(ObjectId, ObjectId, Real)> {
    let mut out = Vec::new();
    scene.contacts(|a, b, c| out.push((a, b, c.depth)));
    out.sort_by_key(|p| (p.0, p.1));
    out
}

/// The box `[lo, hi]³` as six planes (inside where `n · x <= d`).
fn cube_frustum(lo: Real, hi: Real) -> Frustum {
    box_frustum(Vec3::splat(lo), Vec3::splat(hi))
}

/// The box `[lo, hi]` as six planes.
fn box_frustum(lo: Vec3, hi: Vec3) -> Frustum {
    Frustum::new([
        Plane::new(-Vec3::X, -lo.x),
        Plane::new(Vec3::X, hi.x),
        Plane::new(-Vec3::Y, -lo.y),
        Plane::new(Vec3::Y, hi.y),
        Plane::new(-Vec3::Z, -lo.z),
        Plane::new(Vec3::Z, hi.z),
    ])
}

/// A ray straight down meets the ball in front of a ground plane first, the plane once the
/// ball is gone; the plane is placed by the pose (its offset moved, its normal turned).
#[test]
fn ray_hits_ground_plane_behind_a_sphere() {
    let mut scene = Scene::new();
    // y = 0 moved down to y = −1.
    let ground = scene.insert(
        Geometry::Plane(Plane::new(Vec3::Y, 0.0)),
        Pose::from_translation(v(0.0, -1.0, 0.0)),
        0,
    );
    let ball = scene.insert(
        Geometry::Sphere(Sphere::new(Vec3::ZERO, 1.0)),
        Pose::from_translation(v(0.0, 2.0, 0.0)),
        1,
    );
    let down = Ray::new(v(0.0, 10.0, 0.0), -Vec3::Y);
    let hit = scene.raycast(&down, Real::INFINITY).unwrap();
    assert_eq!((hit.object, hit.t, hit.normal), (ball, 7.0, Vec3::Y));
    let mut all = Vec::new();
    scene.raycast_all(&down, Real::INFINITY, |h| {
        all.push((h.object, h.t));
        true
    });
    all.sort_by_key(|h| h.0);
    assert_eq!(all, [(ground, 11.0), (ball, 7.0)]);
    // Short of the plane: the ball only; short of both: nothing.
    assert_eq!(scene.raycast(&down, 10.0).map(|h| h.object), Some(ball));
    assert!(scene.raycast_any(&down, 6.0).is_none());
    scene.set_pose(ball, Pose::from_translation(v(50.0, 0.0, 0.0)));
    let hit = scene.raycast(&down, Real::INFINITY).unwrap();
    assert_eq!(
        (hit.object, hit.t, hit.point),
        (ground, 11.0, v(0.0, -1.0, 0.0))
    );
    assert_eq!(hit.normal, Vec3::Y);
    assert_eq!(
        scene.raycast_any(&down, 11.0).map(|h| h.object),
        Some(ground)
    );
    assert!(scene.raycast_any(&down, 10.5).is_none());
    // From below: the plane is two-sided, the normal faces the ray.
    let up = Ray::new(v(0.0, -5.0, 0.0), Vec3::Y);
    let hit = scene.raycast(&up, Real::INFINITY).unwrap();
    assert_eq!((hit.object, hit.t, hit.normal), (ground, 4.0, -Vec3::Y));
    // A quarter turn about z takes the normal +y to −x: the plane x = −3 after the shift.
    scene.set_pose(
        ground,
        Pose::new(
            Quat::from_rotation_z(core::f64::consts::FRAC_PI_2 as Real),
            v(-3.0, 0.0, 0.0),
        ),
    );
    let hit = scene.raycast(&Ray::new(Vec3::ZERO, -Vec3::X), Real::INFINITY);
    let hit = hit.unwrap();
    assert_eq!(hit.object, ground);
    assert!((hit.t - 3.0).abs() < 1e-5, "{hit:?}");
    assert!(scene.raycast(&Ray::new(Vec3::ZERO, Vec3::Y), 1e6).is_none());
    // (Along the turned plane, up to the rounding of its normal: no hit within 1e6.)
    // The nearest object to a point: the plane by its distance.
    assert_eq!(scene.nearest(v(-1.0, 7.0, 2.0)).map(|n| n.0), Some(ground));
    let (_, d) = scene.nearest(v(-1.0, 7.0, 2.0)).unwrap();
    assert!((d - 2.0).abs() < 1e-5, "{d}");
}

/// A ball resting exactly on a plane object touches it: it is found by the overlap query and
/// the pair is a contact of depth 0; lifted by a little, neither.
#[test]
fn sphere_resting_on_plane_touches() {
    let mut scene = Scene::new();
    let ground = scene.insert(Geometry::Plane(Plane::new(Vec3::Y, 0.0)), Pose::IDENTITY, 0);
    let ball = scene.insert(
        Geometry::Sphere(Sphere::new(Vec3::ZERO, 1.0)),
        Pose::from_translation(v(3.0, 1.0, -2.0)),
        1,
    );
    assert_eq!(pairs(&scene), [(ground, ball, 0.0)]);
    let mut normals = Vec::new();
    scene.contacts(|_, _, c| normals.push(c.normal));
    // From the ball (b) towards the plane (a): down.
    assert_eq!(normals, [-Vec3::Y]);
    assert_eq!(
        overlapping(&scene, &Sphere::new(v(-4.0, 0.5, 0.0), 0.5)),
        [ground]
    );
    assert_eq!(scene.nearest(v(-4.0, 0.5, 0.0)), Some((ground, 0.5)));
    let mut found = Vec::new();
    scene.contact_shape(&Sphere::new(v(-4.0, 0.5, 0.0), 0.75), |o, c| {
        found.push((o, c.depth));
    });
    assert_eq!(found, [(ground, 0.25)]);
    scene.set_pose(ball, Pose::from_translation(v(3.0, 1.0 + 1.0 / 64.0, -2.0)));
    assert!(pairs(&scene).is_empty());
    // Two crossing planes are a pair; the swept ball stops at the ground first.
    let wall = scene.insert(
        Geometry::Plane(Plane::new(Vec3::X, 10.0)),
        Pose::IDENTITY,
        2,
    );
    assert_eq!(pairs(&scene), [(ground, wall, 0.0)]);
    let hit = scene
        .sweep(&Sphere::new(v(0.0, 5.0, 0.0), 1.0), v(0.0, -8.0, 0.0))
        .unwrap();
    assert_eq!(
        (hit.object, hit.hit.t_first, hit.hit.normal),
        (ground, 0.5, Vec3::Y)
    );
}

/// A bounded frustum object (in the broad phase) is culled by a camera's frustum, touching
/// counts, and its pose moves it; a receding one (the side list) is found where it reaches.
#[test]
fn frustum_object_culled() {
    let mut scene = Scene::new();
    let trigger = scene.insert(
        Geometry::Frustum(cube_frustum(-1.0, 1.0)),
        Pose::from_translation(v(10.0, 0.0, 0.0)),
        0,
    );
    assert!(scene.aabb(trigger).unwrap().min.x > 8.0);
    let camera = cube_frustum(-2.0, 2.0);
    assert!(culled(&scene, &camera).is_empty());
    // Touching exactly: the trigger is [2, 4] on x.
    scene.set_pose(trigger, Pose::from_translation(v(3.0, 0.0, 0.0)));
    assert_eq!(culled(&scene, &camera), [trigger]);
    assert_eq!(
        overlapping(&scene, &Sphere::new(v(3.0, 0.5, 0.5), 0.1)),
        [trigger]
    );
    scene.set_pose(
        trigger,
        Pose::from_translation(v(3.0 + 1.0 / 64.0, 0.0, 0.0)),
    );
    assert!(culled(&scene, &camera).is_empty());
    // A ray cast enters it at its face.
    let hit = scene
        .raycast(&Ray::new(Vec3::ZERO, Vec3::X), 100.0)
        .unwrap();
    assert_eq!((hit.object, hit.t), (trigger, 2.0 + 1.0 / 64.0));
    // A tube receding along +z (both z slots the same plane): unbounded, in the side list.
    let tube = Frustum::new([
        Plane::new(-Vec3::X, 1.0),
        Plane::new(Vec3::X, 1.0),
        Plane::new(-Vec3::Y, 1.0),
        Plane::new(Vec3::Y, 1.0),
        Plane::new(-Vec3::Z, 0.0),
        Plane::new(-Vec3::Z, 0.0),
    ]);
    let far = scene.insert(
        Geometry::Frustum(tube),
        Pose::from_translation(v(0.0, 20.0, 0.0)),
        1,
    );
    assert_eq!(
        overlapping(&scene, &Sphere::new(v(0.0, 20.0, 1e6), 0.5)),
        [far]
    );
    assert!(overlapping(&scene, &Sphere::new(v(0.0, 20.0, -1.0), 0.5)).is_empty());
    assert_eq!(
        culled(&scene, &box_frustum(v(-2.0, 15.0, 5.0), v(2.0, 21.0, 9.0))),
        [far]
    );
    assert!(culled(&scene, &box_frustum(v(-2.0, 21.5, 5.0), v(2.0, 30.0, 9.0))).is_empty());
    assert_eq!(scene.nearest(v(0.0, 23.0, 100.0)), Some((far, 2.0)));
    scene.remove(far);
    assert!(overlapping(&scene, &Sphere::new(v(0.0, 20.0, 1e6), 0.5)).is_empty());
}

/// A moving box crossing a segment object stops at it (the segment as a capsule of radius 0);
/// a ray crossing it hits it; a line and a ray object are found by overlap, frustum and
/// nearest, but are no ray-cast or sweep targets (no primitive query).
#[test]
fn segment_crossed_by_moving_box() {
    let mut scene = Scene::new();
    let wire = scene.insert(
        Geometry::Segment(Segment::new(v(0.0, -1.0, 0.0), v(0.0, 1.0, 0.0))),
        Pose::from_translation(v(5.0, 0.0, 0.0)),
        0,
    );
    let crate_box = Aabb::new(Vec3::splat(-0.5), Vec3::splat(0.5));
    let hit = scene.sweep(&crate_box, v(8.0, 0.0, 0.0)).unwrap();
    assert_eq!(
        (hit.object, hit.hit.t_first, hit.hit.normal),
        (wire, 0.5625, -Vec3::X)
    );
    // Above its upper end by a little: missed; by exactly its end: touched.
    assert!(
        scene
            .sweep(
                &shifted(&crate_box, v(0.0, 1.5 + 1.0 / 64.0, 0.0)),
                v(8.0, 0.0, 0.0)
            )
            .is_none()
    );
    let grazing = scene.sweep(&shifted(&crate_box, v(0.0, 1.5, 0.0)), v(8.0, 0.0, 0.0));
    assert_eq!(grazing.map(|h| h.object), Some(wire));
    let hit = scene
        .raycast(&Ray::new(v(0.0, 0.5, 0.0), Vec3::X), 10.0)
        .unwrap();
    assert_eq!((hit.object, hit.t, hit.normal), (wire, 5.0, -Vec3::X));
    // A rope piece crossing the wire is a contact pair of depth 0.
    let rope = scene.insert(
        Geometry::Segment(Segment::new(v(-1.0, 0.0, 0.0), v(1.0, 0.0, 0.0))),
        Pose::from_translation(v(5.0, 0.25, 0.0)),
        1,
    );
    assert_eq!(pairs(&scene), [(wire, rope, 0.0)]);

    let line = scene.insert(
        Geometry::Line(Line::new(Vec3::ZERO, Vec3::Z)),
        Pose::from_translation(v(-5.0, 0.0, 0.0)),
        2,
    );
    let ray = scene.insert(
        Geometry::Ray(Ray::new(Vec3::ZERO, Vec3::Z)),
        Pose::from_translation(v(-8.0, 0.0, 0.0)),
        3,
    );
    assert_eq!(
        overlapping(&scene, &Sphere::new(v(-5.0, 0.0, -1e3), 0.0)),
        [line]
    );
    assert_eq!(
        overlapping(&scene, &Sphere::new(v(-8.0, 1.0, 30.0), 1.0)),
        [ray]
    );
    assert!(overlapping(&scene, &Sphere::new(v(-8.0, 0.0, -1.5), 1.0)).is_empty());
    assert_eq!(
        culled(&scene, &box_frustum(v(-9.0, -1.0, 2.0), v(-7.5, 1.0, 3.0))),
        [ray]
    );
    assert_eq!(scene.nearest(v(-9.0, 0.0, 2.0)), Some((ray, 1.0)));
    assert_eq!(scene.nearest(v(-6.0, 0.0, -3.0)), Some((line, 1.0)));
    // Crossing both exactly: no ray-cast hit, no sweep stop, no contact.
    let across = Ray::new(v(-10.0, 0.0, 0.0), Vec3::X);
    assert_eq!(scene.raycast(&across, 100.0).map(|h| h.object), Some(wire));
    assert!(scene.raycast(&across, 14.0).is_none());
    assert!(
        scene
            .sweep(&shifted(&crate_box, v(-10.0, 0.0, 0.0)), v(6.0, 0.0, 0.0))
            .is_none()
    );
    let mut touching = Vec::new();
    scene.contact_shape(&Sphere::new(v(-8.0, 0.0, 1.0), 1.0), |o, _| {
        touching.push(o);
    });
    assert!(touching.is_empty());
}

/// An invalid plane (zero normal, NaN offset) or a plane under an invalid pose is never
/// reported, after a control that is; a valid pose brings it back.
#[test]
fn invalid_plane_never_reported() {
    let mut scene = Scene::new();
    let good = scene.insert(Geometry::Plane(Plane::new(Vec3::Y, 0.0)), Pose::IDENTITY, 0);
    let probe = Sphere::new(v(0.0, 0.5, 0.0), 1.0);
    let down = Ray::new(v(0.0, 5.0, 0.0), -Vec3::Y);
    assert_eq!(overlapping(&scene, &probe), [good]);
    assert_eq!(scene.raycast(&down, 10.0).map(|h| h.object), Some(good));
    assert_eq!(scene.remove(good), Some(0));
    let zero = scene.insert(
        Geometry::Plane(Plane::new(Vec3::ZERO, 0.0)),
        Pose::IDENTITY,
        1,
    );
    let nan = scene.insert(
        Geometry::Plane(Plane::new(Vec3::Y, Real::NAN)),
        Pose::IDENTITY,
        2,
    );
    let moved = scene.insert(
        Geometry::Plane(Plane::new(Vec3::Y, 0.0)),
        Pose::from_translation(v(0.0, Real::NAN, 0.0)),
        3,
    );
    let ball = scene.insert(
        Geometry::Sphere(Sphere::new(Vec3::ZERO, 1.0)),
        Pose::from_translation(v(0.0, 1.0, 0.0)),
        4,
    );
    assert_eq!(scene.len(), 4);
    assert_eq!(overlapping(&scene, &probe), [ball]);
    assert_eq!(scene.raycast(&down, 10.0).map(|h| h.object), Some(ball));
    assert_eq!(scene.nearest(v(0.0, -3.0, 0.0)).map(|n| n.0), Some(ball));
    assert_eq!(culled(&scene, &cube_frustum(-0.5, 0.5)), [ball]);
    assert!(pairs(&scene).is_empty());
    let mut touching = Vec::new();
    scene.contact_shape(&probe, |o, _| touching.push(o));
    assert_eq!(touching, [ball]);
    assert!(
        scene
            .sweep(&Sphere::new(v(5.0, 0.0, 5.0), 0.25), v(0.0, -10.0, 0.0))
            .is_none()
    );
    for id in [zero, nan] {
        assert!(scene.get(id).is_some(), "kept");
    }
    scene.set_pose(moved, Pose::IDENTITY);
    assert_eq!(overlapping(&scene, &probe), [moved, ball]);
    assert_eq!(pairs(&scene), [(moved, ball, 0.0)]);
}

fn shifted(b: &Aabb, d: Vec3) -> Aabb {
    Aabb::new(b.min + d, b.max + d)
}
