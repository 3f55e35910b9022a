//! (to be written: obb–plane overlap)
