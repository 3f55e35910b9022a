//! (to be written: sphere–triangle overlap)
