//! (to be written: triangle–line overlap)
