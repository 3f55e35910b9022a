//! The queries on the trees the frames left: rays, boxes and frusta, both libraries' answers
//! checked equal, then timed.

use super::*;
use crate::cpu::cpu_median;

/// The queries' inputs and both libraries' answers, checked equal, then timed.
pub(crate) fn queries(
    timing: Timing<'_>,
    isect: &Isect,
    parry: &ParryBroad,
    scene: &Scene,
    n: usize,
    name: &str,
) -> [f64; 6] {
    let mut rng = Rng::new(SEED ^ 0x51 ^ n as u64);
    let side = scene.side;
    let rays: Vec<Ray> = (0..QUERIES)
        .map(|_| Ray::new(rng.vec3(0.0, side), rng.unit_vec3()))
        .collect();
    let boxes: Vec<Aabb> = (0..QUERIES)
        .map(|_| Aabb::from_center_half_extents(rng.vec3(0.0, side), Vec3::splat(1.5)))
        .collect();
    let frusta: Vec<Frustum> = (0..QUERIES)
        .map(|_| {
            let eye = rng.vec3(0.0, side);
            let view = look_at_mat4(eye, eye + rng.unit_vec3(), Vec3::Z);
            Frustum::from_matrix(&(perspective(1.0, 16.0 / 9.0, 0.1, 12.0) * view))
        })
        .collect();
    let bp = &isect.bp;
    let given = &parry.given;
    let pgiven: Vec<_> = given.iter().map(to_parry_aabb).collect();

    let isect_ray = |ray: &Ray| {
        let mut best = None;
        bp.raycast(ray, Real::MAX, |p, t| {
            best = Some((p.index(), t));
            Some(t)
        });
        best
    };
    let parry_ray = |ray: &Ray| {
        let r = ParryRay::new(to_parry(ray.origin), to_parry(ray.dir));
        parry.tree.cast_ray(&r, Real::MAX, |leaf, best| {
            pgiven[leaf as usize].cast_local_ray(&r, best, true)
        })
    };
    let isect_box = |q: &Aabb| {
        let mut count = 0;
        bp.query_aabb(q, |_| {
            count += 1;
            true
        });
        count
    };
    let parry_box = |q: &Aabb| {
        let pq = to_parry_aabb(q);
        parry
            .tree
            .intersect_aabb(&pq)
            .filter(|&l| overlaps(&given[l as usize], q))
            .count()
    };
    let isect_frustum = |f: &Frustum| {
        let mut count = 0;
        bp.query_frustum(f, |_| {
            count += 1;
            true
        });
        count
    };
    let parry_frustum = |f: &Frustum| {
        let mut count = 0;
        parry.tree.traverse(|node| {
            let (lo, hi) = (
                Vec3::from_array(node.mins().to_array()),
                Vec3::from_array(node.maxs().to_array()),
            );
            for plane in &f.planes {
                let nv = Vec3::select(plane.normal.cmpge(Vec3::ZERO), lo, hi);
                if plane.normal.dot(nv) > plane.d {
                    return TraversalAction::Prune;
                }
            }
            if node
                .leaf_data()
                .is_some_and(|leaf| given[leaf as usize].intersects(f))
            {
                count += 1;
            }
            TraversalAction::Continue
        });
        count
    };

    for ray in &rays {
        let (a, b) = (isect_ray(ray), parry_ray(ray));
        match (a, b) {
            (None, None) => {}
            (Some((_, ta)), Some((_, tb))) => {
                assert!(
                    (ta - tb).abs() <= 1e-4 * ta.abs().max(1.0),
                    "{ray:?}: {ta} vs {tb}"
                );
            }
            _ => panic!("{ray:?}: isect {a:?}, parry {b:?}"),
        }
    }
    for q in &boxes {
        assert_eq!(isect_box(q), parry_box(q), "{q:?}");
    }
    for f in &frusta {
        assert_eq!(isect_frustum(f), parry_frustum(f), "{f:?}");
    }

    if let Timing::Cpu(reps) = timing {
        // Thread CPU time per query, isect and parry for rays, boxes, frusta.
        let per = |ns: f64, batch: usize| ns / batch as f64;
        let f = &frusta[..FRUSTA];
        return [
            per(
                cpu_median(reps, || {
                    rays.iter()
                        .filter(|r| black_box(isect_ray(black_box(r))).is_some())
                        .count()
                }),
                QUERIES,
            ),
            per(
                cpu_median(reps, || {
                    rays.iter()
                        .filter(|r| black_box(parry_ray(black_box(r))).is_some())
                        .count()
                }),
                QUERIES,
            ),
            per(
                cpu_median(reps, || {
                    boxes.iter().map(|q| isect_box(black_box(q))).sum::<usize>()
                }),
                QUERIES,
            ),
            per(
                cpu_median(reps, || {
                    boxes.iter().map(|q| parry_box(black_box(q))).sum::<usize>()
                }),
                QUERIES,
            ),
            per(
                cpu_median(reps, || {
                    f.iter().map(|q| isect_frustum(black_box(q))).sum::<usize>()
                }),
                FRUSTA,
            ),
            per(
                cpu_median(reps, || {
                    f.iter().map(|q| parry_frustum(black_box(q))).sum::<usize>()
                }),
                FRUSTA,
            ),
        ];
    }
    let Timing::Criterion(suite, samples, warm, measure) = timing else {
        unreachable!("CPU timing returned above")
    };
    let tag = format!("{name} {n}");
    for (kind, label) in [
        ("ray", "closest ray hit"),
        ("box", "box query"),
        ("frustum", "frustum query"),
    ] {
        let id = format!("{kind}_{name}_{n}");
        let batch = if kind == "frustum" { FRUSTA } else { QUERIES };
        let mut g = suite.group(&id, &format!("{label}, {tag}"), batch);
        g.sample_size(samples).times(warm, measure);
        match kind {
            "ray" => {
                g.isect(|| {
                    rays.iter()
                        .filter(|r| black_box(isect_ray(black_box(r))).is_some())
                        .count()
                });
                g.parry("parry", "Bvh::cast_ray", || {
                    rays.iter()
                        .filter(|r| black_box(parry_ray(black_box(r))).is_some())
                        .count()
                });
            }
            "box" => {
                g.isect(|| boxes.iter().map(|q| isect_box(black_box(q))).sum::<usize>());
                g.parry("parry", "Bvh::intersect_aabb", || {
                    boxes.iter().map(|q| parry_box(black_box(q))).sum::<usize>()
                });
            }
            _ => {
                g.isect(|| {
                    frusta[..FRUSTA]
                        .iter()
                        .map(|f| isect_frustum(black_box(f)))
                        .sum::<usize>()
                });
                g.parry("parry", "Bvh::traverse, plane test", || {
                    frusta[..FRUSTA]
                        .iter()
                        .map(|f| parry_frustum(black_box(f)))
                        .sum::<usize>()
                });
            }
        }
        g.finish();
    }
    [f64::NAN; 6]
}
