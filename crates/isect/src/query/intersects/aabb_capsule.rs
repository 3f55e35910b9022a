//! (to be written: aabb–capsule overlap)
