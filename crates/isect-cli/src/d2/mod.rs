//! The command line's 2D half (`"dim": 2` query files and `isect render2d`), beside the 3D
//! files as `isect::d2` is beside the library's 3D tree.

pub mod dispatch;
pub mod query;
pub mod render;
pub mod shapes;
