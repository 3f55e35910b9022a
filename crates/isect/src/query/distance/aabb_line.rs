//! Axis-aligned box–line distance: the line's stretch around the shape's bounding sphere, then the
//! segment distance (see `unbounded_distance!` in `distance/mod.rs`).

crate::query::distance::unbounded_distance!(Aabb, Line);
