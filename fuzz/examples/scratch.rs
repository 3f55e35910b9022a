use isect::d2::{ConvexPolygon, Intersects, PointQuery, Segment};
use isect::math::Vec2;
fn main() {
    let e = 1.5258789e-5f32;
    let seg = Segment::new(
        Vec2::new(4.4724266e-7, -1.5252233e-5),
        Vec2::new(-4.4724266e-7, 1.5252233e-5),
    );
    for pts in [
        vec![
            Vec2::new(0.0, -e),
            Vec2::new(0.0, -e),
            Vec2::new(-0.0, e),
            Vec2::new(0.0, e),
        ],
        vec![
            Vec2::new(0.0, -e),
            Vec2::new(0.0, -e),
            Vec2::new(0.0, e),
            Vec2::new(0.0, e),
        ],
        vec![
            Vec2::new(0.0, -1.0),
            Vec2::new(-0.0, 1.0),
            Vec2::new(0.0, 1.0),
        ],
    ] {
        let c = ConvexPolygon::new(pts.clone());
        println!(
            "{:?} -> {:?}: seg {} origin {}",
            pts,
            c.vertices(),
            seg.intersects(&c),
            c.contains_point(Vec2::ZERO)
        );
    }
}
