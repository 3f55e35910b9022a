//! Dispatch over the shape kinds of a pair.

/// Calls `$body` with `$a` and `$b` bound to the shapes inside two [`Shape`]s (every pair).
macro_rules! pair {
    ($x:expr, $y:expr, |$a:ident, $b:ident| $body:expr) => {
        pair!(@outer $x, $y, $a, $b, $body,
            [Sphere, Aabb, Obb, Capsule, Triangle, Segment, Ray, Line, Plane, Hull, Frustum])
    };
    (@outer $x:expr, $y:expr, $a:ident, $b:ident, $body:expr, [$($k:ident),*]) => {
        match $x {
            $(Shape::$k($a) => pair!(@inner $y, $a, $b, $body,
                [Sphere, Aabb, Obb, Capsule, Triangle, Segment, Ray, Line, Plane, Hull,
                 Frustum]),)*
        }
    };
    (@inner $y:expr, $a:ident, $b:ident, $body:expr, [$($k:ident),*]) => {
        match $y {
            $(Shape::$k($b) => $body,)*
        }
    };
}

/// Calls `$body` with `$a` and `$b` for a pair with a distance (not a frustum; `None` for
/// one).
macro_rules! measured_pair {
    ($x:expr, $y:expr, |$a:ident, $b:ident| $body:expr) => {
        solid_pair!(
            $x,
            $y,
            [
                Sphere, Aabb, Obb, Capsule, Triangle, Segment, Ray, Line, Plane, Hull
            ],
            [
                Sphere, Aabb, Obb, Capsule, Triangle, Segment, Ray, Line, Plane, Hull
            ],
            |$a, $b| $body
        )
    };
}

/// Calls `$body` with `$a` and `$b` for a pair of the given kinds (`None` otherwise).
macro_rules! solid_pair {
    ($x:expr, $y:expr, [$($k:ident),*], $ys:tt, |$a:ident, $b:ident| $body:expr) => {
        match $x {
            $(Shape::$k($a) => solid_pair!(@inner $y, $a, $b, $body, $ys),)*
            _ => None,
        }
    };
    (@inner $y:expr, $a:ident, $b:ident, $body:expr, [$($k:ident),*]) => {
        match $y {
            $(Shape::$k($b) => Some($body),)*
            _ => None,
        }
    };
}
