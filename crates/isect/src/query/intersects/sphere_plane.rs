//! (to be written: sphere–plane overlap)
