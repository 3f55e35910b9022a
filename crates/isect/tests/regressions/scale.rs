//! Power-of-two scale invariance (issue 24): a case whose every coordinate and length is a
//! multiple of 1/8 in [-8, 8] (so that multiplying by `2ᵏ` is exact for every `k` that keeps
//! them normal numbers), answered at scale 1 and at scale `2ᵏ` for `k` over the whole exponent
//! range, gives the same answer scaled: booleans, sides, parameters and normals equal, points,
//! distances and depths multiplied by `2ᵏ` exactly (or `+∞` where that is not representable;
//! within the rounding of the subnormal range where the scaled answer is subnormal). A query
//! that overflowed or underflowed for some `k` (squared distances, cross products of cross
//! products, sixth powers in the capsule cast) fails here with the `k` and the case.

use isect::math::{Quat, Vec3};
use isect::{
    Aabb, Bounded, Capsule, Classify, Contact, ConvexHull, Distance, Frustum, Intersects, Line,
    Obb, Plane, PointQuery, Ray, RayCast, Real, Segment, Sphere, Sweep, Triangle,
};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

/// The exponents tried: every one that keeps the cases' coordinates (magnitudes `2⁻³` to `2³`)
/// normal and finite.
fn exponent() -> impl Strategy<Value = i32> {
    let (lo, hi) = (Real::MIN_EXP + 3, Real::MAX_EXP - 5);
    prop_oneof![1 => lo..=hi, 1 => -40..=40, 1 => prop::sample::select(vec![lo, lo + 1, hi - 1, hi])]
}

/// `2ᵏ` applied to `x` in two exact steps (`2ᵏ` itself may not be a normal number).
fn ldexp(x: Real, k: i32) -> Real {
    let half = k / 2;
    x * (2.0 as Real).powi(half) * (2.0 as Real).powi(k - half)
}

fn ldexp_vec(v: Vec3, k: i32) -> Vec3 {
    Vec3::new(ldexp(v.x, k), ldexp(v.y, k), ldexp(v.z, k))
}

/// A multiple of 1/8 in [-8, 8].
fn dyadic() -> impl Strategy<Value = Real> {
    (-64i32..=64).prop_map(|i| i as Real / 8.0)
}

fn dyadic_len() -> impl Strategy<Value = Real> {
    (0i32..=32).prop_map(|i| i as Real / 8.0)
}

fn point() -> impl Strategy<Value = Vec3> {
    (dyadic(), dyadic(), dyadic()).prop_map(|(x, y, z)| Vec3::new(x, y, z))
}

fn direction() -> impl Strategy<Value = Vec3> {
    point().prop_filter("non-zero", |d| *d != Vec3::ZERO)
}

fn rotation() -> impl Strategy<Value = Quat> {
    (dyadic(), dyadic(), dyadic(), dyadic())
        .prop_map(|(x, y, z, w)| Quat::from_xyzw(x, y, z, w + 0.5).normalize())
}

/// A shape scaled by `2ᵏ`, exactly, and a strategy for dyadic ones.
trait Scaled: Sized + Clone + core::fmt::Debug {
    fn scaled(&self, k: i32) -> Self;
    fn strategy() -> BoxedStrategy<Self>;
}

impl Scaled for Sphere {
    fn scaled(&self, k: i32) -> Self {
        Sphere::new(ldexp_vec(self.center, k), ldexp(self.radius, k))
    }
    fn strategy() -> BoxedStrategy<Self> {
        (point(), dyadic_len())
            .prop_map(|(c, r)| Sphere::new(c, r))
            .boxed()
    }
}

impl Scaled for Aabb {
    fn scaled(&self, k: i32) -> Self {
        Aabb::new(ldexp_vec(self.min, k), ldexp_vec(self.max, k))
    }
    fn strategy() -> BoxedStrategy<Self> {
        (point(), dyadic_len(), dyadic_len(), dyadic_len())
            .prop_map(|(c, x, y, z)| Aabb::from_center_half_extents(c, Vec3::new(x, y, z)))
            .boxed()
    }
}

impl Scaled for Obb {
    fn scaled(&self, k: i32) -> Self {
        Obb::new(
            ldexp_vec(self.center, k),
            ldexp_vec(self.half_extents, k),
            self.rotation,
        )
    }
    fn strategy() -> BoxedStrategy<Self> {
        (
            point(),
            dyadic_len(),
            dyadic_len(),
            dyadic_len(),
            rotation(),
        )
            .prop_map(|(c, x, y, z, q)| Obb::from_quat(c, Vec3::new(x, y, z), q))
            .boxed()
    }
}

impl Scaled for Capsule {
    fn scaled(&self, k: i32) -> Self {
        Capsule::new(
            ldexp_vec(self.a, k),
            ldexp_vec(self.b, k),
            ldexp(self.radius, k),
        )
    }
    fn strategy() -> BoxedStrategy<Self> {
        (point(), point(), dyadic_len())
            .prop_map(|(a, b, r)| Capsule::new(a, b, r))
            .boxed()
    }
}

impl Scaled for Triangle {
    fn scaled(&self, k: i32) -> Self {
        Triangle::new(
            ldexp_vec(self.a, k),
            ldexp_vec(self.b, k),
            ldexp_vec(self.c, k),
        )
    }
    fn strategy() -> BoxedStrategy<Self> {
        (point(), point(), point())
            .prop_map(|(a, b, c)| Triangle::new(a, b, c))
            .boxed()
    }
}

impl Scaled for Segment {
    fn scaled(&self, k: i32) -> Self {
        Segment::new(ldexp_vec(self.a, k), ldexp_vec(self.b, k))
    }
    fn strategy() -> BoxedStrategy<Self> {
        (point(), point())
            .prop_map(|(a, b)| Segment::new(a, b))
            .boxed()
    }
}

impl Scaled for Ray {
    fn scaled(&self, k: i32) -> Self {
        Ray::new(ldexp_vec(self.origin, k), ldexp_vec(self.dir, k))
    }
    fn strategy() -> BoxedStrategy<Self> {
        (point(), direction())
            .prop_map(|(o, d)| Ray::new(o, d))
            .boxed()
    }
}

impl Scaled for Line {
    fn scaled(&self, k: i32) -> Self {
        Line::new(ldexp_vec(self.origin, k), ldexp_vec(self.dir, k))
    }
    fn strategy() -> BoxedStrategy<Self> {
        (point(), direction())
            .prop_map(|(o, d)| Line::new(o, d))
            .boxed()
    }
}

impl Scaled for Plane {
    fn scaled(&self, k: i32) -> Self {
        Plane {
            normal: self.normal,
            d: ldexp(self.d, k),
        }
    }
    fn strategy() -> BoxedStrategy<Self> {
        // Normals along the axes and the diagonals of a face keep `d` dyadic after
        // normalization only for the axes; any `d` is exact to scale anyway.
        (direction(), dyadic())
            .prop_map(|(n, d)| Plane {
                normal: n.normalize(),
                d,
            })
            .boxed()
    }
}

impl Scaled for Frustum {
    fn scaled(&self, k: i32) -> Self {
        Frustum::new(self.planes.map(|p| p.scaled(k)))
    }
    fn strategy() -> BoxedStrategy<Self> {
        // A box (rotated) as six planes: bounded, as cameras' frusta are.
        (Aabb::strategy(), rotation())
            .prop_map(|(b, q)| {
                let (c, h) = (b.center(), b.half_extents());
                Frustum::new(core::array::from_fn(|i| {
                    let axis =
                        [Vec3::X, Vec3::Y, Vec3::Z][i / 2] * if i % 2 == 0 { -1.0 } else { 1.0 };
                    let n = q * axis;
                    Plane {
                        normal: n,
                        d: n.dot(c) + h[i / 2],
                    }
                }))
            })
            .boxed()
    }
}

impl Scaled for ConvexHull {
    fn scaled(&self, k: i32) -> Self {
        ConvexHull::new(
            self.points()
                .iter()
                .map(|p| ldexp_vec(*p, k))
                .collect::<Vec<_>>(),
        )
    }
    fn strategy() -> BoxedStrategy<Self> {
        prop::collection::vec(point(), 1..9)
            .prop_map(ConvexHull::new)
            .boxed()
    }
}

/// Whether every input coordinate survived the scaling exactly (a plane's `d` of 0.003 at
/// `2⁻¹²⁵` is subnormal and rounded: that case says nothing about the query).
fn exact<S: Scaled + PartialEq>(x: &S, k: i32) -> bool {
    x.scaled(k).scaled(-k) == *x
}

/// `expected` (the answer at scale 1) times `2ᵏ` equals `got`: exactly, or `+∞` beyond the
/// range, or within the subnormal range's rounding.
fn same_length(expected: Real, got: Real, k: i32) -> bool {
    let e = ldexp(expected, k);
    e == got
        || (e.is_nan() && got.is_nan())
        || (e.abs() < 4.0 * Real::MIN_POSITIVE && (e - got).abs() <= 4.0 * Real::MIN_POSITIVE)
}

fn same_point(expected: Vec3, got: Vec3, k: i32) -> bool {
    same_length(expected.x, got.x, k)
        && same_length(expected.y, got.y, k)
        && same_length(expected.z, got.z, k)
}

fn check(ok: bool, what: impl FnOnce() -> String) -> Result<(), TestCaseError> {
    if ok {
        Ok(())
    } else {
        Err(TestCaseError::fail(what()))
    }
}

fn pair<A, B>(x: &A, y: &B, k: i32) -> Result<(), TestCaseError>
where
    A: Scaled + PartialEq + Intersects<B> + Distance<B>,
    B: Scaled + PartialEq,
{
    if !(exact(x, k) && exact(y, k)) {
        return Ok(());
    }
    let (xs, ys) = (x.scaled(k), y.scaled(k));
    let (i0, ik) = (x.intersects(y), xs.intersects(&ys));
    check(i0 == ik, || {
        format!("intersects {i0} at 1, {ik} at 2^{k}: {x:?} {y:?}")
    })?;
    let (d0, dk) = (x.closest_points(y), xs.closest_points(&ys));
    check(
        same_length(d0.distance, dk.distance, k)
            && same_point(d0.a, dk.a, k)
            && same_point(d0.b, dk.b, k),
        || format!("closest points {d0:?} at 1, {dk:?} at 2^{k}: {x:?} {y:?}"),
    )
}

fn intersects_only<A, B>(x: &A, y: &B, k: i32) -> Result<(), TestCaseError>
where
    A: Scaled + PartialEq + Intersects<B>,
    B: Scaled + PartialEq,
{
    if !(exact(x, k) && exact(y, k)) {
        return Ok(());
    }
    let (i0, ik) = (x.intersects(y), x.scaled(k).intersects(&y.scaled(k)));
    check(i0 == ik, || {
        format!("intersects {i0} at 1, {ik} at 2^{k}: {x:?} {y:?}")
    })
}

fn contact<A, B>(x: &A, y: &B, k: i32) -> Result<(), TestCaseError>
where
    A: Scaled + PartialEq + Contact<B>,
    B: Scaled + PartialEq,
{
    if !(exact(x, k) && exact(y, k)) {
        return Ok(());
    }
    let (c0, ck) = (x.contact(y), x.scaled(k).contact(&y.scaled(k)));
    let ok = match (c0, ck) {
        (None, None) => true,
        (Some(a), Some(b)) => {
            same_length(a.depth, b.depth, k)
                && same_point(a.point, b.point, k)
                && a.normal == b.normal
        }
        _ => false,
    };
    check(ok, || {
        format!("contact {c0:?} at 1, {ck:?} at 2^{k}: {x:?} {y:?}")
    })
}

fn sweep<A, B>(x: &A, m: Vec3, y: &B, n: Vec3, k: i32) -> Result<(), TestCaseError>
where
    A: Scaled + PartialEq + Sweep<B>,
    B: Scaled + PartialEq,
{
    if !(exact(x, k) && exact(y, k) && exact(&m, k) && exact(&n, k)) {
        return Ok(());
    }
    let h0 = x.sweep(m, y, n);
    let hk = x
        .scaled(k)
        .sweep(ldexp_vec(m, k), &y.scaled(k), ldexp_vec(n, k));
    let ok = match (h0, hk) {
        (None, None) => true,
        (Some(a), Some(b)) => {
            a.t_first == b.t_first
                && a.t_last == b.t_last
                && a.normal == b.normal
                && same_point(a.point, b.point, k)
        }
        _ => false,
    };
    check(ok, || {
        format!("sweep {h0:?} at 1, {hk:?} at 2^{k}: {x:?} {m} {y:?} {n}")
    })
}

impl Scaled for Vec3 {
    fn scaled(&self, k: i32) -> Self {
        ldexp_vec(*self, k)
    }
    fn strategy() -> BoxedStrategy<Self> {
        point().boxed()
    }
}

fn cast<A>(x: &A, ray: &Ray, k: i32) -> Result<(), TestCaseError>
where
    A: Scaled + PartialEq + RayCast,
{
    if !(exact(x, k) && exact(ray, k)) {
        return Ok(());
    }
    let (xs, rs) = (x.scaled(k), ray.scaled(k));
    for (h0, hk, what) in [
        (x.raycast(ray, 4.0), xs.raycast(&rs, 4.0), "raycast"),
        (
            x.raycast_surface(ray, 4.0),
            xs.raycast_surface(&rs, 4.0),
            "raycast_surface",
        ),
    ] {
        let ok = match (h0, hk) {
            (None, None) => true,
            (Some(a), Some(b)) => {
                a.t == b.t && a.normal == b.normal && same_point(a.point, b.point, k)
            }
            _ => false,
        };
        check(ok, || {
            format!("{what} {h0:?} at 1, {hk:?} at 2^{k}: {x:?} {ray:?}")
        })?;
    }
    let (a0, ak) = (x.raycast_any(ray, 4.0), xs.raycast_any(&rs, 4.0));
    check(a0 == ak, || {
        format!("raycast_any {a0} at 1, {ak} at 2^{k}: {x:?} {ray:?}")
    })
}

fn point_query<A>(x: &A, p: Vec3, k: i32) -> Result<(), TestCaseError>
where
    A: Scaled + PartialEq + PointQuery,
{
    if !exact(x, k) {
        return Ok(());
    }
    let (xs, ps) = (x.scaled(k), ldexp_vec(p, k));
    let (q0, qk) = (x.closest_point(p), xs.closest_point(ps));
    check(same_point(q0, qk, k), || {
        format!("closest point {q0} at 1, {qk} at 2^{k}: {x:?} {p}")
    })?;
    let (d0, dk) = (x.distance_to_point(p), xs.distance_to_point(ps));
    check(same_length(d0, dk, k), || {
        format!("distance {d0} at 1, {dk} at 2^{k}: {x:?} {p}")
    })?;
    let (c0, ck) = (x.contains_point(p), xs.contains_point(ps));
    check(c0 == ck, || {
        format!("contains {c0} at 1, {ck} at 2^{k}: {x:?} {p}")
    })
}

fn classify<A>(x: &A, plane: &Plane, k: i32) -> Result<(), TestCaseError>
where
    A: Scaled + PartialEq + Classify + Bounded,
{
    if !(exact(x, k) && exact(plane, k)) {
        return Ok(());
    }
    let xs = x.scaled(k);
    let (s0, sk) = (x.classify(plane), xs.classify(&plane.scaled(k)));
    check(s0 == sk, || {
        format!("classify {s0:?} at 1, {sk:?} at 2^{k}: {x:?} {plane:?}")
    })?;
    let (b0, bk) = (x.aabb(), xs.aabb());
    check(
        same_point(b0.min, bk.min, k) && same_point(b0.max, bk.max, k),
        || format!("aabb {b0:?} at 1, {bk:?} at 2^{k}: {x:?}"),
    )
}

macro_rules! pairs {
    ($check:ident: $($name:ident: $a:ty, $b:ty;)*) => {
        proptest! {
            #![proptest_config(ProptestConfig::with_cases(48))]
            $(
                #[test]
                fn $name(x in <$a>::strategy(), y in <$b>::strategy(), k in exponent()) {
                    $check(&x, &y, k)?;
                    $check(&y, &x, k)?;
                }
            )*
        }
    };
}

pairs! {
    pair:
    distance_sphere_sphere: Sphere, Sphere;
    distance_sphere_aabb: Sphere, Aabb;
    distance_sphere_obb: Sphere, Obb;
    distance_sphere_capsule: Sphere, Capsule;
    distance_sphere_triangle: Sphere, Triangle;
    distance_sphere_segment: Sphere, Segment;
    distance_sphere_ray: Sphere, Ray;
    distance_sphere_line: Sphere, Line;
    distance_sphere_plane: Sphere, Plane;
    distance_sphere_convex_hull: Sphere, ConvexHull;
    distance_aabb_aabb: Aabb, Aabb;
    distance_aabb_obb: Aabb, Obb;
    distance_aabb_capsule: Aabb, Capsule;
    distance_aabb_triangle: Aabb, Triangle;
    distance_aabb_segment: Aabb, Segment;
    distance_aabb_ray: Aabb, Ray;
    distance_aabb_line: Aabb, Line;
    distance_aabb_plane: Aabb, Plane;
    distance_aabb_convex_hull: Aabb, ConvexHull;
    distance_obb_obb: Obb, Obb;
    distance_obb_capsule: Obb, Capsule;
    distance_obb_triangle: Obb, Triangle;
    distance_obb_segment: Obb, Segment;
    distance_obb_ray: Obb, Ray;
    distance_obb_line: Obb, Line;
    distance_obb_plane: Obb, Plane;
    distance_obb_convex_hull: Obb, ConvexHull;
    distance_capsule_capsule: Capsule, Capsule;
    distance_capsule_triangle: Capsule, Triangle;
    distance_capsule_segment: Capsule, Segment;
    distance_capsule_ray: Capsule, Ray;
    distance_capsule_line: Capsule, Line;
    distance_capsule_plane: Capsule, Plane;
    distance_capsule_convex_hull: Capsule, ConvexHull;
    distance_triangle_triangle: Triangle, Triangle;
    distance_triangle_segment: Triangle, Segment;
    distance_triangle_ray: Triangle, Ray;
    distance_triangle_line: Triangle, Line;
    distance_triangle_plane: Triangle, Plane;
    distance_triangle_convex_hull: Triangle, ConvexHull;
    distance_segment_segment: Segment, Segment;
    distance_segment_ray: Segment, Ray;
    distance_segment_line: Segment, Line;
    distance_segment_plane: Segment, Plane;
    distance_segment_convex_hull: Segment, ConvexHull;
    distance_ray_ray: Ray, Ray;
    distance_ray_line: Ray, Line;
    distance_ray_plane: Ray, Plane;
    distance_ray_convex_hull: Ray, ConvexHull;
    distance_line_line: Line, Line;
    distance_line_plane: Line, Plane;
    distance_line_convex_hull: Line, ConvexHull;
    distance_plane_plane: Plane, Plane;
    distance_plane_convex_hull: Plane, ConvexHull;
    distance_convex_hull_convex_hull: ConvexHull, ConvexHull;
}

pairs! {
    intersects_only:
    intersects_sphere_frustum: Sphere, Frustum;
    intersects_aabb_frustum: Aabb, Frustum;
    intersects_obb_frustum: Obb, Frustum;
    intersects_capsule_frustum: Capsule, Frustum;
    intersects_triangle_frustum: Triangle, Frustum;
    intersects_segment_frustum: Segment, Frustum;
    intersects_ray_frustum: Ray, Frustum;
    intersects_line_frustum: Line, Frustum;
    intersects_plane_frustum: Plane, Frustum;
    intersects_frustum_frustum: Frustum, Frustum;
    intersects_frustum_convex_hull: Frustum, ConvexHull;
}

pairs! {
    contact:
    contact_sphere_sphere: Sphere, Sphere;
    contact_sphere_aabb: Sphere, Aabb;
    contact_sphere_obb: Sphere, Obb;
    contact_sphere_capsule: Sphere, Capsule;
    contact_sphere_triangle: Sphere, Triangle;
    contact_sphere_plane: Sphere, Plane;
    contact_sphere_convex_hull: Sphere, ConvexHull;
    contact_aabb_aabb: Aabb, Aabb;
    contact_aabb_obb: Aabb, Obb;
    contact_aabb_capsule: Aabb, Capsule;
    contact_aabb_triangle: Aabb, Triangle;
    contact_aabb_plane: Aabb, Plane;
    contact_aabb_convex_hull: Aabb, ConvexHull;
    contact_obb_obb: Obb, Obb;
    contact_obb_capsule: Obb, Capsule;
    contact_obb_triangle: Obb, Triangle;
    contact_obb_plane: Obb, Plane;
    contact_obb_convex_hull: Obb, ConvexHull;
    contact_capsule_capsule: Capsule, Capsule;
    contact_capsule_triangle: Capsule, Triangle;
    contact_capsule_plane: Capsule, Plane;
    contact_capsule_convex_hull: Capsule, ConvexHull;
    contact_triangle_triangle: Triangle, Triangle;
    contact_triangle_plane: Triangle, Plane;
    contact_triangle_convex_hull: Triangle, ConvexHull;
    contact_plane_plane: Plane, Plane;
    contact_plane_convex_hull: Plane, ConvexHull;
    contact_convex_hull_convex_hull: ConvexHull, ConvexHull;
}

macro_rules! sweeps {
    ($($name:ident: $a:ty, $b:ty;)*) => {
        proptest! {
            #![proptest_config(ProptestConfig::with_cases(48))]
            $(
                #[test]
                fn $name(
                    x in <$a>::strategy(),
                    y in <$b>::strategy(),
                    m in point(),
                    n in point(),
                    k in exponent(),
                ) {
                    sweep(&x, m * 2.0, &y, n, k)?;
                    sweep(&y, n, &x, m * 2.0, k)?;
                }
            )*
        }
    };
}

sweeps! {
    sweep_sphere_sphere: Sphere, Sphere;
    sweep_sphere_aabb: Sphere, Aabb;
    sweep_sphere_obb: Sphere, Obb;
    sweep_sphere_capsule: Sphere, Capsule;
    sweep_sphere_triangle: Sphere, Triangle;
    sweep_sphere_plane: Sphere, Plane;
    sweep_sphere_convex_hull: Sphere, ConvexHull;
    sweep_aabb_aabb: Aabb, Aabb;
    sweep_aabb_obb: Aabb, Obb;
    sweep_aabb_capsule: Aabb, Capsule;
    sweep_aabb_triangle: Aabb, Triangle;
    sweep_aabb_plane: Aabb, Plane;
    sweep_aabb_convex_hull: Aabb, ConvexHull;
    sweep_obb_obb: Obb, Obb;
    sweep_obb_capsule: Obb, Capsule;
    sweep_obb_triangle: Obb, Triangle;
    sweep_obb_plane: Obb, Plane;
    sweep_obb_convex_hull: Obb, ConvexHull;
    sweep_capsule_capsule: Capsule, Capsule;
    sweep_capsule_triangle: Capsule, Triangle;
    sweep_capsule_plane: Capsule, Plane;
    sweep_capsule_convex_hull: Capsule, ConvexHull;
    sweep_triangle_triangle: Triangle, Triangle;
    sweep_triangle_plane: Triangle, Plane;
    sweep_triangle_convex_hull: Triangle, ConvexHull;
    sweep_convex_hull_convex_hull: ConvexHull, ConvexHull;
    sweep_convex_hull_plane: ConvexHull, Plane;
}

macro_rules! singles {
    ($($name:ident: $a:ty;)*) => {
        mod casts_and_points {
            use super::*;
            proptest! {
                #![proptest_config(ProptestConfig::with_cases(64))]
                $(
                    #[test]
                    fn $name(x in <$a>::strategy(), ray in Ray::strategy(), p in point(), plane in Plane::strategy(), k in exponent()) {
                        point_query(&x, p, k)?;
                        single_extra(&x, &ray, &plane, k)?;
                    }
                )*
            }
        }
    };
}

/// The casts and the classification, for the shapes that have them.
trait Extra {
    fn extra(&self, ray: &Ray, plane: &Plane, k: i32) -> Result<(), TestCaseError>;
}

macro_rules! extra {
    (cast classify: $($a:ty),*) => { $(impl Extra for $a {
        fn extra(&self, ray: &Ray, plane: &Plane, k: i32) -> Result<(), TestCaseError> {
            cast(self, ray, k)?;
            classify(self, plane, k)
        }
    })* };
    (cast: $($a:ty),*) => { $(impl Extra for $a {
        fn extra(&self, ray: &Ray, _plane: &Plane, k: i32) -> Result<(), TestCaseError> {
            cast(self, ray, k)
        }
    })* };
    (classify: $($a:ty),*) => { $(impl Extra for $a {
        fn extra(&self, _ray: &Ray, plane: &Plane, k: i32) -> Result<(), TestCaseError> {
            classify(self, plane, k)
        }
    })* };
    (none: $($a:ty),*) => { $(impl Extra for $a {
        fn extra(&self, _ray: &Ray, _plane: &Plane, _k: i32) -> Result<(), TestCaseError> {
            Ok(())
        }
    })* };
}

extra!(cast classify: Sphere, Aabb, Obb, Capsule, Triangle, Frustum, ConvexHull);
extra!(cast: Plane);
extra!(classify: Segment);
extra!(none: Ray, Line);

fn single_extra<A: Extra>(x: &A, ray: &Ray, plane: &Plane, k: i32) -> Result<(), TestCaseError> {
    x.extra(ray, plane, k)
}

singles! {
    sphere: Sphere;
    aabb: Aabb;
    obb: Obb;
    capsule: Capsule;
    triangle: Triangle;
    segment: Segment;
    ray: Ray;
    line: Line;
    plane: Plane;
    frustum: Frustum;
    convex_hull: ConvexHull;
}
