//! Exact signs of sums of products by floating-point expansions: a value held as a sum of
//! `f64` components whose sum is exact, built with error-free transformations (Knuth's two-sum,
//! Dekker's product with Veltkamp's split; the representation is Priest's and Shewchuk's,
//! "Adaptive Precision Floating-Point Arithmetic and Fast Robust Geometric Predicates", 1997).
//! Slow and simple (no adaptive stages): for the rare path where a filtered sign is in doubt
//! (here, and in the plane's `d2::query::algo::exact`).
//!
//! [`dir_orient`] is the sign of `d · ((x − o) × (y − o))` for a direction `d` and three points,
//! which needs no second point of the line `o + λ d` in the float grid (the difference between
//! this and `orient3d`: a ray whose coordinates span many exponents has none).

use crate::query::algo::orient::P;

/// `(s, e)` with `s = fl(a + b)` and `s + e = a + b` exactly (Knuth; no overflow assumed).
#[inline]
pub(crate) fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let bv = s - a;
    let av = s - bv;
    (s, (a - av) + (b - bv))
}

/// `(hi, lo)` with `hi + lo = a`, each with at most 26 significant bits (Veltkamp's split;
/// `|a|` below `2⁹⁹⁶`, so the factor's product stays finite).
#[inline]
fn split(a: f64) -> (f64, f64) {
    const FACTOR: f64 = 134_217_729.0; // 2^27 + 1
    let c = FACTOR * a;
    let hi = c - (c - a);
    (hi, a - hi)
}

/// `(p, e)` with `p = fl(a b)` and `p + e = a b` exactly (Dekker), when `e` does not underflow.
#[inline]
pub(crate) fn two_product(a: f64, b: f64) -> (f64, f64) {
    let p = a * b;
    let (ah, al) = split(a);
    let (bh, bl) = split(b);
    let err = p - ah * bh - al * bh - ah * bl;
    (p, al * bl - err)
}

/// A sum of non-overlapping `f64` components in increasing magnitude, zeros dropped: its sign
/// is its largest component's. It never holds more components than were added, so `N` is the
/// number of terms a caller adds.
pub(crate) struct Expansion<const N: usize> {
    parts: [f64; N],
    len: usize,
}

impl<const N: usize> Expansion<N> {
    pub(crate) const ZERO: Self = Self {
        parts: [0.0; N],
        len: 0,
    };

    /// Adds `x` exactly: `x` is carried up through the components by two-sums, each leaving
    /// its rounding error behind as a component (which keeps them non-overlapping and
    /// increasing), and what is left on top is the new largest component.
    pub(crate) fn add(&mut self, x: f64) {
        let mut q = x;
        let mut out = 0;
        for i in 0..self.len {
            let (s, e) = two_sum(q, self.parts[i]);
            q = s;
            if e != 0.0 {
                self.parts[out] = e;
                out += 1;
            }
        }
        if q != 0.0 && out < N {
            self.parts[out] = q;
            out += 1;
        }
        self.len = out;
    }

    /// Adds `sign · x y z` exactly: four components.
    fn add_product(&mut self, sign: f64, x: f64, y: f64, z: f64) {
        let (p, e) = two_product(x, y);
        let (p1, e1) = two_product(p, z);
        let (p2, e2) = two_product(e, z);
        for part in [e2, e1, p2, p1] {
            self.add(sign * part);
        }
    }

    /// The sum rounded to `f64`: the components added from the smallest, within about one
    /// rounding of the exact value (they do not overlap).
    pub(crate) fn estimate(&self) -> f64 {
        self.parts[..self.len].iter().sum()
    }

    /// The sign of the sum: `1.0`, `-1.0` or `0.0`.
    pub(crate) fn signum(&self) -> f64 {
        match self.len.checked_sub(1) {
            Some(top) if self.parts[top] > 0.0 => 1.0,
            Some(_) => -1.0,
            None => 0.0,
        }
    }
}

/// `2ᵏ` with `|2ᵏ m|` in `[1, 2)` for the largest absolute coordinate `m > 0` of `points` (1
/// for none or all zero): scaling by it is exact (no coordinate leaves the normal range unless
/// it is below `2⁻⁹⁷⁰` of the largest) and keeps the products far from overflow and underflow.
pub(crate) fn normalizer(points: &[P]) -> f64 {
    let m = points.iter().flat_map(|p| p.iter()).fold(0.0_f64, |m, &c| {
        let a = f64::from_bits(c.to_bits() & !(1 << 63));
        if a > m { a } else { m }
    });
    if !(m > 0.0) || !m.is_finite() {
        return 1.0;
    }
    // 2^-e for m = 2^e · 1.f, built from its exponent field (e clamped so that it is normal).
    let exponent = ((m.to_bits() >> 52) & 0x7ff) as i64 - 1023;
    let e = exponent.clamp(-1022, 1022);
    f64::from_bits(((1023 - e) as u64) << 52)
}

/// The sign of `d · ((x − o) × (y − o))` (`1.0`, `-1.0` or `0.0`), exact for coordinates of
/// `f32` input and for `f64` input whose nonzero coordinates are within about `2³⁰⁰` of the
/// largest of their group (`d` one group, the points the other), where no partial product
/// underflows. It is `d · (x × y) + d · (o × x) + d · (y × o)`, expanded into 18 triple products
/// summed exactly.
pub(crate) fn dir_orient(d: P, o: P, x: P, y: P) -> f64 {
    let sd = normalizer(&[d]);
    let sp = normalizer(&[o, x, y]);
    let d = d.map(|c| c * sd);
    let [o, x, y] = [o, x, y].map(|p| p.map(|c| c * sp));
    // 18 triple products of 4 components each.
    let mut sum = Expansion::<72>::ZERO;
    for (u, v) in [(x, y), (o, x), (y, o)] {
        // d · (u × v) = Σ over the cyclic (i, j, k): d_i (u_j v_k − u_k v_j).
        for (i, j, k) in [(0, 1, 2), (1, 2, 0), (2, 0, 1)] {
            sum.add_product(1.0, d[i], u[j], v[k]);
            sum.add_product(-1.0, d[i], u[k], v[j]);
        }
    }
    sum.signum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_product_is_exact() {
        let a = 1.0 + f64::EPSILON;
        let (p, e) = two_product(a, a);
        assert_eq!(p, 1.0 + 2.0 * f64::EPSILON);
        assert_eq!(e, f64::EPSILON * f64::EPSILON);
    }

    #[test]
    fn cancelling_sum_keeps_its_small_part() {
        let mut s = Expansion::<8>::ZERO;
        for x in [1e300, 1.0, -1e300, -1.0, 1e-300] {
            s.add(x);
        }
        assert_eq!(s.signum(), 1.0);
        s.add(-1e-300);
        assert_eq!(s.signum(), 0.0);
    }

    #[test]
    fn orientation_of_a_line_past_a_far_edge() {
        // The edge from (2^60, −1, 0) to (2^60, 1, 0), and lines along z beside it and through it.
        let big = (1u64 << 60) as f64;
        let (x, y) = ([big, -1.0, 0.0], [big, 1.0, 0.0]);
        let up = [0.0, 0.0, 1.0];
        assert_eq!(dir_orient(up, [big, 0.0, 0.0], x, y), 0.0);
        assert_eq!(dir_orient(up, [big + 512.0, 0.0, 0.0], x, y), -1.0);
        assert_eq!(dir_orient(up, [big - 512.0, 0.0, 0.0], x, y), 1.0);
        // From (2^60, 0, 1) down, tilted by 1e-30: it meets z = 0 at 2^60 ± 1e-30, a point
        // that no f64 holds, nor any other point of the line but the origin.
        let o = [big, 0.0, 1.0];
        assert_eq!(dir_orient([1e-30, 0.0, -1.0], o, x, y), 1.0);
        assert_eq!(dir_orient([-1e-30, 0.0, -1.0], o, x, y), -1.0);
        assert_eq!(dir_orient([0.0, 0.0, -1.0], o, x, y), 0.0);
        // Swapping the edge's ends negates it.
        assert_eq!(dir_orient([1e-30, 0.0, -1.0], o, y, x), -1.0);
    }

    /// Against `orient3d` through the second point `o + d`, on integer coordinates where that
    /// point is exact: random and nearly degenerate (a point on the plane of the line and the
    /// other point, moved by −1, 0 or 1 in one coordinate) configurations.
    #[test]
    fn agrees_with_orient3d_where_a_second_point_is_exact() {
        use crate::query::algo::orient::o3;
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move |range: i64| -> f64 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            ((state % (2 * range as u64 + 1)) as i64 - range) as f64
        };
        let mut zeros = 0;
        for round in 0..20_000 {
            let big = if round % 2 == 0 { 1 << 20 } else { 8 };
            let o = [next(big), next(big), next(big)];
            let d = [next(big), next(big), next(big)];
            let x = [next(big), next(big), next(big)];
            // y on the plane of the line and x (o + 2d + 3(x − o)), nudged.
            let mut y = [0.0; 3];
            for i in 0..3 {
                y[i] = o[i] + 2.0 * d[i] + 3.0 * (x[i] - o[i]);
            }
            let k = (round % 3) as usize;
            y[k] += next(1);
            let q = [o[0] + d[0], o[1] + d[1], o[2] + d[2]];
            let expected = o3(q, x, y, o);
            let expected = if expected > 0.0 {
                1.0
            } else if expected < 0.0 {
                -1.0
            } else {
                zeros += 1;
                0.0
            };
            assert_eq!(dir_orient(d, o, x, y), expected, "{o:?} {d:?} {x:?} {y:?}");
        }
        assert!(zeros > 1000, "degenerate cases drawn: {zeros}");
    }
}
