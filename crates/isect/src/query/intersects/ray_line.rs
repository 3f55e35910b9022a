//! (to be written: ray–line overlap)
