//! (to be written: capsule–ray overlap)
