//! `ContactManifold` of the convex shapes, rays and lines against a `Polyline`: boxes resting flat across
//! chains of collinear segments (both corners, exact depths), a genuine corner keeping its
//! normal, a tilted box's one point, and properties over random chains and shapes (points on
//! both shapes within half their depth, depths within the contact's, the contact's normal, both
//! orders, exact rigid motions and power-of-two scalings).

use isect::Real;
use isect::d2::{
    Aabb, Capsule, Circle, Contact, ContactManifold, ConvexPolygon, Line, Manifold, Obb,
    PointQuery, Polyline, Ray, Segment, Triangle,
};
use isect::math::{Mat2, Vec2};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

use super::common::{Map, TestShape, tol, v};
use super::polyline_props::polyline;
use super::strategy as st;

/// The points as (point, depth), sorted by x then y.
fn sorted(m: &Manifold) -> Vec<(Vec2, Real)> {
    let mut p: Vec<_> = m.points().iter().map(|p| (p.point, p.depth)).collect();
    p.sort_by(|a, b| a.0.x.total_cmp(&b.0.x).then(a.0.y.total_cmp(&b.0.y)));
    p
}

#[test]
fn box_across_collinear_segments_has_its_two_corners() {
    // Vertices at 1.5 and 2.25 lie under the box; the chain runs either way.
    let pts = vec![v(0.0, 0.0), v(1.5, 0.0), v(2.25, 0.0), v(4.0, 0.0)];
    let boxy = Aabb::new(v(1.0, -0.25), v(3.0, 1.0));
    let want = vec![(v(1.0, -0.125), 0.25), (v(3.0, -0.125), 0.25)];
    for reversed in [false, true] {
        let mut p = pts.clone();
        if reversed {
            p.reverse();
        }
        let chain = Polyline::chain(p).unwrap();
        let m = boxy.contact_manifold(&chain);
        assert_eq!(m.normal, Vec2::Y, "{m:?}");
        assert_eq!(sorted(&m), want);
        let back = chain.contact_manifold(&boxy);
        assert_eq!(back.normal, -Vec2::Y);
        assert_eq!(sorted(&back), want);
        // The same as an Obb and as a polygon of its corners.
        let obb = Obb::from_aabb(&boxy);
        let m = obb.contact_manifold(&chain);
        assert_eq!(m.normal, Vec2::Y, "{m:?}");
        assert_eq!(sorted(&m), want);
        let poly = ConvexPolygon::new(vec![v(1.0, -0.25), v(3.0, -0.25), v(3.0, 1.0), v(1.0, 1.0)]);
        let m = poly.contact_manifold(&chain);
        assert_eq!(m.normal, Vec2::Y, "{m:?}");
        assert_eq!(sorted(&m), want);
    }
}

#[test]
fn box_on_a_shared_vertex_only_gets_the_face_normal() {
    // The box's bottom spans exactly the two segments' shared vertex at x = 2 and no other.
    let chain = Polyline::chain(vec![v(0.0, 0.0), v(2.0, 0.0), v(4.0, 0.0)]).unwrap();
    let boxy = Aabb::new(v(1.5, -0.5), v(2.5, 1.0));
    let m = boxy.contact_manifold(&chain);
    assert_eq!(m.normal, Vec2::Y);
    assert_eq!(sorted(&m), vec![(v(1.5, -0.25), 0.5), (v(2.5, -0.25), 0.5)]);
    // A capsule lying on it: both ends of its core, the depth below the line.
    let cap = Capsule::new(v(1.0, 0.25), v(3.0, 0.25), 0.5);
    let m = cap.contact_manifold(&chain);
    assert_eq!(m.normal, Vec2::Y, "{m:?}");
    assert_eq!(
        sorted(&m),
        vec![(v(1.0, -0.125), 0.25), (v(3.0, -0.125), 0.25)]
    );
}

#[test]
fn a_genuine_corner_keeps_the_corner_normal() {
    // A roof: the apex (2, 1) pokes 1/8 into the box's bottom face.
    let roof = Polyline::chain(vec![v(0.0, 0.0), v(2.0, 1.0), v(4.0, 0.0)]).unwrap();
    let boxy = Aabb::new(v(1.0, 0.875), v(3.0, 2.0));
    let m = boxy.contact_manifold(&roof);
    assert_eq!(m.normal, Vec2::Y, "{m:?}");
    assert_eq!(sorted(&m), vec![(v(2.0, 0.9375), 0.125)]);
    assert_eq!(roof.contact_manifold(&boxy).normal, -Vec2::Y);
    // A step down: the box rests on the upper level and overhangs the drop; the upper
    // segment's face normal, one point per segment end under the box.
    let step = Polyline::chain(vec![v(0.0, 0.0), v(2.0, 0.0), v(2.0, -1.0), v(4.0, -1.0)]).unwrap();
    let boxy = Aabb::new(v(1.0, -0.25), v(3.0, 1.0));
    let m = boxy.contact_manifold(&step);
    let c = boxy.contact(&step).unwrap();
    assert_eq!(m.normal, c.normal);
    for p in m.points() {
        assert!(p.depth >= 0.0 && p.depth <= c.depth, "{m:?} {c:?}");
    }
}

#[test]
fn tilted_box_has_one_point() {
    let chain =
        Polyline::chain(vec![v(-4.0, 0.0), v(-1.0, 0.0), v(0.5, 0.0), v(4.0, 0.0)]).unwrap();
    for angle in [0.3 as Real, 0.5, 1.0, -0.4] {
        let half = v(1.0, 0.5);
        let obb = Obb::new(v(0.25, 0.9), half, Mat2::from_angle(angle));
        let c = obb.contact(&chain);
        let m = obb.contact_manifold(&chain);
        let Some(c) = c else {
            assert!(m.is_empty());
            continue;
        };
        assert_eq!(m.len(), 1, "{angle}: {m:?}");
        assert!((m.normal - Vec2::Y).length() <= tol(1.0), "{m:?}");
        assert!(
            (m.points()[0].depth - c.depth).abs() <= tol(4.0),
            "{m:?} {c:?}"
        );
    }
}

#[test]
fn apart_and_invalid_are_empty() {
    let chain = Polyline::chain(vec![v(0.0, 0.0), v(2.0, 0.0)]).unwrap();
    assert!(
        Circle::new(v(1.0, 2.0), 1.0)
            .contact_manifold(&chain)
            .is_empty()
    );
    assert!(
        chain
            .contact_manifold(&Circle::new(v(1.0, 2.0), 1.0))
            .is_empty()
    );
    assert!(
        Circle::new(v(1.0, Real::NAN), 1.0)
            .contact_manifold(&chain)
            .is_empty()
    );
    assert!(
        Aabb::new(v(1.0, 1.0), v(0.0, 2.0))
            .contact_manifold(&chain)
            .is_empty()
    );
    assert!(
        Circle::new(v(1.0, 0.0), -1.0)
            .contact_manifold(&chain)
            .is_empty()
    );
    // Touching exactly: one point at depth 0.
    let m = Circle::new(v(1.0, 1.0), 1.0).contact_manifold(&chain);
    assert_eq!(m.normal, Vec2::Y);
    assert_eq!(sorted(&m), vec![(v(1.0, 0.0), 0.0)]);
}

#[test]
fn a_parallel_segment_on_another_line_is_not_part_of_the_run() {
    // A zigzag whose first and last segments are parallel (direction (-8, -4)) on lines 2·√5/5
    // apart, crossed by an upright segment (a two-point polygon): the run is the deepest
    // segment's line only. Found by the motion property: with both segments the manifold kept
    // one point at the shallower line's depth (the shape's end projected onto both lines lies at
    // the same place along them), far less than the contact's depth.
    let chain =
        Polyline::chain(vec![v(4.0, 0.0), v(-4.0, -4.0), v(4.0, 2.0), v(-4.0, -2.0)]).unwrap();
    for shift in [0.0, -2.0, 8.0] {
        let moved: Vec<Vec2> = chain
            .vertices()
            .iter()
            .map(|&q| q + v(0.0, shift))
            .collect();
        let chain = Polyline::new(moved, chain.segments().to_vec()).unwrap();
        let stick = ConvexPolygon::new(vec![v(0.0, -2.5 + shift), v(0.0, 6.0 + shift)]);
        let c = stick.contact(&chain).unwrap();
        let m = stick.contact_manifold(&chain);
        assert_eq!(m.normal, c.normal, "{m:?} {c:?}");
        assert_eq!(m.len(), 1, "{m:?}");
        let deepest = m.deepest().unwrap();
        assert!((deepest.depth - c.depth).abs() <= tol(8.0), "{m:?} {c:?}");
    }
}

#[test]
fn rays_and_lines_crossing_and_along_a_flat_chain() {
    // Two collinear segments meeting at x = 2; each case both chain directions, both orders.
    let pts = vec![v(0.0, 0.0), v(2.0, 0.0), v(4.0, 0.0)];
    let up = Vec2::Y;
    type Case = (Box<dyn Fn(&Polyline) -> Manifold>, Vec2, Vec<(Vec2, Real)>);
    let cases: Vec<Case> = vec![
        // A ray from below through the first segment: pushed up by 0.5, one point midway.
        (
            Box::new(move |c| Ray::new(v(1.0, -0.5), up).contact_manifold(c)),
            up,
            vec![(v(1.0, -0.25), 0.5)],
        ),
        // Through the shared vertex: the ghost rule gives the face normal, not the vertex's.
        (
            Box::new(move |c| Ray::new(v(2.0, -0.25), up).contact_manifold(c)),
            up,
            vec![(v(2.0, -0.125), 0.25)],
        ),
        // Along the chain: touching over the overlap, its two ends at depth 0.
        (
            Box::new(move |c| Ray::new(v(-1.0, 0.0), Vec2::X).contact_manifold(c)),
            up,
            vec![(v(0.0, 0.0), 0.0), (v(4.0, 0.0), 0.0)],
        ),
        (
            Box::new(move |c| Ray::new(v(1.0, 0.0), Vec2::X).contact_manifold(c)),
            up,
            vec![(v(1.0, 0.0), 0.0), (v(4.0, 0.0), 0.0)],
        ),
        // Starting on the chain, leaving it: touching at the origin.
        (
            Box::new(move |c| Ray::new(v(1.0, 0.0), up).contact_manifold(c)),
            up,
            vec![(v(1.0, 0.0), 0.0)],
        ),
        // A line across the chain at x = 1 cannot be pushed along y: it leaves by the chain's
        // nearer end, 1 to the left.
        (
            Box::new(move |c| Line::new(v(1.0, -0.5), up).contact_manifold(c)),
            -Vec2::X,
            vec![(v(0.5, 0.0), 1.0)],
        ),
    ];
    for reversed in [false, true] {
        let mut p = pts.clone();
        if reversed {
            p.reverse();
        }
        let chain = Polyline::chain(p).unwrap();
        for (i, (manifold, normal, want)) in cases.iter().enumerate() {
            let m = manifold(&chain);
            assert_eq!(m.normal, *normal, "case {i}: {m:?}");
            assert_eq!(sorted(&m), *want, "case {i}");
        }
        let ray = Ray::new(v(1.0, -0.5), up);
        let back = chain.contact_manifold(&ray);
        assert_eq!(back.normal, -up);
        assert_eq!(sorted(&back), vec![(v(1.0, -0.25), 0.5)]);
        let line = Line::new(v(1.0, -0.5), up);
        assert_eq!(chain.contact_manifold(&line).normal, Vec2::X);
        // Apart, and invalid.
        assert!(
            Ray::new(v(1.0, 1.0), up)
                .contact_manifold(&chain)
                .is_empty()
        );
        assert!(
            Line::new(v(0.0, 1.0), Vec2::X)
                .contact_manifold(&chain)
                .is_empty()
        );
        assert!(
            Ray::new(v(1.0, -1.0), Vec2::ZERO)
                .contact_manifold(&chain)
                .is_empty()
        );
        assert!(
            Line::new(v(Real::NAN, 0.0), up)
                .contact_manifold(&chain)
                .is_empty()
        );
    }
}

/// The properties of the manifold of `shape` against `p`.
fn check<S>(p: &Polyline, shape: &S) -> Result<(), TestCaseError>
where
    S: TestShape + Contact<Polyline> + ContactManifold<Polyline>,
    Polyline: ContactManifold<S>,
{
    let t = tol(shape.magnitude().max(10.0)) * 4.0;
    let m = shape.contact_manifold(p);
    let c = shape.contact(p);
    prop_assert_eq!(m.is_empty(), c.is_none(), "{:?} {:?}", m, c);
    let back = p.contact_manifold(shape);
    prop_assert_eq!(back.normal, -m.normal);
    prop_assert_eq!(sorted(&back), sorted(&m));
    let Some(c) = c else {
        return Ok(());
    };
    prop_assert_eq!(m.normal, c.normal);
    // A straight run takes in segments within 1/1024 of the contact's face normal (the ghost
    // rule's tolerance) and measures each point's depth along that normal, so a point may sit
    // up to that fraction of a segment's length off the midway between shape and segment (a
    // chain that folds back along itself, its two segments 0.003° apart: 1.5e-4 on a length of 9).
    let run = (0..p.segment_count() as u32)
        .map(|i| {
            let s = p.segment(i);
            (s.b - s.a).length()
        })
        .fold(0.0, Real::max)
        / 1024.0;
    for q in m.points() {
        prop_assert!(q.depth >= 0.0 && q.depth <= c.depth + t, "{:?} {:?}", m, c);
        let reach = q.depth * 0.5 + t;
        prop_assert!(
            shape.distance_to_point(q.point) <= reach + run
                && p.distance_to_point(q.point) <= reach + run,
            "point off the shapes: {:?} {:?} ({} and {})",
            m,
            c,
            shape.distance_to_point(q.point),
            p.distance_to_point(q.point)
        );
    }
    Ok(())
}

/// `m` maps `a` onto `b`: the deepest depth, and with `points` the normal, the points and
/// their depths.
fn follows(
    a: &Manifold,
    b: &Manifold,
    map: &Map,
    scale: Real,
    points: bool,
) -> Result<(), TestCaseError> {
    prop_assert_eq!(a.is_empty(), b.is_empty(), "{:?} {:?}", a, b);
    if a.is_empty() {
        return Ok(());
    }
    let (da, db) = (a.deepest().unwrap().depth, b.deepest().unwrap().depth);
    prop_assert!(
        (da * map.factor - db).abs() <= tol(scale),
        "{:?} {:?}",
        a,
        b
    );
    // On random polylines, segments as deep as each other to within rounding (a circle
    // equidistant from two, a centre on a segment's line) may trade places after the map, and
    // with them the normal: only the deepest depth is compared there.
    if !points {
        return Ok(());
    }
    prop_assert!(
        (map.dir(a.normal).normalize() - b.normal).length() <= tol(1.0),
        "{:?} {:?}",
        a,
        b
    );
    prop_assert_eq!(a.len(), b.len(), "{:?} {:?}", a, b);
    let t = tol(scale);
    for p in a.points() {
        let q = map.point(p.point);
        prop_assert!(
            b.points()
                .iter()
                .any(|r| (r.point - q).length() <= t && (r.depth - p.depth * map.factor).abs() <= t),
            "{:?} {:?}",
            a,
            b
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn manifolds_on_random_polylines(
        p in polyline(),
        c in st::circle(),
        b in st::aabb(),
        o in st::obb(),
        k in st::capsule(),
        tr in st::triangle(),
        s in st::segment(),
        h in st::convex_polygon(),
    ) {
        check(&p, &c)?;
        check(&p, &b)?;
        check(&p, &o)?;
        check(&p, &k)?;
        check(&p, &tr)?;
        check(&p, &s)?;
        check(&p, &h)?;
    }

    #[test]
    fn ray_and_line_manifolds_on_random_polylines(
        p in polyline(),
        r in st::ray(),
        l in st::line(),
    ) {
        check(&p, &r)?;
        check(&p, &l)?;
    }

    /// A box resting flat across a straight chain of random segment lengths: the face normal
    /// and the two bottom corners, each exactly as deep as the box sinks.
    #[test]
    fn boxes_rest_flat_on_random_collinear_chains(
        lengths in proptest::collection::vec(prop_oneof![(1i32..64).prop_map(|k| k as Real / 16.0), (1i32..4).prop_map(|k| k as Real * 0.25)], 4..40),
        at in 0.2 as Real..0.8,
        half in ((1i32..32).prop_map(|k| k as Real / 8.0), (1i32..16).prop_map(|k| k as Real / 8.0)),
        sink in (1i32..8).prop_map(|k| k as Real / 8.0),
        turns in 0u8..4,
        reversed in any::<bool>(),
    ) {
        let mut x: Real = 0.0;
        let mut pts = vec![v(0.0, 0.0)];
        for l in &lengths {
            x += l;
            pts.push(v(x, 0.0));
        }
        if reversed {
            pts.reverse();
        }
        // The box's x span inside the chain's, on the grid of 1/16.
        let cx = ((x * at) * 16.0).round() / 16.0;
        prop_assume!(cx - half.0 >= 0.0 && cx + half.0 <= x);
        let depth = half.1 * sink;
        let m = Map::quarter(turns);
        let chain = Polyline::chain(pts.iter().map(|&q| m.point(q)).collect()).unwrap();
        let boxy = Aabb::new(v(cx - half.0, -depth), v(cx + half.0, 2.0 * half.1 - depth))
            .mapped(&m)
            .unwrap();
        let got = boxy.contact_manifold(&chain);
        let want = Manifold::new(Vec2::Y, &[
            isect::d2::ManifoldPoint { point: v(cx - half.0, -depth * 0.5), depth },
            isect::d2::ManifoldPoint { point: v(cx + half.0, -depth * 0.5), depth },
        ]);
        // The corners and the half depth are on the grid; the face normal of a short segment
        // is rounded (normalized), and so are the depths measured along it.
        follows(&want, &got, &m, 4.0 * x, true)?;
        prop_assert!((got.normal - m.dir(Vec2::Y)).length() <= tol(1.0), "{:?}", got);
        for q in got.points() {
            prop_assert!((q.depth - depth).abs() <= tol(x), "{:?} {}", got, depth);
        }
    }

    #[test]
    fn manifolds_follow_exact_rigid_motions_and_scalings(
        p in polyline(),
        b in st::aabb(),
        h in st::convex_polygon(),
        c in st::circle(),
        turns in 0u8..4,
        shift in (-4i32..=4, -4i32..=4),
        k in -3i32..=3,
    ) {
        for map in [Map::quarter(turns), Map::shift(v(shift.0 as Real, shift.1 as Real)), Map::scale(k)] {
            let vs: Vec<Vec2> = p.vertices().iter().map(|&q| map.point(q)).collect();
            let q = Polyline::new(vs, p.segments().to_vec()).unwrap();
            // Near ties between segments (or between a run's points) may be broken differently
            // after rounding: the normal and the deepest depth are compared, not the points.
            let scale = 20.0 * map.factor.max(1.0) + 8.0;
            follows(&b.contact_manifold(&p), &b.mapped(&map).unwrap().contact_manifold(&q), &map, scale, false)?;
            follows(&h.contact_manifold(&p), &h.mapped(&map).unwrap().contact_manifold(&q), &map, scale, false)?;
            follows(&c.contact_manifold(&p), &c.mapped(&map).unwrap().contact_manifold(&q), &map, scale, false)?;
        }
    }
}

// Every convex shape has a manifold against a polyline, both orders.
const _: fn() = || {
    fn bound<S: ContactManifold<Polyline>>()
    where
        Polyline: ContactManifold<S>,
    {
    }
    bound::<Circle>();
    bound::<Aabb>();
    bound::<Obb>();
    bound::<Capsule>();
    bound::<Triangle>();
    bound::<Segment>();
    bound::<ConvexPolygon>();
    bound::<Ray>();
    bound::<Line>();
};
