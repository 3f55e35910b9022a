//! Whether the answer to an overlap test is clear of the boundary, judged by GJK: apart by more
//! than a margin, or still meeting however one shape is shifted by the margin (a penetration
//! deeper than the margin, sampled in 14 directions).

use isect::Real;
use isect::math::Vec3;
use isect::query::algo::gjk::{SupportMap, gjk_closest_points};

use super::{gjk_distance_tolerance, gjk_floor};

/// Coordinates reach about 10 plus sizes of 5: the scale of every tolerance here.
pub const SCALE: Real = 20.0;

/// How clear of the boundary a pair must be for its answer to be known: twice GJK's tolerance
/// (which also covers the SAT epsilon's slack, `16 ε · Σ extents`).
pub fn margin() -> Real {
    2.0 * (gjk_distance_tolerance(0.0, SCALE) + gjk_floor(SCALE))
}

/// A support-mapped shape translated by `shift`.
struct Shifted<'a, S>(&'a S, Vec3);

impl<S: SupportMap> SupportMap for Shifted<'_, S> {
    fn support(&self, dir: Vec3) -> Vec3 {
        self.0.support(dir) + self.1
    }
}

/// The answer GJK gives where it is clear of the boundary: `Some(false)` when the shapes are
/// apart by more than the margin, `Some(true)` when `b` shifted by the margin along each axis and
/// each cube diagonal still meets `a`, `None` near the boundary.
pub fn clear_answer<A: SupportMap, B: SupportMap>(a: &A, b: &B) -> Option<bool> {
    let m = margin();
    if gjk_closest_points(a, b, Vec3::X).distance > m {
        return Some(false);
    }
    let mut directions = vec![Vec3::X, -Vec3::X, Vec3::Y, -Vec3::Y, Vec3::Z, -Vec3::Z];
    for k in 0..8 {
        let s = |bit: i32| if k & bit == 0 { 1.0 } else { -1.0 };
        directions.push(Vec3::new(s(1), s(2), s(4)).normalize());
    }
    let deep = directions
        .iter()
        .all(|&u| gjk_closest_points(a, &Shifted(b, u * m), Vec3::X).distance == 0.0);
    deep.then_some(true)
}
