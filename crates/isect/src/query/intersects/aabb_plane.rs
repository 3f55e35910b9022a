//! (to be written: aabb–plane overlap)
