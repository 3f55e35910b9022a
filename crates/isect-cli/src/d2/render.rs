//! `isect render2d`: a 2D file's shapes and its queries' answers, drawn into a PNG.
//!
//! Every pixel asks the library: a pixel is inside a shape when the shape contains the pixel's
//! center (`contains_point`, exact), and on its outline when the center lies outside within
//! [`OUTLINE_PX`] (`distance_to_point`); a set without an inside (segment, ray, line, polyline)
//! is drawn where the center lies within [`LINE_PX`] of it. So the picture shows what the
//! library answers, not what a rasteriser approximates.

use isect::Real;
use isect::d2::{PointQuery, Segment};
use isect::math::{Vec2, Vec3};
use rayon::prelude::*;
use serde_json::Value;

use crate::d2::dispatch as dispatch2d;
use crate::d2::query::{self as query2d, Answer, File2, Op};
use crate::d2::shapes::Shape2;
use crate::json::{Obj, Result, at};

/// How far outside a solid (in pixels) a pixel center may lie to be drawn as its outline: one
/// pixel, so that every row and column across an edge has exactly one outline pixel.
pub const OUTLINE_PX: Real = 1.0;
/// How far from a segment, ray, line or polyline a pixel center may lie to be drawn on it.
pub const LINE_PX: Real = 0.75;
/// The margin around the fitted view, as a fraction of the larger side of the bounds.
const MARGIN: Real = 0.1;
/// Length of a drawn normal, in pixels.
const NORMAL_PX: Real = 24.0;
/// Radius of a drawn point, in pixels.
const DOT_PX: Real = 3.0;

const BACKGROUND: Vec3 = Vec3::ONE;
/// Ray paths, closest-point segments.
const INK: Vec3 = Vec3::new(0.15, 0.15, 0.15);
/// Normals.
const NORMAL: Vec3 = Vec3::new(0.85, 0.1, 0.1);
/// Hit and contact points.
const POINT: Vec3 = Vec3::new(0.1, 0.1, 0.55);
/// Lines of `classify` queries and the paths of sweeps.
const GUIDE: Vec3 = Vec3::new(0.6, 0.6, 0.6);

/// The colours of shapes without a `color`, in turn.
const PALETTE: [Vec3; 8] = [
    Vec3::new(0.12, 0.47, 0.71),
    Vec3::new(1.0, 0.5, 0.05),
    Vec3::new(0.17, 0.63, 0.17),
    Vec3::new(0.84, 0.15, 0.16),
    Vec3::new(0.58, 0.4, 0.74),
    Vec3::new(0.55, 0.34, 0.29),
    Vec3::new(0.89, 0.47, 0.76),
    Vec3::new(0.74, 0.74, 0.13),
];

/// What is drawn over the shapes.
enum Mark {
    /// A shape's outline (a sweep's shapes at the time of contact).
    Ghost(Shape2, Vec3),
    /// A segment, ray or line, `width` pixels wide.
    Line(Shape2, Real, Vec3),
    /// A disc of `radius` pixels.
    Dot(Vec2, Real, Vec3),
    /// A normal of `NORMAL_PX` pixels from a point.
    Normal(Vec2, Vec2),
}

/// A 2D scene: the file's shapes with their colours and whether they have an inside, and the
/// marks of its queries' answers.
pub struct Scene2 {
    shapes: Vec<(Shape2, Vec3, bool)>,
    marks: Vec<Mark>,
    view: Option<(Vec2, Vec2)>,
    queries: usize,
}

impl Scene2 {
    pub fn shape_count(&self) -> usize {
        self.shapes.len()
    }

    pub fn query_count(&self) -> usize {
        self.queries
    }
}

/// Reads a 2D file (as `isect query` reads it: `"dim": 2`, `shapes`, optional `queries`, and an
/// optional `view` with `min` and `max`) and answers its queries.
pub fn parse_scene(doc: &Value) -> Result<Scene2> {
    let root = Obj::new(doc, "")?;
    if root.get("dim").is_none() || crate::query::dimension(&root)? != 2 {
        return Err(at(
            "dim",
            "render2d draws 2D files, which say `\"dim\": 2` (3D scenes: `isect render`)",
        ));
    }
    let file = query2d::parse(&root)?;
    let mut marks = Vec::new();
    let queries = file.queries.len();
    for q in &file.queries {
        let answer = query2d::evaluate(q, &file.shapes)?;
        marks.extend(marks_of(&file, q, &answer));
    }
    let shapes = file
        .shapes
        .into_iter()
        .enumerate()
        .map(|(i, n)| {
            let solid = has_inside(&n.shape);
            (
                n.shape,
                n.color.unwrap_or(PALETTE[i % PALETTE.len()]),
                solid,
            )
        })
        .collect();
    Ok(Scene2 {
        shapes,
        marks,
        view: file.view,
        queries,
    })
}

/// The marks that draw `answer` to query `q`; none for the queries without a picture
/// (`intersects`, `distance`).
fn marks_of(file: &File2, q: &query2d::Query2, answer: &Answer) -> Vec<Mark> {
    let mut marks = Vec::new();
    let contact = |point: Vec2, normal: Vec2, marks: &mut Vec<Mark>| {
        marks.push(Mark::Normal(point, normal));
        marks.push(Mark::Dot(point, DOT_PX, POINT));
    };
    match (&q.op, answer) {
        (Op::RayCast { ray, max_t, .. }, Answer::Ray(hit, _)) => match hit {
            Some(h) => {
                marks.push(segment(ray.origin, h.point, 1.5, INK));
                marks.push(Mark::Dot(ray.origin, DOT_PX - 1.0, INK));
                contact(h.point, h.normal, &mut marks);
            }
            None => {
                // A miss: the ray up to `max_t`, or all of it.
                let end = ray.origin + ray.dir * *max_t;
                let path = if end.is_finite() {
                    Shape2::Segment(Segment::new(ray.origin, end))
                } else {
                    Shape2::Ray(*ray)
                };
                marks.push(Mark::Line(path, 1.0, GUIDE));
                marks.push(Mark::Dot(ray.origin, DOT_PX - 1.0, INK));
            }
        },
        (_, Answer::Contact(Some(c))) => contact(c.point, c.normal, &mut marks),
        (_, Answer::Manifold(m)) => {
            for p in m.points() {
                contact(p.point, m.normal, &mut marks);
            }
        }
        (_, Answer::Closest(c)) if c.distance.is_finite() => {
            marks.push(segment(c.a, c.b, 1.5, INK));
            marks.push(Mark::Dot(c.a, DOT_PX, POINT));
            marks.push(Mark::Dot(c.b, DOT_PX, POINT));
        }
        (Op::Point { point }, Answer::Point { closest, .. }) if closest.is_finite() => {
            marks.push(segment(*point, *closest, 1.5, INK));
            marks.push(Mark::Dot(*point, DOT_PX, INK));
            marks.push(Mark::Dot(*closest, DOT_PX, POINT));
        }
        (Op::Classify { line }, _) => {
            marks.push(Mark::Line(Shape2::Line(*line), 1.0, GUIDE));
        }
        (
            Op::Sweep {
                motion,
                other_motion,
            },
            Answer::Sweep(hit),
        ) => {
            let b = q.b.unwrap_or(q.a);
            for (i, m) in [(q.a, *motion), (b, *other_motion)] {
                let shape = &file.shapes[i].shape;
                // The path of the shape's box center over the whole motion.
                if let Some(bounds) = dispatch2d::aabb(shape).filter(|b| b.min.is_finite()) {
                    let c = bounds.center();
                    if m != Vec2::ZERO {
                        marks.push(segment(c, c + m, 1.0, GUIDE));
                    }
                }
                if let Some(h) = hit {
                    let color = file.shapes[i].color.unwrap_or(PALETTE[i % PALETTE.len()]);
                    if let Some(moved) = shape.translated(m * h.t_first) {
                        marks.push(Mark::Ghost(moved, color));
                    }
                }
            }
            if let Some(h) = hit {
                contact(h.point, h.normal, &mut marks);
            }
        }
        _ => {}
    }
    marks
}

fn segment(a: Vec2, b: Vec2, width: Real, color: Vec3) -> Mark {
    Mark::Line(Shape2::Segment(Segment::new(a, b)), width, color)
}

/// The view: the file's, or the bounds of the shapes and marks with a margin.
fn fit_view(scene: &Scene2) -> (Vec2, Vec2) {
    if let Some(view) = scene.view {
        return view;
    }
    let mut points: Vec<Vec2> = Vec::new();
    let add_shape = |shape: &Shape2, points: &mut Vec<Vec2>| match shape {
        Shape2::Ray(r) => points.push(r.origin),
        Shape2::Line(l) => points.push(l.origin),
        other => {
            if let Some(b) = dispatch2d::aabb(other) {
                points.extend([b.min, b.max]);
            }
        }
    };
    for (shape, _, _) in &scene.shapes {
        add_shape(shape, &mut points);
    }
    for mark in &scene.marks {
        match mark {
            // A miss's ray and a sweep's path reach far: their start only.
            Mark::Line(Shape2::Segment(s), _, color) if *color == GUIDE => points.push(s.a),
            Mark::Ghost(shape, _) | Mark::Line(shape, _, _) => add_shape(shape, &mut points),
            Mark::Dot(p, _, _) | Mark::Normal(p, _) => points.push(*p),
        }
    }
    let finite = points.into_iter().filter(|p| p.is_finite());
    let (min, max) = finite.fold(
        (Vec2::splat(Real::INFINITY), Vec2::splat(Real::NEG_INFINITY)),
        |(lo, hi), p| (lo.min(p), hi.max(p)),
    );
    if !(min.x <= max.x) {
        return (Vec2::splat(-1.0), Vec2::splat(1.0));
    }
    let size = (max - min).max_element();
    let margin = if size > 0.0 { MARGIN * size } else { 1.0 };
    (min - Vec2::splat(margin), max + Vec2::splat(margin))
}

/// Draws `scene` into 8-bit RGB rows, `width × height`: the view (fitted or given) centered,
/// with the same scale on both axes, `y` up.
pub fn render(scene: &Scene2, width: u32, height: u32) -> Vec<u8> {
    let (min, max) = fit_view(scene);
    let center = (min + max) * 0.5;
    let size = max - min;
    // World units per pixel: the whole view fits.
    let scale = (size.x / width as Real).max(size.y / height as Real);
    let half = Vec2::new(width as Real, height as Real) * 0.5;
    let rows: Vec<Vec<u8>> = (0..height)
        .into_par_iter()
        .map(|y| {
            let mut row = Vec::with_capacity(width as usize * 3);
            for x in 0..width {
                let pixel = Vec2::new(x as Real + 0.5, y as Real + 0.5) - half;
                let p = center + Vec2::new(pixel.x, -pixel.y) * scale;
                let color = shade(scene, p, scale);
                row.extend(
                    color
                        .to_array()
                        .map(|c| (c.clamp(0.0, 1.0) * 255.0 + 0.5) as u8),
                );
            }
            row
        })
        .collect();
    rows.concat()
}

/// The colour at the world point `p`, with `scale` world units per pixel.
fn shade(scene: &Scene2, p: Vec2, scale: Real) -> Vec3 {
    let mut color = BACKGROUND;
    for (shape, c, solid) in &scene.shapes {
        let (inside, distance) = point_of(shape, p);
        if *solid && inside {
            color = BACKGROUND.lerp(*c, 0.35);
        } else if distance <= if *solid { OUTLINE_PX } else { LINE_PX } * scale {
            color = *c * 0.85;
        }
    }
    for mark in &scene.marks {
        let on = match mark {
            Mark::Ghost(shape, c) => {
                let (inside, distance) = point_of(shape, p);
                let on = if has_inside(shape) {
                    !inside && distance <= OUTLINE_PX * scale
                } else {
                    distance <= LINE_PX * scale
                };
                on.then_some(*c)
            }
            Mark::Line(shape, width, c) => {
                (point_of(shape, p).1 <= 0.5 * width * scale).then_some(*c)
            }
            Mark::Dot(q, radius, c) => (q.distance(p) <= radius * scale).then_some(*c),
            Mark::Normal(q, n) => {
                let arrow = Segment::new(*q, *q + *n * (NORMAL_PX * scale));
                (arrow.distance_to_point(p) <= scale).then_some(NORMAL)
            }
        };
        if let Some(c) = on {
            color = c;
        }
    }
    color
}

/// Whether `shape` is a solid (drawn filled) rather than a set of lines.
fn has_inside(shape: &Shape2) -> bool {
    !matches!(
        shape,
        Shape2::Segment(_) | Shape2::Ray(_) | Shape2::Line(_) | Shape2::Polyline(_)
    )
}

/// `(contains_point, distance_to_point)` of `shape` at `p`.
fn point_of(shape: &Shape2, p: Vec2) -> (bool, Real) {
    dispatch2d::point(shape, p).map_or((false, Real::INFINITY), |(inside, d, _)| (inside, d))
}
