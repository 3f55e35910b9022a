//! (to be written: triangle–plane overlap)
