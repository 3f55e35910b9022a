//! `Sweep` between a [`TriMesh`] and every convex shape, in both orders, and the mesh's own
//! [`TriMesh::sweep_triangle`] (the first contact and which triangle).
//!
//! Algorithm (the mesh at rest, the shape moving by the relative motion `v`):
//! 1. The shape's box, moving by `v`, is traversed through the BVH front to back
//!    ([`crate::bvh::sweep`]): a node is visited only when the moving box enters it before the
//!    first contact found so far, nearest first, so the search narrows as it goes.
//! 2. In a leaf, each triangle with an area is tested by its own box first (the moving box's
//!    entry time into it, which also says whether the shape may touch it at `t = 0`), then by
//!    quick rejections (balls, the triangle's plane; for hulls also separating axes across
//!    the motion, `reject.rs`, whose support scans are cheap next to GJK's), then by
//!    the pair's exact first contact: the closed forms of the pair files for spheres, capsules
//!    (and segments, capsules of radius 0), boxes and triangles, and GJK's ray cast for hulls
//!    ([`crate::query::algo::gjk_raycast`]: exact on polytopes up to rounding). Each is given
//!    the best time so far, and gives up as soon as it cannot beat it. Triangles take the pair
//!    sweep's own first contact (separating axes, or conservative advancement where either
//!    triangle is collinear within rounding), with its verdict on which, so that the mesh's
//!    answer is the earliest of its triangles' pair sweeps.
//! 3. The earliest contact wins; on equal times, the lower triangle index. A contact at `t = 0`
//!    cannot be beaten, only tied by a lower index: from then on the traversal skips subtrees
//!    without one (the BVH keeps each subtree's lowest index) and a triangle of lower index
//!    takes only the pair's test of touching at the start, not a sweep.
//!
//! A solid mesh ([`TriMesh::is_solid`]) also holds its inside: a convex shape that touches no
//! triangle is wholly inside or wholly outside, so one of its points decides (the crossing
//! count of [`PointQuery::contains_point`](crate::PointQuery::contains_point)), and since a
//! moving shape cannot get in or out without touching a triangle, only the start and the end
//! need that test. `t_last` is the first contact of the reversed motion from the end (the last
//! contact with a triangle), or 1 when the shape ends inside a solid mesh.

use crate::math::Vec3;
use crate::query::algo::scale::Rescale;
use crate::query::{Bounded, MeshSweepHit, PointQuery, Sweep, SweepHit, mirror_sweep};
use crate::shape::{Aabb, Capsule, ConvexHull, Obb, Segment, Sphere, TriMesh, Triangle};

/// A convex shape that moves through a mesh in [`TriMesh::sweep_triangle`] and
/// `Sweep<TriMesh>`: [`Sphere`], [`Aabb`], [`Obb`], [`Capsule`], [`Triangle`], [`Segment`] and
/// [`ConvexHull`]. Sealed: the mesh sweep needs each shape's first contact with a triangle.
pub trait MeshSweepShape: sealed::TriangleCast + sealed::Rescaled {}

pub(crate) mod sealed {
    use crate::math::{Real, Vec3};
    use crate::shape::{Aabb, Triangle};

    /// The shape times a power of two, for the mesh sweep far from unit scale (see
    /// `first_contact`).
    pub trait Rescaled {
        /// Calls `f` with the shape, every coordinate and length times `2ᵏ`.
        fn with_rescaled(&self, k: i32, f: &mut dyn FnMut(&dyn TriangleCast));
    }

    /// What the mesh sweep needs of a convex shape; `offset` moves the shape (the end of the
    /// motion, for the backward sweep of `t_last`).
    pub trait TriangleCast {
        /// Whether the shape is valid (its `is_usable`).
        fn usable(&self) -> bool;

        /// The shape's box at rest.
        fn bounds(&self) -> Aabb;

        /// A center and the shape's half extent `r` along the unit `n` about it (at rest): it
        /// spans `n · center ± r` along `n`.
        fn extent(&self, n: Vec3) -> (Vec3, Real);

        /// The first contact within `[0, max_t]` of the shape, moved by `offset` and moving by
        /// `v`, with the resting triangle `triangle` (which has an area): the time and the unit
        /// normal from the triangle towards the shape (any vector at `t = 0`). `start`: whether
        /// they may touch at `t = 0`; `false` when their boxes are apart.
        fn first_contact(
            &self,
            offset: Vec3,
            v: Vec3,
            triangle: &Triangle,
            max_t: Real,
            start: bool,
        ) -> Option<(Real, Vec3)>;

        /// Whether [`first_contact`](Self::first_contact) would answer `t = 0`: the shape,
        /// moved by `offset`, already touches `triangle` (which has an area). All a triangle
        /// can still do once another is touched at `t = 0` (it can only tie), so no sweep.
        #[inline]
        fn touches(&self, offset: Vec3, v: Vec3, triangle: &Triangle, start: bool) -> bool {
            // Over `[0, 0]` the casts give up at the first sign of a later contact.
            self.first_contact(offset, v, triangle, 0.0, start)
                .is_some_and(|(t, _)| t == 0.0)
        }

        /// A point of both the shape, moved by `offset`, and `triangle`, which touch (or, when
        /// `overlapping`, may overlap).
        fn contact_point(&self, offset: Vec3, triangle: &Triangle, overlapping: bool) -> Vec3;

        /// A point of the shape at rest.
        fn inner_point(&self) -> Vec3;

        /// A ball that holds the shape at rest: its center and radius.
        fn ball(&self) -> (Vec3, Real);

        /// `false` when the shape, moved by `offset` and then by at most `travel` in any
        /// direction, cannot reach the ball `(m, rho)`: a tighter rejection than
        /// [`ball`](Self::ball)'s for shapes a ball holds loosely. Never `false` for a pair
        /// that meets, rounding included.
        #[inline]
        fn may_reach(&self, _offset: Vec3, _travel: Real, _m: Vec3, _rho: Real) -> bool {
            true
        }

        /// `false` when the shape, moved by `offset` and then by `t v` for any `t` in
        /// `[0, max_t]`, cannot meet the triangle `corners`: a rejection after the plane test
        /// for shapes whose exact cast is dear (hulls). `scale` bounds the magnitudes of every
        /// coordinate involved (the shape's, the triangle's, `offset` and `v`). Never `false`
        /// for a pair that [`first_contact`](Self::first_contact) would report touching,
        /// its tolerances and rounding included.
        #[inline]
        fn may_meet(
            &self,
            _offset: Vec3,
            _v: Vec3,
            _corners: [Vec3; 3],
            _max_t: Real,
            _scale: Real,
        ) -> bool {
            true
        }
    }
}

use sealed::{Rescaled, TriangleCast};

mod first_contact;
mod polytope;
mod reject;
mod rotating;
mod round;

use first_contact::{contact_point, first_contact};

/// Whether `p` lies inside the solid `mesh` (`false` for a surface), for a shape known to
/// touch no triangle, which is then wholly inside or wholly outside.
fn inside(mesh: &TriMesh, p: Vec3) -> bool {
    mesh.solid && mesh.aabb().contains_point(p) && mesh.inside_solid(p)
}

/// The unit normal against the relative motion `v` (`+Y` without one): the normal reported for
/// shapes that already overlap.
fn against(v: Vec3) -> Vec3 {
    (-v).try_normalize().unwrap_or(Vec3::Y)
}

/// `Sweep<TriMesh>` for `shape` moving by `motion` and `mesh` by `mesh_motion`.
fn sweep_mesh<S: TriangleCast + Rescaled + ?Sized>(
    shape: &S,
    motion: Vec3,
    mesh: &TriMesh,
    mesh_motion: Vec3,
) -> Option<SweepHit> {
    if !(shape.usable() && motion.is_finite() && mesh_motion.is_finite()) {
        return None;
    }
    let v = motion - mesh_motion;
    let forward = first_contact(mesh, shape, Vec3::ZERO, v, 1.0);
    // `touched`: the triangle touched at `t_first` and the normal there.
    let (t_first, touched) = match forward {
        Some((0.0, slot, _)) => (0.0, Some((slot, Vec3::ZERO))),
        Some((t, slot, normal)) if !inside(mesh, shape.inner_point()) => (t, Some((slot, normal))),
        _ if inside(mesh, shape.inner_point()) => (0.0, None),
        _ => return None,
    };
    // The last contact: the first of the reversed motion from the end, or the end itself when
    // the shape ends inside a solid mesh.
    let t_last = match first_contact(mesh, shape, v, -v, 1.0 - t_first) {
        Some((0.0, ..)) => 1.0,
        Some((back, ..)) if !inside(mesh, shape.inner_point() + v) => 1.0 - back,
        Some(_) => 1.0,
        None if inside(mesh, shape.inner_point() + v) => 1.0,
        None => t_first,
    };
    let t_last = t_last.max(t_first);
    let offset = v * t_first;
    let (point, normal) = match touched {
        Some((slot, normal)) => {
            let [a, b, c] = mesh.bvh.tri(slot);
            let triangle = Triangle::new(a, b, c);
            let overlapping = t_first == 0.0;
            let normal = if overlapping { against(v) } else { normal };
            (contact_point(shape, offset, &triangle, overlapping), normal)
        }
        // Wholly inside a solid mesh at t = 0: a point of both.
        None => (shape.inner_point(), against(v)),
    };
    Some(SweepHit {
        t_first,
        t_last,
        // The contact was found in the mesh's frame; the mesh has moved by then.
        point: point + mesh_motion * t_first,
        normal,
    })
}

impl TriMesh {
    /// The first triangle that `shape`, moving by `motion` over `t` in `[0, 1]`, touches, with
    /// the time, the triangle's index, the contact point and the unit normal from the mesh
    /// towards the shape (the way to push the shape out).
    ///
    /// The triangles as a surface, as [`TriMesh::raycast_triangle`] sees them: a shape that
    /// starts wholly inside a solid mesh reports the first triangle it reaches (use
    /// [`Sweep`], which includes a solid mesh's inside, for `t = 0` there). Touching counts: a
    /// shape that already touches or overlaps a triangle reports `t = 0`, a point of both and
    /// the normal against the motion (`+Y` without motion). Among triangles touched at the same
    /// time, the lowest index. Exact up to rounding for spheres, capsules, segments, boxes and
    /// triangles (the closed forms of their triangle sweeps; a triangle collinear within
    /// rounding, moving or of the mesh, by conservative advancement as in its pair sweep) and
    /// for hulls (GJK's ray cast ends on polytopes); degenerate triangles of the mesh are never
    /// touched, degenerate shapes are what they are. `None` when the shape touches no triangle within the motion, and for
    /// invalid input (an invalid shape, a non-finite motion).
    ///
    /// ```
    /// use isect::{Sphere, TriMesh, math::Vec3};
    /// // A floor of two triangles, a ball of radius 1 falling onto it from 3 above.
    /// let floor = TriMesh::new(
    ///     vec![
    ///         Vec3::new(-4.0, 0.0, -4.0),
    ///         Vec3::new(4.0, 0.0, -4.0),
    ///         Vec3::new(4.0, 0.0, 4.0),
    ///         Vec3::new(-4.0, 0.0, 4.0),
    ///     ],
    ///     vec![[0, 2, 1], [0, 3, 2]],
    /// )
    /// .unwrap();
    /// let ball = Sphere::new(Vec3::new(1.0, 3.0, -1.0), 1.0);
    /// let hit = floor.sweep_triangle(&ball, Vec3::new(0.0, -4.0, 0.0)).unwrap();
    /// assert_eq!((hit.t, hit.triangle, hit.normal), (0.5, 0, Vec3::Y));
    /// assert_eq!(hit.point, Vec3::new(1.0, 0.0, -1.0));
    /// ```
    #[must_use]
    pub fn sweep_triangle<S: MeshSweepShape + ?Sized>(
        &self,
        shape: &S,
        motion: Vec3,
    ) -> Option<MeshSweepHit> {
        if !(shape.usable() && motion.is_finite()) {
            return None;
        }
        let (t, slot, normal) = first_contact(self, shape, Vec3::ZERO, motion, 1.0)?;
        let [a, b, c] = self.bvh.tri(slot);
        let overlapping = t == 0.0;
        Some(MeshSweepHit {
            t,
            triangle: self.bvh.order[slot as usize],
            point: contact_point(shape, motion * t, &Triangle::new(a, b, c), overlapping),
            normal: if overlapping { against(motion) } else { normal },
        })
    }
}

/// `Sweep<TriMesh>` for each shape, its mirror and its [`MeshSweepShape`] marker.
macro_rules! sweep_against_mesh {
    ($($shape:ty),*) => {$(
        impl Sweep<TriMesh> for $shape {
            /// The first and last time the shape touches the mesh: its triangles, and for a
            /// solid mesh ([`TriMesh::is_solid`]) also its inside, so a shape that starts
            /// wholly inside hits at `t_first = 0`. `t_last` is the last time of overlap over
            /// `[0, 1]` (the contacts need not be one stretch: `[t_first, t_last]` spans them
            /// all): the last contact with a triangle, or 1 when the shape ends inside a solid
            /// mesh. At `t_first > 0` the point and normal are those of the first triangle
            /// touched ([`TriMesh::sweep_triangle`]); for shapes that already overlap, a point
            /// of both and the normal against the relative motion (`+Y` without one). `None`
            /// when they never touch in `[0, 1]`, and for invalid input.
            fn sweep(&self, motion: Vec3, other: &TriMesh, other_motion: Vec3) -> Option<SweepHit> {
                sweep_mesh(self, motion, other, other_motion)
            }
        }
        mirror_sweep!($shape, TriMesh);
        impl MeshSweepShape for $shape {}
        impl sealed::Rescaled for $shape {
            fn with_rescaled(&self, k: i32, f: &mut dyn FnMut(&dyn TriangleCast)) {
                f(&Rescale::rescaled(self, k))
            }
        }
    )*};
}

sweep_against_mesh!(Sphere, Aabb, Obb, Capsule, Triangle, Segment, ConvexHull);
