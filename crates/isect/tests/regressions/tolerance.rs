//! Issue 24, item 1: on-set tolerances that grew with the distance from the origin instead of
//! following the rounding the computation incurs, and contacts, distances and `classify` that
//! disagreed with `intersects` about the same pair.

use isect::math::Vec3;
use isect::{
    Aabb, Capsule, Classify, Contact, Distance, Intersects, Line, Obb, Plane, PointQuery, Ray,
    Real, Segment, Side, Sphere, Triangle,
};
use proptest::prelude::*;

use crate::common::{strategy, v};

/// At `x = 1e6` a unit segment contained a point 7 away in `f32`: the tolerance was 64 ulp of the
/// largest coordinate (7.6 there), not of the segment's own size; at `1e5` a point half a unit
/// away was in. The tolerance is now 64 ulp of the extent plus 8 ulp of the magnitude (0.95 at
/// `1e6`, 0.095 at `1e5` in `f32`): those points are out, and so is one 1.5 away at `1e6`; the
/// point on the segment, exactly representable, is in. Lines and rays share the test.
#[test]
fn segment_far_from_origin_contained_a_point_7_away() {
    for (x, offs) in [(1e5, [7.0, 0.5]), (1e6, [7.0, 1.5])] {
        let (a, b) = (v(x, 0.0, 0.0), v(x + 1.0, 0.0, 0.0));
        let on = v(x + 0.5, 0.0, 0.0);
        for off in offs {
            let p = v(x + 0.5, off, 0.0);
            assert!(!Segment::new(a, b).contains_point(p), "x = {x}, off {off}");
            assert!(!Line::new(a, b - a).contains_point(p), "x = {x}, off {off}");
            assert!(!Ray::new(a, b - a).contains_point(p), "x = {x}, off {off}");
        }
        assert!(Segment::new(a, b).contains_point(on));
        assert!(Line::new(a, b - a).contains_point(on));
        assert!(Ray::new(a, b - a).contains_point(on));
    }
}

/// The same for a unit triangle at `1e6` and a point 1.5 above it (7.6 was the old slack).
#[test]
fn triangle_far_from_origin_contained_a_point_above_it() {
    let o = v(1e6, 1e6, 0.0);
    let t = Triangle::new(o, o + Vec3::X, o + Vec3::Y);
    assert!(!t.contains_point(o + v(0.25, 0.25, 1.5)));
    assert!(!t.contains_point(o + v(0.25, 0.25, -7.0)));
    assert!(t.contains_point(o + v(0.25, 0.25, 0.0)));
}

/// `Plane(x = 0)` "intersected" the box from `x = 1` to `x = 131072` while its distance was 1,
/// its contact `None` and `classify` said it was in front: the solid–plane tolerance took 64 ulp
/// of the box's extent and of its center (0.5 each in `f32`). By exact arithmetic the box lies
/// in front of the plane, 1 away: `Side::Front` (the "Back" was a misreading).
#[test]
fn plane_intersected_a_box_one_unit_away() {
    let plane = Plane::new(Vec3::X, 0.0);
    let slab = Aabb::new(v(1.0, 0.0, 0.0), v(131_072.0, 1.0, 0.0));
    assert!(!slab.intersects(&plane));
    assert!(!plane.intersects(&slab));
    assert_eq!(slab.distance(&plane), 1.0);
    assert!(slab.contact(&plane).is_none());
    assert_eq!(slab.classify(&plane), Side::Front);
    // Control: the box moved to touch the plane.
    let touching = Aabb::new(v(0.0, 0.0, 0.0), v(131_072.0, 1.0, 0.0));
    assert!(touching.intersects(&plane));
    assert_eq!(touching.distance(&plane), 0.0);
    assert_eq!(touching.contact(&plane).map(|c| c.depth), Some(0.0));
    assert_eq!(touching.classify(&plane), Side::Straddle);
}

/// `Sphere(0, 1)` against the radius-0 capsule from `(−1, 1, 0)` to `(0, 0, 1048576)` had a
/// contact of depth 1 while `intersects` was false: the contact snapped the core's closest point
/// onto the center when they were within 64 ulp of the capsule's length (8 in `f32`). The core
/// passes `√2` from the center (its closest point is within 1e-6 of `(−1, 1, 0)`), so the shapes
/// are apart by `√2 − 1`.
#[test]
fn sphere_capsule_contact_where_intersects_was_false() {
    let ball = Sphere::new(Vec3::ZERO, 1.0);
    let pill = Capsule::new(v(-1.0, 1.0, 0.0), v(0.0, 0.0, 1_048_576.0), 0.0);
    assert!(!ball.intersects(&pill));
    assert!(ball.contact(&pill).is_none());
    assert!(pill.contact(&ball).is_none());
    let gap = ball.distance(&pill);
    assert!((gap - (isect::ops::sqrt(2.0) - 1.0)).abs() < 1e-5, "{gap}");
    // Control: with radius 1 the capsule reaches into the ball.
    let fat = Capsule::new(pill.a, pill.b, 1.0);
    assert!(ball.intersects(&fat));
    let c = ball.contact(&fat).expect("overlap");
    assert!(
        (c.depth - (2.0 - isect::ops::sqrt(2.0))).abs() < 1e-5,
        "{}",
        c.depth
    );
}

/// Shapes moved by an offset: exactly for shapes snapped to [`GRID`] and offsets on it (the sums
/// stay within the precision), up to one rounding of the offset for a plane's `d`.
trait Moved {
    fn moved(&self, o: Vec3) -> Self;
}

impl Moved for Sphere {
    fn moved(&self, o: Vec3) -> Self {
        Sphere::new(self.center + o, self.radius)
    }
}
impl Moved for Aabb {
    fn moved(&self, o: Vec3) -> Self {
        Aabb::new(self.min + o, self.max + o)
    }
}
impl Moved for Obb {
    fn moved(&self, o: Vec3) -> Self {
        Obb::new(self.center + o, self.half_extents, self.rotation)
    }
}
impl Moved for Capsule {
    fn moved(&self, o: Vec3) -> Self {
        Capsule::new(self.a + o, self.b + o, self.radius)
    }
}
impl Moved for Triangle {
    fn moved(&self, o: Vec3) -> Self {
        Triangle::new(self.a + o, self.b + o, self.c + o)
    }
}
impl Moved for Segment {
    fn moved(&self, o: Vec3) -> Self {
        Segment::new(self.a + o, self.b + o)
    }
}
impl Moved for Plane {
    fn moved(&self, o: Vec3) -> Self {
        Plane {
            normal: self.normal,
            d: self.d + self.normal.dot(o),
        }
    }
}

/// The grid the local shapes and the offsets are snapped to: `2⁻⁵`, so that a coordinate of
/// magnitude below 32 plus an offset below `2¹⁷` (`f32`) or `2⁴⁰` (`f64`) is exact.
const GRID: Real = 32.0;

fn snap(x: Real) -> Real {
    isect::ops::floor(x * GRID + 0.5) / GRID
}

fn snap_vec(p: Vec3) -> Vec3 {
    Vec3::new(snap(p.x), snap(p.y), snap(p.z))
}

/// The largest power of two below the offsets: `2¹⁷` (about 1.3e5) in `f32`, `2⁴¹` (about
/// 2.2e12) in `f64`.
#[cfg(not(isect_f64))]
const FAR_EXPONENT: u32 = 17;
#[cfg(isect_f64)]
const FAR_EXPONENT: u32 = 41;

/// An offset whose coordinates have magnitudes spread over `[1, 2^FAR_EXPONENT)` (log-uniform
/// by binade), random signs, on the grid.
fn offset() -> impl Strategy<Value = Vec3> {
    let coordinate =
        (0..FAR_EXPONENT, 0u32..1 << 20, any::<bool>()).prop_map(|(e, k, negative)| {
            let x = snap((1.0 + k as Real / (1u32 << 20) as Real) * (1u64 << e) as Real);
            if negative { -x } else { x }
        });
    (coordinate.clone(), coordinate.clone(), coordinate).prop_map(|(x, y, z)| Vec3::new(x, y, z))
}

/// How far from the boundary a pair at coordinates of magnitude `m` must be for its answer to be
/// beyond rounding: 32 ulp of `m` (the roundings of points at that magnitude, 4 times the
/// tolerance for them) plus a few thousand ulp of the local shapes' size (about 20). Main's
/// tolerance of 64 ulp of `m` answered wrong between the two.
fn margin(m: Real) -> Real {
    Real::EPSILON * (32.0 * m + 2048.0)
}

/// What the pair is, clear of the boundary, judged on the pair at the origin: `Some(false)`
/// when apart by more than `clear`, `Some(true)` when overlapping by more than `clear` (contact
/// depth), `None` near the boundary.
fn truth(distance: Real, depth: Option<Real>, clear: Real) -> Option<bool> {
    if distance > clear {
        Some(false)
    } else if depth.is_some_and(|d| d > clear) {
        Some(true)
    } else {
        None
    }
}

/// Checks, for a pair clear of the boundary at the origin, that `intersects` (both orders),
/// `distance == 0` and `contact.is_some()` of the pair moved by `o` agree with its truth there;
/// returns that truth.
fn agree<A, B>(a: &A, b: &B, o: Vec3) -> Option<bool>
where
    A: Moved + Intersects<B> + Distance<B> + Contact<B>,
    B: Moved + Intersects<A>,
{
    let clear = margin(o.abs().max_element() + 32.0);
    let depth = |a: &A, b: &B| a.contact(b).map(|c| c.depth);
    let meet = truth(a.distance(b), depth(a, b), clear)?;
    assert_eq!(a.intersects(b), meet, "at the origin");
    let (fa, fb) = (a.moved(o), b.moved(o));
    assert_eq!(fa.intersects(&fb), meet, "intersects, moved by {o}");
    assert_eq!(
        fb.intersects(&fa),
        meet,
        "intersects reversed, moved by {o}"
    );
    let d = fa.distance(&fb);
    assert_eq!(d == 0.0, meet, "distance {d}, moved by {o}");
    let c = fa.contact(&fb);
    assert_eq!(c.is_some(), meet, "contact {c:?}, moved by {o}");
    Some(meet)
}

/// [`agree`] for a shape and a plane, and `classify`: `Straddle` exactly when they meet, else
/// the side the shape lies on at the origin.
fn agree_with_plane<A>(a: &A, plane: &Plane, o: Vec3)
where
    A: Moved + Intersects<Plane> + Distance<Plane> + Contact<Plane> + Classify,
    Plane: Intersects<A>,
{
    let Some(meet) = agree(a, plane, o) else {
        return;
    };
    let side = a.moved(o).classify(&plane.moved(o));
    let expected = if meet {
        Side::Straddle
    } else {
        a.classify(plane)
    };
    assert_ne!(
        a.classify(plane) == Side::Straddle,
        !meet,
        "classify at the origin"
    );
    assert_eq!(side, expected, "classify, moved by {o}");
}

/// For pairs without a contact (lower-dimensional sets): apart clear of the boundary at the
/// origin, the moved pair is apart too, by a positive distance.
fn agree_apart<A, B>(a: &A, b: &B, o: Vec3)
where
    A: Moved + Intersects<B> + Distance<B>,
    B: Moved + Intersects<A>,
{
    let clear = margin(o.abs().max_element() + 32.0);
    if a.distance(b) > clear {
        assert!(!a.intersects(b), "at the origin");
        let (fa, fb) = (a.moved(o), b.moved(o));
        assert!(!fa.intersects(&fb), "intersects, moved by {o}");
        assert!(!fb.intersects(&fa), "intersects reversed, moved by {o}");
        let d = fa.distance(&fb);
        assert!(d > 0.0, "distance {d}, moved by {o}");
    }
}

fn sphere() -> impl Strategy<Value = Sphere> {
    strategy::sphere().prop_map(|s| Sphere::new(snap_vec(s.center), snap(s.radius)))
}
fn aabb() -> impl Strategy<Value = Aabb> {
    strategy::aabb().prop_map(|b| Aabb::new(snap_vec(b.min), snap_vec(b.max)))
}
fn obb() -> impl Strategy<Value = Obb> {
    strategy::obb().prop_map(|b| Obb::new(snap_vec(b.center), b.half_extents, b.rotation))
}
fn capsule() -> impl Strategy<Value = Capsule> {
    strategy::capsule().prop_map(|c| Capsule::new(snap_vec(c.a), snap_vec(c.b), snap(c.radius)))
}
fn triangle() -> impl Strategy<Value = Triangle> {
    strategy::triangle().prop_map(|t| Triangle::new(snap_vec(t.a), snap_vec(t.b), snap_vec(t.c)))
}
fn segment() -> impl Strategy<Value = Segment> {
    strategy::segment().prop_map(|s| Segment::new(snap_vec(s.a), snap_vec(s.b)))
}
fn plane() -> impl Strategy<Value = Plane> {
    strategy::plane().prop_map(|p| Plane {
        normal: p.normal,
        d: snap(p.d),
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Solids and triangles against planes: `intersects`, `distance == 0`, `contact` and
    /// `classify` agree, far from the origin as at it.
    #[test]
    fn plane_pairs_agree_far_from_the_origin(
        s in sphere(), b in aabb(), r in obb(), c in capsule(), t in triangle(), p in plane(),
        o in offset(),
    ) {
        agree_with_plane(&s, &p, o);
        agree_with_plane(&b, &p, o);
        agree_with_plane(&r, &p, o);
        agree_with_plane(&c, &p, o);
        agree_with_plane(&t, &p, o);
    }

    /// Round shapes and triangles: `intersects`, `distance == 0` and `contact` agree, far from
    /// the origin as at it.
    #[test]
    fn round_pairs_agree_far_from_the_origin(
        s in sphere(), c in capsule(), d in capsule(), t in triangle(), u in triangle(),
        o in offset(),
    ) {
        agree(&s, &c, o);
        agree(&c, &s, o);
        agree(&c, &d, o);
        agree(&s, &t, o);
        agree(&c, &t, o);
        agree(&t, &u, o);
    }

    /// Segments (sets without a contact): apart at the origin, apart far from it.
    #[test]
    fn segment_pairs_stay_apart_far_from_the_origin(
        s in segment(), q in segment(), t in triangle(), p in plane(), o in offset(),
    ) {
        agree_apart(&s, &q, o);
        agree_apart(&s, &t, o);
        agree_apart(&s, &p, o);
    }
}
