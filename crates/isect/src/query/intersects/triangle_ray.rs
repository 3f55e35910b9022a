//! (to be written: triangle–ray overlap)
