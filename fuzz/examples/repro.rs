//! Reproduces saved AFL inputs without AFL: `cargo run --release --no-default-features --example
//! repro -- FAMILY FILE...` runs each file through `isect_fuzz::check` as the `query_FAMILY`
//! target does (a family `d2-NAME`: `isect_fuzz::d2::check`, as the `d2_NAME` target) and prints
//! what it found (a panic, a broken invalid-input rule, a scale mismatch).

use isect_fuzz::{Checker, FAMILIES, check, d2};

fn main() {
    let mut args = std::env::args().skip(1);
    let name = args.next().expect("a family name");
    let (checker, name): (Checker, &str) = match name.strip_prefix("d2-") {
        Some(rest) => (d2::check, rest),
        None => (check, &name),
    };
    let family = FAMILIES
        .iter()
        .position(|f| *f == name)
        .expect("a family of FAMILIES");
    for path in args {
        let data = std::fs::read(&path).expect("a readable file");
        match std::panic::catch_unwind(|| checker(Some(family), &data)) {
            Err(_) => println!("{path}: PANIC"),
            Ok((_, outcome)) => {
                if let Some(v) = outcome.violation {
                    println!("{path}: invalid-input rule: {}", v.0);
                } else if let Some(m) = outcome.mismatch {
                    println!("{path}: scale (exponent {}): {}", m.exponent, m.what);
                } else {
                    println!("{path}: clean");
                }
            }
        }
    }
}
