//! The first contact of a translating convex shape with a resting one, by GJK's ray cast (van
//! den Bergen, "Ray Casting against General Convex Objects with Application to Continuous
//! Collision Detection", 2004; *Collision Detection in Interactive 3D Environments* §4.3.4).
//!
//! `a` moved by `λ v` touches `b` exactly when the origin lies in `(a + λ v) − b`. GJK runs on
//! that difference while `λ` grows: whenever a support point proves a plane separating the
//! origin from it, `λ` jumps to where the motion brings the difference onto that plane (no
//! contact can come earlier, as every point of the difference moves along `v`), and the simplex's
//! points are moved with it. When GJK's distance falls within the touching tolerance, `λ` is
//! the time of contact. On polytopes (boxes, triangles, hulls) GJK ends in finitely many steps,
//! so `λ` is the exact first contact up to rounding, not a tolerance short of it as with
//! conservative advancement.

use crate::math::{ON_SET_TOLERANCE, Real, Vec3};
use crate::query::algo::conservative_advancement::ADVANCEMENT_RELATIVE_TOLERANCE;
use crate::query::algo::gjk::{
    GJK_MAX_ITERATIONS, GJK_RELATIVE_TOLERANCE, SupportMap, gjk_closest_points,
};
use crate::query::algo::simplex::{
    TriangleFrom, refined_triangle_weights, segment_weights, tetrahedron_weights,
};

/// Where [`gjk_raycast`] found the first contact.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CastHit {
    /// The time of contact, in units of the motion.
    pub t: Real,
    /// The unit normal from `b` towards `a` of the last plane that separated them (the contact
    /// plane); `None` when they touch from the start.
    pub normal: Option<Vec3>,
}

/// A vertex of the simplex: the points of `a` (at rest) and `b` whose difference, with `a`
/// moved to the current time, is a point of `a + t v − b`.
#[derive(Clone, Copy)]
struct Vertex {
    a: Vec3,
    b: Vec3,
}

/// The first time `t` in `[0, max_t]` at which `a` moved by `t v` touches `b` (touching
/// counts), with the contact plane's normal; `None` when they never touch within `[0, max_t]`,
/// for a non-finite support point, or when the iteration cap is reached without a contact (a
/// graze the rounding cannot settle).
///
/// "Touching" is GJK's: within [`ON_SET_TOLERANCE`] times the coordinates' magnitude (as in
/// [`gjk_intersects`](crate::query::algo::gjk::gjk_intersects)). `t` is never later than the
/// exact first contact by more than rounding, since `λ` only jumps to separating planes. Where
/// rounding stalls GJK (a support point already in the simplex, or no progress: slivers), a
/// step of conservative advancement takes over and GJK restarts from there.
pub(crate) fn gjk_raycast<A, B>(a: &A, b: &B, v: Vec3, max_t: Real) -> Option<CastHit>
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
{
    let support = |dir: Vec3| Vertex {
        a: a.support(-dir),
        b: b.support(dir),
    };
    // The first guess of the direction from `a` to `b`: along the motion.
    let first = support(if v == Vec3::ZERO { Vec3::X } else { v });
    if !(first.a.is_finite() && first.b.is_finite()) {
        return None;
    }
    let mut simplex = [first; 4];
    let mut weights: [Real; 4] = [1.0, 0.0, 0.0, 0.0];
    let mut len = 1;
    let mut t: Real = 0.0;
    let mut offset = Vec3::ZERO;
    let mut normal: Option<Vec3> = None;
    let mut scale = first.a.abs().max_element().max(first.b.abs().max_element());
    // `w` of a vertex at the current time: its point of `a + t v − b`.
    let w = |x: &Vertex, offset: Vec3| x.a + offset - x.b;
    let mut closest = w(&first, offset);
    for _ in 0..GJK_MAX_ITERATIONS {
        let touching = ON_SET_TOLERANCE * scale;
        let cc = closest.length_squared();
        if cc <= touching * touching {
            return Some(hit(t, normal));
        }
        // The support point of `a + t v − b` along `−closest` (towards the origin).
        let next = support(closest);
        if !(next.a.is_finite() && next.b.is_finite()) {
            return None;
        }
        scale = scale
            .max(next.a.abs().max_element())
            .max(next.b.abs().max_element());
        let nw = w(&next, offset);
        let cw = closest.dot(nw);
        // Every point x of the difference has closest · x >= closest · nw: when that is
        // positive, the plane through nw normal to `closest` separates it from the origin,
        // and the motion moves every point along `v`, so no contact comes before the
        // difference reaches the plane.
        let separating = ON_SET_TOLERANCE * scale;
        let (mut stuck, mut jumped) = (false, false);
        if cw > 0.0 && cw * cw > separating * separating * cc {
            let closing = closest.dot(v);
            if !(closing < 0.0) {
                return None; // moving along or away from the separating plane
            }
            t -= cw / closing;
            if !(t <= max_t) {
                return None;
            }
            offset = v * t;
            normal = Some(closest);
            jumped = true;
        } else if cc - cw <= GJK_RELATIVE_TOLERANCE * cc {
            // GJK has converged at this time without a separating plane: the distance is
            // `|closest|`, within rounding of zero (else the plane above would separate).
            return Some(hit(t, normal));
        } else {
            stuck = simplex[..len]
                .iter()
                .any(|x| x.a == next.a && x.b == next.b);
        }
        if !stuck {
            simplex[len] = next;
            len += 1;
            let points: [Vec3; 4] = core::array::from_fn(|i| w(&simplex[i], offset));
            let (new_weights, inside) = match len {
                2 => {
                    let [u, s] = segment_weights(-points[0], -points[1], points[1] - points[0]);
                    ([u, s, 0.0, 0.0], false)
                }
                3 => {
                    let triangle =
                        TriangleFrom::points(Vec3::ZERO, points[0], points[1], points[2]);
                    let [u, s, r] = refined_triangle_weights(&triangle);
                    ([u, s, r, 0.0], false)
                }
                _ => tetrahedron_weights(
                    points.map(|x| -x),
                    [
                        points[1] - points[0],
                        points[2] - points[0],
                        points[3] - points[0],
                    ],
                ),
            };
            if inside {
                return Some(hit(t, normal));
            }
            // Keep the vertices with weight, in order.
            let mut kept = 0;
            for i in 0..len {
                if new_weights[i] > 0.0 {
                    simplex[kept] = simplex[i];
                    weights[kept] = new_weights[i];
                    kept += 1;
                }
            }
            if kept == 0 {
                return None; // NaN weights: non-finite input
            }
            len = kept;
            let previous = cc;
            closest = (0..len).map(|i| w(&simplex[i], offset) * weights[i]).sum();
            // Without a jump in time, GJK must get nearer; else rounding has the last word.
            stuck = !jumped && !(closest.length_squared() < previous);
        }
        if stuck {
            // Rounding has left the simplex's closest point wrong (a sliver's): a step of
            // conservative advancement instead, and GJK afresh from there.
            match advance(a, b, v, &mut t, max_t, scale)? {
                Step::Touching => return Some(hit(t, normal)),
                Step::Moved(n) => normal = Some(n),
            }
            offset = v * t;
            simplex[0] = support(normal.unwrap_or(v));
            len = 1;
            closest = w(&simplex[0], offset);
        }
    }
    None
}

/// What a step of conservative advancement did.
enum Step {
    /// The shapes touch at the current time (GJK's distance within the tolerance).
    Touching,
    /// Time moved on; the unit direction from `b` towards `a` it moved by.
    Moved(Vec3),
}

/// A step of conservative advancement (see [`crate::query::algo::conservative_advancement`])
/// from time `t`: by the gap along the direction of GJK's closest points when it separates the
/// shapes, else by their distance over the speed. `None` when the shapes never touch (moving
/// apart along a separating direction, or past `max_t`) or for non-finite input.
fn advance<A, B>(a: &A, b: &B, v: Vec3, t: &mut Real, max_t: Real, scale: Real) -> Option<Step>
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
{
    let shifted = Shifted {
        shape: a,
        offset: v * *t,
    };
    let cp = gjk_closest_points(&shifted, b, v);
    if !cp.distance.is_finite() {
        return None;
    }
    if cp.distance <= ADVANCEMENT_RELATIVE_TOLERANCE * scale {
        return Some(Step::Touching);
    }
    let n = (cp.a - cp.b) / cp.distance;
    let gap = n.dot(shifted.support(-n)) - n.dot(b.support(n));
    let step = if gap > 0.0 {
        let closing = -v.dot(n);
        if !(closing > 0.0) {
            return None;
        }
        gap / closing
    } else {
        cp.distance / v.length()
    };
    if !(step > 0.0) {
        return None;
    }
    *t += step;
    (*t <= max_t).then_some(Step::Moved(n))
}

/// A shape moved by a translation, as a support map.
struct Shifted<'a, S: ?Sized> {
    shape: &'a S,
    offset: Vec3,
}

impl<S: SupportMap + ?Sized> SupportMap for Shifted<'_, S> {
    #[inline]
    fn support(&self, dir: Vec3) -> Vec3 {
        self.shape.support(dir) + self.offset
    }
}

/// The hit at time `t`, the normal made unit.
fn hit(t: Real, normal: Option<Vec3>) -> CastHit {
    CastHit {
        t,
        normal: normal.and_then(Vec3::try_normalize),
    }
}
