//! (to be written: line–line overlap)
