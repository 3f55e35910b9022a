//! A scene file (JSON) read into a [`Scene`], each mesh file loaded once.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use isect::math::Vec3;
use isect::scene::Pose;
use isect::{Ray, TriMesh};
use serde_json::Value;

use super::{Camera, Scene, default_scene};
use crate::dispatch;
use crate::json::{Obj, Result, array, at};
use crate::shapes;

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
