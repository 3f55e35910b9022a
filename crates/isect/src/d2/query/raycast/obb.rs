//! Ray casts against an oriented box: by slabs in the box's frame where that decides, else by
//! clipping against the quad of its corners.
//!
//! The box every query sees is the quad of [`Obb::corners`], rounded from the rotation. In the
//! frame (as the point queries take it, `Obb::local_frame`) the ray's line crosses each pair of
//! sides at two parameters, which a shift of the sides by the frame's slack moves by at most
//! `slack / |dir_i|`. Where the origin is clearly outside, the line clearly meets the box (its
//! entry clearly before its exit), the entry clearly ahead, clearly within `max_t` and clearly
//! through one side (not near a corner), by margins of four such shifts, that entry is the
//! quad's to within the margin, and its side's axis is the normal. Every other ray (origins
//! within the slack of the boundary, grazing and corner rays, rays parallel to a side in the
//! frame, rotations not orthonormal to a few ulps, flat boxes and invalid input) is cast against
//! the quad.

use crate::d2::query::algo::cast::{cast_convex, hit, ray_usable, scaled, start_inside};
use crate::d2::query::algo::convex::AsConvex;
use crate::d2::query::{RayCast, RayHit};
use crate::d2::shape::{Obb, Ray};
use crate::math::{Real, Vec2};
use crate::query::algo::scale::settled;

/// The frame's answer to a solid cast: decided (a hit or a miss), or left to the quad.
enum Framed {
    Decided(Option<RayHit>),
    Undecided,
}

/// The solid cast of a usable ray by slabs in the box's frame, where the rounding of the
/// corners cannot change the answer (see the module's comment). Every decision is a comparison
/// that NaN and an infinite slack fail, so invalid boxes are left to the quad.
#[inline(always)]
fn cast_in_frame(b: &Obb, ray: &Ray, max_t: Real) -> Framed {
    let Some((o, slack)) = b.local_frame(ray.origin) else {
        return Framed::Undecided;
    };
    let h = b.half_extents;
    let room = h - o.abs();
    if (room.x > slack) & (room.y > slack) {
        return Framed::Decided(Some(start_inside(ray)));
    }
    if !((room.x < -slack) | (room.y < -slack)) {
        return Framed::Undecided;
    }
    // From here the box, the origin and the slack are finite (an infinite or NaN one makes the
    // slack infinite or NaN, which no comparison above passes). The direction is scaled to unit
    // largest coordinate (`t = t_scaled / m`, as the quad's cast does), so that its coordinates
    // in the frame neither overflow (a huge direction would give `1 / ∞ = 0` and no margin)
    // nor lose bits to underflow; the parameters below are the scaled ones.
    let (d, m) = scaled(ray);
    let (x, y) = (b.rotation.x_axis, b.rotation.y_axis);
    let inv = Vec2::new(d.dot(x), d.dot(y)).recip();
    let (t0, t1) = ((-h - o) * inv, (h - o) * inv);
    let (near, far) = (t0.min(t1), t0.max(t1));
    // How far the sides' rounding may move each crossing, four times over; infinite (and so
    // never clear) for a line parallel to a side in the frame.
    let shift = inv.abs() * (4.0 * slack);
    let margin = shift.x + shift.y;
    let (t_in, t_out) = (near.max_element(), far.min_element());
    // `max_t` in scaled parameters (an overflow to ∞ only makes the bound looser).
    let limit = max_t * m;
    if (t_in > t_out + margin) | (t_out < -margin) | (t_in > limit + margin) {
        return Framed::Decided(None);
    }
    let clear = (t_in < t_out - margin)
        & (t_in > margin)
        & (t_in < limit - margin)
        & ((near.x - near.y).abs() > margin);
    if !clear {
        return Framed::Undecided;
    }
    // Entered through the sides across the axis whose crossing comes last, against `dir`.
    let normal = if near.x > near.y {
        x * -inv.x.signum()
    } else {
        y * -inv.y.signum()
    };
    Framed::Decided(Some(hit(ray, t_in / m, normal)))
}

/// The cast against the quad of the corners, for the rays the frame leaves undecided.
#[cold]
#[inline(never)]
fn cast_quad(b: &Obb, ray: &Ray, max_t: Real) -> Option<RayHit> {
    cast_convex(&b.as_convex()?, ray, max_t, false)
}

impl RayCast for Obb {
    /// The entry point of the box (the quad of its corners, rounded from the rotation, as every 2D query of an `Obb` takes them; by slabs in the box's frame where the rounding cannot matter, else by clipping the ray's line with the quad's edges); `t = 0` with `normal = −dir` from inside, boundary included. A flat box is a segment or a point. `None` for a miss and for invalid input.
    #[inline(always)]
    fn raycast(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        if !ray_usable(ray, max_t) {
            return None;
        }
        let hit = match cast_in_frame(self, ray, max_t) {
            Framed::Decided(answer) => answer,
            Framed::Undecided => cast_quad(self, ray, max_t),
        };
        settled(self, hit, ray, max_t, Self::raycast)
    }

    /// The first point of the boundary along the ray: the entry from outside, the exit from
    /// inside, `t = 0` from a point of the boundary (normal outward in every case).
    #[inline(always)]
    fn raycast_surface(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        let c = self.as_convex()?;
        let hit = ray_usable(ray, max_t)
            .then(|| cast_convex(&c, ray, max_t, true))
            .flatten();
        settled(self, hit, ray, max_t, Self::raycast_surface)
    }
}
