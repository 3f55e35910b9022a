//! Any text as the command line's query JSON (`isect query`): an error naming its place or an
//! answer, never a panic or a hang. The command line's modules are compiled in from their
//! source files; inputs that name files are skipped, so the fuzzer cannot read the disk.

#![allow(
    dead_code,
    clippy::all,
    reason = "the CLI's modules compiled in by path, linted in their own crate"
)]

#[path = "../../crates/isect-cli/src/d2/mod.rs"]
mod d2;
#[path = "../../crates/isect-cli/src/dispatch.rs"]
mod dispatch;
#[path = "../../crates/isect-cli/src/json.rs"]
mod json;
#[path = "../../crates/isect-cli/src/query.rs"]
mod query;
#[path = "../../crates/isect-cli/src/shapes.rs"]
mod shapes;

fn main() {
    afl::fuzz!(|data: &[u8]| {
        let Ok(text) = std::str::from_utf8(data) else {
            return;
        };
        if text.contains("file") {
            return;
        }
        let Ok(doc) = json::parse(text, "<fuzz>") else {
            return;
        };
        match query::run(&doc, std::path::Path::new("/nonexistent")) {
            Ok(result) => {
                serde_json::to_string(&result).expect("answers serialise");
            }
            Err(e) => assert!(!e.0.is_empty()),
        }
    });
}
