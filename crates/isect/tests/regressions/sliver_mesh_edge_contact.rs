//! Found by `differential::mesh_contact::deepest_against_soups` (f64, random seed): a capsule
//! against a lone sliver triangle in a mesh took the face normal where its contact comes from an
//! edge (0.16° off the face), 3.6 % too deep: the feature test measured corner heights against
//! the triangle's longest edge (7.9), so the far corner, 1.1 from that edge, counted as level
//! with it. The exact depth (40 digits, `mpmath`): the radius less the segment–triangle
//! distance 1.87075756244696959583…, so 0.66331985650931860417…; parry agrees.

use isect::math::Vec3;
use isect::{Capsule, Contact, TriMesh, Triangle};

#[test]
#[allow(
    clippy::excessive_precision,
    reason = "the f64 reproduction's digits, rounded in f32"
)]
fn lone_sliver_edge_contact_keeps_the_edge_normal() {
    let (a, b, c) = (
        Vec3::new(0.25, -4.75, -2.75),
        Vec3::new(2.0, 0.5, 0.75),
        Vec3::new(-1.0, -5.25, -3.75),
    );
    let capsule = Capsule::new(
        Vec3::new(8.327492875657432, -4.023923874458729, 4.885484555678817),
        Vec3::new(-9.061247445591398, 1.9763667770384306, -2.9762541949251204),
        2.5340774189562882,
    );
    let mesh = TriMesh::new(vec![a, b, c], vec![[0, 1, 2]]).unwrap();
    let lone = capsule.contact(&Triangle::new(a, b, c)).unwrap();
    let got = capsule.contact(&mesh).unwrap();
    let exact = 0.66331985650931860417;
    assert!((lone.depth - exact).abs() <= 1e-5, "{lone:?}");
    // A lone triangle's edges are all real: the mesh answers as the triangle does.
    assert!((got.depth - exact).abs() <= 1e-5, "{got:?}");
    assert!(
        (got.normal - lone.normal).length() <= 1e-5,
        "{got:?} vs {lone:?}"
    );
}
