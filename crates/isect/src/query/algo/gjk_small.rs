//! GJK on small shapes: the run again on the shapes scaled up by a power of two.
//!
//! GJK's tests are products of its simplex's lengths: squared distances (`|v|²` against the
//! touching tolerance, the progress and stopping tests), dot products of edges and offsets
//! (the simplices' region tests). A query computes as given while its largest coordinate lies
//! in the window of `query::algo::scale` (down to `2⁻²⁰` in `f32`), which keeps such products
//! normal for features of ordinary proportions; but the features GJK resolves can be `2⁻⁶⁰` of
//! the largest coordinate (a needle 6 long beside a box `1e-18` across, `1.9e-18` apart), and
//! at a largest coordinate of `2⁻²⁰` their squares (`2⁻¹⁶⁰`) underflow to 0: `|v|² = 0` made the
//! shapes touch (issue 24, `regressions::needle_hull_box_sweep`). Multiplying every point by a
//! power of two changes no rounding of a computation that neither underflows nor overflows, so a
//! run whose largest coordinate seen is below [`SMALL_SCALE`] is run again on the shapes scaled
//! to a largest coordinate seen in `[1, 2)`, and its answer scaled back. Cold: shapes with a
//! coordinate of `1/8` or more never take it.

use crate::math::{Real, Vec3};
use crate::query::algo::gjk::{
    Answer, Outcome, Simplex, SupportMap, Vertex, across_and_tolerance, run_as_given,
};
use crate::query::algo::scale::{ldexp, ldexp_vec, normalized_direction, normalizing_exponent};

/// The largest coordinate seen below which GJK runs again scaled: features `2⁻⁶⁰` of it keep
/// their squares normal (`2⁻³` in `f32`: `(2⁻⁶³)² = MIN_POSITIVE`; `2⁻⁴⁵¹` in `f64`, below
/// any query's window).
#[cfg(not(isect_f64))]
pub(crate) const SMALL_SCALE: Real = 1.0 / 8.0;
#[cfg(isect_f64)]
pub(crate) const SMALL_SCALE: Real = {
    // 2⁻⁴⁵¹ as a product of exact powers of two.
    let p = 1.0 / (1u128 << 100) as Real;
    p * p * p * p / (1u64 << 51) as Real
};

/// A shape scaled by `2ᵏ`, its support map taken along the direction brought to a largest
/// coordinate in `[1, 2)` (a direction as small as the simplex's features would underflow the
/// shape's own dot products).
struct Scaled<'s, S: ?Sized> {
    shape: &'s S,
    k: i32,
}

impl<S: SupportMap + ?Sized> SupportMap for Scaled<'_, S> {
    #[inline]
    fn support(&self, dir: Vec3) -> Vec3 {
        let (dir, _) = normalized_direction(dir);
        ldexp_vec(self.shape.support(dir), self.k)
    }
}

/// A simplex with its points scaled by `2ᵏ` (weights unchanged).
fn scaled_simplex(simplex: &Simplex, k: i32) -> Simplex {
    let mut out = *simplex;
    for vertex in &mut out.vertices[..simplex.len] {
        *vertex = Vertex::new(ldexp_vec(vertex.a, k), ldexp_vec(vertex.b, k));
    }
    out
}

/// The run of `gjk::run_from` from `simplex` again on the shapes scaled to bring `given`'s
/// largest coordinate seen into `[1, 2)`, scaled back; `given` (the run as given) where the
/// scaled run meets a non-finite point (a shape far larger than the points the first run saw).
#[cold]
#[inline(never)]
pub(crate) fn rerun_scaled<A, B, const PROVE: bool>(
    a: &A,
    b: &B,
    simplex: Simplex,
    stop_when_separated: bool,
    given: Answer,
) -> Answer
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
{
    let k = normalizing_exponent(given.1);
    let (sa, sb) = (Scaled { shape: a, k }, Scaled { shape: b, k });
    // Scaled into `[1, 2)`, the run is not small again; were it, its answer stands.
    let (simplex, scale, outcome, rounding, proved) = run_as_given::<_, _, PROVE>(
        &sa,
        &sb,
        scaled_simplex(&simplex, k),
        stop_when_separated,
        |answer| answer,
    );
    if outcome == Outcome::Invalid {
        return given;
    }
    (
        scaled_simplex(&simplex, -k),
        ldexp(scale, -k),
        outcome,
        ldexp_vec(rounding, -k),
        ldexp(proved, -k),
    )
}

/// `gjk::across_and_tolerance` for a simplex whose largest coordinate seen `scale` is below
/// [`SMALL_SCALE`], computed on its points scaled by the power of two that brings `scale` into
/// `[1, 2)` (the run's own frame, where `gjk::run_from` ran it again): the direction comes
/// back at that scale (a positive multiple of the direction, which is all its callers use),
/// the tolerance scaled back. Computed as given, `v − e (v · e) / |e|²` took the products of
/// the closest point's coordinates with the edge's below `MIN_POSITIVE`: the needle-box case at
/// `4⁻⁸` (`v = (−2.9e-23, 0, −4.24e-41)`, `v · e` from terms of `3.9e-45`) gave a direction
/// with `z = −1.5636e-18` for the exact `−1.4588e-18`, whose gap closed at `t = 0.2377`, short
/// of the contact at `0.2548`, and the next direction lost its `z` altogether: advancement then
/// stepped by `1.9e-24 / |v|`, which left `t` unchanged, for all its steps (issue 24,
/// `regressions::needle_hull_box_sweep`).
#[cold]
#[inline(never)]
pub(crate) fn across_scaled(simplex: &Simplex, rounding: Vec3, scale: Real) -> (Vec3, Real) {
    if !(scale > 0.0) {
        return across_and_tolerance(simplex, rounding);
    }
    let k = normalizing_exponent(scale);
    let (across, tolerance) =
        across_and_tolerance(&scaled_simplex(simplex, k), ldexp_vec(rounding, k));
    (across, ldexp(tolerance, -k))
}
