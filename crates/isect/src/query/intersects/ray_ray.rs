//! (to be written: ray–ray overlap)
