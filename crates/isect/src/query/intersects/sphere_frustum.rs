//! (to be written: sphere–frustum overlap)
