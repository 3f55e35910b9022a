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
    /// The file's extension names no format isect reads.
    UnknownFormat,
    /// The content is not valid in its format: the parser's message.
    Syntax(String),
    /// The file ends before the data its header or structure promises.
    Truncated,
    /// A property the mesh needs is absent (PLY: `x`, `y`, `z`, a face index list).
    Missing(String),
    /// The data does not make a mesh: no triangles ([`MeshError::Empty`]), a NaN or infinite
    /// vertex ([`MeshError::NonFiniteVertex`], numbered from 0 in the file's order), a vertex
    /// index past the vertices ([`MeshError::IndexOutOfRange`], triangles numbered from 0 after
    /// polygons are split), or more than 32-bit indices can name ([`MeshError::TooLarge`]).
    Mesh(MeshError),
}

/// A mesh file that could not be loaded: what went wrong ([`LoadError::kind`]), in which file
/// ([`LoadError::path`], `None` when read from memory) and where in it
/// ([`LoadError::location`], where known). `Display` writes all three:
/// `bunny.stl: byte 2884: the file ends before the data it announces`.
#[derive(Clone, Debug, PartialEq)]
pub struct LoadError {
    kind: LoadErrorKind,
    path: Option<PathBuf>,
    location: Option<Location>,
}

impl LoadError {
    pub(crate) fn new(kind: LoadErrorKind) -> Self {
        Self {
            kind,
            path: None,
            location: None,
        }
    }

    pub(crate) fn syntax(message: impl Into<String>) -> Self {
        Self::new(LoadErrorKind::Syntax(message.into()))
    }

    /// Sets the location unless one is known already.
    pub(crate) fn at(mut self, location: Option<Location>) -> Self {
        if self.location.is_none() {
            self.location = location;
        }
        self
    }

    /// Replaces the location.
    pub(crate) fn relocated(mut self, location: Option<Location>) -> Self {
        self.location = location;
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
            Self::UnknownFormat => {
                write!(
                    f,
                    "unknown mesh format (the extension must be obj, stl or ply)"
                )
            }
            Self::Syntax(message) => write!(f, "{message}"),
            Self::Truncated => write!(f, "the file ends before the data it announces"),
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
        write!(f, "{}", self.kind)
    }
}

impl std::error::Error for LoadError {}
