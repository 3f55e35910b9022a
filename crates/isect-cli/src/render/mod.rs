//! `isect render`: one primary ray and one shadow ray per pixel through a scene of isect
//! shapes, shaded with Lambert's law, a shadow, an ambient term and a sky gradient.
//!
//! Every shape lives in an [`isect::scene::Scene`], so a ray costs about the same for ten
//! objects as for ten thousand (planes and unbounded frusta are in the scene's side list, tested
//! for every ray), and the instances of one mesh file share one mesh.

mod default;
mod file;

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use isect::math::Vec3;
use isect::scene::{Geometry, Pose};
use isect::{Ray, Real, TriMesh};
use rayon::prelude::*;

use crate::json::CliError;
use crate::shapes::Shape;

pub use default::{DEFAULT_MESH_TRIANGLES, default_scene};
pub use file::parse_scene;

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
