//! (to be written: triangle–convex_hull overlap)
