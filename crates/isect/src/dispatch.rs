//! Run-time choice of the code compiled for newer x86-64 processors.
//!
//! The mesh queries' hot loops (BVH ray traversals with their leaf tests, and the BVH build) are
//! written once with glam's SSE2 vectors, which the baseline x86-64 target has. [`fast`] runs
//! such a loop from a second copy compiled with the x86-64-v3 features (AVX2, FMA, BMI1/2,
//! LZCNT, POPCNT and the SSE levels before them) when the processor has them: the same
//! operations, but in the three-operand VEX encoding (no register copies before each
//! operation), with single instructions for the traversal's bit scans and counts, and SSE4.1's
//! blends and minima: fewer instructions and less time per ray (docs/performance.md, "The two
//! compiled copies").
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
//! This module holds three of the crate's four `unsafe` blocks (the fourth is `crate::pages`'
//! huge-page advice): the call into the copy compiled for the detected features, the eight-lane
//! AVX box test ([`V3::slabs8`]), and [`prefetch`]'s hint (ARCHITECTURE.md, "Mesh BVH").

/// Runs `f`, compiled for x86-64-v3 when the processor has those features. Only what is inlined
/// into `f` is compiled twice (the rule `crate::bvh::ray`'s module docs state for the traversals).
///
/// Both copies are functions of their own, so that the caller (where this is inlined) holds just
/// the check and two calls: with the baseline copy inlined there instead, every query paid that
/// copy's stack frame and register saves on the v3 path too (docs/performance.md, "The two
/// compiled copies").
#[inline(always)]
pub(crate) fn fast<R>(f: impl FnOnce() -> R) -> R {
    #[cfg(all(feature = "std", target_arch = "x86_64", not(target_feature = "avx2")))]
    {
        if v3::available() {
            #[expect(unsafe_code, reason = "the call into the copy compiled for x86-64-v3")]
            // SAFETY: `v3::run` only requires the features it enables, which `available`
            // found the processor has (and `std` found the operating system saves, for AVX).
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
    prefetch_lines::<T>(x as *const T);
}

/// [`prefetch`] of `items[index]`, without a bounds check: the address is computed with wrapping
/// arithmetic, and a prefetch of any address reads nothing and cannot fault (an index out of
/// range would only waste the hint). The traversals' indices come from the tree and are in
/// range (`Bvh::validate`); the check cost two instructions per child prefetched.
#[inline(always)]
pub(crate) fn prefetch_in<T>(items: &[T], index: usize) {
    prefetch_lines::<T>(items.as_ptr().wrapping_add(index));
}

/// The prefetch hints of the `size_of::<T>()` bytes from `p`, one per 64 bytes.
#[inline(always)]
fn prefetch_lines<T>(p: *const T) {
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        let p = p.cast::<i8>();
        let mut offset = 0;
        while offset < core::mem::size_of::<T>() {
            #[expect(unsafe_code, reason = "the prefetch hint takes a pointer")]
            // SAFETY: a prefetch reads nothing architecturally and cannot fault, whatever the
            // address.
            unsafe {
                _mm_prefetch::<_MM_HINT_T0>(p.wrapping_add(offset));
            }
            offset += 64;
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}

/// Proof that the processor has the x86-64-v3 features (and that `ISECT_SIMD` is not
/// `baseline`): only [`V3::get`] makes one, so code holding a `V3` may run AVX instructions.
/// The slab test of an eight-lane node ([`V3::slabs8`]) is the one place the traversal uses
/// them directly: glam's vectors are four lanes wide, so the copy [`fast`] runs tests a node
/// as two halves, where AVX's eight-lane registers test it whole.
#[cfg(all(target_arch = "x86_64", not(isect_f64)))]
#[derive(Clone, Copy, Debug)]
pub(crate) struct V3(());

/// The near and far planes of each axis for [`V3::slabs8`].
#[cfg(all(target_arch = "x86_64", not(isect_f64)))]
#[derive(Clone, Copy, Debug)]
pub(crate) enum Planes<'a> {
    /// Chosen by the caller (`[axis]` the lanes' near and far planes).
    Chosen {
        near: [&'a [f32; 8]; 3],
        far: [&'a [f32; 8]; 3],
    },
    /// `bounds[side][axis][lane]` of a node, each axis's near and far planes at the ray's
    /// [`PlaneOffsets`] (loaded from there: neither a branch nor a blend on the sign).
    Offsets {
        bounds: &'a [[[f32; 8]; 3]; 2],
        offsets: &'a PlaneOffsets,
    },
}

/// Where a ray's near and far planes lie in a node's `bounds[side][axis][lane]`, as offsets in
/// `f32`s from its start, `24 · side + 8 · axis`: made once per ray from its direction's signs
/// ([`PlaneOffsets::new`], the only way to make one), so that [`V3::slabs8`] loads each axis's
/// planes at a fixed offset per ray, as Embree's traversal does, instead of choosing them per
/// node. Every offset is at most 40, so the eight `f32`s read from it lie within the 48.
#[cfg(all(target_arch = "x86_64", not(isect_f64)))]
#[derive(Clone, Copy, Debug)]
pub(crate) struct PlaneOffsets {
    near: [u8; 3],
    far: [u8; 3],
}

#[cfg(all(target_arch = "x86_64", not(isect_f64)))]
impl PlaneOffsets {
    /// The offsets for a direction whose bit `axis` of `negative` is set where it is negative
    /// there (its near planes are then the maxima, side 1; bits past the third are ignored).
    /// Read from a table of the eight octants, per node: made once per ray and kept in the
    /// [`crate::bvh::ray::PreRay`], they cost every ray's set-up more than they saved.
    #[inline(always)]
    pub(crate) fn new(negative: u32) -> &'static Self {
        &OCTANT_PLANES[negative as usize % 8]
    }
}

/// [`PlaneOffsets`] of each octant, by its `negative` bits.
#[cfg(all(target_arch = "x86_64", not(isect_f64)))]
static OCTANT_PLANES: [PlaneOffsets; 8] = PlaneOffsets::OCTANTS;

#[cfg(all(target_arch = "x86_64", not(isect_f64)))]
impl PlaneOffsets {
    const OCTANTS: [Self; 8] = {
        let mut table = [PlaneOffsets {
            near: [0; 3],
            far: [0; 3],
        }; 8];
        let mut octant = 0;
        while octant < 8 {
            let mut axis = 0;
            while axis < 3 {
                let side = (octant >> axis & 1) as u8;
                table[octant].near[axis] = 24 * side + 8 * axis as u8;
                table[octant].far[axis] = 24 * (side ^ 1) + 8 * axis as u8;
                axis += 1;
            }
            octant += 1;
        }
        table
    };
}

#[cfg(all(target_arch = "x86_64", not(isect_f64)))]
impl V3 {
    /// `Some` when the processor has the x86-64-v3 features and `ISECT_SIMD` is not
    /// `baseline` (always in a build that targets AVX2; never without `std`, which detects
    /// them). One atomic load after the first call.
    #[inline(always)]
    pub(crate) fn get() -> Option<Self> {
        #[cfg(all(feature = "std", not(target_feature = "avx2")))]
        return v3::available().then_some(Self(()));
        #[cfg(target_feature = "avx2")]
        return Some(Self(()));
        #[cfg(not(any(feature = "std", target_feature = "avx2")))]
        None
    }

    /// The slab test of eight lanes with AVX: per axis `near = max((near planes − origin) ·
    /// inv, near)` and `far = min((far planes − origin) · inv_far, far)` from `near = 0` and
    /// `far = far_limit`, then the lanes where `near <= far` as a bit mask, with the entry
    /// distances. The same IEEE operations, in the same operand order, as the four-lane halves
    /// of `PreRay::slabs`, so the same bits, whichever way `planes` picks the planes.
    #[inline(always)]
    pub(crate) fn slabs8(
        self,
        planes: Planes<'_>,
        origin: [f32; 3],
        inv: [f32; 3],
        inv_far: [f32; 3],
        far_limit: f32,
    ) -> (u32, [f32; 8]) {
        use core::arch::x86_64::{
            _CMP_LE_OQ, _mm256_cmp_ps, _mm256_loadu_ps, _mm256_max_ps, _mm256_min_ps,
            _mm256_movemask_ps, _mm256_mul_ps, _mm256_set1_ps, _mm256_setzero_ps, _mm256_storeu_ps,
            _mm256_sub_ps,
        };
        let mut out = [0.0; 8];
        #[expect(
            unsafe_code,
            reason = "AVX intrinsics, reached only through the `V3` proof token"
        )]
        // SAFETY: the intrinsics require AVX, which the processor has: a `V3` is made only
        // after `std::is_x86_feature_detected!` found it (or in a build targeting AVX2). The
        // loads read the eight `f32` of arrays behind references (with `Planes::Offsets`, eight
        // from an offset of at most 40 into the 48 `f32`s of `bounds`, which `PlaneOffsets::new`
        // guarantees) and the store writes the eight of `out`, all valid for those 32 bytes
        // (unaligned access allowed); the rest touch registers only. (Intrinsics called here directly, not from a `#[target_feature]`
        // function of their own: the compiler kept that one out of line, a call per node.)
        let mask = unsafe {
            let mut near = _mm256_setzero_ps();
            let mut far = _mm256_set1_ps(far_limit);
            for axis in 0..3 {
                let o = _mm256_set1_ps(origin[axis]);
                let (nb, fb) = match planes {
                    Planes::Chosen { near, far } => (
                        _mm256_loadu_ps(near[axis].as_ptr()),
                        _mm256_loadu_ps(far[axis].as_ptr()),
                    ),
                    Planes::Offsets { bounds, offsets } => {
                        let base = bounds.as_ptr().cast::<f32>();
                        (
                            _mm256_loadu_ps(base.add(usize::from(offsets.near[axis]))),
                            _mm256_loadu_ps(base.add(usize::from(offsets.far[axis]))),
                        )
                    }
                };
                let d = _mm256_mul_ps(_mm256_sub_ps(nb, o), _mm256_set1_ps(inv[axis]));
                near = _mm256_max_ps(d, near);
                let d = _mm256_mul_ps(_mm256_sub_ps(fb, o), _mm256_set1_ps(inv_far[axis]));
                far = _mm256_min_ps(d, far);
            }
            _mm256_storeu_ps(out.as_mut_ptr(), near);
            _mm256_movemask_ps(_mm256_cmp_ps::<_CMP_LE_OQ>(near, far)) as u32
        };
        (mask, out)
    }
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
    #[expect(
        unsafe_code,
        reason = "a `#[target_feature]` function is unsafe to call"
    )]
    pub(super) unsafe fn run<R>(f: impl FnOnce() -> R) -> R {
        f()
    }
}

/// Whether [`fast`] runs a copy other than the baseline one: the x86-64-v3 copy, chosen at run
/// time. `false` where there is one copy (a build for AVX2, another architecture, no `std`) or
/// where `ISECT_SIMD=baseline` or the processor keeps [`fast`] on the baseline copy: tests that
/// compare the two copies then compare one with itself, and say so (`bvh::copies_agree`).
#[cfg(test)]
pub(crate) fn fast_runs_v3() -> bool {
    #[cfg(all(feature = "std", target_arch = "x86_64", not(target_feature = "avx2")))]
    return v3::available();
    #[cfg(not(all(feature = "std", target_arch = "x86_64", not(target_feature = "avx2"))))]
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The copy comparison means something only on the v3 copy: a processor with every
    /// feature it needs (as the CI machines have) must get it unless `ISECT_SIMD=baseline`.
    #[cfg(all(feature = "std", target_arch = "x86_64", not(target_feature = "avx2")))]
    #[test]
    fn the_fast_copy_is_v3_where_the_processor_has_it() {
        let baseline = std::env::var_os("ISECT_SIMD").is_some_and(|v| v == "baseline");
        let has = std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("fma")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("lzcnt");
        // `fast` also asks for the older features, which every such processor has.
        assert_eq!(fast_runs_v3(), has && !baseline);
    }

    #[test]
    fn fast_returns_the_closures_value_on_either_copy() {
        let v = alloc::vec![1, 2, 3];
        assert_eq!(fast(|| v.iter().sum::<i32>()), 6);
    }
}
