//! Line–plane distance.

use crate::math::{Real, Vec3};
use crate::query::algo::linear::Linear;
use crate::query::algo::scale::{Rescale, Unscale, crossing, pair_scale};
use crate::query::{ClosestPoints, Distance, Intersects, mirror_distance};
use crate::shape::{Line, Plane};

impl Distance<Plane> for Line {
    /// 0 exactly when they meet ([`Intersects`]: the line is not parallel, or lies in the plane
    /// within its tolerance), with the crossing point (the origin for a line in the plane; a
    /// crossing beyond the float range has infinite coordinates, never NaN); apart (parallel),
    /// the origin and its foot. [`ClosestPoints::NONE`] for invalid input.
    fn closest_points(&self, other: &Plane) -> ClosestPoints {
        // Decided in the rescaled frame; the crossing is applied at the input's scale (see
        // `crossing`), the rest scaled back.
        let (decided, k) = match pair_scale(self, other) {
            None => (decide(self, other), 0),
            Some(k) => (decide(&self.rescaled(k), &other.rescaled(k)), k),
        };
        crossing_points(decided, k, self.origin, self.dir, other, false)
    }
}

/// The closest points of a line (`ahead_only` false) or ray (true) through `origin` along `dir`
/// and `plane`, from [`decide`]'s answer in the frame scaled by `2ᵏ`: the crossing applied at the
/// input's scale (for a ray, the origin where the crossing lies behind it: the origin is then
/// within the plane's tolerance), the points of one apart scaled back.
pub(super) fn crossing_points(
    decided: Result<Real, ClosestPoints>,
    k: i32,
    origin: Vec3,
    dir: Vec3,
    plane: &Plane,
    ahead_only: bool,
) -> ClosestPoints {
    match decided {
        Ok(s) => {
            let point = crossing(plane, origin, dir, s, k)
                .filter(|&(_, ahead)| ahead || !ahead_only)
                .map_or(origin, |(p, _)| p);
            ClosestPoints {
                a: point,
                b: point,
                distance: 0.0,
            }
        }
        Err(apart) if k == 0 => apart,
        Err(apart) => apart.unscaled(k),
    }
}

/// The origin's signed distance where the line meets the plane, else the closest points
/// ([`ClosestPoints::NONE`] for invalid input), in the frame given.
#[inline]
fn decide(line: &Line, plane: &Plane) -> Result<Real, ClosestPoints> {
    if !(Linear::line(line).is_usable() && plane.is_usable()) {
        return Err(ClosestPoints::NONE);
    }
    let s = plane.signed_distance(line.origin);
    if line.intersects(plane) {
        return Ok(s);
    }
    Err(ClosestPoints::from_points(
        line.origin,
        line.origin - plane.normal * s,
    ))
}

mirror_distance!(Line, Plane);
