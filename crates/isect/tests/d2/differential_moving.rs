//! Ray casts, contacts and sweeps against parry2d (parry2d-f64 for isect-f64) on random inputs,
//! for the shapes parry has (discs, boxes, capsules, triangles, segments, convex polygons),
//! away from the boundary: hit or miss and `t` where the ray does not graze the shape, the
//! depth where parry's and isect's contacts are both clearly penetrating, and the time of first
//! contact where the shapes start clearly apart and overlap for a stretch of time. parry is an
//! independent implementation, not ground truth.
//!
//! Known differences, by design: parry's surface cast from inside reports the inward normal
//! (isect's is outward); its segment is a surface hit from both sides, as isect's.
//!
//! parry's faults found here: its surface cast (`solid = false`) from inside a
//! `ConvexPolygon` can miss the exit by far (triangle `(−1.97, −3.115), (6.651, 0), (0, 1)`,
//! ray from the origin along `(0, −9.188)`: the exit through the edge from the first to the
//! second corner is at `y = −2.403`, `t = 0.2616`, as isect says; parry reports `t = 3.04`), so
//! surface casts from inside polygons are not compared. Its solid cast on a `ConvexPolygon` (a
//! GJK cast on the support map) can stop short of the polygon (triangle `(−5.938, −4.985), (0,
//! 0), (−0.0967, 6.919)`, ray from `(−4, −1)` along `(−3.492, −9.176)`: in rationals the ray
//! enters through the edge from the third corner to the first at `t = 0.017363`, as isect says;
//! parry reports `t = 0.016675`, a point 6e-4 outside), so an earlier parry time is accepted
//! where parry's point is outside the shape (exact containment) and isect's on it. Its capsule–box contact depth is off by
//! up to 0.005 where the capsule's core is apart from the box (capsule `(3.1018, −8.8257)` to
//! `(1, 4)`, radius 1.3176, box `[−2, 0.4273] × [2, 4]`: the core's end `(1, 4)` is 0.5727 from
//! the box's corner, so the depth is 0.7449, isect's; parry says 0.7401; against a triangle 4% off:
//! capsule `(−9.8993, 1.3708)` to `(0.7923, 8.7684)`, radius 1.4255, triangle `(1.3427, 8.6652),
//! (7.8122, −9.2913), (2, 1)`: the cores are 0.5600 apart, so the depth is 0.8655, isect's; parry
//! says 0.8320, and its push leaves them overlapping), so depths are compared within 1% and
//! beyond it only with the certificate that parry's push does not separate; and a capsule of zero length (a disc) gets depths 0.02 too small (radius 2.1225 at
//! `(−3, −3)` against the box `[−2.3145, 0.6855] × [−1.8806, 1.1194]`, whose corner is 1.3134
//! from the center: depth 0.8099, isect's; parry says 0.7873), so capsules shorter than 0.05 are
//! left out of the contact comparison. Its shape casts (`cast_shapes`) stop before the shapes
//! touch (a disc of radius 0.52 at `(2, 0)` against the triangle `(−4.236, 4.589), (0, 0),
//! (6.401, −4.769)`: 0.0501 against isect's 0.0505); where the times differ, the test asks for
//! the certificate that the shapes are apart at parry's time and touch at isect's. Its contact
//! normal for a disc centred exactly on a polygon's corner can lie outside the corner's normal
//! cone (disc at `(1, 3)`, radius 1.4021, against the polygon `(−6.1641, −4.9917), (1, 3),
//! (1.6982, 3.9005), (−1.0238, 9.8426)`: parry's `(0.3162, 0.9487)` is the direction of the corner
//! from the origin, its push of the radius leaves the disc across the edge `(1, 3)–(1.6982,
//! 3.9005)`; isect's edge normal `(0.7446, −0.6675)` separates).
//!
//! Ties, both right: where a core point lies exactly on a corner of the other shape (the random
//! shapes snap to integers, so a disc centred on a box's corner, a capsule's end on a triangle's
//! corner), every direction in the corner's normal cone is a least push of the same depth, and
//! isect and parry pick different ones. So a normal unlike parry's at the same depth is accepted
//! where isect's push (a little more than its depth along its normal) separates the shapes.

use isect::Real;
use isect::d2::{
    Aabb, Contact, ContactManifold, ConvexPolygon, Distance, Intersects, Obb, Ray, RayCast,
    Segment, Sweep,
};
use isect::math::Vec2;
use parry2d::query::{
    ContactManifold as PManifold, DefaultQueryDispatcher, PersistentQueryDispatcher,
    ShapeCastOptions, cast_shapes,
};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

use super::common::{Map, TestShape, tol};
use super::differential::ToParry;
use super::strategy;

type PVec = parry2d::math::Vector;

fn pv(v: Vec2) -> PVec {
    PVec::from_array(v.to_array())
}

/// Compares solid and surface casts with parry's `cast_ray_and_get_normal`.
fn compare_cast<S>(s: &S, ray: &Ray, max_t: Real, polygonal: bool) -> Result<(), TestCaseError>
where
    S: ToParry + RayCast + Distance<Segment> + TestShape,
{
    let Some((pose, shape)) = s.parry() else {
        return Ok(());
    };
    let pray = parry2d::query::Ray::new(pv(ray.origin), pv(ray.dir));
    // Away from grazing: the ray's line clearly crosses the shape or clearly misses it.
    let line = Segment::new(ray.point_at(-100.0), ray.point_at(100.0));
    let reach = Segment::new(ray.origin, ray.point_at(max_t));
    let gap = s.distance(&reach);
    for solid in [true, false] {
        let ours = if solid {
            s.raycast(ray, max_t)
        } else {
            s.raycast_surface(ray, max_t)
        };
        let theirs = shape.cast_ray_and_get_normal(&pose, &pray, max_t, solid);
        if !solid && polygonal && s.raycast(ray, 0.0).is_some() {
            continue;
        }
        // A surface cast from a point of the boundary: isect's closed set meets the surface at
        // t = 0, parry answers the far side. Both are answers about the boundary; not compared.
        if !solid && ours.is_some_and(|h| h.t == 0.0) {
            continue;
        }
        // A solid cast from a point of the boundary entering the shape (a step back is outside):
        // isect's closed set holds the origin (t = 0), parry's cast enters further on. Not
        // compared; an origin clearly inside still is.
        if solid
            && ours.is_some_and(|h| h.t == 0.0)
            && theirs.is_some_and(|b| b.time_of_impact > 0.0)
            && !s.contains_point(ray.point_at(-1e-3))
        {
            continue;
        }
        match (ours, theirs) {
            (Some(a), Some(b)) => {
                let grazing = a.t > 0.0 && a.normal.dot(ray.dir).abs() < 0.05 * ray.dir.length();
                // parry's support-map cast can stop short of the shape: accepted where parry's
                // point is outside the shape (the exact test) and isect's lies on it.
                let short = b.time_of_impact < a.t && {
                    let t = tol(ray.origin.abs().max_element().max(s.magnitude()));
                    let theirs = ray.point_at(b.time_of_impact);
                    !s.contains_point(theirs) && s.distance_to_point(a.point) <= t
                };
                if !grazing && !short {
                    prop_assert!(
                        (a.t - b.time_of_impact).abs() * ray.dir.length() <= 2e-3,
                        "{:?} {:?} solid {}: {:?} vs parry {}",
                        s,
                        ray,
                        solid,
                        a,
                        b.time_of_impact
                    );
                }
            }
            (None, None) => {}
            (a, b) => {
                // Only at the boundary: grazing, or the hit within rounding of max_t.
                let boundary = gap < 1e-2
                    || s.distance(&line) < 1e-2
                    || a.is_some_and(|h| (h.t - max_t).abs() * ray.dir.length() < 1e-2)
                    || b.is_some_and(|h| {
                        (h.time_of_impact - max_t).abs() * ray.dir.length() < 1e-2
                    });
                prop_assert!(
                    boundary,
                    "{:?} {:?} solid {}: {:?} vs parry {:?}",
                    s,
                    ray,
                    solid,
                    a,
                    b.map(|h| h.time_of_impact)
                );
            }
        }
    }
    Ok(())
}

/// Compares the depth and normal of a contact with parry's `query::contact` where both clearly
/// penetrate. Where they differ, the test asks for a certificate from isect's own overlap test:
/// a deeper answer than parry's holds only where parry's push (a little more than its depth
/// along its normal) leaves the shapes overlapping; a shallower one, or another normal at the
/// same depth, only where isect's push separates them.
fn compare_contact<A, B>(a: &A, b: &B) -> Result<(), TestCaseError>
where
    A: ToParry + Contact<B> + Intersects<B> + TestShape,
    B: ToParry + core::fmt::Debug,
{
    let (Some((pa, ga)), Some((pb, gb))) = (a.parry(), b.parry()) else {
        return Ok(());
    };
    let theirs = parry2d::query::contact(&pa, &*ga, &pb, &*gb, 0.0).expect("supported pair");
    let ours = a.contact(b);
    let (Some(c), Some(p)) = (ours, theirs) else {
        return Ok(());
    };
    let depth = -p.dist;
    if !(depth > 1e-2 && c.depth > 1e-2) {
        return Ok(());
    }
    // parry's normal1 points from a towards b; isect's from b towards a.
    let n = -Vec2::from_array(p.normal1.to_array());
    let margin = 1e-3 * (1.0 + depth.max(c.depth));
    let overlaps_after = |push: Vec2| a.mapped(&Map::shift(push)).map(|m| m.intersects(b));
    if (c.depth - depth).abs() > 1e-2 * (1.0 + depth) {
        if c.depth > depth {
            prop_assert!(
                overlaps_after(n * (depth + margin)) == Some(true),
                "{:?} {:?}: depth {:?} deeper than parry's {} ({:?}), which separates",
                a,
                b,
                c,
                depth,
                n
            );
        } else {
            prop_assert!(
                overlaps_after(c.normal * (c.depth + margin)) == Some(false),
                "{:?} {:?}: depth {:?} shallower than parry's {}, but does not separate",
                a,
                b,
                c,
                depth
            );
        }
        return Ok(());
    }
    if (c.normal - n).length() > 2e-2 {
        // Another normal at the same depth: isect's push must separate. parry's then either
        // separates too (a tie of two least pushes, both right) or leaves them overlapping
        // (parry's fault, as for a disc centred on a polygon's corner).
        prop_assert!(
            overlaps_after(c.normal * (c.depth + margin)) == Some(false),
            "{:?} {:?}: {:?} (parry's normal {:?} at depth {}) does not separate",
            a,
            b,
            c,
            n,
            depth
        );
    }
    Ok(())
}

/// Compares a contact manifold with parry's `contact_manifolds` (boxes and convex polygons)
/// where both clearly penetrate along the same normal: each of parry's point pairs has its
/// midpoint among isect's points (halfway between the surfaces), with the same depth.
fn compare_manifold<A, B>(a: &A, b: &B) -> Result<(), TestCaseError>
where
    A: ToParry + ContactManifold<B> + Outline + core::fmt::Debug,
    B: ToParry + Outline + core::fmt::Debug,
{
    let (Some((pa, ga)), Some((pb, gb))) = (a.parry(), b.parry()) else {
        return Ok(());
    };
    let mut manifolds: Vec<PManifold<(), ()>> = Vec::new();
    let mut workspace = None;
    DefaultQueryDispatcher
        .contact_manifolds(
            &pa.inv_mul(&pb),
            &*ga,
            &*gb,
            0.0,
            &mut manifolds,
            &mut workspace,
        )
        .expect("supported pair");
    let ours = a.contact_manifold(b);
    let Some(theirs) = manifolds.iter().find(|m| !m.points.is_empty()) else {
        return Ok(());
    };
    // parry's normal points from a towards b; isect's from b towards a.
    let n = -Vec2::from_array(pa.transform_vector(theirs.local_n1).to_array());
    let clear = |d: Real| d > 1e-2;
    if (ours.normal - n).length() > 1e-3
        || !ours.points().iter().all(|p| clear(p.depth))
        || !theirs.points.iter().all(|p| clear(-p.dist))
    {
        return Ok(());
    }
    // A tie of incident edges: where two edges of one shape face the other's reference face
    // equally (a box's corner against a polygon's 45° edge, common with corners snapped to
    // integers), both are Box2D's incident edge; isect takes the first in its order, parry
    // one by its own frame, and the two clippings share only the corner between the edges.
    // Three such cases, decided in rationals: box `[−4.4413, −1.5587] × [−1.5, −0.5]` against
    // the triangle `(−3, −1), (−2, −2), (0, 3.2607)` (f64), box `[−0.9966, 2.2127] ×
    // [−1.8142, −0.2255]` against `(−8.0021, 0), (0, −3), (4, 1), (0, 1)` (f32), box `[0, 1.5178]
    // × [0, 2.6754]` against `(−2, −1), (0, −3), (2, 3)` (f64): each edge meets the normal at
    // exactly 45°, isect's points are exactly the clipping of one edge, parry's of the other
    // (in the last, isect's keeps one point, parry's two). The normals are compared only
    // within 1e-3 above, so edges facing within 1e-3 of each other are a tie for this test;
    // there only parry's points at the full depth (the shared corner, kept by both clippings
    // where it lies within the reference face) are compared.
    let tie = incident_tie(&a.outline(), n) || incident_tie(&b.outline(), -n);
    let full = ours.points().iter().map(|p| p.depth).fold(0.0, Real::max);
    // parry keeps only the deepest corner where the incident edge is not parallel to the
    // reference face; isect keeps both clipped ends below it, as Box2D does (each checked to
    // be on both shapes by the manifold properties).
    prop_assert!(
        tie || ours.len() >= theirs.points.len(),
        "{:?} {:?}: {:?} vs parry {:?}",
        a,
        b,
        ours,
        theirs.points
    );
    for q in &theirs.points {
        if tie && (-q.dist - full).abs() > 1e-3 * (1.0 + full) {
            continue;
        }
        let p1 = Vec2::from_array(pa.transform_point(q.local_p1).to_array());
        let p2 = Vec2::from_array(pb.transform_point(q.local_p2).to_array());
        let mid = (p1 + p2) * 0.5;
        prop_assert!(
            ours.points()
                .iter()
                .any(|p| (p.point - mid).length() <= 1e-3 * (1.0 + mid.length())
                    && (p.depth + q.dist).abs() <= 1e-3 * (1.0 + p.depth)),
            "{:?} {:?}: {:?} vs parry's point {:?} at depth {}",
            a,
            b,
            ours,
            mid,
            -q.dist
        );
    }
    Ok(())
}

/// The corners of a box or convex polygon, in order around it.
trait Outline {
    fn outline(&self) -> Vec<Vec2>;
}

impl Outline for Aabb {
    fn outline(&self) -> Vec<Vec2> {
        self.corners().to_vec()
    }
}

impl Outline for Obb {
    fn outline(&self) -> Vec<Vec2> {
        self.corners().to_vec()
    }
}

impl Outline for ConvexPolygon {
    fn outline(&self) -> Vec<Vec2> {
        self.vertices().to_vec()
    }
}

/// Whether the two edges of `corners` that face most directly against `m` (least outward
/// normal · `m`, as the incident edge of a clipping against a face with outward normal `m`)
/// face it within 1e-3 of each other.
fn incident_tie(corners: &[Vec2], m: Vec2) -> bool {
    let k = corners.len();
    let twice_area: Real = (0..k)
        .map(|i| corners[i].perp_dot(corners[(i + 1) % k]))
        .sum();
    let mut facing: Vec<Real> = (0..k)
        .filter_map(|i| {
            let e = (corners[(i + 1) % k] - corners[i]).normalize_or_zero();
            // The outward normal: right of the edge for a counterclockwise outline.
            let out = if twice_area >= 0.0 {
                -e.perp()
            } else {
                e.perp()
            };
            (e != Vec2::ZERO).then(|| out.dot(m))
        })
        .collect();
    facing.sort_by(Real::total_cmp);
    facing.len() >= 2 && facing[1] - facing[0] <= 1e-3
}

/// Compares the first time of contact with parry's `cast_shapes` where the shapes start apart
/// and then overlap for a while.
fn compare_sweep<A, B>(a: &A, m: Vec2, b: &B, n: Vec2) -> Result<(), TestCaseError>
where
    A: ToParry + Sweep<B> + Distance<B> + TestShape,
    B: ToParry + TestShape,
{
    let (Some((pa, ga)), Some((pb, gb))) = (a.parry(), b.parry()) else {
        return Ok(());
    };
    if a.distance(b) < 1e-2 || (m - n).length() < 1e-2 {
        return Ok(());
    }
    let options = ShapeCastOptions {
        max_time_of_impact: 1.0,
        target_distance: 0.0,
        stop_at_penetration: true,
        compute_impact_geometry_on_penetration: true,
    };
    let theirs = cast_shapes(&pa, pv(m), &*ga, &pb, pv(n), &*gb, options)
        .expect("supported pair")
        .map(|h| h.time_of_impact);
    let ours = a.sweep(m, b, n);
    match (ours, theirs) {
        (Some(h), Some(t)) => {
            if h.t_last - h.t_first > 1e-2 && (h.t_first - t).abs() * (m - n).length() > 5e-3 {
                // Accepted only with a certificate: the shapes are apart at parry's earlier
                // time and touch at isect's.
                let at = |time: Real| {
                    a.mapped(&Map::shift(m * time))
                        .zip(b.mapped(&Map::shift(n * time)))
                        .map(|(p, q)| p.distance(&q))
                };
                let (early, ours) = (at(t), at(h.t_first));
                prop_assert!(
                    t < h.t_first
                        && early.is_some_and(|d| d > 0.0)
                        && ours.is_some_and(|d| d <= 1e-3),
                    "{:?} {:?}: {:?} vs parry {} (distances {:?} {:?})",
                    a,
                    b,
                    h,
                    t,
                    early,
                    ours
                );
            }
        }
        (Some(h), None) => prop_assert!(
            h.t_last - h.t_first < 1e-2 || h.t_first > 0.99,
            "{:?} {:?}: {:?}, parry misses",
            a,
            b,
            h
        ),
        (None, Some(t)) => prop_assert!(t > 0.99, "{:?} {:?}: a miss, parry {}", a, b, t),
        (None, None) => {}
    }
    Ok(())
}

/// Whether the polygon is thin: its area below 1e-3 of its squared diameter (shoelace).
fn is_sliver(p: &ConvexPolygon) -> bool {
    let v = p.vertices();
    let twice_area: Real = (0..v.len())
        .map(|i| v[i].perp_dot(v[(i + 1) % v.len()]))
        .sum::<Real>()
        .abs();
    let diameter2 = v
        .iter()
        .flat_map(|a| v.iter().map(move |b| a.distance_squared(*b)))
        .fold(0.0, Real::max);
    0.5 * twice_area < 1e-3 * diameter2
}

fn motion() -> impl Strategy<Value = Vec2> {
    (-16.0 as Real..16.0, -16.0 as Real..16.0).prop_map(|(x, y)| Vec2::new(x, y))
}

/// The three tie cases of `compare_manifold`'s comment (found at 10,000 cases): detected as
/// ties, and compared (the shared corner) without failing; in both precisions.
#[test]
#[allow(
    clippy::excessive_precision,
    reason = "the f64 cases' coordinates as found, rounded in the f32 crate (still 45° ties)"
)]
fn manifold_incident_edge_ties() {
    let v = Vec2::new;
    let o = Obb::new(
        v(-3.0, -1.0),
        v(0.5, 1.4413061946855377),
        super::common::Map::quarter(1).linear,
    );
    let t = ConvexPolygon::new(vec![
        v(-3.0, -1.0),
        v(-2.0, -2.0),
        v(0.0, 3.2607214593165534),
    ]);
    let p = ConvexPolygon::new(vec![
        v(-8.00212, 0.0),
        v(0.0, -3.0),
        v(4.0, 1.0),
        v(0.0, 1.0),
    ]);
    let b = Aabb::new(v(-0.99658227, -1.8141888), v(2.212686, -0.22548938));
    let q = ConvexPolygon::new(vec![v(-2.0, -1.0), v(0.0, -3.0), v(2.0, 3.0)]);
    let c = Aabb::new(v(0.0, 0.0), v(1.5177647026510253, 2.675419452392093));
    // The box's two edges at 45° to the normal, from the polygon towards the box (o, c) or
    // from the box towards the polygon (b).
    assert!(incident_tie(&o.outline(), o.contact_manifold(&t).normal));
    assert!(incident_tie(&b.outline(), -p.contact_manifold(&b).normal));
    assert!(incident_tie(&c.outline(), -q.contact_manifold(&c).normal));
    compare_manifold(&o, &t).unwrap();
    compare_manifold(&p, &b).unwrap();
    compare_manifold(&q, &c).unwrap();
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn raycasts_agree_with_parry(c in strategy::circle(), b in strategy::aabb(), o in strategy::obb(),
                                 k in strategy::capsule(), t in strategy::triangle(), s in strategy::segment(),
                                 p in strategy::convex_polygon(), ray in strategy::ray(), max_t in 0.0 as Real..4.0) {
        compare_cast(&c, &ray, max_t, false)?;
        compare_cast(&b, &ray, max_t, false)?;
        compare_cast(&o, &ray, max_t, false)?;
        compare_cast(&k, &ray, max_t, false)?;
        compare_cast(&t, &ray, max_t, true)?;
        compare_cast(&s, &ray, max_t, false)?;
        compare_cast(&p, &ray, max_t, true)?;
    }

    #[test]
    fn contacts_agree_with_parry(c in strategy::circle(), b in strategy::aabb(), o in strategy::obb(),
                                 k in strategy::capsule(), t in strategy::triangle(),
                                 p in strategy::convex_polygon(), q in strategy::convex_polygon()) {
        compare_contact(&c, &b)?;
        compare_contact(&c, &o)?;
        compare_contact(&b, &o)?;
        if k.a.distance(k.b) > 0.05 {
            compare_contact(&k, &b)?;
            compare_contact(&k, &o)?;
            compare_contact(&k, &t)?;
        }
        compare_contact(&t, &o)?;
        compare_contact(&p, &q)?;
        compare_contact(&c, &p)?;
    }

    #[test]
    fn manifolds_agree_with_parry(b in strategy::aabb(), o in strategy::obb(), c in strategy::aabb(),
                                  p in strategy::convex_polygon(), q in strategy::convex_polygon()) {
        compare_manifold(&b, &o)?;
        compare_manifold(&b, &c)?;
        compare_manifold(&o, &b)?;
        // Not two random polygons, nor a sliver polygon (area below 1e-3 of its squared
        // diameter): where a sliver passes deep through the other, isect's clipping keeps no
        // point and it falls back to a common point of the cores, parry's is another point at
        // the same depth (issue 28, left open; seen with a near-collinear triangle across a
        // box; again with the sliver triangle (-8.2,-6.64), (3.76,6.64), (-2.22,0) across a
        // box: both points at depth 0.7543).
        if !is_sliver(&p) {
            compare_manifold(&o, &p)?;
        }
        if !is_sliver(&q) {
            compare_manifold(&q, &c)?;
        }
    }

    #[test]
    fn sweeps_agree_with_parry(c in strategy::circle(), b in strategy::aabb(), o in strategy::obb(),
                               k in strategy::capsule(), t in strategy::triangle(),
                               p in strategy::convex_polygon(), m in motion(), n in motion()) {
        compare_sweep(&c, m, &b, n)?;
        compare_sweep(&c, m, &o, n)?;
        compare_sweep(&b, m, &o, n)?;
        compare_sweep(&k, m, &b, n)?;
        compare_sweep(&t, m, &o, n)?;
        compare_sweep(&p, m, &k, n)?;
        compare_sweep(&c, m, &p, n)?;
    }
}
