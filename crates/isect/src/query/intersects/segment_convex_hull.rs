//! (to be written: segment–convex_hull overlap)
