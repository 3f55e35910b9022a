//! (to be written: obb–line overlap)
