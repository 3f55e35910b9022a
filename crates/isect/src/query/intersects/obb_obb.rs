//! (to be written: obb–obb overlap)
