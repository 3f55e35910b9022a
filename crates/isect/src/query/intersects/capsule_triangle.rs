//! (to be written: capsule–triangle overlap)
