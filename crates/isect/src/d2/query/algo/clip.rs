//! The reference-face clipping of a contact manifold in the plane: the incident feature of one
//! body clipped to the slab of the other's reference face, each point below the face a contact.

use crate::d2::query::algo::cast::{edge_normal, unit_or};
use crate::d2::query::algo::contact::Body;
use crate::d2::query::algo::linear::Kind;
use crate::d2::query::contact::manifold::ManifoldPoint;
use crate::math::{Real, Vec2};

/// The reference-face clipping of `Box2D`'s `b2ClipPolygons` (Catto, "Contact Manifolds", GDC
/// 2007), written from the method: the reference face is the edge `face` of `reference`, with
/// outward unit normal `m` towards `incident`; the incident feature is the edge (or point) of
/// `incident` that faces it most directly. The incident feature is clipped to the slab
/// between the reference face's ends, and each remaining point below the reference surface
/// (within the radii) gives a contact point halfway between the two surfaces, with its depth
/// below it. Writes up to two points and returns how many.
pub(crate) fn clip(
    reference: &Body<'_>,
    face: usize,
    incident: &Body<'_>,
    m: Vec2,
    out: &mut [ManifoldPoint; 2],
) -> usize {
    let (r_ref, r_inc) = (reference.radius(), incident.radius());
    // The reference face: a start point and a unit tangent with its extent.
    let (f0, u, f_len) = match reference {
        Body::Hull(c) => {
            let v = c.verts();
            let (p, q) = match v.len() {
                1 => (v[0], v[0]),
                2 => (v[0], v[1]),
                n => (v[face % n], v[(face + 1) % n]),
            };
            let u = unit_or(q - p, m.perp());
            (p, u, u.dot(q - p))
        }
        Body::Linear(l) => {
            let u = unit_or(l.dir, m.perp());
            // A line's face is the whole line; a ray's starts at its origin.
            (l.origin, u, Real::INFINITY)
        }
    };
    let (f_lo, f_hi) = match reference {
        Body::Linear(l) if l.kind == Kind::Line => (Real::NEG_INFINITY, Real::INFINITY),
        _ => (0.0, f_len),
    };
    // The incident feature: two ends (equal for a point), or for a ray or line its carrier.
    let (p, q) = match incident {
        Body::Hull(c) => {
            let v = c.verts();
            match v.len() {
                1 => (v[0], v[0]),
                2 => (v[0], v[1]),
                n => {
                    let j = (0..n)
                        .min_by(|&i, &j| {
                            let e = |i: usize| edge_normal(v[i], v[(i + 1) % n], m).dot(m);
                            e(i).total_cmp(&e(j))
                        })
                        .unwrap_or(0);
                    (v[j], v[(j + 1) % n])
                }
            }
        }
        Body::Linear(l) => {
            if !f_len.is_finite() {
                return 0;
            }
            // The carrier within the reference face's slab.
            let k = l.dir.dot(u);
            if k == 0.0 {
                (l.origin, l.origin)
            } else {
                let at = |s: Real| l.origin + l.dir * ((s - u.dot(l.origin - f0)) / k);
                let (x, y) = (at(f_lo), at(f_hi));
                match l.kind {
                    Kind::Line => (x, y),
                    _ => {
                        // A ray keeps its part ahead of the origin.
                        let ahead = |z: Vec2| (z - l.origin).dot(l.dir) >= 0.0;
                        match (ahead(x), ahead(y)) {
                            (true, true) => (x, y),
                            (true, false) => (l.origin, x),
                            (false, true) => (l.origin, y),
                            (false, false) => return 0,
                        }
                    }
                }
            }
        }
    };
    // Clip p..q to f_lo <= u·(x − f0) <= f_hi.
    let (sp, sq) = (u.dot(p - f0), u.dot(q - f0));
    let mut seg = [p, q];
    for (i, (s_this, s_other)) in [(sp, sq), (sq, sp)].into_iter().enumerate() {
        let bound = if s_this < f_lo {
            f_lo
        } else if s_this > f_hi {
            f_hi
        } else {
            continue;
        };
        if (s_other - s_this) == 0.0 || (bound - s_this) / (s_other - s_this) > 1.0 {
            return 0;
        }
        let (x, y) = ([p, q][i], [q, p][i]);
        seg[i] = x + (y - x) * ((bound - s_this) / (s_other - s_this));
    }
    let mut k = 0;
    let distinct = if seg[0] == seg[1] { 1 } else { 2 };
    for &x in &seg[..distinct] {
        let below = r_ref + r_inc - m.dot(x - f0);
        if below >= 0.0 {
            let surface = x - m * r_inc;
            out[k] = ManifoldPoint {
                point: surface + m * (below * 0.5),
                depth: below,
            };
            k += 1;
        }
    }
    k
}
