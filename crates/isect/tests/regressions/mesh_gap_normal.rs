//! Issue 24: a mesh's gap contact (`TriMesh::contacts` within a margin) whose closest points
//! round to the same point.

use isect::{Real, Sphere, TriMesh};

use crate::common::v;

/// `TriMesh::contacts` within a margin took a gap's normal from the closest points,
/// `(a − b) / distance`, and the face's normal where the distance was 0. A ball 0.5 off a lone
/// triangle's corner, all moved by `2²⁴` in each coordinate (the `f32` ulp there is 2): the
/// pair's distance rounds to 0 while its contact says apart, so the face's normal was taken,
/// judged a face contact, and the answer was normal `+x`, **depth 15.5** (the ball's extent
/// behind the face's plane) for a ball that is not touching. Where the distance is positive but
/// both points round to one, the normal was `(0, 0, 0)`. The normal is now the points' offset
/// where it has a direction, else the way from the triangle's point to the shape's centre:
/// `(0.6, 0, 0.8)` (to the closest points' accuracy, `8 ε · 2ᵏ / 0.5`) and a gap of at most
/// 0.5 at every shift.
#[test]
fn mesh_gap_normal_is_unit_when_the_closest_points_round_together() {
    for k in [0, 10, 20, 24, 25] {
        let s = (2.0 as Real).powi(k);
        let o = v(s, s, s);
        let mesh = TriMesh::new(
            vec![
                o + v(0.0, -4.0, -4.0),
                o + v(0.0, 4.0, -4.0),
                o + v(0.0, 0.0, 4.0),
            ],
            vec![[0, 1, 2]],
        )
        .unwrap();
        // The corner (0, 0, 4) is 40 from the centre (a 3-4-5 triangle), the radius 39.5.
        let ball = Sphere::new(o + v(24.0, 0.0, 36.0), 39.5);
        let mut seen = Vec::new();
        mesh.contacts(&ball, 1.0, |c| seen.push(c));
        assert_eq!(seen.len(), 1, "shift 2^{k}: {seen:?}");
        let c = seen[0];
        // The closest points carry the rounding of coordinates of size `s`; the gap is 0.5.
        let slack = 8.0 * Real::EPSILON * s / 0.5 + 1e-6;
        assert!(
            (c.normal.length() - 1.0).abs() <= 1e-6
                && (c.normal - v(0.6, 0.0, 0.8)).length() <= slack.min(2.0)
                && c.depth <= 0.0
                && c.depth >= -1.0,
            "shift 2^{k}: {c:?}"
        );
    }
}
