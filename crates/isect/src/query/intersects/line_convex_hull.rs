//! (to be written: line–convex_hull overlap)
