//! Geometric intersection tests for games, physics, robotics and graphics: closest points and
//! distances, containment, overlap, classification against planes, ray casts, sweeps and contacts
//! between the primitive shapes of real-time rendering and collision detection.
//!
//! ```
//! use isect::{Aabb, Distance, PointQuery, Segment, Sphere, math::Vec3};
//!
//! let ball = Sphere::new(Vec3::new(0.0, 0.0, 0.0), 1.0);
//! // Closed sets: a point on the surface is contained.
//! assert!(ball.contains_point(Vec3::new(0.0, 1.0, 0.0)));
//! assert_eq!(ball.closest_point(Vec3::new(3.0, 0.0, 0.0)), Vec3::new(1.0, 0.0, 0.0));
//!
//! let crate_box = Aabb::new(Vec3::new(2.0, 0.0, 0.0), Vec3::new(3.0, 1.0, 1.0));
//! assert_eq!(crate_box.distance_to_point(Vec3::new(0.0, 0.5, 0.5)), 2.0);
//!
//! // Two segments that cross at (1, 1, 0).
//! let s1 = Segment::new(Vec3::new(0.0, 0.0, 0.0), Vec3::new(2.0, 2.0, 0.0));
//! let s2 = Segment::new(Vec3::new(2.0, 0.0, 0.0), Vec3::new(0.0, 2.0, 0.0));
//! let pair = s1.closest_points(&s2);
//! assert_eq!(pair.distance, 0.0);
//! assert_eq!(pair.a, Vec3::new(1.0, 1.0, 0.0));
//! ```
//!
//! # Shapes and queries
//!
//! The shapes ([`Sphere`], [`Aabb`], [`Obb`], [`Capsule`], [`Triangle`], [`Segment`], [`Ray`],
//! [`Line`], [`Plane`], [`Frustum`], [`ConvexHull`]) are plain structs with public fields in world
//! coordinates, built on [`glam`]. The queries are traits ([`PointQuery`], [`Distance`],
//! [`Classify`], [`Bounded`], ...), each pair implemented in both argument orders, with free
//! functions of the same names ([`distance`], [`closest_points`], ...). The semantics every query
//! keeps (closed sets, degenerate shapes, invalid input answered as the empty set, no
//! allocation) are set out in [`query`]; the README has the table of what is supported. The
//! plane has the same shapes and queries, with overlap decided exactly, in [`d2`].
//! Programs that keep their own arrays of bounds can test one ray or frustum against 4 or 8
//! boxes or spheres at once with the packs of [`wide`], which answer as the scalar queries do.
//!
//! # Precision
//!
//! This crate works in `f32` ([`Real`] = `f32`, [`math::Vec3`] = [`glam::Vec3`]). The crate
//! `isect-f64` is the same source with `Real = f64` and `glam::DVec3`; the two can be used side
//! by side.
//!
//! # Features
//!
//! - `std` (default): float functions from the standard library. Without it the crate is
//!   `no_std`; enable `libm` instead. `alloc` (implied by `std`) enables [`ConvexHull`],
//!   [`TriMesh`] and [`batch`].
//! - `serde`, `bytemuck`, `approx`, `mint`: derives and trait impls for the shapes and results,
//!   and the matching glam features.
//! - `rayon`: parallel [`batch`] queries and BVH builds of large meshes (the same tree as the
//!   sequential build).
//! - `io`: the module [`io`] (shown on docs.rs, which builds every feature), loading OBJ, STL
//!   and PLY meshes with errors that name the file and line or byte, and welding their
//!   vertices ([`Weld`]).
//!
//! # Processor features
//!
//! With `std` on x86-64, [`TriMesh`]'s ray casts and build run from a copy of their code
//! compiled for AVX2 (x86-64-v3) when the processor has it, detected once per process; the
//! answers are the same bits as the baseline code's. Setting the environment variable
//! `ISECT_SIMD=baseline` keeps a process on the baseline code. On Linux, a mesh's BVH asks the
//! kernel to back it with huge pages (`madvise(MADV_HUGEPAGE)`), which speeds rays through
//! meshes of a million triangles (docs/performance.md, "Huge pages"); smaller ones are
//! unaffected.
#![no_std]
#![warn(missing_docs)]
// docs.rs builds with every feature and `--cfg docsrs` (Cargo.toml): items behind a feature
// are marked with the feature they need.
#![cfg_attr(docsrs, feature(doc_cfg))]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
pub mod batch;
#[cfg(feature = "alloc")]
pub mod broad;
#[cfg(feature = "alloc")]
mod bvh;
pub mod d2;
#[cfg(feature = "alloc")]
mod dispatch;
mod error;
mod features;
#[cfg(feature = "io")]
#[cfg_attr(docsrs, doc(cfg(feature = "io")))]
pub mod io;
pub mod math;
pub mod ops;
#[cfg(feature = "alloc")]
mod pages;
pub mod query;
#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
pub mod scene;
mod shape;
#[cfg(feature = "alloc")]
mod weld;
pub mod wide;

pub use glam;

pub use error::{MeshError, ShapeError};
pub use math::Real;
pub use query::{
    Bounded, Classify, ClosestPoints, Contact, ContactInfo, Distance, Intersects, PointQuery,
    RayCast, RayHit, Side, SupportMap, Sweep, SweepHit, classify, closest_points, contact,
    distance, intersects, sweep, three_planes,
};
pub use query::{ContactManifold, MANIFOLD_CAPACITY, Manifold, ManifoldPoint, contact_manifold};
#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
pub use query::{MeshContact, MeshContactShape, MeshPairContact};
pub use query::{MeshHit, MeshSweepHit, TriangleHit};
pub use query::{RigidMotion, sweep_rotating};
pub use shape::{Aabb, Capsule, Frustum, Line, Obb, Plane, Ray, Segment, Sphere, Triangle};
#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
pub use shape::{ConvexHull, TriMesh};
#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
pub use weld::Weld;

/// The README's examples, run as doc tests so that they stay true.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeDoctests;
