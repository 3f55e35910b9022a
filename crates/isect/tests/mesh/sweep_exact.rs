//! Shapes swept against meshes, hand cases with exact answers: falling onto a floor of many
//! triangles (onto a face, a shared edge, a shared vertex), resting and sliding on it, moving
//! meshes, both argument orders, starting inside solid and open meshes, and invalid input.

use isect::math::{Mat3, Quat, Vec3};
use isect::{
    Aabb, Capsule, ConvexHull, MeshSweepHit, Obb, PointQuery, Segment, Sphere, Sweep, SweepHit,
    TriMesh, Triangle,
};

use super::mesh;
use crate::common::mesh::{floor, subdivided_cube};
use crate::common::{NON_FINITE, v};

/// A floor of 8 × 8 quads (128 triangles) over `[-4, 4]²` at `y = 0`.
fn floor8() -> TriMesh {
    mesh(floor(8, 4.0))
}

fn down(d: f64) -> Vec3 {
    v(0.0, -d as isect::Real, 0.0)
}

/// The sweep in both orders (the mirror flips the normal and keeps everything else), returned
/// for the shape first.
#[track_caller]
fn both<S>(shape: &S, motion: Vec3, m: &TriMesh, mesh_motion: Vec3) -> Option<SweepHit>
where
    S: Sweep<TriMesh> + core::fmt::Debug,
    TriMesh: Sweep<S>,
{
    let hit = shape.sweep(motion, m, mesh_motion);
    let mirrored = m.sweep(mesh_motion, shape, motion);
    assert_eq!(
        hit.map(|h| SweepHit {
            normal: -h.normal,
            ..h
        }),
        mirrored,
        "{shape:?}: the mirror differs"
    );
    hit
}

#[track_caller]
fn assert_hit(hit: Option<SweepHit>, t_first: f64, t_last: f64, normal: Vec3, point: Vec3) {
    let h = hit.expect("a hit");
    let want = SweepHit {
        t_first: t_first as isect::Real,
        t_last: t_last as isect::Real,
        point,
        normal,
    };
    assert_eq!(h, want);
}

#[test]
fn falling_onto_a_face_an_edge_and_a_vertex() {
    let m = floor8();
    // Onto a face (the quad [0, 1]² holds (0.25, _, 0.5)), from 3 above with radius 1: half
    // way down.
    let ball = Sphere::new(v(0.25, 3.0, 0.5), 1.0);
    let hit = both(&ball, down(4.0), &m, Vec3::ZERO);
    assert_hit(hit, 0.5, 1.0, Vec3::Y, v(0.25, 0.0, 0.5));
    // Onto the shared edge x = 0 and onto the shared vertex (0, 0, 0): the same time, and the
    // lowest triangle index among those touched.
    for center in [v(0.0, 3.0, 0.5), v(0.0, 3.0, 0.0)] {
        let ball = Sphere::new(center, 1.0);
        let hit = both(&ball, down(4.0), &m, Vec3::ZERO);
        assert_hit(hit, 0.5, 1.0, Vec3::Y, v(center.x, 0.0, center.z));
        let h = m.sweep_triangle(&ball, down(4.0)).unwrap();
        let touched: Vec<u32> = (0..m.triangle_count() as u32)
            .filter(|&i| {
                ball.sweep(down(4.0), &m.triangle(i), Vec3::ZERO)
                    .is_some_and(|h| h.t_first == 0.5)
            })
            .collect();
        assert!(touched.len() >= 2, "{touched:?}");
        assert_eq!(h.triangle, touched[0]);
        assert_eq!((h.t, h.normal), (0.5, Vec3::Y));
    }
}

#[test]
fn every_shape_falls_half_way() {
    let m = floor8();
    let motion = down(4.0);
    // Each shape's lowest point is 2 above the floor.
    let sphere = Sphere::new(v(0.5, 3.0, 0.25), 1.0);
    let aabb = Aabb::new(v(-1.0, 2.0, -1.5), v(1.5, 4.0, 0.5));
    let obb = Obb::from_quat(
        v(0.25, 3.0, 0.5),
        v(1.0, 1.0, 2.0),
        Quat::from_rotation_y(0.7),
    );
    let capsule = Capsule::new(v(-1.0, 3.0, 0.0), v(2.0, 3.0, 1.0), 1.0);
    // Flat: it passes the floor at once.
    let triangle = Triangle::new(v(-1.0, 2.0, 0.0), v(1.0, 2.0, 0.5), v(0.0, 2.0, 2.0));
    let segment = Segment::new(v(-1.0, 2.0, 0.5), v(1.0, 5.0, 0.5));
    let hull = ConvexHull::new(vec![
        v(0.0, 2.0, 0.0),
        v(1.0, 3.0, 0.0),
        v(0.0, 3.0, 1.0),
        v(-1.0, 4.0, -1.0),
    ]);
    // `slack`: 0 for the closed forms; GJK's ray cast on the hull ends within rounding.
    // `floor_y`: where the floor is at t = 0.5.
    let check_at = |hit: Option<SweepHit>,
                    t_last: isect::Real,
                    slack: isect::Real,
                    floor_y: isect::Real,
                    what: &str| {
        let h = hit.unwrap_or_else(|| panic!("{what} misses"));
        assert!(
            (h.t_first - 0.5).abs() <= slack && (h.t_last - t_last).abs() <= slack,
            "{what}: {h:?}"
        );
        assert!((h.normal - Vec3::Y).length() < 1e-6, "{what}: {h:?}");
        assert!((h.point.y - floor_y).abs() <= 1e-6 + slack, "{what}: {h:?}");
    };
    let check = |hit, t_last, slack, what: &str| check_at(hit, t_last, slack, 0.0, what);
    let gjk = 1e-6;
    check(both(&sphere, motion, &m, Vec3::ZERO), 1.0, 0.0, "sphere");
    check(both(&aabb, motion, &m, Vec3::ZERO), 1.0, 0.0, "aabb");
    check(both(&obb, motion, &m, Vec3::ZERO), 1.0, 0.0, "obb");
    check(both(&capsule, motion, &m, Vec3::ZERO), 1.0, 0.0, "capsule");
    check(
        both(&triangle, motion, &m, Vec3::ZERO),
        0.5,
        0.0,
        "triangle",
    );
    check(both(&segment, motion, &m, Vec3::ZERO), 1.0, 0.0, "segment");
    check(both(&hull, motion, &m, Vec3::ZERO), 1.0, gjk, "hull");
    // The same with the floor rising instead (relative motion), and with both moving.
    let rising = both(&sphere, Vec3::ZERO, &m, -motion);
    check_at(rising, 1.0, 0.0, 2.0, "rising floor");
    let halves = both(&capsule, motion * 0.5, &m, -motion * 0.5);
    check_at(halves, 1.0, 0.0, 1.0, "both moving");
}

#[test]
fn a_moving_mesh_reports_the_point_where_it_is_then() {
    let m = floor8();
    let ball = Sphere::new(v(0.25, 3.0, 0.5), 1.0);
    // The floor rises by 4 and slides by 2 along x; the ball falls by 0: they touch at t = 0.5,
    // with the floor at y = 2 then.
    let hit = both(&ball, Vec3::ZERO, &m, v(2.0, 4.0, 0.0));
    assert_hit(hit, 0.5, 1.0, Vec3::Y, v(0.25, 2.0, 0.5));
}

#[test]
fn resting_and_sliding_on_the_floor_touch_throughout() {
    let m = floor8();
    let slide = v(1.5, 0.0, -0.75);
    let against = (-slide).normalize();
    // Resting on a face, across a shared edge and on a shared vertex: touching from the start.
    for center in [v(0.25, 1.0, 0.5), v(0.0, 1.0, 0.5), v(1.0, 1.0, 1.0)] {
        let ball = Sphere::new(center, 1.0);
        let h = both(&ball, slide, &m, Vec3::ZERO).unwrap();
        assert_eq!(
            (h.t_first, h.t_last, h.normal),
            (0.0, 1.0, against),
            "{h:?}"
        );
        assert_eq!(h.point, v(center.x, 0.0, center.z));
    }
    // A box sliding exactly along the floor's face.
    let crate_ = Aabb::new(v(-1.0, 0.0, -1.0), v(1.0, 2.0, 1.0));
    let h = both(&crate_, slide, &m, Vec3::ZERO).unwrap();
    assert_eq!((h.t_first, h.t_last, h.normal), (0.0, 1.0, against));
    assert!(h.point.y.abs() < 1e-6 && crate_.distance_to_point(h.point) < 1e-6);
    // Lifted by a quarter: never touches.
    let lifted = Aabb::new(
        crate_.min + v(0.0, 0.25, 0.0),
        crate_.max + v(0.0, 0.25, 0.0),
    );
    assert!(both(&lifted, slide, &m, Vec3::ZERO).is_none());
    // Lifting off: touching at the start only.
    let h = both(&crate_, v(0.0, 1.0, 0.0), &m, Vec3::ZERO).unwrap();
    assert_eq!((h.t_first, h.t_last), (0.0, 0.0));
}

#[test]
fn passing_through_a_surface_and_leaving_it() {
    let m = floor8();
    // From 3 above to 3 below, radius 1: touching while the center is within 1 of the floor,
    // for t in [1/3, 2/3].
    let ball = Sphere::new(v(0.25, 3.0, 0.5), 1.0);
    let h = both(&ball, down(6.0), &m, Vec3::ZERO).unwrap();
    assert!((h.t_first - 1.0 / 3.0).abs() < 1e-6 && (h.t_last - 2.0 / 3.0).abs() < 1e-6);
    // A surface has no inside: the ball below the floor moving away misses.
    let below = Sphere::new(v(0.25, -3.0, 0.5), 1.0);
    assert!(both(&below, down(4.0), &m, Vec3::ZERO).is_none());
}

/// The subdivided cube `[-1, 1]³` (solid) and the same cube with two triangles missing (a
/// surface).
fn cubes() -> (TriMesh, TriMesh) {
    let solid = mesh(subdivided_cube(4));
    let (vertices, mut triangles) = subdivided_cube(4);
    triangles.truncate(triangles.len() - 2);
    let open = TriMesh::new(vertices, triangles).unwrap();
    assert!(solid.is_solid() && !open.is_solid());
    (solid, open)
}

#[test]
fn starting_inside_a_solid_mesh_hits_at_once() {
    let (solid, open) = cubes();
    let ball = Sphere::new(Vec3::ZERO, 0.25);
    // Staying inside: overlapping throughout; the point is the ball's center.
    let h = both(&ball, v(0.25, 0.0, 0.0), &solid, Vec3::ZERO).unwrap();
    assert_eq!(
        h,
        SweepHit {
            t_first: 0.0,
            t_last: 1.0,
            point: Vec3::ZERO,
            normal: -Vec3::X
        }
    );
    // Leaving through x = 1: the last overlap when the center is at x = 1.25.
    let h = both(&ball, v(3.0, 0.0, 0.0), &solid, Vec3::ZERO).unwrap();
    assert_eq!(h.t_first, 0.0);
    assert!((h.t_last - 1.25 / 3.0).abs() < 1e-6, "{h:?}");
    // The open cube has no inside: the wall x = 1 is reached when the center is at 0.75.
    let h = both(&ball, v(3.0, 0.0, 0.0), &open, Vec3::ZERO).unwrap();
    assert_eq!((h.t_first, h.normal), (0.25, -Vec3::X));
    assert!((h.t_last - 1.25 / 3.0).abs() < 1e-6, "{h:?}");
    // Every shape, wholly inside: t = 0.
    let shapes_inside: [&dyn Fn() -> Option<SweepHit>; 6] = [
        &|| {
            Aabb::new(v(-0.5, -0.5, -0.5), v(0.5, 0.5, 0.5)).sweep(
                v(0.25, 0.0, 0.0),
                &solid,
                Vec3::ZERO,
            )
        },
        &|| {
            Obb::new(Vec3::ZERO, Vec3::splat(0.25), Mat3::IDENTITY).sweep(
                Vec3::X,
                &solid,
                Vec3::ZERO,
            )
        },
        &|| {
            Capsule::new(v(-0.5, 0.0, 0.0), v(0.5, 0.0, 0.0), 0.25).sweep(
                Vec3::Y,
                &solid,
                Vec3::ZERO,
            )
        },
        &|| {
            Triangle::new(v(-0.5, 0.0, 0.0), v(0.5, 0.0, 0.0), v(0.0, 0.5, 0.0)).sweep(
                Vec3::Z,
                &solid,
                Vec3::ZERO,
            )
        },
        &|| Segment::new(v(-0.5, 0.0, 0.0), v(0.5, 0.0, 0.0)).sweep(Vec3::Z, &solid, Vec3::ZERO),
        &|| {
            ConvexHull::new(vec![Vec3::ZERO, v(0.5, 0.0, 0.0), v(0.0, 0.5, 0.0)]).sweep(
                Vec3::Z,
                &solid,
                Vec3::ZERO,
            )
        },
    ];
    for (k, sweep) in shapes_inside.iter().enumerate() {
        let h = sweep().unwrap_or_else(|| panic!("shape {k} misses"));
        assert_eq!(h.t_first, 0.0, "shape {k}: {h:?}");
    }
    // sweep_triangle sees the triangles only: the first wall reached.
    let h = solid.sweep_triangle(&ball, v(3.0, 0.0, 0.0)).unwrap();
    assert_eq!((h.t, h.normal), (0.25, -Vec3::X));
    assert!(solid.triangle(h.triangle).a.x == 1.0);
}

#[test]
fn entering_a_solid_mesh_overlaps_until_the_end() {
    let (solid, _) = cubes();
    let ball = Sphere::new(v(-3.0, 0.25, 0.5), 0.5);
    // From x = -3 to x = 0: touches the face x = -1 when the center reaches -1.5, and ends
    // inside.
    let h = both(&ball, v(3.0, 0.0, 0.0), &solid, Vec3::ZERO).unwrap();
    assert_eq!((h.t_first, h.t_last, h.normal), (0.5, 1.0, -Vec3::X));
    assert_eq!(h.point, v(-1.0, 0.25, 0.5));
}

#[test]
fn degenerate_triangles_of_the_mesh_are_not_touched() {
    // A sliver-free degenerate triangle (collinear) right in the way, and a real one below.
    let m = TriMesh::new(
        vec![
            v(-1.0, 1.0, 0.0),
            v(0.0, 1.0, 0.0),
            v(1.0, 1.0, 0.0),
            v(-2.0, -1.0, -2.0),
            v(2.0, -1.0, -2.0),
            v(0.0, -1.0, 2.0),
        ],
        vec![[0, 1, 2], [3, 5, 4]],
    )
    .unwrap();
    let ball = Sphere::new(v(0.0, 4.0, 0.0), 1.0);
    let h = m.sweep_triangle(&ball, down(8.0)).unwrap();
    assert_eq!((h.t, h.triangle), (0.5, 1));
}

#[test]
fn invalid_input_is_the_empty_set() {
    let m = floor8();
    let ball = Sphere::new(v(0.25, 3.0, 0.5), 1.0);
    assert!(ball.sweep(down(4.0), &m, Vec3::ZERO).is_some(), "control");
    assert!(m.sweep_triangle(&ball, down(4.0)).is_some(), "control");
    for x in NON_FINITE {
        let bad = v(0.0, x, 0.0);
        assert!(ball.sweep(bad, &m, Vec3::ZERO).is_none());
        assert!(ball.sweep(down(4.0), &m, bad).is_none());
        assert!(m.sweep(bad, &ball, Vec3::ZERO).is_none());
        assert!(m.sweep_triangle(&ball, bad).is_none());
        let bad_ball = Sphere::new(v(x, 3.0, 0.0), 1.0);
        assert!(bad_ball.sweep(down(4.0), &m, Vec3::ZERO).is_none());
        assert!(m.sweep_triangle(&bad_ball, down(4.0)).is_none());
        let bad_hull = ConvexHull::new(vec![v(0.0, 2.0, 0.0), v(x, 2.0, 0.0)]);
        assert!(bad_hull.sweep(down(4.0), &m, Vec3::ZERO).is_none());
        let bad_box = Obb::new(
            v(0.0, 3.0, 0.0),
            Vec3::ONE,
            Mat3::from_diagonal(Vec3::splat(x)),
        );
        assert!(bad_box.sweep(down(4.0), &m, Vec3::ZERO).is_none());
    }
    let negative = Sphere::new(v(0.25, 3.0, 0.5), -1.0);
    assert!(negative.sweep(down(4.0), &m, Vec3::ZERO).is_none());
    let inverted = Aabb::new(v(1.0, 3.0, 1.0), v(0.0, 4.0, 0.0));
    assert!(inverted.sweep(down(4.0), &m, Vec3::ZERO).is_none());
    let empty = ConvexHull::new(Vec::new());
    assert!(empty.sweep(down(4.0), &m, Vec3::ZERO).is_none());
    let bad_capsule = Capsule::new(v(0.0, 3.0, 0.0), v(1.0, 3.0, 0.0), -0.5);
    assert!(m.sweep_triangle(&bad_capsule, down(4.0)).is_none());
}

#[test]
fn clear_misses_are_none() {
    let m = floor8();
    let ball = Sphere::new(v(0.25, 3.0, 0.5), 1.0);
    // Too short, parallel above, away, beside the floor.
    assert!(both(&ball, down(1.5), &m, Vec3::ZERO).is_none());
    assert!(both(&ball, v(3.0, 0.0, 2.0), &m, Vec3::ZERO).is_none());
    assert!(both(&ball, v(0.0, 4.0, 0.0), &m, Vec3::ZERO).is_none());
    let beside = Sphere::new(v(6.0, 3.0, 0.0), 1.0);
    assert!(both(&beside, down(10.0), &m, Vec3::ZERO).is_none());
    assert_eq!(m.sweep_triangle(&beside, down(10.0)), None::<MeshSweepHit>);
}
