//! Quick rejections before a triangle's exact sweep: balls around the shape and the triangle,
//! widened so that rounding never rejects a pair that meets.

use crate::math::{Real, Vec3};
use crate::shape::ConvexHull;

/// Whether the ball `(center, r)` moving by `v` over `[0, max_t]` may meet the ball
/// `(m, rho)`: the distance from `m` to the segment its center sweeps against `r + rho`. A
/// quick rejection before a triangle's exact sweep (a shape the size of a character meets far
/// fewer of the small triangles of a large mesh than its swept box does); the bound is widened
/// by many ulp of the magnitudes involved, so rounding never rejects a pair that meets.
#[inline]
pub(super) fn balls_may_meet(
    center: Vec3,
    r: Real,
    v: Vec3,
    max_t: Real,
    m: Vec3,
    rho: Real,
) -> bool {
    let w = v * max_t;
    let d = m - center;
    let ww = w.length_squared();
    let s = if ww > 0.0 {
        (d.dot(w) / ww).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let gap = d - w * s;
    let scale = center.abs().max_element() + m.abs().max_element() + w.abs().max_element();
    let reach = (r + rho) * (1.0 + 64.0 * Real::EPSILON) + 64.0 * Real::EPSILON * scale;
    let reach2 = reach * reach;
    // Squares near the subnormal range lose their relative precision (and a tiny ball's
    // radius may have underflowed): no rejection there. NaN (an overflowing motion) does not
    // reject either.
    let tiny = Real::MIN_POSITIVE / (Real::EPSILON * Real::EPSILON);
    !(reach2 >= tiny && gap.length_squared() > reach2)
}

/// Whether the segment `[a, b]` grown by `r` may meet the ball `(m, rho)`: the distance from `m`
/// to the segment against `r + rho`, widened by many ulp of the magnitudes involved as in
/// [`balls_may_meet`], so rounding never rejects a pair that meets.
#[inline]
pub(super) fn core_may_reach(a: Vec3, b: Vec3, r: Real, m: Vec3, rho: Real) -> bool {
    let ab = b - a;
    let am = m - a;
    let ll = ab.length_squared();
    let s = if ll > 0.0 {
        (am.dot(ab) / ll).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let gap = am - ab * s;
    let scale = a.abs().max_element() + b.abs().max_element() + m.abs().max_element();
    let reach = (r + rho) * (1.0 + 64.0 * Real::EPSILON) + 64.0 * Real::EPSILON * scale;
    let reach2 = reach * reach;
    let tiny = Real::MIN_POSITIVE / (Real::EPSILON * Real::EPSILON);
    !(reach2 >= tiny && gap.length_squared() > reach2)
}

/// Whether `hull`, moved by `offset` and then by `t v` for `t` in `[0, max_t]`, may meet the
/// triangle `[a, b, c]`, by separating axes across the motion: for each edge `e`, the axis
/// `d = e × v` (the edge's normal in the plane across the motion, where the motion moves nothing;
/// rounded, `d · v` need not be 0, so the hull's interval along `d` is swept by `t (d · v)`
/// over `[0, max_t]`). Along any axis, two sets whose intervals are apart do not meet; the
/// hull's intervals along the three axes come from one scan of its points.
///
/// Conservative (never `false` for a pair the hull's cast reports): the intervals are compared
/// with a margin of `4096 ε |d|₁ scale`, where `scale` bounds every coordinate (the hull's, the
/// triangle's, `offset`, `v`). Against that, the dot products' rounding (three terms, at most
/// `3 ε |d|₁` times the largest coordinate each), the rounding of `t (d · v)` and GJK's touching
/// tolerances (GJK's ray cast reports a contact when its distance is within
/// [`ADVANCEMENT_RELATIVE_TOLERANCE`] (1000 ε) times the magnitude of its support points, at
/// most twice `scale`, and a gap along the unit `d / |d|` is a lower bound on the distance) are
/// all smaller, and an absolute term of `16` times the least normal real covers products that
/// round in the subnormal range. An edge along the motion gives `d = 0` and rejects nothing;
/// non-finite values, and magnitudes whose products could overflow, reject nothing.
///
/// [`ADVANCEMENT_RELATIVE_TOLERANCE`]: crate::query::algo::conservative_advancement::ADVANCEMENT_RELATIVE_TOLERANCE
#[inline]
pub(super) fn hull_across_motion_may_meet(
    hull: &ConvexHull,
    offset: Vec3,
    v: Vec3,
    [a, b, c]: [Vec3; 3],
    max_t: Real,
    scale: Real,
) -> bool {
    // The axes' dot products are below `64 scale³`; where that could overflow (and so lose a
    // point's value to a NaN), no rejection.
    if !(64.0 * scale * scale * scale).is_finite() {
        return true;
    }
    let margin = 4096.0 * Real::EPSILON * scale;
    let axes = [(b - a).cross(v), (c - b).cross(v), (a - c).cross(v)];
    let extents = hull.support_points().extents(axes);
    for (k, d) in axes.into_iter().enumerate() {
        let (dp, dq, dr) = (d.dot(a), d.dot(b), d.dot(c));
        let (t_lo, t_hi) = (dp.min(dq).min(dr), dp.max(dq).max(dr));
        let shift = d.dot(offset);
        let sweep = d.dot(v) * max_t;
        let (lo, hi) = extents[k];
        let (s_lo, s_hi) = (lo + shift + sweep.min(0.0), hi + shift + sweep.max(0.0));
        // The absolute term covers the rounding of products in the subnormal range.
        let m = margin * (d.x.abs() + d.y.abs() + d.z.abs()) + 16.0 * Real::MIN_POSITIVE;
        if s_lo > t_hi + m || t_lo > s_hi + m {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query::algo::gjk::SupportMap;
    use crate::query::algo::gjk_raycast::gjk_raycast;
    use crate::shape::Triangle;
    use alloc::vec::Vec;

    /// A hull moved by an offset, as the mesh sweep casts it.
    struct Moved<'a>(&'a ConvexHull, Vec3);

    impl SupportMap for Moved<'_> {
        fn support(&self, dir: Vec3) -> Vec3 {
            self.0.support(dir) + self.1
        }
    }

    /// A small xorshift generator: reals in `[lo, hi)`.
    struct Rng(u64);

    impl Rng {
        fn real(&mut self, lo: Real, hi: Real) -> Real {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            lo + (hi - lo) * ((self.0 >> 11) as Real / (1u64 << 53) as Real)
        }

        fn vec(&mut self, r: Real) -> Vec3 {
            Vec3::new(self.real(-r, r), self.real(-r, r), self.real(-r, r))
        }
    }

    /// The scale `first_contact` passes: the largest coordinate of everything involved.
    fn scale(hull: &ConvexHull, offset: Vec3, v: Vec3, corners: [Vec3; 3]) -> Real {
        hull.points()
            .iter()
            .chain(&corners)
            .chain([offset, v].iter())
            .fold(0.0, |s: Real, p| s.max(p.abs().max_element()))
    }

    /// Never rejects a triangle that GJK's ray cast (the hull's cast in the mesh sweep)
    /// reaches within the motion, over random hulls, triangles, offsets and motions in which
    /// about half the pairs meet; and does reject most of those it misses.
    #[test]
    fn never_rejects_what_the_cast_reaches() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let (mut hits, mut rejected) = (0, 0);
        for case in 0..20_000 {
            let at = rng.vec(2.0);
            let n = 4 + case % 13;
            let hull = ConvexHull::new((0..n).map(|_| at + rng.vec(0.5)).collect::<Vec<_>>());
            let corners = [rng.vec(2.0), rng.vec(2.0), rng.vec(2.0)];
            let triangle = Triangle::new(corners[0], corners[1], corners[2]);
            if triangle.is_degenerate() {
                continue;
            }
            let offset = if case % 3 == 0 {
                rng.vec(0.5)
            } else {
                Vec3::ZERO
            };
            // Short and long motions, some along an axis (edges then cross it exactly).
            let v = match case % 4 {
                0 => rng.vec(0.1),
                1 => Vec3::new(0.0, 0.0, rng.real(-4.0, 4.0)),
                _ => rng.vec(4.0),
            };
            let max_t = if case % 5 == 0 { 0.5 } else { 1.0 };
            let s = scale(&hull, offset, v, corners);
            let cast = gjk_raycast(&Moved(&hull, offset), &triangle, v, max_t);
            let may = hull_across_motion_may_meet(&hull, offset, v, corners, max_t, s);
            if cast.is_some() {
                hits += 1;
                assert!(
                    may,
                    "case {case}: rejected a triangle the cast reaches at {cast:?}"
                );
            } else if !may {
                rejected += 1;
            }
        }
        assert!(hits > 2_000, "{hits} hits");
        assert!(rejected > 2_000, "{rejected} rejections");
    }

    /// A cube sliding along its face's plane past a triangle whose edge lies in that plane:
    /// they touch along the edge (closed sets), so no rejection, and the cast reaches it; moved
    /// off by 64 ε, GJK still reports a touch (its tolerance), so no rejection either (this
    /// fails without the margin); moved a quarter away, rejected, and the cast misses.
    /// Exact in both precisions.
    #[test]
    fn edge_in_the_swept_face_is_kept() {
        let cube: Vec<Vec3> = (0..8)
            .map(|i| {
                let s = |b: i32| if i & b == 0 { -1.0 } else { 1.0 };
                Vec3::new(s(1), s(2), s(4))
            })
            .collect();
        let cube = ConvexHull::new(cube);
        let v = Vec3::new(0.0, 0.0, 10.0);
        // Apart by 0, by 64 ε (within GJK's touching tolerance, so the cast reports a contact
        // and the margin must keep it), and by a quarter.
        for dx in [0.0, 64.0 * Real::EPSILON, 0.25] {
            // The edge from (1 + dx, -5, 3) to (1 + dx, 5, 3) along the face x = 1; the
            // triangle reaches out to x = 3 + dx, above the cube.
            let corners = [
                Vec3::new(1.0 + dx, -5.0, 3.0),
                Vec3::new(3.0 + dx, -5.0, 3.0),
                Vec3::new(1.0 + dx, 5.0, 3.0),
            ];
            for rotated in [corners, [corners[1], corners[2], corners[0]]] {
                let triangle = Triangle::new(rotated[0], rotated[1], rotated[2]);
                let s = scale(&cube, Vec3::ZERO, v, rotated);
                let may = hull_across_motion_may_meet(&cube, Vec3::ZERO, v, rotated, 1.0, s);
                let cast = gjk_raycast(&cube, &triangle, v, 1.0);
                if dx < 0.25 {
                    assert!(may, "apart by {dx}");
                    // GJK's time, exact up to rounding.
                    let t = cast.expect("touches along the edge").t;
                    assert!((t - 0.2).abs() < 1e-5, "{t}");
                } else {
                    assert!(!may);
                    assert!(cast.is_none());
                }
            }
        }
    }
}
