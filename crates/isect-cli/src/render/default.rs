//! The scene `isect render` draws without a scene file: one of every shape kind and a bumpy
//! sphere mesh of a chosen size.

use isect::math::{Quat, Vec3};
use isect::{Aabb, Capsule, ConvexHull, Frustum, Obb, Plane, Real, Sphere, TriMesh, Triangle};

use super::{Camera, Object, Scene};
use crate::shapes::{self, Shape};

/// Triangles of the default scene's mesh.
pub const DEFAULT_MESH_TRIANGLES: usize = 1_000_000;

/// The built-in scene: every 3D solid and surface kind on a floor plane, and a bumpy sphere
/// made of about `mesh_triangles` triangles.
pub fn default_scene(mesh_triangles: usize) -> Scene {
    let warm = Vec3::new(0.9, 0.45, 0.3);
    let shapes = vec![
        object(
            Shape::Plane(Plane::new(Vec3::Y, 0.0)),
            Vec3::new(0.8, 0.8, 0.75),
        ),
        object(
            Shape::Mesh(Box::new(bumpy_sphere(mesh_triangles))),
            Vec3::new(0.85, 0.8, 0.7),
        ),
        object(
            Shape::Sphere(Sphere::new(Vec3::new(-3.2, 0.9, 0.8), 0.9)),
            Vec3::new(0.3, 0.5, 0.9),
        ),
        object(
            Shape::Aabb(Aabb::new(
                Vec3::new(-2.6, 0.0, -2.8),
                Vec3::new(-1.2, 1.4, -1.6),
            )),
            warm,
        ),
        object(
            Shape::Obb(Obb::from_quat(
                Vec3::new(2.4, 0.7, -2.2),
                Vec3::new(0.9, 0.7, 0.5),
                Quat::from_rotation_y(0.6) * Quat::from_rotation_z(0.0),
            )),
            Vec3::new(0.4, 0.8, 0.4),
        ),
        object(
            Shape::Capsule(Capsule::new(
                Vec3::new(3.0, 0.45, 0.4),
                Vec3::new(4.0, 1.3, 1.6),
                0.45,
            )),
            Vec3::new(0.85, 0.75, 0.25),
        ),
        object(
            Shape::Triangle(Triangle::new(
                Vec3::new(-5.4, 0.0, -2.4),
                Vec3::new(-3.4, 0.0, -3.0),
                Vec3::new(-4.6, 2.4, -3.2),
            )),
            Vec3::new(0.7, 0.35, 0.8),
        ),
        object(
            Shape::ConvexHull(ConvexHull::new(hull_points(Vec3::new(-1.6, 0.0, 2.2)))),
            Vec3::new(0.3, 0.8, 0.8),
        ),
        object(
            Shape::Frustum(small_frustum(Vec3::new(1.6, 0.0, 2.4))),
            Vec3::new(0.95, 0.6, 0.7),
        ),
    ];
    let mut scene = Scene::new(
        Camera {
            eye: Vec3::new(0.0, 4.2, 9.0),
            target: Vec3::new(0.0, 0.9, -0.3),
            up: Vec3::Y,
            fov_degrees: 50.0,
        },
        Vec3::new(-0.5, 1.0, 0.6).normalize(),
    );
    for o in shapes {
        scene.add(o.shape, o.color);
    }
    scene.world.rebuild();
    scene
}

fn object(shape: Shape, color: Vec3) -> Object {
    Object { shape, color }
}

/// An irregular convex blob standing on the floor at `base`.
fn hull_points(base: Vec3) -> Vec<Vec3> {
    let mut points = Vec::new();
    for i in 0..24 {
        let k = i as Real;
        // Fibonacci-sphere directions, squashed and stretched.
        let y = 1.0 - 2.0 * (k + 0.5) / 24.0;
        let r = (1.0 - y * y).sqrt();
        let phi = k * 2.399_963;
        let p = Vec3::new(r * phi.cos() * 0.9, y * 0.8, r * phi.sin() * 0.6);
        points.push(base + Vec3::new(0.0, 0.8, 0.0) + p);
    }
    points
}

/// A frustum pointing down onto the floor at `base`: a truncated pyramid.
fn small_frustum(base: Vec3) -> Frustum {
    let eye = base + Vec3::new(0.0, 1.9, 0.0);
    let view_proj = shapes::perspective(0.7, 1.0, 0.6, 1.9) * shapes::look_at(eye, base, Vec3::Z);
    Frustum::from_matrix(&view_proj)
}

/// A cube-sphere of radius about 1.6 with a bumpy surface, standing on the floor: six grids of
/// `n × n` quads pushed onto the sphere, `12 n²` triangles in all (`n` chosen for about
/// `triangles`).
pub fn bumpy_sphere(triangles: usize) -> TriMesh {
    let n = ((triangles as f64 / 12.0).sqrt().round() as usize).max(1);
    let center = Vec3::new(0.0, 1.75, 0.0);
    let radius: Real = 1.6;
    let faces = [
        (Vec3::X, Vec3::Y, Vec3::Z),
        (-Vec3::X, Vec3::Z, Vec3::Y),
        (Vec3::Y, Vec3::Z, Vec3::X),
        (-Vec3::Y, Vec3::X, Vec3::Z),
        (Vec3::Z, Vec3::X, Vec3::Y),
        (-Vec3::Z, Vec3::Y, Vec3::X),
    ];
    let mut vertices = Vec::with_capacity(6 * (n + 1) * (n + 1));
    let mut tris = Vec::with_capacity(12 * n * n);
    for (normal, u_axis, v_axis) in faces {
        let base = vertices.len() as u32;
        for j in 0..=n {
            for i in 0..=n {
                let u = 2.0 * i as Real / n as Real - 1.0;
                let v = 2.0 * j as Real / n as Real - 1.0;
                let dir = (normal + u * u_axis + v * v_axis).normalize();
                vertices.push(center + dir * radius * (1.0 + bumps(dir)));
            }
        }
        let row = (n + 1) as u32;
        for j in 0..n as u32 {
            for i in 0..n as u32 {
                let a = base + j * row + i;
                let (b, c, d) = (a + 1, a + row, a + row + 1);
                // Wound so that the cross product points out of the sphere.
                if u_axis.cross(v_axis).dot(normal) > 0.0 {
                    tris.push([a, b, d]);
                    tris.push([a, d, c]);
                } else {
                    tris.push([a, d, b]);
                    tris.push([a, c, d]);
                }
            }
        }
    }
    TriMesh::new(vertices, tris).expect("the procedural mesh is finite and indexed in range")
}

/// Relative height of the surface in direction `d`: a few octaves of sines.
fn bumps(d: Vec3) -> Real {
    let mut h = 0.0;
    let mut freq = 3.0;
    let mut amp = 0.06;
    for k in 0..5 {
        let o = k as Real * 1.7;
        h += amp
            * (freq * d.x + o).sin()
            * (freq * 1.3 * d.y + 2.0 * o).sin()
            * (freq * 0.9 * d.z + 0.5 * o).sin();
        freq *= 2.1;
        amp *= 0.5;
    }
    h
}
