//! Rigid motions of shapes, for "moving and rotating shape and query together changes nothing".

use isect::math::{Mat3, Vec3};
use isect::{
    Aabb, Capsule, ConvexHull, Frustum, Line, Obb, Plane, Ray, Real, Segment, Sphere, TriMesh,
    Triangle,
};

use super::Motion;

pub trait Moved {
    fn moved(&self, m: &Motion) -> Self;
}

impl Moved for Sphere {
    fn moved(&self, m: &Motion) -> Self {
        Sphere::new(m.apply(self.center), self.radius)
    }
}

impl Moved for Obb {
    fn moved(&self, m: &Motion) -> Self {
        Obb::new(
            m.apply(self.center),
            self.half_extents,
            Mat3::from_quat(m.rotation) * self.rotation,
        )
    }
}

impl Moved for Capsule {
    fn moved(&self, m: &Motion) -> Self {
        Capsule::new(m.apply(self.a), m.apply(self.b), self.radius)
    }
}

impl Moved for Segment {
    fn moved(&self, m: &Motion) -> Self {
        Segment::new(m.apply(self.a), m.apply(self.b))
    }
}

impl Moved for Triangle {
    fn moved(&self, m: &Motion) -> Self {
        Triangle::new(m.apply(self.a), m.apply(self.b), m.apply(self.c))
    }
}

impl Moved for Line {
    fn moved(&self, m: &Motion) -> Self {
        Line::new(m.apply(self.origin), m.apply_dir(self.dir))
    }
}

impl Moved for Ray {
    fn moved(&self, m: &Motion) -> Self {
        Ray::new(m.apply(self.origin), m.apply_dir(self.dir))
    }
}

impl Moved for Plane {
    fn moved(&self, m: &Motion) -> Self {
        Plane::from_point_normal(m.apply(self.point()), m.apply_dir(self.normal))
    }
}

impl Moved for Frustum {
    fn moved(&self, m: &Motion) -> Self {
        Frustum::new(self.planes.map(|p| p.moved(m)))
    }
}

impl Moved for ConvexHull {
    fn moved(&self, m: &Motion) -> Self {
        ConvexHull::new(
            self.points()
                .iter()
                .map(|&p| m.apply(p))
                .collect::<Vec<_>>(),
        )
    }
}

/// Transformations of a shape that are exact in floating point, so that a query's answer on the
/// transformed shapes can be compared with its answer on the originals (the "symmetry" checks:
/// a mirror-macro pair's swapped call is the same call, and proves nothing).
pub trait Exact: Sized {
    /// Every coordinate times `s`, a power of four: exact, and every sum, product, quotient and
    /// square root of the query scales by `s` exactly too (away from overflow and underflow).
    fn scaled(&self, s: Real) -> Self;
    /// The axes turned cyclically, `(x, y, z)` to `(z, x, y)` (a rotation by a third of a turn
    /// about `(1, 1, 1)`): exact, but the query's sums come in another order.
    fn turned(&self) -> Self;
    /// The same set described otherwise: corners permuted, segment ends swapped, a line's
    /// direction reversed, a box's axes permuted; itself for a shape with one description.
    fn reordered(&self) -> Self;
    /// The numbers that describe the shape, as vectors (for [`exactly_scalable`]).
    fn numbers(&self) -> Vec<Vec3>;
}

/// Whether scaling shapes described by `numbers` by 4 and by 1/16 keeps every product of two or
/// three of them normal and finite, so that the query scales exactly: each finite non-zero
/// number's magnitude within [2^-30, 2^30] in `f32`, [2^-200, 2^200] in `f64` (NaN and infinite
/// numbers stay what they are).
pub fn exactly_scalable(numbers: &[Vec3]) -> bool {
    #[cfg(not(isect_f64))]
    let (lo, hi) = ((2.0 as Real).powi(-30), (2.0 as Real).powi(30));
    #[cfg(isect_f64)]
    let (lo, hi) = ((2.0 as Real).powi(-200), (2.0 as Real).powi(200));
    numbers.iter().flat_map(|v| v.to_array()).all(|x| {
        let m = x.abs();
        !m.is_finite() || m == 0.0 || (lo..=hi).contains(&m)
    })
}

/// `(x, y, z)` to `(z, x, y)`.
pub fn turn(v: Vec3) -> Vec3 {
    Vec3::new(v.z, v.x, v.y)
}

impl Exact for Sphere {
    fn scaled(&self, s: Real) -> Self {
        Sphere::new(self.center * s, self.radius * s)
    }
    fn turned(&self) -> Self {
        Sphere::new(turn(self.center), self.radius)
    }
    fn reordered(&self) -> Self {
        *self
    }
    fn numbers(&self) -> Vec<Vec3> {
        vec![self.center, Vec3::splat(self.radius)]
    }
}

impl Exact for Aabb {
    fn scaled(&self, s: Real) -> Self {
        Aabb::new(self.min * s, self.max * s)
    }
    fn turned(&self) -> Self {
        Aabb::new(turn(self.min), turn(self.max))
    }
    fn reordered(&self) -> Self {
        *self
    }
    fn numbers(&self) -> Vec<Vec3> {
        vec![self.min, self.max]
    }
}

impl Exact for Obb {
    fn scaled(&self, s: Real) -> Self {
        Obb::new(self.center * s, self.half_extents * s, self.rotation)
    }
    fn turned(&self) -> Self {
        let r = self.rotation;
        let m = Mat3::from_cols(turn(r.x_axis), turn(r.y_axis), turn(r.z_axis));
        Obb::new(turn(self.center), self.half_extents, m)
    }
    /// The box's axes taken cyclically (the same box).
    fn reordered(&self) -> Self {
        let r = self.rotation;
        let h = self.half_extents;
        Obb::new(
            self.center,
            Vec3::new(h.y, h.z, h.x),
            Mat3::from_cols(r.y_axis, r.z_axis, r.x_axis),
        )
    }
    fn numbers(&self) -> Vec<Vec3> {
        vec![
            self.center,
            self.half_extents,
            self.rotation.x_axis,
            self.rotation.y_axis,
            self.rotation.z_axis,
        ]
    }
}

impl Exact for Capsule {
    fn scaled(&self, s: Real) -> Self {
        Capsule::new(self.a * s, self.b * s, self.radius * s)
    }
    fn turned(&self) -> Self {
        Capsule::new(turn(self.a), turn(self.b), self.radius)
    }
    fn reordered(&self) -> Self {
        Capsule::new(self.b, self.a, self.radius)
    }
    fn numbers(&self) -> Vec<Vec3> {
        vec![self.a, self.b, Vec3::splat(self.radius)]
    }
}

impl Exact for Triangle {
    fn scaled(&self, s: Real) -> Self {
        Triangle::new(self.a * s, self.b * s, self.c * s)
    }
    fn turned(&self) -> Self {
        Triangle::new(turn(self.a), turn(self.b), turn(self.c))
    }
    /// The corners reversed (the other winding) and rotated.
    fn reordered(&self) -> Self {
        Triangle::new(self.b, self.a, self.c)
    }
    fn numbers(&self) -> Vec<Vec3> {
        vec![self.a, self.b, self.c]
    }
}

impl Exact for Segment {
    fn scaled(&self, s: Real) -> Self {
        Segment::new(self.a * s, self.b * s)
    }
    fn turned(&self) -> Self {
        Segment::new(turn(self.a), turn(self.b))
    }
    fn reordered(&self) -> Self {
        Segment::new(self.b, self.a)
    }
    fn numbers(&self) -> Vec<Vec3> {
        vec![self.a, self.b]
    }
}

impl Exact for Ray {
    fn scaled(&self, s: Real) -> Self {
        Ray::new(self.origin * s, self.dir * s)
    }
    fn turned(&self) -> Self {
        Ray::new(turn(self.origin), turn(self.dir))
    }
    /// The direction halved: the same ray.
    fn reordered(&self) -> Self {
        Ray::new(self.origin, self.dir * 0.5)
    }
    fn numbers(&self) -> Vec<Vec3> {
        vec![self.origin, self.dir]
    }
}

impl Exact for Line {
    fn scaled(&self, s: Real) -> Self {
        Line::new(self.origin * s, self.dir * s)
    }
    fn turned(&self) -> Self {
        Line::new(turn(self.origin), turn(self.dir))
    }
    fn reordered(&self) -> Self {
        Line::new(self.origin, -self.dir)
    }
    fn numbers(&self) -> Vec<Vec3> {
        vec![self.origin, self.dir]
    }
}

impl Exact for Plane {
    fn scaled(&self, s: Real) -> Self {
        Plane {
            normal: self.normal,
            d: self.d * s,
        }
    }
    fn turned(&self) -> Self {
        Plane {
            normal: turn(self.normal),
            d: self.d,
        }
    }
    fn reordered(&self) -> Self {
        *self
    }
    fn numbers(&self) -> Vec<Vec3> {
        vec![self.normal, Vec3::splat(self.d)]
    }
}

impl Exact for Frustum {
    fn scaled(&self, s: Real) -> Self {
        Frustum::new(self.planes.map(|p| p.scaled(s)))
    }
    fn turned(&self) -> Self {
        Frustum::new(self.planes.map(|p| p.turned()))
    }
    /// The planes in another order.
    fn reordered(&self) -> Self {
        let p = self.planes;
        Frustum::new([p[1], p[0], p[3], p[2], p[5], p[4]])
    }
    fn numbers(&self) -> Vec<Vec3> {
        self.planes.iter().flat_map(|p| p.numbers()).collect()
    }
}

impl Exact for ConvexHull {
    fn scaled(&self, s: Real) -> Self {
        ConvexHull::new(self.points().iter().map(|&p| p * s).collect::<Vec<_>>())
    }
    fn turned(&self) -> Self {
        ConvexHull::new(self.points().iter().map(|&p| turn(p)).collect::<Vec<_>>())
    }
    fn reordered(&self) -> Self {
        ConvexHull::new(self.points().iter().rev().copied().collect::<Vec<_>>())
    }
    fn numbers(&self) -> Vec<Vec3> {
        self.points().to_vec()
    }
}

impl Exact for TriMesh {
    fn scaled(&self, s: Real) -> Self {
        let v = self.vertices().iter().map(|&p| p * s).collect();
        TriMesh::new(v, self.triangles().to_vec()).unwrap()
    }
    fn turned(&self) -> Self {
        let v = self.vertices().iter().map(|&p| turn(p)).collect();
        TriMesh::new(v, self.triangles().to_vec()).unwrap()
    }
    /// Each triangle's corners rotated (the same winding), the triangles in reverse order.
    fn reordered(&self) -> Self {
        let t = self
            .triangles()
            .iter()
            .rev()
            .map(|&[a, b, c]| [b, c, a])
            .collect();
        TriMesh::new(self.vertices().to_vec(), t).unwrap()
    }
    fn numbers(&self) -> Vec<Vec3> {
        self.vertices().to_vec()
    }
}
