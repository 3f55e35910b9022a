//! Ray casts against a simple polygon, possibly concave: edge by edge, with the exact crossings
//! test for an origin inside.

use crate::d2::query::algo::cast::{cast_segment, edge_normal, hit, ray_usable, start_inside};
use crate::d2::query::algo::polygon::{contains, edges};
use crate::d2::query::{RayCast, RayHit};
use crate::d2::shape::{Polygon, Ray};
use crate::math::{Real, Vec2};
use crate::query::algo::scale::settled;

/// The first point of the polygon's boundary along a valid ray, with the outward normal of the
/// edge it lies on (the polygon is counter-clockwise).
fn first_edge(polygon: &Polygon, ray: &Ray, max_t: Real) -> Option<RayHit> {
    let mut best: Option<RayHit> = None;
    for (a, b) in edges(polygon.points()) {
        let limit = best.map_or(max_t, |h| h.t);
        if let Some(h) = cast_segment(a, b, ray, limit) {
            if best.is_none_or(|x| h.t < x.t) {
                best = Some(hit(ray, h.t, edge_normal(a, b, Vec2::X)));
            }
        }
    }
    best
}

impl RayCast for Polygon {
    /// The first point of the polygon along the ray: `t = 0` with `normal = −dir` when the
    /// polygon holds the origin (the exact crossings test, boundary included), otherwise the
    /// first edge the ray meets, with that edge's outward normal (where it passes through a
    /// vertex, either edge's). `None` for a miss and for invalid input.
    ///
    /// ```
    /// use isect::d2::{Polygon, Ray, RayCast};
    /// use isect::math::Vec2;
    /// let notch = Polygon::new(vec![
    ///     Vec2::new(0.0, 0.0), Vec2::new(4.0, 0.0), Vec2::new(4.0, 4.0),
    ///     Vec2::new(2.0, 1.0), Vec2::new(0.0, 4.0),
    /// ]).unwrap();
    /// // Down into the notch: the first solid point is on its sloping edge.
    /// let hit = notch.raycast(&Ray::new(Vec2::new(3.0, 5.0), -Vec2::Y), 10.0).unwrap();
    /// assert_eq!(hit.point, Vec2::new(3.0, 2.5));
    /// ```
    fn raycast(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        if !ray_usable(ray, max_t) {
            return None;
        }
        if contains(self.points(), ray.origin) {
            return Some(start_inside(ray));
        }
        settled(
            self,
            first_edge(self, ray, max_t),
            ray,
            max_t,
            Self::raycast,
        )
    }

    /// The first point of the polygon's boundary along the ray, from outside or inside, with
    /// the outward normal of its edge; `t = 0` from a point of the boundary.
    fn raycast_surface(&self, ray: &Ray, max_t: Real) -> Option<RayHit> {
        if !ray_usable(ray, max_t) {
            return None;
        }
        let hit = first_edge(self, ray, max_t);
        settled(self, hit, ray, max_t, Self::raycast_surface)
    }
}
