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
use crate::query::algo::gjk::{GJK_MAX_ITERATIONS, GJK_RELATIVE_TOLERANCE, SupportMap};
use crate::query::algo::simplex::{segment_weights, tetrahedron_weights, triangle_weights};

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
/// counts), with the contact plane's normal; `None` when they never touch
/// within `[0, max_t]`, for a non-finite support point, or when the iteration cap is reached
/// without a contact (a graze the rounding cannot settle).
///
/// "Touching" is GJK's: within [`ON_SET_TOLERANCE`] times the coordinates' magnitude (as in
/// [`gjk_intersects`](crate::query::algo::gjk::gjk_intersects)). `t` is never later than the
/// exact first contact by more than rounding, since `λ` only jumps to separating planes.
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
    let mut simplex = [first; 4];
    let mut weights: [Real; 4] = [1.0, 0.0, 0.0, 0.0];
    let mut len = 1;
    let mut t: Real = 0.0;
    let mut offset = Vec3::ZERO;
    let mut normal: Option<Vec3> = None;
    let mut scale = first.a.abs().max_element().max(first.b.abs().max_element());
    if !(first.a.is_finite() && first.b.is_finite()) {
        return None;
    }
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
        } else if cc - cw <= GJK_RELATIVE_TOLERANCE * cc
            || simplex[..len]
                .iter()
                .any(|x| x.a == next.a && x.b == next.b)
        {
            // GJK has converged at this time without a separating plane: the distance is
            // `|closest|`, within rounding of zero (else the plane above would separate).
            return Some(hit(t, normal));
        }
        simplex[len] = next;
        len += 1;
        let points: [Vec3; 4] = core::array::from_fn(|i| w(&simplex[i], offset));
        let (new_weights, inside) = match len {
            2 => {
                let [u, s] = segment_weights(Vec3::ZERO, points[0], points[1]);
                ([u, s, 0.0, 0.0], false)
            }
            3 => {
                let [u, s, r] = triangle_weights(Vec3::ZERO, points[0], points[1], points[2]);
                ([u, s, r, 0.0], false)
            }
            _ => tetrahedron_weights(Vec3::ZERO, points),
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
        closest = (0..len).map(|i| w(&simplex[i], offset) * weights[i]).sum();
    }
    None
}

/// The hit at time `t`, the normal made unit.
fn hit(t: Real, normal: Option<Vec3>) -> CastHit {
    CastHit {
        t,
        normal: normal.and_then(Vec3::try_normalize),
    }
}
