//! (to be written: sphere–line overlap)
