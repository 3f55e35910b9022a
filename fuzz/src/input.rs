//! Numbers of every exponent from the fuzzer's bytes.

use isect::Real;
use isect::math::Vec3;

/// Reads numbers from the fuzzer's bytes (zeros once they run out).
pub struct Input<'a> {
    bytes: &'a [u8],
}

impl<'a> Input<'a> {
    pub fn new(bytes: &'a [u8]) -> Self {
        Self { bytes }
    }

    pub fn byte(&mut self) -> u8 {
        let (b, rest) = self
            .bytes
            .split_first()
            .map_or((0, &[][..]), |(b, r)| (*b, r));
        self.bytes = rest;
        b
    }

    /// A number of any exponent (a byte chooses: raw bits, a special value, or a multiple of 1/16
    /// in [-8, 8]).
    pub fn real(&mut self) -> Real {
        let tag = self.byte();
        if tag < 96 {
            let bits = u32::from_le_bytes([self.byte(), self.byte(), self.byte(), self.byte()]);
            f32::from_bits(bits)
        } else if tag < 112 {
            // Special values and edges, so they come up often.
            const SPECIAL: [Real; 16] = [
                0.0,
                -0.0,
                Real::INFINITY,
                Real::NEG_INFINITY,
                Real::NAN,
                Real::MAX,
                Real::MIN,
                Real::MIN_POSITIVE,
                -Real::MIN_POSITIVE,
                1.0e-45,
                -1.0e-45,
                Real::EPSILON,
                1.0e19,
                1.0e-19,
                3.0e38,
                1.0,
            ];
            SPECIAL[usize::from(tag - 96)]
        } else {
            (self.byte() as i8 as Real) / 16.0
        }
    }

    pub fn vec3(&mut self) -> Vec3 {
        Vec3::new(self.real(), self.real(), self.real())
    }
}

impl Input<'_> {
    pub fn vec2(&mut self) -> isect::math::Vec2 {
        isect::math::Vec2::new(self.real(), self.real())
    }
}
