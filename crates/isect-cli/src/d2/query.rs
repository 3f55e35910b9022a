//! 2D files (`"dim": 2`): their shapes and queries, read once for `isect query` (answers as
//! JSON) and `isect render2d` (answers drawn).

use std::collections::HashMap;

use isect::Real;
use isect::d2::{ClosestPoints, ContactInfo, Line, Manifold, Ray, RayHit, Side, SweepHit};
use isect::math::{Vec2, Vec3};
use serde_json::{Map, Value, json};

use crate::d2::dispatch as dispatch2d;
use crate::d2::shapes::{self as shapes2d, Shape2};
use crate::json::{Obj, Result, array, at};
use crate::query::{num, shape_name};

/// A shape of the file, with its name and its colour (for `render2d`) if it gives one.
pub struct Named2 {
    pub name: String,
    pub shape: Shape2,
    pub color: Option<Vec3>,
}

/// What a query asks, with its own arguments.
pub enum Op {
    Intersects,
    Distance,
    ClosestPoints,
    Contact,
    Manifold,
    Sweep {
        motion: Vec2,
        other_motion: Vec2,
    },
    RayCast {
        ray: Ray,
        max_t: Real,
        surface: bool,
    },
    Classify {
        line: Line,
    },
    Point {
        point: Vec2,
    },
}

/// A query of the file: its name as written, its JSON path, its shapes (indices into the
/// shapes; `b` for the pair queries) and what it asks.
pub struct Query2 {
    pub name: String,
    pub path: String,
    pub a: usize,
    pub b: Option<usize>,
    pub op: Op,
}

/// The library's answer to a query.
pub enum Answer {
    Bool(bool),
    Number(Real),
    Closest(ClosestPoints),
    Contact(Option<ContactInfo>),
    Manifold(Manifold),
    Sweep(Option<SweepHit>),
    /// The hit, and for a polyline the index of the segment hit.
    Ray(Option<RayHit>, Option<u32>),
    Side(Side),
    Point {
        contains: bool,
        distance: Real,
        closest: Vec2,
    },
}

/// A 2D file: shapes, queries and the optional `view` of `render2d` (`min`, `max`).
pub struct File2 {
    pub shapes: Vec<Named2>,
    pub queries: Vec<Query2>,
    pub view: Option<(Vec2, Vec2)>,
}

pub const QUERIES: &str = "intersects, distance, closest_points, contact, manifold, raycast, \
                           raycast_surface, sweep, classify, point";

/// Reads a 2D file (its root object, whose `dim` the caller has read). `queries` may be
/// missing (a scene to draw).
pub fn parse(root: &Obj<'_>) -> Result<File2> {
    root.only(&["dim", "shapes", "queries", "view"])?;
    let list = array(root.require("shapes")?, "shapes")?;
    let mut shapes = Vec::new();
    let mut by_name = HashMap::new();
    for (i, value) in list.iter().enumerate() {
        let path = format!("shapes[{i}]");
        let shape = shapes2d::parse(value, &path, &["name", "color"])?;
        let o = Obj::new(value, &path)?;
        let name = shape_name(&o, i, &mut by_name)?;
        let color = match o.get("color") {
            None => None,
            Some(_) => {
                let c = o.vec3("color")?;
                if c.min_element() < 0.0 || c.max_element() > 1.0 {
                    return Err(at(
                        &o.field_path("color"),
                        "components must be between 0 and 1",
                    ));
                }
                Some(c)
            }
        };
        shapes.push(Named2 { name, shape, color });
    }
    let mut queries = Vec::new();
    if let Some(value) = root.get("queries") {
        for (i, value) in array(value, "queries")?.iter().enumerate() {
            queries.push(query(value, &format!("queries[{i}]"), &shapes, &by_name)?);
        }
    }
    let view = match root.get("view") {
        None => None,
        Some(v) => {
            let o = Obj::new(v, "view")?;
            o.only(&["min", "max"])?;
            let (min, max) = (o.vec2("min")?, o.vec2("max")?);
            if !(min.x < max.x && min.y < max.y) {
                return Err(at("view", "needs min < max in x and in y"));
            }
            Some((min, max))
        }
    };
    Ok(File2 {
        shapes,
        queries,
        view,
    })
}

fn query(
    value: &Value,
    path: &str,
    shapes: &[Named2],
    by_name: &HashMap<String, usize>,
) -> Result<Query2> {
    let o = Obj::new(value, path)?;
    let name = o.string("query")?;
    let shape = |key: &str| -> Result<usize> {
        let v = o.require(key)?;
        let found = match v {
            Value::String(name) => by_name.get(name).copied(),
            Value::Number(n) => n.as_u64().map(|i| i as usize).filter(|&i| i < shapes.len()),
            _ => None,
        };
        found.ok_or_else(|| at(&o.field_path(key), format!("no shape is named {v}")))
    };
    let pair =
        |op: Op| -> Result<(usize, Option<usize>, Op)> { Ok((shape("a")?, Some(shape("b")?), op)) };
    let (a, b, op) = match name {
        "intersects" | "distance" | "closest_points" | "contact" | "manifold" => {
            o.only(&["query", "a", "b"])?;
            pair(match name {
                "intersects" => Op::Intersects,
                "distance" => Op::Distance,
                "closest_points" => Op::ClosestPoints,
                "contact" => Op::Contact,
                _ => Op::Manifold,
            })?
        }
        "sweep" => {
            o.only(&["query", "a", "b", "motion", "other_motion"])?;
            pair(Op::Sweep {
                motion: o.vec2_or("motion", Vec2::ZERO)?,
                other_motion: o.vec2_or("other_motion", Vec2::ZERO)?,
            })?
        }
        "raycast" | "raycast_surface" => {
            o.only(&["query", "shape", "origin", "dir", "max_t"])?;
            let ray = Ray::new(o.vec2("origin")?, o.direction2("dir")?);
            let max_t = o.real_or("max_t", Real::MAX)?;
            if max_t < 0.0 {
                return Err(at(&o.field_path("max_t"), "must not be negative"));
            }
            let surface = name == "raycast_surface";
            (
                shape("shape")?,
                None,
                Op::RayCast {
                    ray,
                    max_t,
                    surface,
                },
            )
        }
        "classify" => {
            o.only(&["query", "shape", "line"])?;
            let line_path = o.field_path("line");
            let l = Obj::new(o.require("line")?, &line_path)?;
            l.only(&["origin", "dir"])?;
            let line = Line::new(l.vec2("origin")?, l.direction2("dir")?);
            (shape("shape")?, None, Op::Classify { line })
        }
        "point" => {
            o.only(&["query", "shape", "point"])?;
            let point = o.vec2("point")?;
            (shape("shape")?, None, Op::Point { point })
        }
        other => {
            return Err(at(
                &o.field_path("query"),
                format!("unknown query `{other}` (known in 2D: {QUERIES})"),
            ));
        }
    };
    Ok(Query2 {
        name: name.to_string(),
        path: path.to_string(),
        a,
        b,
        op,
    })
}

/// The library's answer to `q`, or an error at the query's path naming the query and the
/// shapes' kinds when `isect::d2` does not implement it for them (`render2d` cannot draw it).
pub fn evaluate(q: &Query2, shapes: &[Named2]) -> Result<Answer> {
    answer(q, shapes).ok_or_else(|| at(&q.path, missing(q, shapes)))
}

/// What `isect::d2` lacks for `q`: the query and the shapes' kinds.
fn missing(q: &Query2, shapes: &[Named2]) -> String {
    let kinds = match q.b {
        Some(b) => format!(
            "{} and {}",
            shapes[q.a].shape.kind(),
            shapes[b].shape.kind()
        ),
        None => shapes[q.a].shape.kind().to_string(),
    };
    format!("isect does not implement {} for {kinds} in 2D", q.name)
}

/// The library's answer to `q`, or `None` when `isect::d2` does not implement it for the
/// shapes' kinds.
fn answer(q: &Query2, shapes: &[Named2]) -> Option<Answer> {
    let a = &shapes[q.a].shape;
    let b = q.b.map(|b| &shapes[b].shape);
    match (&q.op, b) {
        (Op::Intersects, Some(b)) => dispatch2d::intersects(a, b).map(Answer::Bool),
        (Op::Distance, Some(b)) => dispatch2d::distance(a, b).map(Answer::Number),
        (Op::ClosestPoints, Some(b)) => dispatch2d::closest_points(a, b).map(Answer::Closest),
        (Op::Contact, Some(b)) => dispatch2d::contact(a, b).map(Answer::Contact),
        (Op::Manifold, Some(b)) => dispatch2d::manifold(a, b).map(Answer::Manifold),
        (
            Op::Sweep {
                motion,
                other_motion,
            },
            Some(b),
        ) => dispatch2d::sweep(a, *motion, b, *other_motion).map(Answer::Sweep),
        (
            Op::RayCast {
                ray,
                max_t,
                surface,
            },
            _,
        ) => match a {
            // Level geometry: which segment was hit (the same hit as its `RayCast`).
            Shape2::Polyline(p) => Some(match p.raycast_segment(ray, *max_t) {
                None => Answer::Ray(None, None),
                Some(h) => Answer::Ray(
                    Some(RayHit {
                        t: h.t,
                        point: h.point,
                        normal: h.normal,
                    }),
                    Some(h.segment),
                ),
            }),
            _ => dispatch2d::raycast(a, ray, *max_t, *surface).map(|h| Answer::Ray(h, None)),
        },
        (Op::Classify { line }, _) => dispatch2d::classify(a, line).map(Answer::Side),
        (Op::Point { point }, _) => {
            dispatch2d::point(a, *point).map(|(contains, distance, closest)| Answer::Point {
                contains,
                distance,
                closest,
            })
        }
        (_, None) => unreachable!("pair queries have two shapes"),
    }
}

/// `isect query` on a 2D file: every query's answer, as for 3D files.
pub fn run(root: &Obj<'_>) -> Result<Value> {
    root.require("queries")?;
    let file = parse(root)?;
    let mut results = Vec::new();
    for q in &file.queries {
        let mut out = Map::new();
        out.insert("query".into(), q.name.clone().into());
        let name = |i: usize| Value::from(file.shapes[i].name.clone());
        match q.b {
            Some(b) => {
                out.insert("a".into(), name(q.a));
                out.insert("b".into(), name(b));
            }
            None => {
                out.insert("shape".into(), name(q.a));
            }
        }
        // A pair the library lacks is answered in place, as in 3D files: the other queries of
        // the file still run.
        let result = match answer(q, &file.shapes) {
            Some(a) => to_json(&a),
            None => json!({ "error": missing(q, &file.shapes) }),
        };
        out.insert("result".into(), result);
        results.push(Value::Object(out));
    }
    Ok(json!({ "results": results }))
}

fn to_json(answer: &Answer) -> Value {
    match *answer {
        Answer::Bool(b) => b.into(),
        Answer::Number(x) => num(x),
        Answer::Closest(c) => json!({ "a": vec(c.a), "b": vec(c.b), "distance": num(c.distance) }),
        Answer::Contact(None) | Answer::Sweep(None) | Answer::Ray(None, _) => Value::Null,
        Answer::Contact(Some(c)) => {
            json!({ "point": vec(c.point), "normal": vec(c.normal), "depth": num(c.depth) })
        }
        Answer::Manifold(m) if m.is_empty() => Value::Null,
        Answer::Manifold(m) => json!({
            "normal": vec(m.normal),
            "points": m
                .points()
                .iter()
                .map(|p| json!({ "point": vec(p.point), "depth": num(p.depth) }))
                .collect::<Vec<_>>(),
        }),
        Answer::Sweep(Some(h)) => json!({
            "t_first": num(h.t_first), "t_last": num(h.t_last),
            "point": vec(h.point), "normal": vec(h.normal)
        }),
        Answer::Ray(Some(h), segment) => {
            let mut hit = json!({ "t": num(h.t), "point": vec(h.point), "normal": vec(h.normal) });
            if let Some(segment) = segment {
                hit["segment"] = segment.into();
            }
            hit
        }
        Answer::Side(side) => match side {
            Side::Front => "front",
            Side::Back => "back",
            Side::Straddle => "straddle",
        }
        .into(),
        Answer::Point {
            contains,
            distance,
            closest,
        } => {
            json!({ "contains": contains, "distance": num(distance), "closest_point": vec(closest) })
        }
    }
}

fn vec(v: Vec2) -> Value {
    Value::Array(v.to_array().into_iter().map(num).collect())
}
