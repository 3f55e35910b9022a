//! (to be written: aabb–obb overlap)
