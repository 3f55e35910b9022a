//! `raycast` cases from any bytes (numbers of every exponent): no panic, the invalid-input rule,
//! and power-of-two scale invariance (see `src/lib.rs`). A broken rule aborts (a crash for
//! AFL); a scale mismatch aborts only with `ISECT_FUZZ_STRICT_SCALE` set (to `E`: cases whose
//! largest |exponent| is at most `E`; see `isect_fuzz::strict_scale_from_env`), since at
//! extreme magnitudes some are still known (issue 24 items 10-12) and would drown the rest.

fn main() {
    let strict = isect_fuzz::strict_scale_from_env();
    afl::fuzz!(|data: &[u8]| isect_fuzz::fuzz_query(4, data, strict));
}
