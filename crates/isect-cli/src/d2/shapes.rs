//! The 2D shapes of a JSON file with `"dim": 2`, one enum over every `isect::d2` kind, and
//! `with_shape2d!` to run generic code on whichever kind a value holds.

use isect::Real;
use isect::ShapeError;
use isect::d2::{
    Aabb, Capsule, Circle, ConvexPolygon, Line, Obb, Polygon, Polyline, Ray, Segment, Triangle,
};
use isect::math::Vec2;
use serde_json::Value;

use crate::json::{Obj, Result, array, at, kind, vec2};

/// Any 2D shape the command line reads.
#[derive(Debug, Clone)]
pub enum Shape2 {
    Circle(Circle),
    Aabb(Aabb),
    Obb(Obb),
    Capsule(Capsule),
    Triangle(Triangle),
    Segment(Segment),
    Ray(Ray),
    Line(Line),
    ConvexPolygon(ConvexPolygon),
    Polygon(Polygon),
    Polyline(Box<Polyline>),
}

/// The kinds, as written in the `type` field, in the library's order of shapes.
pub const KINDS: [&str; 11] = [
    "circle",
    "aabb",
    "obb",
    "capsule",
    "triangle",
    "segment",
    "ray",
    "line",
    "convex_polygon",
    "polygon",
    "polyline",
];

/// The kinds that exist only in 3D, named as such when a 2D file has one.
pub const ONLY_3D: [&str; 5] = ["sphere", "plane", "frustum", "convex_hull", "mesh"];

/// Runs `$body` with `$x` bound to a reference to the concrete shape inside `$shape`.
macro_rules! with_shape2d {
    ($shape:expr, $x:ident => $body:expr) => {
        match $shape {
            $crate::d2::shapes::Shape2::Circle($x) => $body,
            $crate::d2::shapes::Shape2::Aabb($x) => $body,
            $crate::d2::shapes::Shape2::Obb($x) => $body,
            $crate::d2::shapes::Shape2::Capsule($x) => $body,
            $crate::d2::shapes::Shape2::Triangle($x) => $body,
            $crate::d2::shapes::Shape2::Segment($x) => $body,
            $crate::d2::shapes::Shape2::Ray($x) => $body,
            $crate::d2::shapes::Shape2::Line($x) => $body,
            $crate::d2::shapes::Shape2::ConvexPolygon($x) => $body,
            $crate::d2::shapes::Shape2::Polygon($x) => $body,
            $crate::d2::shapes::Shape2::Polyline($x) => {
                let $x: &isect::d2::Polyline = $x;
                $body
            }
        }
    };
}
pub(crate) use with_shape2d;

impl Shape2 {
    /// The kind's name, as in the `type` field.
    pub fn kind(&self) -> &'static str {
        let i = match self {
            Self::Circle(_) => 0,
            Self::Aabb(_) => 1,
            Self::Obb(_) => 2,
            Self::Capsule(_) => 3,
            Self::Triangle(_) => 4,
            Self::Segment(_) => 5,
            Self::Ray(_) => 6,
            Self::Line(_) => 7,
            Self::ConvexPolygon(_) => 8,
            Self::Polygon(_) => 9,
            Self::Polyline(_) => 10,
        };
        KINDS[i]
    }

    /// The same shape moved by `d` (the pose at a sweep's time of contact); `None` only for a
    /// polygon whose rounded points no longer make a simple polygon.
    pub fn translated(&self, d: Vec2) -> Option<Self> {
        Some(match self {
            Self::Circle(c) => Self::Circle(Circle::new(c.center + d, c.radius)),
            Self::Aabb(b) => Self::Aabb(Aabb::new(b.min + d, b.max + d)),
            Self::Obb(b) => Self::Obb(Obb::new(b.center + d, b.half_extents, b.rotation)),
            Self::Capsule(c) => Self::Capsule(Capsule::new(c.a + d, c.b + d, c.radius)),
            Self::Triangle(t) => Self::Triangle(Triangle::new(t.a + d, t.b + d, t.c + d)),
            Self::Segment(s) => Self::Segment(Segment::new(s.a + d, s.b + d)),
            Self::Ray(r) => Self::Ray(Ray::new(r.origin + d, r.dir)),
            Self::Line(l) => Self::Line(Line::new(l.origin + d, l.dir)),
            Self::ConvexPolygon(p) => Self::ConvexPolygon(ConvexPolygon::new(
                p.vertices().iter().map(|&v| v + d).collect::<Vec<_>>(),
            )),
            Self::Polygon(p) => Self::Polygon(
                Polygon::new(p.points().iter().map(|&v| v + d).collect::<Vec<_>>()).ok()?,
            ),
            Self::Polyline(p) => Self::Polyline(Box::new(
                Polyline::new(
                    p.vertices().iter().map(|&v| v + d).collect(),
                    p.segments().to_vec(),
                )
                .ok()?,
            )),
        })
    }
}

/// Reads the 2D shape at `path` (fields as in the README's "Command line" section). `extra`
/// names fields the caller reads itself (`name`, `color`).
pub fn parse(value: &Value, path: &str, extra: &[&str]) -> Result<Shape2> {
    let o = Obj::new(value, path)?;
    let kind_value = o.require("type")?;
    let kind_name = kind_value.as_str().ok_or_else(|| {
        at(
            &o.field_path("type"),
            format!("expected a string, found {}", kind(kind_value)),
        )
    })?;
    let fields: &[&str] = match kind_name {
        "circle" => &["center", "radius"],
        "aabb" => &["min", "max"],
        "obb" => &["center", "half_extents", "angle_degrees"],
        "capsule" => &["a", "b", "radius"],
        "triangle" => &["a", "b", "c"],
        "segment" => &["a", "b"],
        "line" | "ray" => &["origin", "dir"],
        "convex_polygon" | "polygon" => &["points"],
        "polyline" => &["points", "closed", "segments"],
        other if ONLY_3D.contains(&other) => {
            return Err(at(
                &o.field_path("type"),
                format!(
                    "`{other}` is a 3D shape, and this file is 2D (`\"dim\": 2`); a file holds \
                     2D or 3D shapes, not both (2D types: {})",
                    KINDS.join(", ")
                ),
            ));
        }
        other => {
            return Err(at(
                &o.field_path("type"),
                format!(
                    "unknown 2D shape type `{other}` (known: {})",
                    KINDS.join(", ")
                ),
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
        "circle" => Shape2::Circle(Circle::new(o.vec2("center")?, o.non_negative("radius")?)),
        "aabb" => {
            let (min, max) = (o.vec2("min")?, o.vec2("max")?);
            o.ordered_bounds(min.to_array(), max.to_array())?;
            Shape2::Aabb(Aabb::new(min, max))
        }
        "obb" => {
            let half = o.vec2("half_extents")?;
            if half.min_element() < 0.0 {
                return Err(at(&o.field_path("half_extents"), "must not be negative"));
            }
            let angle: Real = o.real_or("angle_degrees", 0.0)?;
            Shape2::Obb(Obb::from_angle(o.vec2("center")?, half, angle.to_radians()))
        }
        "capsule" => Shape2::Capsule(Capsule::new(
            o.vec2("a")?,
            o.vec2("b")?,
            o.non_negative("radius")?,
        )),
        "triangle" => Shape2::Triangle(Triangle::new(o.vec2("a")?, o.vec2("b")?, o.vec2("c")?)),
        "segment" => Shape2::Segment(Segment::new(o.vec2("a")?, o.vec2("b")?)),
        "line" => Shape2::Line(Line::new(o.vec2("origin")?, o.direction2("dir")?)),
        "ray" => Shape2::Ray(Ray::new(o.vec2("origin")?, o.direction2("dir")?)),
        "convex_polygon" => {
            let points = points(&o)?;
            if points.is_empty() {
                return Err(at(&o.field_path("points"), "needs at least one point"));
            }
            Shape2::ConvexPolygon(ConvexPolygon::new(points))
        }
        "polygon" => Shape2::Polygon(
            Polygon::new(points(&o)?).map_err(|e| polygon_error(e, &o.field_path("points")))?,
        ),
        "polyline" => Shape2::Polyline(Box::new(polyline(&o)?)),
        _ => unreachable!("kinds were matched above"),
    })
}

/// The `points` array of `o`.
fn points(o: &Obj<'_>) -> Result<Vec<Vec2>> {
    let path = o.field_path("points");
    array(o.require("points")?, &path)?
        .iter()
        .enumerate()
        .map(|(i, p)| vec2(p, &format!("{path}[{i}]")))
        .collect()
}

/// `Polygon::new`'s error at `path` (the `points`), naming the points of the crossing edges.
fn polygon_error(e: ShapeError, path: &str) -> crate::json::CliError {
    match e {
        ShapeError::SelfIntersecting { edges: [i, j] } => at(
            path,
            format!(
                "the edge from point {i} and the edge from point {j} meet (each edge runs from a \
                 point to the next, the last back to the first): the boundary of a polygon must \
                 not cross or touch itself"
            ),
        ),
        e => at(path, e),
    }
}

/// A polyline: `points` in a chain (closed into a loop with `"closed": true`), or `points` as
/// vertices and `segments` as pairs of their indices.
fn polyline(o: &Obj<'_>) -> Result<Polyline> {
    let points = points(o)?;
    let closed = o.bool_or("closed", false)?;
    let built = match o.get("segments") {
        Some(value) => {
            if closed {
                return Err(at(o.path, "give either `closed` or `segments`, not both"));
            }
            let path = o.field_path("segments");
            let segments = array(value, &path)?
                .iter()
                .enumerate()
                .map(|(i, s)| index_pair(s, &format!("{path}[{i}]")))
                .collect::<Result<Vec<_>>>()?;
            Polyline::new(points, segments)
        }
        None if closed => Polyline::closed(points),
        None => Polyline::chain(points),
    };
    built.map_err(|e| at(o.path, e))
}

fn index_pair(value: &Value, path: &str) -> Result<[u32; 2]> {
    let pair = value
        .as_array()
        .filter(|a| a.len() == 2)
        .ok_or_else(|| at(path, "expected two vertex indices"))?;
    let index = |i: usize| {
        pair[i]
            .as_u64()
            .and_then(|n| u32::try_from(n).ok())
            .ok_or_else(|| {
                at(
                    &format!("{path}[{i}]"),
                    "expected an index (a whole number from 0)",
                )
            })
    };
    Ok([index(0)?, index(1)?])
}
