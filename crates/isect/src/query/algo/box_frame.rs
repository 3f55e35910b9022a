//! A box as a frame (center, unit axes, half extents), the common form in which the box pairs
//! of the contact queries see axis-aligned and oriented boxes: projections on an axis, the face
//! and edge furthest along a direction, how far a point can move before it leaves the box, and
//! the clipping of a polygon to the box.

use crate::math::{Real, Vec3};
use crate::query::algo::polygon_clip::Poly;
use crate::shape::{Aabb, Obb, Segment};

/// A box as center, unit axes and half extents (world frame).
#[derive(Clone, Copy, Debug)]
pub(crate) struct BoxFrame {
    pub center: Vec3,
    pub axes: [Vec3; 3],
    pub half: Vec3,
}

impl BoxFrame {
    /// The frame of an axis-aligned box: the world axes.
    #[inline]
    pub(crate) fn from_aabb(b: &Aabb) -> Self {
        Self {
            center: b.center(),
            axes: [Vec3::X, Vec3::Y, Vec3::Z],
            half: b.half_extents(),
        }
    }

    /// The frame of an oriented box: the columns of its rotation.
    #[inline]
    pub(crate) fn from_obb(b: &Obb) -> Self {
        Self {
            center: b.center,
            axes: [b.rotation.x_axis, b.rotation.y_axis, b.rotation.z_axis],
            half: b.half_extents,
        }
    }

    /// The largest coordinate magnitude the box reaches (a bound), for tolerances.
    #[inline]
    pub(crate) fn scale(&self) -> Real {
        self.center.abs().max_element() + self.half.x + self.half.y + self.half.z
    }

    /// `p` in the box's frame.
    #[inline]
    pub(crate) fn local(&self, p: Vec3) -> Vec3 {
        self.local_dir(p - self.center)
    }

    /// The direction `v` in the box's frame.
    #[inline]
    pub(crate) fn local_dir(&self, v: Vec3) -> Vec3 {
        Vec3::new(
            self.axes[0].dot(v),
            self.axes[1].dot(v),
            self.axes[2].dot(v),
        )
    }

    /// `q`, given in the box's frame, in world coordinates.
    #[inline]
    pub(crate) fn world(&self, q: Vec3) -> Vec3 {
        self.center + self.world_dir(q)
    }

    /// The direction `q`, given in the box's frame, in world coordinates.
    #[inline]
    pub(crate) fn world_dir(&self, q: Vec3) -> Vec3 {
        self.axes[0] * q.x + self.axes[1] * q.y + self.axes[2] * q.z
    }

    /// The extent along the unit `l` about the center.
    #[inline]
    fn radius(&self, l: Vec3) -> Real {
        self.half.x * self.axes[0].dot(l).abs()
            + self.half.y * self.axes[1].dot(l).abs()
            + self.half.z * self.axes[2].dot(l).abs()
    }

    /// `[min, max]` of the box's projection on `l`.
    #[inline]
    pub(crate) fn interval(&self, l: Vec3) -> (Real, Real) {
        let c = self.center.dot(l);
        let r = self.radius(l);
        (c - r, c + r)
    }

    /// The face whose outward normal is closest to `dir`, as four corners in order around it.
    pub(crate) fn face(&self, dir: Vec3) -> [Vec3; 4] {
        let d = self.local_dir(dir);
        let k = if d.x.abs() >= d.y.abs() && d.x.abs() >= d.z.abs() {
            0
        } else if d.y.abs() >= d.z.abs() {
            1
        } else {
            2
        };
        let (u, w) = ((k + 1) % 3, (k + 2) % 3);
        let s = if d[k] < 0.0 { -1.0 } else { 1.0 };
        let mid = self.center + self.axes[k] * (s * self.half[k]);
        let (eu, ew) = (self.axes[u] * self.half[u], self.axes[w] * self.half[w]);
        [mid + eu + ew, mid - eu + ew, mid - eu - ew, mid + eu - ew]
    }

    /// The edge parallel to axis `i` that lies furthest along `dir`.
    pub(crate) fn edge(&self, i: usize, dir: Vec3) -> Segment {
        let mut mid = self.center;
        for k in 0..3 {
            if k != i {
                let s = if self.axes[k].dot(dir) < 0.0 {
                    -1.0
                } else {
                    1.0
                };
                mid += self.axes[k] * (s * self.half[k]);
            }
        }
        let e = self.axes[i] * self.half[i];
        Segment::new(mid - e, mid + e)
    }

    /// How far `p` (a point of the box) can move along `dir` before it leaves the box: the ray's
    /// exit distance, in units of `dir`; 0 for a point outside.
    pub(crate) fn exit(&self, p: Vec3, dir: Vec3) -> Real {
        let (q, d) = (self.local(p), self.local_dir(dir));
        let mut t = Real::INFINITY;
        for k in 0..3 {
            if d[k] > 0.0 {
                t = t.min((self.half[k] - q[k]) / d[k]);
            } else if d[k] < 0.0 {
                t = t.min((-self.half[k] - q[k]) / d[k]);
            }
        }
        if t.is_finite() { t.max(0.0) } else { 0.0 }
    }

    /// Clips `poly` to the box grown by `tol` on every side, in the box's frame, each new vertex
    /// put exactly on its plane there.
    pub(crate) fn clip(&self, poly: &mut Poly, tol: Real) {
        for v in &mut poly.points[..poly.len] {
            *v = self.local(*v);
        }
        for k in 0..3 {
            let limit = self.half[k] + tol;
            poly.clip_axis(k, 1.0, limit);
            poly.clip_axis(k, -1.0, limit);
        }
        for v in &mut poly.points[..poly.len] {
            *v = self.world(*v);
        }
    }

    /// Whether `p` lies in the box grown by `tol`.
    pub(crate) fn contains(&self, p: Vec3, tol: Real) -> bool {
        self.local(p).abs().cmple(self.half + tol).all()
    }
}
