//! (to be written: segment–line overlap)
