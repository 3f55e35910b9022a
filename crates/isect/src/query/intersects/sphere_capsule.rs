//! (to be written: sphere–capsule overlap)
