//! A small fixed-seed generator (Marsaglia's xorshift with Vigna's `*` output scrambler) and the
//! benchmark inputs made from it. Quality is ample for scattering test points; a dependency on
//! `rand` would buy nothing here.

use isect::Real;
use isect::math::{Quat, Vec3};

/// xorshift64* (Vigna, "An experimental exploration of Marsaglia's xorshift generators,
/// scrambled", 2016). The same seed gives the same sequence on every machine.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator seeded with `seed` (any value; it is mixed by `SplitMix64` so that small seeds
    /// start well and the state is never zero).
    #[must_use]
    pub fn new(seed: u64) -> Self {
        let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        Self(if z == 0 { 1 } else { z })
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in `[0, 1)`, from the top 24 bits (exact in `f32`).
    pub fn unit(&mut self) -> Real {
        const SCALE: Real = 1.0 / (1u32 << 24) as Real;
        (self.next_u64() >> 40) as Real * SCALE
    }

    /// Uniform in `[lo, hi)`.
    pub fn range(&mut self, lo: Real, hi: Real) -> Real {
        lo + (hi - lo) * self.unit()
    }

    /// Uniform in the box `[lo, hi)³`.
    pub fn vec3(&mut self, lo: Real, hi: Real) -> Vec3 {
        Vec3::new(self.range(lo, hi), self.range(lo, hi), self.range(lo, hi))
    }

    /// Uniform in the unit ball (rejection from the cube).
    pub fn in_unit_ball(&mut self) -> Vec3 {
        loop {
            let v = self.vec3(-1.0, 1.0);
            let ll = v.length_squared();
            if ll <= 1.0 && ll > 1e-6 {
                return v;
            }
        }
    }

    /// A uniformly random unit vector.
    pub fn unit_vec3(&mut self) -> Vec3 {
        self.in_unit_ball().normalize()
    }

    /// A uniformly random rotation (a unit quaternion uniform on the 3-sphere, by rejection).
    pub fn rotation(&mut self) -> Quat {
        loop {
            let q = Quat::from_xyzw(
                self.range(-1.0, 1.0),
                self.range(-1.0, 1.0),
                self.range(-1.0, 1.0),
                self.range(-1.0, 1.0),
            );
            let ll = q.length_squared();
            if ll <= 1.0 && ll > 1e-6 {
                return q.normalize();
            }
        }
    }

    /// A point at a distance uniform in `[0, 2 · reach)` from `center`, in a uniformly random
    /// direction: for a ball of radius `reach` about half of such points fall inside, and the
    /// inside ones crowd towards the center as the outside ones thin out with distance, which
    /// gives a mix of deep, shallow and outside queries.
    pub fn around(&mut self, center: Vec3, reach: Real) -> Vec3 {
        center + self.unit_vec3() * (2.0 * reach * self.unit())
    }

    /// `n` points from [`Rng::around`].
    pub fn points_around(&mut self, n: usize, center: Vec3, reach: Real) -> Vec<Vec3> {
        (0..n).map(|_| self.around(center, reach)).collect()
    }

    /// A uniformly random point of segment `ab`, computed as `a + t (b − a)`.
    pub fn on_segment(&mut self, a: Vec3, b: Vec3) -> Vec3 {
        a + (b - a) * self.unit()
    }

    /// A uniformly random point of triangle `abc` (the parallelogram folded onto the triangle).
    pub fn on_triangle(&mut self, a: Vec3, b: Vec3, c: Vec3) -> Vec3 {
        let (mut s, mut t) = (self.unit(), self.unit());
        if s + t > 1.0 {
            s = 1.0 - s;
            t = 1.0 - t;
        }
        a + (b - a) * s + (c - a) * t
    }

    /// `n` points, each from `on(rng)` or `off(rng)` as a fair coin decides: about half on a
    /// set, half around it, in an order no branch predictor can learn (unlike
    /// [`Rng::alternate`]'s strict alternation).
    pub fn mixed(
        &mut self,
        n: usize,
        mut on: impl FnMut(&mut Self) -> Vec3,
        mut off: impl FnMut(&mut Self) -> Vec3,
    ) -> Vec<Vec3> {
        (0..n)
            .map(|_| {
                if self.next_u64() >> 63 == 0 {
                    on(self)
                } else {
                    off(self)
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_sequence_and_unit_in_range() {
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        for _ in 0..1000 {
            let x = a.unit();
            assert_eq!(x.to_bits(), b.unit().to_bits());
            assert!((0.0..1.0).contains(&x));
        }
        assert_ne!(Rng::new(1).next_u64(), Rng::new(2).next_u64());
    }

    #[test]
    fn around_puts_about_half_inside_the_ball_of_radius_reach() {
        let mut rng = Rng::new(3);
        let points = rng.points_around(10_000, Vec3::ONE, 2.0);
        let inside = points
            .iter()
            .filter(|p| p.distance(Vec3::ONE) <= 2.0)
            .count();
        assert!((4_700..5_300).contains(&inside), "{inside}");
    }
}
