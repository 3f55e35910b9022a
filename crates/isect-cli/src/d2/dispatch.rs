//! The 2D queries on two shapes of any kinds, found at compile time as in `dispatch` (the same
//! `probe!` over `isect::d2`'s traits): a pair `isect::d2` gains is answered with no edit here.

// The `&` in `(&Pair(x, y)).method()` is what selects the fallback for a pair the library lacks.
#![expect(clippy::needless_borrow, reason = "the `&` selects the fallback")]

use isect::Real;
use isect::d2::{
    Aabb, Bounded, Classify, ClosestPoints, Contact, ContactInfo, ContactManifold, Distance,
    Intersects, Line, Manifold, PointQuery, Ray, RayCast, RayHit, Side, Sweep, SweepHit,
};
use isect::math::Vec2;

use crate::d2::shapes::{Shape2, with_shape2d};
use crate::dispatch::{One, Pair, probe};

probe!(pair HasIntersects, NoIntersects, intersects_() -> bool,
    where A: Intersects, |a, b| a.intersects(b));
probe!(pair HasDistance, NoDistance, distance_() -> Real,
    where A: Distance, |a, b| a.distance(b));
probe!(pair HasClosest, NoClosest, closest_points_() -> ClosestPoints,
    where A: Distance, |a, b| a.closest_points(b));
probe!(pair HasContact, NoContact, contact_() -> Option<ContactInfo>,
    where A: Contact, |a, b| a.contact(b));
probe!(pair HasManifold, NoManifold, manifold_() -> Manifold,
    where A: ContactManifold, |a, b| a.contact_manifold(b));
probe!(pair HasSweep, NoSweep, sweep_(motion: Vec2, other_motion: Vec2) -> Option<SweepHit>,
    where A: Sweep, |a, b| a.sweep(motion, b, other_motion));
probe!(one HasRayCast, NoRayCast, raycast_(ray: &Ray, max_t: Real, surface: bool) -> Option<RayHit>,
    where A: RayCast, |a| if surface { a.raycast_surface(ray, max_t) } else { a.raycast(ray, max_t) });
probe!(one HasClassify, NoClassify, classify_(line: &Line) -> Side,
    where A: Classify, |a| a.classify(line));
probe!(one HasPointQuery, NoPointQuery, point_(p: Vec2) -> (bool, Real, Vec2),
    where A: PointQuery, |a| (a.contains_point(p), a.distance_to_point(p), a.closest_point(p)));
probe!(one HasBounds, NoBounds, aabb_() -> Aabb,
    where A: Bounded, |a| a.aabb());

/// `None` when `isect::d2` does not implement `Intersects` for the kinds of `a` and `b`.
pub fn intersects(a: &Shape2, b: &Shape2) -> Option<bool> {
    with_shape2d!(a, x => with_shape2d!(b, y => (&Pair(x, y)).intersects_()))
}

pub fn distance(a: &Shape2, b: &Shape2) -> Option<Real> {
    with_shape2d!(a, x => with_shape2d!(b, y => (&Pair(x, y)).distance_()))
}

pub fn closest_points(a: &Shape2, b: &Shape2) -> Option<ClosestPoints> {
    with_shape2d!(a, x => with_shape2d!(b, y => (&Pair(x, y)).closest_points_()))
}

pub fn contact(a: &Shape2, b: &Shape2) -> Option<Option<ContactInfo>> {
    with_shape2d!(a, x => with_shape2d!(b, y => (&Pair(x, y)).contact_()))
}

pub fn manifold(a: &Shape2, b: &Shape2) -> Option<Manifold> {
    with_shape2d!(a, x => with_shape2d!(b, y => (&Pair(x, y)).manifold_()))
}

pub fn sweep(a: &Shape2, motion: Vec2, b: &Shape2, other_motion: Vec2) -> Option<Option<SweepHit>> {
    with_shape2d!(a, x => with_shape2d!(b, y => (&Pair(x, y)).sweep_(motion, other_motion)))
}

pub fn raycast(a: &Shape2, ray: &Ray, max_t: Real, surface: bool) -> Option<Option<RayHit>> {
    with_shape2d!(a, x => (&One(x)).raycast_(ray, max_t, surface))
}

pub fn classify(a: &Shape2, line: &Line) -> Option<Side> {
    with_shape2d!(a, x => (&One(x)).classify_(line))
}

/// `(contains_point, distance_to_point, closest_point)`.
pub fn point(a: &Shape2, p: Vec2) -> Option<(bool, Real, Vec2)> {
    with_shape2d!(a, x => (&One(x)).point_(p))
}

/// The bounding box; `None` for the unbounded kinds (rays, lines).
pub fn aabb(a: &Shape2) -> Option<Aabb> {
    with_shape2d!(a, x => (&One(x)).aabb_())
}

#[cfg(test)]
mod tests {
    use super::*;
    use isect::d2::{Capsule, Circle, ConvexPolygon, Obb, Polygon, Polyline, Segment, Triangle};

    /// One shape of every kind, all near the origin so that some pairs meet and some do not.
    fn samples() -> Vec<Shape2> {
        let v = Vec2::new;
        vec![
            Shape2::Circle(Circle::new(v(0.0, 0.0), 1.0)),
            Shape2::Aabb(Aabb::new(v(1.0, -1.0), v(3.0, 1.0))),
            Shape2::Obb(Obb::from_angle(v(-2.0, 2.0), v(1.0, 0.5), 0.5)),
            Shape2::Capsule(Capsule::new(v(-3.0, -2.0), v(-1.0, -3.0), 0.5)),
            Shape2::Triangle(Triangle::new(v(2.0, 2.0), v(4.0, 2.0), v(3.0, 4.0))),
            Shape2::Segment(Segment::new(v(-4.0, 0.0), v(-1.0, 0.5))),
            Shape2::Ray(Ray::new(v(0.0, 5.0), v(1.0, -0.5))),
            Shape2::Line(Line::new(v(0.0, -4.0), v(1.0, 0.1))),
            Shape2::ConvexPolygon(ConvexPolygon::new(vec![
                v(4.0, -3.0),
                v(6.0, -3.0),
                v(5.0, -1.0),
            ])),
            Shape2::Polygon(
                Polygon::new(vec![
                    v(-6.0, 3.0),
                    v(-3.0, 3.0),
                    v(-3.0, 6.0),
                    v(-4.5, 4.0),
                    v(-6.0, 6.0),
                ])
                .unwrap(),
            ),
            Shape2::Polyline(Box::new(
                Polyline::chain(vec![v(-6.0, -5.0), v(0.0, -5.0), v(0.0, 3.0), v(6.0, 3.0)])
                    .unwrap(),
            )),
        ]
    }

    /// The dispatch passes each pair in its order: both orders agree (the mirror lines), and
    /// `distance` is 0 exactly when `intersects` (the library's contract), for every pair of
    /// kinds that has both.
    #[test]
    fn every_pair_is_passed_in_order() {
        let shapes = samples();
        let mut met = 0;
        for a in &shapes {
            for b in &shapes {
                let pair = format!("{} and {}", a.kind(), b.kind());
                if let (Some(ab), Some(ba)) = (intersects(a, b), intersects(b, a)) {
                    assert_eq!(ab, ba, "{pair}");
                    met += usize::from(ab);
                    if let Some(d) = distance(a, b) {
                        assert_eq!(d == 0.0, ab, "{pair}: distance {d}");
                    }
                }
                if let (Some(ab), Some(ba)) = (closest_points(a, b), closest_points(b, a)) {
                    assert_eq!((ab.a, ab.b), (ba.b, ba.a), "{pair}");
                    // `a` on the first shape, `b` on the second: the order is the call's.
                    let off = |s: &Shape2, p: Vec2| point(s, p).map_or(Real::INFINITY, |q| q.1);
                    assert!(off(a, ab.a) < 1e-4 && off(b, ab.b) < 1e-4, "{pair}: {ab:?}");
                }
                // A shape with itself has no preferred normal (the library picks one).
                if std::ptr::eq(a, b) {
                    continue;
                }
                if let (Some(ab), Some(ba)) = (contact(a, b), contact(b, a)) {
                    assert_eq!(ab.map(|c| -c.normal), ba.map(|c| c.normal), "{pair}");
                }
            }
        }
        // Not a set of strangers: some pairs meet (each with itself at least).
        assert!(met > shapes.len(), "{met}");
    }

    /// Every kind answers the one-shape queries.
    #[test]
    fn every_kind_answers_point_queries_and_ray_casts() {
        let ray = Ray::new(Vec2::new(-10.0, 0.0), Vec2::X);
        for s in samples() {
            assert!(point(&s, Vec2::ZERO).is_some(), "{}", s.kind());
            assert!(
                raycast(&s, &ray, Real::MAX, false).is_some(),
                "{}",
                s.kind()
            );
        }
    }
}
