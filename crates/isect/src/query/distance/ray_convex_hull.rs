//! Ray–convex hull distance: the ray's stretch around the hull's bounding sphere, then the
//! segment distance (see `unbounded_distance!` in `distance/mod.rs`).

crate::query::distance::unbounded_distance!(Ray, ConvexHull);
