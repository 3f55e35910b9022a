//! The contact of a rounded shape (a point or segment core with a radius: a sphere, a capsule)
//! with a convex shape known by its support map, through GJK on the cores and EPA where they
//! overlap (`epa.rs`), at the cores' own scale.

use crate::math::{Real, Vec3};
use crate::query::ContactInfo;
use crate::query::algo::balls::ball_overlap_middle;
use crate::query::algo::epa::{common_point, epa};
use crate::query::algo::gjk::{SupportMap, gjk_end};
use crate::query::algo::scale::{LOW, Rescale, Unscale, normalize, normalizing_exponent};

/// The contact of a rounded shape, the points within `r` of the convex `core` (a point or a
/// segment), as `self`, with the convex shape `b`, given the exact overlap test's answer `meet`.
/// A core apart from `b` (beyond GJK's touching tolerance): the ball of radius `r` about the
/// core's closest point against `b`'s, depth `r − distance`, normal from `b`'s point to the
/// core's, exact up to GJK's tolerance. A core touching or inside `b`: EPA on the core, depth
/// `r +` the core's depth, at GJK's common point of the core and `b`.
///
/// GJK and EPA run on the core and `b` at their own scale: where the radius is far larger than
/// both (a radius of `1e13` against a hull a few units across, which the query's rescaling by
/// its largest magnitude brings to `1e-12`), the products of their coordinates would underflow
/// and the normal lose its direction, so they are brought to a largest magnitude in `[1, 2)` by a
/// power of two first (exactly) and the core's answer scaled back before `r` is added.
pub(crate) fn rounded_epa_contact<C, B>(
    core: &C,
    r: Real,
    b: &B,
    meet: bool,
    fallback: Vec3,
) -> Option<ContactInfo>
where
    C: SupportMap + Rescale,
    B: SupportMap + Rescale,
{
    if !meet {
        return None;
    }
    let m = core.magnitude().max(b.magnitude());
    if m > 0.0 && m < LOW {
        let k = normalizing_exponent(m);
        return rounded_core_contact(&core.rescaled(k), r, &b.rescaled(k), k, fallback);
    }
    rounded_core_contact(core, r, b, 0, fallback)
}

/// [`rounded_epa_contact`] of a core and `b` multiplied by `2ᵏ` (the radius `r` not): the core's
/// points and depth are scaled back by `2⁻ᵏ` before `r` is added.
fn rounded_core_contact<C, B>(
    core: &C,
    r: Real,
    b: &B,
    k: i32,
    fallback: Vec3,
) -> Option<ContactInfo>
where
    C: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
{
    let guess = core.support(Vec3::X) - b.support(Vec3::X);
    let end = gjk_end(core, b, guess, false)?;
    if !end.touching {
        // Normalized at its own scale: cores apart by `5e-21` (a capsule's end that close to
        // a hull's corner) square the offset to a subnormal, whose root gave a normal of length
        // 0.99999 (issue 24, `regressions::tiny_offset_normals`).
        let normal = normalize(end.closest.a - end.closest.b).unwrap_or(fallback);
        let cp = end.closest.unscaled(k);
        return Some(ContactInfo {
            point: ball_overlap_middle(cp.a, r, cp.b, 0.0),
            normal,
            depth: (r - cp.distance).max(0.0),
        });
    }
    let p = epa(core, b, &end, fallback)?;
    Some(ContactInfo {
        point: common_point(&end).unscaled(k),
        normal: p.normal,
        depth: p.depth.unscaled(k) + r,
    })
}
