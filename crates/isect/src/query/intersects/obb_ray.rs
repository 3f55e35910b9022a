//! (to be written: obb–ray overlap)
