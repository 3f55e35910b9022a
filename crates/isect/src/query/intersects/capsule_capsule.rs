//! (to be written: capsule–capsule overlap)
