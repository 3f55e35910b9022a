//! Contacts and manifolds of the concave `Polygon` with every shape, both argument orders:
//! hand cases with exact answers (a disc in a notch, a box on a U's floor, a box inside, a
//! segment across a reflex corner, interlocking combs, touching at a corner, degenerate and
//! invalid shapes), the differential test that pins the semantics (a convex `Polygon` answers
//! as the `ConvexPolygon` of the same points), a contact exactly when `intersects`, and
//! invariance under quarter turns, shifts, power-of-two scaling and relabelling.

use isect::Real;
use isect::d2::{
    Aabb, Capsule, Circle, Contact, ContactInfo, ContactManifold, ConvexPolygon, Intersects, Line,
    Manifold, Obb, PointQuery, Polygon, Ray, Segment,
};
use isect::math::Vec2;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

use super::common::{Map, TestShape, tol, v};
use super::{lattice, strategy};

fn poly(points: &[(Real, Real)]) -> Polygon {
    Polygon::new(points.iter().map(|&(x, y)| v(x, y)).collect::<Vec<_>>()).expect("simple")
}

/// A U: the solid `[0, 6] × [0, 4]` less the notch `(2, 4) × (1, 4]`; edges 3 (`x = 4`), 4
/// (the notch's floor, `y = 1`) and 5 (`x = 2`) face the notch.
fn u_shape() -> Polygon {
    poly(&[
        (0.0, 0.0),
        (6.0, 0.0),
        (6.0, 4.0),
        (4.0, 4.0),
        (4.0, 1.0),
        (2.0, 1.0),
        (2.0, 4.0),
        (0.0, 4.0),
    ])
}

#[track_caller]
fn exact(c: Option<ContactInfo>, point: Vec2, normal: Vec2, depth: Real) {
    let c = c.expect("a contact");
    assert_eq!((c.point, c.normal, c.depth), (point, normal, depth));
}

/// Checks both orders of a shape–polygon pair against the expected contact (normal from the
/// polygon towards the shape) and that the manifold agrees with it.
#[track_caller]
fn both<S>(s: &S, p: &Polygon, point: Vec2, normal: Vec2, depth: Real)
where
    S: Contact<Polygon> + ContactManifold<Polygon>,
    Polygon: Contact<S> + ContactManifold<S>,
{
    exact(s.contact(p), point, normal, depth);
    exact(p.contact(s), point, -normal, depth);
    let m = s.contact_manifold(p);
    assert_eq!(m.normal, normal);
    assert_eq!(mean(&m), point);
    assert_eq!(p.contact_manifold(s).normal, -normal);
}

fn mean(m: &Manifold) -> Vec2 {
    m.points().iter().map(|p| p.point).sum::<Vec2>() / m.len() as Real
}

#[test]
fn disc_in_the_notch_presses_on_both_walls() {
    let u = u_shape();
    // Sunk 0.25 into both walls; the first wall in the polygon's order (x = 4) pushes it.
    let ball = Circle::new(v(3.0, 3.0), 1.25);
    both(&ball, &u, v(4.125, 3.0), -Vec2::X, 0.25);
    // Touching both walls exactly: depth 0 at a wall.
    let c = Circle::new(v(3.0, 3.0), 1.0).contact(&u).expect("touching");
    assert_eq!((c.depth, c.normal.x.abs(), c.normal.y), (0.0, 1.0, 0.0));
    // Just clear of both: none.
    assert!(Circle::new(v(3.0, 3.0), 0.999).contact(&u).is_none());
    assert!(
        Circle::new(v(3.0, 3.0), 0.999)
            .contact_manifold(&u)
            .is_empty()
    );
}

#[test]
fn box_resting_on_the_floor_of_a_u_gets_two_points() {
    let u = u_shape();
    let b = Aabb::new(v(2.5, 0.75), v(3.5, 1.75));
    both(&b, &u, v(3.0, 0.875), Vec2::Y, 0.25);
    let m = b.contact_manifold(&u);
    let pts: Vec<_> = m.points().iter().map(|p| (p.point, p.depth)).collect();
    assert_eq!(pts.len(), 2, "{m:?}");
    assert!(pts.contains(&(v(2.5, 0.875), 0.25)) && pts.contains(&(v(3.5, 0.875), 0.25)));
    // Resting exactly: depth 0, still two points.
    let rest = Aabb::new(v(2.5, 1.0), v(3.5, 2.0));
    both(&rest, &u, v(3.0, 1.0), Vec2::Y, 0.0);
    assert_eq!(rest.contact_manifold(&u).len(), 2);
    // The same box as an oriented box and as a convex polygon.
    let o = Obb::new(v(3.0, 1.25), v(0.5, 0.5), isect::math::Mat2::IDENTITY);
    both(&o, &u, v(3.0, 0.875), Vec2::Y, 0.25);
    let cp = ConvexPolygon::new(vec![v(2.5, 0.75), v(3.5, 0.75), v(3.5, 1.75), v(2.5, 1.75)]);
    both(&cp, &u, v(3.0, 0.875), Vec2::Y, 0.25);
}

#[test]
fn box_inside_is_pushed_across_the_nearest_edge() {
    let u = u_shape();
    let b = Aabb::new(v(2.75, 0.25), v(3.25, 0.5));
    both(&b, &u, v(3.0, 0.25), -Vec2::Y, 0.5);
    assert_eq!(b.contact_manifold(&u).len(), 2);
    // A point (a zero-size box, a zero-radius disc) inside: the same edge.
    let dot = Circle::new(v(3.0, 0.25), 0.0);
    both(&dot, &u, v(3.0, 0.125), -Vec2::Y, 0.25);
    let flat = Aabb::new(v(3.0, 0.25), v(3.0, 0.25));
    both(&flat, &u, v(3.0, 0.125), -Vec2::Y, 0.25);
}

#[test]
fn segment_across_a_reflex_corner() {
    let u = u_shape();
    // Through the reflex corner (2, 1): 0.25 past the wall x = 2, 0.5 below the floor; the
    // wall's push, clipped to the wall, leaves the corner.
    let s = Segment::new(v(2.25, 1.5), v(1.75, 0.5));
    both(&s, &u, v(2.0, 1.0), Vec2::X, 0.25);
    both(&Segment::new(s.b, s.a), &u, v(2.0, 1.0), Vec2::X, 0.25);
    // Every push leaves the segment on the outer side of the wall's line.
    let moved = Segment::new(s.a + Vec2::X * 0.25, s.b + Vec2::X * 0.25);
    assert!(moved.a.x >= 2.0 && moved.b.x >= 2.0);
}

#[test]
fn touching_at_a_corner_and_rays_and_lines() {
    let u = u_shape();
    let b = Aabb::new(v(6.0, 4.0), v(7.0, 5.0));
    let c = b.contact(&u).expect("touching");
    assert_eq!(c.depth, 0.0);
    assert!(c.normal == Vec2::X || c.normal == Vec2::Y, "{c:?}");
    assert!(Aabb::new(v(6.0, 4.001), v(7.0, 5.0)).contact(&u).is_none());
    // A horizontal line through the arms: every edge it crosses is upright (an infinite
    // push), so the line's own normal, up past the whole polygon (1 < 3 down).
    let l = Line::new(v(0.0, 3.0), Vec2::X);
    let c = l.contact(&u).expect("crossing");
    assert_eq!((c.normal, c.depth), (Vec2::Y, 1.0));
    // A ray from the notch down through the floor and out at the bottom: up across the floor
    // is infinite, down below the bottom edge's line 2, sideways clear of the polygon 3.
    let r = Ray::new(v(3.0, 2.0), Vec2::NEG_Y);
    both(&r, &u, v(3.0, 1.0), Vec2::NEG_Y, 2.0);
}

/// Two combs of `lattice::comb`, one turned over and lowered into the other's gaps.
#[test]
fn interlocking_combs() {
    let to = |pts: Vec<[i64; 2]>, f: &dyn Fn(Vec2) -> Vec2| {
        Polygon::new(
            pts.iter()
                .map(|p| f(v(p[0] as Real, p[1] as Real)))
                .collect::<Vec<_>>(),
        )
        .expect("simple")
    };
    // Teeth of `a` at x ∈ [2i, 2i+1], y ∈ [2, 5]; `b` turned over, its teeth at
    // x ∈ [2i+1, 2i+2] down to y = 4.25 (its base at y ∈ [7.25, 9.25]): the teeth interlock
    // 0.75 deep, side against side, and the bases do not meet. The least push lifts `b`
    // clear (0.75 up); sideways every push is at least 1.
    let a = to(lattice::comb(&[5, 5, 5]), &|p| p);
    let b = to(lattice::comb(&[5, 5, 5]), &|p| v(6.0 - p.x, 9.25 - p.y));
    assert!(a.intersects(&b));
    let c = b.contact(&a).expect("interlocked");
    let d = a.contact(&b).expect("interlocked");
    assert_eq!((c.depth, c.normal), (d.depth, -d.normal));
    assert_eq!((c.depth, c.normal), (0.75, Vec2::Y));
    let lifted = to(lattice::comb(&[5, 5, 5]), &|p| v(6.0 - p.x, 10.0 - p.y));
    assert!(lifted.contact(&a).is_some_and(|c| c.depth == 0.0));
    assert_eq!(b.contact_manifold(&a).len(), 1);
}

#[test]
fn invalid_shapes_give_nothing() {
    let u = u_shape();
    let nan = Real::NAN;
    assert!(Circle::new(v(nan, 1.0), 1.0).contact(&u).is_none());
    assert!(Circle::new(v(1.0, 1.0), -1.0).contact(&u).is_none());
    assert!(u.contact(&Circle::new(v(1.0, 1.0), nan)).is_none());
    assert!(Aabb::new(v(2.0, 2.0), v(1.0, 1.0)).contact(&u).is_none());
    assert!(
        Segment::new(v(1.0, 1.0), v(nan, 0.0))
            .contact_manifold(&u)
            .is_empty()
    );
    assert!(Ray::new(v(1.0, 1.0), Vec2::ZERO).contact(&u).is_none());
    assert!(
        Line::new(v(1.0, Real::INFINITY), Vec2::X)
            .contact(&u)
            .is_none()
    );
    assert!(
        u.contact_manifold(&Capsule::new(v(1.0, 1.0), v(2.0, 2.0), nan))
            .is_empty()
    );
}

/// Non-lattice star polygons (ties between edges have probability 0).
fn star() -> impl Strategy<Value = Polygon> {
    (
        (-5.0 as Real..5.0, -5.0 as Real..5.0),
        proptest::collection::vec((0.5 as Real..6.0, 0.1 as Real..1.0), 3..12),
    )
        .prop_map(|((x, y), spokes)| lattice::star(v(x, y), &spokes))
}

/// Whether two contacts agree: the depth always; the normal where `full` (an exact map, under
/// which near ties between pushes resolve the same way). Not the point: a single point is a
/// common point of the sets (the overlap test's), which depends on how they are written;
/// `check` bounds it against both shapes instead.
fn close(a: ContactInfo, b: ContactInfo, scale: Real, full: bool) -> Result<(), TestCaseError> {
    let t = tol(scale) * 16.0;
    prop_assert!((a.depth - b.depth).abs() <= t, "{a:?} vs {b:?}");
    if full {
        prop_assert!(a.normal.distance(b.normal) <= t, "{a:?} vs {b:?}");
    }
    Ok(())
}

/// The properties every pair meets, `s` against the polygon `p`.
fn check<S>(s: &S, p: &Polygon) -> Result<(), TestCaseError>
where
    S: TestShape + Contact<Polygon> + ContactManifold<Polygon> + Intersects<Polygon>,
    Polygon: Contact<S>,
{
    let c = s.contact(p);
    prop_assert_eq!(c.is_some(), s.intersects(p));
    prop_assert_eq!(
        p.contact(s).map(|c| (c.depth, -c.normal)),
        c.map(|c| (c.depth, c.normal))
    );
    let m = s.contact_manifold(p);
    let Some(c) = c else {
        prop_assert!(m.is_empty());
        return Ok(());
    };
    let scale = s.magnitude().max(p.magnitude());
    let t = tol(scale) * 16.0;
    prop_assert!((c.normal.length() - 1.0).abs() <= t, "{c:?}");
    prop_assert!(c.depth >= 0.0, "{c:?}");
    prop_assert!(!m.is_empty() && m.normal == c.normal);
    if c.depth.is_finite() {
        prop_assert!(mean(&m).distance(c.point) <= t, "{m:?} {c:?}");
        for q in m.points() {
            let slack = q.depth * 0.5 + t;
            prop_assert!(q.depth <= c.depth + t, "{m:?} {c:?}");
            prop_assert!(p.distance_to_point(q.point) <= slack, "{m:?} {c:?}");
            prop_assert!(s.distance_to_point(q.point) <= slack, "{m:?} {c:?}");
        }
    }
    // Moved: quarter turns, an exact shift, a power-of-two scaling, and the polygon's
    // points relabelled.
    for map in [
        Map::quarter(1),
        Map::quarter(2),
        Map::shift(v(8.0, -4.0)),
        Map::scale(3),
    ] {
        let (Some(ms), Some(mp)) = (s.mapped(&map), p.mapped(&map)) else {
            continue;
        };
        let Some(mc) = ms.contact(&mp) else {
            prop_assert!(false, "lost under {map:?}");
            unreachable!()
        };
        let image = ContactInfo {
            point: map.point(c.point),
            normal: map.dir(c.normal) / map.factor,
            depth: c.depth * map.factor,
        };
        // A shift rounds the coordinates: near ties may go the other way.
        let full = map.translation == Vec2::ZERO;
        close(mc, image, scale * map.factor.max(1.0) + 8.0, full)?;
    }
    // Relabelled (started elsewhere, reversed, closed): equal pushes may be taken in
    // another order, so the depth.
    for q in p.variants() {
        let vc = s.contact(&q);
        prop_assert!(vc.is_some());
        if let Some(vc) = vc {
            close(vc, c, scale, false)?;
        }
    }
    Ok(())
}

/// Compares `s` against the convex `Polygon` and the `ConvexPolygon` of the same points.
fn same_as_convex<S>(s: &S, hull: &ConvexPolygon) -> Result<(), TestCaseError>
where
    S: TestShape + Contact<Polygon> + Contact<ConvexPolygon> + ContactManifold<Polygon>,
    S: ContactManifold<ConvexPolygon>,
{
    let Ok(p) = Polygon::new(hull.vertices().to_vec()) else {
        return Ok(());
    };
    let scale = s.magnitude().max(p.magnitude());
    match (s.contact(&p), s.contact(hull)) {
        (Some(a), Some(b)) => {
            prop_assert!(
                (a.depth - b.depth).abs() <= tol(scale) || a.depth == b.depth,
                "{a:?} vs {b:?}"
            );
            prop_assert!(a.normal.distance(b.normal) <= tol(1.0), "{a:?} vs {b:?}");
            if a.depth.is_finite() {
                prop_assert!(a.point.distance(b.point) <= tol(scale), "{a:?} vs {b:?}");
            }
            prop_assert_eq!(s.contact_manifold(&p).len(), s.contact_manifold(hull).len());
        }
        (a, b) => prop_assert_eq!(a.is_some(), b.is_some()),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn convex_polygon_answers_as_convex_polygon(
        hull in strategy::convex_polygon(),
        c in strategy::circle(), a in strategy::aabb(), o in strategy::obb(),
        k in strategy::capsule(), t in strategy::triangle(), s in strategy::segment(),
        r in strategy::ray(), l in strategy::line(), q in strategy::convex_polygon(),
    ) {
        same_as_convex(&c, &hull)?;
        same_as_convex(&a, &hull)?;
        same_as_convex(&o, &hull)?;
        same_as_convex(&k, &hull)?;
        same_as_convex(&t, &hull)?;
        same_as_convex(&s, &hull)?;
        same_as_convex(&r, &hull)?;
        same_as_convex(&l, &hull)?;
        same_as_convex(&q, &hull)?;
        // Two convex polygons as `Polygon`s.
        if let (Ok(p1), Ok(p2)) = (Polygon::new(hull.vertices().to_vec()), Polygon::new(q.vertices().to_vec())) {
            let (x, y) = (p1.contact(&p2), hull.contact(&q));
            prop_assert_eq!(x.is_some(), y.is_some());
            if let (Some(x), Some(y)) = (x, y) {
                prop_assert!((x.depth - y.depth).abs() <= tol(10.0), "{x:?} vs {y:?}");
                prop_assert!(x.normal.distance(y.normal) <= tol(1.0), "{x:?} vs {y:?}");
            }
        }
    }

    #[test]
    fn concave_polygon_properties(
        p in star(),
        c in strategy::circle(), a in strategy::aabb(), o in strategy::obb(),
        k in strategy::capsule(), t in strategy::triangle(), s in strategy::segment(),
        r in strategy::ray(), l in strategy::line(), q in strategy::convex_polygon(),
        other in star(),
    ) {
        check(&c, &p)?;
        check(&a, &p)?;
        check(&o, &p)?;
        check(&k, &p)?;
        check(&t, &p)?;
        check(&s, &p)?;
        check(&r, &p)?;
        check(&l, &p)?;
        check(&q, &p)?;
        check(&other, &p)?;
    }

    #[test]
    fn lattice_polygons_contact_exactly_when_they_meet(
        p in strategy::polygon(), q in strategy::polygon(), c in strategy::circle(),
        a in strategy::aabb(), s in strategy::segment(), t in strategy::triangle(),
    ) {
        prop_assert_eq!(p.contact(&q).is_some(), p.intersects(&q));
        prop_assert_eq!(c.contact(&p).is_some(), c.intersects(&p));
        prop_assert_eq!(a.contact(&p).is_some(), a.intersects(&p));
        prop_assert_eq!(s.contact(&p).is_some(), s.intersects(&p));
        prop_assert_eq!(t.contact(&p).is_some(), t.intersects(&p));
        // Lattice polygons tie often: equal pushes may be taken in another order.
        if let Some(x) = p.contact(&q) {
            let y = q.contact(&p).expect("symmetric");
            prop_assert!(x.depth == y.depth, "{x:?} vs {y:?}");
        }
    }
}
