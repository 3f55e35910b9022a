//! The batched update (`BroadPhase::update_many`) against a twin broad phase driven by one
//! `update` per move and against brute force over every given box: seeded random frames
//! (moves of 10%, teleports, invalid boxes, duplicates and removed proxies in the batch,
//! removals and insertions of 1%), and hand cases with exact answers (touching, flat and point
//! boxes, invalid boxes, an empty batch). With the `rayon` feature the large scenarios run in
//! a pool of four threads, so that the searches are split into tasks.

use isect::broad::{BroadPhase, Margin, Proxy};
use isect::math::Vec3;
use isect::{Aabb, Real};

use super::{Model, Rng, brute_pairs, check, pairs_of};

/// What shows the tree's shape: its statistics (but the bytes, which count the batch's
/// scratch memory) and the order in which a query reaching every box visits the proxies
/// (which follows the tree's nodes and slots).
type Shape = ((usize, usize, usize, u32, Real, usize), Vec<Proxy>);

fn shape(bp: &BroadPhase<u32>) -> Shape {
    let all = Aabb::new(Vec3::splat(-Real::MAX), Vec3::splat(Real::MAX));
    let mut order = Vec::new();
    bp.query_aabb(&all, |p| {
        order.push(p);
        true
    });
    let s = bp.stats();
    let stats = (
        s.proxies,
        s.in_tree,
        s.nodes,
        s.height,
        s.cost,
        s.candidate_pairs,
    );
    (stats, order)
}

/// The pairs of `par_pairs`, sorted (with the `rayon` feature; `pairs` otherwise).
fn par_pairs_of(bp: &BroadPhase<u32>) -> Vec<(Proxy, Proxy)> {
    #[cfg(feature = "rayon")]
    {
        use rayon::prelude::*;
        let mut out: Vec<_> = bp.par_pairs().collect();
        out.sort();
        out
    }
    #[cfg(not(feature = "rayon"))]
    pairs_of(bp)
}

/// Checks the batched broad phase against its twin and brute force.
fn agree(bp: &BroadPhase<u32>, twin: &BroadPhase<u32>, model: &Model, what: &str) {
    bp.validate().unwrap();
    twin.validate().unwrap();
    let brute = brute_pairs(model);
    assert_eq!(pairs_of(bp), brute, "{what}: pairs");
    assert_eq!(par_pairs_of(bp), brute, "{what}: par_pairs");
    assert_eq!(pairs_of(twin), brute, "{what}: the twin's pairs");
    for p in model.keys() {
        let (a, b) = (bp.aabb(*p).unwrap(), twin.aabb(*p).unwrap());
        assert!(
            a == b || (a.min.is_nan() || a.max.is_nan()),
            "{what}: {p:?}"
        );
    }
    assert!(shape(bp) == shape(twin), "{what}: the trees differ");
}

/// A random box in `[-scale, scale]³`: mostly solid, some flat, some points.
fn random_box(rng: &mut Rng, scale: Real) -> Aabb {
    let c = rng.vec3(-scale, scale);
    let mut h = rng.vec3(0.0, scale * 0.08);
    match rng.below(10) {
        0 => h = Vec3::ZERO,
        1 => h.z = 0.0,
        _ => {}
    }
    Aabb::new(c - h, c + h)
}

fn invalid_box(rng: &mut Rng) -> Aabb {
    match rng.below(3) {
        0 => Aabb::new(Vec3::new(0.0, Real::NAN, 0.0), Vec3::ONE),
        1 => Aabb::new(Vec3::ONE, Vec3::ZERO),
        _ => Aabb::EMPTY,
    }
}

/// A box of about `old`'s size put against `other`'s +x face: its minimum x is `other`'s
/// maximum, so the two touch exactly.
fn touching(old: &Aabb, other: &Aabb) -> Aabb {
    let size = old.max - old.min;
    let min = Vec3::new(other.max.x, other.min.y, other.min.z);
    Aabb::new(
        min,
        Vec3::new(min.x + size.x, min.y + size.y, min.z + size.z),
    )
}

/// One scenario: `n` boxes for `frames` frames, `moving` of them moved per frame (teleported
/// with probability `teleports`), through `update_many` on one broad phase and `update` on
/// its twin.
fn play(seed: u64, n: usize, frames: usize, moving: Real, teleports: Real, margin: Margin) {
    let scale = 10.0;
    let mut rng = Rng::new(seed);
    let mut bp = BroadPhase::with_margin(margin);
    let mut twin = BroadPhase::with_margin(margin);
    let mut model = Model::new();
    let mut removed: Vec<Proxy> = Vec::new();
    let mut next = 0u32;
    let mut insert =
        |bp: &mut BroadPhase<u32>, twin: &mut BroadPhase<u32>, model: &mut Model, rng: &mut Rng| {
            let b = random_box(rng, scale);
            next += 1;
            let p = bp.insert(b, next);
            assert_eq!(twin.insert(b, next), p);
            model.insert(p, (b, next));
        };
    for _ in 0..n {
        insert(&mut bp, &mut twin, &mut model, &mut rng);
    }
    agree(&bp, &twin, &model, "start");
    for frame in 0..frames {
        let live: Vec<Proxy> = model.keys().copied().collect();
        let mut moves = Vec::new();
        for _ in 0..(live.len() as Real * moving).ceil() as usize {
            let p = live[rng.below(live.len())];
            let old = model[&p].0;
            let new = if rng.chance(teleports) || old.is_valid().is_err() {
                random_box(&mut rng, scale)
            } else {
                match rng.below(25) {
                    0 => invalid_box(&mut rng),
                    1 => {
                        let other = model[&live[rng.below(live.len())]].0;
                        if other.is_valid().is_ok() {
                            touching(&old, &other)
                        } else {
                            old
                        }
                    }
                    2 => Aabb::new(old.center(), old.center()),
                    _ => {
                        let d = rng.vec3(-scale * 0.02, scale * 0.02);
                        Aabb::new(old.min + d, old.max + d)
                    }
                }
            };
            moves.push((p, new));
            // Now and then the same proxy again (the last box wins), or a removed one.
            if rng.chance(0.05) {
                moves.push((p, random_box(&mut rng, scale)));
            }
            if rng.chance(0.02) && !removed.is_empty() {
                moves.push((
                    removed[rng.below(removed.len())],
                    random_box(&mut rng, scale),
                ));
            }
        }
        bp.update_many(moves.iter().copied());
        for &(p, b) in &moves {
            twin.update(p, b);
            if let Some(m) = model.get_mut(&p) {
                m.0 = b;
            }
        }
        agree(&bp, &twin, &model, &format!("seed {seed} frame {frame}"));
        for _ in 0..live.len().div_ceil(100) {
            let p = *model.keys().nth(rng.below(model.len())).unwrap();
            let (_, data) = model.remove(&p).unwrap();
            assert_eq!(bp.remove(p), Some(data));
            assert_eq!(twin.remove(p), Some(data));
            removed.push(p);
            insert(&mut bp, &mut twin, &mut model, &mut rng);
        }
        if frame % 4 == 0 {
            check(&bp, &model, &mut rng, scale, 2);
        }
    }
}

/// `f` in a pool of four threads with the `rayon` feature (so that a batch's searches are
/// split even where the machine gives rayon one thread), as it is otherwise.
fn in_pool(f: impl FnOnce() + Send) {
    #[cfg(feature = "rayon")]
    rayon::ThreadPoolBuilder::new()
        .num_threads(4)
        .build()
        .unwrap()
        .install(f);
    #[cfg(not(feature = "rayon"))]
    f();
}

#[test]
fn batched_frames_match_single_updates_and_brute_force() {
    for seed in 0..4 {
        play(seed, 200, 16, 0.1, 0.1, Margin::default());
    }
    play(5, 150, 10, 0.1, 0.3, Margin::NONE);
    play(
        6,
        150,
        10,
        0.1,
        0.1,
        Margin {
            absolute: 1.0,
            relative: 0.5,
        },
    );
}

#[test]
fn batched_frames_in_parallel_tasks() {
    // Large batches (hundreds of proxies leave their margins), searched in many tasks.
    in_pool(|| {
        play(7, 2500, 4, 0.2, 0.9, Margin::default());
        play(8, 1500, 4, 0.3, 0.5, Margin::NONE);
    });
}

#[test]
fn batched_frames_of_tiny_worlds() {
    // A root that is a leaf, two leaves, every proxy moved at once.
    for seed in 20..40 {
        play(seed, 1 + seed as usize % 4, 8, 1.0, 0.3, Margin::default());
    }
}

fn b(min: [Real; 3], max: [Real; 3]) -> Aabb {
    Aabb::new(Vec3::from(min), Vec3::from(max))
}

#[test]
fn touching_flat_and_point_boxes_moved_together() {
    let mut bp = BroadPhase::with_margin(Margin::NONE);
    let far = |k: Real| b([100.0 * k; 3], [100.0 * k + 1.0; 3]);
    let unit = bp.insert(far(1.0), 0);
    let face = bp.insert(far(2.0), 1);
    let flat = bp.insert(far(3.0), 2);
    let point = bp.insert(far(4.0), 3);
    let away = bp.insert(far(5.0), 4);
    assert_eq!(pairs_of(&bp), []);
    // All moved in one batch: the unit box, one touching its +x face, a flat box lying on its
    // top face, a point on its corner, and one 2⁻²⁰ short of touching.
    bp.update_many([
        (unit, b([0.0; 3], [1.0; 3])),
        (face, b([1.0, 0.0, 0.0], [2.0, 1.0, 1.0])),
        (flat, b([0.25, 1.0, 0.25], [0.75, 1.0, 0.75])),
        (point, b([0.0, 0.0, 1.0], [0.0, 0.0, 1.0])),
        (
            away,
            b([0.0, 0.0, -2.0], [1.0, 1.0, -1.0 - 1.0 / 1_048_576.0]),
        ),
    ]);
    bp.validate().unwrap();
    let mut want = vec![(unit, face), (unit, flat), (unit, point)];
    want.sort();
    assert_eq!(pairs_of(&bp), want);
    assert_eq!(par_pairs_of(&bp), want);
    // Each pair of two moved proxies is in the cache once, as with single updates.
    assert_eq!(bp.stats().candidate_pairs, 3);
}

/// The hand case below, its batch padded with `pad` moves of far boxes that stay where they
/// are (so that a batch of hundreds takes the parallel way with the `rayon` feature).
fn duplicates_case(pad: usize) {
    let mut bp = BroadPhase::new();
    let unit = |x: Real| b([x, 0.0, 0.0], [x + 1.0, 1.0, 1.0]);
    let a = bp.insert(unit(0.0), 0);
    let c = bp.insert(unit(10.0), 1);
    let gone = bp.insert(unit(20.0), 2);
    assert_eq!(bp.remove(gone), Some(2));
    let d = bp.insert(unit(30.0), 3); // reuses `gone`'s slot
    assert_eq!(d.index(), gone.index());
    let far: Vec<_> = (0..pad)
        .map(|k| {
            let aabb = unit(1000.0 + 3.0 * k as Real);
            (bp.insert(aabb, 10), aabb)
        })
        .collect();
    let mut twin = bp.clone();
    let mut moves = vec![
        (c, unit(1.0)),                   // touches a ...
        (c, unit(50.0)),                  // ... but the last box wins
        (gone, unit(0.5)),                // a stale handle: ignored, `d` stays
        (a, Aabb::EMPTY),                 // out of the tree
        (d, unit(3.0)),                   // moved ...
        (d, b([Real::NAN; 3], [1.0; 3])), // ... then invalid
        (a, unit(50.5)),                  // back in, next to `c`
    ];
    moves.extend(far.iter().copied());
    bp.update_many(moves.iter().copied());
    for (p, m) in moves {
        twin.update(p, m);
    }
    bp.validate().unwrap();
    assert_eq!(pairs_of(&bp), [(a, c)]);
    assert_eq!(pairs_of(&twin), [(a, c)]);
    assert_eq!(bp.aabb(c), Some(unit(50.0)));
    assert_eq!(bp.aabb(a), Some(unit(50.5)));
    assert!(bp.aabb(d).unwrap().min.x.is_nan());
    assert_eq!(bp.stats().in_tree, 2 + pad);
    assert_eq!(shape(&bp), shape(&twin));
    // The invalid proxy comes back with a valid box in the next batch.
    bp.update_many([(d, unit(51.0))]);
    bp.validate().unwrap();
    assert_eq!(pairs_of(&bp), [(a, c), (a, d), (c, d)]);
}

#[test]
fn duplicates_removed_proxies_and_invalid_boxes_in_a_batch() {
    duplicates_case(0);
    in_pool(|| duplicates_case(300));
}

#[test]
fn an_empty_batch_changes_nothing() {
    let mut bp = BroadPhase::new();
    let mut rng = Rng::new(99);
    for i in 0..300 {
        bp.insert(random_box(&mut rng, 10.0), i);
    }
    let before = (shape(&bp), pairs_of(&bp));
    bp.update_many(std::iter::empty());
    bp.update_many(Vec::<(Proxy, Aabb)>::new());
    bp.validate().unwrap();
    assert_eq!((shape(&bp), pairs_of(&bp)), before);
    // Boxes given again unchanged change nothing either.
    let same: Vec<_> = bp.iter().map(|(p, aabb, _)| (p, aabb)).collect();
    bp.update_many(same);
    bp.validate().unwrap();
    assert_eq!((shape(&bp), pairs_of(&bp)), before);
}
