//! Float functions that `core` lacks, from `std` or from `libm`.
//!
//! Every float function the library needs beyond `abs`, `min`, `max`, `copysign` and `signum`
//! (which `core` has) goes through here, so that `isect` builds for `no_std` with the `libm`
//! feature. Clippy's `disallowed-methods` (clippy.toml) keeps direct calls out of the rest of the
//! crate. With both `std` and `libm` enabled, `std` wins.
#![cfg_attr(
    feature = "std",
    expect(
        clippy::disallowed_methods,
        reason = "the one place that calls std's float methods"
    )
)]

use crate::math::Real;

#[cfg(not(any(feature = "std", feature = "libm")))]
compile_error!("isect needs a float backend: enable the `std` feature (default) or `libm`");

/// Defines `pub fn $name(x) -> Real`: `Real::$name` with std, else the libm function of the
/// current precision (`$f32` or `$f64`).
macro_rules! float_fn {
    ($(#[$doc:meta])* $name:ident => $f32:ident, $f64:ident) => {
        $(#[$doc])*
        #[inline(always)]
        #[must_use]
        pub fn $name(x: Real) -> Real {
            #[cfg(feature = "std")]
            {
                x.$name()
            }
            #[cfg(all(not(feature = "std"), not(isect_f64)))]
            {
                libm::$f32(x)
            }
            #[cfg(all(not(feature = "std"), isect_f64))]
            {
                libm::$f64(x)
            }
        }
    };
}

float_fn!(
    /// Square root; NaN for negative input.
    sqrt => sqrtf, sqrt
);
float_fn!(
    /// Sine (radians).
    sin => sinf, sin
);
float_fn!(
    /// Cosine (radians).
    cos => cosf, cos
);
float_fn!(
    /// Arc cosine, in `[0, π]`; NaN outside `[-1, 1]`.
    acos => acosf, acos
);
float_fn!(
    /// Largest integer not greater than `x`.
    floor => floorf, floor
);

/// Four-quadrant arc tangent of `y / x`, in `[-π, π]`.
#[inline(always)]
#[must_use]
pub fn atan2(y: Real, x: Real) -> Real {
    #[cfg(feature = "std")]
    {
        y.atan2(x)
    }
    #[cfg(all(not(feature = "std"), not(isect_f64)))]
    {
        libm::atan2f(y, x)
    }
    #[cfg(all(not(feature = "std"), isect_f64))]
    {
        libm::atan2(y, x)
    }
}
