//! (to be written: plane–convex_hull overlap)
