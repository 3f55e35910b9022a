//! (to be written: capsule–segment overlap)
