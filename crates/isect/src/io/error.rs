//! The error of every loader.

use core::fmt;
use std::path::{Path, PathBuf};
use std::string::String;

use crate::error::MeshError;

/// Where in a file a [`LoadError`] was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Location {
    /// A line of a text file, counted from 1.
    Line(usize),
    /// A byte offset into a binary file, counted from 0.
    Byte(u64),
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Line(line) => write!(f, "line {line}"),
            Self::Byte(offset) => write!(f, "byte {offset}"),
        }
    }
}

/// What went wrong while loading a mesh.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum LoadErrorKind {
    /// The file could not be read (missing, unreadable): the operating system's message.
    Io(String),
    /// The file is in no format isect reads: its extension names none, or it has no extension
    /// and its content looks like none.
    UnknownFormat,
    /// The content is not valid in its format: the parser's message.
    Syntax(String),
    /// The file ends before the data its header or structure promises.
    Truncated,
    /// A binary STL file whose size does not match the triangle count in its header: 84 bytes
    /// of header and count, then 50 bytes per triangle.
    CountMismatch {
        /// The triangle count the header announces.
        announced: u64,
        /// The file's size in bytes.
        file_bytes: u64,
    },
    /// A property the mesh needs is absent (PLY: `x`, `y`, `z`, a face index list).
    Missing(String),
    /// The data does not make a mesh: no triangles ([`MeshError::Empty`]), a NaN or infinite
    /// vertex ([`MeshError::NonFiniteVertex`], numbered from 0 in the file's order), a vertex
    /// index past the vertices ([`MeshError::IndexOutOfRange`], triangles numbered from 0 after
    /// polygons are split), or more than 32-bit indices can name ([`MeshError::TooLarge`]).
    Mesh(MeshError),
}

/// A mesh file that could not be loaded: what went wrong ([`LoadError::kind`]), in which file
/// ([`LoadError::path`], `None` when read from memory), where in it ([`LoadError::location`],
/// for every error about the content but those about the whole file, such as having no
/// triangles) and, for some kinds, what was being read ([`LoadError::detail`]). `Display` writes
/// them all: `bunny.ply: byte 2884: the file ends before the data it announces: vertex 200 of
/// 512 is cut short`.
#[derive(Clone, Debug, PartialEq)]
pub struct LoadError {
    kind: LoadErrorKind,
    path: Option<PathBuf>,
    location: Option<Location>,
    detail: Option<String>,
}

impl LoadError {
    pub(crate) fn new(kind: LoadErrorKind) -> Self {
        Self {
            kind,
            path: None,
            location: None,
            detail: None,
        }
    }

    /// Adds what was being read, or why, to the message.
    pub(crate) fn with_detail(mut self, detail: impl Into<String>) -> Self {
        self.detail = Some(detail.into());
        self
    }

    pub(crate) fn syntax(message: impl Into<String>) -> Self {
        Self::new(LoadErrorKind::Syntax(message.into()))
    }

    /// Sets the location.
    pub(crate) fn at(mut self, location: Location) -> Self {
        self.location = Some(location);
        self
    }

    pub(crate) fn in_file(mut self, path: &Path) -> Self {
        self.path = Some(path.to_path_buf());
        self
    }

    /// What went wrong.
    #[must_use]
    pub fn kind(&self) -> &LoadErrorKind {
        &self.kind
    }

    /// The file, when the mesh was loaded from one.
    #[must_use]
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The line or byte offset of the bad data, where known.
    #[must_use]
    pub fn location(&self) -> Option<Location> {
        self.location
    }

    /// What was being read when the error was found, or why it is one, where that says more
    /// than the kind (`vertex 200 of 512 is cut short`).
    #[must_use]
    pub fn detail(&self) -> Option<&str> {
        self.detail.as_deref()
    }
}

impl From<std::io::Error> for LoadError {
    fn from(e: std::io::Error) -> Self {
        if e.kind() == std::io::ErrorKind::UnexpectedEof {
            Self::new(LoadErrorKind::Truncated)
        } else if e.kind() == std::io::ErrorKind::InvalidData {
            Self::syntax(std::format!("{e}"))
        } else {
            Self::new(LoadErrorKind::Io(std::format!("{e}")))
        }
    }
}

impl fmt::Display for LoadErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Io(message) => write!(f, "cannot read the file: {message}"),
            Self::UnknownFormat => write!(f, "not a mesh format isect reads (OBJ, STL, PLY)"),
            Self::Syntax(message) => write!(f, "{message}"),
            Self::Truncated => write!(f, "the file ends before the data it announces"),
            Self::CountMismatch {
                announced,
                file_bytes,
            } => {
                let expected = u128::from(*announced) * 50 + 84;
                let room = file_bytes.saturating_sub(84);
                write!(
                    f,
                    "the header announces {announced} triangles ({expected} bytes with the \
                     84-byte header), but the file has {file_bytes} bytes, room for {} \
                     triangles",
                    room / 50
                )?;
                if room % 50 != 0 {
                    write!(f, " and {} bytes more", room % 50)?;
                }
                Ok(())
            }
            Self::Missing(what) => write!(f, "missing {what}"),
            // A file, not a mesh built by hand, has no triangles.
            Self::Mesh(MeshError::Empty) => write!(f, "the file has no triangles"),
            Self::Mesh(e) => write!(f, "{e}"),
        }
    }
}

impl From<MeshError> for LoadError {
    fn from(e: MeshError) -> Self {
        Self::new(LoadErrorKind::Mesh(e))
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(path) = &self.path {
            write!(f, "{}: ", path.display())?;
        }
        if let Some(location) = self.location {
            write!(f, "{location}: ")?;
        }
        write!(f, "{}", self.kind)?;
        if let Some(detail) = &self.detail {
            write!(f, ": {detail}")?;
        }
        Ok(())
    }
}

impl std::error::Error for LoadError {}

/// Something a loader accepted but a user may want to know: lines it skipped, a missing end
/// marker. `Display` writes `line 12: ...` (or `byte ...`) and the message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// Where in the file, when one place is meant.
    pub location: Option<Location>,
    /// What was accepted, and how it was read.
    pub message: String,
}

impl Note {
    pub(crate) fn new(location: Option<Location>, message: impl Into<String>) -> Self {
        Self {
            location,
            message: message.into(),
        }
    }
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(location) = self.location {
            write!(f, "{location}: ")?;
        }
        f.write_str(&self.message)
    }
}
