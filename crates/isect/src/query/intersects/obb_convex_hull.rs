//! (to be written: obb–convex_hull overlap)
