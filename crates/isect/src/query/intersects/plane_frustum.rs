//! (to be written: plane–frustum overlap)
