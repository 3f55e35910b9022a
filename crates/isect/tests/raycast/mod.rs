//! Ray casts (to be written).
