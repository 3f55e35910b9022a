//! (to be written: capsule–frustum overlap)
