//! Ray–convex hull overlap.
#![cfg(feature = "alloc")]

use crate::query::algo::linear::Linear;
use crate::query::algo::scale::rescale;
use crate::query::{Intersects, mirror_intersects};
use crate::shape::{ConvexHull, Ray};

impl Intersects<ConvexHull> for Ray {
    /// The ray's parameter interval `[0, ∞)` clipped against the hull's face planes (cached at
    /// construction; Cyrus–Beck, Ericson, *Real-Time Collision Detection*, §5.3.8) is not
    /// empty, each plane moved out by `ON_SET_TOLERANCE` times the coordinates; flat and
    /// degenerate hulls as what they are, as for [`Segment`](crate::Segment). Touching counts.
    /// `false` for invalid input (a zero direction included).
    fn intersects(&self, hull: &ConvexHull) -> bool {
        rescale!(pair self, hull, intersects);
        hull.meets_linear(&Linear::ray(self))
    }
}

mirror_intersects!(Ray, ConvexHull);
