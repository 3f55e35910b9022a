//! (to be written: ray–frustum overlap)
