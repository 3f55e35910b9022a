//! A flat box crossing a lone triangle's border edge got the triangle's face normal and the
//! depth below its plane, 0.0361, where the least push (the pair routine's, and the exact
//! separating-axis minimum over the 13 axes) is 0.0321 along the edge's crossing with the box:
//! that axis is 0.05° off the face normal, within the internal-edge rule's feature tolerance,
//! so the mesh took the contact for the face's, although the edge is active (a border).
//! Found by `differential::mesh_contact::deepest_against_soups` (a random seed, `f64`).

use isect::math::{Mat3, Vec3};
use isect::{Contact, Obb, Real, TriMesh, Triangle};

use super::corner_orders;

#[test]
#[allow(
    clippy::excessive_precision,
    reason = "the f64 reproduction's digits, rounded in f32"
)]
fn flat_box_across_a_lone_triangles_edge_keeps_the_edges_push() {
    let tri = Triangle::new(
        Vec3::new(7.25, -1.0, -0.5),
        Vec3::new(7.25, -5.5, -5.75),
        Vec3::new(7.5, 1.75, 7.0),
    );
    let flat_box = Obb {
        center: Vec3::new(9.404336694059383, 0.0, 7.3512363753142),
        half_extents: Vec3::new(4.182062102532644, 0.0, 4.82839239321869),
        rotation: Mat3::from_cols(
            Vec3::new(
                -0.08442460417633924,
                0.9152158049876167,
                -0.3940209594812662,
            ),
            Vec3::new(0.9152158049876167, -0.08514364461967716, -0.393866208352211),
            Vec3::new(-0.3940209594812662, -0.393866208352211, -0.830431751203984),
        ),
    };
    // The pair routine's least push (the exact 13-axis minimum: 0.032086848317516 in `f64`).
    let pair = flat_box.contact(&tri).expect("they overlap");
    assert!((pair.depth - 0.032_086_85).abs() < 1e-4, "{pair:?}");
    for t in corner_orders(&tri) {
        let mesh = TriMesh::new(vec![t.a, t.b, t.c], vec![[0, 1, 2]]).unwrap();
        let c = flat_box.contact(&mesh).expect("they overlap");
        let tolerance: Real = 64.0 * Real::EPSILON * 20.0;
        assert!(
            (c.depth - pair.depth).abs() <= tolerance,
            "{t:?}: mesh {c:?} against the pair's {pair:?}"
        );
        assert!(c.normal.dot(pair.normal) > 1.0 - 1e-6, "{t:?}: {c:?}");
    }
}
