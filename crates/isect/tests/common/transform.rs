//! Rigid motions of shapes, for "moving and rotating shape and query together changes nothing".

use isect::math::Mat3;
use isect::{Capsule, ConvexHull, Frustum, Line, Obb, Plane, Ray, Segment, Sphere, Triangle};

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
