//! (to be written: sphere–convex_hull overlap)
