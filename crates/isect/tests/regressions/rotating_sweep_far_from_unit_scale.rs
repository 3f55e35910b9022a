//! Issue 24: sweeps with rotation far from unit scale.

use isect::math::Mat3;
use isect::{Obb, Real, RigidMotion, Sphere, Triangle, sweep_rotating};

use crate::common::mesh::scaled_floor;
use crate::common::v;

/// `sweep_rotating` (conservative advancement over GJK) had no rescaling at its entry, as the
/// other queries have: a ball falling on a triangle `2³⁰` across in `f32` (or a mesh floor, whose
/// rotating sweep runs it per triangle) touched at **`t = 0.107`** for 0.6, a box at `t = 0`,
/// and at `2⁸⁰` the box never touched. Both shapes and motions are now taken times a power of two
/// there (through their support maps and bounds, exactly).
#[test]
fn falling_shapes_touch_at_the_same_time_at_every_scale() {
    let e = Real::MAX_EXP;
    for k in [0, e / 4, -(e / 4), e * 5 / 8, -(e * 5 / 8), e - 8] {
        let s = (2.0 as Real).powi(k);
        let p = |x: Real, y: Real, z: Real| v(x, y, z) * s;
        let triangle = Triangle::new(p(-2.0, 0.0, -2.0), p(2.0, 0.0, 2.0), p(2.0, 0.0, -2.0));
        let floor = scaled_floor(s);
        // Falling 2 per unit of time, each 1.2 above the floor at its lowest point.
        let ball = Sphere::new(p(0.5, 1.5, -0.3), 0.3 * s);
        let spin = RigidMotion::new(p(0.5, -2.0, 0.1), v(0.0, 0.3, 0.0), ball.center);
        let obb = Obb::new(
            p(0.5, 1.6, -0.3),
            p(0.3, 0.4, 0.2),
            Mat3::from_rotation_y(0.7),
        );
        let drop = RigidMotion::new(p(0.5, -2.0, 0.1), v(0.0, 0.0, 0.0), obb.center);
        let still = RigidMotion::STILL;
        let check = |what: &str, hit: Option<isect::SweepHit>| {
            let hit = hit.unwrap_or_else(|| panic!("2^{k} {what}: no hit"));
            // Conservative advancement stops within its tolerance before the contact.
            assert!((hit.t_first - 0.6).abs() < 1e-3, "2^{k} {what}: {hit:?}");
            assert!((hit.point.y / s).abs() < 1e-3, "2^{k} {what}: {hit:?}");
        };
        check("ball", sweep_rotating(&ball, &spin, &triangle, &still));
        check("box", sweep_rotating(&obb, &drop, &triangle, &still));
        check("ball on the mesh", floor.sweep_rotating(&ball, &spin));
    }
}
