//! The broad phase (`isect::broad::BroadPhase`) against brute force over every box, written
//! here with the shapes' own queries (`Intersects`, `RayCast`), independent of the tree; the
//! tree's invariant checker runs after every operation.

mod exact;
mod handles;
mod scenarios;
mod update_many;

use std::collections::BTreeMap;

use isect::broad::{BroadPhase, Proxy};
use isect::math::Vec3;
use isect::{Aabb, Frustum, Intersects, Ray, RayCast, Real};

use crate::common::camera::rh::{proj::directx::perspective, view::look_at_mat4};

/// A seeded xorshift64* generator: the same scenario on every run.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Self(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in `[0, 1)`, exact in both precisions (24 bits).
    pub fn unit(&mut self) -> Real {
        (self.next_u64() >> 40) as Real / (1u64 << 24) as Real
    }

    pub fn range(&mut self, lo: Real, hi: Real) -> Real {
        lo + (hi - lo) * self.unit()
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    pub fn vec3(&mut self, lo: Real, hi: Real) -> Vec3 {
        Vec3::new(self.range(lo, hi), self.range(lo, hi), self.range(lo, hi))
    }

    pub fn chance(&mut self, p: Real) -> bool {
        self.unit() < p
    }
}

/// What the broad phase should hold: every live proxy with its box (as given) and data.
pub type Model = BTreeMap<Proxy, (Aabb, u32)>;

/// Every pair of the model whose boxes meet (`Intersects`; invalid boxes meet nothing), lower
/// proxy first, sorted.
pub fn brute_pairs(model: &Model) -> Vec<(Proxy, Proxy)> {
    let items: Vec<_> = model.iter().collect();
    let mut out = Vec::new();
    for (i, (p, (a, _))) in items.iter().enumerate() {
        for (q, (b, _)) in &items[i + 1..] {
            if a.intersects(b) {
                out.push((**p, **q));
            }
        }
    }
    out
}

/// The broad phase's pairs, sorted, after checking that each comes lower proxy first.
pub fn pairs_of(bp: &BroadPhase<u32>) -> Vec<(Proxy, Proxy)> {
    let mut out = Vec::new();
    bp.pairs(|a, b| {
        assert!(a < b, "pair ({a:?}, {b:?}) out of order");
        out.push((a, b));
    });
    out.sort();
    out
}

pub fn query_aabb(bp: &BroadPhase<u32>, q: &Aabb) -> Vec<Proxy> {
    let mut out = Vec::new();
    bp.query_aabb(q, |p| {
        out.push(p);
        true
    });
    out.sort();
    out
}

pub fn brute_aabb(model: &Model, q: &Aabb) -> Vec<Proxy> {
    model
        .iter()
        .filter(|(_, (b, _))| b.intersects(q))
        .map(|(p, _)| *p)
        .collect()
}

pub fn query_frustum(bp: &BroadPhase<u32>, f: &Frustum) -> Vec<Proxy> {
    let mut out = Vec::new();
    bp.query_frustum(f, |p| {
        out.push(p);
        true
    });
    out.sort();
    out
}

pub fn brute_frustum(model: &Model, f: &Frustum) -> Vec<Proxy> {
    model
        .iter()
        .filter(|(_, (b, _))| b.intersects(f))
        .map(|(p, _)| *p)
        .collect()
}

/// Every box the ray enters within `max_t`, with its entry `t` (no clipping), sorted.
pub fn raycast_all(bp: &BroadPhase<u32>, ray: &Ray, max_t: Real) -> Vec<(Proxy, Real)> {
    let mut out = Vec::new();
    bp.raycast(ray, max_t, |p, t| {
        assert!((0.0..=max_t).contains(&t), "t {t} outside [0, {max_t}]");
        out.push((p, t));
        None
    });
    out.sort_by_key(|a| a.0);
    out
}

pub fn brute_ray(model: &Model, ray: &Ray, max_t: Real) -> Vec<(Proxy, Real)> {
    model
        .iter()
        .filter_map(|(p, (b, _))| b.raycast(ray, max_t).map(|h| (*p, h.t)))
        .collect()
}

/// The first box along the ray, found by clipping with every hit: its `t` (and the proxies
/// entered at that `t` by brute force must include the one reported).
pub fn raycast_first(bp: &BroadPhase<u32>, ray: &Ray, max_t: Real) -> Option<(Proxy, Real)> {
    let mut best: Option<(Proxy, Real)> = None;
    bp.raycast(ray, max_t, |p, t| {
        if let Some((_, b)) = best {
            assert!(t <= b, "reported a box entered at {t} beyond the clip {b}");
        }
        best = Some((p, t));
        Some(t)
    });
    best
}

/// Checks the broad phase against the model: the invariants, `len`, every proxy's box and
/// data, the pairs, and `queries` random box, frustum and ray queries around `centre`.
pub fn check(bp: &BroadPhase<u32>, model: &Model, rng: &mut Rng, scale: Real, queries: usize) {
    bp.validate().unwrap();
    assert_eq!(bp.len(), model.len());
    for (p, (b, d)) in model {
        assert_eq!(bp.get(*p), Some(d));
        let got = bp.aabb(*p).unwrap();
        assert!(got == *b || (got.min.is_nan() || got.max.is_nan()), "{p:?}");
    }
    assert_eq!(pairs_of(bp), brute_pairs(model), "pairs");
    for _ in 0..queries {
        let c = rng.vec3(-scale, scale);
        let h = rng.vec3(0.0, scale * 0.3);
        let q = Aabb::new(c - h, c + h);
        assert_eq!(
            query_aabb(bp, &q),
            brute_aabb(model, &q),
            "query_aabb {q:?}"
        );

        let eye = rng.vec3(-scale * 1.5, scale * 1.5);
        let target = rng.vec3(-scale * 0.5, scale * 0.5);
        if eye != target {
            let view = look_at_mat4(eye, target, Vec3::Z);
            let (fov, aspect) = (rng.range(0.3, 1.5), rng.range(0.5, 2.0));
            let proj = perspective(fov, aspect, scale * 0.05, scale * 2.0);
            let f = Frustum::from_matrix(&(proj * view));
            assert_eq!(
                query_frustum(bp, &f),
                brute_frustum(model, &f),
                "frustum {f:?}"
            );
        }

        let origin = rng.vec3(-scale * 1.2, scale * 1.2);
        let dir = rng.vec3(-1.0, 1.0);
        let ray = Ray::new(origin, dir);
        let max_t = if rng.chance(0.5) {
            Real::INFINITY
        } else {
            rng.range(0.0, scale * 2.0)
        };
        let all = raycast_all(bp, &ray, max_t);
        let brute = brute_ray(model, &ray, max_t);
        assert_eq!(all, brute, "raycast {ray:?} {max_t}");
        let first = raycast_first(bp, &ray, max_t);
        let brute_first = brute.iter().map(|h| h.1).min_by(Real::total_cmp);
        assert_eq!(first.map(|h| h.1), brute_first, "first hit {ray:?} {max_t}");
        if let Some((p, t)) = first {
            assert!(
                brute.contains(&(p, t)),
                "first hit {p:?} at {t} not a brute-force hit"
            );
        }
    }
}
