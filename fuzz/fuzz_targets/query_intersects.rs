//! `intersects` cases from any bytes (numbers of every exponent): no panic, the invalid-input rule,
//! and power-of-two scale invariance (see `src/lib.rs`). A broken rule aborts (a crash for
//! AFL); a scale mismatch aborts only with `ISECT_FUZZ_STRICT_SCALE` set, since at extreme
//! magnitudes they are known (issue 24 items 10-12) and would drown the other findings.

fn main() {
    let strict = std::env::var_os("ISECT_FUZZ_STRICT_SCALE").is_some();
    afl::fuzz!(|data: &[u8]| {
        let (_, outcome) = isect_fuzz::check(Some(0), data);
        if let Some(v) = outcome.violation {
            panic!("invalid-input rule: {}", v.0);
        }
        if let (true, Some(m)) = (strict, outcome.mismatch) {
            panic!("scale: {}", m.what);
        }
    });
}
