//! (to be written: segment–ray overlap)
