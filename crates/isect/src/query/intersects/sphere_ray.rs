//! (to be written: sphere–ray overlap)
