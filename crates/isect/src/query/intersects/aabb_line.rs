//! (to be written: aabb–line overlap)
