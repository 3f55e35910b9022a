//! isect's glam types to parry's and back, and isect's shapes as parry's ([`ToParry`]). Through
//! arrays, so this compiles whether or not the two resolve to the same glam version, and costs
//! nothing when they do.

use isect::math::{Quat, Vec3};
use isect::{Aabb, Capsule, ConvexHull, Obb, Segment, Sphere, Triangle};
use parry3d::math::{Pose, Rot3, Vector};
use parry3d::shape as ps;

/// An isect vector as a parry vector.
#[inline]
#[must_use]
pub fn to_parry(v: Vec3) -> Vector {
    Vector::from_array(v.to_array())
}

/// A parry vector as an isect vector.
#[inline]
#[must_use]
pub fn from_parry(v: Vector) -> Vec3 {
    Vec3::from_array(v.to_array())
}

/// Every point of `points` as a parry vector.
#[must_use]
pub fn to_parry_all(points: &[Vec3]) -> Vec<Vector> {
    points.iter().copied().map(to_parry).collect()
}

/// The pose that rotates by `rotation` and then translates by `translation`.
#[must_use]
pub fn pose(translation: Vec3, rotation: Quat) -> Pose {
    Pose::from_parts(to_parry(translation), Rot3::from_array(rotation.to_array()))
}

/// The pose that translates by `translation`.
#[must_use]
pub fn translation(translation: Vec3) -> Pose {
    Pose::from_translation(to_parry(translation))
}

/// `points` in the frame of `pose` (`pose⁻¹ · p`): what a parry user passes to the `*_local_*`
/// queries.
#[must_use]
pub fn to_local(pose: &Pose, points: &[Vector]) -> Vec<Vector> {
    points
        .iter()
        .map(|&p| pose.inverse_transform_point(p))
        .collect()
}

/// An isect shape as a parry user with the same world-space data holds it: a pose and a parry
/// shape. Balls and cuboids are posed at their center (and rotation); capsules, segments,
/// triangles and hulls keep world coordinates and are placed by the identity.
pub trait ToParry {
    /// The parry shape.
    type Shape: ps::Shape;

    /// The pose and the parry shape.
    fn parry(&self) -> (Pose, Self::Shape);

    /// [`parry`](Self::parry), but a capsule centered on its middle and placed by a translation
    /// there, as a capsule that moves is held.
    fn parry_centered(&self) -> (Pose, Self::Shape) {
        self.parry()
    }
}

impl ToParry for Sphere {
    type Shape = ps::Ball;
    fn parry(&self) -> (Pose, ps::Ball) {
        (translation(self.center), ps::Ball::new(self.radius))
    }
}

impl ToParry for Aabb {
    type Shape = ps::Cuboid;
    fn parry(&self) -> (Pose, ps::Cuboid) {
        let half = to_parry(self.half_extents());
        (translation(self.center()), ps::Cuboid::new(half))
    }
}

impl ToParry for Obb {
    type Shape = ps::Cuboid;
    fn parry(&self) -> (Pose, ps::Cuboid) {
        let q = Quat::from_mat3(&self.rotation);
        (
            pose(self.center, q),
            ps::Cuboid::new(to_parry(self.half_extents)),
        )
    }
}

impl ToParry for Capsule {
    type Shape = ps::Capsule;
    fn parry(&self) -> (Pose, ps::Capsule) {
        let capsule = ps::Capsule::new(to_parry(self.a), to_parry(self.b), self.radius);
        (Pose::IDENTITY, capsule)
    }

    fn parry_centered(&self) -> (Pose, ps::Capsule) {
        let mid = (self.a + self.b) * 0.5;
        (
            translation(mid),
            ps::Capsule::new(to_parry(self.a - mid), to_parry(self.b - mid), self.radius),
        )
    }
}

impl ToParry for Segment {
    type Shape = ps::Segment;
    fn parry(&self) -> (Pose, ps::Segment) {
        (
            Pose::IDENTITY,
            ps::Segment::new(to_parry(self.a), to_parry(self.b)),
        )
    }
}

impl ToParry for Triangle {
    type Shape = ps::Triangle;
    fn parry(&self) -> (Pose, ps::Triangle) {
        (
            Pose::IDENTITY,
            ps::Triangle::new(to_parry(self.a), to_parry(self.b), to_parry(self.c)),
        )
    }
}

impl ToParry for ConvexHull {
    type Shape = ps::ConvexPolyhedron;
    /// # Panics
    /// When parry cannot make a polyhedron of the points (fewer than four not coplanar).
    fn parry(&self) -> (Pose, ps::ConvexPolyhedron) {
        let polyhedron = ps::ConvexPolyhedron::from_convex_hull(&to_parry_all(self.points()))
            .expect("a solid hull");
        (Pose::IDENTITY, polyhedron)
    }
}
