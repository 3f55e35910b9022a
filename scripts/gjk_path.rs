//! GJK pairs with hulls against parry3d, for callgrind (issue 29 item 1): hull–hull and
//! Obb–hull distances (24 points each) and hull–hull sweeps (12 points each), 1024 fixed pairs
//! per row, each row in an `#[inline(never)]` function that `--toggle-collect` counts alone;
//! `dump` prints every answer (to compare two builds). Not a library file: a scratch crate
//! with `isect = { path = ... }`, `parry = { package = "parry3d", version = "0.31" }` and `glam = "0.33"` (as hot_path.sh
//! writes one), then `valgrind --tool=callgrind --toggle-collect='gjk_path::hull_sweep'
//! target/release/gjk_path hull_sweep 1`; `gjk_path <row> <passes>` prints ns per call.
use std::hint::black_box;
use isect::math::Vec3;
use isect::{ConvexHull, Distance, Obb, Real, Sweep};
use parry::math::{Pose, Vector as PVec};
use parry::query::{self, ShapeCastOptions};
use parry::shape::{ConvexPolyhedron, Cuboid};

const N: usize = 1024;
struct Rng(u64);
impl Rng {
    fn real(&mut self, lo: Real, hi: Real) -> Real {
        self.0 ^= self.0 << 13; self.0 ^= self.0 >> 7; self.0 ^= self.0 << 17;
        lo + (hi - lo) * ((self.0 >> 11) as f64 / (1u64 << 53) as f64) as Real
    }
    fn vec(&mut self, lo: Real, hi: Real) -> Vec3 { Vec3::new(self.real(lo, hi), self.real(lo, hi), self.real(lo, hi)) }
    fn unit(&mut self) -> Vec3 { loop { let v = self.vec(-1.0, 1.0); let l = v.length_squared(); if l > 1e-3 && l <= 1.0 { return v.normalize(); } } }
}
fn pv(v: Vec3) -> PVec { PVec::from_array(v.to_array()) }
fn poly(points: &[Vec3]) -> ConvexPolyhedron {
    let p: Vec<PVec> = points.iter().map(|&q| pv(q)).collect();
    ConvexPolyhedron::from_convex_hull(&p).unwrap()
}
struct H { ours: ConvexHull, theirs: ConvexPolyhedron }
fn hull(r: &mut Rng, n: usize, reach: Real, spread: Real) -> H {
    let c = r.vec(-reach, reach);
    let radii = r.vec(0.3, spread);
    let pts: Vec<Vec3> = (0..n).map(|_| c + r.unit() * radii).collect();
    H { theirs: poly(&pts), ours: ConvexHull::new(pts) }
}
#[inline(never)]
fn hull_distance(p: &[(H, H)]) -> Real { let mut s = 0.0; for (a, b) in p { s += black_box(&a.ours).distance(black_box(&b.ours)); } s }
#[inline(never)]
fn parry_hull_distance(p: &[(H, H)]) -> Real { let mut s = 0.0; for (a, b) in p { s += query::distance(&Pose::IDENTITY, black_box(&a.theirs), &Pose::IDENTITY, black_box(&b.theirs)).unwrap().distance; } s }
#[inline(never)]
fn obb_distance(p: &[(Obb, Cuboid, Pose, H)]) -> Real { let mut s = 0.0; for (a, _, _, b) in p { s += black_box(a).distance(black_box(&b.ours)); } s }
#[inline(never)]
fn parry_obb_distance(p: &[(Obb, Cuboid, Pose, H)]) -> Real { let mut s = 0.0; for (_, c, pose, b) in p { s += query::distance(pose, black_box(c), &Pose::IDENTITY, black_box(&b.theirs)).unwrap().distance; } s }
#[inline(never)]
fn hull_sweep(p: &[(H, Vec3, H, Vec3)]) -> Real { let mut s = 0.0; for (a, ma, b, mb) in p { s += black_box(&a.ours).sweep(*ma, black_box(&b.ours), *mb).map_or(2.0, |h| h.t_first); } s }
#[inline(never)]
fn parry_hull_sweep(p: &[(H, Vec3, H, Vec3)]) -> Real {
    let o = ShapeCastOptions { max_time_of_impact: 1.0, target_distance: 0.0, stop_at_penetration: true, compute_impact_geometry_on_penetration: true };
    let mut s = 0.0;
    for (a, ma, b, mb) in p { s += query::cast_shapes(&Pose::IDENTITY, pv(*ma), black_box(&a.theirs), &Pose::IDENTITY, pv(*mb), black_box(&b.theirs), o).unwrap().map_or(2.0, |h| h.time_of_impact); }
    s
}
fn main() {
    let mut r = Rng(0x9E3779B97F4A7C15);
    let hh: Vec<(H, H)> = (0..N).map(|_| (hull(&mut r, 24, 3.0, 1.5), hull(&mut r, 24, 3.0, 1.5))).collect();
    let oh: Vec<(Obb, Cuboid, Pose, H)> = (0..N).map(|_| {
        let c = r.vec(-3.0, 3.0); let h = r.vec(0.2, 1.5);
        let q = isect::math::Quat::from_axis_angle(r.unit(), r.real(0.0, 3.0));
        let o = Obb::from_quat(c, h, q);
        let pose = Pose::from_parts(pv(c), parry::math::Rot3::from_array(q.to_array()));
        (o, Cuboid::new(pv(h)), pose, hull(&mut r, 24, 3.0, 1.5))
    }).collect();
    let sw: Vec<(H, Vec3, H, Vec3)> = (0..N).map(|_| {
        let a = hull(&mut r, 12, 1.5, 1.0); let b = hull(&mut r, 12, 1.5, 1.0);
        (a, r.vec(-3.0, 3.0), b, r.vec(-1.0, 1.0))
    }).collect();
    let which = std::env::args().nth(1).unwrap_or_default();
    if which == "dump" {
        for (a, ma, b, mb) in &sw {
            let h = a.ours.sweep(*ma, &b.ours, *mb);
            println!("sweep {:?}", h.map(|h| (h.t_first, h.t_last, h.normal)));
        }
        for (a, b) in &hh {
            let d = a.ours.closest_points(&b.ours);
            println!("dist {:?}", (d.distance, d.a, d.b));
        }
        for (o, _, _, b) in &oh {
            let d = o.closest_points(&b.ours);
            println!("obb {:?}", (d.distance, d.a, d.b));
        }
        return;
    }
    let reps: usize = std::env::args().nth(2).map_or(1, |s| s.parse().unwrap());
    let t = std::time::Instant::now();
    let mut out = 0.0;
    for _ in 0..reps {
        out += match which.as_str() {
            "hull_distance" => hull_distance(&hh),
            "parry_hull_distance" => parry_hull_distance(&hh),
            "obb_distance" => obb_distance(&oh),
            "parry_obb_distance" => parry_obb_distance(&oh),
            "hull_sweep" => hull_sweep(&sw),
            "parry_hull_sweep" => parry_hull_sweep(&sw),
            _ => { println!("{N}"); return; }
        };
    }
    let ns = t.elapsed().as_nanos() as f64 / (reps * N) as f64;
    println!("{which} {out} {ns:.1} ns/call");
}
