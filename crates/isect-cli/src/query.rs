//! `isect query`: shapes and queries from JSON, answers as JSON.

use std::collections::HashMap;
use std::path::Path;

use isect::math::Vec3;
use isect::{Plane, Ray, Real, Side};
use serde_json::{Map, Value, json};

use crate::dispatch;
use crate::json::{CliError, Obj, Result, array, at};
use crate::shapes::{self, Shape};

/// A named shape of the input.
struct Named {
    name: String,
    shape: Shape,
}

/// Answers every query of the JSON document `doc` (read from `source`, whose directory holds
/// the mesh files).
pub fn run(doc: &Value, dir: &Path) -> Result<Value> {
    let root = Obj::new(doc, "")?;
    if dimension(&root)? == 2 {
        return crate::d2::query::run(&root);
    }
    root.only(&["dim", "shapes", "queries"])?;
    let list = array(root.require("shapes")?, "shapes")?;
    let mut shapes = Vec::new();
    let mut by_name = HashMap::new();
    for (i, value) in list.iter().enumerate() {
        let path = format!("shapes[{i}]");
        let shape = shapes::parse(value, &path, dir, &["name"])?;
        let o = Obj::new(value, &path)?;
        let name = shape_name(&o, i, &mut by_name)?;
        shapes.push(Named { name, shape });
    }
    let queries = array(root.require("queries")?, "queries")?;
    let mut results = Vec::new();
    for (i, value) in queries.iter().enumerate() {
        let path = format!("queries[{i}]");
        results.push(answer(value, &path, &shapes, &by_name)?);
    }
    Ok(json!({ "results": results }))
}

/// The file's `dim`: 3 without one.
pub fn dimension(root: &Obj<'_>) -> Result<u8> {
    match root.get("dim") {
        None => Ok(3),
        Some(v) => match v.as_u64() {
            Some(2) => Ok(2),
            Some(3) => Ok(3),
            _ => Err(at("dim", format!("expected 2 or 3, found {v}"))),
        },
    }
}

fn answer(
    value: &Value,
    path: &str,
    shapes: &[Named],
    by_name: &HashMap<String, usize>,
) -> Result<Value> {
    let o = Obj::new(value, path)?;
    let query = o.string("query")?;
    let shape = |key: &str| -> Result<&Named> {
        let v = o.require(key)?;
        let found = match v {
            Value::String(name) => by_name.get(name).copied(),
            Value::Number(n) => n.as_u64().map(|i| i as usize).filter(|&i| i < shapes.len()),
            _ => None,
        };
        found
            .map(|i| &shapes[i])
            .ok_or_else(|| at(&o.field_path(key), format!("no shape is named {v}")))
    };
    let mut out = Map::new();
    out.insert("query".into(), query.into());
    let not_implemented = |what: &str, kinds: &[&Named]| {
        let kinds: Vec<&str> = kinds.iter().map(|n| n.shape.kind()).collect();
        json!({ "error": format!("isect does not implement {what} for {}", kinds.join(" and ")) })
    };
    let result = match query {
        "intersects" | "distance" | "closest_points" | "contact" => {
            o.only(&["query", "a", "b"])?;
            let (a, b) = (shape("a")?, shape("b")?);
            out.insert("a".into(), a.name.clone().into());
            out.insert("b".into(), b.name.clone().into());
            let found = match query {
                "intersects" => dispatch::intersects(&a.shape, &b.shape).map(Value::from),
                "distance" => dispatch::distance(&a.shape, &b.shape).map(num),
                "closest_points" => dispatch::closest_points(&a.shape, &b.shape)
                    .map(|c| json!({ "a": vec(c.a), "b": vec(c.b), "distance": num(c.distance) })),
                _ => dispatch::contact(&a.shape, &b.shape).map(|c| match c {
                    None => Value::Null,
                    Some(c) => json!({
                        "point": vec(c.point), "normal": vec(c.normal), "depth": num(c.depth)
                    }),
                }),
            };
            found.unwrap_or_else(|| not_implemented(query, &[a, b]))
        }
        "sweep" => {
            o.only(&["query", "a", "b", "motion", "other_motion"])?;
            let (a, b) = (shape("a")?, shape("b")?);
            out.insert("a".into(), a.name.clone().into());
            out.insert("b".into(), b.name.clone().into());
            let motion = o.vec3_or("motion", Vec3::ZERO)?;
            let other_motion = o.vec3_or("other_motion", Vec3::ZERO)?;
            match dispatch::sweep(&a.shape, motion, &b.shape, other_motion) {
                None => not_implemented(query, &[a, b]),
                Some(None) => Value::Null,
                Some(Some(h)) => json!({
                    "t_first": num(h.t_first), "t_last": num(h.t_last),
                    "point": vec(h.point), "normal": vec(h.normal)
                }),
            }
        }
        "raycast" | "raycast_surface" => {
            o.only(&["query", "shape", "origin", "dir", "max_t"])?;
            let s = shape("shape")?;
            out.insert("shape".into(), s.name.clone().into());
            let ray = Ray::new(o.vec3("origin")?, o.direction("dir")?);
            let max_t = o.real_or("max_t", Real::MAX)?;
            if max_t < 0.0 {
                return Err(at(&o.field_path("max_t"), "must not be negative"));
            }
            match dispatch::raycast(&s.shape, &ray, max_t, query == "raycast_surface") {
                None => not_implemented(query, &[s]),
                Some(None) => Value::Null,
                Some(Some(h)) => {
                    json!({ "t": num(h.t), "point": vec(h.point), "normal": vec(h.normal) })
                }
            }
        }
        "classify" => {
            o.only(&["query", "shape", "plane"])?;
            let s = shape("shape")?;
            out.insert("shape".into(), s.name.clone().into());
            let p = Obj::new(o.require("plane")?, "")?;
            let plane_path = o.field_path("plane");
            let p = Obj {
                path: &plane_path,
                ..p
            };
            p.only(&["normal", "d"])?;
            let plane = Plane::new(p.direction("normal")?, p.real_or("d", 0.0)?);
            match dispatch::classify(&s.shape, &plane) {
                None => not_implemented(query, &[s]),
                Some(side) => match side {
                    Side::Front => "front",
                    Side::Back => "back",
                    Side::Straddle => "straddle",
                }
                .into(),
            }
        }
        "point" => {
            o.only(&["query", "shape", "point"])?;
            let s = shape("shape")?;
            out.insert("shape".into(), s.name.clone().into());
            match dispatch::point(&s.shape, o.vec3("point")?) {
                None => not_implemented("point queries", &[s]),
                Some((contains, distance, closest)) => json!({
                    "contains": contains, "distance": num(distance), "closest_point": vec(closest)
                }),
            }
        }
        other => {
            return Err(at(
                &o.field_path("query"),
                format!(
                    "unknown query `{other}` (known: intersects, distance, closest_points, \
                     contact, raycast, raycast_surface, sweep, classify, point)"
                ),
            ));
        }
    };
    out.insert("result".into(), result);
    Ok(Value::Object(out))
}

/// A number for JSON, which has no infinity or NaN: those become `null`. Written as the
/// shortest decimal that reads back to the same `Real` (`0.4`, not the `0.4000000059604645` of
/// the f32 widened to f64), and `-0` as `0`.
pub fn num(x: Real) -> Value {
    if !x.is_finite() {
        return Value::Null;
    }
    // Rust writes a float as the shortest decimal that reads back to it; JSON writes that
    // decimal's f64 the same way, so the digits survive.
    let shortest: f64 = (x + 0.0).to_string().parse().unwrap_or(f64::NAN);
    serde_json::Number::from_f64(shortest).map_or(Value::Null, Value::Number)
}

fn vec(v: Vec3) -> Value {
    Value::Array(v.to_array().into_iter().map(num).collect())
}

impl From<std::io::Error> for CliError {
    fn from(e: std::io::Error) -> Self {
        CliError(e.to_string())
    }
}

/// The name of shape `i` (its `name` field, else its index), entered in `by_name`; an error at
/// the field for a name that two shapes share.
pub fn shape_name(o: &Obj<'_>, i: usize, by_name: &mut HashMap<String, usize>) -> Result<String> {
    let name = match o.get("name") {
        Some(_) => o.string("name")?.to_string(),
        None => i.to_string(),
    };
    if by_name.insert(name.clone(), i).is_some() {
        return Err(at(
            &o.field_path("name"),
            format!("`{name}` names two shapes"),
        ));
    }
    Ok(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_shortest_and_never_negative_zero() {
        let text = |x: Real| serde_json::to_string(&num(x)).unwrap();
        assert_eq!(text(0.4), "0.4");
        assert_eq!(text(-0.0), "0.0");
        assert_eq!(text(1.0), "1.0");
        assert_eq!(text(Real::MAX), "3.4028235e+38");
        assert_eq!(text(Real::MIN_POSITIVE), "1.1754944e-38");
        assert_eq!(text(Real::NAN), "null");
        assert_eq!(text(Real::NEG_INFINITY), "null");
        // Every written number reads back to the same float.
        for bits in (0..u32::MAX).step_by(9_973) {
            let x = Real::from_bits(bits);
            if x.is_finite() {
                let back: Real = text(x).parse().unwrap();
                assert_eq!(back, x + 0.0, "{x}");
            }
        }
    }
}
