//! Issue 24: a box's contact manifold with a mesh far from unit scale.

use isect::math::Mat3;
use isect::{Capsule, ContactManifold, Obb, Real};

use crate::common::mesh::scaled_floor;
use crate::common::v;

/// The manifold's reduction to four points scores candidates by products of up to four
/// lengths (`Manifold::reduced`), and a pair's manifold brings its input near 1 first but a
/// mesh's does not: a turned box sunk `0.05` into a floor of two triangles kept its four bottom
/// corners up to `2³⁰` across in `f32` and then lost them (3 at `2⁴⁰` and `2⁶⁰`, 2 at `2⁻⁴⁰`,
/// 1 at `2±⁸⁰`). The scores are now taken on offsets times a power of two there.
#[test]
fn box_and_capsule_on_a_floor_keep_their_points_at_every_scale() {
    let e = Real::MAX_EXP;
    for k in [0, e * 5 / 16, -(e * 5 / 16), e * 5 / 8, -(e * 5 / 8)] {
        let s = (2.0 as Real).powi(k);
        let p = |x: Real, y: Real, z: Real| v(x, y, z) * s;
        let floor = scaled_floor(s);
        let obb = Obb::new(
            p(0.7, 0.25, -0.5),
            p(0.3, 0.3, 0.3),
            Mat3::from_rotation_y(0.4),
        );
        let m = obb.contact_manifold(&floor);
        assert_eq!(m.len(), 4, "2^{k}: {m:?}");
        assert!((m.normal.y.abs() - 1.0).abs() < 1e-6, "2^{k}: {m:?}");
        for q in m.points() {
            assert!((q.depth / s - 0.05).abs() < 1e-5, "2^{k}: {m:?}");
        }
        // A capsule lying on the floor, 0.1 deep: its two ends.
        let capsule = Capsule::new(p(-0.5, 0.2, 0.25), p(0.75, 0.2, -0.5), 0.3 * s);
        let m = capsule.contact_manifold(&floor);
        assert_eq!(m.len(), 2, "2^{k}: {m:?}");
        for q in m.points() {
            assert!((q.depth / s - 0.1).abs() < 1e-5, "2^{k}: {m:?}");
        }
    }
}
