//! (to be written: plane–plane overlap)
