//! (to be written: sphere–aabb overlap)
