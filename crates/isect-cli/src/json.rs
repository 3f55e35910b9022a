//! Reading values out of JSON with the path of each value, so that a bad value is reported at
//! its place (`shapes[2].radius`).

use std::fmt;

use isect::Real;
use isect::math::{Quat, Vec2, Vec3};
use serde_json::{Map, Value};

/// A message for the user, already saying where the problem is.
#[derive(Debug)]
pub struct CliError(pub String);

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CliError {}

pub type Result<T> = std::result::Result<T, CliError>;

/// Builds an error naming `path` (a JSON path such as `shapes[2].radius`).
pub fn at(path: &str, message: impl fmt::Display) -> CliError {
    CliError(format!("{path}: {message}"))
}

/// Parses JSON text; syntax errors name `source` with line and column.
pub fn parse(text: &str, source: &str) -> Result<Value> {
    serde_json::from_str(text).map_err(|e| {
        let message = e.to_string();
        // serde_json ends its message with " at line L column C"; put the place in front.
        let message = message
            .rsplit_once(" at line ")
            .map_or(message.as_str(), |(head, _)| head);
        CliError(format!("{source}:{}:{}: {message}", e.line(), e.column()))
    })
}

/// A JSON object and its path.
#[derive(Clone, Copy)]
pub struct Obj<'a> {
    pub map: &'a Map<String, Value>,
    pub path: &'a str,
}

impl<'a> Obj<'a> {
    pub fn new(value: &'a Value, path: &'a str) -> Result<Self> {
        value
            .as_object()
            .map(|map| Self { map, path })
            .ok_or_else(|| at(path, format!("expected an object, found {}", kind(value))))
    }

    pub fn field_path(&self, key: &str) -> String {
        if self.path.is_empty() {
            key.to_string()
        } else {
            format!("{}.{key}", self.path)
        }
    }

    pub fn get(&self, key: &str) -> Option<&'a Value> {
        self.map.get(key)
    }

    pub fn require(&self, key: &str) -> Result<&'a Value> {
        self.map
            .get(key)
            .ok_or_else(|| at(&self.field_path(key), "missing"))
    }

    pub fn real(&self, key: &str) -> Result<Real> {
        real(self.require(key)?, &self.field_path(key))
    }

    pub fn real_or(&self, key: &str, default: Real) -> Result<Real> {
        match self.get(key) {
            Some(v) => real(v, &self.field_path(key)),
            None => Ok(default),
        }
    }

    /// A number that must not be negative (radii, extents).
    pub fn non_negative(&self, key: &str) -> Result<Real> {
        let x = self.real(key)?;
        if x < 0.0 {
            return Err(at(
                &self.field_path(key),
                format!("must not be negative, found {x}"),
            ));
        }
        Ok(x)
    }

    pub fn vec3(&self, key: &str) -> Result<Vec3> {
        vec3(self.require(key)?, &self.field_path(key))
    }

    pub fn vec3_or(&self, key: &str, default: Vec3) -> Result<Vec3> {
        match self.get(key) {
            Some(v) => vec3(v, &self.field_path(key)),
            None => Ok(default),
        }
    }

    /// A direction: three numbers, not all zero.
    pub fn direction(&self, key: &str) -> Result<Vec3> {
        let v = self.vec3(key)?;
        if v == Vec3::ZERO {
            return Err(at(&self.field_path(key), "must not be the zero vector"));
        }
        Ok(v)
    }

    /// Checks that the box's `min` is not above its `max` on any axis (2D or 3D: the arrays'
    /// components in order x, y, z), naming the axis at `min`'s path.
    pub fn ordered_bounds<const N: usize>(&self, min: [Real; N], max: [Real; N]) -> Result<()> {
        for (axis, (lo, hi)) in ["x", "y", "z"].iter().zip(min.into_iter().zip(max)) {
            if lo > hi {
                return Err(at(
                    &self.field_path("min"),
                    format!("min.{axis} = {lo} is greater than max.{axis} = {hi}"),
                ));
            }
        }
        Ok(())
    }

    pub fn vec2(&self, key: &str) -> Result<Vec2> {
        vec2(self.require(key)?, &self.field_path(key))
    }

    pub fn vec2_or(&self, key: &str, default: Vec2) -> Result<Vec2> {
        match self.get(key) {
            Some(v) => vec2(v, &self.field_path(key)),
            None => Ok(default),
        }
    }

    /// A 2D direction: two numbers, not both zero.
    pub fn direction2(&self, key: &str) -> Result<Vec2> {
        let v = self.vec2(key)?;
        if v == Vec2::ZERO {
            return Err(at(&self.field_path(key), "must not be the zero vector"));
        }
        Ok(v)
    }

    pub fn bool_or(&self, key: &str, default: bool) -> Result<bool> {
        match self.get(key) {
            None => Ok(default),
            Some(Value::Bool(b)) => Ok(*b),
            Some(v) => Err(at(
                &self.field_path(key),
                format!("expected a boolean, found {}", kind(v)),
            )),
        }
    }

    pub fn string(&self, key: &str) -> Result<&'a str> {
        let value = self.require(key)?;
        value.as_str().ok_or_else(|| {
            at(
                &self.field_path(key),
                format!("expected a string, found {}", kind(value)),
            )
        })
    }

    /// The orientation: `rotation` as a quaternion `[x, y, z, w]` or `euler_degrees` as
    /// `[x, y, z]` (applied in the order X, Y, Z); the identity without either, an error with
    /// both.
    pub fn rotation(&self) -> Result<Quat> {
        if self.get("rotation").is_some() && self.get("euler_degrees").is_some() {
            return Err(at(
                self.path,
                "give either `rotation` or `euler_degrees`, not both",
            ));
        }
        if let Some(v) = self.get("rotation") {
            let path = self.field_path("rotation");
            let q = numbers(v, &path, 4)?;
            let q = Quat::from_xyzw(q[0], q[1], q[2], q[3]);
            if q.length_squared() == 0.0 {
                return Err(at(&path, "the quaternion must not be zero"));
            }
            return Ok(q.normalize());
        }
        if let Some(v) = self.get("euler_degrees") {
            let e = numbers(v, &self.field_path("euler_degrees"), 3)?;
            return Ok(Quat::from_euler(
                isect::glam::EulerRot::XYZ,
                e[0].to_radians(),
                e[1].to_radians(),
                e[2].to_radians(),
            ));
        }
        Ok(Quat::IDENTITY)
    }

    /// Rejects keys other than `allowed`, which are most likely typing mistakes.
    pub fn only(&self, allowed: &[&str]) -> Result<()> {
        for key in self.map.keys() {
            if !allowed.contains(&key.as_str()) {
                return Err(at(
                    &self.field_path(key),
                    format!("unknown field (expected one of: {})", allowed.join(", ")),
                ));
            }
        }
        Ok(())
    }
}

pub fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// A finite number in `Real`'s range.
pub fn real(value: &Value, path: &str) -> Result<Real> {
    let x = value
        .as_f64()
        .ok_or_else(|| at(path, format!("expected a number, found {}", kind(value))))?;
    let r = x as Real;
    if !r.is_finite() {
        return Err(at(path, format!("{x} is out of range")));
    }
    Ok(r)
}

pub fn numbers(value: &Value, path: &str, n: usize) -> Result<Vec<Real>> {
    let items = match value.as_array() {
        Some(items) if items.len() == n => items,
        Some(items) => {
            let m = items.len();
            // A vector of the other dimension is most likely a file of the other dimension.
            let hint = match (n, m) {
                (3, 2) => " (2D shapes need `\"dim\": 2` at the top of the file)",
                (2, 3) => " (this file is 2D: `\"dim\": 2`)",
                _ => "",
            };
            return Err(at(
                path,
                format!("expected an array of {n} numbers, found an array of {m}{hint}"),
            ));
        }
        None => {
            return Err(at(
                path,
                format!("expected an array of {n} numbers, found {}", kind(value)),
            ));
        }
    };
    items
        .iter()
        .enumerate()
        .map(|(i, v)| real(v, &format!("{path}[{i}]")))
        .collect()
}

pub fn vec2(value: &Value, path: &str) -> Result<Vec2> {
    let v = numbers(value, path, 2)?;
    Ok(Vec2::new(v[0], v[1]))
}

pub fn vec3(value: &Value, path: &str) -> Result<Vec3> {
    let v = numbers(value, path, 3)?;
    Ok(Vec3::new(v[0], v[1], v[2]))
}

/// The items of an array at `path`.
pub fn array<'a>(value: &'a Value, path: &str) -> Result<&'a Vec<Value>> {
    value
        .as_array()
        .ok_or_else(|| at(path, format!("expected an array, found {}", kind(value))))
}
