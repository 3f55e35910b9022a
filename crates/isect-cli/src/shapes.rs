//! The shapes of a JSON file, one enum over every kind, and `with_shape!` to run generic code
//! on whichever kind a value holds.

use std::path::Path;

use isect::Real;
use isect::math::{Mat4, Vec3, Vec4};
use isect::{
    Aabb, Capsule, ConvexHull, Frustum, Line, Obb, Plane, Ray, Segment, Sphere, TriMesh, Triangle,
};
use serde_json::Value;

use crate::json::{CliError, Obj, Result, at, kind, vec3};

/// Any shape the command line reads.
#[derive(Debug, Clone)]
pub enum Shape {
    Line(Line),
    Ray(Ray),
    Segment(Segment),
    Plane(Plane),
    Sphere(Sphere),
    Aabb(Aabb),
    Obb(Obb),
    Capsule(Capsule),
    Triangle(Triangle),
    Frustum(Frustum),
    ConvexHull(ConvexHull),
    Mesh(Box<TriMesh>),
}

/// The kinds, as written in the `type` field.
pub const KINDS: [&str; 12] = [
    "line",
    "ray",
    "segment",
    "plane",
    "sphere",
    "aabb",
    "obb",
    "capsule",
    "triangle",
    "frustum",
    "convex_hull",
    "mesh",
];

/// The kinds that exist only in 2D, named as such when a 3D file has one.
const ONLY_2D: [&str; 4] = ["circle", "convex_polygon", "polygon", "polyline"];

/// Runs `$body` with `$x` bound to a reference to the concrete shape inside `$shape`.
macro_rules! with_shape {
    ($shape:expr, $x:ident => $body:expr) => {
        match $shape {
            $crate::shapes::Shape::Line($x) => $body,
            $crate::shapes::Shape::Ray($x) => $body,
            $crate::shapes::Shape::Segment($x) => $body,
            $crate::shapes::Shape::Plane($x) => $body,
            $crate::shapes::Shape::Sphere($x) => $body,
            $crate::shapes::Shape::Aabb($x) => $body,
            $crate::shapes::Shape::Obb($x) => $body,
            $crate::shapes::Shape::Capsule($x) => $body,
            $crate::shapes::Shape::Triangle($x) => $body,
            $crate::shapes::Shape::Frustum($x) => $body,
            $crate::shapes::Shape::ConvexHull($x) => $body,
            $crate::shapes::Shape::Mesh($x) => {
                let $x: &isect::TriMesh = $x;
                $body
            }
        }
    };
}
pub(crate) use with_shape;

impl Shape {
    /// The kind's name, as in the `type` field.
    pub fn kind(&self) -> &'static str {
        let i = match self {
            Self::Line(_) => 0,
            Self::Ray(_) => 1,
            Self::Segment(_) => 2,
            Self::Plane(_) => 3,
            Self::Sphere(_) => 4,
            Self::Aabb(_) => 5,
            Self::Obb(_) => 6,
            Self::Capsule(_) => 7,
            Self::Triangle(_) => 8,
            Self::Frustum(_) => 9,
            Self::ConvexHull(_) => 10,
            Self::Mesh(_) => 11,
        };
        KINDS[i]
    }
}

/// Reads the shape at `path` (fields as in the README's "Command line" section). Mesh files
/// are found relative to `dir`. `extra` names fields the caller reads itself (`name`, `color`).
pub fn parse(value: &Value, path: &str, dir: &Path, extra: &[&str]) -> Result<Shape> {
    let o = Obj::new(value, path)?;
    let kind_value = o.require("type")?;
    let kind_name = kind_value.as_str().ok_or_else(|| {
        at(
            &o.field_path("type"),
            format!("expected a string, found {}", kind(kind_value)),
        )
    })?;
    let fields: &[&str] = match kind_name {
        "line" | "ray" => &["origin", "dir"],
        "segment" => &["a", "b"],
        "plane" => &["normal", "d", "point"],
        "sphere" => &["center", "radius"],
        "aabb" => &["min", "max"],
        "obb" => &["center", "half_extents", "rotation", "euler_degrees"],
        "capsule" => &["a", "b", "radius"],
        "triangle" => &["a", "b", "c"],
        "frustum" => &[
            "eye",
            "target",
            "up",
            "fov_degrees",
            "aspect",
            "near",
            "far",
        ],
        "convex_hull" => &["points", "position", "rotation", "euler_degrees", "scale"],
        "mesh" => &["file", "position", "rotation", "euler_degrees", "scale"],
        other if ONLY_2D.contains(&other) => {
            return Err(at(
                &o.field_path("type"),
                format!(
                    "`{other}` is a 2D shape: a file of 2D shapes says `\"dim\": 2` at the top; \
                     a file holds 2D or 3D shapes, not both"
                ),
            ));
        }
        other => {
            return Err(at(
                &o.field_path("type"),
                format!("unknown shape type `{other}` (known: {})", KINDS.join(", ")),
            ));
        }
    };
    let allowed: Vec<&str> = ["type"]
        .iter()
        .chain(fields)
        .chain(extra)
        .copied()
        .collect();
    o.only(&allowed)?;
    Ok(match kind_name {
        "line" => Shape::Line(Line::new(o.vec3("origin")?, o.direction("dir")?)),
        "ray" => Shape::Ray(Ray::new(o.vec3("origin")?, o.direction("dir")?)),
        "segment" => Shape::Segment(Segment::new(o.vec3("a")?, o.vec3("b")?)),
        "plane" => {
            let normal = o.direction("normal")?;
            match (o.get("d"), o.get("point")) {
                (Some(_), Some(_)) => {
                    return Err(at(path, "give either `d` or `point`, not both"));
                }
                (_, Some(_)) => Shape::Plane(Plane::from_point_normal(o.vec3("point")?, normal)),
                _ => Shape::Plane(Plane::new(normal, o.real_or("d", 0.0)?)),
            }
        }
        "sphere" => Shape::Sphere(Sphere::new(o.vec3("center")?, o.non_negative("radius")?)),
        "aabb" => {
            let (min, max) = (o.vec3("min")?, o.vec3("max")?);
            o.ordered_bounds(min.to_array(), max.to_array())?;
            Shape::Aabb(Aabb::new(min, max))
        }
        "obb" => {
            let half = o.vec3("half_extents")?;
            if half.min_element() < 0.0 {
                return Err(at(&o.field_path("half_extents"), "must not be negative"));
            }
            Shape::Obb(Obb::from_quat(o.vec3("center")?, half, o.rotation()?))
        }
        "capsule" => Shape::Capsule(Capsule::new(
            o.vec3("a")?,
            o.vec3("b")?,
            o.non_negative("radius")?,
        )),
        "triangle" => Shape::Triangle(Triangle::new(o.vec3("a")?, o.vec3("b")?, o.vec3("c")?)),
        "frustum" => Shape::Frustum(frustum(&o)?),
        "convex_hull" => {
            let list = crate::json::array(o.require("points")?, &o.field_path("points"))?;
            if list.is_empty() {
                return Err(at(&o.field_path("points"), "needs at least one point"));
            }
            let place = placement(&o)?;
            let points = list
                .iter()
                .enumerate()
                .map(|(i, p)| vec3(p, &format!("{}[{i}]", o.field_path("points"))).map(&place))
                .collect::<Result<Vec<_>>>()?;
            Shape::ConvexHull(ConvexHull::new(points))
        }
        "mesh" => {
            let file = dir.join(o.string("file")?);
            let place = placement(&o)?;
            let mesh = isect::io::load(&file).map_err(|e| at(&o.field_path("file"), e))?;
            let vertices = mesh.vertices().iter().map(|&v| place(v)).collect();
            let mesh = TriMesh::new(vertices, mesh.triangles().to_vec())
                .map_err(|e| at(&o.field_path("file"), e))?;
            Shape::Mesh(Box::new(mesh))
        }
        _ => unreachable!("kinds were matched above"),
    })
}

/// The optional `position`, rotation and `scale` of a mesh or hull, as a function on points.
fn placement(o: &Obj<'_>) -> Result<impl Fn(Vec3) -> Vec3 + use<>> {
    let position = o.vec3_or("position", Vec3::ZERO)?;
    let rotation = o.rotation()?;
    let scale = o.real_or("scale", 1.0)?;
    if scale <= 0.0 {
        return Err(at(
            &o.field_path("scale"),
            format!("must be positive, found {scale}"),
        ));
    }
    Ok(move |p: Vec3| position + rotation * (p * scale))
}

fn frustum(o: &Obj<'_>) -> Result<Frustum> {
    let eye = o.vec3("eye")?;
    let target = o.vec3("target")?;
    let up = o.vec3_or("up", Vec3::Y)?;
    let fov = o.real_or("fov_degrees", 60.0)?;
    let aspect = o.real_or("aspect", 1.0)?;
    let near = o.real_or("near", 0.1)?;
    let far = o.real_or("far", 100.0)?;
    if !(fov > 0.0 && fov < 180.0) {
        return Err(at(
            &o.field_path("fov_degrees"),
            "must be between 0 and 180",
        ));
    }
    if !(aspect > 0.0) {
        return Err(at(&o.field_path("aspect"), "must be positive"));
    }
    if !(near > 0.0 && far > near) {
        return Err(at(&o.field_path("far"), "needs 0 < near < far"));
    }
    if (target - eye).cross(up).length_squared() == 0.0 {
        return Err(at(
            o.path,
            "`target - eye` must not be zero or parallel to `up`",
        ));
    }
    let view_proj = perspective(fov.to_radians(), aspect, near, far) * look_at(eye, target, up);
    Ok(Frustum::from_matrix(&view_proj))
}

/// A right-handed view matrix (glam's `camera::rh::view::look_at_mat4`, 0.33's deprecated
/// `Mat4::look_at_rh`), written out so that it works in either precision of `Mat4`.
pub fn look_at(eye: Vec3, target: Vec3, up: Vec3) -> Mat4 {
    let f = (target - eye).normalize();
    let s = f.cross(up).normalize();
    let u = s.cross(f);
    Mat4::from_cols(
        Vec4::new(s.x, u.x, -f.x, 0.0),
        Vec4::new(s.y, u.y, -f.y, 0.0),
        Vec4::new(s.z, u.z, -f.z, 0.0),
        Vec4::new(-s.dot(eye), -u.dot(eye), f.dot(eye), 1.0),
    )
}

/// A right-handed perspective projection with depth in `[0, 1]` (glam's
/// `camera::rh::proj::directx::perspective`), the convention of [`Frustum::from_matrix`].
pub fn perspective(fov_y: Real, aspect: Real, near: Real, far: Real) -> Mat4 {
    let h = 1.0 / (0.5 * fov_y).tan();
    let w = h / aspect;
    let r = far / (near - far);
    Mat4::from_cols(
        Vec4::new(w, 0.0, 0.0, 0.0),
        Vec4::new(0.0, h, 0.0, 0.0),
        Vec4::new(0.0, 0.0, r, -1.0),
        Vec4::new(0.0, 0.0, r * near, 0.0),
    )
}

impl From<isect::io::LoadError> for CliError {
    fn from(e: isect::io::LoadError) -> Self {
        CliError(e.to_string())
    }
}
