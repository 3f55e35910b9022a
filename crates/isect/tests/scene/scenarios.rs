//! Seeded random scenes played frame by frame: objects of every kind (hulls and meshes shared
//! between many instances) under random rotations, 10% moved each frame (most a little, some
//! teleported), 1% removed and 1% added, now and then a pose made invalid (NaN, infinite, a
//! zero quaternion) and valid again. Segments and small camera frusta among the bounded
//! objects, now and then a plane, a line, a ray or a receding frustum (the unbounded side list). After every frame, every query against brute force.

use isect::math::{Quat, Vec3};
use isect::scene::{Geometry, Pose, Scene};
use isect::{
    Aabb, Capsule, ConvexHull, Frustum, Line, Obb, Plane, Ray, Real, Segment, Sphere, Triangle,
};

use super::{
    Model, check_contacts, check_frustum, check_nearest, check_ray, check_shape, normalized,
    shared_geometry,
};
use crate::broad::Rng;
use crate::common::camera::rh::{proj::directx::perspective, view::look_at_mat4};

fn rotation(rng: &mut Rng) -> Quat {
    let axis = rng.vec3(-1.0, 1.0);
    if axis.length_squared() < 1e-4 {
        return Quat::IDENTITY;
    }
    Quat::from_axis_angle(axis.normalize(), rng.range(-3.2, 3.2))
}

fn random_pose(rng: &mut Rng, scale: Real) -> Pose {
    if rng.chance(0.03) {
        let bad = [
            Pose::new(Quat::from_xyzw(0.0, 0.0, 0.0, 0.0), Vec3::ZERO),
            Pose::new(Quat::IDENTITY, Vec3::new(Real::NAN, 0.0, 0.0)),
            Pose::new(Quat::from_xyzw(Real::NAN, 0.0, 0.0, 1.0), Vec3::ZERO),
            Pose::new(Quat::IDENTITY, Vec3::new(0.0, Real::INFINITY, 0.0)),
        ];
        return bad[rng.below(bad.len())];
    }
    let rotation = if rng.chance(0.2) {
        Quat::IDENTITY
    } else {
        rotation(rng)
    };
    Pose::new(rotation, rng.vec3(-scale, scale))
}

fn random_geometry(rng: &mut Rng, shared: &super::Shared) -> Geometry {
    let size = rng.range(0.2, 1.5);
    // The unbounded kinds, rarer (a plane meets much of the scene).
    if rng.chance(0.06) {
        return match rng.below(4) {
            0 => Geometry::Plane(Plane::from_point_normal(
                rng.vec3(-0.5, 0.5),
                rng.vec3(-1.0, 1.0).try_normalize().unwrap_or(Vec3::Y),
            )),
            1 => Geometry::Line(Line::new(rng.vec3(-0.5, 0.5), rng.vec3(-1.0, 1.0))),
            2 => Geometry::Ray(Ray::new(rng.vec3(-0.5, 0.5), rng.vec3(-1.0, 1.0))),
            // A square tube closed at one end (both z slots the same plane): it recedes.
            _ => Geometry::Frustum(Frustum::new([
                Plane::new(-Vec3::X, size),
                Plane::new(Vec3::X, size),
                Plane::new(-Vec3::Y, size),
                Plane::new(Vec3::Y, size),
                Plane::new(-Vec3::Z, size),
                Plane::new(-Vec3::Z, size),
            ])),
        };
    }
    match rng.below(11) {
        9 => Geometry::Segment(Segment::new(rng.vec3(-size, size), rng.vec3(-size, size))),
        // A small camera at the object's origin looking down its −z.
        10 => Geometry::Frustum(Frustum::from_matrix(&perspective(
            rng.range(0.4, 1.2),
            1.3,
            0.1,
            2.0 * size,
        ))),
        0 => Geometry::Sphere(Sphere::new(rng.vec3(-0.5, 0.5), size)),
        1 => Geometry::Aabb(Aabb::from_center_half_extents(
            rng.vec3(-0.5, 0.5),
            rng.vec3(0.0, size),
        )),
        2 => Geometry::Obb(Obb::from_quat(
            Vec3::ZERO,
            rng.vec3(0.1, size),
            rotation(rng),
        )),
        3 => Geometry::Capsule(Capsule::new(
            rng.vec3(-size, size),
            rng.vec3(-size, size),
            rng.range(0.0, 0.5),
        )),
        4 => Geometry::Triangle(Triangle::new(
            rng.vec3(-size, size),
            rng.vec3(-size, size),
            rng.vec3(-size, size),
        )),
        5 | 6 => Geometry::ConvexHull(shared.0.clone()),
        7 => Geometry::TriMesh(shared.1.clone()),
        _ => Geometry::TriMesh(shared.2.clone()),
    }
}

/// One frame's queries: rays (some aimed at objects), shapes overlapping and sweeping, a
/// frustum, points, and the contact pairs.
fn check_all(scene: &Scene<u32>, model: &Model, rng: &mut Rng, scale: Real) {
    let ids: Vec<_> = model.keys().copied().collect();
    for _ in 0..8 {
        let origin = rng.vec3(-1.5 * scale, 1.5 * scale);
        let target = if !ids.is_empty() && rng.chance(0.7) {
            let (_, p) = &model[&ids[rng.below(ids.len())]];
            p.translation + rng.vec3(-0.5, 0.5)
        } else {
            rng.vec3(-scale, scale)
        };
        let dir = target - origin;
        if !dir.is_finite() || dir.length_squared() == 0.0 {
            continue;
        }
        let max_t = if rng.chance(0.5) {
            Real::INFINITY
        } else {
            rng.range(0.0, 1.5)
        };
        check_ray(scene, model, &Ray::new(origin, dir), max_t);
    }
    for _ in 0..4 {
        let c = rng.vec3(-scale, scale);
        let motion = rng.vec3(-scale, scale) * 0.5;
        let r = rng.range(0.0, 1.0);
        check_shape(scene, model, &Sphere::new(c, r), motion);
        check_shape(
            scene,
            model,
            &Aabb::from_center_half_extents(c, rng.vec3(0.0, 1.0)),
            motion,
        );
        check_shape(
            scene,
            model,
            &Obb::from_quat(c, rng.vec3(0.0, 1.0), rotation(rng)),
            motion,
        );
        check_shape(
            scene,
            model,
            &Capsule::new(c, c + rng.vec3(-1.0, 1.0), r),
            motion,
        );
        check_shape(
            scene,
            model,
            &Triangle::new(c, c + rng.vec3(-1.0, 1.0), c + rng.vec3(-1.0, 1.0)),
            motion,
        );
        // A hull of 4 to 7 random points: a solid, a flat or a thin one at times.
        let hull = ConvexHull::new(
            (0..4 + rng.below(4))
                .map(|_| c + rng.vec3(-0.75, 0.75))
                .collect::<Vec<_>>(),
        );
        check_shape(scene, model, &hull, motion);
        check_nearest(scene, model, rng.vec3(-1.5 * scale, 1.5 * scale));
    }
    let eye = rng.vec3(-scale, scale);
    let view = look_at_mat4(eye, rng.vec3(-scale, scale), Vec3::Y);
    if view.is_finite() {
        let proj = perspective(rng.range(0.3, 1.2), 1.5, 0.5, scale);
        check_frustum(scene, model, &Frustum::from_matrix(&(proj * view)));
    }
    check_contacts(scene, model);
}

fn play(seed: u64, n: usize, frames: usize, scale: Real) {
    play_with(seed, n, frames, scale, false);
}

/// A scenario whose frames move the objects one `set_pose` at a time, or (`batched`) in one
/// `set_poses` per frame, with now and then an object listed twice (its last pose wins) and a
/// removed object listed (ignored).
fn play_with(seed: u64, n: usize, frames: usize, scale: Real, batched: bool) {
    let mut rng = Rng::new(seed);
    let shared = shared_geometry();
    let mut scene = Scene::new();
    let mut model = Model::new();
    let mut next = 0u32;
    let mut add = |scene: &mut Scene<u32>, model: &mut Model, rng: &mut Rng| {
        let g = random_geometry(rng, &shared);
        let pose = random_pose(rng, scale);
        next += 1;
        let id = scene.insert(g.clone(), pose, next);
        assert!(
            model.insert(id, (g, normalized(pose))).is_none(),
            "id reused"
        );
    };
    for _ in 0..n {
        add(&mut scene, &mut model, &mut rng);
    }
    check_all(&scene, &model, &mut rng, scale);
    let mut removed = Vec::new();
    for _ in 0..frames {
        let ids: Vec<_> = model.keys().copied().collect();
        let mut batch = Vec::new();
        for &id in &ids {
            if rng.chance(0.1) {
                let old = model[&id].1;
                let pose = if rng.chance(0.8) && old.translation.is_finite() {
                    let turn = Quat::from_rotation_y(rng.range(-0.2, 0.2));
                    Pose::new(turn * old.rotation, old.translation + rng.vec3(-0.2, 0.2))
                } else {
                    random_pose(&mut rng, scale)
                };
                if batched {
                    if rng.chance(0.1) {
                        batch.push((id, random_pose(&mut rng, scale)));
                    }
                    if rng.chance(0.1) && !removed.is_empty() {
                        batch.push((removed[rng.below(removed.len())], pose));
                    }
                    batch.push((id, pose));
                } else {
                    scene.set_pose(id, pose);
                }
                model.get_mut(&id).unwrap().1 = normalized(pose);
            }
        }
        if batched {
            scene.set_poses(batch);
        }
        for &id in &ids {
            if rng.chance(0.01) {
                assert!(scene.remove(id).is_some());
                assert!(scene.remove(id).is_none(), "removed twice");
                model.remove(&id);
                removed.push(id);
            }
        }
        for _ in 0..(n / 100).max(1) {
            add(&mut scene, &mut model, &mut rng);
        }
        assert_eq!(scene.len(), model.len());
        for (id, (_, pose)) in &model {
            assert_eq!(
                scene
                    .pose(*id)
                    .map(|p| p.translation.to_array().map(Real::to_bits)),
                Some(pose.translation.to_array().map(Real::to_bits))
            );
        }
        check_all(&scene, &model, &mut rng, scale);
    }
}

#[test]
fn small_dense_scene() {
    play(1, 40, 20, 3.0);
}

#[test]
fn larger_sparse_scene() {
    play(2, 200, 12, 12.0);
}

#[test]
fn scenes_moved_by_batches() {
    play_with(4, 60, 12, 3.0, true);
    play_with(5, 200, 8, 10.0, true);
}

#[test]
fn crowded_scene() {
    play(3, 120, 10, 4.0);
}
