//! (to be written: line–plane overlap)
