//! (to be written: obb–frustum overlap)
