//! (to be written: ray casts against a convex hull)
