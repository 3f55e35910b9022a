//! (to be written: obb–capsule overlap)
