//! The invalid-input rule for every 2D query: a NaN or infinite coordinate, a negative radius
//! or extent, `min > max`, a zero direction, a convex polygon without points are the empty set:
//! `false`, `ClosestPoints::NONE` (distance `+∞`, points `NO_POINT`), `Side::Straddle`, the
//! empty bounding volumes. Each check follows a control case with the same partner, so that a
//! `false` means something.

use isect::Real;
use isect::d2::{
    Aabb, Bounded, Capsule, Circle, Classify, ClosestPoints, ConvexPolygon, Distance, Intersects,
    Line, NO_POINT, Obb, PointQuery, Polygon, Ray, Segment, Side, Triangle,
};
use isect::math::{Mat2, Vec2};

use super::common::{Map, TestShape, v};

const NAN: Real = Real::NAN;
const INF: Real = Real::INFINITY;

/// A valid instance touching its mirror image at the origin, and invalid ones.
trait Invalid: TestShape {
    fn valid() -> Self;
    fn invalid() -> Vec<Self>;
}

impl Invalid for Circle {
    fn valid() -> Self {
        Circle::new(v(-1.0, 0.0), 1.0)
    }
    fn invalid() -> Vec<Self> {
        vec![
            Circle::new(v(NAN, 0.0), 1.0),
            Circle::new(v(0.0, INF), 1.0),
            Circle::new(v(-1.0, 0.0), -1.0),
            Circle::new(v(-1.0, 0.0), INF),
            Circle::new(v(-1.0, 0.0), NAN),
        ]
    }
}

impl Invalid for Aabb {
    fn valid() -> Self {
        Aabb::new(v(-2.0, -1.0), v(0.0, 1.0))
    }
    fn invalid() -> Vec<Self> {
        vec![
            Aabb::new(v(NAN, -1.0), v(0.0, 1.0)),
            Aabb::new(v(-2.0, -1.0), v(INF, 1.0)),
            Aabb::new(v(-2.0, 1.0), v(0.0, -1.0)),
            Aabb::EMPTY,
        ]
    }
}

impl Invalid for Obb {
    fn valid() -> Self {
        Obb::new(v(-1.0, 0.0), v(1.0, 1.0), Mat2::IDENTITY)
    }
    fn invalid() -> Vec<Self> {
        vec![
            Obb::new(v(NAN, 0.0), v(1.0, 1.0), Mat2::IDENTITY),
            Obb::new(v(-1.0, 0.0), v(-1.0, 1.0), Mat2::IDENTITY),
            Obb::new(v(-1.0, 0.0), v(1.0, INF), Mat2::IDENTITY),
            Obb::new(
                v(-1.0, 0.0),
                v(1.0, 1.0),
                Mat2::from_cols(v(NAN, 0.0), Vec2::Y),
            ),
        ]
    }
}

impl Invalid for Capsule {
    fn valid() -> Self {
        Capsule::new(v(-3.0, 0.0), v(-1.0, 0.0), 1.0)
    }
    fn invalid() -> Vec<Self> {
        vec![
            Capsule::new(v(NAN, 0.0), v(-1.0, 0.0), 1.0),
            Capsule::new(v(-3.0, 0.0), v(-1.0, -INF), 1.0),
            Capsule::new(v(-3.0, 0.0), v(-1.0, 0.0), -0.5),
            Capsule::new(v(-3.0, 0.0), v(-1.0, 0.0), NAN),
        ]
    }
}

impl Invalid for Triangle {
    fn valid() -> Self {
        Triangle::new(v(-2.0, -1.0), v(0.0, 0.0), v(-2.0, 1.0))
    }
    fn invalid() -> Vec<Self> {
        vec![
            Triangle::new(v(NAN, -1.0), v(0.0, 0.0), v(-2.0, 1.0)),
            Triangle::new(v(-2.0, -1.0), v(0.0, INF), v(-2.0, 1.0)),
            Triangle::new(v(-2.0, -1.0), v(0.0, 0.0), v(-INF, 1.0)),
        ]
    }
}

impl Invalid for Segment {
    fn valid() -> Self {
        Segment::new(v(-2.0, 0.0), v(0.0, 0.0))
    }
    fn invalid() -> Vec<Self> {
        vec![
            Segment::new(v(NAN, 0.0), v(0.0, 0.0)),
            Segment::new(v(-2.0, 0.0), v(INF, 0.0)),
        ]
    }
}

impl Invalid for Ray {
    fn valid() -> Self {
        Ray::new(v(0.0, 0.0), v(-1.0, 0.0))
    }
    fn invalid() -> Vec<Self> {
        vec![
            Ray::new(v(0.0, 0.0), Vec2::ZERO),
            Ray::new(v(NAN, 0.0), v(-1.0, 0.0)),
            Ray::new(v(0.0, 0.0), v(-INF, 0.0)),
        ]
    }
}

impl Invalid for Line {
    fn valid() -> Self {
        Line::new(v(0.0, 0.0), Vec2::Y)
    }
    fn invalid() -> Vec<Self> {
        vec![
            Line::new(v(0.0, 0.0), Vec2::ZERO),
            Line::new(v(0.0, NAN), Vec2::Y),
            Line::new(v(0.0, 0.0), v(0.0, INF)),
        ]
    }
}

impl Invalid for ConvexPolygon {
    fn valid() -> Self {
        ConvexPolygon::new(vec![v(-2.0, -1.0), v(0.0, -1.0), v(0.0, 1.0), v(-2.0, 1.0)])
    }
    fn invalid() -> Vec<Self> {
        vec![
            ConvexPolygon::new(Vec::<Vec2>::new()),
            ConvexPolygon::new(vec![v(-2.0, -1.0), v(NAN, -1.0), v(0.0, 1.0)]),
            ConvexPolygon::new(vec![v(-2.0, -1.0), v(0.0, INF)]),
        ]
    }
}

impl Invalid for Polygon {
    fn valid() -> Self {
        Polygon::new(vec![
            v(-2.0, -1.0),
            v(0.0, -1.0),
            v(0.0, 1.0),
            v(-1.0, 1.0),
            v(-1.0, 0.0),
            v(-2.0, 0.0),
        ])
        .unwrap()
    }
    fn invalid() -> Vec<Self> {
        // A `Polygon` is checked when it is made: there are none.
        Vec::new()
    }
}

fn assert_none(cp: ClosestPoints, what: &str) {
    assert_eq!(cp.distance, INF, "{what}");
    assert_eq!(cp.a, NO_POINT, "{what}");
    assert_eq!(cp.b, NO_POINT, "{what}");
}

/// `A`'s invalid instances against `B`'s valid one (mirrored to touch it), both orders.
fn pair<A, B>()
where
    A: Invalid + Intersects<B> + Distance<B>,
    B: Invalid + Intersects<A> + Distance<A>,
{
    let b = B::valid().mapped(&Map::mirror()).unwrap();
    let a = A::valid();
    assert!(
        a.intersects(&b) && b.intersects(&a),
        "control: {a:?} touches {b:?}"
    );
    assert_eq!(a.distance(&b), 0.0, "control");
    for bad in A::invalid() {
        let what = format!("{bad:?} with {b:?}");
        assert!(!bad.intersects(&b) && !b.intersects(&bad), "{what}");
        assert_eq!(bad.distance(&b), INF, "{what}");
        assert_eq!(b.distance(&bad), INF, "{what}");
        assert_none(bad.closest_points(&b), &what);
        assert_none(b.closest_points(&bad), &what);
    }
}

/// The point queries, classification and bounds of `S`'s invalid instances, and of its valid
/// one at non-finite points.
fn single<S: Invalid + Classify>(bounded: impl Fn(&S) -> Option<(isect::d2::Aabb, Circle)>) {
    let s = S::valid();
    let x_axis = Line::new(Vec2::ZERO, Vec2::X);
    // Every valid instance lies in x <= 0, in front of (left of) this line.
    let far = Line::new(v(10.0, 0.0), Vec2::Y);
    assert!(s.contains_point(s.samples()[0]), "control");
    assert!(s.distance_to_point(v(3.0, 3.0)).is_finite(), "control");
    assert_eq!(s.classify(&far), Side::Front, "control");
    for p in [v(NAN, 0.0), v(0.0, INF), v(-INF, 0.0)] {
        assert_eq!(s.closest_point(p), NO_POINT, "{s:?} at {p}");
        assert_eq!(s.distance_to_point(p), INF, "{s:?} at {p}");
        assert!(!s.contains_point(p), "{s:?} at {p}");
    }
    for bad in S::invalid() {
        for p in [v(-1.0, 0.0), v(0.0, 0.0), v(5.0, 5.0)] {
            assert_eq!(bad.closest_point(p), NO_POINT, "{bad:?} at {p}");
            assert_eq!(bad.distance_to_point(p), INF, "{bad:?} at {p}");
            assert!(!bad.contains_point(p), "{bad:?} at {p}");
        }
        assert_eq!(bad.classify(&x_axis), Side::Straddle, "{bad:?}");
        assert_eq!(bad.classify(&far), Side::Straddle, "{bad:?}");
        if let Some((aabb, circle)) = bounded(&bad) {
            assert_eq!(aabb, Aabb::EMPTY, "{bad:?}");
            assert_eq!(circle, Circle::EMPTY, "{bad:?}");
        }
    }
    // A valid shape against an invalid line straddles.
    assert_eq!(
        s.classify(&Line::new(Vec2::ZERO, Vec2::ZERO)),
        Side::Straddle
    );
    assert_eq!(s.classify(&Line::new(v(NAN, 0.0), Vec2::X)), Side::Straddle);
}

fn bounds<S: Bounded>(s: &S) -> Option<(Aabb, Circle)> {
    Some((s.aabb(), s.bounding_circle()))
}

#[test]
fn single_shapes() {
    single::<Circle>(bounds);
    single::<Aabb>(bounds);
    single::<Obb>(bounds);
    single::<Capsule>(bounds);
    single::<Triangle>(bounds);
    single::<Segment>(bounds);
    single::<Ray>(|_| None);
    single::<Line>(|_| None);
    single::<ConvexPolygon>(bounds);
    single::<Polygon>(bounds);
}

macro_rules! invalid_pairs {
    ($($name:ident: $a:ty, $b:ty;)*) => {
        $(
            #[test]
            fn $name() {
                pair::<$a, $b>();
                pair::<$b, $a>();
            }
        )*
    };
}

invalid_pairs! {
    circle_circle: Circle, Circle;
    circle_aabb: Circle, Aabb;
    circle_obb: Circle, Obb;
    circle_capsule: Circle, Capsule;
    circle_triangle: Circle, Triangle;
    circle_segment: Circle, Segment;
    circle_ray: Circle, Ray;
    circle_line: Circle, Line;
    circle_convex_polygon: Circle, ConvexPolygon;
    circle_polygon: Circle, Polygon;
    aabb_aabb: Aabb, Aabb;
    aabb_obb: Aabb, Obb;
    aabb_capsule: Aabb, Capsule;
    aabb_triangle: Aabb, Triangle;
    aabb_segment: Aabb, Segment;
    aabb_ray: Aabb, Ray;
    aabb_line: Aabb, Line;
    aabb_convex_polygon: Aabb, ConvexPolygon;
    aabb_polygon: Aabb, Polygon;
    obb_obb: Obb, Obb;
    obb_capsule: Obb, Capsule;
    obb_triangle: Obb, Triangle;
    obb_segment: Obb, Segment;
    obb_ray: Obb, Ray;
    obb_line: Obb, Line;
    obb_convex_polygon: Obb, ConvexPolygon;
    obb_polygon: Obb, Polygon;
    capsule_capsule: Capsule, Capsule;
    capsule_triangle: Capsule, Triangle;
    capsule_segment: Capsule, Segment;
    capsule_ray: Capsule, Ray;
    capsule_line: Capsule, Line;
    capsule_convex_polygon: Capsule, ConvexPolygon;
    capsule_polygon: Capsule, Polygon;
    triangle_triangle: Triangle, Triangle;
    triangle_segment: Triangle, Segment;
    triangle_ray: Triangle, Ray;
    triangle_line: Triangle, Line;
    triangle_convex_polygon: Triangle, ConvexPolygon;
    triangle_polygon: Triangle, Polygon;
    segment_segment: Segment, Segment;
    segment_ray: Segment, Ray;
    segment_line: Segment, Line;
    segment_convex_polygon: Segment, ConvexPolygon;
    segment_polygon: Segment, Polygon;
    ray_ray: Ray, Ray;
    ray_line: Ray, Line;
    ray_convex_polygon: Ray, ConvexPolygon;
    ray_polygon: Ray, Polygon;
    line_line: Line, Line;
    line_convex_polygon: Line, ConvexPolygon;
    line_polygon: Line, Polygon;
    convex_polygon_convex_polygon: ConvexPolygon, ConvexPolygon;
    convex_polygon_polygon: ConvexPolygon, Polygon;
}

/// Finite fields whose corners overflow: the box is beyond what the coordinates hold, and
/// answered as the empty set rather than with infinite corners.
#[test]
fn overflowing_corners_are_empty() {
    let huge = Real::MAX;
    let o = Obb::new(v(huge, 0.0), v(huge, 1.0), Mat2::IDENTITY);
    let c = Circle::new(v(0.0, 0.0), 1.0);
    assert!(!o.intersects(&c));
    assert_eq!(o.distance(&c), INF);
    assert_eq!(o.closest_point(v(0.0, 0.0)), NO_POINT);
}
