//! (to be written: aabb–ray overlap)
