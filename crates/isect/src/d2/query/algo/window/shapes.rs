//! The window (`mod.rs`) on shapes answered in closed form: the circle's contacts, the
//! triangle's and linear sets' point queries.

use super::{fmax, ldexp2, max_abs, normalized_dir, scale_for, unscaled_length};
use crate::d2::query::{Contact, ContactInfo, ContactManifold, Manifold};
use crate::d2::shape::{Aabb, Capsule, Circle, Line, Ray, Segment, Triangle};
use crate::math::{Real, Vec2};
use crate::query::algo::scale::{in_window, ldexp_length};

/// A shape whose closed forms are computed on its own coordinates (the circle's contacts, the
/// point queries of triangles and linear sets).
pub(crate) trait Scalable: Sized {
    /// The largest absolute coordinate or radius.
    fn magnitude(&self) -> Real;
    /// The same set with every coordinate and length multiplied by `2ᵏ` (a direction brought
    /// into `[1, 2)` on its own).
    fn rescaled(&self, k: i32) -> Self;
    /// Whether a direction the set holds is in the window already (always, without one).
    #[inline(always)]
    fn steady(&self) -> bool {
        true
    }
}

impl Scalable for Triangle {
    #[inline]
    fn magnitude(&self) -> Real {
        fmax(fmax(max_abs(self.a), max_abs(self.b)), max_abs(self.c))
    }
    #[inline]
    fn rescaled(&self, k: i32) -> Self {
        Triangle::new(ldexp2(self.a, k), ldexp2(self.b, k), ldexp2(self.c, k))
    }
}

impl Scalable for Segment {
    #[inline]
    fn magnitude(&self) -> Real {
        fmax(max_abs(self.a), max_abs(self.b))
    }
    #[inline]
    fn rescaled(&self, k: i32) -> Self {
        Segment::new(ldexp2(self.a, k), ldexp2(self.b, k))
    }
}

impl Scalable for Ray {
    #[inline]
    fn magnitude(&self) -> Real {
        max_abs(self.origin)
    }
    #[inline]
    fn rescaled(&self, k: i32) -> Self {
        Ray::new(ldexp2(self.origin, k), normalized_dir(self.dir))
    }
    #[inline(always)]
    fn steady(&self) -> bool {
        in_window(max_abs(self.dir))
    }
}

impl Scalable for Line {
    #[inline]
    fn magnitude(&self) -> Real {
        max_abs(self.origin)
    }
    #[inline]
    fn rescaled(&self, k: i32) -> Self {
        Line::new(ldexp2(self.origin, k), normalized_dir(self.dir))
    }
    #[inline(always)]
    fn steady(&self) -> bool {
        in_window(max_abs(self.dir))
    }
}

/// `f` of a shape and a point brought into the window, scaled back by `unscale`; `None` when
/// they are in it (or invalid): the caller computes as given.
#[inline(always)]
pub(crate) fn point<S: Scalable, R>(
    shape: &S,
    p: Vec2,
    f: impl FnOnce(&S, Vec2) -> R,
    unscale: impl FnOnce(R, i32) -> R,
) -> Option<R> {
    let m = fmax(shape.magnitude(), max_abs(p));
    if in_window(m) && shape.steady() {
        return None;
    }
    point_cold(m, shape, p.x, p.y, f, unscale)
}

/// [`point`]'s rare half; the point comes as its coordinates (no store for the call).
#[cold]
#[inline(never)]
fn point_cold<S: Scalable, R>(
    m: Real,
    shape: &S,
    x: Real,
    y: Real,
    f: impl FnOnce(&S, Vec2) -> R,
    unscale: impl FnOnce(R, i32) -> R,
) -> Option<R> {
    let k = scale_for(m)?;
    Some(unscale(
        f(&shape.rescaled(k), ldexp2(Vec2::new(x, y), k)),
        k,
    ))
}

/// A point scaled back by `2⁻ᵏ` (for [`point`]).
#[inline]
pub(crate) fn unscaled_point(p: Vec2, k: i32) -> Vec2 {
    ldexp2(p, -k)
}

/// A distance scaled back by `2⁻ᵏ` (for [`point`]).
#[inline]
pub(crate) fn unscaled_distance(d: Real, k: i32) -> Real {
    unscaled_length(d, k)
}

impl Scalable for Circle {
    #[inline]
    fn magnitude(&self) -> Real {
        fmax(max_abs(self.center), self.radius)
    }
    #[inline]
    fn rescaled(&self, k: i32) -> Self {
        // A negative radius stays negative (invalid), as in 3D (`ldexp_length`).
        Circle::new(ldexp2(self.center, k), ldexp_length(self.radius, k))
    }
}

impl Scalable for Capsule {
    #[inline]
    fn magnitude(&self) -> Real {
        fmax(fmax(max_abs(self.a), max_abs(self.b)), self.radius)
    }
    #[inline]
    fn rescaled(&self, k: i32) -> Self {
        Capsule::new(
            ldexp2(self.a, k),
            ldexp2(self.b, k),
            ldexp_length(self.radius, k),
        )
    }
}

impl Scalable for Aabb {
    #[inline]
    fn magnitude(&self) -> Real {
        fmax(max_abs(self.min), max_abs(self.max))
    }
    #[inline]
    fn rescaled(&self, k: i32) -> Self {
        // An inverted box stays inverted (its corners could flush to one point, a valid box).
        if self.min.cmpgt(self.max).any() {
            return Aabb::new(Vec2::ONE, Vec2::ZERO);
        }
        Aabb::new(ldexp2(self.min, k), ldexp2(self.max, k))
    }
}

/// `f` of the two shapes brought into the window, scaled back by `unscale`; `None` when they
/// are in it (or invalid): the caller computes as given.
#[inline(always)]
pub(super) fn shapes<A: Scalable, B: Scalable, R>(
    a: &A,
    b: &B,
    f: impl FnOnce(&A, &B) -> R,
    unscale: impl FnOnce(R, i32) -> R,
) -> Option<R> {
    let m = fmax(a.magnitude(), b.magnitude());
    if in_window(m) {
        return None;
    }
    shapes_cold(m, a, b, f, unscale)
}

#[cold]
#[inline(never)]
fn shapes_cold<A: Scalable, B: Scalable, R>(
    m: Real,
    a: &A,
    b: &B,
    f: impl FnOnce(&A, &B) -> R,
    unscale: impl FnOnce(R, i32) -> R,
) -> Option<R> {
    let k = scale_for(m).filter(|&k| k != 0)?;
    Some(unscale(f(&a.rescaled(k), &b.rescaled(k)), k))
}

/// [`shapes`] for a closed-form contact: the contact of the pair brought into the window,
/// scaled back; `None` when the pair is in it.
#[inline(always)]
pub(crate) fn contact<A, B>(a: &A, b: &B) -> Option<Option<ContactInfo>>
where
    A: Scalable + Contact<B>,
    B: Scalable,
{
    shapes(a, b, |a, b| a.contact(b), |c, k| c.map(|c| c.unscaled(k)))
}

/// [`shapes`] for a closed-form manifold, as [`contact`].
#[inline(always)]
pub(crate) fn manifold<A, B>(a: &A, b: &B) -> Option<Manifold>
where
    A: Scalable + ContactManifold<B>,
    B: Scalable,
{
    shapes(
        a,
        b,
        |a, b| a.contact_manifold(b),
        |m: Manifold, k| m.unscaled(k),
    )
}
