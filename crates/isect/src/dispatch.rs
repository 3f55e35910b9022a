//! Run-time choice of the code compiled for newer x86-64 processors.
//!
//! The mesh queries' hot loops (BVH ray traversals with their leaf tests, and the BVH build) are
//! written once with glam's SSE2 vectors, which the baseline x86-64 target has. [`fast`] runs
//! such a loop from a second copy compiled with the x86-64-v3 features (AVX2, FMA, BMI1/2,
//! LZCNT, POPCNT and the SSE levels before them) when the processor has them: the same
//! operations, but in the three-operand VEX encoding (no register copies before each
//! operation), with single instructions for the traversal's bit scans and counts, and SSE4.1's
//! blends and minima. Measured: callgrind, 100k sphere camera rays 545 -> 495 instructions per
//! ray, soup incoherent 3157 -> 2674; `mesh_profile`, the 10k sphere's camera rays that hit it
//! 225 -> 195 ns per ray (best of A/B rounds).
//!
//! The answers are the same bits in both copies: the floating-point operations are the same
//! IEEE ones (Rust never fuses a multiply and an add on its own, so the FMA feature changes
//! only explicit `mul_add` calls, which are correctly rounded either way). The crate's tests
//! run both copies against each other; `ISECT_SIMD=baseline` in the environment (read once per
//! process) keeps a program on the baseline copy, to run a whole test suite there or to rule
//! the dispatch out when chasing a bug.
//!
//! Without `std` (no run-time detection), on other architectures, or when the whole build
//! already targets AVX2 (`-C target-cpu=native` on such a machine), [`fast`] calls the closure
//! directly.
//!
//! This module holds two of the crate's three `unsafe` blocks (the third is `crate::pages`'
//! huge-page advice): the call into the copy compiled for the detected features, and
//! [`prefetch`]'s hint (ARCHITECTURE.md, "Prefetching in large hierarchies").

/// Runs `f`, compiled for x86-64-v3 when the processor has those features. `f` and everything
/// it calls that is to get the newer instructions must be inlined into it (`#[inline(always)]`
/// on the closure and its callees): a function the compiler keeps out of line is the baseline
/// copy.
///
/// Both copies are functions of their own, so that the caller (where this is inlined) holds just
/// the check and two calls: with the baseline copy inlined there instead, every query paid that
/// copy's stack frame and register saves on the v3 path too (callgrind, 10k terrain's short
/// rays: 21 of 291 instructions per ray).
#[inline(always)]
pub(crate) fn fast<R>(f: impl FnOnce() -> R) -> R {
    #[cfg(all(feature = "std", target_arch = "x86_64", not(target_feature = "avx2")))]
    {
        if v3::available() {
            // SAFETY: `v3::run` only requires the features it enables, which `available`
            // found the processor has (and `std` found the operating system saves, for AVX).
            #[allow(unsafe_code)]
            return unsafe { v3::run(f) };
        }
        v3::baseline(f)
    }
    #[cfg(not(all(feature = "std", target_arch = "x86_64", not(target_feature = "avx2"))))]
    f()
}

/// Asks the processor to start loading the cache lines of `x` into its caches: a hint, with no
/// effect on any result (none on other architectures). One address per 64 bytes from `x`'s
/// start: that reaches every line of the 256-byte nodes (aligned to lines) and of the 144-byte
/// leaf blocks (aligned to 16 bytes: a block starts at most 48 bytes into a line and ends
/// within the third).
#[inline(always)]
pub(crate) fn prefetch<T>(x: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        let p = (x as *const T).cast::<i8>();
        let mut offset = 0;
        while offset < core::mem::size_of::<T>() {
            // SAFETY: a prefetch reads nothing architecturally and cannot fault; the address
            // lies within `x` anyway.
            #[allow(unsafe_code)]
            unsafe {
                _mm_prefetch::<_MM_HINT_T0>(p.wrapping_add(offset));
            }
            offset += 64;
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = x;
}

#[cfg(all(feature = "std", target_arch = "x86_64", not(target_feature = "avx2")))]
mod v3 {
    use core::sync::atomic::{AtomicU8, Ordering};

    /// [`available`]'s answer once known: 0 not yet asked, 1 no, 2 yes.
    static STATE: AtomicU8 = AtomicU8::new(0);

    /// Whether the processor has every feature [`run`] enables, and `ISECT_SIMD` is not
    /// `baseline`. One atomic load after the first call.
    #[inline(always)]
    pub(super) fn available() -> bool {
        match STATE.load(Ordering::Relaxed) {
            0 => detect(),
            state => state == 2,
        }
    }

    #[cold]
    #[inline(never)]
    fn detect() -> bool {
        let wanted = std::env::var_os("ISECT_SIMD").is_none_or(|v| v != "baseline");
        let yes = wanted
            && std::is_x86_feature_detected!("sse3")
            && std::is_x86_feature_detected!("ssse3")
            && std::is_x86_feature_detected!("sse4.1")
            && std::is_x86_feature_detected!("sse4.2")
            && std::is_x86_feature_detected!("popcnt")
            && std::is_x86_feature_detected!("avx")
            && std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("fma")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("lzcnt");
        // Racing first calls store the same answer.
        STATE.store(if yes { 2 } else { 1 }, Ordering::Relaxed);
        yes
    }

    /// `f()` compiled for the baseline target, out of line like [`run`].
    #[inline(never)]
    pub(super) fn baseline<R>(f: impl FnOnce() -> R) -> R {
        f()
    }

    /// `f()` compiled with the x86-64-v3 features.
    ///
    /// # Safety
    ///
    /// The processor must have every feature enabled here (as [`available`] checks).
    #[target_feature(enable = "sse3,ssse3,sse4.1,sse4.2,popcnt,avx,avx2,fma,bmi1,bmi2,lzcnt")]
    #[allow(unsafe_code)]
    pub(super) unsafe fn run<R>(f: impl FnOnce() -> R) -> R {
        f()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fast_returns_the_closures_value_on_either_copy() {
        let v = alloc::vec![1, 2, 3];
        assert_eq!(fast(|| v.iter().sum::<i32>()), 6);
    }
}
