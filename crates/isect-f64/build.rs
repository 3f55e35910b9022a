//! Compiles isect's source with `Real = f64` (see `math.rs`).
fn main() {
    println!("cargo::rustc-cfg=isect_f64");
    println!("cargo::rerun-if-changed=build.rs");
}
