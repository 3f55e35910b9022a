//! Inputs shared by the traversal shortcuts' property tests (`leaf.rs`, `steady.rs`): triangles
//! from fat to flat at any power-of-two scale, and directions at a given angle to a normal.

use crate::math::{Real, Vec3};

/// `2^e` (exact).
pub(super) fn pow2(e: i32) -> Real {
    let x = (0..e.unsigned_abs()).fold(1.0 as Real, |x, _| x * 2.0);
    if e < 0 { 1.0 / x } else { x }
}

/// The triangle on the side `a`–`b` whose third corner stands off its middle by `1 − squash`
/// of the side's length (`squash` 0: fat, near 1: flat), scaled by `2^scale`.
pub(super) fn squashed(a: [Real; 3], b: [Real; 3], squash: Real, scale: i32) -> [Vec3; 3] {
    let (p, q) = (Vec3::from_array(a), Vec3::from_array(b));
    let r = (p + q) * 0.5 + (q - p).any_orthogonal_vector() * (1.0 - squash);
    let s = pow2(scale);
    [p * s, q * s, r * s]
}

/// A direction whose cosine with the unit normal `n` is `cos`, turned about `n` by `turn`, of
/// length `len`.
pub(super) fn direction(n: Vec3, cos: Real, turn: Real, len: Real) -> Vec3 {
    let (u, v) = n.any_orthonormal_pair();
    let along = u * crate::ops::cos(turn) + v * crate::ops::sin(turn);
    (n * cos + along * crate::ops::sqrt(1.0 - cos * cos)) * len
}
