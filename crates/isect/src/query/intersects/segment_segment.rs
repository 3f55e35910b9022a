//! (to be written: segment–segment overlap)
