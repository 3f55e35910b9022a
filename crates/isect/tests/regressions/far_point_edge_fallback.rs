//! Was: a point `2³⁰` above a triangle's face near its edge `ab` got corner `a`, 2.84 from the
//! answer (f64; helper f1's diagnosis, s21). The face test passed, but the weight of `c` rounded
//! negative (`n · (ab × bp)` cancels at terms of `|ab| |bp|`), which sends the query to the
//! edge fallback; that ranked the three edges' answers by squared distances from p, `1.15e18`
//! rounded at about 256, while corner `a` is only 8.07 farther (squared) than the foot on `ab`:
//! either could win. For a point beyond four times the longest edge the fallback now ranks the
//! candidates again by `(r₁ − r₂) · (r₁ + r₂ − 2 ap)` (`r` a candidate minus a), rounded at
//! `ε |r| |ap|`, ties kept by the longest edge; nearer points keep the squared offsets, which
//! resolve near-ties the other form does not (`point::triangle::coincident_corners_point_
//! nearly_square_to_the_segment`, `regressions::needle_hull_box_sweep`).

#[cfg(isect_f64)]
#[test]
fn far_point_edge_fallback() {
    use isect::math::Vec3;
    use isect::{PointQuery, Triangle};
    let t = Triangle::new(
        Vec3::new(-6.882496752809463, 4.334429318405575, 0.007516830656804988),
        Vec3::new(-7.785352033283727, 3.3170451201941824, 5.135874205805935),
        Vec3::new(0.0, 9.315850480128276, -7.5732357350315),
    );
    let p = Vec3::new(-568691307.6843774, 907266654.7096839, 79868229.7110565);
    // Exact (rationals on the f64 numbers): in the face region beside edge `ab`, 3.1e-8 from the
    // foot the point was built on.
    let want = Vec3::new(-7.365930063904701, 3.789671556068991, 2.753492804435691);
    let q = t.closest_point(p);
    assert!(
        q.distance(want) <= 1e-6,
        "{q} vs {want}: {}",
        q.distance(want)
    );
}
