//! `Polyline` hand cases with exact answers: construction errors, touching a segment and a
//! shared vertex, rays through a vertex, closed loops, zero-length segments, invalid input, and
//! ghost vertices at flat, convex and concave corners.

use isect::Real;
use isect::d2::{
    Aabb, Bounded, Capsule, Circle, Contact, ConvexPolygon, Distance, Intersects, Obb, PointQuery,
    Polyline, PolylineError, Ray, RayCast, Segment, Sweep, Triangle,
};
use isect::math::{Mat2, Vec2};

use super::common::v;

/// Three collinear segments on y = 0 and a riser (shared with `polyline_polygon.rs`).
pub(super) fn floor() -> Polyline {
    // Three collinear segments on y = 0 from x = -2 to x = 4, and a step up at x = 4.
    Polyline::chain(vec![
        v(-2.0, 0.0),
        v(0.0, 0.0),
        v(1.0, 0.0),
        v(4.0, 0.0),
        v(4.0, 2.0),
    ])
    .unwrap()
}

#[test]
fn construction_errors_name_the_bad_input() {
    assert_eq!(
        Polyline::new(vec![], vec![]).unwrap_err(),
        PolylineError::Empty
    );
    assert_eq!(
        Polyline::chain(vec![v(1.0, 1.0)]).unwrap_err(),
        PolylineError::Empty
    );
    assert_eq!(
        Polyline::closed(vec![v(1.0, 1.0)]).unwrap_err(),
        PolylineError::Empty
    );
    assert_eq!(
        Polyline::chain(vec![v(0.0, 0.0), v(Real::NAN, 0.0)]).unwrap_err(),
        PolylineError::NonFiniteVertex { vertex: 1 }
    );
    assert_eq!(
        Polyline::new(vec![v(0.0, 0.0), v(1.0, 0.0)], vec![[0, 1], [1, 2]]).unwrap_err(),
        PolylineError::IndexOutOfRange {
            segment: 1,
            index: 2,
            vertex_count: 2
        }
    );
    let e = PolylineError::IndexOutOfRange {
        segment: 1,
        index: 2,
        vertex_count: 2,
    };
    assert!(e.to_string().contains("segment 1"));
    let p = floor();
    assert!(p.is_valid().is_ok());
    assert_eq!(p.segment_count(), 4);
    assert_eq!(p.aabb(), Aabb::new(v(-2.0, 0.0), v(4.0, 2.0)));
    let c = p.bounding_circle();
    for &q in p.vertices() {
        assert!(q.distance(c.center) <= c.radius);
    }
    assert_eq!(p.segment(3), Segment::new(v(4.0, 0.0), v(4.0, 2.0)));
    assert!(p.heap_bytes() > 0);
    // Two points closed: two segments over each other.
    assert_eq!(
        Polyline::closed(vec![v(0.0, 0.0), v(1.0, 0.0)])
            .unwrap()
            .segments(),
        &[[0, 1], [1, 0]]
    );
}

#[test]
fn touching_a_segment_and_a_shared_vertex() {
    let p = floor();
    // Touching segment 2's face from above.
    let c = Circle::new(v(2.0, 1.0), 1.0);
    assert!(c.intersects(&p) && p.intersects(&c));
    assert_eq!(c.distance(&p), 0.0);
    let apart = Circle::new(v(2.0, 1.5), 1.0);
    assert!(!apart.intersects(&p));
    assert_eq!(apart.distance(&p), 0.5);
    assert_eq!(p.closest_points(&apart).a, v(2.0, 0.0));
    // A box touching the shared vertex (1, 0) with its corner.
    let b = Aabb::new(v(1.0, -2.0), v(3.0, 0.0));
    assert!(b.intersects(&p));
    let below = Aabb::new(v(1.0, -2.0), v(3.0, -0.25));
    assert_eq!(below.distance(&p), 0.25);
    // A segment ending on the step's top corner.
    let s = Segment::new(v(5.0, 3.0), v(4.0, 2.0));
    assert!(s.intersects(&p) && p.intersects(&s));
    assert_eq!(
        Segment::new(v(5.0, 3.0), v(4.5, 2.5)).distance(&p),
        (0.5 as Real).hypot(0.5)
    );
    // Point queries: on a segment, at a vertex, off.
    assert!(p.contains_point(v(0.5, 0.0)) && p.contains_point(v(1.0, 0.0)));
    assert!(!p.contains_point(v(2.0, 1.0)));
    assert_eq!(p.closest_point(v(5.0, 1.0)), v(4.0, 1.0));
    assert_eq!(p.distance_to_point(v(-3.0, 0.0)), 1.0);
    // Every convex shape, touching and apart.
    let tri = Triangle::new(v(0.0, 1.0), v(1.0, 1.0), v(0.5, 0.0));
    assert!(tri.intersects(&p) && p.intersects(&tri));
    let cap = Capsule::new(v(-1.0, 2.0), v(1.0, 2.0), 2.0);
    assert!(cap.intersects(&p));
    assert_eq!(
        Capsule::new(v(-1.0, 3.0), v(1.0, 3.0), 2.0).distance(&p),
        1.0
    );
    let obb = Obb::new(v(2.0, 2.0), v(1.0, 1.0), Mat2::IDENTITY);
    assert_eq!(obb.distance(&p), 1.0);
    let hull = ConvexPolygon::new(vec![v(5.0, 0.0), v(6.0, 0.0), v(6.0, 1.0)]);
    assert_eq!(hull.distance(&p), 1.0);
    assert_eq!(p.distance(&hull), 1.0);
}

#[test]
fn rays_through_a_vertex_hit_once_on_the_right_segment() {
    let p = floor();
    // Straight down onto the shared vertex (1, 0): segments 1 and 2 both hold it; 1 is reported.
    let down = Ray::new(v(1.0, 3.0), v(0.0, -1.0));
    let h = p.raycast_segment(&down, 10.0).unwrap();
    assert_eq!(
        (h.t, h.segment, h.point, h.normal),
        (3.0, 1, v(1.0, 0.0), Vec2::Y)
    );
    assert_eq!(p.raycast(&down, 10.0).unwrap().t, 3.0);
    assert_eq!(p.raycast_surface(&down, 10.0).unwrap().t, 3.0);
    assert!(p.raycast_segment(&down, 2.5).is_none());
    // Along the floor from the left: starts on segment 0.
    let along = Ray::new(v(-1.0, 0.0), v(1.0, 0.0));
    let h = p.raycast_segment(&along, 10.0).unwrap();
    assert_eq!((h.t, h.segment), (0.0, 0));
    // Into the step's riser from the left, above the floor; and its normal faces the ray.
    let h = p
        .raycast_segment(&Ray::new(v(2.0, 1.0), v(2.0, 0.0)), 10.0)
        .unwrap();
    assert_eq!((h.t, h.segment, h.normal), (1.0, 3, Vec2::NEG_X));
    // From behind the riser the normal faces the other way.
    let h = p
        .raycast_segment(&Ray::new(v(6.0, 1.0), v(-1.0, 0.0)), 10.0)
        .unwrap();
    assert_eq!((h.t, h.segment, h.normal), (2.0, 3, Vec2::X));
}

#[test]
fn closed_loops_have_no_inside() {
    let square =
        Polyline::closed(vec![v(0.0, 0.0), v(2.0, 0.0), v(2.0, 2.0), v(0.0, 2.0)]).unwrap();
    assert_eq!(square.segment_count(), 4);
    let inside = Circle::new(v(1.0, 1.0), 0.5);
    assert!(!inside.intersects(&square));
    assert_eq!(inside.distance(&square), 0.5);
    assert!(Circle::new(v(1.0, 1.0), 1.0).intersects(&square));
    // A ray from inside hits the wall, not t = 0.
    let h = square
        .raycast_segment(&Ray::new(v(1.0, 1.0), v(1.0, 0.0)), 10.0)
        .unwrap();
    assert_eq!((h.t, h.segment), (1.0, 1));
    // The closing segment is 3.
    let h = square
        .raycast_segment(&Ray::new(v(1.0, 1.0), v(-1.0, 0.0)), 10.0)
        .unwrap();
    assert_eq!((h.t, h.segment), (1.0, 3));
    // A ray through the corner (2, 2) along the diagonal: segments 1 and 2 share it; 1 reported.
    let h = square
        .raycast_segment(&Ray::new(v(3.0, 3.0), v(-1.0, -1.0)), 10.0)
        .unwrap();
    assert_eq!((h.t, h.segment, h.point), (1.0, 1, v(2.0, 2.0)));
}

#[test]
fn zero_length_segments_are_points() {
    let dot = Polyline::new(vec![v(1.0, 1.0), v(5.0, 5.0)], vec![[0, 0]]).unwrap();
    assert!(dot.contains_point(v(1.0, 1.0)));
    assert!(!dot.contains_point(v(1.0, 1.5)));
    assert_eq!(dot.distance_to_point(v(4.0, 5.0)), 5.0);
    assert!(Circle::new(v(1.0, 2.0), 1.0).intersects(&dot));
    assert!(!Circle::new(v(1.0, 2.5), 1.0).intersects(&dot));
    assert_eq!(Circle::new(v(1.0, 3.0), 1.0).distance(&dot), 1.0);
    assert!(Aabb::new(v(0.0, 0.0), v(1.0, 1.0)).intersects(&dot));
    let h = dot
        .raycast_segment(&Ray::new(v(-1.0, 1.0), v(1.0, 0.0)), 10.0)
        .unwrap();
    assert_eq!((h.t, h.segment, h.point), (2.0, 0, v(1.0, 1.0)));
    assert!(
        dot.raycast_segment(&Ray::new(v(-1.0, 1.5), v(1.0, 0.0)), 10.0)
            .is_none()
    );
    let hit = dot
        .sweep_segment(&Circle::new(v(4.0, 1.0), 1.0), v(-4.0, 0.0))
        .unwrap();
    assert_eq!(hit.segment, 0);
    assert!((hit.t - 0.5).abs() < 1e-5);
    // In a chain, a repeated vertex makes a zero-length segment that changes nothing.
    let chain = Polyline::chain(vec![v(0.0, 0.0), v(1.0, 0.0), v(1.0, 0.0), v(2.0, 0.0)]).unwrap();
    assert_eq!(Circle::new(v(1.0, 2.0), 1.0).distance(&chain), 1.0);
    let c = Circle::new(v(1.0, 0.5), 1.0).contact(&chain).unwrap();
    assert_eq!(c.depth, 0.5);
}

#[test]
fn invalid_input_is_the_empty_set() {
    let p = floor();
    let nan = Real::NAN;
    let inf = Real::INFINITY;
    for c in [
        Circle::new(v(nan, 0.0), 1.0),
        Circle::new(v(0.0, 0.0), -1.0),
        Circle::new(v(inf, 0.0), 1.0),
    ] {
        assert!(!c.intersects(&p) && !p.intersects(&c));
        assert_eq!(c.distance(&p), inf);
        assert!(c.contact(&p).is_none());
        assert!(c.sweep(v(1.0, 0.0), &p, Vec2::ZERO).is_none());
        assert!(p.sweep_segment(&c, v(1.0, 0.0)).is_none());
        let mut n = 0;
        p.contacts(&c, 1.0, |_| n += 1);
        assert_eq!(n, 0);
    }
    let c = Circle::new(v(2.0, 1.0), 1.0);
    assert!(c.sweep(v(nan, 0.0), &p, Vec2::ZERO).is_none());
    assert!(p.sweep_segment(&c, v(inf, 0.0)).is_none());
    let mut n = 0;
    p.contacts(&c, nan, |_| n += 1);
    p.contacts(&c, -1.0, |_| n += 1);
    assert_eq!(n, 0);
    assert!(
        p.raycast(&Ray::new(v(1.0, 3.0), Vec2::ZERO), 10.0)
            .is_none()
    );
    assert!(
        p.raycast(&Ray::new(v(1.0, 3.0), v(nan, -1.0)), 10.0)
            .is_none()
    );
    assert!(
        p.raycast(&Ray::new(v(1.0, 3.0), v(0.0, -1.0)), nan)
            .is_none()
    );
    assert!(
        p.raycast(&Ray::new(v(1.0, 3.0), v(0.0, -1.0)), -1.0)
            .is_none()
    );
    assert!(!p.contains_point(v(nan, 0.0)));
    assert_eq!(p.distance_to_point(v(inf, 0.0)), inf);
    assert!(!p.closest_point(v(nan, 0.0)).is_finite());
    let mut n = 0;
    p.query_aabb(&Aabb::new(v(nan, 0.0), v(1.0, 1.0)), |_| n += 1);
    p.query_aabb(&Aabb::new(v(1.0, 1.0), v(0.0, 0.0)), |_| n += 1);
    assert_eq!(n, 0);
}

#[test]
fn sweeps_name_the_first_segment() {
    let p = floor();
    // A ball falling onto the shared vertex (1, 0): segments 1 and 2 touch at the same time.
    let ball = Circle::new(v(1.0, 3.0), 1.0);
    let hit = p.sweep_segment(&ball, v(0.0, -4.0)).unwrap();
    assert_eq!(hit.segment, 1);
    assert!((hit.t - 0.5).abs() < 1e-5 && (hit.normal - Vec2::Y).length() < 1e-5);
    // The trait: the same first time, and the last time of overlap with any segment.
    let h = ball.sweep(v(0.0, -4.0), &p, Vec2::ZERO).unwrap();
    assert!((h.t_first - 0.5).abs() < 1e-5 && h.t_last == 1.0);
    // Both moving: the polyline rising to meet it, normal from the polyline towards the ball.
    let h = ball.sweep(v(0.0, -2.0), &p, v(0.0, 2.0)).unwrap();
    assert!((h.t_first - 0.5).abs() < 1e-5 && (h.normal - Vec2::Y).length() < 1e-5);
    let m = p.sweep(v(0.0, 2.0), &ball, v(0.0, -2.0)).unwrap();
    assert!((m.normal + Vec2::Y).length() < 1e-5);
    // Sliding right into the step's riser.
    let boxy = Aabb::new(v(0.0, 0.5), v(1.0, 1.5));
    let hit = p.sweep_segment(&boxy, v(6.0, 0.0)).unwrap();
    assert_eq!(hit.segment, 3);
    assert!((hit.t - 0.5).abs() < 1e-5 && (hit.normal - Vec2::NEG_X).length() < 1e-5);
    // Already touching: t = 0.
    assert_eq!(
        p.sweep_segment(&Circle::new(v(2.0, 1.0), 1.0), v(1.0, 0.0))
            .unwrap()
            .t,
        0.0
    );
    // Missing.
    assert!(p.sweep_segment(&ball, v(0.0, 1.0)).is_none());
}

/// Every contact normal of `shape` with `p` within `margin`.
fn normals<S: isect::d2::PolylineShape>(
    p: &Polyline,
    shape: &S,
    margin: Real,
) -> Vec<(u32, Vec2, Real)> {
    let mut out = vec![];
    p.contacts(shape, margin, |c| out.push((c.segment, c.normal, c.depth)));
    out.sort_by_key(|c| c.0);
    out
}

#[test]
fn ghost_vertices_on_a_flat_chain_give_the_face_normal() {
    let p = floor();
    // Centred on the shared vertex (1, 0), and a little to either side of it.
    for x in [1.0, 0.875, 1.125, 0.0, -0.5] {
        let ball = Circle::new(v(x, 0.75), 1.0);
        for (_, n, depth) in normals(&p, &ball, 0.0) {
            assert_eq!((n, depth), (Vec2::Y, 0.25), "x = {x}");
        }
        let c = ball.contact(&p).unwrap();
        assert_eq!((c.normal, c.depth), (Vec2::Y, 0.25));
        let c = p.contact(&ball).unwrap();
        assert_eq!((c.normal, c.depth), (Vec2::NEG_Y, 0.25));
        // A box sunk a quarter into the floor.
        let b = Aabb::new(v(x - 0.5, -0.25), v(x + 0.5, 0.75));
        for (_, n, depth) in normals(&p, &b, 0.0) {
            assert_eq!((n, depth), (Vec2::Y, 0.25), "x = {x}");
        }
    }
    // Below the floor (a segment has two sides): the face normal points down.
    let ball = Circle::new(v(1.0, -0.75), 1.0);
    for (_, n, _) in normals(&p, &ball, 0.0) {
        assert_eq!(n, Vec2::NEG_Y);
    }
    // Within a margin over a vertex: a gap along the face normal.
    let ball = Circle::new(v(1.0, 1.5), 1.0);
    let found = normals(&p, &ball, 1.0);
    assert!(!found.is_empty());
    for (_, n, depth) in found {
        assert_eq!((n, depth), (Vec2::Y, -0.5));
    }
}

#[test]
fn ghost_vertices_keep_convex_corners_and_leave_concave_ones_to_the_neighbour() {
    // A step: floor, riser, top. The top corner (2, 1) is convex from above-right.
    let step = Polyline::chain(vec![v(0.0, 0.0), v(2.0, 0.0), v(2.0, 1.0), v(4.0, 1.0)]).unwrap();
    let corner = Circle::new(v(1.5, 1.5), 1.0);
    let c = corner.contact(&step).unwrap();
    let expected = (v(-0.5, 0.5)).normalize();
    assert!((c.normal - expected).length() < 1e-5, "{c:?}");
    // The concave corner (2, 0): a ball in it touches the floor and the riser's faces only.
    let nook = Circle::new(v(1.5, 0.5), 0.75);
    let found = normals(&step, &nook, 0.0);
    assert_eq!(found.len(), 2, "{found:?}");
    assert_eq!((found[0].0, found[0].1, found[0].2), (0, Vec2::Y, 0.25));
    assert_eq!((found[1].0, found[1].1, found[1].2), (1, Vec2::NEG_X, 0.25));
    // Near a convex corner but over the neighbour's face: the neighbour's face normal only.
    let bend = Polyline::chain(vec![v(-2.0, 0.0), v(0.0, 0.0), v(2.0, -2.0)]).unwrap();
    let ball = Circle::new(v(1.0, 0.0), 1.0);
    let found = normals(&bend, &ball, 0.0);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, 1);
    assert!((found[0].1 - v(1.0, 1.0).normalize()).length() < 1e-6);
}
