//! GJK: distance and closest points between two convex shapes known by their support maps
//! (Gilbert, Johnson and Keerthi, 1988; van den Bergen, *Collision Detection in Interactive 3D
//! Environments*, §4.3, for the termination tests).
//!
//! It answers every convex pair, at some cost in speed; specialised routines replace it where a
//! closed form exists, and it stays as the reference they are tested against.

use crate::math::{Real, Vec3};
use crate::query::ClosestPoints;
#[cfg(feature = "alloc")]
pub(crate) use crate::query::algo::gjk_gap::{GjkEnd, gjk_end};
pub(crate) use crate::query::algo::gjk_gap::{across_and_tolerance, gjk_gap, gjk_gap_proved};
pub(crate) use crate::query::algo::gjk_simplex::Simplex;
pub(crate) use crate::query::algo::gjk_simplex::Vertex;

/// A convex shape described by its support map.
pub trait SupportMap {
    /// A point of the shape farthest along `dir` (one maximising `dir · x`; any of them when
    /// several tie). `dir` need not be unit length; for a zero `dir`, any point of the shape.
    #[must_use]
    fn support(&self, dir: Vec3) -> Vec3;
}

impl<S: SupportMap + ?Sized> SupportMap for &S {
    #[inline]
    fn support(&self, dir: Vec3) -> Vec3 {
        (**self).support(dir)
    }
}

/// Relative tolerance of GJK's stopping test: it stops once the gap between the best distance
/// found and the lower bound that the last support point proves is below this fraction of the
/// distance (about 1e-5 in f32, 2e-14 in f64). See [`gjk_closest_points`] for what it reaches.
pub const GJK_RELATIVE_TOLERANCE: Real = 100.0 * Real::EPSILON;

/// How little, relative to the largest coordinate seen, a step past the distance's tolerance
/// must move the closest point of `A − B` for GJK to stop (see [`gjk_closest_points`]).
const WITNESS_TOLERANCE: Real = 16.0 * Real::EPSILON;

/// The most iterations GJK runs. Polytopes finish in a few (each step adds a vertex not yet
/// seen); curved shapes converge linearly and reach the tolerance well before this. The cap
/// makes termination certain whatever the input.
pub const GJK_MAX_ITERATIONS: usize = 64;

/// How the GJK loop ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// The shapes are within the touching tolerance (or the origin is inside the simplex).
    Touching,
    /// A support point proved a distance above the touching tolerance (only when asked to stop
    /// there).
    Separated,
    /// The loop converged (or ran out of iterations or progress) at the simplex's distance.
    Converged,
    /// A support point was not finite: invalid input.
    Invalid,
}

/// The GJK loop shared by [`gjk_closest_points`] and [`gjk_intersects`]: the final simplex,
/// its closest point `v` to the origin, the coordinate scale seen, how it ended, the touching
/// tolerance per coordinate and, with `PROVE`, the distance its support points proved (the
/// largest `v · w / |v|`, 0 when none was positive; 0 without `PROVE`). With
/// `stop_when_separated`, it returns as soon as a support point proves that the distance
/// exceeds the touching tolerance.
pub(crate) fn run<A, B, const PROVE: bool>(
    a: &A,
    b: &B,
    initial_dir: Vec3,
    stop_when_separated: bool,
) -> (Simplex, Real, Outcome, Vec3, Real)
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
{
    let dir = if initial_dir == Vec3::ZERO || !initial_dir.is_finite() {
        Vec3::X
    } else {
        initial_dir
    };
    let first = Vertex::support(a, b, -dir);
    // The start rebuilt from its one vertex only on the rare path: the ordinary run keeps no
    // copy of its start.
    run_as_given::<A, B, PROVE>(a, b, one_vertex(first), stop_when_separated, |given| {
        crate::query::algo::gjk_small::rerun_scaled::<A, B, PROVE>(
            a,
            b,
            one_vertex(first),
            stop_when_separated,
            given,
        )
    })
}

/// The simplex of one vertex `first` (of weight 1): a cold start.
#[inline(always)]
fn one_vertex(first: Vertex) -> Simplex {
    Simplex {
        vertices: [first; 4],
        weights: [1.0, 0.0, 0.0, 0.0],
        len: 1,
    }
}

/// What a GJK run answers: the final simplex, the largest coordinate seen, how it ended, the
/// touching tolerance per coordinate and the distance proved (see [`run`]).
pub(crate) type Answer = (Simplex, Real, Outcome, Vec3, Real);

/// [`run`] from a given simplex of points of `A − B` (one vertex of weight 1 for a cold
/// start; for a warm start, the vertices of a previous run, reduced again here). Run again on
/// the shapes scaled by a power of two when the largest coordinate seen is below
/// `gjk_small::SMALL_SCALE`, where the products GJK forms of its small features underflow (see
/// `gjk_small.rs`); again from the same start, not from the run's final simplex: the rerun
/// must compute exactly what the query scaled by a power of two computes as given, or the
/// answers differ at `2⁻⁵` by rounding (`regressions::scale`).
pub(crate) fn run_from<A, B, const PROVE: bool>(
    a: &A,
    b: &B,
    simplex: Simplex,
    stop_when_separated: bool,
) -> Answer
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
{
    run_as_given::<A, B, PROVE>(a, b, simplex, stop_when_separated, |given| {
        crate::query::algo::gjk_small::rerun_scaled::<A, B, PROVE>(
            a,
            b,
            simplex,
            stop_when_separated,
            given,
        )
    })
}

/// The GJK loop from `simplex`, computed as given; a run whose largest coordinate seen is
/// below `gjk_small::SMALL_SCALE` (and valid) answers `small(answer)` instead, the rerun on the
/// shapes scaled up. The test is made once, at the loop's one exit, from values it has
/// computed anyway: the ordinary query neither copies its start nor its answer for it (a
/// separate check after the run cost two copies of the answer, 60 instructions a query).
pub(crate) fn run_as_given<A, B, const PROVE: bool>(
    a: &A,
    b: &B,
    mut simplex: Simplex,
    stop_when_separated: bool,
    small: impl FnOnce(Answer) -> Answer,
) -> Answer
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
{
    let support = |dir: Vec3| Vertex::support(a, b, dir);
    let vertices = &simplex.vertices[..simplex.len];
    if !vertices.iter().all(|x| x.w.is_finite()) {
        return (simplex, 0.0, Outcome::Invalid, Vec3::ZERO, 0.0);
    }
    let mut scale: Real = 0.0;
    // The touching tolerance per coordinate (see `Vertex::rounding`), the largest over the
    // vertices seen. Along a direction `u` it is `Σ |uₖ| roundingₖ`: so `|v|` is within it
    // exactly when `|v|² <= Σ |vₖ| roundingₖ`, and a support point proves a gap beyond it
    // along `v` when `v · w > Σ |vₖ| roundingₖ`. A segment 1e7 long along x with a point 7.8
    // beside it is then 7.8 away; a tolerance of the largest coordinate seen made it touch
    // (73 in f32, issue 24).
    let mut rounding = Vec3::ZERO;
    for x in vertices {
        scale = scale
            .max(x.a.abs().max_element())
            .max(x.b.abs().max_element());
        rounding = rounding.max(x.rounding());
    }
    let (outcome, proved) = 'run: {
        if simplex.len > 1 && simplex.reduce() {
            break 'run (Outcome::Touching, 0.0);
        }
        let mut proved: Real = 0.0;
        let mut v = if simplex.len == 1 {
            simplex.vertices[0].w
        } else {
            simplex.point()
        };
        // Measured across the simplex's feature (see `Simplex::across`).
        let within = |u: Vec3, rounding: Vec3| u.length_squared() <= u.abs().dot(rounding);

        for _ in 0..GJK_MAX_ITERATIONS {
            let vv = v.length_squared();
            let u = simplex.across(v);
            if within(u, rounding) {
                break 'run (Outcome::Touching, 0.0);
            }
            // Search across the simplex's feature: inside an edge or a face the exact `v` is square
            // to it, and what the rounded `v` has along it is rounding of the weights, of the size
            // of the feature. Along a long face that noise can outweigh the face's own slope (a
            // box 25000 wide tilted by 5e-5 against a triangle 0.25 away: `v`'s x is 0 for the
            // exact -1.5e-5), so the support point along `-v` ties on the wrong side, repeats a
            // vertex and GJK stops 0.04 too far (issue 24, `regressions::gjk_long_face_slope`). The
            // feature's own normal carries the slope; kept only where it is close to `v` (a
            // sliver's normal is itself noise).
            let d = if (u - v).length_squared() <= 0.25 * vv {
                u
            } else {
                v
            };
            let next = support(-d);
            if !next.w.is_finite() {
                return (simplex, scale, Outcome::Invalid, rounding, 0.0);
            }
            scale = scale
                .max(next.a.abs().max_element())
                .max(next.b.abs().max_element());
            rounding = rounding.max(next.rounding());
            let dd = d.length_squared();
            // `vw` is `d · w`. Every point x of A − B has d · x >= d · w, so the distance is at
            // least d · w / |d|: beyond the touching tolerance along d, the plane normal to d
            // separates the shapes.
            let vw = d.dot(next.w);
            if stop_when_separated && vw > 0.0 && vw > d.abs().dot(rounding) {
                break 'run (Outcome::Separated, 0.0);
            }
            if PROVE && vw > 0.0 {
                // The gap along d: `d · w / |d|` (of the support point's own coordinates, so a
                // lower bound up to their rounding).
                proved = proved.max(vw / crate::query::algo::scale::length(d));
            }
            // d · w is a lower bound on |d| · distance: it proves the distance within the relative
            // tolerance (d is v across the feature, so |d| is the simplex's distance up to rounding).
            // That proves less about v's direction: v may still be off by up to √(2 (dd − vw)),
            // which for shapes far apart (distance D, size L) is a whole feature away when
            // D² · tolerance exceeds L² (a unit triangle 7000 away gave its corner for its middle).
            // So past the distance's tolerance GJK still takes the step, and stops once the step
            // no longer moves v by more than `WITNESS_TOLERANCE` of the coordinates: polytopes
            // then reach their closest feature, curved shapes go on while rounding lets them
            // progress.
            let distance_proved = dd - vw <= GJK_RELATIVE_TOLERANCE * dd;
            if simplex.vertices[..simplex.len]
                .iter()
                .any(|x| x.w == next.w)
            {
                break;
            }
            let previous = simplex;
            simplex.vertices[simplex.len] = next;
            simplex.len += 1;
            if simplex.reduce() {
                // The origin is inside: the shapes overlap.
                break 'run (Outcome::Touching, 0.0);
            }
            let new_v = simplex.point();
            // The step v − v' from the shapes' points (both measured from the new vertex), and the
            // gain |v|² − |v'|² as (v − v') · (v + v'): for shapes far apart (distance D, size L)
            // v and v' carry rounding of ε D and their squares of ε D², which would round away a
            // step of L and a gain of L²; this way their rounding is about ε L and ε D L.
            let step = previous.point_from(&next) - simplex.point_from(&next);
            // No progress: rounding has the last word; keep the better simplex. Unless the support
            // point is far from proving the distance and the new simplex is no farther: its gain can
            // be below the rounding of `v` (a point 4.7 beside the end of a hull's edge 4e5 long,
            // the support point the edge's far end, level with the origin: the gain is 1e-10 of
            // |v|²) while the next support point is the hull's corner at the origin (issue 24,
            // `regressions::segment_weight_near_an_end`).
            if !(step.dot(v + new_v) > 0.0) && (distance_proved || !(new_v.length_squared() <= vv))
            {
                simplex = previous;
                break;
            }
            let moved = step.length_squared();
            v = new_v;
            let still = WITNESS_TOLERANCE * scale;
            if distance_proved && moved <= still * still {
                break;
            }
        }
        if within(simplex.across(v), rounding) {
            (Outcome::Touching, 0.0)
        } else {
            (Outcome::Converged, proved)
        }
    };
    if scale < crate::query::algo::gjk_small::SMALL_SCALE && scale > 0.0 {
        return small((simplex, scale, outcome, rounding, proved));
    }
    (simplex, scale, outcome, rounding, proved)
}

/// Closest points between the convex shapes `a` and `b`: `a` on the first, `b` on the second.
///
/// When they intersect, `a == b` is a common point (up to rounding) and the distance is 0; shapes
/// closer than the touching tolerance count as touching: per coordinate [`ON_SET_TOLERANCE`](crate::math::ON_SET_TOLERANCE) of
/// the simplex vertices `a − b` plus [`MAGNITUDE_TOLERANCE`](crate::math::MAGNITUDE_TOLERANCE) of the points, taken along the gap's
/// direction across the closest features (so a point 7.8 beside a segment 9.6e6 long along x is
/// 7.8 away in `f32`, where 64 ulp of the largest coordinate made it touch). Otherwise GJK stops once
/// the last support point proves the distance within [`GJK_RELATIVE_TOLERANCE`] of the least and
/// the step it then takes no longer moves the closest points (by more than `16 ε` of the
/// coordinates), or when rounding stops it making progress. Polytopes (boxes, triangles, hulls,
/// points and segments) reach their closest features, so both the distance and the points are
/// exact up to rounding of the coordinates, however far apart the shapes are; curved shapes
/// (spheres, capsules) can stop earlier on thin simplices, where rounding stops progress first
/// (the relative distance errors measured are below `√ε`, the points within about
/// `√(2 · relative error)` times the distance of the exact ones; figures in the repository's
/// `docs/performance.md`), and no distance is resolved below about `√ε` times their size. `initial_dir` is a guess of the
/// direction from `b` to `a` (any non-zero vector works; a good one saves iterations).
/// Non-finite support points give [`ClosestPoints::NONE`]; GJK cannot see finite but invalid
/// shapes (a negative radius), which callers check first.
#[must_use]
pub fn gjk_closest_points<A, B>(a: &A, b: &B, initial_dir: Vec3) -> ClosestPoints
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
{
    let (simplex, _, outcome, _, _) = run::<A, B, false>(a, b, initial_dir, false);
    gjk_answer(&simplex, outcome)
}

/// The closest points GJK's final simplex gives for how it ended.
pub(crate) fn gjk_answer(simplex: &Simplex, outcome: Outcome) -> ClosestPoints {
    let (pa, pb) = simplex.closest_points();
    match outcome {
        Outcome::Invalid => ClosestPoints::NONE,
        Outcome::Touching => {
            // Report a common point: the midpoint of the two (equal up to rounding).
            let mid = (pa + pb) * 0.5;
            if !mid.is_finite() {
                return ClosestPoints::NONE;
            }
            ClosestPoints {
                a: mid,
                b: mid,
                distance: 0.0,
            }
        }
        Outcome::Separated | Outcome::Converged => ClosestPoints::from_points(pa, pb),
    }
}

/// Whether the convex shapes `a` and `b` intersect, by boolean GJK: the same iteration as
/// [`gjk_closest_points`] (whose `distance == 0.0` it agrees with), stopped as soon as a support
/// point proves a separating plane (van den Bergen, *Collision Detection in Interactive 3D
/// Environments*, §4.3.3, "GJK as a separating-axis test"), which is most of the time on
/// separated shapes after one or two iterations.
///
/// `true` when the origin is enclosed by a tetrahedron of the Minkowski difference `A − B` or
/// its distance from it is within the touching tolerance of [`gjk_closest_points`] (per
/// coordinate, of the differences `a − b` and the points, along the gap): shapes
/// that touch, or are apart by less than that, intersect (a few units in the last place of
/// the coordinates). Flat and degenerate shapes (segments, points, flat hulls) are answered as
/// what they are. Never loops: at most [`GJK_MAX_ITERATIONS`] iterations. `false` when a
/// support point is not finite (invalid input); finite but invalid shapes (a negative radius)
/// are the caller's to reject.
///
/// ```
/// use isect::{Aabb, Sphere, math::Vec3};
/// use isect::query::algo::gjk::gjk_intersects;
/// let unit = Aabb::new(Vec3::ZERO, Vec3::ONE);
/// assert!(gjk_intersects(&unit, &Sphere::new(Vec3::new(2.0, 0.5, 0.5), 1.0)));
/// assert!(!gjk_intersects(&unit, &Sphere::new(Vec3::new(2.5, 0.5, 0.5), 1.0)));
/// ```
#[must_use]
pub fn gjk_intersects<A, B>(a: &A, b: &B) -> bool
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
{
    // A guess of the direction from b to a: the difference of two support points.
    let initial_dir = a.support(Vec3::X) - b.support(Vec3::X);
    gjk_intersects_from(a, b, initial_dir)
}

/// [`gjk_intersects`] from a guess `initial_dir` of the direction from `b` to `a` (the
/// difference of two points inside them, say), which saves the two support calls that
/// `gjk_intersects` spends on its own guess; any non-zero vector gives the same answer.
#[must_use]
pub fn gjk_intersects_from<A, B>(a: &A, b: &B, initial_dir: Vec3) -> bool
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
{
    run::<A, B, false>(a, b, initial_dir, true).2 == Outcome::Touching
}
