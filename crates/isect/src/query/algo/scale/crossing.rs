//! A plane's crossing with a line whose direction may be far from unit length: the dot product
//! and the crossing point kept clear of underflow and overflow by powers of two.

use super::{exponent, ldexp, ldexp_vec, normalized_direction};
use crate::math::{Real, Vec3};
use crate::shape::Plane;

/// `normal · dir` for a plane's unit `normal` and a line's direction, as `(d, k)` with
/// `normal · dir = d · 2⁻ᵏ`: `k = 0` where the dot is clear of the subnormal range, else the dot
/// of `dir` normalized by the power of two `2ᵏ` (its products would underflow, and whether a
/// line is parallel to the plane would depend on the line's scale: `(1.2e-7, 0, 0)` against a
/// normal with an x of `1.7e-37` is parallel in `f32` at one power of two and not at another).
#[inline]
pub(crate) fn normal_dot_dir(normal: Vec3, dir: Vec3) -> (Real, i32) {
    let d = normal.dot(dir);
    if d.abs() >= Real::MIN_POSITIVE / Real::EPSILON {
        (d, 0)
    } else {
        normal_dot_dir_cold(normal.x, normal.y, normal.z, dir.x, dir.y, dir.z)
    }
}

/// The rare half of [`normal_dot_dir`], given coordinates rather than `Vec3`s: an out-of-line
/// call takes a `Vec3` in memory, so the caller would store `dir` (8 + 4 bytes) on every cast
/// and its hot path read it back across both stores (a store-forwarding stall:
/// docs/performance.md, "The plane cast's regression").
#[cold]
#[inline(never)]
fn normal_dot_dir_cold(nx: Real, ny: Real, nz: Real, x: Real, y: Real, z: Real) -> (Real, i32) {
    let (dir, k) = normalized_direction(Vec3::new(x, y, z));
    (Vec3::new(nx, ny, nz).dot(dir), k)
}

/// Where the line through `origin` along `dir` crosses `plane` (`s · 2⁻ᵏ`: the origin's signed
/// distance, as computed in a frame scaled by `2ᵏ`), and whether the crossing lies strictly ahead
/// of the origin; `None` where they are parallel. `dir` is normalized by a power of two first, so
/// that a short direction does not underflow the dot, and the parameter `t = −s / (n · dir)` is
/// kept as a quotient in `[½, 2)` and a power of two applied to each coordinate's step
/// (`dir · t`), so that a nearly parallel line whose `t` would overflow still gets each step
/// rounded once: a coordinate the crossing moves beyond the float range is `±∞`, the others are
/// right, never NaN.
///
/// `origin`, `dir` and `plane` are the input's, not the scaled frame's: the step is applied at
/// the input's scale, since a crossing that input far below 1 has within the float range can lie
/// beyond it once the input is scaled up into the window (a plane crossed at `2.8e32` by a line
/// `1e-6` from the origin overflowed in the frame and came back `∞`; issue 24,
/// `regressions::far_plane_crossing_rescaled`). Where the point is finite in the frame and back
/// at the input's scale it is the frame's, scaled back: the bits of the same input at scale 1,
/// scaled (a step below the normal range at the input's scale is rounded twice: a ray–plane
/// crossing at `2⁻¹²²` in `f32` came out an ulp off the scaled answer, `regressions::scale`).
pub(crate) fn crossing(
    plane: &Plane,
    origin: Vec3,
    dir: Vec3,
    s: Real,
    k: i32,
) -> Option<(Vec3, bool)> {
    let (dir, _) = normalized_direction(dir);
    let den = plane.normal.dot(dir);
    if den == 0.0 {
        return None;
    }
    if s == 0.0 {
        return Some((origin, false));
    }
    let (a, b) = (exponent(s.abs()), exponent(den.abs()));
    let quotient = -ldexp(s, -a) / ldexp(den, -b);
    if k != 0 {
        let framed = ldexp_vec(origin, k) + ldexp_vec(dir * quotient, a - b);
        let point = ldexp_vec(framed, -k);
        if framed.is_finite() && point.is_finite() {
            return Some((point, quotient > 0.0));
        }
    }
    let point = origin + ldexp_vec(dir * quotient, a - k - b);
    let point = if point.is_finite() {
        point
    } else {
        sum_near_the_top(origin, dir * quotient, a - k - b)
    };
    Some((point, quotient > 0.0))
}

/// `origin + step · 2ᵉ` where the step or the sum overflowed: formed at a quarter of the scale
/// and scaled back, so that a coordinate whose step lies beyond `Real::MAX` but whose sum does
/// not is the sum (rounded once, as at the input's scale), and one whose sum is beyond the float
/// range is `±∞`. A ray from `(5.625, −8, 4) · 2¹²³` crossing a plane at `z = −3.0e38` took a
/// step of `−3.4e38 − ε` in z and came back `−∞` (issue 24, `regressions::scale`,
/// `regressions::crossing_step_overflow`).
#[cold]
#[inline(never)]
fn sum_near_the_top(origin: Vec3, step: Vec3, e: i32) -> Vec3 {
    ldexp_vec(ldexp_vec(origin, -2) + ldexp_vec(step, e - 2), 2)
}

/// `−s / den · 2ᵉ` for finite, non-zero `s` and `den`, the quotient formed of the two brought to
/// `[1, 2)` by powers of two and the power `2ᵉ` (with theirs) applied after: a crossing parameter
/// computed in a frame scaled by `2⁻ᵉ`, where `−s / den` itself may overflow (or underflow) though
/// the parameter at the input's scale does not. `±∞` only where the parameter is beyond the float
/// range.
#[inline]
pub(crate) fn scaled_quotient(s: Real, den: Real, e: i32) -> Real {
    let (a, b) = (exponent(s.abs()), exponent(den.abs()));
    ldexp(-ldexp(s, -a) / ldexp(den, -b), a - b + e)
}
