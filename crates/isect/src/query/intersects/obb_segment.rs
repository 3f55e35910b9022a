//! (to be written: obb–segment overlap)
