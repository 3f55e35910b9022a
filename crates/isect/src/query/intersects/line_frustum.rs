//! (to be written: line–frustum overlap)
