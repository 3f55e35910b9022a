//! (to be written: ray casts against a aabb)
