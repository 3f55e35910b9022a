//! (to be written: triangle–segment overlap)
