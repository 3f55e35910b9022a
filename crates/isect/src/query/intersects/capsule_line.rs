//! (to be written: capsule–line overlap)
