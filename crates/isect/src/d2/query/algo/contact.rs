//! Contacts of convex sets in the plane (hulls grown by a radius, and rays and lines): the
//! penetration depth and normal by the separating-axis theorem on the cores, or from the
//! cores' closest points where only the radii overlap.
//!
//! Two convex cores `A` and `B` that meet are separated by the least translation of `A` out of
//! the Minkowski difference `B − A`, whose edges have the outward normals of `B` and the inward
//! normals of `A`: the depth along a unit `n` (the way `A` is pushed) is
//! `max_B n·x − min_A n·x + r_A + r_B`, and the least over those normals is the depth
//! (Ericson, *Real-Time Collision Detection*, §5.2.1; Gottschalk's separating axes). A segment,
//! ray or line contributes both normals of its carrier; a point none. Where the cores are apart
//! (rounded shapes whose radii overlap) the normal is the direction between the cores' closest
//! points and the depth `r_A + r_B − |a − b|`, as for two discs.

use crate::d2::query::ContactInfo;
use crate::d2::query::algo::cast::{edge_normal, outward, unit_or};
use crate::d2::query::algo::clip::clip;
use crate::d2::query::algo::convex::{AsConvex, Convex};
use crate::d2::query::algo::convex_pairs::{closest_points, closest_points_linear};
use crate::d2::query::algo::linear::{AsLinear, Kind, Linear};
use crate::d2::query::algo::window;
use crate::d2::query::contact::manifold::{Manifold, ManifoldPoint};
use crate::d2::query::{ClosestPoints, Intersects};
use crate::d2::shape::{Line, Ray, Segment};
use crate::math::{Real, Vec2};

/// A convex set as the contact sees it.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Body<'a> {
    /// A hull grown by a radius (circles, boxes, capsules, triangles, segments, polygons).
    Hull(Convex<'a>),
    /// A ray or a line (never a segment, which is a hull).
    Linear(Linear),
}

impl Body<'_> {
    #[inline]
    pub(crate) fn radius(&self) -> Real {
        match self {
            Body::Hull(c) => c.radius,
            Body::Linear(_) => 0.0,
        }
    }

    /// `max n · x` over the core and a point of the core that attains it: `+∞` where a ray or
    /// line runs off in the direction `n`.
    pub(crate) fn support(&self, n: Vec2) -> (Real, Vec2) {
        match self {
            Body::Hull(c) => {
                let v = c.verts();
                let mut best = (n.dot(v[0]), v[0]);
                for &p in &v[1..] {
                    let h = n.dot(p);
                    if h > best.0 {
                        best = (h, p);
                    }
                }
                best
            }
            Body::Linear(l) => {
                // Directions within rounding of perpendicular to the carrier are its own
                // normals (a normalized perpendicular is rarely exactly one).
                let k = n.dot(l.dir);
                let k = if k.abs() <= 4.0 * Real::EPSILON * l.dir.abs().max_element() {
                    0.0
                } else {
                    k
                };
                let unbounded = match l.kind {
                    Kind::Line => k != 0.0,
                    _ => k > 0.0,
                };
                if unbounded {
                    (Real::INFINITY, l.origin)
                } else {
                    (n.dot(l.origin), l.origin)
                }
            }
        }
    }

    /// The unit normals of the core's edges with the edge's index, outward for a polygon (both
    /// ways for a segment, ray or line; none for a point).
    pub(crate) fn for_each_axis(&self, mut f: impl FnMut(Vec2, usize)) {
        let mut both = |n: Vec2| {
            if n != Vec2::ZERO {
                f(n, 0);
                f(-n, 0);
            }
        };
        match self {
            Body::Hull(c) => {
                let v = c.verts();
                match v.len() {
                    1 => {}
                    2 => both(edge_normal(v[0], v[1], Vec2::ZERO)),
                    n => {
                        for i in 0..n {
                            let axis = edge_normal(v[i], v[(i + 1) % n], Vec2::ZERO);
                            if axis != Vec2::ZERO {
                                f(axis, i);
                            }
                        }
                    }
                }
            }
            Body::Linear(l) => both(unit_or(outward(l.dir), Vec2::ZERO)),
        }
    }

    /// The core without its radius.
    #[inline]
    pub(crate) fn core(&self) -> Self {
        match *self {
            Body::Hull(mut c) => {
                c.radius = 0.0;
                Body::Hull(c)
            }
            linear => linear,
        }
    }
}

/// Closest points of two cores (radii ignored): distance 0 exactly when they meet.
pub(crate) fn core_closest(a: &Body<'_>, b: &Body<'_>) -> ClosestPoints {
    match (a.core(), b.core()) {
        (Body::Hull(p), Body::Hull(q)) => closest_points(&p, &q),
        (Body::Hull(p), Body::Linear(l)) => closest_points_linear(&p, &l),
        (Body::Linear(l), Body::Hull(q)) => closest_points_linear(&q, &l).swapped(),
        (Body::Linear(l), Body::Linear(m)) => l.closest_points(&m),
    }
}

/// The contact of two convex sets known to meet (the caller decided it exactly): normal from
/// `b` towards `a`.
pub(crate) fn contact(a: &Body<'_>, b: &Body<'_>) -> ContactInfo {
    contact_points(a, b).0
}

/// The contact manifold of two convex sets known to meet: the points of [`contact`]'s clipping
/// with the depth that clears each, whose mean is the contact's point.
pub(crate) fn manifold(a: &Body<'_>, b: &Body<'_>) -> Manifold {
    let (c, points, k) = contact_points(a, b);
    Manifold::new(c.normal, &points[..k])
}

/// The contact of two convex sets known to meet, with its manifold's points (how many are
/// written): the contact's point is their mean. Sets outside the window where its products
/// stay in range are scaled into it by a power of two and the answer scaled back
/// ([`window`](super::window)): the same answer, scaled, at every magnitude.
pub(crate) fn contact_points(
    a: &Body<'_>,
    b: &Body<'_>,
) -> (ContactInfo, [ManifoldPoint; 2], usize) {
    let unscale = |(c, points, n): (ContactInfo, [ManifoldPoint; 2], usize), k| {
        (c.unscaled(k), points.map(|p| p.unscaled(k)), n)
    };
    window::bodies(a, b, contact_points_as_given, unscale)
        .unwrap_or_else(|| contact_points_as_given(a, b))
}

/// [`contact_points`] computed on the sets as given.
fn contact_points_as_given(a: &Body<'_>, b: &Body<'_>) -> (ContactInfo, [ManifoldPoint; 2], usize) {
    let (ra, rb) = (a.radius(), b.radius());
    let cp = core_closest(a, b);
    let single = |c: ContactInfo| {
        let p = ManifoldPoint {
            point: c.point,
            depth: c.depth,
        };
        (c, [p; 2], 1)
    };
    // The closest points give the direction only where they differ: a distance rounded above 0
    // with the points rounded onto each other (a circle's center on a rotated segment's
    // midpoint) has none, and the cores count as meeting.
    if cp.distance > 0.0 && cp.a != cp.b {
        // Only the radii overlap: as two discs about the closest points.
        let n = unit_or(cp.a - cp.b, Vec2::Y);
        let depth = (ra + rb - cp.a.distance(cp.b)).max(0.0);
        let point = ((cp.b + n * rb) + (cp.a - n * ra)) * 0.5;
        if let Some((k, points)) = rounded_face(a, b, n) {
            let point = (points[0].point + points[1].point) * 0.5;
            let c = ContactInfo {
                point,
                normal: n,
                depth,
            };
            return (c, points, k);
        }
        return single(ContactInfo {
            point,
            normal: n,
            depth,
        });
    }
    // The cores meet: the least push over the Minkowski difference's edge normals, each
    // remembered with its face (`from_b`: a face of B, else of A) for the clipping below.
    let mut best: Option<(Real, Vec2, bool, usize)> = None;
    let mut consider = |n: Vec2, from_b: bool, face: usize| {
        let depth = b.support(n).0 + a.support(-n).0 + ra + rb;
        if depth.is_finite() && best.is_none_or(|(d, ..)| depth < d) {
            best = Some((depth, n, from_b, face));
        }
    };
    b.for_each_axis(|n, face| consider(n, true, face));
    a.for_each_axis(|n, face| consider(-n, false, face));
    let Some((depth, n, from_b, face)) = best else {
        // Two coincident points (discs about one center), or two crossing lines, which no
        // translation separates.
        let depth = match (a, b) {
            (Body::Hull(_), Body::Hull(_)) => ra + rb,
            _ => Real::INFINITY,
        };
        return single(ContactInfo {
            point: cp.a,
            normal: Vec2::Y,
            depth,
        });
    };
    let depth = depth.max(0.0);
    let (reference, incident, m) = if from_b { (b, a, n) } else { (a, b, -n) };
    let mut points = [ManifoldPoint {
        point: Vec2::ZERO,
        depth: 0.0,
    }; 2];
    let k = clip(reference, face, incident, m, &mut points);
    if k == 0 {
        return single(ContactInfo {
            point: cp.a,
            normal: n,
            depth,
        });
    }
    let point = points[..k].iter().map(|p| p.point).sum::<Vec2>() / k as Real;
    let c = ContactInfo {
        point,
        normal: n,
        depth,
    };
    (c, points, k)
}

/// Where only the radii overlap and the direction `n` between the cores (from `b` towards `a`)
/// is a face normal of either core, the two points of that face's clipping (a capsule lying on
/// a box: both ends, as Box2D's capsule manifolds); `None` where the clipping keeps fewer.
fn rounded_face(a: &Body<'_>, b: &Body<'_>, n: Vec2) -> Option<(usize, [ManifoldPoint; 2])> {
    if !matches!((a, b), (Body::Hull(_), Body::Hull(_))) {
        return None;
    }
    // Within rounding of the face's normal: the direction comes from two closest points, one
    // of them inside the face. Where faces of both cores pass (nearly parallel cores), the one
    // most nearly normal to `n` is the face holding a closest point in its interior (exactly
    // normal to `n`); taking the first that passes made the answer depend on the argument
    // order (issue 28).
    const PARALLEL: Real = 1.0 - 1e-4;
    let mut found: Option<(Real, bool, usize, Vec2)> = None;
    let mut offer = |cos: Real, from_b: bool, face: usize, axis: Vec2| {
        if cos >= PARALLEL && found.is_none_or(|(best, ..)| cos > best) {
            found = Some((cos, from_b, face, axis));
        }
    };
    b.for_each_axis(|axis, face| offer(axis.dot(n), true, face, axis));
    a.for_each_axis(|axis, face| offer(axis.dot(-n), false, face, axis));
    let (_, from_b, face, m) = found?;
    let (reference, incident) = if from_b { (b, a) } else { (a, b) };
    let mut points = [ManifoldPoint {
        point: Vec2::ZERO,
        depth: 0.0,
    }; 2];
    (clip(reference, face, incident, m, &mut points) == 2).then_some((2, points))
}

impl AsConvex for Segment {
    #[inline]
    fn as_convex(&self) -> Option<Convex<'_>> {
        self.is_usable()
            .then(|| Convex::segment(self.a, self.b, 0.0))
    }
}

/// The contact of two shapes: `None` when they do not meet (decided by their exact overlap
/// test) or either is invalid.
#[inline]
pub(crate) fn contact_of<A, B>(a: &A, b: &B) -> Option<ContactInfo>
where
    A: Intersects<B> + ContactBody,
    B: ContactBody,
{
    if !a.intersects(b) {
        return None;
    }
    Some(contact(&a.body()?, &b.body()?))
}

/// The contact manifold of two shapes: empty when they do not meet (decided by their exact
/// overlap test) or either is invalid.
#[inline]
pub(crate) fn manifold_of<A, B>(a: &A, b: &B) -> Manifold
where
    A: Intersects<B> + ContactBody,
    B: ContactBody,
{
    if !a.intersects(b) {
        return Manifold::EMPTY;
    }
    match (a.body(), b.body()) {
        (Some(x), Some(y)) => manifold(&x, &y),
        _ => Manifold::EMPTY,
    }
}

/// Every shape but the polygon, as a [`Body`].
pub(crate) trait ContactBody {
    fn body(&self) -> Option<Body<'_>>;
}

macro_rules! hull_body {
    ($($t:ty),*) => {$(
        impl ContactBody for $t {
            #[inline]
            fn body(&self) -> Option<Body<'_>> {
                self.as_convex().map(Body::Hull)
            }
        }
    )*};
}
hull_body!(
    crate::d2::shape::Circle,
    crate::d2::shape::Aabb,
    crate::d2::shape::Obb,
    crate::d2::shape::Capsule,
    crate::d2::shape::Triangle,
    Segment
);
#[cfg(feature = "alloc")]
hull_body!(crate::d2::shape::ConvexPolygon);

macro_rules! linear_body {
    ($($t:ty),*) => {$(
        impl ContactBody for $t {
            #[inline]
            fn body(&self) -> Option<Body<'_>> {
                self.as_linear().map(Body::Linear)
            }
        }
    )*};
}
linear_body!(Ray, Line);
