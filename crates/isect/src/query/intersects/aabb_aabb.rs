//! (to be written: aabb–aabb overlap)
