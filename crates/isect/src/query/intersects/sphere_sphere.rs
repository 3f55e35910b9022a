//! (to be written: sphere–sphere overlap)
