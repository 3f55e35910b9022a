//! (to be written: aabb–frustum overlap)
