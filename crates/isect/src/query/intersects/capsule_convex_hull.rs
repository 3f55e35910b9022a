//! (to be written: capsule–convex_hull overlap)
