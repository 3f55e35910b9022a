//! `isect render`: one primary ray and one shadow ray per pixel through a scene of isect
//! shapes, shaded with Lambert's law, a shadow, an ambient term and a sky gradient.
//!
//! Every shape lives in an [`isect::scene::Scene`], so a ray costs about the same for ten
//! objects as for ten thousand (planes and unbounded frusta are in the scene's side list, tested
//! for every ray), and the instances of one mesh file share one mesh.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use isect::math::{Quat, Vec3};
use isect::scene::{Geometry, Pose};
use isect::{Aabb, Capsule, ConvexHull, Frustum, Obb, Plane, Ray, Real, Sphere, TriMesh, Triangle};
use rayon::prelude::*;
use serde_json::Value;

use crate::dispatch;
use crate::json::{CliError, Obj, Result, array, at};
use crate::shapes::{self, Shape};

/// A shape with its colour (linear RGB in `[0, 1]`).
pub struct Object {
    pub shape: Shape,
    pub color: Vec3,
}

pub struct Camera {
    pub eye: Vec3,
    pub target: Vec3,
    pub up: Vec3,
    pub fov_degrees: Real,
}

pub struct Scene {
    pub camera: Camera,
    /// Unit vector from the scene towards the light (a light at infinity, like the sun).
    pub to_light: Vec3,
    /// The shapes with their colours.
    pub world: isect::scene::Scene<Vec3>,
    /// Triangles of every mesh instance (an instance counts its mesh's triangles).
    pub mesh_triangles: usize,
    /// Mesh files loaded (each once, however many instances it has).
    pub meshes_loaded: usize,
}

impl Scene {
    fn new(camera: Camera, to_light: Vec3) -> Self {
        Self {
            camera,
            to_light,
            world: isect::scene::Scene::new(),
            mesh_triangles: 0,
            meshes_loaded: 0,
        }
    }

    /// The number of shapes.
    pub fn len(&self) -> usize {
        self.world.len()
    }

    /// Adds a shape where it stands.
    fn add(&mut self, shape: Shape, color: Vec3) {
        let geometry = match shape {
            Shape::Sphere(s) => Geometry::Sphere(s),
            Shape::Aabb(b) => Geometry::Aabb(b),
            Shape::Obb(b) => Geometry::Obb(b),
            Shape::Capsule(c) => Geometry::Capsule(c),
            Shape::Triangle(t) => Geometry::Triangle(t),
            Shape::ConvexHull(h) => Geometry::ConvexHull(Arc::new(h)),
            Shape::Mesh(m) => {
                self.meshes_loaded += 1;
                self.add_instance(Arc::from(m), Pose::IDENTITY, color);
                return;
            }
            Shape::Segment(x) => Geometry::Segment(x),
            Shape::Frustum(x) => Geometry::Frustum(x),
            Shape::Plane(x) => Geometry::Plane(x),
            Shape::Line(x) => Geometry::Line(x),
            Shape::Ray(x) => Geometry::Ray(x),
        };
        self.world.insert(geometry, Pose::IDENTITY, color);
    }

    /// Adds an instance of a (shared) mesh at `pose`.
    fn add_instance(&mut self, mesh: Arc<TriMesh>, pose: Pose, color: Vec3) {
        self.mesh_triangles += mesh.triangle_count();
        self.world.insert(Geometry::TriMesh(mesh), pose, color);
    }
}

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

/// Reads a user's scene (format in the README's "Command line" section).
pub fn parse_scene(doc: &Value, dir: &Path) -> Result<Scene> {
    let root = Obj::new(doc, "")?;
    if crate::query::dimension(&root)? == 2 {
        return Err(at("dim", "a 2D file: draw it with `isect render2d`"));
    }
    root.only(&["dim", "camera", "light", "shapes"])?;
    let camera = match root.get("camera") {
        None => default_scene(0).camera,
        Some(v) => {
            let c = Obj::new(v, "camera")?;
            c.only(&["eye", "target", "up", "fov_degrees"])?;
            let camera = Camera {
                eye: c.vec3("eye")?,
                target: c.vec3("target")?,
                up: c.vec3_or("up", Vec3::Y)?,
                fov_degrees: c.real_or("fov_degrees", 50.0)?,
            };
            if !(camera.fov_degrees > 0.0 && camera.fov_degrees < 180.0) {
                return Err(at("camera.fov_degrees", "must be between 0 and 180"));
            }
            if (camera.target - camera.eye)
                .cross(camera.up)
                .length_squared()
                == 0.0
            {
                return Err(at(
                    "camera",
                    "`target - eye` must not be zero or parallel to `up`",
                ));
            }
            camera
        }
    };
    let to_light = match root.get("light") {
        None => Vec3::new(-0.5, 1.0, 0.6).normalize(),
        Some(v) => {
            let l = Obj::new(v, "light")?;
            l.only(&["direction"])?;
            l.direction("direction")?.normalize()
        }
    };
    let list = array(root.require("shapes")?, "shapes")?;
    let mut scene = Scene::new(camera, to_light);
    let mut meshes = MeshCache::default();
    for (i, value) in list.iter().enumerate() {
        let path = format!("shapes[{i}]");
        let o = Obj::new(value, &path)?;
        let color = o.vec3_or("color", Vec3::splat(0.8))?;
        if color.min_element() < 0.0 || color.max_element() > 1.0 {
            return Err(at(
                &o.field_path("color"),
                "components must be between 0 and 1",
            ));
        }
        if o.get("type").and_then(Value::as_str) == Some("mesh") {
            let (mesh, pose) = meshes.instance(&o, dir)?;
            scene.add_instance(mesh, pose, color);
            continue;
        }
        let shape = shapes::parse(value, &path, dir, &["name", "color"])?;
        let probe = Ray::new(Vec3::ZERO, Vec3::X);
        if dispatch::raycast(&shape, &probe, 1.0, false).is_none() {
            return Err(at(
                &path,
                format!(
                    "a {} has no surface to render (isect casts no rays at it)",
                    shape.kind()
                ),
            ));
        }
        scene.add(shape, color);
    }
    scene.meshes_loaded = meshes.loaded.len();
    // The scene stands still while it renders: one binned-SAH build beats the insertion order.
    scene.world.rebuild();
    Ok(scene)
}

/// The meshes of a scene file, each file loaded once per scale however many instances use it.
#[derive(Default)]
struct MeshCache {
    loaded: HashMap<(PathBuf, u64), Arc<TriMesh>>,
}

impl MeshCache {
    /// The mesh of a `mesh` entry (`file`, `scale`) and its pose (`position`, `rotation` or
    /// `euler_degrees`), as `shapes::parse` reads them.
    fn instance(&mut self, o: &Obj<'_>, dir: &Path) -> Result<(Arc<TriMesh>, Pose)> {
        o.only(&[
            "type",
            "file",
            "position",
            "rotation",
            "euler_degrees",
            "scale",
            "name",
            "color",
        ])?;
        let file = dir.join(o.string("file")?);
        let position = o.vec3_or("position", Vec3::ZERO)?;
        let rotation = o.rotation()?;
        let scale = o.real_or("scale", 1.0)?;
        if !(scale > 0.0 && scale.is_finite()) {
            return Err(at(
                &o.field_path("scale"),
                format!("must be positive, found {scale}"),
            ));
        }
        let key = (file.clone(), f64::from(scale).to_bits());
        let mesh = match self.loaded.get(&key) {
            Some(mesh) => mesh.clone(),
            None => {
                let loaded = isect::io::load(&file).map_err(|e| at(&o.field_path("file"), e))?;
                let mesh = if scale == 1.0 {
                    loaded
                } else {
                    let vertices = loaded.vertices().iter().map(|&v| v * scale).collect();
                    TriMesh::new(vertices, loaded.triangles().to_vec())
                        .map_err(|e| at(&o.field_path("file"), e))?
                };
                let mesh = Arc::new(mesh);
                self.loaded.insert(key, mesh.clone());
                mesh
            }
        };
        Ok((mesh, Pose::new(rotation, position)))
    }
}

/// Rendering statistics.
pub struct Stats {
    pub rays: u64,
    pub time: Duration,
}

/// Renders `scene` into 8-bit RGB rows, `width × height`.
pub fn render(scene: &Scene, width: u32, height: u32, progress: &ProgressBar) -> (Vec<u8>, Stats) {
    let c = &scene.camera;
    let forward = (c.target - c.eye).normalize();
    let right = forward.cross(c.up).normalize();
    let up = right.cross(forward);
    let half_h = (c.fov_degrees.to_radians() * 0.5).tan();
    let half_w = half_h * width as Real / height as Real;
    let rays = AtomicU64::new(0);
    let start = Instant::now();
    let rows: Vec<Vec<u8>> = (0..height)
        .into_par_iter()
        .map(|y| {
            let mut row = Vec::with_capacity(width as usize * 3);
            let mut count = 0;
            for x in 0..width {
                let sx = (2.0 * (x as Real + 0.5) / width as Real - 1.0) * half_w;
                let sy = (1.0 - 2.0 * (y as Real + 0.5) / height as Real) * half_h;
                let dir = (forward + sx * right + sy * up).normalize();
                let (color, n) = shade(scene, &Ray::new(c.eye, dir));
                count += n;
                row.extend(color.to_array().map(to_srgb8));
            }
            rays.fetch_add(count, Ordering::Relaxed);
            progress.inc(1);
            row
        })
        .collect();
    let stats = Stats {
        rays: rays.into_inner(),
        time: start.elapsed(),
    };
    (rows.concat(), stats)
}

/// The colour seen along `ray`, and the number of rays cast for it.
fn shade(scene: &Scene, ray: &Ray) -> (Vec3, u64) {
    // t, point, normal, colour
    let best: Option<(Real, Vec3, Vec3, Vec3)> = scene.world.raycast(ray, Real::MAX).map(|h| {
        let mut color = scene.world.get(h.object).copied().unwrap_or(Vec3::ONE);
        if let Some(Geometry::Plane(_)) = scene.world.geometry(h.object) {
            // A checkerboard floor shows the perspective and the shadows' shape.
            let checker = ((h.point.x.floor() + h.point.z.floor()) as i64).rem_euclid(2);
            color *= if checker == 0 { 1.0 } else { 0.8 };
        }
        (h.t, h.point, h.normal, color)
    });
    let Some((_, point, normal, color)) = best else {
        return (sky(ray.dir), 1);
    };
    // Face the viewer: planes and triangles are two-sided.
    let normal = if normal.dot(ray.dir) > 0.0 {
        -normal
    } else {
        normal
    };
    let lambert = normal.dot(scene.to_light).max(0.0);
    let mut rays = 1;
    let lit = if lambert > 0.0 {
        rays += 1;
        let origin = point + normal * 1e-3;
        let shadow = Ray::new(origin, scene.to_light);
        scene.world.raycast_any(&shadow, Real::MAX).is_none()
    } else {
        false
    };
    let ambient = 0.25 * (0.6 + 0.4 * normal.y);
    let light = ambient + if lit { 0.85 * lambert } else { 0.0 };
    (color * light, rays)
}

fn sky(dir: Vec3) -> Vec3 {
    let t = dir.y.max(0.0);
    Vec3::new(0.85, 0.9, 1.0).lerp(Vec3::new(0.35, 0.55, 0.9), t)
}

fn to_srgb8(linear: Real) -> u8 {
    let x = linear.clamp(0.0, 1.0);
    let s = if x <= 0.003_130_8 {
        12.92 * x
    } else {
        1.055 * x.powf(1.0 / 2.4) - 0.055
    };
    (s * 255.0 + 0.5) as u8
}

/// A progress bar on stderr with the row count; indicatif draws nothing when stderr is not a
/// terminal.
pub fn progress_bar(rows: u32) -> ProgressBar {
    let bar = ProgressBar::new(u64::from(rows));
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {pos}/{len} rows, {elapsed} ({eta} left)")
    {
        bar.set_style(style);
    }
    bar
}

/// Encodes RGB rows as a PNG.
pub fn encode_png(rgb: &[u8], width: u32, height: u32) -> std::result::Result<Vec<u8>, CliError> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder
        .write_header()
        .map_err(|e| CliError(format!("cannot encode the PNG: {e}")))?;
    writer
        .write_image_data(rgb)
        .map_err(|e| CliError(format!("cannot encode the PNG: {e}")))?;
    writer
        .finish()
        .map_err(|e| CliError(format!("cannot encode the PNG: {e}")))?;
    Ok(out)
}
