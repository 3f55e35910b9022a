//! (to be written: ray–plane overlap)
