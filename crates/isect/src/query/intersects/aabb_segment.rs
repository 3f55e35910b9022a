//! (to be written: aabb–segment overlap)
