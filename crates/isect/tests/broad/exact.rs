//! Hand cases with exact answers: touching boxes (faces, edges, corners, grazing rays),
//! degenerate boxes (flat, points), invalid boxes and queries, huge and tiny coordinates, and
//! the work the traversals do (plane masking, clipped rays).

use isect::broad::{BroadPhase, Margin};
use isect::math::Vec3;
use isect::{Aabb, Frustum, Plane, Ray, Real};

use crate::common::camera::rh::proj::directx::orthographic;

use super::{Model, Rng, check, pairs_of, query_aabb, query_frustum, raycast_all, raycast_first};

fn b(min: [Real; 3], max: [Real; 3]) -> Aabb {
    Aabb::new(Vec3::from(min), Vec3::from(max))
}

/// Builds a broad phase and its model from boxes, validating after each insertion.
fn world(boxes: &[Aabb], margin: Margin) -> (BroadPhase<u32>, Model) {
    let mut bp = BroadPhase::with_margin(margin);
    let mut model = Model::new();
    for (i, aabb) in boxes.iter().enumerate() {
        let p = bp.insert(*aabb, i as u32);
        model.insert(p, (*aabb, i as u32));
        bp.validate().unwrap();
    }
    (bp, model)
}

const MARGINS: [Margin; 3] = [
    Margin::NONE,
    Margin {
        absolute: 0.0,
        relative: 0.1,
    },
    Margin {
        absolute: 0.5,
        relative: 0.0,
    },
];

#[test]
fn touching_faces_edges_and_corners_pair_up() {
    let unit = b([0.0; 3], [1.0; 3]);
    let face = b([1.0, 0.0, 0.0], [2.0, 1.0, 1.0]);
    let edge = b([1.0, 1.0, -3.0], [2.0, 2.0, 3.0]);
    let corner = b([-1.0, -1.0, -1.0], [0.0, 0.0, 0.0]);
    let apart = b([1.0 + 1e-6, 5.0, 5.0], [2.0, 6.0, 6.0]);
    for margin in MARGINS {
        let (bp, model) = world(&[unit, face, edge, corner, apart], margin);
        let p: Vec<_> = model.keys().copied().collect();
        assert_eq!(
            pairs_of(&bp),
            [(p[0], p[1]), (p[0], p[2]), (p[0], p[3]), (p[1], p[2])]
        );
        // A query box touching the unit box's top face only.
        assert_eq!(
            query_aabb(&bp, &b([0.5, 0.5, 1.0], [0.6, 0.6, 1.0])),
            [p[0]]
        );
        // Just above: nothing.
        assert_eq!(query_aabb(&bp, &b([0.5, 0.5, 1.01], [0.6, 0.6, 2.0])), []);
        // A point on the edge box's edge shared with the unit box's.
        assert_eq!(
            query_aabb(&bp, &b([1.0, 1.0, 0.5], [1.0, 1.0, 0.5])),
            [p[0], p[1], p[2]]
        );
        check(&bp, &model, &mut Rng::new(1), 3.0, 20);
    }
}

#[test]
fn rays_grazing_faces_and_edges_enter() {
    let unit = b([0.0; 3], [1.0; 3]);
    for margin in MARGINS {
        let (bp, model) = world(&[unit], margin);
        let p = *model.keys().next().unwrap();
        // Along the top face, along an edge, through a corner, and (control) just above.
        let along_face = Ray::new(Vec3::new(-2.0, 0.5, 1.0), Vec3::X);
        let along_edge = Ray::new(Vec3::new(-2.0, 1.0, 1.0), Vec3::X);
        let corner = Ray::new(Vec3::new(-1.0, -1.0, -1.0), Vec3::ONE);
        let above = Ray::new(Vec3::new(-2.0, 0.5, 1.0 + 1e-6), Vec3::X);
        assert_eq!(raycast_all(&bp, &along_face, 10.0), [(p, 2.0)]);
        assert_eq!(raycast_all(&bp, &along_edge, 10.0), [(p, 2.0)]);
        assert_eq!(raycast_all(&bp, &corner, 10.0), [(p, 1.0)]);
        assert_eq!(raycast_all(&bp, &above, 10.0), []);
        // A segment ending exactly on the face touches it; one ending short does not.
        let seg = Ray::new(Vec3::new(-2.0, 0.5, 0.5), Vec3::new(2.0, 0.0, 0.0));
        assert_eq!(raycast_all(&bp, &seg, 1.0), [(p, 1.0)]);
        assert_eq!(raycast_all(&bp, &seg, 0.999), []);
        // From inside: t = 0.
        let inside = Ray::new(Vec3::splat(0.5), Vec3::Y);
        assert_eq!(raycast_all(&bp, &inside, 0.0), [(p, 0.0)]);
    }
}

#[test]
fn flat_and_point_boxes_are_what_they_are() {
    let unit = b([0.0; 3], [1.0; 3]);
    let square = b([0.25, 0.25, 1.0], [0.75, 0.75, 1.0]); // on the top face
    let point_in = b([0.5; 3], [0.5; 3]);
    let point_on_corner = b([1.0; 3], [1.0; 3]);
    let point_twin = b([1.0; 3], [1.0; 3]);
    let segment = b([3.0, 0.0, 0.0], [3.0, 0.0, 5.0]);
    let point_off = b([3.0, 0.0, 5.0 + 1e-5], [3.0, 0.0, 5.0 + 1e-5]);
    for margin in MARGINS {
        let (bp, model) = world(
            &[
                unit,
                square,
                point_in,
                point_on_corner,
                point_twin,
                segment,
                point_off,
            ],
            margin,
        );
        let p: Vec<_> = model.keys().copied().collect();
        // The square, the inner point and both corner points touch the unit box, and the
        // corner points each other; the square stops short of the corner.
        assert_eq!(
            pairs_of(&bp),
            [
                (p[0], p[1]),
                (p[0], p[2]),
                (p[0], p[3]),
                (p[0], p[4]),
                (p[3], p[4])
            ]
        );
        // A point query on the segment's end.
        assert_eq!(
            query_aabb(&bp, &b([3.0, 0.0, 5.0], [3.0, 0.0, 5.0])),
            [p[5]]
        );
        // A ray along the segment enters it at its end.
        let ray = Ray::new(Vec3::new(3.0, 0.0, -1.0), Vec3::Z);
        let z: Real = 5.0 + 1e-5;
        assert_eq!(
            raycast_all(&bp, &ray, 100.0),
            [(p[5], 1.0), (p[6], z + 1.0)]
        );
        check(&bp, &model, &mut Rng::new(2), 4.0, 20);
    }
}

#[test]
fn invalid_boxes_are_kept_but_never_reported() {
    let good = b([0.0; 3], [1.0; 3]);
    let invalid = [
        b([Real::NAN, 0.0, 0.0], [1.0; 3]),
        b([0.0; 3], [1.0, Real::INFINITY, 1.0]),
        b([Real::NEG_INFINITY; 3], [Real::INFINITY; 3]),
        b([1.0; 3], [0.0; 3]),
        Aabb::EMPTY,
    ];
    for margin in MARGINS {
        let mut boxes = vec![good];
        boxes.extend(invalid);
        let (mut bp, model) = world(&boxes, margin);
        let p: Vec<_> = model.keys().copied().collect();
        assert_eq!(bp.len(), 6);
        assert_eq!(bp.stats().in_tree, 1);
        assert_eq!(pairs_of(&bp), []);
        assert_eq!(query_aabb(&bp, &b([-10.0; 3], [10.0; 3])), [p[0]]);
        assert_eq!(bp.aabb(p[3]), Some(invalid[2]));
        assert_eq!(bp.get(p[4]), Some(&4));
        check(&bp, &model, &mut Rng::new(3), 3.0, 10);
        // Made valid, they are reported; made invalid again, not.
        for (k, &q) in p.iter().enumerate().skip(1) {
            bp.update(q, good);
            bp.validate().unwrap();
            assert_eq!(pairs_of(&bp).len(), k * (k + 1) / 2, "after {k} made valid");
        }
        for &q in &p[1..] {
            bp.update(q, invalid[0]);
            bp.validate().unwrap();
        }
        assert_eq!(pairs_of(&bp), []);
        assert_eq!(query_aabb(&bp, &good), [p[0]]);
        // Removing an invalid proxy returns its data.
        assert_eq!(bp.remove(p[5]), Some(5));
        bp.validate().unwrap();
    }
}

#[test]
fn invalid_queries_report_nothing() {
    let (bp, model) = world(
        &[b([0.0; 3], [1.0; 3]), b([2.0; 3], [3.0; 3])],
        Margin::default(),
    );
    let p: Vec<_> = model.keys().copied().collect();
    // Controls.
    assert_eq!(query_aabb(&bp, &b([-1.0; 3], [5.0; 3])), p);
    let ray = Ray::new(Vec3::splat(-1.0), Vec3::ONE);
    assert_eq!(raycast_all(&bp, &ray, Real::INFINITY).len(), 2);
    // Invalid boxes, rays, limits and frusta.
    for q in [
        b([Real::NAN; 3], [5.0; 3]),
        b([-1.0; 3], [Real::INFINITY; 3]),
        b([5.0; 3], [-1.0; 3]),
        Aabb::EMPTY,
    ] {
        assert_eq!(query_aabb(&bp, &q), []);
    }
    for (ray, max_t) in [
        (Ray::new(Vec3::splat(-1.0), Vec3::ZERO), 10.0),
        (Ray::new(Vec3::splat(Real::NAN), Vec3::ONE), 10.0),
        (
            Ray::new(Vec3::splat(-1.0), Vec3::new(1.0, Real::INFINITY, 1.0)),
            10.0,
        ),
        (ray, Real::NAN),
        (ray, -1.0),
    ] {
        assert_eq!(raycast_all(&bp, &ray, max_t), [], "{ray:?} {max_t}");
    }
    let mut f = Frustum::from_matrix(&orthographic(-10.0, 10.0, -10.0, 10.0, -10.0, 10.0));
    assert_eq!(query_frustum(&bp, &f), p, "control");
    f.planes[2] = Plane {
        normal: Vec3::new(Real::NAN, 0.0, 0.0),
        d: 0.0,
    };
    assert_eq!(query_frustum(&bp, &f), []);
}

/// Boxes from the subnormal range to `Real::MAX` side by side. Found two bugs of the brute-force
/// references (issue 24): a box with coordinates near `Real::MAX` made `Aabb::raycast` rescale by
/// 2⁻¹²⁷, which flushed the ray's origin (about 1e-30) to 0, so it reported boxes 1 and 4 hit at
/// t = 0 that the ray never reaches (the slab casts now compute as given); and in `f64`,
/// `Frustum`–`Aabb` intersection rescaled by 2⁻¹⁰²³ beside `Real::MAX`, which flushed a tiny
/// frustum's plane offsets (about 1e-30) to 0 and reported box 1 (which no plane admits) inside
/// (each plane's own test now decides first, at its own scale).
#[test]
fn huge_and_tiny_boxes_next_to_each_other() {
    let max = Real::MAX;
    let boxes = [
        b([-max; 3], [max; 3]),        // everything
        b([-max, 0.0, 0.0], [0.0; 3]), // a segment of length MAX
        b([1e-30; 3], [2e-30; 3]),     // tiny
        b([2e-30; 3], [3e-30; 3]),     // tiny, touching the other at a corner
        b([3.0e-30, 0.0, 0.0], [1e30, 1e-30, 1e-30]),
        b([max * 0.5; 3], [max; 3]), // at the top of the range
        b([-1e-38; 3], [1e-38; 3]),  // around the origin, subnormal in f32
    ];
    for margin in MARGINS {
        let (bp, model) = world(&boxes, margin);
        check(&bp, &model, &mut Rng::new(4), 1e-29, 20);
        check(&bp, &model, &mut Rng::new(5), 1e30, 20);
        let all = pairs_of(&bp);
        assert!(
            all.len() >= 6,
            "the whole-space box meets all: {}",
            all.len()
        );
        let ray = Ray::new(Vec3::new(-1.0, 2e-30, 2e-30), Vec3::X);
        let hits = raycast_all(&bp, &ray, Real::INFINITY);
        assert_eq!(hits.len(), 3, "{hits:?}"); // the whole space, the two tiny ones (their face)
    }
}

#[test]
fn queries_that_return_false_stop() {
    let boxes: Vec<Aabb> = (0..50)
        .map(|i| {
            let x = i as Real;
            b([x, 0.0, 0.0], [x + 0.5, 1.0, 1.0])
        })
        .collect();
    let (bp, _) = world(&boxes, Margin::default());
    let everything = b([-100.0; 3], [100.0; 3]);
    let mut calls = 0;
    bp.query_aabb(&everything, |_| {
        calls += 1;
        calls < 3
    });
    assert_eq!(calls, 3);
    let f = Frustum::from_matrix(&orthographic(-100.0, 100.0, -100.0, 100.0, -100.0, 100.0));
    let mut calls = 0;
    bp.query_frustum(&f, |_| {
        calls += 1;
        false
    });
    assert_eq!(calls, 1);
    // Control: the frustum holds all 50.
    assert_eq!(query_frustum(&bp, &f).len(), 50);
    let ray = Ray::new(Vec3::new(-1.0, 0.5, 0.5), Vec3::X);
    let mut calls = 0;
    bp.raycast(&ray, Real::INFINITY, |_, _| {
        calls += 1;
        Some(-1.0)
    });
    assert_eq!(calls, 1);
}

#[test]
fn a_subtree_inside_a_plane_stops_testing_it() {
    let mut rng = Rng::new(6);
    let boxes: Vec<Aabb> = (0..500)
        .map(|_| {
            let c = rng.vec3(-10.0, 10.0);
            Aabb::from_center_half_extents(c, Vec3::splat(0.2))
        })
        .collect();
    let (bp, model) = world(&boxes, Margin::default());
    // A box frustum around everything: the root is inside all six planes, which are tested
    // once.
    let all = Frustum::from_matrix(&orthographic(-20.0, 20.0, -20.0, 20.0, -20.0, 20.0));
    let mut n = 0;
    let stats = bp.query_frustum_stats(&all, |_| {
        n += 1;
        true
    });
    assert_eq!(n, 500);
    assert_eq!(stats.plane_tests, 6);
    // Half the world: the planes other than x = 0 stop being tested at the root, so each
    // node tests one plane per slot.
    let half = Frustum::from_matrix(&orthographic(0.0, 20.0, -20.0, 20.0, -20.0, 20.0));
    let stats = bp.query_frustum_stats(&half, |_| true);
    assert_eq!(
        query_frustum(&bp, &half),
        super::brute_frustum(&model, &half)
    );
    assert!(
        stats.plane_tests <= 6 + 2 * stats.nodes + stats.leaves,
        "{stats:?}"
    );
}

#[test]
fn clipping_the_ray_prunes_what_lies_beyond() {
    let boxes: Vec<Aabb> = (0..200)
        .map(|i| {
            let x = 2.0 * i as Real;
            b([x, 0.0, 0.0], [x + 1.0, 1.0, 1.0])
        })
        .collect();
    let (bp, model) = world(&boxes, Margin::default());
    let ray = Ray::new(Vec3::new(-1.0, 0.5, 0.5), Vec3::X);
    let all = bp.raycast_stats(&ray, Real::INFINITY, |_, _| None);
    let first = bp.raycast_stats(&ray, Real::INFINITY, |_, t| Some(t));
    assert_eq!(all.leaves, 200);
    assert!(first.leaves < 10, "{first:?}");
    assert_eq!(
        raycast_first(&bp, &ray, Real::INFINITY),
        Some((*model.keys().next().unwrap(), 1.0))
    );
    // From the other end, the last box comes first.
    let back = Ray::new(Vec3::new(1000.0, 0.5, 0.5), -Vec3::X);
    assert_eq!(
        raycast_first(&bp, &back, Real::INFINITY),
        Some((*model.keys().last().unwrap(), 1000.0 - 399.0))
    );
}

#[test]
fn rebuild_keeps_the_answers_and_improves_the_tree() {
    let mut rng = Rng::new(7);
    let mut bp = BroadPhase::with_margin(Margin::default());
    let mut model = Model::new();
    // Inserted in a sweep along x: the worst order for an insertion-built tree.
    for i in 0..2000 {
        let c = Vec3::new(i as Real * 0.05, rng.range(0.0, 10.0), rng.range(0.0, 10.0));
        let aabb = Aabb::from_center_half_extents(c, Vec3::splat(0.1));
        let p = bp.insert(aabb, i);
        model.insert(p, (aabb, i));
    }
    let before = bp.stats();
    bp.rebuild();
    let after = bp.stats();
    check(&bp, &model, &mut rng, 50.0, 30);
    assert!(after.cost <= before.cost * 1.05, "{before:?} -> {after:?}");
    assert_eq!(after.in_tree, 2000);
    // Without a margin the tree holds the given boxes: fewer candidate pairs.
    bp.set_margin(Margin::NONE);
    bp.rebuild();
    check(&bp, &model, &mut rng, 50.0, 10);
    assert_eq!(bp.stats().candidate_pairs, pairs_of(&bp).len());
}

#[test]
fn a_small_move_inside_the_margin_changes_no_tree_box() {
    let (mut bp, model) = world(
        &[b([0.0; 3], [1.0; 3]), b([3.0; 3], [4.0; 3])],
        Margin {
            absolute: 0.5,
            relative: 0.0,
        },
    );
    let p: Vec<_> = model.keys().copied().collect();
    let before = format!("{:?}", bp.stats());
    bp.update(p[0], b([0.3; 3], [1.3; 3]));
    bp.validate().unwrap();
    assert_eq!(format!("{:?}", bp.stats()), before);
    // The answers follow the given box, not the grown one.
    assert_eq!(query_aabb(&bp, &b([-0.2; 3], [0.2; 3])), []);
    assert_eq!(query_aabb(&bp, &b([1.2; 3], [1.3; 3])), [p[0]]);
}
