//! (to be written: frustum–frustum overlap)
