//! Why a shape is invalid.

use core::fmt;

/// What is wrong with a shape: returned by every shape's `is_valid()` and by the checked
/// `try_new` constructors, for data that comes from outside the program.
///
/// `field` names the offending field as written in the shape's struct (`"radius"`,
/// `"planes[2].normal"`), so the message can be shown to whoever wrote the data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ShapeError {
    /// A coordinate or scalar is NaN or infinite.
    NonFinite {
        /// The field holding the value.
        field: &'static str,
    },
    /// One of a `ConvexHull`'s points is NaN or infinite.
    NonFinitePoint {
        /// Index of the point.
        index: usize,
    },
    /// A radius or half extent is negative.
    Negative {
        /// The field holding the value.
        field: &'static str,
    },
    /// An `Aabb`'s `min` is greater than its `max` on an axis (0 = x, 1 = y, 2 = z).
    MinGreaterThanMax {
        /// The axis.
        axis: usize,
    },
    /// A direction or normal is the zero vector.
    ZeroVector {
        /// The field holding the vector.
        field: &'static str,
    },
    /// A plane normal is not of unit length (constructors normalize; this catches fields
    /// written directly).
    NotUnit {
        /// The field holding the vector.
        field: &'static str,
    },
    /// An `Obb`'s rotation does not have orthonormal columns.
    NotOrthonormal,
    /// A shape made of points has none.
    Empty,
    /// A `d2::Polygon` has fewer than three distinct points (after dropping repeats of the point
    /// before).
    TooFewPoints {
        /// How many distinct points there are.
        count: usize,
    },
    /// A `d2::Polygon`'s boundary crosses or touches itself: edge `edges[0]` meets edge
    /// `edges[1]` (`edges[0] < edges[1]`) where they are not neighbours, or two neighbouring
    /// edges fold back over each other. Edge `i` runs from point `i` of the input to the next
    /// point that differs from it (the first point after the last).
    SelfIntersecting {
        /// The two edges, by the index of their first point in the input.
        edges: [usize; 2],
    },
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NonFinite { field } => write!(f, "`{field}` is not finite (NaN or infinite)"),
            Self::NonFinitePoint { index } => {
                write!(f, "point {index} is not finite (NaN or infinite)")
            }
            Self::Negative { field } => write!(f, "`{field}` is negative"),
            Self::MinGreaterThanMax { axis } => {
                let name = ["x", "y", "z"].get(*axis).copied().unwrap_or("?");
                write!(f, "`min.{name}` is greater than `max.{name}`")
            }
            Self::ZeroVector { field } => write!(f, "`{field}` is the zero vector"),
            Self::NotUnit { field } => write!(f, "`{field}` is not of unit length"),
            Self::NotOrthonormal => write!(f, "`rotation` does not have orthonormal columns"),
            Self::Empty => write!(f, "the shape has no points"),
            Self::TooFewPoints { count } => {
                write!(f, "a polygon needs 3 distinct points, this one has {count}")
            }
            Self::SelfIntersecting { edges: [i, j] } => {
                write!(f, "the polygon's edges {i} and {j} meet (it is not simple)")
            }
        }
    }
}

impl core::error::Error for ShapeError {}

/// Why a triangle mesh could not be built: returned by `TriMesh::new`. The variants name the
/// offending vertex or triangle by its index in the input, so the message can point at the data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MeshError {
    /// The mesh has no vertices or no triangles.
    Empty,
    /// A vertex has a NaN or infinite coordinate.
    NonFiniteVertex {
        /// Index of the vertex.
        vertex: usize,
    },
    /// A triangle refers to a vertex that does not exist.
    IndexOutOfRange {
        /// Index of the triangle.
        triangle: usize,
        /// The offending vertex index.
        index: u32,
        /// How many vertices there are.
        vertex_count: usize,
    },
    /// More triangles or vertices than the 32-bit indices can name.
    TooLarge,
    /// A welding tolerance ([`crate::Weld::Within`]) that is NaN, infinite or negative.
    InvalidTolerance,
}

impl fmt::Display for MeshError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Empty => write!(f, "the mesh has no triangles"),
            Self::NonFiniteVertex { vertex } => {
                write!(f, "vertex {vertex} is not finite (NaN or infinite)")
            }
            Self::IndexOutOfRange {
                triangle,
                index,
                vertex_count,
            } => write!(
                f,
                "triangle {triangle} refers to vertex {index}, but there are only {vertex_count} vertices"
            ),
            Self::TooLarge => write!(f, "the mesh has more than 2^32 - 1 vertices or triangles"),
            Self::InvalidTolerance => {
                write!(f, "the welding tolerance is NaN, infinite or negative")
            }
        }
    }
}

impl core::error::Error for MeshError {}
