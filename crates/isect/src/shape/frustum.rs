//! The view frustum.

use crate::error::ShapeError;
use crate::math::{Mat4, Real, Vec3, Vec4};
use crate::query::algo::polytope::{PointCloud, behind_all, point_within, recedes, vertices_of};
use crate::query::algo::scale::rescale;
use crate::query::{Bounded, Classify, Side, three_planes};
use crate::shape::{Aabb, Plane, Sphere};

/// The intersection of six half-spaces, each the back side (`normal · x <= d`) of a plane whose
/// normal points out of the frustum.
///
/// The planes are stored in the order [`Frustum::LEFT`], [`Frustum::RIGHT`], [`Frustum::BOTTOM`],
/// [`Frustum::TOP`], [`Frustum::NEAR`], [`Frustum::FAR`]. Nothing requires the six planes to come
/// from a camera: any six half-spaces make a (possibly unbounded or empty) convex region, and the
/// point queries answer for that region.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "bytemuck", derive(bytemuck::Pod, bytemuck::Zeroable))]
#[repr(C)]
pub struct Frustum {
    /// The six planes, normals pointing outward.
    pub planes: [Plane; 6],
}

/// Field names for error messages, indexed like `planes`.
const PLANE_FIELDS: [(&str, &str); 6] = [
    ("planes[0].normal", "planes[0].d"),
    ("planes[1].normal", "planes[1].d"),
    ("planes[2].normal", "planes[2].d"),
    ("planes[3].normal", "planes[3].d"),
    ("planes[4].normal", "planes[4].d"),
    ("planes[5].normal", "planes[5].d"),
];

impl Frustum {
    /// Index of the left plane (clip-space `x = -w`).
    pub const LEFT: usize = 0;
    /// Index of the right plane (`x = w`).
    pub const RIGHT: usize = 1;
    /// Index of the bottom plane (`y = -w`).
    pub const BOTTOM: usize = 2;
    /// Index of the top plane (`y = w`).
    pub const TOP: usize = 3;
    /// Index of the plane at the smallest depth value (`z = 0`, or `z = -w` for OpenGL): the near
    /// plane, or the far one with a reversed-Z projection.
    pub const NEAR: usize = 4;
    /// Index of the plane at the largest depth value (`z = w`).
    pub const FAR: usize = 5;

    /// The frustum of six planes (normals outward). Does not validate; see [`Frustum::try_new`].
    #[inline]
    #[must_use]
    pub const fn new(planes: [Plane; 6]) -> Self {
        Self { planes }
    }

    /// The frustum of six planes, or which plane is invalid.
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`], [`ShapeError::ZeroVector`] or [`ShapeError::NotUnit`], naming
    /// the plane (`"planes[2].normal"`).
    pub fn try_new(planes: [Plane; 6]) -> Result<Self, ShapeError> {
        let frustum = Self::new(planes);
        frustum.is_valid().map(|()| frustum)
    }

    /// The frustum of a view-projection matrix whose clip space has depth in `[0, w]`: the
    /// projections of glam's `camera::rh::proj::directx` and `vulkan` modules (`perspective`,
    /// `orthographic`, `perspective_infinite`, `perspective_infinite_reverse`; `dcamera` for
    /// `f64`), wgpu, Vulkan, Direct3D, Metal and Bevy (reversed Z included). Points `x` with
    /// clip coordinates `view_proj · (x, 1)` inside `-w <= x, y <= w`, `0 <= z <= w` are inside.
    /// (glam 0.33's `Mat4::perspective_rh` and `Mat4::look_at_rh` are these camera functions,
    /// deprecated there and gone in 0.34; the camera module exists in both.)
    ///
    /// Gribb and Hartmann's extraction ("Fast Extraction of Viewing Frustum Planes from the
    /// World-View-Projection Matrix", 2001): each plane is a sum or difference of the matrix's
    /// rows. A plane that an infinite projection sends to infinity (the far plane of
    /// `perspective_infinite`, the near-slot plane of `perspective_infinite_reverse`) bounds
    /// nothing: its slot holds a copy of the opposite plane, which leaves the set unchanged.
    /// A matrix with NaN or infinite entries gives a frustum that is not valid
    /// ([`Frustum::is_valid`]), which every query answers as the empty set.
    ///
    /// ```
    /// use isect::glam::camera::rh::{proj::directx::perspective, view::look_at_mat4};
    /// use isect::{Frustum, PointQuery, math::Vec3};
    ///
    /// // A camera at z = 5 looking at the origin, 90° vertical field of view, depth 1 to 10.
    /// let view = look_at_mat4(Vec3::new(0.0, 0.0, 5.0), Vec3::ZERO, Vec3::Y);
    /// let frustum = Frustum::from_matrix(&(perspective(90f32.to_radians(), 1.0, 1.0, 10.0) * view));
    /// assert!(frustum.contains_point(Vec3::ZERO));
    /// assert!(!frustum.contains_point(Vec3::new(0.0, 0.0, 6.0))); // behind the camera
    /// assert!(!frustum.contains_point(Vec3::new(0.0, 7.0, 0.0))); // above the view
    /// assert!(Frustum::from_matrix(&isect::math::Mat4::NAN).is_valid().is_err());
    /// ```
    #[must_use]
    pub fn from_matrix(view_proj: &Mat4) -> Self {
        let [r0, r1, r2, r3] = rows(view_proj);
        Self::from_clip_half_spaces([r3 + r0, r3 - r0, r3 + r1, r3 - r1, r2, r3 - r2])
    }

    /// The frustum of a view-projection matrix whose clip space has depth in `[-w, w]`: OpenGL's
    /// convention (glam's `camera::rh::proj::opengl` module, `perspective` and `orthographic`;
    /// glam 0.33's `Mat4::perspective_rh_gl`). Otherwise as [`Frustum::from_matrix`].
    ///
    /// ```
    /// use isect::glam::camera::rh::{proj::opengl::perspective, view::look_at_mat4};
    /// use isect::{Frustum, PointQuery, math::Vec3};
    ///
    /// let view = look_at_mat4(Vec3::new(0.0, 0.0, 5.0), Vec3::ZERO, Vec3::Y);
    /// let frustum = Frustum::from_matrix_gl(&(perspective(1.2, 1.0, 1.0, 10.0) * view));
    /// assert!(frustum.contains_point(Vec3::ZERO));
    /// assert!(!frustum.contains_point(Vec3::new(0.0, 0.0, 4.5))); // nearer than the near plane
    /// ```
    #[must_use]
    pub fn from_matrix_gl(view_proj: &Mat4) -> Self {
        let [r0, r1, r2, r3] = rows(view_proj);
        Self::from_clip_half_spaces([r3 + r0, r3 - r0, r3 + r1, r3 - r1, r3 + r2, r3 - r2])
    }

    /// Planes from inward half-spaces `(a, b, c, e)`: the inside is `a x + b y + c z + e >= 0`,
    /// which is `normal · x <= d` for `normal = -(a, b, c)`, `d = e`.
    fn from_clip_half_spaces(half_spaces: [Vec4; 6]) -> Self {
        let mut planes = half_spaces.map(|h| Plane::new(-h.truncate(), h.w));
        for i in 0..6 {
            let h = half_spaces[i];
            if h.truncate() == Vec3::ZERO && h.w >= 0.0 {
                // Satisfied by every point: the plane sits at infinity.
                planes[i] = Plane::new(-half_spaces[i ^ 1].truncate(), half_spaces[i ^ 1].w);
            }
        }
        Self::new(planes)
    }

    /// The eight corners, indexed by bits: bit 0 picks right over left, bit 1 top over bottom,
    /// bit 2 [`Frustum::FAR`] over [`Frustum::NEAR`]. `None` unless the six planes bound a
    /// region whose corners these are: an unbounded or empty frustum, planes that are parallel
    /// where a camera's are not, or six half-spaces whose region is another polyhedron (a plane
    /// that cuts nothing, two planes of a pair facing the same way) have none. Each corner lies
    /// behind every plane within `ON_SET_TOLERANCE` of the coordinates.
    #[must_use]
    pub fn corners(&self) -> Option<[Vec3; 8]> {
        // Both slots of a pair holding the same plane (what `from_matrix` leaves for an
        // infinite projection) make the eight intersections repeat four points, which do not
        // span the set.
        if (0..3).any(|k| self.planes[2 * k] == self.planes[2 * k + 1]) {
            return None;
        }
        let mut corners = [Vec3::ZERO; 8];
        for (i, corner) in corners.iter_mut().enumerate() {
            *corner = three_planes(
                &self.planes[i & 1],
                &self.planes[2 + ((i >> 1) & 1)],
                &self.planes[4 + ((i >> 2) & 1)],
            )?;
            // A corner in front of another plane is not a corner of the region: the planes
            // are not a camera's (issue 24, item 8).
            if !behind_all(&self.planes, *corner) {
                return None;
            }
        }
        // Eight corners behind every plane bound a hexahedron inside the region; the region
        // is that hexahedron only when it has no direction to recede in.
        (!recedes(&self.planes)).then_some(corners)
    }

    /// A point of the region, or `None` when it is empty (or the frustum is invalid). The
    /// region's point nearest the origin, within `ON_SET_TOLERANCE` of the coordinates: exact
    /// for every six half-spaces, bounded or not.
    #[must_use]
    pub(crate) fn some_point(&self) -> Option<Vec3> {
        if !self.is_usable() {
            return None;
        }
        point_within(&self.planes)
    }

    /// The region's vertices when it is bounded: the corners, or for six half-spaces that are
    /// not a camera's the vertices of their polyhedron (none when the region is empty). `None`
    /// when the region recedes (is unbounded, or empty and unbounded planes). Usable planes
    /// only.
    pub(crate) fn bounded_vertices(&self) -> Option<PointCloud> {
        if let Some(corners) = self.corners() {
            return Some(PointCloud::from_corners(corners));
        }
        (!recedes(&self.planes)).then(|| vertices_of(&self.planes))
    }

    /// `Ok` when every plane is valid, otherwise which plane is not and why.
    ///
    /// # Errors
    /// [`ShapeError::NonFinite`], [`ShapeError::ZeroVector`] or [`ShapeError::NotUnit`].
    pub fn is_valid(&self) -> Result<(), ShapeError> {
        for (plane, (normal_field, d_field)) in self.planes.iter().zip(PLANE_FIELDS) {
            plane.is_valid().map_err(|e| match e {
                ShapeError::NonFinite { field: "d" } => ShapeError::NonFinite { field: d_field },
                ShapeError::NonFinite { .. } => ShapeError::NonFinite {
                    field: normal_field,
                },
                ShapeError::ZeroVector { .. } => ShapeError::ZeroVector {
                    field: normal_field,
                },
                ShapeError::NotUnit { .. } => ShapeError::NotUnit {
                    field: normal_field,
                },
                other => other,
            })?;
        }
        Ok(())
    }

    #[inline]
    pub(crate) fn is_usable(&self) -> bool {
        self.planes.iter().all(Plane::is_usable)
    }
}

/// The rows of `m`, so that clip coordinates are `(r0 · x, r1 · x, r2 · x, r3 · x)`.
fn rows(m: &Mat4) -> [Vec4; 4] {
    [m.row(0), m.row(1), m.row(2), m.row(3)]
}

impl Bounded for Frustum {
    /// The box of the corners ([`Frustum::corners`]), or, for six half-spaces that are not a
    /// camera's, of the region's vertices. An unbounded frustum gets the infinite box
    /// `[-∞, +∞]³`, which contains it; an empty or invalid one [`Aabb::EMPTY`].
    fn aabb(&self) -> Aabb {
        rescale!(single self, aabb);
        if !self.is_usable() {
            return Aabb::EMPTY;
        }
        match self.bounded_vertices() {
            Some(vertices) => {
                Aabb::from_points(vertices.points().iter().copied()).unwrap_or(Aabb::EMPTY)
            }
            None if self.some_point().is_some() => Aabb::new(Vec3::NEG_INFINITY, Vec3::INFINITY),
            None => Aabb::EMPTY,
        }
    }

    /// Centered at the mean of the corners (or of the region's vertices), through the farthest
    /// of them (not the smallest sphere). An unbounded frustum gets an infinite radius; an
    /// empty or invalid one [`Sphere::EMPTY`].
    fn bounding_sphere(&self) -> Sphere {
        rescale!(single self, bounding_sphere);
        if !self.is_usable() {
            return Sphere::EMPTY;
        }
        match self.bounded_vertices() {
            Some(vertices) if !vertices.is_empty() => {
                let points = vertices.points();
                let center = points.iter().copied().sum::<Vec3>() / points.len() as Real;
                let radius = points
                    .iter()
                    .map(|c| crate::query::algo::scale::distance(*c, center))
                    .fold(0.0, Real::max);
                Sphere::new(center, radius)
            }
            None if self.some_point().is_some() => Sphere::new(Vec3::ZERO, Real::INFINITY),
            _ => Sphere::EMPTY,
        }
    }
}

impl Classify for Frustum {
    /// By the signed distances of the corners (or, for six half-spaces that are not a
    /// camera's, of the region's vertices); touching straddles. An unbounded frustum is
    /// classified exactly: `Front` when no point of the region is on or behind the plane,
    /// `Back` when none is on or in front of it (each a test for a common point of seven
    /// half-spaces, within `ON_SET_TOLERANCE` of the coordinates). An empty region, an invalid
    /// frustum or plane: [`Side::Straddle`].
    fn classify(&self, plane: &Plane) -> Side {
        rescale!(pair self, plane, classify);
        if !(self.is_usable() && plane.is_usable()) {
            return Side::Straddle;
        }
        if let Some(vertices) = self.bounded_vertices() {
            if vertices.is_empty() {
                return Side::Straddle;
            }
            let (lo, hi) = vertices.extent_along(plane.normal);
            return plane.side_of_interval(lo, hi);
        }
        let unit = Plane::new(plane.normal.normalize(), plane.d / plane.normal.length());
        let mut planes = [unit; 7];
        planes[..6].copy_from_slice(&self.planes);
        let meets_back = point_within(&planes).is_some();
        planes[6] = unit.flipped();
        let meets_front = point_within(&planes).is_some();
        match (meets_back, meets_front) {
            (false, true) => Side::Front,
            (true, false) => Side::Back,
            _ => Side::Straddle,
        }
    }
}
