//! (to be written: aabb–convex_hull overlap)
