//! (to be written: capsule–plane overlap)
