//! Hand cases with exact answers for every pair, both argument orders: each shape has a few
//! instances in the half-plane `x <= 0` that reach the origin (a canonical one and degenerate
//! ones: zero radii, flat boxes, collinear triangles, points); the other shape's instance is
//! mirrored into `x >= 0`, so the two touch at the origin. Moved right by `δ = 2⁻¹⁰` they are
//! exactly `δ` apart, by 1 exactly 1 apart, moved left by `δ` they overlap. Every configuration is
//! also turned by quarter turns and scaled by `2^±60` (exact maps), and the answers must be the
//! same bits. Then shapes inside shapes, and a shape in a concave polygon's notch.

use isect::Real;
use isect::d2::{
    Aabb, Capsule, Circle, ConvexPolygon, Distance, Intersects, Line, Obb, Polygon, Ray, Segment,
    Triangle,
};
use isect::math::{Mat2, Vec2};

use super::common::{Map, TestShape, v};

/// A quarter turn's matrix (axes to axes).
fn quarter() -> Mat2 {
    Mat2::from_cols(Vec2::Y, Vec2::NEG_X)
}

/// Instances in `x <= 0` that hold the origin: the canonical one first, then degenerate ones.
trait Left: TestShape {
    fn left() -> Vec<Self>;
    /// A solid instance around the origin holding the disc of radius 1, if the shape has one.
    fn around() -> Option<Self>;
}

impl Left for Circle {
    fn left() -> Vec<Self> {
        vec![
            Circle::new(v(-1.0, 0.0), 1.0),
            Circle::new(v(0.0, 0.0), 0.0),
        ]
    }
    fn around() -> Option<Self> {
        Some(Circle::new(v(0.5, -0.5), 3.0))
    }
}

impl Left for Aabb {
    fn left() -> Vec<Self> {
        vec![
            Aabb::new(v(-2.0, -1.0), v(0.0, 1.0)),
            Aabb::new(v(-2.0, 0.0), v(0.0, 0.0)),
            Aabb::new(v(0.0, -1.0), v(0.0, 1.0)),
            Aabb::new(v(0.0, 0.0), v(0.0, 0.0)),
        ]
    }
    fn around() -> Option<Self> {
        Some(Aabb::new(v(-2.0, -3.0), v(4.0, 2.0)))
    }
}

impl Left for Obb {
    fn left() -> Vec<Self> {
        vec![
            Obb::new(v(-1.0, 0.0), v(1.0, 1.0), quarter()),
            Obb::new(v(-1.0, 0.0), v(0.0, 1.0), quarter()),
            Obb::new(
                v(-1.0, 0.0),
                v(1.0, 1.0),
                Mat2::from_cols(Vec2::NEG_X, Vec2::Y),
            ),
        ]
    }
    fn around() -> Option<Self> {
        Some(Obb::from_angle(v(0.0, 0.5), v(4.0, 2.5), 0.5))
    }
}

impl Left for Capsule {
    fn left() -> Vec<Self> {
        vec![
            Capsule::new(v(-3.0, 0.0), v(-1.0, 0.0), 1.0),
            Capsule::new(v(-2.0, 0.0), v(0.0, 0.0), 0.0),
            Capsule::new(v(-1.0, 0.0), v(-1.0, 0.0), 1.0),
            Capsule::new(v(-1.0, -2.0), v(-1.0, 3.0), 1.0),
        ]
    }
    fn around() -> Option<Self> {
        Some(Capsule::new(v(-3.0, 0.5), v(3.0, 0.0), 2.0))
    }
}

impl Left for Triangle {
    fn left() -> Vec<Self> {
        vec![
            Triangle::new(v(-2.0, -1.0), v(0.0, 0.0), v(-2.0, 1.0)),
            Triangle::new(v(-2.0, 1.0), v(0.0, 0.0), v(-2.0, -1.0)),
            Triangle::new(v(-2.0, 0.0), v(0.0, 0.0), v(-1.0, 0.0)),
            Triangle::new(v(0.0, 0.0), v(0.0, 0.0), v(0.0, 0.0)),
            Triangle::new(v(0.0, -2.0), v(0.0, 1.0), v(-3.0, 0.0)),
        ]
    }
    fn around() -> Option<Self> {
        Some(Triangle::new(v(-6.0, -4.0), v(6.0, -4.0), v(0.0, 6.0)))
    }
}

impl Left for Segment {
    fn left() -> Vec<Self> {
        vec![
            Segment::new(v(-2.0, 0.0), v(0.0, 0.0)),
            Segment::new(v(0.0, 0.0), v(-2.0, 0.0)),
            Segment::new(v(0.0, 0.0), v(0.0, 0.0)),
            Segment::new(v(0.0, -1.0), v(0.0, 2.0)),
            Segment::new(v(-2.0, -1.0), v(0.0, 0.0)),
        ]
    }
    fn around() -> Option<Self> {
        None
    }
}

impl Left for Ray {
    fn left() -> Vec<Self> {
        vec![
            Ray::new(v(0.0, 0.0), v(-1.0, 0.0)),
            Ray::new(v(0.0, 0.0), v(0.0, 1.0)),
            Ray::new(v(0.0, 0.0), v(-2.0, -1.0)),
            Ray::new(v(0.0, -3.0), v(0.0, 0.5)),
        ]
    }
    fn around() -> Option<Self> {
        None
    }
}

impl Left for Line {
    fn left() -> Vec<Self> {
        vec![
            Line::new(v(0.0, 0.0), Vec2::Y),
            Line::new(v(0.0, 5.0), v(0.0, -3.0)),
        ]
    }
    fn around() -> Option<Self> {
        None
    }
}

impl Left for ConvexPolygon {
    fn left() -> Vec<Self> {
        vec![
            ConvexPolygon::new(vec![v(-2.0, -1.0), v(0.0, -1.0), v(0.0, 1.0), v(-2.0, 1.0)]),
            ConvexPolygon::new(vec![v(0.0, 0.0)]),
            ConvexPolygon::new(vec![v(-2.0, 0.0), v(0.0, 0.0), v(-1.0, 0.0)]),
            ConvexPolygon::new(vec![
                v(-3.0, 0.0),
                v(-2.0, -2.0),
                v(0.0, 0.0),
                v(-2.0, 2.0),
                v(-1.0, 1.0),
            ]),
        ]
    }
    fn around() -> Option<Self> {
        Some(ConvexPolygon::new(vec![
            v(-4.0, -1.0),
            v(-1.0, -4.0),
            v(2.0, -4.0),
            v(4.0, 0.0),
            v(1.0, 4.0),
            v(-3.0, 3.0),
        ]))
    }
}

impl Left for Polygon {
    fn left() -> Vec<Self> {
        let l = [
            v(-2.0, -1.0),
            v(0.0, -1.0),
            v(0.0, 1.0),
            v(-1.0, 1.0),
            v(-1.0, 0.0),
            v(-2.0, 0.0),
        ];
        // A notch whose inner corner is the origin.
        let notch = [
            v(-3.0, -3.0),
            v(-1.0, -3.0),
            v(0.0, 0.0),
            v(-1.0, 3.0),
            v(-3.0, 3.0),
            v(-2.0, 0.0),
        ];
        vec![
            Polygon::new(l.to_vec()).unwrap(),
            Polygon::new(notch.to_vec()).unwrap(),
        ]
    }
    fn around() -> Option<Self> {
        // A star with eight spikes whose inner corners are 3 from the center.
        let points: Vec<Vec2> = (0..16)
            .map(|i| {
                let a = i as Real * core::f64::consts::PI as Real / 8.0;
                let r = if i % 2 == 0 { 6.0 } else { 3.0 };
                v(a.cos(), a.sin()) * r
            })
            .collect();
        Some(Polygon::new(points).unwrap())
    }
}

const DELTA: Real = 1.0 / 1024.0;

fn map_both<A: TestShape, B: TestShape>(a: &A, b: &B, m: &Map) -> (A, B) {
    (
        a.mapped(m).expect("exact map"),
        b.mapped(m).expect("exact map"),
    )
}

/// The touching, apart and overlapping configurations of `a` (left) and `b` (left, to be
/// mirrored), under quarter turns and scalings.
fn touching<A, B>()
where
    A: Left + Intersects<B> + Distance<B>,
    B: Left + Intersects<A> + Distance<A>,
{
    for (i, a) in A::left().into_iter().enumerate() {
        for (j, b) in B::left().into_iter().enumerate() {
            let b = b.mapped(&Map::mirror()).expect("mirrored");
            // Moved left by δ, the canonical instances overlap (unless both lie on the y axis:
            // two vertical lines); degenerate ones may miss each other then (two points).
            let on_axis = |s: &dyn Fn() -> Vec<Vec2>| s().iter().all(|p| p.x == 0.0);
            let overlap =
                i == 0 && j == 0 && !(on_axis(&|| a.samples()) && on_axis(&|| b.samples()));
            for k in [0, -60, 60] {
                let scale = Map::scale(k);
                let f = scale.factor;
                for turns in 0..4 {
                    let turn = Map::quarter(turns);
                    let place = |shift: Real| {
                        let moved = b.mapped(&Map::shift(v(shift, 0.0))).expect("shift");
                        let (a, b) = map_both(&a, &moved, &turn);
                        map_both(&a, &b, &scale)
                    };
                    let case = || format!("{a:?} and {b:?}, turned {turns}, scaled 2^{k}");
                    // Touching at the origin.
                    let (ta, tb) = place(0.0);
                    assert!(
                        ta.intersects(&tb) && tb.intersects(&ta),
                        "touching: {}",
                        case()
                    );
                    let cp = ta.closest_points(&tb);
                    assert_eq!(cp.distance, 0.0, "touching: {}", case());
                    assert_eq!(tb.distance(&ta), 0.0, "touching: {}", case());
                    assert_eq!(cp.a, cp.b, "{}", case());
                    let t = 1e-4 * f;
                    assert!(
                        ta.distance_to_point(cp.a) <= t && tb.distance_to_point(cp.a) <= t,
                        "common point {:?}: {}",
                        cp.a,
                        case()
                    );
                    if overlap {
                        let (oa, ob) = place(-DELTA);
                        assert!(
                            oa.intersects(&ob) && ob.intersects(&oa),
                            "overlapping: {}",
                            case()
                        );
                        assert_eq!(oa.distance(&ob), 0.0, "overlapping: {}", case());
                    }
                    // Apart by δ and by 1: exactly.
                    for gap in [DELTA, 1.0] {
                        let (pa, pb) = place(gap);
                        assert!(
                            !pa.intersects(&pb) && !pb.intersects(&pa),
                            "apart by {gap}: {}",
                            case()
                        );
                        let cp = pa.closest_points(&pb);
                        assert_eq!(cp.distance, gap * f, "apart by {gap}: {}", case());
                        assert_eq!(pb.distance(&pa), gap * f, "apart by {gap}: {}", case());
                        assert_eq!(cp.a.distance(cp.b), gap * f, "points {:?}: {}", cp, case());
                        let t = 1e-4 * f;
                        assert!(
                            pa.distance_to_point(cp.a) <= t && pb.distance_to_point(cp.b) <= t,
                            "points on their shapes {:?}: {}",
                            cp,
                            case()
                        );
                    }
                }
            }
        }
    }
}

/// `small`'s instances shrunk by 2⁻⁴ and placed at the center of `big`'s solid: inside it.
fn inside<A, B>()
where
    A: Left + Intersects<B> + Distance<B>,
    B: Left + Intersects<A> + Distance<A>,
{
    let Some(big) = A::around() else { return };
    for small in B::left() {
        let small = small.mapped(&Map::scale(-4)).expect("scaled");
        assert!(
            big.intersects(&small) && small.intersects(&big),
            "{small:?} inside {big:?}"
        );
        let cp = big.closest_points(&small);
        assert_eq!(cp.distance, 0.0);
        assert_eq!(small.distance(&big), 0.0);
        assert!(
            big.distance_to_point(cp.a) <= 1e-5 && small.distance_to_point(cp.a) <= 1e-5,
            "{cp:?}"
        );
    }
}

/// `B`'s small instances in the notch of a U: apart from it, closer to the notch's walls than
/// to anything else, and inside the U's box.
fn in_notch<B>()
where
    B: Left + Intersects<Polygon> + Distance<Polygon>,
    Polygon: Intersects<B> + Distance<B>,
{
    let u = Polygon::new(vec![
        v(-4.0, -4.0),
        v(4.0, -4.0),
        v(4.0, 4.0),
        v(2.0, 4.0),
        v(2.0, -2.0),
        v(-2.0, -2.0),
        v(-2.0, 4.0),
        v(-4.0, 4.0),
    ])
    .unwrap();
    for small in B::left() {
        let shape = small
            .mapped(&Map::scale(-2))
            .unwrap()
            .mapped(&Map::shift(v(0.25, 0.5)))
            .unwrap();
        if shape.unbounded() {
            continue;
        }
        assert!(
            !u.intersects(&shape) && !shape.intersects(&u),
            "{shape:?} in the notch"
        );
        let d = u.distance(&shape);
        assert!(
            d > 1.0 && d <= 2.5,
            "{shape:?} is {d} from the notch's walls"
        );
        assert_eq!(shape.distance(&u), d);
    }
}

macro_rules! hand_pairs {
    ($($name:ident: $a:ty, $b:ty;)*) => {
        $(
            #[test]
            fn $name() {
                touching::<$a, $b>();
                touching::<$b, $a>();
                inside::<$a, $b>();
                inside::<$b, $a>();
            }
        )*
    };
}

hand_pairs! {
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
    polygon_polygon: Polygon, Polygon;
}

#[test]
fn shapes_in_a_notch_are_apart() {
    in_notch::<Circle>();
    in_notch::<Aabb>();
    in_notch::<Obb>();
    in_notch::<Capsule>();
    in_notch::<Triangle>();
    in_notch::<Segment>();
    in_notch::<ConvexPolygon>();
    in_notch::<Polygon>();
}

/// Parallel sets: collinear segments that overlap, touch end to end or miss by a gap; a line
/// along a box's edge; parallel lines.
#[test]
fn parallel_cases() {
    let s = Segment::new(v(0.0, 0.0), v(4.0, 0.0));
    assert!(s.intersects(&Segment::new(v(3.0, 0.0), v(9.0, 0.0))));
    assert!(s.intersects(&Segment::new(v(4.0, 0.0), v(9.0, 0.0))));
    assert!(
        s.intersects(&Segment::new(v(1.0, 0.0), v(2.0, 0.0))),
        "inside"
    );
    assert!(!s.intersects(&Segment::new(v(5.0, 0.0), v(9.0, 0.0))));
    assert_eq!(s.distance(&Segment::new(v(5.0, 0.0), v(9.0, 0.0))), 1.0);
    assert_eq!(s.distance(&Segment::new(v(1.0, 3.0), v(9.0, 3.0))), 3.0);
    let r = Ray::new(v(6.0, 0.0), v(-1.0, 0.0));
    assert!(r.intersects(&s), "a ray pointing back along the segment");
    assert!(!Ray::new(v(6.0, 0.0), v(1.0, 0.0)).intersects(&s));
    assert_eq!(Ray::new(v(6.0, 0.0), v(1.0, 0.0)).distance(&s), 2.0);
    assert!(
        Ray::new(v(6.0, 0.0), v(1.0, 0.0)).intersects(&Ray::new(v(0.0, 0.0), v(3.0, 0.0))),
        "same way"
    );
    assert!(!Ray::new(v(6.0, 0.0), v(1.0, 0.0)).intersects(&Ray::new(v(0.0, 0.0), v(-3.0, 0.0))));
    let l = Line::new(v(0.0, 1.0), v(1.0, 0.0));
    let b = Aabb::new(v(-1.0, -1.0), v(1.0, 1.0));
    assert!(l.intersects(&b), "along the top edge");
    assert!(!Line::new(v(0.0, 1.0 + DELTA), v(1.0, 0.0)).intersects(&b));
    assert_eq!(
        Line::new(v(0.0, 1.0 + DELTA), v(-3.0, 0.0)).distance(&b),
        DELTA
    );
    assert_eq!(l.distance(&Line::new(v(5.0, -2.0), v(-2.0, 0.0))), 3.0);
    assert!(
        l.intersects(&Line::new(v(5.0, 1.0), v(-2.0, 0.0))),
        "the same line"
    );
}
