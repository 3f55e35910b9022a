//! (to be written: sphere–obb overlap)
