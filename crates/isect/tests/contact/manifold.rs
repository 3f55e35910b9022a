//! The `Manifold` type and the reduction of clipped polygons to four points.

use isect::math::Vec3;
use isect::{
    Aabb, Capsule, ContactManifold, MANIFOLD_CAPACITY, Manifold, ManifoldPoint, Obb, PointQuery,
    Real, Triangle, contact_manifold,
};

use crate::common::{tol, v};

fn mp(point: Vec3, depth: Real) -> ManifoldPoint {
    ManifoldPoint { point, depth }
}

#[test]
fn manifold_type() {
    assert!(Manifold::EMPTY.is_empty() && Manifold::EMPTY.deepest().is_none());
    assert_eq!(Manifold::default(), Manifold::EMPTY);
    let pts: Vec<_> = (0..6)
        .map(|i| mp(v(i as Real, 0.0, 0.0), i as Real))
        .collect();
    let m = Manifold::new(Vec3::Y, &pts);
    assert_eq!(m.len(), MANIFOLD_CAPACITY);
    assert_eq!(m.points(), &pts[..4]);
    let d = m.deepest().unwrap();
    assert_eq!(
        (d.point, d.normal, d.depth),
        (v(3.0, 0.0, 0.0), Vec3::Y, 3.0)
    );
    let f = m.flipped();
    assert_eq!((f.normal, f.points()), (-Vec3::Y, m.points()));
    // Equality looks at the points in use only.
    assert_eq!(
        Manifold::new(Vec3::Y, &pts[..2]),
        Manifold::new(Vec3::Y, &pts[..2])
    );
    assert_ne!(
        Manifold::new(Vec3::Y, &pts[..2]),
        Manifold::new(Vec3::Y, &pts[..3])
    );
}

#[test]
fn hexagon_reduces_to_four_spanning_points() {
    // A big triangle through the center of the cube with normal (1, 1, 1): the common part is
    // a regular hexagon of circumradius √2 (corners at the cube's edge midpoints).
    let cube = Aabb::new(v(-1.0, -1.0, -1.0), v(1.0, 1.0, 1.0));
    let n = Vec3::ONE.normalize();
    let (u, w) = (
        n.any_orthonormal_vector(),
        n.cross(n.any_orthonormal_vector()),
    );
    let t = Triangle::new(
        u * 10.0,
        (-u * 0.5 + w * 0.866) * 10.0,
        (-u * 0.5 - w * 0.866) * 10.0,
    );
    let m = contact_manifold(&cube, &t);
    assert_eq!(m.len(), 4, "{m:?}");
    for p in m.points() {
        // Hexagon corners: on the triangle's plane, in the cube, at distance √2 from the center.
        assert!(
            t.distance_to_point(p.point) <= tol(1.0) && cube.distance_to_point(p.point) <= tol(1.0)
        );
        assert!(
            (p.point.length() - (2.0 as Real).sqrt()).abs() <= tol(1.0),
            "{m:?}"
        );
    }
    // The four chosen corners span more than half the hexagon (the best four span 2/3).
    let q: Vec<Vec3> = m.points().iter().map(|p| p.point).collect();
    let area = 0.5
        * ((q[1] - q[0]).cross(q[2] - q[0]).length() + (q[2] - q[0]).cross(q[3] - q[0]).length());
    let hexagon = 1.5 * (3.0 as Real).sqrt() * 2.0;
    assert!(area >= 0.5 * hexagon, "area {area} of {hexagon}: {m:?}");
    let deepest = m.points().iter().map(|p| p.depth).fold(0.0, Real::max);
    assert_eq!(m.deepest().unwrap().depth, deepest);
}

#[test]
fn capsule_manifolds() {
    let unit = Aabb::new(v(-1.0, -1.0, -1.0), v(1.0, 1.0, 1.0));
    // A core through the box along x: its two ends inside the box (the box's faces at x = ±1).
    let through = Capsule::new(v(-3.0, 0.5, 0.0), v(3.0, 0.5, 0.0), 0.25);
    let m = unit.contact_manifold(&through);
    assert_eq!(m.normal, -Vec3::Y);
    let mut xs: Vec<Real> = m.points().iter().map(|p| p.point.x).collect();
    xs.sort_by(Real::total_cmp);
    assert_eq!(xs, vec![-1.0, 1.0]);
    assert!(m.points().iter().all(|p| p.depth == 0.75));
    // Mirrored: the same points, the normal flipped.
    let back = through.contact_manifold(&unit);
    assert_eq!((back.normal, back.points()), (Vec3::Y, m.points()));
    // Standing on its end cap: one point.
    let standing = Capsule::new(v(0.25, 1.5, 0.0), v(0.25, 4.0, 0.0), 0.75);
    let m = Obb::from_aabb(&unit).contact_manifold(&standing);
    assert_eq!(m.len(), 1);
    assert_eq!(m.points()[0].depth, 0.25);
    // Apart: empty.
    assert!(unit.contact_manifold(&standing.translated_up()).is_empty());
}

trait Up {
    fn translated_up(&self) -> Self;
}

impl Up for Capsule {
    fn translated_up(&self) -> Self {
        Capsule::new(self.a + Vec3::Y, self.b + Vec3::Y, self.radius)
    }
}
