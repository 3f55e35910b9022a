//! Why a polyline was rejected.

use core::fmt;

/// Why [`Polyline::new`] (or [`Polyline::chain`], [`Polyline::closed`]) rejected its input.
///
/// [`Polyline::new`]: crate::d2::Polyline::new
/// [`Polyline::chain`]: crate::d2::Polyline::chain
/// [`Polyline::closed`]: crate::d2::Polyline::closed
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PolylineError {
    /// No vertices or no segments (a chain or loop of fewer than two points).
    Empty,
    /// A vertex has a NaN or infinite coordinate.
    NonFiniteVertex {
        /// Index of the vertex.
        vertex: usize,
    },
    /// A segment refers to a vertex that does not exist.
    IndexOutOfRange {
        /// Index of the segment.
        segment: usize,
        /// The offending vertex index.
        index: u32,
        /// How many vertices there are.
        vertex_count: usize,
    },
    /// More segments or vertices than the 32-bit indices can name.
    TooLarge,
}

impl fmt::Display for PolylineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Empty => write!(f, "the polyline has no segments"),
            Self::NonFiniteVertex { vertex } => {
                write!(f, "vertex {vertex} is not finite (NaN or infinite)")
            }
            Self::IndexOutOfRange {
                segment,
                index,
                vertex_count,
            } => write!(
                f,
                "segment {segment} refers to vertex {index}, but there are only {vertex_count} vertices"
            ),
            Self::TooLarge => {
                write!(
                    f,
                    "the polyline has more than 2^32 - 1 vertices or segments"
                )
            }
        }
    }
}

impl core::error::Error for PolylineError {}
