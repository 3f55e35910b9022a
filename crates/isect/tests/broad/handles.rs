//! Handles and data: proxies stay valid until removed, `remove` gives the data back once,
//! stale handles are refused, and the containers' methods (`len`, `iter`, `clear`, `get_mut`).

use isect::broad::{BroadPhase, Margin};
use isect::math::Vec3;
use isect::{Aabb, Real};

fn unit_at(x: Real) -> Aabb {
    Aabb::new(Vec3::new(x, 0.0, 0.0), Vec3::new(x + 1.0, 1.0, 1.0))
}

#[test]
fn proxies_are_stable_until_removed() {
    let mut bp = BroadPhase::new();
    let proxies: Vec<_> = (0..100)
        .map(|i| bp.insert(unit_at(i as Real * 3.0), i))
        .collect();
    // Move everything, many times over, far and near: the handles keep their data and boxes.
    for round in 0..5 {
        for (i, &p) in proxies.iter().enumerate() {
            let x = ((i * 7 + round * 13) % 100) as Real * 3.0;
            bp.update(p, unit_at(x));
        }
        bp.validate().unwrap();
        for (i, &p) in proxies.iter().enumerate() {
            assert_eq!(bp.get(p), Some(&i));
            let x = ((i * 7 + round * 13) % 100) as Real * 3.0;
            assert_eq!(bp.aabb(p), Some(unit_at(x)));
        }
    }
    bp.rebuild();
    for (i, &p) in proxies.iter().enumerate() {
        assert_eq!(bp.get(p), Some(&i));
    }
}

#[test]
fn remove_returns_the_data_once_and_stale_handles_are_refused() {
    let mut bp = BroadPhase::new();
    let a = bp.insert(unit_at(0.0), String::from("a"));
    let b = bp.insert(unit_at(0.5), String::from("b"));
    assert_eq!(bp.remove(a).as_deref(), Some("a"));
    assert_eq!(bp.remove(a), None);
    assert_eq!(bp.get(a), None);
    assert_eq!(bp.aabb(a), None);
    assert!(!bp.contains(a));
    // The slot is reused by the next insertion, under another generation.
    let c = bp.insert(unit_at(0.25), String::from("c"));
    assert_eq!(c.index(), a.index());
    assert_ne!(c, a);
    assert_eq!(bp.get(a), None);
    assert_eq!(bp.get(c).map(String::as_str), Some("c"));
    // A stale handle's update and removal change nothing.
    bp.update(a, unit_at(100.0));
    assert_eq!(bp.remove(a), None);
    assert_eq!(bp.aabb(c), Some(unit_at(0.25)));
    let mut pairs = Vec::new();
    bp.pairs(|p, q| pairs.push((p, q)));
    assert_eq!(pairs, [(c.min(b), c.max(b))]);
    bp.validate().unwrap();
    assert_eq!(bp.len(), 2);
}

#[test]
fn iter_get_mut_and_clear() {
    let mut bp = BroadPhase::with_margin(Margin::NONE);
    assert!(bp.is_empty());
    let a = bp.insert(unit_at(0.0), 1);
    let b = bp.insert(Aabb::EMPTY, 2);
    let c = bp.insert(unit_at(5.0), 3);
    *bp.get_mut(b).unwrap() += 10;
    bp.remove(a);
    let items: Vec<_> = bp.iter().map(|(p, aabb, d)| (p, aabb, *d)).collect();
    assert_eq!(items, [(b, Aabb::EMPTY, 12), (c, unit_at(5.0), 3)]);
    assert_eq!(bp.len(), 2);
    bp.clear();
    bp.validate().unwrap();
    assert!(bp.is_empty());
    assert_eq!(bp.get(c), None);
    assert_eq!(bp.iter().count(), 0);
    // Usable again after clearing, and old handles stay stale.
    let d = bp.insert(unit_at(0.0), 4);
    assert_eq!(bp.get(d), Some(&4));
    assert!(!bp.contains(b) && !bp.contains(c));
    bp.validate().unwrap();
}

#[test]
fn stats_describe_the_tree() {
    let mut bp = BroadPhase::new();
    assert_eq!(bp.stats().height, 0);
    for i in 0..1024 {
        bp.insert(unit_at(i as Real * 2.0), ());
    }
    let s = bp.stats();
    assert_eq!((s.proxies, s.in_tree, s.nodes), (1024, 1024, 1023));
    // A balanced tree of 1024 leaves has height 10; insertions with rotations stay close.
    assert!((10..=24).contains(&s.height), "{s:?}");
    assert!(s.cost > 0.0 && s.cost.is_finite(), "{s:?}");
    assert!(s.bytes >= 1023 * 64, "{s:?}");
    assert_eq!(s.candidate_pairs, 0); // a tenth of 1 on each side: 2 apart never meet
}
