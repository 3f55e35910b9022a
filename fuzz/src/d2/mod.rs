//! The plane's cases (`isect::d2`): the same six families, checks and tolerances as the 3D
//! cases, over every 2D shape (circle, boxes, capsule, triangle, segment, ray, line, convex and
//! concave polygons, polylines). Points are compared in 3D at `z = 0`.

/// Calls `$body` with `$a` and `$b` bound to the shapes inside two 2D [`Shape`]s (every pair).
macro_rules! pair2 {
    ($x:expr, $y:expr, |$a:ident, $b:ident| $body:expr) => {
        pair2!(@outer $x, $y, $a, $b, $body,
            [Circle, Aabb, Obb, Capsule, Triangle, Segment, Ray, Line, Convex, Polygon, Polyline])
    };
    (@outer $x:expr, $y:expr, $a:ident, $b:ident, $body:expr, [$($k:ident),*]) => {
        match $x {
            $(Shape::$k($a) => pair2!(@inner $y, $a, $b, $body,
                [Circle, Aabb, Obb, Capsule, Triangle, Segment, Ray, Line, Convex, Polygon,
                 Polyline]),)*
        }
    };
    (@inner $y:expr, $a:ident, $b:ident, $body:expr, [$($k:ident),*]) => {
        match $y {
            $(Shape::$k($b) => $body,)*
        }
    };
}

/// Calls `$body` with `$a` bound to the shape inside a 2D [`Shape`].
macro_rules! each2 {
    ($x:expr, |$a:ident| $body:expr) => {
        each2!(@ $x, $a, $body,
            [Circle, Aabb, Obb, Capsule, Triangle, Segment, Ray, Line, Convex, Polygon, Polyline])
    };
    (@ $x:expr, $a:ident, $body:expr, [$($k:ident),*]) => {
        match $x {
            $(Shape::$k($a) => $body,)*
        }
    };
}

mod case;
mod shape;
mod wide;

pub use case::{Case, check};
pub use shape::Shape;
