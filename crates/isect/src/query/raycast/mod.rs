//! `RayCast` per shape, one file per shape (to be written).
