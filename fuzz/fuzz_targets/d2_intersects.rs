//! 2D `intersects` cases (`isect::d2`, every shape) from any bytes: no panic, the invalid-input rule,
//! and power-of-two scale invariance, as `query_intersects` checks the 3D ones (see `src/lib.rs`).

fn main() {
    let strict = isect_fuzz::strict_scale_from_env();
    afl::fuzz!(|data: &[u8]| isect_fuzz::fuzz_query_d2(0, data, strict));
}
