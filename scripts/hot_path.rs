//! Instructions per call of a few cheap queries, for scripts/hot_path.sh: each query runs over
//! 1024 fixed inputs (about half of them hits, inside or touching) through a `#[inline(never)]`
//! wrapper that callgrind counts on its own (`--toggle-collect`). The `parry_*` wrappers run
//! parry3d's most direct call for the same work on the same inputs (its local call, the data
//! moved into the shape's frame before counting), so each count has its reference beside it.
//! Not a library file: the script builds it as a scratch crate against the isect checkout it is
//! given.

use std::hint::black_box;

use isect::math::Vec3;
use isect::math::Quat;
use isect::{
    Aabb, Capsule, Intersects, Obb, Plane, PointQuery, Ray, RayCast, Real, Segment, Sphere, Triangle,
};
use parry::bounding_volume::{Aabb as PAabb, BoundingVolume};
use parry::math::{Pose, Rot3, Vector as PVec};
use parry::query::{PointQuery as _, Ray as PRay, RayCast as _};
use parry::shape::{
    Ball, Capsule as PCapsule, Cuboid, HalfSpace, Segment as PSegment, Triangle as PTriangle,
};

const N: usize = 1024;
const REPS: usize = 100;

/// A fixed xorshift generator: the same inputs on every run.
struct Rng(u64);
impl Rng {
    fn real(&mut self, lo: Real, hi: Real) -> Real {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        lo + (hi - lo) * ((self.0 >> 11) as f64 / (1u64 << 53) as f64) as Real
    }
    fn vec(&mut self, r: Real) -> Vec3 {
        Vec3::new(self.real(-r, r), self.real(-r, r), self.real(-r, r))
    }
}

macro_rules! counted {
    ($name:ident, $a:ty, $b:ty, $out:ty, |$x:ident, $y:ident| $body:expr) => {
        #[inline(never)]
        fn $name(xs: &[$a], ys: &[$b]) -> usize {
            let mut hits = 0;
            for ($x, $y) in xs.iter().zip(ys) {
                let out: $out = $body;
                hits += usize::from(black_box(out) != <$out>::default());
            }
            hits
        }
    };
}

counted!(sphere_sphere, Sphere, Sphere, bool, |a, b| black_box(a).intersects(black_box(b)));
counted!(aabb_aabb, Aabb, Aabb, bool, |a, b| black_box(a).intersects(black_box(b)));
counted!(ray_sphere, Sphere, Ray, bool, |s, r| black_box(s)
    .raycast(black_box(r), 100.0)
    .is_some());
counted!(point_triangle, Triangle, Vec3, Real, |t, p| black_box(t)
    .closest_point(*black_box(p))
    .x);
counted!(point_sphere_distance, Sphere, Vec3, Real, |s, p| black_box(s)
    .distance_to_point(*black_box(p)));
counted!(point_aabb_distance, Aabb, Vec3, Real, |b, p| black_box(b)
    .distance_to_point(*black_box(p)));
counted!(point_in_aabb, Aabb, Vec3, bool, |b, p| black_box(b)
    .contains_point(*black_box(p)));
counted!(point_aabb_closest, Aabb, Vec3, Real, |b, p| black_box(b)
    .closest_point(*black_box(p))
    .x);
counted!(point_sphere_closest, Sphere, Vec3, Real, |s, p| black_box(s)
    .closest_point(*black_box(p))
    .x);
counted!(sphere_plane, Sphere, Plane, bool, |s, p| black_box(s).intersects(black_box(p)));
counted!(aabb_plane, Aabb, Plane, bool, |b, p| black_box(b).intersects(black_box(p)));
counted!(point_on_segment, Segment, Vec3, bool, |s, p| black_box(s)
    .contains_point(*black_box(p)));
counted!(point_on_triangle, Triangle, Vec3, bool, |t, p| black_box(t)
    .contains_point(*black_box(p)));

counted!(ray_triangle, Triangle, Ray, bool, |t, r| black_box(t)
    .raycast(black_box(r), 100.0)
    .is_some());
// The watertight promise's cost: the same cast with barycentric coordinates and no hit point
// or normal, watertight (`raycast_barycentric`) and not (`raycast_moller_trumbore`, which also
// drops the rescaling, the flatness and grazing tests and the in-plane rays).
counted!(ray_triangle_bary, Triangle, Ray, bool, |t, r| black_box(t)
    .raycast_barycentric(black_box(r), 100.0)
    .is_some());
counted!(ray_triangle_mt, Triangle, Ray, bool, |t, r| black_box(t)
    .raycast_moller_trumbore(black_box(r), 100.0)
    .is_some());
counted!(ray_sphere_any, Sphere, Ray, bool, |s, r| black_box(s)
    .raycast_any(black_box(r), 100.0));
counted!(ray_aabb, Aabb, Ray, bool, |b, r| black_box(b)
    .raycast(black_box(r), 100.0)
    .is_some());
counted!(ray_aabb_any, Aabb, Ray, bool, |b, r| black_box(b)
    .raycast_any(black_box(r), 100.0));
counted!(ray_obb, Obb, Ray, bool, |b, r| black_box(b)
    .raycast(black_box(r), 100.0)
    .is_some());
counted!(ray_capsule, Capsule, Ray, bool, |c, r| black_box(c)
    .raycast(black_box(r), 100.0)
    .is_some());
counted!(ray_plane, Plane, Ray, bool, |p, r| black_box(p)
    .raycast(black_box(r), 100.0)
    .is_some());
counted!(ray_plane_any, Plane, Ray, bool, |p, r| black_box(p)
    .raycast_any(black_box(r), 100.0));
counted!(point_in_obb, Obb, Vec3, bool, |b, p| black_box(b)
    .contains_point(*black_box(p)));
counted!(point_obb_distance, Obb, Vec3, Real, |b, p| black_box(b)
    .distance_to_point(*black_box(p)));

// parry's direct calls for the same work, on the same inputs converted before counting. Its
// boolean casts (`intersects_local_ray`) are its casts (`cast_local_ray(..).is_some()`), which
// the compiler merges into one function: the `*_any` rows are compared with the cast.
counted!(parry_sphere_sphere, (Ball, PVec), (Ball, PVec), bool, |a, b| {
    let (a, b) = (black_box(a), black_box(b));
    parry::query::details::intersection_test_ball_ball(b.1 - a.1, &a.0, &b.0)
});
counted!(parry_aabb_aabb, PAabb, PAabb, bool, |a, b| black_box(a).intersects(black_box(b)));
counted!(parry_ray_sphere, Ball, PRay, bool, |s, r| black_box(s)
    .cast_local_ray(black_box(r), 100.0, true)
    .is_some());
counted!(parry_ray_triangle, PTriangle, PRay, bool, |t, r| black_box(t)
    .cast_local_ray(black_box(r), 100.0, true)
    .is_some());
counted!(parry_point_triangle, PTriangle, PVec, Real, |t, p| black_box(t)
    .project_local_point(*black_box(p), true)
    .point
    .x);
counted!(parry_point_sphere_distance, Ball, PVec, Real, |s, p| black_box(s)
    .distance_to_local_point(*black_box(p), true));
counted!(parry_point_aabb_distance, PAabb, PVec, Real, |b, p| black_box(b)
    .distance_to_local_point(*black_box(p), true));
counted!(parry_point_in_aabb, PAabb, PVec, bool, |b, p| black_box(b)
    .contains_local_point(*black_box(p)));
counted!(parry_point_aabb_closest, PAabb, PVec, Real, |b, p| black_box(b)
    .project_local_point(*black_box(p), true)
    .point
    .x);
counted!(parry_point_sphere_closest, Ball, PVec, Real, |s, p| black_box(s)
    .project_local_point(*black_box(p), true)
    .point
    .x);
counted!(parry_point_on_segment, PSegment, PVec, bool, |s, p| black_box(s)
    .contains_local_point(*black_box(p)));
counted!(parry_point_on_triangle, PTriangle, PVec, bool, |t, p| black_box(t)
    .contains_local_point(*black_box(p)));

counted!(parry_ray_aabb, PAabb, PRay, bool, |b, r| black_box(b)
    .cast_local_ray(black_box(r), 100.0, true)
    .is_some());
counted!(parry_ray_obb, Cuboid, PRay, bool, |b, r| black_box(b)
    .cast_local_ray(black_box(r), 100.0, true)
    .is_some());
counted!(parry_ray_capsule, PCapsule, PRay, bool, |c, r| black_box(c)
    .cast_local_ray(black_box(r), 100.0, true)
    .is_some());
counted!(parry_ray_plane, HalfSpace, PRay, bool, |p, r| black_box(p)
    .cast_local_ray(black_box(r), 100.0, false)
    .is_some());
counted!(parry_point_in_obb, Cuboid, PVec, bool, |b, p| black_box(b)
    .contains_local_point(*black_box(p)));
counted!(parry_point_obb_distance, Cuboid, PVec, Real, |b, p| black_box(b)
    .distance_to_local_point(*black_box(p), true));

/// A cuboid with its pose: parry's world-frame calls, which move the ray or point into the
/// box's frame as isect's `Obb` queries do (the `parry posed` column).
struct Posed(Cuboid, Pose);
counted!(parry_ray_obb_posed, Posed, PRay, bool, |b, r| black_box(&b.0)
    .cast_ray(&b.1, black_box(r), 100.0, true)
    .is_some());
counted!(parry_point_in_obb_posed, Posed, PVec, bool, |b, p| black_box(&b.0)
    .contains_point(&b.1, *black_box(p)));
counted!(parry_point_obb_distance_posed, Posed, PVec, Real, |b, p| black_box(&b.0)
    .distance_to_point(&b.1, *black_box(p), true));

// The same formulas as isect's without the promise (the `bare` column): no validity checks,
// no rescaling window, no cold paths for huge or tiny input, and (triangles) no flatness test
// nor the thin-triangle projection, in the same SIMD lanes as isect. What isect would cost if
// invalid input were allowed to give a valid-looking answer: the gap isect − bare is the
// promise's cost, the gap bare − parry the formula's and the code's.

/// isect's SIMD vector and matrix (`Vec3A`, `Mat3A` in `f32`; `DVec3`, `DMat3` in `f64`).
trait Lanes {
    type V;
    type M;
}
impl Lanes for f32 {
    type V = glam::Vec3A;
    type M = glam::Mat3A;
}
impl Lanes for f64 {
    type V = glam::DVec3;
    type M = glam::DMat3;
}
type S = <Real as Lanes>::V;
type SM = <Real as Lanes>::M;
#[inline(always)]
fn s(v: Vec3) -> S {
    S::from(v)
}

counted!(bare_sphere_sphere, Sphere, Sphere, bool, |a, b| {
    let (a, b) = (black_box(a), black_box(b));
    let r = a.radius + b.radius;
    (s(a.center) - s(b.center)).length_squared() <= r * r
});
counted!(bare_aabb_aabb, Aabb, Aabb, bool, |a, b| {
    let (a, b) = (black_box(a), black_box(b));
    (s(a.min).cmple(s(b.max)) & s(b.min).cmple(s(a.max))).all()
});
/// The stable quadratic of `raycast`, without the range and validity checks.
#[inline(always)]
fn bare_cast_sphere(sphere: &Sphere, ray: &Ray, max_t: Real) -> bool {
    let f = ray.origin - sphere.center;
    let a = ray.dir.length_squared();
    let b = -f.dot(ray.dir);
    let rr = sphere.radius * sphere.radius;
    let l = f + ray.dir * (b / a);
    let c = f.length_squared() - rr;
    let disc = rr - l.length_squared();
    if c <= 0.0 {
        true
    } else if !(b > 0.0 && disc >= 0.0) {
        false
    } else {
        c / (b + (a * disc).sqrt()) <= max_t
    }
}
counted!(bare_ray_sphere, Sphere, Ray, bool, |sp, r| bare_cast_sphere(
    black_box(sp),
    black_box(r),
    100.0
));
/// The plane's crossing `t = −(n · o − d) / (n · dir)` and its range, without the validity,
/// the rescaling window and the rare paths (tiny or zero `n · dir`).
counted!(bare_ray_plane, Plane, Ray, bool, |p, r| {
    let (p, r) = (black_box(p), black_box(r));
    let t = -(p.normal.dot(r.origin) - p.d) / p.normal.dot(r.dir);
    t >= 0.0 && t <= 100.0
});
counted!(bare_point_sphere_distance, Sphere, Vec3, Real, |sp, p| {
    let (sp, p) = (black_box(sp), *black_box(p));
    ((s(p) - s(sp.center)).length() - sp.radius).max(0.0)
});
counted!(bare_point_aabb_distance, Aabb, Vec3, Real, |b, p| {
    let (b, q) = (black_box(b), s(*black_box(p)));
    (s(b.min) - q).max(q - s(b.max)).max(S::ZERO).length()
});
counted!(bare_point_on_segment, Segment, Vec3, bool, |sg, p| {
    let (sg, p) = (black_box(sg), *black_box(p));
    let ab = sg.b - sg.a;
    let t = (p - sg.a).dot(ab);
    let dd = ab.length_squared();
    let q = if !(t > 0.0) {
        sg.a
    } else if t >= dd {
        sg.b
    } else {
        sg.a + ab * (t / dd)
    };
    let tolerance = isect::math::on_set_tolerance([p, sg.a, sg.b]);
    p.distance_squared(q) <= tolerance * tolerance
});
/// isect's Voronoi regions (signed areas measured from corner `a`) without the flatness test
/// and the degenerate fallback, the point as `u a + v b + w c`.
#[inline(always)]
fn bare_closest_on_triangle(t: &Triangle, p: Vec3) -> Vec3 {
    let (a, b, c) = (t.a, t.b, t.c);
    let (ab, ac, ap, bp, cp) = (b - a, c - a, p - a, p - b, p - c);
    let (d1, d2) = (ab.dot(ap), ac.dot(ap));
    if d1 <= 0.0 && d2 <= 0.0 {
        return a;
    }
    let (d3, d4) = (ab.dot(bp), ac.dot(bp));
    if d3 >= 0.0 && d4 <= d3 {
        return b;
    }
    let (d5, d6) = (ab.dot(cp), ac.dot(cp));
    if d6 >= 0.0 && d5 <= d6 {
        return c;
    }
    let n = ab.cross(ac);
    let vc = n.dot(ab.cross(ap));
    if vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0 {
        return a + ab * (d1 / (d1 - d3));
    }
    let vb = n.dot(ap.cross(ac));
    if vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0 {
        return a + ac * (d2 / (d2 - d6));
    }
    let va = n.length_squared() - vb - vc;
    if va <= 0.0 && d4 - d3 >= 0.0 && d5 - d6 >= 0.0 {
        return b + (c - b) * ((d4 - d3) / ((d4 - d3) + (d5 - d6)));
    }
    let denom = va + vb + vc;
    let (v, w) = (vb / denom, vc / denom);
    a * (1.0 - v - w) + b * v + c * w
}
counted!(bare_point_triangle, Triangle, Vec3, Real, |t, p| bare_closest_on_triangle(
    black_box(t),
    *black_box(p)
)
.x);
counted!(bare_point_on_triangle, Triangle, Vec3, bool, |t, p| {
    let (t, p) = (black_box(t), *black_box(p));
    let tolerance = isect::math::on_set_tolerance([p, t.a, t.b, t.c]);
    p.distance_squared(bare_closest_on_triangle(t, p)) <= tolerance * tolerance
});
counted!(bare_point_in_obb, Obb, Vec3, bool, |b, p| {
    let (b, p) = (black_box(b), *black_box(p));
    let local = SM::from(b.rotation).transpose() * (s(p) - s(b.center));
    local.abs().cmple(s(b.half_extents)).all()
});

fn pv(v: Vec3) -> PVec {
    PVec::from_array(v.to_array())
}

fn main() {
    let mut rng = Rng(0x15EC7);
    let spheres: Vec<Sphere> = (0..N)
        .map(|_| Sphere::new(rng.vec(2.0), rng.real(0.1, 1.5)))
        .collect();
    let others: Vec<Sphere> = (0..N)
        .map(|_| Sphere::new(rng.vec(2.0), rng.real(0.1, 1.5)))
        .collect();
    let boxes: Vec<Aabb> = (0..N)
        .map(|_| {
            let c = rng.vec(2.0);
            let h = rng.vec(1.0).abs();
            Aabb::new(c - h, c + h)
        })
        .collect();
    let other_boxes: Vec<Aabb> = boxes.iter().rev().copied().collect();
    let rays: Vec<Ray> = (0..N)
        .map(|_| Ray::new(rng.vec(5.0), rng.vec(1.0)))
        .collect();
    let triangles: Vec<Triangle> = (0..N)
        .map(|_| Triangle::new(rng.vec(2.0), rng.vec(2.0), rng.vec(2.0)))
        .collect();
    let points: Vec<Vec3> = (0..N).map(|_| rng.vec(2.0)).collect();
    let planes: Vec<Plane> = (0..N)
        .map(|_| Plane::new(rng.vec(1.0), rng.real(-2.0, 2.0)))
        .collect();
    // Segments through their point half of the time, so that both answers are exercised.
    let segments: Vec<Segment> = points
        .iter()
        .enumerate()
        .map(|(i, &p)| {
            let d = rng.vec(1.0);
            let a = if i % 2 == 0 { p - d } else { rng.vec(2.0) };
            Segment::new(a, a + d * 2.0)
        })
        .collect();
    // Points on the triangles (their centroids) half of the time.
    let on_triangles: Vec<Vec3> = triangles
        .iter()
        .zip(&points)
        .enumerate()
        .map(|(i, (t, &p))| if i % 2 == 0 { t.centroid() } else { p })
        .collect();
    // The same inputs as parry holds them; balls and local coordinates around each sphere.
    let balls = |s: &[Sphere]| -> Vec<(Ball, PVec)> {
        s.iter().map(|s| (Ball::new(s.radius), pv(s.center))).collect()
    };
    let (p_spheres, p_others) = (balls(&spheres), balls(&others));
    let p_boxes = |b: &[Aabb]| -> Vec<PAabb> {
        b.iter().map(|b| PAabb::new(pv(b.min), pv(b.max))).collect()
    };
    let (p_boxes, p_other_boxes) = (p_boxes(&boxes), p_boxes(&other_boxes));
    let p_balls: Vec<Ball> = p_spheres.iter().map(|b| b.0).collect();
    let p_rays_local: Vec<PRay> = spheres
        .iter()
        .zip(&rays)
        .map(|(s, r)| PRay::new(pv(r.origin - s.center), pv(r.dir)))
        .collect();
    let p_triangles: Vec<PTriangle> = triangles
        .iter()
        .map(|t| PTriangle::new(pv(t.a), pv(t.b), pv(t.c)))
        .collect();
    let p_points: Vec<PVec> = points.iter().copied().map(pv).collect();
    let p_points_local: Vec<PVec> = spheres
        .iter()
        .zip(&points)
        .map(|(s, &p)| pv(p - s.center))
        .collect();
    let p_segments: Vec<PSegment> = segments
        .iter()
        .map(|s| PSegment::new(pv(s.a), pv(s.b)))
        .collect();
    let p_on_triangles: Vec<PVec> = on_triangles.iter().copied().map(pv).collect();
    // Rays from 3 units out aimed at each triangle's centroid or a point near it.
    let triangle_rays: Vec<Ray> = triangles
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let target = if i % 2 == 0 { t.centroid() } else { t.centroid() + rng.vec(1.5) };
            let origin = target + rng.vec(1.0).normalize_or(Vec3::X) * 3.0;
            Ray::new(origin, target - origin)
        })
        .collect();
    let p_triangle_rays: Vec<PRay> = triangle_rays
        .iter()
        .map(|r| PRay::new(pv(r.origin), pv(r.dir)))
        .collect();
    // Rays at the boxes (the same rays as the spheres'), and oriented boxes and capsules
    // around the same centers; parry's boxes and rays in the box's frame (its local calls).
    let p_rays: Vec<PRay> = rays.iter().map(|r| PRay::new(pv(r.origin), pv(r.dir))).collect();
    let rotations: Vec<Quat> = boxes
        .iter()
        .map(|_| {
            let axis = rng.vec(1.0).normalize_or(Vec3::Z);
            Quat::from_axis_angle(axis, rng.real(0.0, 3.0))
        })
        .collect();
    let obbs: Vec<Obb> = boxes
        .iter()
        .zip(&rotations)
        .map(|(b, &rotation)| Obb::from_quat(b.center(), b.half_extents(), rotation))
        .collect();
    let posed: Vec<Posed> = obbs
        .iter()
        .zip(&rotations)
        .map(|(b, q)| {
            let rotation = Rot3::from_xyzw(q.x, q.y, q.z, q.w);
            Posed(Cuboid::new(pv(b.half_extents)), Pose::from_parts(pv(b.center), rotation))
        })
        .collect();
    let p_points_world: Vec<PVec> = points.iter().map(|&p| pv(p)).collect();
    let cuboids: Vec<Cuboid> = obbs.iter().map(|b| Cuboid::new(pv(b.half_extents))).collect();
    let local_rays: Vec<PRay> = obbs
        .iter()
        .zip(&rays)
        .map(|(b, r)| PRay::new(pv(b.to_local(r.origin)), pv(b.rotation.transpose() * r.dir)))
        .collect();
    let local_points: Vec<PVec> = obbs.iter().zip(&points).map(|(b, &p)| pv(b.to_local(p))).collect();
    let capsules: Vec<Capsule> = spheres
        .iter()
        .map(|s| Capsule::new(s.center, s.center + rng.vec(1.5), s.radius * 0.5))
        .collect();
    let p_capsules: Vec<PCapsule> = capsules
        .iter()
        .map(|c| PCapsule::new(pv(c.a), pv(c.b), c.radius))
        .collect();
    // Planes with unit normals for the ray casts (the `planes` above are the pairs' inputs), and
    // parry's half-spaces through the origin with the rays moved into their frame.
    let cast_planes: Vec<Plane> = (0..N)
        .map(|_| Plane::new(rng.vec(1.0).normalize_or(Vec3::Z), rng.real(-2.0, 2.0)))
        .collect();
    let half_spaces: Vec<HalfSpace> = cast_planes.iter().map(|p| HalfSpace::new(pv(p.normal))).collect();
    let plane_rays: Vec<PRay> = cast_planes
        .iter()
        .zip(&rays)
        .map(|(p, r)| PRay::new(pv(r.origin - p.normal * p.d), pv(r.dir)))
        .collect();
    let mut sum = 0;
    for _ in 0..REPS {
        sum += ray_triangle(&triangles, &triangle_rays);
        sum += ray_triangle_bary(&triangles, &triangle_rays);
        sum += ray_triangle_mt(&triangles, &triangle_rays);
        sum += parry_sphere_sphere(&p_spheres, &p_others);
        sum += parry_aabb_aabb(&p_boxes, &p_other_boxes);
        sum += parry_ray_sphere(&p_balls, &p_rays_local);
        sum += parry_ray_triangle(&p_triangles, &p_triangle_rays);
        sum += parry_point_triangle(&p_triangles, &p_points);
        sum += parry_point_sphere_distance(&p_balls, &p_points_local);
        sum += parry_point_aabb_distance(&p_boxes, &p_points);
        sum += parry_point_in_aabb(&p_boxes, &p_points);
        sum += parry_point_aabb_closest(&p_boxes, &p_points);
        sum += parry_point_sphere_closest(&p_balls, &p_points_local);
        sum += point_in_aabb(&boxes, &points);
        sum += point_aabb_closest(&boxes, &points);
        sum += point_sphere_closest(&spheres, &points);
        sum += parry_point_on_segment(&p_segments, &p_points);
        sum += parry_point_on_triangle(&p_triangles, &p_on_triangles);
        sum += sphere_sphere(&spheres, &others);
        sum += aabb_aabb(&boxes, &other_boxes);
        sum += ray_sphere(&spheres, &rays);
        sum += point_triangle(&triangles, &points);
        sum += point_sphere_distance(&spheres, &points);
        sum += point_aabb_distance(&boxes, &points);
        sum += sphere_plane(&spheres, &planes);
        sum += aabb_plane(&boxes, &planes);
        sum += point_on_segment(&segments, &points);
        sum += point_on_triangle(&triangles, &on_triangles);
        sum += ray_sphere_any(&spheres, &rays);
        sum += ray_aabb(&boxes, &rays);
        sum += ray_aabb_any(&boxes, &rays);
        sum += ray_obb(&obbs, &rays);
        sum += ray_capsule(&capsules, &rays);
        sum += point_in_obb(&obbs, &points);
        sum += point_obb_distance(&obbs, &points);
        sum += parry_ray_aabb(&p_boxes, &p_rays);
        sum += parry_ray_obb(&cuboids, &local_rays);
        sum += parry_ray_capsule(&p_capsules, &p_rays);
        sum += parry_point_in_obb(&cuboids, &local_points);
        sum += parry_point_obb_distance(&cuboids, &local_points);
        sum += parry_ray_obb_posed(&posed, &p_rays);
        sum += parry_point_in_obb_posed(&posed, &p_points_world);
        sum += parry_point_obb_distance_posed(&posed, &p_points_world);
        sum += bare_sphere_sphere(&spheres, &others);
        sum += bare_aabb_aabb(&boxes, &other_boxes);
        sum += bare_ray_sphere(&spheres, &rays);
        sum += ray_plane(&cast_planes, &rays);
        sum += ray_plane_any(&cast_planes, &rays);
        sum += parry_ray_plane(&half_spaces, &plane_rays);
        sum += bare_ray_plane(&cast_planes, &rays);
        sum += bare_point_sphere_distance(&spheres, &points);
        sum += bare_point_aabb_distance(&boxes, &points);
        sum += bare_point_on_segment(&segments, &points);
        sum += bare_point_triangle(&triangles, &points);
        sum += bare_point_on_triangle(&triangles, &on_triangles);
        sum += bare_point_in_obb(&obbs, &points);
    }
    println!("{} calls per query, checksum {sum}", N * REPS);
}
