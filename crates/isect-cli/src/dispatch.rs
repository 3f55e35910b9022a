//! Runs a query on two shapes of any kinds, finding at compile time whether isect implements it
//! for the pair ("autoref specialisation": for concrete types, a method on `Pair<A, B>` whose
//! impl needs `A: Trait<B>` is preferred over the fallback on `&Pair<A, B>`, which says "not
//! implemented"). So a pair the library gains is answered here with no edit.

// The `&` in `(&Pair(x, y)).method()` is what selects the fallback for a pair the library lacks.
#![expect(clippy::needless_borrow, reason = "the `&` selects the fallback")]

use isect::math::Vec3;
use isect::{
    Classify, ClosestPoints, Contact, ContactInfo, Distance, Intersects, Plane, PointQuery, Ray,
    RayCast, RayHit, Real, Side, Sweep, SweepHit,
};

use crate::shapes::{Shape, with_shape};

pub struct Pair<'a, A, B>(pub &'a A, pub &'a B);
pub struct One<'a, A>(pub &'a A);

/// Defines the preferred trait (on `Pair`/`One`, when the library's trait is implemented) and
/// the fallback trait (on `&Pair`/`&One`, answering `None`) for one query.
macro_rules! probe {
    (pair $found:ident, $missing:ident, $method:ident ( $($arg:ident : $ty:ty),* ) -> $out:ty,
     where A: $bound:ident, |$a:ident, $b:ident| $call:expr) => {
        pub trait $found {
            fn $method(&self $(, $arg: $ty)*) -> Option<$out>;
        }
        impl<A: $bound<B>, B> $found for Pair<'_, A, B> {
            fn $method(&self $(, $arg: $ty)*) -> Option<$out> {
                let ($a, $b) = (self.0, self.1);
                Some($call)
            }
        }
        #[allow(dead_code, reason = "the fallback is unused while every pair implements the query")]
        pub trait $missing {
            fn $method(&self $(, $arg: $ty)*) -> Option<$out> {
                $(let _ = $arg;)*
                None
            }
        }
        impl<A, B> $missing for &Pair<'_, A, B> {}
    };
    (one $found:ident, $missing:ident, $method:ident ( $($arg:ident : $ty:ty),* ) -> $out:ty,
     where A: $bound:ident, |$a:ident| $call:expr) => {
        pub trait $found {
            fn $method(&self $(, $arg: $ty)*) -> Option<$out>;
        }
        impl<A: $bound> $found for One<'_, A> {
            fn $method(&self $(, $arg: $ty)*) -> Option<$out> {
                let $a = self.0;
                Some($call)
            }
        }
        #[allow(dead_code, reason = "the fallback is unused while every pair implements the query")]
        pub trait $missing {
            fn $method(&self $(, $arg: $ty)*) -> Option<$out> {
                $(let _ = $arg;)*
                None
            }
        }
        impl<A> $missing for &One<'_, A> {}
    };
}

pub(crate) use probe;

probe!(pair HasIntersects, NoIntersects, intersects_() -> bool,
    where A: Intersects, |a, b| a.intersects(b));
probe!(pair HasDistance, NoDistance, distance_() -> Real,
    where A: Distance, |a, b| a.distance(b));
probe!(pair HasClosest, NoClosest, closest_points_() -> ClosestPoints,
    where A: Distance, |a, b| a.closest_points(b));
probe!(pair HasContact, NoContact, contact_() -> Option<ContactInfo>,
    where A: Contact, |a, b| a.contact(b));
probe!(pair HasSweep, NoSweep, sweep_(motion: Vec3, other_motion: Vec3) -> Option<SweepHit>,
    where A: Sweep, |a, b| a.sweep(motion, b, other_motion));
probe!(one HasRayCast, NoRayCast, raycast_(ray: &Ray, max_t: Real, surface: bool) -> Option<RayHit>,
    where A: RayCast, |a| if surface { a.raycast_surface(ray, max_t) } else { a.raycast(ray, max_t) });
probe!(one HasClassify, NoClassify, classify_(plane: &Plane) -> Side,
    where A: Classify, |a| a.classify(plane));
probe!(one HasPointQuery, NoPointQuery, point_(p: Vec3) -> (bool, Real, Vec3),
    where A: PointQuery, |a| (a.contains_point(p), a.distance_to_point(p), a.closest_point(p)));

/// `None` when isect does not implement `Intersects` for the kinds of `a` and `b`.
pub fn intersects(a: &Shape, b: &Shape) -> Option<bool> {
    with_shape!(a, x => with_shape!(b, y => (&Pair(x, y)).intersects_()))
}

pub fn distance(a: &Shape, b: &Shape) -> Option<Real> {
    with_shape!(a, x => with_shape!(b, y => (&Pair(x, y)).distance_()))
}

pub fn closest_points(a: &Shape, b: &Shape) -> Option<ClosestPoints> {
    with_shape!(a, x => with_shape!(b, y => (&Pair(x, y)).closest_points_()))
}

pub fn contact(a: &Shape, b: &Shape) -> Option<Option<ContactInfo>> {
    with_shape!(a, x => with_shape!(b, y => (&Pair(x, y)).contact_()))
}

pub fn sweep(a: &Shape, motion: Vec3, b: &Shape, other_motion: Vec3) -> Option<Option<SweepHit>> {
    with_shape!(a, x => with_shape!(b, y => (&Pair(x, y)).sweep_(motion, other_motion)))
}

pub fn raycast(a: &Shape, ray: &Ray, max_t: Real, surface: bool) -> Option<Option<RayHit>> {
    with_shape!(a, x => (&One(x)).raycast_(ray, max_t, surface))
}

pub fn classify(a: &Shape, plane: &Plane) -> Option<Side> {
    with_shape!(a, x => (&One(x)).classify_(plane))
}

/// `(contains_point, distance_to_point, closest_point)`.
pub fn point(a: &Shape, p: Vec3) -> Option<(bool, Real, Vec3)> {
    with_shape!(a, x => (&One(x)).point_(p))
}
