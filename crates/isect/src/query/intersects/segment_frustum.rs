//! (to be written: segment–frustum overlap)
