//! Found by `mesh::manifold::triangles_hulls_boxes_on_soups` (random seed, f32): a nearly flat
//! `ConvexHull` (four points, its opposite face planes 0.002 apart) against a one-triangle mesh
//! gave a contact manifold with a point 0.265 outside the hull. The triangle was clipped by the
//! hull's face planes each moved out by the clip tolerance (`64 ε` of the scale, 7.5e-5 here);
//! two faces meet at the edge between the first and third points at an angle of 2.2e-4, so the
//! moved planes met 0.34 beyond that edge, and the clip kept a corner there. Fixed: a clipped
//! point in the moved band is kept only when within a few tolerances of the hull.

use isect::math::Vec3;
use isect::{ContactManifold, ConvexHull, PointQuery, TriMesh, Triangle};

use crate::common::tol;

/// The manifold's points lie in the hull and on the triangle, and there is at least one.
fn check(hull: &ConvexHull, tri: [Vec3; 3]) {
    let mesh = TriMesh::new(tri.to_vec(), vec![[0, 1, 2]]).unwrap();
    let triangle = Triangle::new(tri[0], tri[1], tri[2]);
    let m = hull.contact_manifold(&mesh);
    assert!(!m.is_empty());
    for p in m.points() {
        let off = hull.distance_to_point(p.point);
        assert!(off <= tol(64.0), "{p:?} off the hull by {off}: {m:?}");
        let off = triangle.distance_to_point(p.point);
        assert!(off <= tol(64.0), "{p:?} off the triangle by {off}: {m:?}");
    }
}

#[test]
fn flat_hull_manifold_points_lie_in_the_hull() {
    let tri = [
        Vec3::new(0.0, 0.0, -4.5),
        Vec3::new(0.0, 0.0, 0.0),
        Vec3::new(-1.75, -7.5, 0.0),
    ];
    let points = [
        Vec3::new(-7.110305, 5.502029, -3.7098835),
        Vec3::new(6.41763, -4.494872, -5.4794006),
        Vec3::new(7.3574505, -9.783858, -1.2845795),
        Vec3::new(-1.0795407, 5.3935823, -8.591215),
    ];
    check(&ConvexHull::new(points.to_vec()), tri);
    // The hull's points in other orders, the triangle wound the other way, both moved by an
    // exact shift.
    let shift = Vec3::new(8.0, -4.0, 2.0);
    for k in 0..4 {
        let mut pts = points;
        pts.rotate_left(k);
        pts.swap(0, 1);
        let hull = ConvexHull::new(pts.to_vec());
        check(&hull, [tri[0], tri[2], tri[1]]);
        let moved = ConvexHull::new(pts.iter().map(|&p| p + shift).collect::<Vec<_>>());
        check(&moved, [tri[0] + shift, tri[1] + shift, tri[2] + shift]);
    }
}
