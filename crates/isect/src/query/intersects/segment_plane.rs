//! (to be written: segment–plane overlap)
