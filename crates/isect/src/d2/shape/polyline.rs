//! The polyline: level geometry in the plane, segments between shared vertices, with a BVH.

mod bvh;
mod corners;
mod error;

use alloc::vec::Vec;

pub(crate) use bvh::{Node, box_distance_squared, box_entry, boxes_meet, slab_entry};
use corners::corner_flags;
pub(crate) use corners::{LEFT, RIGHT};
pub use error::PolylineError;

use crate::d2::query::{Bounded, Classify, Side};
use crate::d2::shape::{Aabb, Circle, Line, Segment, ritter_circle};
use crate::math::{Real, Vec2};

/// Level geometry in the plane: segments between shared vertices (open chains, closed loops,
/// or any set of segments), with a bounding volume hierarchy over the segments' boxes built at
/// construction. The 2D counterpart of [`TriMesh`](crate::TriMesh).
///
/// A polyline is a set without an inside: its segments only, a closed loop included (use a
/// [`Polygon`](crate::d2::Polygon) for a solid). A zero-length segment is the point it is, for
/// every query. At a vertex shared by exactly two segments, the contacts
/// ([`Polyline::contacts`], `Contact`) use the neighbour's direction (Box2D's ghost vertices):
/// a shape sliding along a chain of collinear segments meets only the face normal. Needs the
/// `alloc` feature.
///
/// ```
/// use isect::d2::{Circle, Distance, Intersects, Polyline, Ray, RayCast};
/// use isect::math::Vec2;
/// // A floor with a step.
/// let ground = Polyline::chain(vec![
///     Vec2::new(-4.0, 0.0), Vec2::new(0.0, 0.0), Vec2::new(0.0, 1.0), Vec2::new(4.0, 1.0),
/// ]).unwrap();
/// assert_eq!(ground.segment_count(), 3);
/// assert!(Circle::new(Vec2::new(-2.0, 1.0), 1.0).intersects(&ground)); // touching
/// assert_eq!(Circle::new(Vec2::new(2.0, 3.0), 1.0).distance(&ground), 1.0);
/// let hit = ground.raycast_segment(&Ray::new(Vec2::new(-2.0, 0.5), Vec2::X), 10.0).unwrap();
/// assert_eq!((hit.t, hit.segment), (2.0, 1));
/// ```
#[derive(Clone, Debug)]
pub struct Polyline {
    vertices: Vec<Vec2>,
    segments: Vec<[u32; 2]>,
    /// Per segment, the corner flags ([`LEFT`], [`RIGHT`]) of its two ends.
    corners: Vec<[u8; 2]>,
    /// Per segment and end, the vertex at the far end of the neighbour there (the only other
    /// segment at that vertex), or `u32::MAX` for none.
    neighbours: Vec<[u32; 2]>,
    bvh: bvh::Bvh,
}

impl Polyline {
    /// The polyline of the segments `segments`, each a pair of indices into `vertices`, or why
    /// not: no segments, a non-finite vertex or an index out of range (the error names it).
    /// Builds the BVH (`O(n log n)`) and each segment end's corner flags. Vertices no segment
    /// uses are allowed (and ignored); segments may repeat, cross or have zero length.
    ///
    /// # Errors
    /// [`PolylineError::Empty`], [`PolylineError::NonFiniteVertex`],
    /// [`PolylineError::IndexOutOfRange`], [`PolylineError::TooLarge`].
    ///
    /// ```
    /// use isect::d2::{Polyline, PolylineError};
    /// use isect::math::Vec2;
    /// let v = vec![Vec2::ZERO, Vec2::X, Vec2::ONE];
    /// assert!(Polyline::new(v.clone(), vec![[0, 1], [1, 2]]).is_ok());
    /// assert_eq!(
    ///     Polyline::new(v, vec![[0, 1], [1, 3]]).unwrap_err(),
    ///     PolylineError::IndexOutOfRange { segment: 1, index: 3, vertex_count: 3 },
    /// );
    /// ```
    pub fn new(vertices: Vec<Vec2>, segments: Vec<[u32; 2]>) -> Result<Self, PolylineError> {
        if vertices.is_empty() || segments.is_empty() {
            return Err(PolylineError::Empty);
        }
        if vertices.len() >= u32::MAX as usize || segments.len() >= u32::MAX as usize {
            return Err(PolylineError::TooLarge);
        }
        if let Some(vertex) = vertices.iter().position(|v| !v.is_finite()) {
            return Err(PolylineError::NonFiniteVertex { vertex });
        }
        for (segment, s) in segments.iter().enumerate() {
            if let Some(&index) = s.iter().find(|&&i| i as usize >= vertices.len()) {
                return Err(PolylineError::IndexOutOfRange {
                    segment,
                    index,
                    vertex_count: vertices.len(),
                });
            }
        }
        let boxes: Vec<(Vec2, Vec2)> = segments
            .iter()
            .map(|&[a, b]| {
                let (a, b) = (vertices[a as usize], vertices[b as usize]);
                (a.min(b), a.max(b))
            })
            .collect();
        let bvh = bvh::Bvh::build(&boxes);
        let (corners, neighbours) = corner_flags(&vertices, &segments);
        Ok(Self {
            vertices,
            segments,
            corners,
            neighbours,
            bvh,
        })
    }

    /// One open chain through `points` in order: segment `i` runs from point `i` to point
    /// `i + 1`. Errors as [`Polyline::new`] (fewer than two points is [`PolylineError::Empty`]).
    ///
    /// # Errors
    /// As [`Polyline::new`].
    ///
    /// ```
    /// use isect::d2::Polyline;
    /// use isect::math::Vec2;
    /// let chain = Polyline::chain(vec![Vec2::ZERO, Vec2::X, Vec2::ONE]).unwrap();
    /// assert_eq!(chain.segments(), &[[0, 1], [1, 2]]);
    /// ```
    pub fn chain(points: Vec<Vec2>) -> Result<Self, PolylineError> {
        let n = points.len().min(u32::MAX as usize) as u32;
        let segments = (1..n).map(|i| [i - 1, i]).collect();
        Self::new(points, segments)
    }

    /// One closed loop through `points` in order and back to the first: segment `i` runs from
    /// point `i` to point `i + 1`, the last from the last point to the first. A loop is still a
    /// set of segments without an inside. Errors as [`Polyline::new`] (fewer than two points is
    /// [`PolylineError::Empty`]); two points make two segments over each other.
    ///
    /// # Errors
    /// As [`Polyline::new`].
    ///
    /// ```
    /// use isect::d2::{Polyline, PointQuery};
    /// use isect::math::Vec2;
    /// let square = Polyline::closed(vec![Vec2::ZERO, Vec2::X, Vec2::ONE, Vec2::Y]).unwrap();
    /// assert_eq!(square.segments(), &[[0, 1], [1, 2], [2, 3], [3, 0]]);
    /// assert!(!square.contains_point(Vec2::splat(0.5))); // no inside
    /// assert_eq!(square.distance_to_point(Vec2::splat(0.5)), 0.5);
    /// ```
    pub fn closed(points: Vec<Vec2>) -> Result<Self, PolylineError> {
        let n = points.len().min(u32::MAX as usize) as u32;
        let segments = if n < 2 {
            Vec::new()
        } else {
            (0..n).map(|i| [i, (i + 1) % n]).collect()
        };
        Self::new(points, segments)
    }

    /// The vertices, as given.
    #[inline]
    #[must_use]
    pub fn vertices(&self) -> &[Vec2] {
        &self.vertices
    }

    /// The segments, as pairs of vertex indices, as given.
    #[inline]
    #[must_use]
    pub fn segments(&self) -> &[[u32; 2]] {
        &self.segments
    }

    /// How many segments there are.
    #[inline]
    #[must_use]
    pub fn segment_count(&self) -> usize {
        self.segments.len()
    }

    /// Segment `i` (an index into [`Polyline::segments`]) as a [`Segment`].
    ///
    /// # Panics
    /// If `i` is out of range.
    #[inline]
    #[must_use]
    pub fn segment(&self, i: u32) -> Segment {
        let [a, b] = self.segments[i as usize];
        Segment::new(self.vertices[a as usize], self.vertices[b as usize])
    }

    /// Bytes held on the heap: vertices, segments, corner flags and BVH.
    #[must_use]
    pub fn heap_bytes(&self) -> usize {
        self.vertices.capacity() * core::mem::size_of::<Vec2>()
            + self.segments.capacity() * core::mem::size_of::<[u32; 2]>()
            + self.corners.capacity() * 2
            + self.neighbours.capacity() * core::mem::size_of::<[u32; 2]>()
            + self.bvh.heap_bytes()
    }

    /// `Ok` always: [`Polyline::new`] checked the data, and a polyline cannot be changed
    /// afterwards. There for symmetry with the other shapes.
    ///
    /// # Errors
    /// None.
    #[inline]
    pub fn is_valid(&self) -> Result<(), PolylineError> {
        Ok(())
    }

    /// Calls `f` with the index of every segment whose box overlaps `aabb` (touching counts), in
    /// no particular order, zero-length segments included. Nothing for an invalid box (NaN,
    /// infinite, `min > max`). No allocation.
    ///
    /// ```
    /// use isect::d2::{Aabb, Polyline};
    /// use isect::math::Vec2;
    /// let chain = Polyline::chain((0..10).map(|i| Vec2::new(i as isect::Real, 0.0)).collect()).unwrap();
    /// let mut found = vec![];
    /// chain.query_aabb(&Aabb::new(Vec2::new(2.5, -1.0), Vec2::new(4.0, 1.0)), |i| found.push(i));
    /// found.sort();
    /// assert_eq!(found, [2, 3, 4]);
    /// ```
    pub fn query_aabb(&self, aabb: &Aabb, mut f: impl FnMut(u32)) {
        if !aabb.is_usable() {
            return;
        }
        self.any_in_box(aabb.min, aabb.max, |i| {
            f(i);
            false
        });
    }

    /// Calls `f` with the segments whose boxes overlap `min..max` until it returns `true`;
    /// whether it did.
    #[inline]
    pub(crate) fn any_in_box(&self, min: Vec2, max: Vec2, mut f: impl FnMut(u32) -> bool) -> bool {
        self.bvh.walk(
            |n| boxes_meet(n, min, max).then_some(0.0),
            |i| {
                // A leaf holds up to four segments: each is checked against its own box.
                let s = self.segment(i);
                s.a.min(s.b).cmple(max).all() && min.cmple(s.a.max(s.b)).all() && f(i)
            },
        )
    }

    /// The BVH walk, for the queries (`bvh::Bvh::walk`).
    #[inline]
    pub(crate) fn walk(
        &self,
        enter: impl FnMut(&Node) -> Option<Real>,
        leaf: impl FnMut(u32) -> bool,
    ) -> bool {
        self.bvh.walk(enter, leaf)
    }

    /// The corner flags ([`LEFT`], [`RIGHT`]) of segment `i`'s two ends.
    #[inline]
    pub(crate) fn corners(&self, i: u32) -> [u8; 2] {
        self.corners[i as usize]
    }

    /// The vertex at the far end of segment `i`'s neighbour at its end `k` (0: `a`, 1: `b`),
    /// when exactly one other segment shares that vertex.
    #[inline]
    pub(crate) fn neighbour_end(&self, i: u32, k: usize) -> Option<Vec2> {
        let v = self.neighbours[i as usize][k];
        (v != u32::MAX).then(|| self.vertices[v as usize])
    }
}

impl Bounded for Polyline {
    /// The box of the vertices the segments use (exact: their coordinate extremes).
    fn aabb(&self) -> Aabb {
        self.bvh.root().unwrap_or(Aabb::EMPTY)
    }

    /// Ritter's circle around the vertices the segments use: within about 5–20 % of the
    /// smallest.
    fn bounding_circle(&self) -> Circle {
        let used: Vec<Vec2> = self
            .segments
            .iter()
            .flatten()
            .map(|&v| self.vertices[v as usize])
            .collect();
        ritter_circle(&used)
    }
}

impl Classify for Polyline {
    /// The side of the set of segments, by the exact sides of the vertices the segments use:
    /// `Front` or `Back` when every one lies strictly on that side, `Straddle` when a segment
    /// touches or crosses the line. `Straddle` for an invalid line.
    ///
    /// ```
    /// use isect::d2::{Classify, Line, Polyline, Side};
    /// use isect::math::Vec2;
    /// let x_axis = Line::new(Vec2::ZERO, Vec2::X);
    /// let above = Polyline::chain(vec![Vec2::new(0.0, 1.0), Vec2::new(2.0, 3.0), Vec2::new(4.0, 1.0)]).unwrap();
    /// assert_eq!(above.classify(&x_axis), Side::Front);
    /// let touching = Polyline::chain(vec![Vec2::new(0.0, -1.0), Vec2::new(2.0, 0.0)]).unwrap();
    /// assert_eq!(touching.classify(&x_axis), Side::Straddle);
    /// ```
    fn classify(&self, line: &Line) -> Side {
        let b = self.aabb();
        // The box's corners on one side put every vertex there; otherwise vertex by vertex.
        let corners = [
            b.min,
            Vec2::new(b.min.x, b.max.y),
            b.max,
            Vec2::new(b.max.x, b.min.y),
        ];
        let side = line.side_of_points(&corners);
        if side != Side::Straddle || !line.is_usable() {
            return side;
        }
        let mut first = 0;
        for &v in self.segments.iter().flatten() {
            let s = line.side_of_point(self.vertices[v as usize]);
            if s == 0 || (first != 0 && s != first) {
                return Side::Straddle;
            }
            first = s;
        }
        if first > 0 { Side::Front } else { Side::Back }
    }
}
