//! (to be written: frustum–convex_hull overlap)
