//! Triangle–ray distance: the ray's stretch around the shape's bounding sphere, then the
//! segment distance (see `unbounded_distance!` in `distance/mod.rs`).

crate::query::distance::unbounded_distance!(Triangle, Ray);
