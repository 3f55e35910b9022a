//! 2D shapes: checked constructors and `is_valid`, the convex hull of `ConvexPolygon`,
//! `Polygon::new`'s checks (self-intersections named by their edges, too few points, repeats,
//! winding), bounding boxes and circles, and classification against a line.

use isect::d2::{
    Aabb, Bounded, Capsule, Circle, Classify, ConvexPolygon, Line, Obb, PointQuery, Polygon, Ray,
    Segment, Side, Triangle,
};
use isect::math::{Mat2, Vec2};
use isect::{Real, ShapeError};
use proptest::prelude::*;

use super::common::{TestShape, assert_bounds, v};
use super::strategy::{self, point};

const NAN: Real = Real::NAN;
const INF: Real = Real::INFINITY;

#[test]
fn checked_constructors_name_the_field() {
    assert_eq!(
        Circle::try_new(v(0.0, 0.0), -1.0),
        Err(ShapeError::Negative { field: "radius" })
    );
    assert_eq!(
        Circle::try_new(v(NAN, 0.0), 1.0),
        Err(ShapeError::NonFinite { field: "center" })
    );
    assert_eq!(
        Circle::try_new(v(0.0, 0.0), INF),
        Err(ShapeError::NonFinite { field: "radius" })
    );
    assert!(
        Circle::try_new(v(0.0, 0.0), 0.0).is_ok(),
        "a zero radius is a point"
    );
    assert_eq!(
        Aabb::try_new(v(0.0, 1.0), v(1.0, 0.0)),
        Err(ShapeError::MinGreaterThanMax { axis: 1 })
    );
    assert!(
        Aabb::try_new(v(0.0, 1.0), v(0.0, 1.0)).is_ok(),
        "a point box"
    );
    assert_eq!(
        Obb::try_new(v(0.0, 0.0), v(1.0, -1.0), Mat2::IDENTITY),
        Err(ShapeError::Negative {
            field: "half_extents"
        })
    );
    assert_eq!(
        Obb::try_new(
            v(0.0, 0.0),
            v(1.0, 1.0),
            Mat2::from_cols(v(1.0, 0.0), v(1.0, 1.0))
        ),
        Err(ShapeError::NotOrthonormal)
    );
    // A reflection is orthonormal: the point set is a box.
    assert!(
        Obb::try_new(
            v(0.0, 0.0),
            v(1.0, 1.0),
            Mat2::from_cols(v(0.0, 1.0), v(1.0, 0.0))
        )
        .is_ok()
    );
    assert_eq!(
        Capsule::try_new(v(0.0, 0.0), v(1.0, INF), 1.0),
        Err(ShapeError::NonFinite { field: "b" })
    );
    assert_eq!(
        Triangle::try_new(v(0.0, 0.0), v(1.0, 0.0), v(NAN, 1.0)),
        Err(ShapeError::NonFinite { field: "c" })
    );
    assert!(
        Triangle::try_new(v(0.0, 0.0), v(1.0, 0.0), v(2.0, 0.0)).is_ok(),
        "collinear is fine"
    );
    assert_eq!(
        Segment::try_new(v(INF, 0.0), v(0.0, 0.0)),
        Err(ShapeError::NonFinite { field: "a" })
    );
    assert_eq!(
        Ray::try_new(v(0.0, 0.0), Vec2::ZERO),
        Err(ShapeError::ZeroVector { field: "dir" })
    );
    assert_eq!(
        Line::try_new(v(0.0, NAN), Vec2::X),
        Err(ShapeError::NonFinite { field: "origin" })
    );
    assert_eq!(
        ConvexPolygon::try_new(Vec::<Vec2>::new()),
        Err(ShapeError::Empty)
    );
    assert_eq!(
        ConvexPolygon::try_new(vec![v(0.0, 0.0), v(1.0, NAN)]),
        Err(ShapeError::NonFinitePoint { index: 1 })
    );
    assert!(ConvexPolygon::new(vec![v(0.0, NAN)]).vertices().is_empty());
}

#[test]
fn convex_polygon_keeps_the_strict_corners_counter_clockwise() {
    // A square given clockwise, with a repeated corner, a point on an edge and one inside.
    let p = ConvexPolygon::new(vec![
        v(0.0, 2.0),
        v(2.0, 2.0),
        v(2.0, 2.0),
        v(2.0, 0.0),
        v(1.0, 0.0),
        v(0.0, 0.0),
        v(1.0, 1.0),
    ]);
    assert_eq!(
        p.vertices(),
        &[v(0.0, 0.0), v(2.0, 0.0), v(2.0, 2.0), v(0.0, 2.0)]
    );
    // Degenerate hulls: a point, collinear points (the two ends).
    assert_eq!(
        ConvexPolygon::new(vec![v(1.0, 1.0); 3]).vertices(),
        &[v(1.0, 1.0)]
    );
    assert_eq!(
        ConvexPolygon::new(vec![v(1.0, 1.0), v(3.0, 3.0), v(0.0, 0.0), v(2.0, 2.0)]).vertices(),
        &[v(0.0, 0.0), v(3.0, 3.0)]
    );
}

proptest! {
    /// Every input point is in the hull (exactly), every corner is an input point, and the
    /// corners turn strictly left.
    #[test]
    fn convex_polygon_is_the_hull(points in proptest::collection::vec(point(), 1..20)) {
        let hull = ConvexPolygon::new(points.clone());
        let corners = hull.vertices();
        for &p in &points {
            prop_assert!(hull.contains_point(p), "{} not in the hull {:?}", p, corners);
        }
        for c in corners {
            prop_assert!(points.contains(c));
        }
        let n = corners.len();
        if n >= 3 {
            for i in 0..n {
                let t = Triangle::new(corners[i], corners[(i + 1) % n], corners[(i + 2) % n]);
                prop_assert_eq!(t.orientation(), 1, "not strictly convex at {}", i);
            }
        }
    }
}

#[test]
fn polygon_rejects_self_intersections_naming_the_edges() {
    // A bow tie: edges 0 and 2 cross.
    let bow = vec![v(0.0, 0.0), v(2.0, 2.0), v(2.0, 0.0), v(0.0, 2.0)];
    assert_eq!(
        Polygon::new(bow),
        Err(ShapeError::SelfIntersecting { edges: [0, 2] })
    );
    // A vertex touching a non-neighbouring edge (closed sets: touching is meeting): edge 0
    // meets both edges at that vertex, 2 and 3.
    let touch = vec![
        v(0.0, 0.0),
        v(4.0, 0.0),
        v(4.0, 4.0),
        v(2.0, 0.0),
        v(0.0, 4.0),
    ];
    let error = Polygon::new(touch);
    assert!(
        matches!(
            error,
            Err(ShapeError::SelfIntersecting { edges: [0, 2 | 3] })
        ),
        "{error:?}"
    );
    // A chain folding back on itself: neighbouring edges 1 and 2 overlap (and edge 3 starts
    // on edge 1).
    let fold = vec![
        v(0.0, 0.0),
        v(4.0, 0.0),
        v(4.0, 4.0),
        v(4.0, 2.0),
        v(0.0, 4.0),
    ];
    let error = Polygon::new(fold);
    assert!(
        matches!(
            error,
            Err(ShapeError::SelfIntersecting { edges: [1, 2 | 3] })
        ),
        "{error:?}"
    );
    // All collinear: no area; in a triangle every two edges are neighbours, so only the fold
    // test sees it (at the extreme corners).
    let flat = Polygon::new(vec![v(0.0, 0.0), v(1.0, 1.0), v(2.0, 2.0)]);
    assert!(
        matches!(
            flat,
            Err(ShapeError::SelfIntersecting {
                edges: [1, 2] | [0, 2] | [0, 1]
            })
        ),
        "{flat:?}"
    );
    // The same point visited twice (a figure eight through it).
    let eight = vec![
        v(0.0, 0.0),
        v(2.0, 0.0),
        v(1.0, 1.0),
        v(2.0, 2.0),
        v(0.0, 2.0),
        v(1.0, 1.0),
    ];
    assert!(matches!(
        Polygon::new(eight),
        Err(ShapeError::SelfIntersecting { .. })
    ));
    // Edges indexed in the input, repeats included: edge 3 starts at input point 3.
    let bow_with_repeat = vec![
        v(0.0, 0.0),
        v(0.0, 0.0),
        v(2.0, 2.0),
        v(2.0, 0.0),
        v(0.0, 2.0),
    ];
    assert_eq!(
        Polygon::new(bow_with_repeat),
        Err(ShapeError::SelfIntersecting { edges: [0, 3] })
    );
}

#[test]
fn polygon_input_errors() {
    assert_eq!(Polygon::new(Vec::<Vec2>::new()), Err(ShapeError::Empty));
    assert_eq!(
        Polygon::new(vec![v(0.0, 0.0), v(1.0, 0.0)]),
        Err(ShapeError::TooFewPoints { count: 2 })
    );
    assert_eq!(
        Polygon::new(vec![v(0.0, 0.0), v(1.0, 0.0), v(1.0, 0.0), v(0.0, 0.0)]),
        Err(ShapeError::TooFewPoints { count: 2 })
    );
    assert_eq!(
        Polygon::new(vec![v(0.0, 0.0), v(1.0, 0.0), v(INF, 1.0)]),
        Err(ShapeError::NonFinitePoint { index: 2 })
    );
    let message = ShapeError::SelfIntersecting { edges: [1, 4] }.to_string();
    assert!(message.contains('1') && message.contains('4'), "{message}");
}

#[test]
fn polygon_keeps_counter_clockwise_drops_repeats_keeps_collinear() {
    let ccw = vec![
        v(0.0, 0.0),
        v(2.0, 0.0),
        v(2.0, 1.0),
        v(1.0, 1.0),
        v(0.0, 1.0),
    ];
    let p = Polygon::new(ccw.clone()).unwrap();
    assert_eq!(p.points(), &ccw[..], "collinear (1, 1) kept");
    assert_eq!(p.area(), 2.0);
    let mut cw = ccw.clone();
    cw.reverse();
    let q = Polygon::new(cw).unwrap();
    assert_eq!(q.area(), 2.0, "reversed to counter-clockwise");
    let mut closed = ccw.clone();
    closed.insert(2, v(2.0, 0.0));
    closed.push(v(0.0, 0.0));
    assert_eq!(
        Polygon::new(closed).unwrap().points(),
        &ccw[..],
        "repeats dropped"
    );
}

proptest! {
    /// Lattice stars, combs and spirals are simple: accepted, counter-clockwise, and their
    /// boxes and circles hold them.
    #[test]
    fn lattice_polygons_are_accepted(p in super::lattice::any_polygon()) {
        prop_assert!(p.area() > 0.0);
        assert_bounds(&p);
    }

    /// A polygon with one point moved onto another edge is rejected.
    #[test]
    fn pinched_polygons_are_rejected(points in super::lattice::lattice_points(), i in 0usize..64, j in 0usize..64) {
        let n = points.len();
        let (i, j) = (i % n, j % n);
        prop_assume!(i != j && (i + 1) % n != j && (j + 1) % n != i);
        // Move point i onto point j: the boundary then passes twice through that point.
        let mut pinched = super::lattice::to_vec2(&points);
        pinched[i] = pinched[j];
        let result = Polygon::new(pinched);
        prop_assert!(matches!(result, Err(ShapeError::SelfIntersecting { .. })), "{:?}", result);
    }
}

#[test]
fn bounding_volumes_of_hand_shapes() {
    let t = Triangle::new(v(0.0, 0.0), v(4.0, 0.0), v(0.0, 4.0));
    assert_eq!(t.aabb(), Aabb::new(v(0.0, 0.0), v(4.0, 4.0)));
    // Right angle: the circle on the hypotenuse.
    assert_eq!(
        t.bounding_circle(),
        Circle::new(v(2.0, 2.0), (8.0 as Real).sqrt())
    );
    // Acute: the circumcircle of an equilateral-ish triangle is smaller than any side's.
    let acute = Triangle::new(v(0.0, 0.0), v(4.0, 0.0), v(2.0, 3.0));
    let c = acute.bounding_circle();
    assert!((c.center - v(2.0, 5.0 / 6.0)).length() < 1e-5, "{c:?}");
    let quarter = Obb::new(
        v(1.0, 1.0),
        v(2.0, 1.0),
        Mat2::from_cols(Vec2::Y, Vec2::NEG_X),
    );
    assert_eq!(quarter.aabb(), Aabb::new(v(0.0, -1.0), v(2.0, 3.0)));
    assert_eq!(
        Capsule::new(v(0.0, 0.0), v(4.0, 0.0), 1.0).aabb(),
        Aabb::new(v(-1.0, -1.0), v(5.0, 1.0))
    );
    assert_eq!(
        Capsule::new(v(0.0, 0.0), v(4.0, 0.0), 1.0).bounding_circle(),
        Circle::new(v(2.0, 0.0), 3.0)
    );
    assert_eq!(
        Segment::new(v(1.0, 1.0), v(1.0, 1.0)).bounding_circle(),
        Circle::new(v(1.0, 1.0), 0.0)
    );
    // Invalid shapes bound nothing.
    assert_eq!(Circle::new(v(0.0, 0.0), -1.0).aabb(), Aabb::EMPTY);
    assert_eq!(
        Circle::new(v(NAN, 0.0), 1.0).bounding_circle(),
        Circle::EMPTY
    );
    assert_eq!(ConvexPolygon::new(Vec::<Vec2>::new()).aabb(), Aabb::EMPTY);
    assert_eq!(
        Obb::new(v(0.0, 0.0), v(-1.0, 1.0), Mat2::IDENTITY).bounding_circle(),
        Circle::EMPTY
    );
}

proptest! {
    #[test]
    fn bounds_hold_the_shapes(
        c in strategy::circle(), b in strategy::aabb(), o in strategy::obb(), k in strategy::capsule(),
        t in strategy::triangle(), s in strategy::segment(), h in strategy::convex_polygon(),
        p in strategy::polygon(),
    ) {
        assert_bounds(&c);
        assert_bounds(&b);
        assert_bounds(&o);
        assert_bounds(&k);
        assert_bounds(&t);
        assert_bounds(&s);
        assert_bounds(&h);
        assert_bounds(&p);
    }
}

#[test]
fn classify_hand_cases() {
    let x_axis = Line::new(v(0.0, 0.0), v(3.0, 0.0));
    // Front is to the left of dir: above the x axis.
    assert_eq!(Circle::new(v(0.0, 2.0), 1.0).classify(&x_axis), Side::Front);
    assert_eq!(Circle::new(v(0.0, -2.0), 1.0).classify(&x_axis), Side::Back);
    assert_eq!(
        Circle::new(v(0.0, 2.0), 2.0).classify(&x_axis),
        Side::Straddle,
        "touching"
    );
    assert_eq!(
        Circle::new(v(0.0, 0.0), 0.0).classify(&x_axis),
        Side::Straddle,
        "a point on it"
    );
    let flipped = Line::new(v(5.0, 0.0), v(-1.0, 0.0));
    assert_eq!(Circle::new(v(0.0, 2.0), 1.0).classify(&flipped), Side::Back);
    assert_eq!(
        Aabb::new(v(-1.0, 0.0), v(1.0, 1.0)).classify(&x_axis),
        Side::Straddle,
        "an edge on it"
    );
    assert_eq!(
        Aabb::new(v(-1.0, 1.0), v(1.0, 1.0)).classify(&x_axis),
        Side::Front,
        "flat"
    );
    assert_eq!(
        Triangle::new(v(0.0, -1.0), v(1.0, -1.0), v(2.0, -1.0)).classify(&x_axis),
        Side::Back
    );
    assert_eq!(
        Segment::new(v(0.0, 1.0), v(5.0, 0.0)).classify(&x_axis),
        Side::Straddle
    );
    assert_eq!(
        Capsule::new(v(0.0, 2.0), v(5.0, 3.0), 2.0).classify(&x_axis),
        Side::Straddle
    );
    assert_eq!(
        Ray::new(v(0.0, 1.0), v(1.0, 0.0)).classify(&x_axis),
        Side::Front,
        "parallel"
    );
    assert_eq!(
        Ray::new(v(0.0, 1.0), v(1.0, -1e-30)).classify(&x_axis),
        Side::Straddle,
        "reaches it far away"
    );
    assert_eq!(
        Line::new(v(0.0, -1.0), v(-2.0, 0.0)).classify(&x_axis),
        Side::Back
    );
    assert_eq!(
        Line::new(v(0.0, -1.0), v(-2.0, 1e-30)).classify(&x_axis),
        Side::Straddle
    );
    let square = ConvexPolygon::new(vec![v(0.0, 1.0), v(1.0, 1.0), v(1.0, 2.0)]);
    assert_eq!(square.classify(&x_axis), Side::Front);
    let notch = Polygon::new(vec![
        v(0.0, -3.0),
        v(2.0, -3.0),
        v(1.0, -2.0),
        v(2.0, -1.0),
        v(0.0, -1.0),
    ])
    .unwrap();
    assert_eq!(notch.classify(&x_axis), Side::Back);
    // Invalid input straddles (the conservative answer for culling).
    assert_eq!(
        Circle::new(v(0.0, 2.0), -1.0).classify(&x_axis),
        Side::Straddle
    );
    assert_eq!(
        Circle::new(v(0.0, 2.0), 1.0).classify(&Line::new(v(0.0, 0.0), Vec2::ZERO)),
        Side::Straddle
    );
    assert_eq!(
        Ray::new(v(0.0, 2.0), v(NAN, 1.0)).classify(&x_axis),
        Side::Straddle
    );
}

/// The exact side of a sample (by a zero-radius circle, whose classification is exact).
fn sample_sides<S: TestShape>(shape: &S, line: &Line) -> (bool, bool) {
    let (mut front, mut back) = (false, false);
    for p in shape.samples() {
        match Circle::new(p, 0.0).classify(line) {
            Side::Front => front = true,
            Side::Back => back = true,
            Side::Straddle => {
                front = true;
                back = true;
            }
        }
    }
    (front, back)
}

proptest! {
    /// A shape classified Front has no sample behind or on the line, and vice versa.
    #[test]
    fn classify_agrees_with_samples(
        t in strategy::triangle(), b in strategy::aabb(), o in strategy::obb(), s in strategy::segment(),
        p in strategy::polygon(), h in strategy::convex_polygon(), line in strategy::line(),
    ) {
        fn check<S: TestShape + Classify>(shape: &S, line: &Line) -> Result<(), TestCaseError> {
            let (front, back) = sample_sides(shape, line);
            match shape.classify(line) {
                Side::Front => prop_assert!(!back, "{:?} Front but a sample is not", shape),
                Side::Back => prop_assert!(!front, "{:?} Back but a sample is not", shape),
                Side::Straddle => {}
            }
            Ok(())
        }
        check(&t, &line)?;
        check(&b, &line)?;
        check(&o, &line)?;
        check(&s, &line)?;
        check(&p, &line)?;
        check(&h, &line)?;
    }
}

use proptest::test_runner::TestCaseError;
