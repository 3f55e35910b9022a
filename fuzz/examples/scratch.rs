use isect::d2::{Distance, Intersects, Line, Sweep};
use isect::math::Vec2;
fn main() {
    for s in [1.0f32, 4194304.0] {
        let a = Line::new(
            Vec2::new(-6.322185e30, -1e-45) * s,
            Vec2::new(-3.6875, 2.5310974e25) * s,
        );
        let b = Line::new(
            Vec2::new(1.12171164e-13, -7.375) * s,
            Vec2::new(1.9375, 16132.412) * s,
        );
        let (v, w) = (
            Vec2::new(3.375, 5.1875) * s,
            Vec2::new(-4.9375, 1.547379e26) * s,
        );
        println!(
            "s={s}: inter {} {} sweep {:?} cp {:?}",
            a.intersects(&b),
            b.intersects(&a),
            a.sweep(v, &b, w),
            a.closest_points(&b)
        );
    }
}
