//! The per-slot flags of [`Bvh::clear`] and the closest hit's shortcut past
//! [`crate::query::raycast::triangle::steady_barycentric`]'s test: a hit's barycentric
//! coordinates kept as the watertight test gave them, decided from the stored unit normal
//! instead of the triangle's corners and cross product.

use crate::bvh::layout::Bvh;
use crate::bvh::ray::is_clear;
use crate::math::{Real, Vec3};
use crate::shape::Triangle;

/// [`Bvh::clear`] bit: the triangle is clear ([`is_clear`]), for the grazing check's shortcut.
pub(in crate::bvh) const CLEAR: u8 = 1;

/// [`Bvh::clear`] bit: the triangle is clear and its scaled normal's squared length lies in
/// `[2^-60, 2^60]`, for [`Bvh::keeps_barycentric`].
pub(in crate::bvh) const ROOMY: u8 = 2;

/// The squared lengths of a scaled normal that [`ROOMY`] allows, `2^-60` and `2^60` (exact).
const ROOM: (Real, Real) = (1.0 / (1u64 << 60) as Real, (1u64 << 60) as Real);

/// The `L1` lengths of a direction [`Bvh::keeps_barycentric`] decides, `2^-16` and `2^16`.
const DIR_ROOM: (Real, Real) = (1.0 / 65536.0, 65536.0);

/// The cosine with a clear triangle's stored normal above which `steady_barycentric` keeps a
/// hit: `2^-8`, four times its own bound (`√(10^-6)`, about `2^-9.97`), far beyond the angle
/// between the stored normal and the cross product it computes (about `200 ε`, see
/// [`is_clear`]).
const STEADY_COSINE: Real = 1.0 / 256.0;

/// The flags of a triangle with corners `c` ([`CLEAR`], [`ROOMY`]); 0 for padding.
pub(in crate::bvh) fn clear_flags(c: &[Vec3; 3]) -> u8 {
    if !is_clear(c) {
        return 0;
    }
    let nn = Triangle::new(c[0], c[1], c[2])
        .scaled_normal()
        .length_squared();
    if nn >= ROOM.0 && nn <= ROOM.1 {
        CLEAR | ROOMY
    } else {
        CLEAR
    }
}

impl Bvh {
    /// Whether `steady_barycentric` returns a hit on the triangle in `slot` by a ray of
    /// direction `dir` unchanged (its test `(n · d)² >= 10^-6 |n|² |d|²`, `n` the cross product
    /// of its sides from its first corner, passes), decided without the corners: `true` only
    /// when it does, so a hit's answer is the same bits; `false` leaves the test to decide.
    ///
    /// `true` for a [`ROOMY`] triangle and a direction with `L1` length `l` in
    /// `[2^-16, 2^16]` and `|N · d| >= 2^-8 l` (`N` the stored unit normal). Then `|d|²` lies
    /// in `[2^-34, 2^32]` and `|n|²` in `[2^-60, 2^60]`: the test's sums and products are
    /// normal numbers far from overflow (a term that underflows is negligible beside them);
    /// the direction's cosine with `N` is at least `2^-8` less a few ε, with `n` (within about
    /// `200 ε` of `N`'s direction for a clear triangle) above `2^-8.1`, so `n · d` carries a
    /// relative error below `2^9` ε and the exact ratio `(n · d)² / (|n|² |d|²)` is above
    /// `1.3 · 10^-5`, thirteen times the test's bound: the rounded test passes.
    #[inline]
    pub(crate) fn keeps_barycentric(&self, slot: u32, dir: Vec3) -> bool {
        let a = dir.abs();
        let l = a.x + a.y + a.z;
        self.clear[slot as usize] & ROOMY != 0
            && l >= DIR_ROOM.0
            && l <= DIR_ROOM.1
            && self.normals[slot as usize].dot(dir).abs() >= STEADY_COSINE * l
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_cases::{direction, pow2, squashed};
    use super::*;
    use crate::query::TriangleHit;
    use crate::query::raycast::triangle::steady_barycentric;
    use proptest::prelude::*;

    /// A one-triangle [`Bvh`] of the corners `c`.
    fn one(c: [Vec3; 3]) -> Bvh {
        Bvh::new(&c, &[[0, 1, 2]])
    }

    #[test]
    fn flags() {
        let (o, x, y) = (Vec3::ZERO, Vec3::X, Vec3::Y);
        assert_eq!(clear_flags(&[o, x, y]), CLEAR | ROOMY);
        // Clear but outside the room (|n|² of 2^-64 and 2^64), and not clear at all.
        let (s, l) = (pow2(-16), pow2(16));
        assert_eq!(clear_flags(&[o, x * s, y * s]), CLEAR);
        assert_eq!(clear_flags(&[o, x * l, y * l]), CLEAR);
        assert_eq!(clear_flags(&[o, x, x * 2.0]), 0);
        assert_eq!(clear_flags(&[o, x, Vec3::new(0.5, 0.01, 0.0)]), 0);
    }

    #[test]
    fn kept_and_left_to_the_test() {
        let bvh = one([Vec3::ZERO, Vec3::X, Vec3::Y]);
        assert!(bvh.keeps_barycentric(0, Vec3::new(0.3, -0.2, -1.0)));
        // Nearly along the plane, directions outside the room, NaN.
        assert!(!bvh.keeps_barycentric(0, Vec3::new(1.0, 0.0, 1.0 / 512.0)));
        assert!(!bvh.keeps_barycentric(0, Vec3::new(0.0, 0.0, pow2(-17))));
        assert!(!bvh.keeps_barycentric(0, Vec3::new(0.0, 0.0, pow2(17))));
        assert!(!bvh.keeps_barycentric(0, Vec3::new(Real::NAN, 0.0, 1.0)));
        // A sliver takes the test.
        let sliver = one([Vec3::ZERO, Vec3::X, Vec3::new(0.5, 0.01, 0.0)]);
        assert!(!sliver.keeps_barycentric(0, Vec3::Z));
    }

    proptest! {
        /// Wherever the shortcut keeps a hit, `steady_barycentric` keeps it too: a hit at the
        /// triangle's centroid given `u = v = 0` comes back with `u = v = 0` (its point's own
        /// coordinates, about 1/3, had the test failed). Triangles from fat to just clear, at
        /// scales `2^-40` to `2^40`, directions at cosines `2^-12` to 1 with the stored normal,
        /// of lengths `2^-24` to `2^24`.
        #[test]
        fn the_shortcut_keeps_only_what_the_test_keeps(
            a in prop::array::uniform3(-1.0 as Real..1.0),
            b in prop::array::uniform3(-1.0 as Real..1.0),
            squash in 0.0 as Real..1.0,
            scale in -40i32..40,
            cos_exp in -12i32..0,
            cos_frac in 1.0 as Real..2.0,
            turn in 0.0 as Real..6.3,
            len in -24i32..24,
        ) {
            let c = squashed(a, b, squash, scale);
            let bvh = one(c);
            prop_assume!(bvh.order[0] == 0);
            let n = bvh.normals[0];
            prop_assume!(n != Vec3::ZERO);
            let dir = direction(n, pow2(cos_exp) * cos_frac * 0.5, turn, pow2(len));
            if bvh.keeps_barycentric(0, dir) {
                let [x, y, z] = bvh.tri(0);
                let centroid = (x + y + z) / 3.0;
                let hit = TriangleHit { t: 1.0, u: 0.0, v: 0.0 };
                let kept = steady_barycentric([x, y, z], (y - x).cross(z - x), centroid - dir, dir, hit);
                prop_assert!(kept.u == 0.0 && kept.v == 0.0, "{:?} {:?}", c, dir);
            }
        }
    }
}
