//! (to be written: triangle–frustum overlap)
