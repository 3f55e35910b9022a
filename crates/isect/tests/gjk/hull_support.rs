//! `ConvexHull`'s support map against the brute force over `points()`: the hull scans only the
//! points that can answer (its interior points dropped at construction, proved inside by more
//! than the rounding), four lanes at a time; the answer must be the plain scan's, bit for bit:
//! the same largest `dir · p` and the same point, the first of the maximisers in `points()`.
//! Hulls with many interior points and exact duplicates (of vertices and of interior points),
//! integer grids where axis directions tie whole faces, far from the origin and at huge and tiny
//! scales.

use isect::math::{Quat, Vec3};
use isect::{ConvexHull, Real, SupportMap};
use proptest::prelude::*;

use crate::common::strategy::{rotation, unit};
use crate::common::v;

/// The first point of largest `d · p` (the first point when all are NaN): the plain scan.
fn brute(points: &[Vec3], d: Vec3) -> Vec3 {
    let mut best = points[0];
    for &p in &points[1..] {
        if d.dot(p) > d.dot(best) {
            best = p;
        }
    }
    best
}

/// The hull's support equals the brute force: same value, a maximiser, the first one.
fn agree(points: &[Vec3], d: Vec3) -> Result<(), TestCaseError> {
    let hull = ConvexHull::new(points.to_vec());
    let s = hull.support(d);
    let b = brute(points, d);
    prop_assert!(
        points.contains(&s),
        "support {} along {} is not a point",
        s,
        d
    );
    prop_assert_eq!(
        d.dot(s).to_bits(),
        d.dot(b).to_bits(),
        "value along {}: {} vs {}",
        d,
        d.dot(s),
        d.dot(b)
    );
    prop_assert_eq!(s, b, "not the first maximiser along {}", d);
    Ok(())
}

/// Directions: unit, along the axes and diagonals (ties), scaled, zero.
fn directions(u: Vec3) -> Vec<Vec3> {
    let mut out = vec![u, u * 1e-3, u * 1e3, Vec3::ZERO];
    for axis in [Vec3::X, Vec3::Y, Vec3::Z] {
        out.extend([axis, -axis]);
    }
    out.extend([
        v(1.0, 1.0, 0.0),
        v(0.0, -1.0, 1.0),
        v(-1.0, 0.0, -1.0),
        v(1.0, 1.0, 1.0),
    ]);
    out
}

/// Integer points of the cube `[-n, n]³`, turned by `q` about the origin and shifted by `t`:
/// faces of coplanar points, the inner points interior.
fn grid(n: i32, q: Quat, t: Vec3) -> Vec<Vec3> {
    let mut out = Vec::new();
    for x in -n..=n {
        for y in -n..=n {
            for z in -n..=n {
                out.push(q * v(x as Real, y as Real, z as Real) + t);
            }
        }
    }
    out
}

#[test]
fn grid_ties_resolve_as_the_plain_scan() {
    // The unturned grid: along an axis a whole face ties, along a diagonal an edge.
    for n in 1..4 {
        for t in [Vec3::ZERO, v(1024.0, -512.0, 3.0)] {
            let mut points = grid(n, Quat::IDENTITY, t);
            // Interior and vertex duplicates, and the corner first and last.
            points.extend_from_within(0..points.len() / 2);
            points.reverse();
            for d in directions(v(0.6, 0.0, 0.8)) {
                agree(&points, d).unwrap();
            }
        }
    }
}

#[test]
fn huge_tiny_and_nan_directions() {
    let base = grid(2, Quat::from_rotation_z(0.3), v(0.25, 0.5, -0.75));
    // 2^±60: both inside the range of `f32`; Quickhull runs on rescaled points.
    for k in [-60, -20, 0, 20, 60] {
        let s = (2.0 as Real).powi(k);
        let points: Vec<Vec3> = base.iter().map(|&p| p * s).collect();
        for d in directions(v(0.48, -0.6, 0.64)) {
            agree(&points, d).unwrap();
        }
    }
    // A NaN direction: every comparison fails, the first point answers.
    let hull = ConvexHull::new(base.clone());
    assert_eq!(hull.support(Vec3::NAN), base[0]);
}

/// Points in a ball of radius `r` about `c` (a unit vector times a length), some on its sphere.
fn ball_points() -> impl Strategy<Value = Vec<Vec3>> {
    let point = (unit(), 0.0..=1.0 as Real, prop::bool::weighted(0.3))
        .prop_map(|(u, s, on)| if on { u } else { u * s });
    (
        proptest::collection::vec(point, 4..80),
        prop_oneof![Just(1.0 as Real), Just(1e-3), Just(1e3)],
        prop_oneof![
            Just(Vec3::ZERO),
            Just(v(100.0, -3.0, 7.5)),
            Just(v(-4096.0, 0.0, 1.0))
        ],
        proptest::collection::vec(any::<prop::sample::Index>(), 0..20),
        rotation(),
    )
        .prop_map(|(unit_points, r, c, copies, q)| {
            let mut points: Vec<Vec3> = unit_points.iter().map(|&p| q * p * r + c).collect();
            // Exact duplicates, of interior points and of vertices alike.
            for i in copies {
                let p = points[i.index(points.len())];
                points.push(p);
            }
            points
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn support_is_the_first_brute_force_maximiser(points in ball_points(), u in unit()) {
        for d in directions(u) {
            agree(&points, d)?;
        }
    }

    #[test]
    fn turned_grids_agree(n in 1..4i32, q in rotation(), u in unit()) {
        let points = grid(n, q, v(0.5, -2.0, 8.0));
        for d in directions(u) {
            agree(&points, d)?;
        }
    }
}
