//! Contacts of every pair of 2D shapes but the concave polygon, both argument orders: hand
//! cases with exact answers (discs, boxes, capsules, segments, rays and lines; touching at depth
//! 0; coincident centers; crossing lines), and properties on random pairs: a contact exactly
//! when the shapes meet, the same contact from either side with the normal turned round, and
//! the depth the least push along the normal: pushed by it the shapes touch, pushed a little
//! more they are apart, a little less they still overlap.

use isect::Real;
use isect::d2::{
    Aabb, Capsule, Circle, Contact, ContactInfo, ConvexPolygon, Distance, Intersects, Line, Obb,
    PointQuery, Ray, Segment, Triangle,
};
use isect::math::{Mat2, Vec2};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

use super::common::{Map, TestShape, tol, v};
use super::strategy;

#[track_caller]
fn assert_contact(c: Option<ContactInfo>, point: Vec2, normal: Vec2, depth: Real) {
    let c = c.expect("a contact");
    assert_eq!((c.point, c.normal, c.depth), (point, normal, depth));
}

#[test]
fn discs_and_boxes() {
    let a = Circle::new(v(0.0, 0.0), 2.0);
    let b = Circle::new(v(3.0, 0.0), 2.0);
    assert_contact(a.contact(&b), v(1.5, 0.0), -Vec2::X, 1.0);
    assert_contact(b.contact(&a), v(1.5, 0.0), Vec2::X, 1.0);
    // Touching: depth 0 at the touching point; apart: none.
    let t = Circle::new(v(4.0, 0.0), 2.0);
    assert_contact(a.contact(&t), v(2.0, 0.0), -Vec2::X, 0.0);
    assert!(a.contact(&Circle::new(v(4.5, 0.0), 2.0)).is_none());
    // Coincident centers: any direction, depth the sum of the radii.
    let c = a.contact(&Circle::new(v(0.0, 0.0), 1.0)).unwrap();
    assert_eq!(c.depth, 3.0);
    assert_eq!(c.normal.length(), 1.0);

    // A disc sunk 1 into a box's top face.
    let floor = Aabb::new(v(-10.0, -4.0), v(10.0, 0.0));
    let ball = Circle::new(v(1.0, 1.0), 2.0);
    assert_contact(ball.contact(&floor), v(1.0, -0.5), Vec2::Y, 1.0);
    assert_contact(floor.contact(&ball), v(1.0, -0.5), -Vec2::Y, 1.0);
    // A disc whose center is inside the box: pushed out through the nearest face.
    let deep = Circle::new(v(8.0, -1.0), 0.5);
    let c = deep.contact(&floor).unwrap();
    assert_eq!((c.normal, c.depth), (Vec2::Y, 1.5));

    // Two boxes: the least overlap, on x.
    let b1 = Aabb::new(v(0.0, 0.0), v(4.0, 4.0));
    let b2 = Aabb::new(v(3.0, 1.0), v(7.0, 3.0));
    let c = b2.contact(&b1).unwrap();
    assert_eq!((c.normal, c.depth), (Vec2::X, 1.0));
    assert!(
        b1.contains_point(c.point) && b2.contains_point(c.point),
        "{c:?}"
    );
    let c = b1.contact(&b2).unwrap();
    assert_eq!((c.normal, c.depth), (-Vec2::X, 1.0));
    // Resting face to face: depth 0.
    let on = Aabb::new(v(1.0, 4.0), v(2.0, 5.0));
    assert_eq!(on.contact(&b1).unwrap().depth, 0.0);
    let obb = Obb::new(v(5.0, 2.0), v(2.0, 1.0), Mat2::IDENTITY);
    let c = obb.contact(&b1).unwrap();
    assert_eq!((c.normal, c.depth), (Vec2::X, 1.0));
    // A triangle's corner in a box, and a convex polygon.
    let tri = Triangle::new(v(2.0, 3.0), v(6.0, 8.0), v(-2.0, 8.0));
    let c = tri.contact(&b1).unwrap();
    assert_eq!((c.normal, c.depth), (Vec2::Y, 1.0));
    let poly = ConvexPolygon::new(vec![v(2.0, 3.0), v(6.0, 8.0), v(-2.0, 8.0)]);
    assert_eq!(poly.contact(&b1), tri.contact(&b1));
}

#[test]
fn capsules_segments_rays_lines() {
    let cap = Capsule::new(v(-5.0, 0.0), v(5.0, 0.0), 1.0);
    let ball = Circle::new(v(0.0, 1.5), 1.0);
    assert_contact(ball.contact(&cap), v(0.0, 0.75), Vec2::Y, 0.5);
    let other = Capsule::new(v(0.0, 1.5), v(0.0, 10.0), 1.0);
    assert_contact(other.contact(&cap), v(0.0, 0.75), Vec2::Y, 0.5);
    // A capsule whose core crosses the other's: pushed out sideways or up, whichever is less.
    let cross = Capsule::new(v(4.0, -2.0), v(4.0, 2.0), 0.5);
    let c = cross.contact(&cap).unwrap();
    assert_eq!((c.normal, c.depth), (Vec2::X, 2.5));

    let b = Aabb::new(v(0.0, 0.0), v(4.0, 4.0));
    // A segment stuck 1 into the left face: pushed out left.
    let s = Segment::new(v(-3.0, 2.0), v(1.0, 2.0));
    assert_contact(s.contact(&b), v(0.5, 2.0), -Vec2::X, 1.0);
    assert_contact(b.contact(&s), v(0.5, 2.0), Vec2::X, 1.0);
    // A ray through the box: no push along it separates them, so up or down by 2.
    let r = Ray::new(v(3.0, 2.0), -Vec2::X);
    let c = r.contact(&b).unwrap();
    assert_eq!((c.normal.x, c.normal.y.abs(), c.depth), (0.0, 1.0, 2.0));
    // A ray that starts in the box and points away: pushed back past its origin.
    let out = Ray::new(v(1.0, 2.0), -Vec2::X);
    let c = out.contact(&b).unwrap();
    assert_eq!((c.normal, c.depth), (-Vec2::X, 1.0));
    // A ray leaving the box upwards from inside: pushed down under it... or sideways, which is
    // less: 1 from x = 3 to the right face.
    let up = Ray::new(v(3.0, 2.0), Vec2::Y);
    let c = up.contact(&b).unwrap();
    assert_eq!((c.normal, c.depth), (Vec2::X, 1.0));
    // A line through the box: pushed out to the nearer side.
    let l = Line::new(v(0.0, 3.0), Vec2::X);
    let c = l.contact(&b).unwrap();
    assert_eq!((c.normal, c.depth), (Vec2::Y, 1.0));
    // A line and a circle touching.
    let c = Line::new(v(0.0, 2.0), Vec2::X)
        .contact(&Circle::new(Vec2::ZERO, 2.0))
        .unwrap();
    assert_eq!((c.point, c.normal, c.depth), (v(0.0, 2.0), Vec2::Y, 0.0));
    // Crossing lines: no translation separates them.
    let c = Line::new(Vec2::ZERO, Vec2::X)
        .contact(&Line::new(Vec2::ZERO, Vec2::Y))
        .unwrap();
    assert_eq!(c.depth, Real::INFINITY);
    // Crossing segments: the shorter way off (right by 1, not left by 3).
    let c = Segment::new(v(-1.0, 0.0), v(3.0, 0.0))
        .contact(&Segment::new(v(0.0, -5.0), v(0.0, 5.0)))
        .unwrap();
    assert_eq!((c.normal, c.depth), (Vec2::X, 1.0));
}

#[test]
#[allow(
    clippy::excessive_precision,
    reason = "the f64 reproduction's digits, rounded in f32"
)]
fn circle_centred_on_a_rotated_segment_is_pushed_across_it() {
    // Found by the contact property (f64): the center is the midpoint of a flat Obb's segment
    // along a rotated axis; the cores' distance rounded above 0 while their closest points were
    // equal, and the contact took the fallback normal +y, along which the push (the radius)
    // leaves the circle overlapping the segment's upper end. The least push is across the
    // segment, by the radius.
    let c = v(-3.0, 3.0);
    let axis = v(0.17293625856416994, -0.9849330182676518);
    let rotation = Mat2::from_cols(axis.perp(), axis);
    let half = 1.6672982614231837;
    let circle = Circle::new(c, 3.9216150300635513);
    let flat = Obb::new(c, v(0.0, half), rotation);
    let segment = Segment::new(c - axis * half, c + axis * half);
    for got in [circle.contact(&flat), circle.contact(&segment)] {
        let got = got.expect("a contact");
        assert!(
            got.normal.dot(axis).abs() <= 1e-6,
            "normal across the segment: {got:?}"
        );
        assert!((got.depth - circle.radius).abs() <= 1e-5, "{got:?}");
        let pushed = Circle::new(c + got.normal * (got.depth * 1.001), circle.radius);
        assert!(!pushed.intersects(&segment), "{got:?}");
    }
}

#[test]
fn invalid_contacts_are_none() {
    let good = Circle::new(Vec2::ZERO, 1.0);
    assert!(good.contact(&Circle::new(v(Real::NAN, 0.0), 1.0)).is_none());
    assert!(good.contact(&Circle::new(Vec2::ZERO, -1.0)).is_none());
    assert!(good.contact(&Aabb::new(v(1.0, 1.0), v(0.0, 0.0))).is_none());
    assert!(Line::new(Vec2::ZERO, Vec2::ZERO).contact(&good).is_none());
    assert!(
        good.contact(&Ray::new(Vec2::ZERO, v(Real::INFINITY, 0.0)))
            .is_none()
    );
    assert!(
        Segment::new(v(0.0, Real::NAN), Vec2::ZERO)
            .contact(&good)
            .is_none()
    );
}

/// The properties of the contact of `a` with `b`.
fn check_contact<A, B>(a: &A, b: &B) -> Result<(), TestCaseError>
where
    A: TestShape + Contact<B> + Intersects<B> + Distance<B>,
    B: TestShape + Contact<A> + PointQuery,
{
    let scale = a.magnitude().max(b.magnitude());
    let t = tol(scale);
    let c = a.contact(b);
    let d = b.contact(a);
    prop_assert_eq!(
        c.is_some(),
        a.intersects(b),
        "contact exactly when they meet"
    );
    let (Some(c), Some(d)) = (c, d) else {
        prop_assert!(d.is_none());
        return Ok(());
    };
    prop_assert!(c.depth >= 0.0, "{:?}", c);
    prop_assert!(
        (c.normal.length() - 1.0).abs() <= 1e-3,
        "unit normal {:?}",
        c
    );
    if c.depth.is_infinite() || d.depth.is_infinite() {
        // Only lines that cross another line or a ray's carrier cannot be pushed apart.
        prop_assert_eq!(c.depth, d.depth);
        prop_assert!(a.unbounded() && b.unbounded(), "infinite depth {:?}", c);
        return Ok(());
    }
    prop_assert!((c.depth - d.depth).abs() <= t, "orders: {:?} vs {:?}", c, d);
    // The point lies in the overlap, give or take the depth (halfway between the surfaces).
    prop_assert!(
        a.distance_to_point(c.point) <= c.depth + t && b.distance_to_point(c.point) <= c.depth + t,
        "point off the overlap: {:?}",
        c
    );
    prop_assert!(
        (c.point - d.point).length() <= t || c.depth > 0.0,
        "touching point"
    );
    let pushed = |by: Real| a.mapped(&Map::shift(c.normal * by));
    if let Some(p) = pushed(c.depth + 8.0 * t) {
        prop_assert!(
            !p.intersects(b) || p.distance(b) > 0.0,
            "still overlapping after the push: {:?}",
            c
        );
    }
    if let Some(p) = pushed(c.depth) {
        prop_assert!(p.distance(b) <= 4.0 * t, "apart after the push: {:?}", c);
    }
    if c.depth > 16.0 * t {
        if let Some(p) = pushed(c.depth - 8.0 * t) {
            prop_assert!(p.intersects(b), "apart before the full push: {:?}", c);
        }
    }
    Ok(())
}

macro_rules! contact_props {
    ($($name:ident: $a:expr, $b:expr;)*) => {
        proptest! {
            #![proptest_config(ProptestConfig::with_cases(96))]
            $(
                #[test]
                fn $name(a in $a, b in $b) {
                    check_contact(&a, &b)?;
                    check_contact(&b, &a)?;
                }
            )*
        }
    };
}

contact_props! {
    contact_circle_circle: strategy::circle(), strategy::circle();
    contact_circle_aabb: strategy::circle(), strategy::aabb();
    contact_circle_obb: strategy::circle(), strategy::obb();
    contact_circle_capsule: strategy::circle(), strategy::capsule();
    contact_circle_triangle: strategy::circle(), strategy::triangle();
    contact_circle_segment: strategy::circle(), strategy::segment();
    contact_circle_ray: strategy::circle(), strategy::ray();
    contact_circle_line: strategy::circle(), strategy::line();
    contact_circle_convex_polygon: strategy::circle(), strategy::convex_polygon();
    contact_aabb_aabb: strategy::aabb(), strategy::aabb();
    contact_aabb_obb: strategy::aabb(), strategy::obb();
    contact_aabb_capsule: strategy::aabb(), strategy::capsule();
    contact_aabb_triangle: strategy::aabb(), strategy::triangle();
    contact_aabb_segment: strategy::aabb(), strategy::segment();
    contact_aabb_ray: strategy::aabb(), strategy::ray();
    contact_aabb_line: strategy::aabb(), strategy::line();
    contact_aabb_convex_polygon: strategy::aabb(), strategy::convex_polygon();
    contact_obb_obb: strategy::obb(), strategy::obb();
    contact_obb_capsule: strategy::obb(), strategy::capsule();
    contact_obb_triangle: strategy::obb(), strategy::triangle();
    contact_obb_segment: strategy::obb(), strategy::segment();
    contact_obb_ray: strategy::obb(), strategy::ray();
    contact_obb_line: strategy::obb(), strategy::line();
    contact_obb_convex_polygon: strategy::obb(), strategy::convex_polygon();
    contact_capsule_capsule: strategy::capsule(), strategy::capsule();
    contact_capsule_triangle: strategy::capsule(), strategy::triangle();
    contact_capsule_segment: strategy::capsule(), strategy::segment();
    contact_capsule_ray: strategy::capsule(), strategy::ray();
    contact_capsule_line: strategy::capsule(), strategy::line();
    contact_capsule_convex_polygon: strategy::capsule(), strategy::convex_polygon();
    contact_triangle_triangle: strategy::triangle(), strategy::triangle();
    contact_triangle_segment: strategy::triangle(), strategy::segment();
    contact_triangle_ray: strategy::triangle(), strategy::ray();
    contact_triangle_line: strategy::triangle(), strategy::line();
    contact_triangle_convex_polygon: strategy::triangle(), strategy::convex_polygon();
    contact_segment_segment: strategy::segment(), strategy::segment();
    contact_segment_ray: strategy::segment(), strategy::ray();
    contact_segment_line: strategy::segment(), strategy::line();
    contact_segment_convex_polygon: strategy::segment(), strategy::convex_polygon();
    contact_ray_ray: strategy::ray(), strategy::ray();
    contact_ray_line: strategy::ray(), strategy::line();
    contact_ray_convex_polygon: strategy::ray(), strategy::convex_polygon();
    contact_line_line: strategy::line(), strategy::line();
    contact_line_convex_polygon: strategy::line(), strategy::convex_polygon();
    contact_convex_polygon_convex_polygon: strategy::convex_polygon(), strategy::convex_polygon();
}
