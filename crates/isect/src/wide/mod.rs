//! Wide queries: one ray or one frustum against 4 or 8 shapes at once, for programs that keep
//! their own arrays of bounds (particles, culling lists, a broad phase of their own).
//!
//! A pack ([`Aabbs`], [`Spheres`], [`Triangles`]) holds `N` shapes as structure of arrays,
//! `[axis][lane]`, so that each query is straight-line arithmetic over lanes, one SIMD lane per
//! shape. Each lane's
//! answer is the scalar query's, bit for bit on the same inputs: the same IEEE operations in
//! the same order, with the same closed-set semantics (touching counts) and the same answer for
//! invalid input (a lane holding a NaN coordinate, `min > max` or a negative radius answers
//! `false` or `+∞`, as the scalar query answers `false` or `None`).
//!
//! - Boolean answers are a bit mask, bit `i` for lane `i` (`u32`, so up to 32 lanes): masks
//!   combine with `&` and `|`, count with `count_ones` and list their lanes with
//!   `trailing_zeros` ([`lanes`]).
//! - Ray casts answer `[Real; N]`, each lane the parameter `t` of the scalar cast's hit, and
//!   `Real::INFINITY` where the scalar cast gives `None`, so the nearest lane is a minimum.
//!
//! Lanes a pack does not use hold an invalid shape ([`Aabb::EMPTY`], a sphere of infinite
//! center, a triangle of NaN corners), so they never report a hit. [`Aabb4`], [`Aabb8`],
//! [`Sphere4`], [`Sphere8`], [`Triangle4`] and [`Triangle8`] name the usual widths: 8 lanes fill
//! an AVX register in `f32`, 4 one in `f64`.
//!
//! ```
//! use isect::wide::{Aabb8, lanes};
//! use isect::{Aabb, Ray, math::Vec3};
//! let boxes: Vec<Aabb> = (0..5)
//!     .map(|i| Aabb::new(Vec3::new(i as f32 * 2.0, -1.0, -1.0), Vec3::new(i as f32 * 2.0 + 1.0, 1.0, 1.0)))
//!     .collect();
//! let pack = Aabb8::from_slice(&boxes); // lanes 5, 6 and 7 stay empty
//! let ray = Ray::new(Vec3::new(-1.0, 0.0, 0.0), Vec3::X);
//! assert_eq!(pack.raycast_any(&ray, 4.0), 0b0000_0011); // entered at t = 1 and t = 3
//! assert_eq!(lanes(pack.raycast_any(&ray, 100.0)).collect::<Vec<_>>(), [0, 1, 2, 3, 4]);
//! assert_eq!(pack.raycast(&ray, 100.0)[1], 3.0);
//! assert_eq!(pack.raycast(&ray, 100.0)[7], f32::INFINITY);
//! ```
//!
//! The methods are `#[inline(always)]` array code that the compiler vectorises for the target
//! it compiles the caller for; [`batch`](crate::batch)'s functions over slices of shapes run
//! them from the copy of their loop compiled for x86-64-v3 (AVX2) when the processor has it.

mod aabbs;
mod spheres;
mod triangles;

pub use aabbs::{Aabb4, Aabb8, Aabbs};
pub use spheres::{Sphere4, Sphere8, Spheres};
pub use triangles::{Triangle4, Triangle8, Triangles};

#[cfg(doc)]
use crate::Aabb;

/// The lanes whose bits are set in `mask`, lowest first.
///
/// ```
/// use isect::wide::lanes;
/// assert_eq!(lanes(0b1010_0001).collect::<Vec<_>>(), [0, 5, 7]);
/// assert_eq!(lanes(0).count(), 0);
/// ```
pub fn lanes(mut mask: u32) -> impl Iterator<Item = usize> {
    core::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let lane = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        Some(lane)
    })
}

/// The bit mask of the lanes where `yes` holds.
#[inline(always)]
fn mask<const N: usize>(yes: [bool; N]) -> u32 {
    const { assert!(N <= 32, "a pack has at most 32 lanes (its masks are u32)") };
    let mut m = 0;
    for (i, y) in yes.into_iter().enumerate() {
        m |= u32::from(y) << i;
    }
    m
}
