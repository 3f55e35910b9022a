//! (to be written: triangle–triangle overlap)
