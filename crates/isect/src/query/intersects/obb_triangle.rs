//! (to be written: obb–triangle overlap)
