//! (to be written: aabb–triangle overlap)
