//! Ray hits whose parameter underflows (issue 24).
//!
//! `t` is counted in units of the ray's `dir`, so a long `dir` makes it small: `|dir| = 3e38` and
//! a shape `2e-6` away give `t` below the normal range, where it keeps only a few bits (or none:
//! `t = 0`, the answer for a ray that starts inside). The point `origin + t · dir` formed from
//! that `t` was off by up to `|dir| · 2⁻¹⁴⁹` (in `f32`), the origin itself at `t = 0`. Such a hit
//! is cast again with `dir` brought to a largest coordinate in `[1, 2)` by a power of two, where
//! `t` is as precise as the shape's distance, and its `t` converted back: the point and the
//! normal of that cast, `t` rounded once more (to a subnormal, or to 0 where it is below half the
//! smallest). On every other hit the check is one comparison of `t`; a ray that starts inside
//! (`t = 0`) also compares its `dir`'s largest coordinate with 2.

use super::{Parameter, ldexp, normalized_direction, normalizing_exponent};
use crate::math::Real;

/// A ray whose direction can be brought to unit scale by a power of two.
pub(crate) trait ScalableDir: Sized {
    /// The ray with its `dir` multiplied by `2ᵏ` into a largest coordinate in `[1, 2)`, and `k`,
    /// for a finite `dir` of largest coordinate at least 2; `None` otherwise.
    fn unit_scale_dir(&self) -> Option<(Self, i32)>;

    /// Whether `dir`'s largest coordinate is not below 2 (also where it is NaN).
    fn long_dir(&self) -> bool;
}

/// [`ScalableDir`] for a ray type of either dimension, given its direction's normalizing
/// (`dir · 2ᵏ` and `k`, as [`normalized_direction`] gives it in 3D).
macro_rules! scalable_dir {
    ($ray:ty, $normalized:expr) => {
        impl ScalableDir for $ray {
            #[inline(always)]
            fn long_dir(&self) -> bool {
                !(self.dir.abs().max_element() < 2.0)
            }

            fn unit_scale_dir(&self) -> Option<(Self, i32)> {
                let m = self.dir.abs().max_element();
                (2.0..Real::INFINITY).contains(&m).then(|| {
                    let (dir, k) = $normalized(self.dir);
                    (Self::new(self.origin, dir), k)
                })
            }
        }
    };
}

scalable_dir!(crate::Ray, normalized_direction);
scalable_dir!(crate::d2::Ray, |dir: crate::math::Vec2| {
    let k = normalizing_exponent(dir.abs().max_element());
    (dir * ldexp(1.0, k), k)
});

/// `hit`, or, where its `t` is below the normal range and `dir` is at least 2, the hit of the
/// ray with `dir` at unit scale (`recast`, the same cast of `shape`) with its `t` converted
/// back. A miss stays a miss: against a subnormal `max_t`, whether a hit's `t` rounded to the
/// limit lies within it is itself a matter of rounding.
#[inline(always)]
pub(crate) fn settled<S: ?Sized, R: ScalableDir, H: Parameter>(
    shape: &S,
    hit: Option<H>,
    ray: &R,
    max_t: Real,
    recast: fn(&S, &R, Real) -> Option<H>,
) -> Option<H> {
    match &hit {
        Some(h) if h.t() < Real::MIN_POSITIVE && ray.long_dir() => {
            settled_cold(shape, ray, max_t, recast)
        }
        _ => hit,
    }
}

/// [`settled`]'s rare half. Most casts recast by calling themselves: `recast` goes through
/// `black_box` so that the compiler cannot follow it, since a cast it sees as recursive is no
/// longer inlined into its callers (the ray–sphere and ray–triangle casts became calls, 15 to
/// 30 instructions more per cast in `scripts/hot_path.sh`).
#[cold]
#[inline(never)]
fn settled_cold<S: ?Sized, R: ScalableDir, H: Parameter>(
    shape: &S,
    ray: &R,
    max_t: Real,
    recast: fn(&S, &R, Real) -> Option<H>,
) -> Option<H> {
    // `dir` is finite here: a ray with a NaN or infinite `dir` hits nothing.
    let (unit, k) = ray.unit_scale_dir()?;
    // `t · 2⁻ᵏ` along the scaled direction, without a limit: converted, the limit would be
    // rounded (it is subnormal, or `t` is) and could drop a hit whose `t` converted back lies
    // within it; the converted `t` is checked against the given limit instead. A first hit
    // beyond the limit is a miss, as the cast would have it.
    let again = core::hint::black_box(recast)(shape, &unit, Real::INFINITY)?;
    let t = ldexp(again.t(), k);
    (t <= max_t).then(|| again.with_t(t))
}
