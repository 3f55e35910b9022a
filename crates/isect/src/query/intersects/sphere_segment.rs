//! (to be written: sphere–segment overlap)
