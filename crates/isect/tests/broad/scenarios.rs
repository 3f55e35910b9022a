//! Seeded random worlds played frame by frame: boxes inserted, 10% moved a little each frame
//! (some teleported), 1% removed and 1% added, now and then a box made invalid and valid
//! again, a margin changed or the tree rebuilt. The invariants are checked after every
//! operation, and every query and the pairs against brute force after every frame.

use isect::broad::{BroadPhase, Margin, Proxy};
use isect::math::Vec3;
use isect::{Aabb, Real};

use super::{Model, Rng, check};

/// A random box in `[-scale, scale]³`: mostly solid, some flat on one or two axes, some points.
fn random_box(rng: &mut Rng, scale: Real) -> Aabb {
    let c = rng.vec3(-scale, scale);
    let mut h = rng.vec3(0.0, scale * 0.08);
    match rng.below(10) {
        0 => h = Vec3::ZERO,
        1 => h.x = 0.0,
        2 => {
            h.y = 0.0;
            h.z = 0.0;
        }
        _ => {}
    }
    Aabb::new(c - h, c + h)
}

/// An invalid box of one of the kinds the broad phase must keep out of the tree.
fn invalid_box(rng: &mut Rng) -> Aabb {
    let v = Vec3::ONE;
    match rng.below(4) {
        0 => Aabb::new(Vec3::new(Real::NAN, 0.0, 0.0), v),
        1 => Aabb::new(Vec3::ZERO, Vec3::new(1.0, Real::INFINITY, 1.0)),
        2 => Aabb::new(v, Vec3::ZERO),
        _ => Aabb::EMPTY,
    }
}

/// One scenario: `n` boxes for `frames` frames.
fn play(seed: u64, n: usize, frames: usize, scale: Real, margin: Margin) {
    let mut rng = Rng::new(seed);
    let mut bp = BroadPhase::with_margin(margin);
    let mut model = Model::new();
    let mut next_data = 0u32;
    let mut insert = |bp: &mut BroadPhase<u32>, model: &mut Model, rng: &mut Rng| {
        let b = if rng.chance(0.03) {
            invalid_box(rng)
        } else {
            random_box(rng, scale)
        };
        next_data += 1;
        let p = bp.insert(b, next_data);
        assert!(
            model.insert(p, (b, next_data)).is_none(),
            "handle {p:?} reused while live"
        );
        bp.validate().unwrap();
    };
    for _ in 0..n {
        insert(&mut bp, &mut model, &mut rng);
    }
    check(&bp, &model, &mut rng, scale, 8);
    for frame in 0..frames {
        let live: Vec<Proxy> = model.keys().copied().collect();
        // Move 10%: small coherent moves, some teleports, now and then a change of size or an
        // invalid box (and back).
        for _ in 0..live.len().div_ceil(10) {
            let p = live[rng.below(live.len())];
            let old = model[&p].0;
            let new = match rng.below(20) {
                0 => random_box(&mut rng, scale),
                1 => invalid_box(&mut rng),
                2 => {
                    let c = old.center();
                    let h = rng.vec3(0.0, scale * 0.1);
                    Aabb::new(c - h, c + h)
                }
                _ if old.is_valid().is_err() => random_box(&mut rng, scale),
                _ => {
                    let d = rng.vec3(-scale * 0.01, scale * 0.01);
                    Aabb::new(old.min + d, old.max + d)
                }
            };
            bp.update(p, new);
            model.get_mut(&p).unwrap().0 = new;
            bp.validate().unwrap();
        }
        // Remove 1% and add 1%.
        for _ in 0..live.len().div_ceil(100) {
            let p = *model.keys().nth(rng.below(model.len())).unwrap();
            let (_, data) = model.remove(&p).unwrap();
            assert_eq!(bp.remove(p), Some(data));
            assert_eq!(bp.remove(p), None);
            assert!(!bp.contains(p));
            bp.validate().unwrap();
            insert(&mut bp, &mut model, &mut rng);
        }
        match frame % 7 {
            3 => {
                bp.rebuild();
                bp.validate().unwrap();
            }
            5 => bp.set_margin(if rng.chance(0.5) {
                Margin::NONE
            } else {
                Margin {
                    absolute: scale * 0.02,
                    relative: 0.2,
                }
            }),
            _ => {}
        }
        check(&bp, &model, &mut rng, scale, 4);
    }
}

#[test]
fn random_worlds_default_margin() {
    for seed in 0..4 {
        play(seed, 150, 24, 10.0, Margin::default());
    }
}

#[test]
fn random_worlds_without_margin() {
    for seed in 10..13 {
        play(seed, 120, 20, 10.0, Margin::NONE);
    }
}

#[test]
fn random_worlds_large_margin() {
    for seed in 20..23 {
        play(
            seed,
            120,
            20,
            10.0,
            Margin {
                absolute: 1.0,
                relative: 0.5,
            },
        );
    }
}

#[test]
fn random_worlds_huge_and_tiny_coordinates() {
    // Coordinates near the top and the bottom of the exponent range (boxes of 1e30 and of
    // 1e-30 units), where margins and areas overflow or underflow.
    let big = Real::MAX / 1000.0;
    play(30, 80, 10, big, Margin::default());
    play(31, 80, 10, 1e-30, Margin::default());
    play(
        32,
        80,
        10,
        1e-30,
        Margin {
            absolute: 1e-33,
            relative: 0.0,
        },
    );
}

#[test]
fn random_worlds_small() {
    // Worlds of a few proxies, where the root is a leaf or a node of two leaves.
    for seed in 40..60 {
        play(seed, 1 + (seed as usize % 4), 12, 1.0, Margin::default());
    }
}
