//! (to be written: ray–convex_hull overlap)
