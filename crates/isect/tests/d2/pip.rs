//! Point in polygon against an exact winding number: random simple polygons with integer
//! corners (stars, combs, square spirals, turned and moved on the lattice), queried at lattice
//! points, at half-lattice points (the polygon doubled), at every corner and at points exactly
//! on edges. The reference is Sunday's winding number in integer arithmetic, with points on an
//! edge counted inside (closed sets); for a simple polygon a non-zero winding number is inside.

use isect::Real;
use isect::d2::{PointQuery, Polygon};
use proptest::prelude::*;

use super::common::v;
use super::lattice::{comb, lattice_points, spiral, to_vec2};

type P = [i64; 2];

fn cross(o: P, a: P, b: P) -> i64 {
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
}

/// Whether `p` is on the closed segment `ab`, exactly.
fn on_segment(a: P, b: P, p: P) -> bool {
    cross(a, b, p) == 0
        && (a[0].min(b[0])..=a[0].max(b[0])).contains(&p[0])
        && (a[1].min(b[1])..=a[1].max(b[1])).contains(&p[1])
}

/// Inside or on the boundary, by the winding number (Sunday, "Fast Polygon Area and Newell
/// Normal Computation", 2002, the crossing rule with signed upward and downward edges).
fn reference(points: &[P], p: P) -> bool {
    let n = points.len();
    let mut winding = 0i32;
    for i in 0..n {
        let (a, b) = (points[i], points[(i + 1) % n]);
        if on_segment(a, b, p) {
            return true;
        }
        if a[1] <= p[1] {
            if b[1] > p[1] && cross(a, b, p) > 0 {
                winding += 1;
            }
        } else if b[1] <= p[1] && cross(a, b, p) < 0 {
            winding -= 1;
        }
    }
    winding != 0
}

/// The lattice points of the edges (each edge split by the gcd of its steps).
fn edge_points(points: &[P]) -> Vec<P> {
    fn gcd(a: i64, b: i64) -> i64 {
        if b == 0 { a.abs() } else { gcd(b, a % b) }
    }
    let n = points.len();
    let mut out = Vec::new();
    for i in 0..n {
        let (a, b) = (points[i], points[(i + 1) % n]);
        let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
        let g = gcd(dx, dy).max(1);
        for k in 0..g {
            out.push([a[0] + dx / g * k, a[1] + dy / g * k]);
        }
    }
    out
}

fn check(points: &[P], queries: impl IntoIterator<Item = P>) -> Result<(), TestCaseError> {
    let polygon = Polygon::new(to_vec2(points)).expect("simple");
    for q in queries {
        let p = v(q[0] as Real, q[1] as Real);
        prop_assert_eq!(
            polygon.contains_point(p),
            reference(points, q),
            "at {:?} of {:?}",
            q,
            points
        );
        prop_assert_eq!(
            polygon.distance_to_point(p) == 0.0,
            reference(points, q),
            "distance at {:?}",
            q
        );
    }
    Ok(())
}

use proptest::test_runner::TestCaseError;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// Every lattice point of the box around the polygon (and a margin), its corners and the
    /// lattice points of its edges.
    #[test]
    fn lattice_queries(points in lattice_points()) {
        let (lo, hi) = points.iter().fold(([i64::MAX; 2], [i64::MIN; 2]), |(lo, hi), p| {
            ([lo[0].min(p[0]), lo[1].min(p[1])], [hi[0].max(p[0]), hi[1].max(p[1])])
        });
        let grid = (lo[0] - 1..=hi[0] + 1).flat_map(|x| (lo[1] - 1..=hi[1] + 1).map(move |y| [x, y]));
        check(&points, grid)?;
        check(&points, points.clone())?;
        check(&points, edge_points(&points))?;
    }

    /// The polygon doubled, so that the old half-lattice points (edge midpoints, points between
    /// lattice lines) are lattice points of the new one.
    #[test]
    fn half_lattice_queries(points in lattice_points(), probes in proptest::collection::vec((-80i64..80, -80i64..80), 64)) {
        let doubled: Vec<P> = points.iter().map(|p| [2 * p[0], 2 * p[1]]).collect();
        check(&doubled, probes.into_iter().map(|(x, y)| [x, y]))?;
        check(&doubled, edge_points(&doubled))?;
    }
}

/// Hand cases on the shapes the generators make, with answers by inspection.
#[test]
fn comb_and_spiral_by_hand() {
    // Two teeth of heights 5 and 4 on a base [0, 4] × [0, 2].
    let c = comb(&[5, 4]);
    let polygon = Polygon::new(to_vec2(&c)).unwrap();
    assert!(polygon.contains_point(v(0.5, 4.5)), "in the first tooth");
    assert!(!polygon.contains_point(v(1.5, 3.0)), "between the teeth");
    assert!(polygon.contains_point(v(1.5, 2.0)), "on the gap's floor");
    assert!(
        polygon.contains_point(v(3.0, 4.0)),
        "the second tooth's corner"
    );
    assert!(!polygon.contains_point(v(3.0, 4.5)));
    // A horizontal ray from (−1, 2) runs along the base's top edges and through corners.
    assert!(!polygon.contains_point(v(-1.0, 2.0)));
    assert!(polygon.contains_point(v(0.0, 2.0)));
    let s = spiral(5);
    let polygon = Polygon::new(to_vec2(&s)).unwrap();
    // The centreline's start (0, 0) is inside; the gap between arms (at (2, 2)) is not.
    assert!(polygon.contains_point(v(0.0, 0.0)));
    assert!(!polygon.contains_point(v(2.0, 2.0)));
    assert!(
        polygon.contains_point(v(4.0, 2.0)),
        "on the second arm's centreline"
    );
}
