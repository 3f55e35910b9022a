//! (to be written: convex_hull–convex_hull overlap)
