//! Contacts of convex hulls against parry's `query::contact` with `ConvexPolyhedron`, `Ball` and
//! `Capsule` (parry's depth is `-dist`, its `normal1` points from shape 1 to shape 2, so isect's
//! normal is `-normal1`).
//!
//! Compared where the answer is unique by a margin: a penetrating pair whose least depth over
//! the candidate normals of the Minkowski difference (the brute force of `contact::hull`) is
//! clear of the next candidate with another normal, or a rounded shape whose core is clear of
//! the hull (a unique direction between the closest points). Both libraries run GJK + EPA on
//! hulls; the brute force decides who is right where they differ.

use isect::math::Vec3;
use isect::query::ClosestPoints;
use isect::{Capsule, Contact, ContactInfo, ConvexHull, Distance, Real, Segment, Sphere};
use parry::shape as ps;
use proptest::prelude::*;

use crate::common::flat_reference::{DVec3, dv, wide};
use crate::common::parry_conv::{contact_at as parry_contact, to_parry};
use crate::common::strategy;
use crate::contact::hull::{candidates, depth_along};

fn polyhedron(points: &[Vec3]) -> Option<ps::ConvexPolyhedron> {
    let points: Vec<_> = points.iter().map(|&p| to_parry(p)).collect();
    ps::ConvexPolyhedron::from_convex_hull(&points)
}

/// The least depth over the candidate normals (core `a` rounded by `r`) when the core
/// penetrates `b` by more than `margin` and every candidate with a normal more than 0.05 away
/// gives at least `margin` more: the unique answer, with its normal.
fn unique_depth(a: &[Vec3], r: Real, b: &[Vec3], margin: f64) -> Option<(f64, Vec3)> {
    let (pa, pb) = (wide_points(a), wide_points(b));
    let mut all: Vec<_> = candidates(&pa, &pb)
        .into_iter()
        .flat_map(|n| [n, -n])
        .map(|n| (depth_along(&pa, &pb, n), n))
        .collect();
    all.sort_by(|x, y| x.0.total_cmp(&y.0));
    let &(best, n) = all.first()?;
    if best <= margin {
        return None;
    }
    let next = all
        .iter()
        .find(|(_, m)| (*m - n).length() > 0.05)
        .map_or(f64::INFINITY, |x| x.0);
    (next - best > margin).then(|| {
        (
            best + wide(r),
            Vec3::new(n.x as Real, n.y as Real, n.z as Real),
        )
    })
}

/// A solid hull: 6 to 11 points in a cube of side 6 about a center.
fn solid_points() -> impl Strategy<Value = Vec<Vec3>> {
    (
        strategy::vec3(),
        proptest::collection::vec(
            (-3.0 as Real..3.0, -3.0 as Real..3.0, -3.0 as Real..3.0),
            6..12,
        ),
    )
        .prop_map(|(c, ps)| {
            ps.into_iter()
                .map(|(x, y, z)| c * 0.3 + Vec3::new(x, y, z))
                .collect()
        })
}

/// Asserts that `qa` (of the point set `a`'s hull) and `qb` (of `b`'s) are closest points of
/// the two hulls: every point of `b` lies behind the plane through `qb` normal to `qa − qb`,
/// and every point of `a` beyond the parallel plane through `qa` (a certificate independent of
/// how they were found).
fn assert_closest(a: &[Vec3], qa: Vec3, b: &[Vec3], qb: Vec3) -> Result<(), TestCaseError> {
    let n = dv(qa - qb).normalize();
    let slack = 1e-4 * wide((qa - qb).length()) + wide(crate::common::tol(10.0));
    for &x in b {
        prop_assert!(n.dot(dv(x) - dv(qb)) <= slack, "{x} beyond {qb} along {n}");
    }
    for &y in a {
        prop_assert!(n.dot(dv(y) - dv(qa)) >= -slack, "{y} before {qa} along {n}");
    }
    Ok(())
}

/// parry's normal and relative depth error for a rounded shape whose core is apart from the
/// hull, from its GJK closest points, against the certified closest points: measured, a capsule
/// of radius 1.96 whose core is 0.13 from a six-point hull got a normal 0.055 off (depth right to
/// 1e-5), one of radius 0.40 at 0.25 a normal 0.013 off, one of radius 2.73 whose core is 0.95
/// away the depth 1.7428 against 1.7852 (parry's GJK stops with the distance too long, as in the
/// capsule–capsule differential test). isect's are within 1e-2 and 1e-3 of the certified answer
/// on the same inputs (20,000 cases in f32).
const PARRY_APART: (Real, Real) = (0.1, 5e-2);

/// The depth of a rounded core `a` (radius `r`) against `b` along a unit normal `n`: how far
/// to move `a` along `n` to separate them. The least over all normals is the contact depth.
fn depth_of(a: &[Vec3], r: Real, b: &[Vec3], n: Vec3) -> f64 {
    depth_along(&wide_points(a), &wide_points(b), dv(n).normalize()) + wide(r)
}

/// `points` in `f64`, for the brute force.
fn wide_points(points: &[Vec3]) -> Vec<DVec3> {
    points.iter().map(|&p| dv(p)).collect()
}

/// Compares isect and parry with the reference `depth` and `normal`. `ties`, for penetrating
/// pairs, gives the depth along any normal: isect's normal may then differ from the reference
/// within the uniqueness radius (0.05) of [`unique_depth`] if it gives the same least depth
/// (two candidate normals 0.019 apart can tie exactly: seen at 5000 cases).
fn agree(
    ours: Option<ContactInfo>,
    depth: f64,
    normal: Vec3,
    theirs: Option<(Real, Vec3)>,
    parry_tol: (Real, Real),
    what: &str,
    ties: Option<&dyn Fn(Vec3) -> f64>,
) -> Result<bool, TestCaseError> {
    let ours = ours.ok_or_else(|| TestCaseError::fail(format!("isect has none: {what}")))?;
    let t = 1e-3 * depth.max(1.0);
    // isect against the brute force first: the reference.
    prop_assert!(
        (wide(ours.depth) - depth).abs() <= t,
        "isect {:?} vs brute {} {}: {}",
        ours,
        depth,
        normal,
        what
    );
    let tied = |m: Vec3| {
        ties.is_some_and(|depth_along_normal| {
            m.distance(normal) <= 0.05 && (depth_along_normal(m) - depth).abs() <= t
        })
    };
    prop_assert!(
        ours.normal.distance(normal) <= 1e-2 || tied(ours.normal),
        "isect {:?} vs brute {} {}: {}",
        ours,
        depth,
        normal,
        what
    );
    // parry is measured, not trusted: whether it agrees with the brute force too.
    Ok(theirs.is_some_and(|(d, n)| {
        (wide(d) - depth).abs() <= wide(parry_tol.1) * depth.max(1.0)
            && (n.distance(normal) <= parry_tol.0 || tied(n))
    }))
}

/// A hull–hull case: `Ok(None)` where the answer is not unique, else whether parry agreed
/// (isect's disagreement with the brute force fails).
fn hull_hull_case(a: &[Vec3], b: &[Vec3]) -> Result<Option<bool>, TestCaseError> {
    let (Some(pa), Some(pb)) = (polyhedron(a), polyhedron(b)) else {
        return Ok(None);
    };
    let Some((depth, normal)) = unique_depth(a, 0.0, b, 0.05) else {
        return Ok(None);
    };
    let theirs = parry_contact(Vec3::ZERO, &pa, Vec3::ZERO, &pb);
    let ours = ConvexHull::new(a.to_vec()).contact(&ConvexHull::new(b.to_vec()));
    let ties = |n| depth_of(a, 0.0, b, n);
    let what = format!("{a:?} against {b:?}");
    agree(
        ours,
        depth,
        normal,
        theirs,
        (1e-2, 1e-3),
        &what,
        Some(&ties),
    )
    .map(Some)
}

/// A rounded core against the hull `b`: the core's points (`core`: a sphere's center, a
/// capsule's segment ends) grown by `r`, with isect's closest points between the core and the
/// hull and both libraries' contacts. As [`hull_hull_case`]: apart cores are checked against
/// the certified closest points, penetrating ones against the brute force.
fn rounded_case(
    core: &[Vec3],
    r: Real,
    closest: ClosestPoints,
    b: &[Vec3],
    ours: Option<ContactInfo>,
    theirs: Option<(Real, Vec3)>,
    what: &str,
) -> Result<Option<bool>, TestCaseError> {
    if closest.distance > 1e-2 {
        if closest.distance >= r - 1e-2 {
            return Ok(None);
        }
        assert_closest(core, closest.a, b, closest.b)?;
        let (depth, normal) = (
            wide(r - closest.distance),
            (closest.a - closest.b).normalize(),
        );
        return agree(ours, depth, normal, theirs, PARRY_APART, what, None).map(Some);
    }
    let Some((depth, normal)) = unique_depth(core, r, b, 0.05) else {
        return Ok(None);
    };
    let ties = |n| depth_of(core, r, b, n);
    agree(ours, depth, normal, theirs, (1e-2, 1e-3), what, Some(&ties)).map(Some)
}

/// A sphere–hull case, as [`hull_hull_case`].
fn sphere_hull_case(b: &[Vec3], center: Vec3, r: Real) -> Result<Option<bool>, TestCaseError> {
    let Some(pb) = polyhedron(b) else {
        return Ok(None);
    };
    let center = center * 0.5;
    let hull = ConvexHull::new(b.to_vec());
    let sphere = Sphere::new(center, r);
    let theirs = parry_contact(center, &ps::Ball::new(r), Vec3::ZERO, &pb);
    let closest =
        ClosestPoints::from_points(center, isect::PointQuery::closest_point(&hull, center));
    let what = format!("{sphere:?} against {b:?}");
    rounded_case(
        &[center],
        r,
        closest,
        b,
        sphere.contact(&hull),
        theirs,
        &what,
    )
}

/// A capsule–hull case, as [`hull_hull_case`].
fn capsule_hull_case(b: &[Vec3], p: Vec3, d: Vec3, r: Real) -> Result<Option<bool>, TestCaseError> {
    let Some(pb) = polyhedron(b) else {
        return Ok(None);
    };
    let (a0, a1) = (p * 0.5, p * 0.5 + d * 0.5);
    let cap = Capsule::new(a0, a1, r);
    let hull = ConvexHull::new(b.to_vec());
    let mid = (a0 + a1) * 0.5;
    let parry_capsule = ps::Capsule::new(to_parry(a0 - mid), to_parry(a1 - mid), r);
    let theirs = parry_contact(mid, &parry_capsule, Vec3::ZERO, &pb);
    let closest = Segment::new(a0, a1).closest_points(&hull);
    let what = format!("{cap:?} against {b:?}");
    rounded_case(&[a0, a1], r, closest, b, cap.contact(&hull), theirs, &what)
}

proptest! {
    #[test]
    fn hull_hull_matches_brute_force(a in solid_points(), b in solid_points()) {
        hull_hull_case(&a, &b)?;
    }

    #[test]
    fn sphere_hull_matches_brute_force(b in solid_points(), center in strategy::vec3(), r in 0.1 as Real..4.0) {
        sphere_hull_case(&b, center, r)?;
    }

    #[test]
    fn capsule_hull_matches_brute_force(b in solid_points(), p in strategy::vec3(), d in strategy::direction(), r in 0.1 as Real..3.0) {
        capsule_hull_case(&b, p, d, r)?;
    }
}

/// parry on a fixed sample (deterministic, so not flaky): it agrees with the brute force on
/// nearly every case. Random runs found it off on rare ones (f32, 10,000 cases: a capsule 0.674
/// deep for 0.867, two hulls 1.1518 for 1.1818), which is why the random tests above do not
/// assert parry's answers but this rate.
#[test]
fn parry_mostly_agrees() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    fn rate<T: core::fmt::Debug>(
        cases: impl Strategy<Value = T>,
        run: impl Fn(T) -> Result<Option<bool>, TestCaseError>,
    ) -> (usize, usize) {
        let mut runner = TestRunner::deterministic();
        let (mut compared, mut off) = (0, 0);
        for _ in 0..1000 {
            let case = cases.new_tree(&mut runner).unwrap().current();
            if let Some(agrees) = run(case).unwrap() {
                compared += 1;
                off += usize::from(!agrees);
            }
        }
        (compared, off)
    }
    let rates = [
        rate((solid_points(), solid_points()), |(a, b)| {
            hull_hull_case(&a, &b)
        }),
        rate(
            (solid_points(), strategy::vec3(), 0.1 as Real..4.0),
            |(b, c, r)| sphere_hull_case(&b, c, r),
        ),
        rate(
            (
                solid_points(),
                strategy::vec3(),
                strategy::direction(),
                0.1 as Real..3.0,
            ),
            |(b, p, d, r)| capsule_hull_case(&b, p, d, r),
        ),
    ];
    eprintln!("(compared, parry off) for hull, sphere, capsule: {rates:?}");
    for (compared, off) in rates {
        assert!(compared >= 50 && off * 50 <= compared, "{rates:?}");
    }
}
