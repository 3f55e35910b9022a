//! The mirror lines of the 2D pair files: each implements one argument order and ends with one
//! of these macros, which implements the other order from it (points swapped, normals flipped).

/// Implements `Distance<$a> for $b` from `Distance<$b> for $a`, swapping the points: the mirror
/// line that each 2D distance pair file ends with.
macro_rules! mirror_distance {
    ($a:ty, $b:ty) => {
        impl $crate::d2::query::Distance<$a> for $b {
            #[inline]
            fn closest_points(&self, other: &$a) -> $crate::d2::query::ClosestPoints {
                $crate::d2::query::Distance::closest_points(other, self).swapped()
            }
            #[inline]
            fn distance(&self, other: &$a) -> $crate::math::Real {
                $crate::d2::query::Distance::distance(other, self)
            }
        }
    };
}
pub(crate) use mirror_distance;

/// Implements `Intersects<$a> for $b` from `Intersects<$b> for $a`: the mirror line that each
/// 2D overlap pair file ends with.
macro_rules! mirror_intersects {
    ($a:ty, $b:ty) => {
        impl $crate::d2::query::Intersects<$a> for $b {
            #[inline]
            fn intersects(&self, other: &$a) -> bool {
                $crate::d2::query::Intersects::intersects(other, self)
            }
        }
    };
}
pub(crate) use mirror_intersects;

/// Implements `Contact<$a> for $b` from `Contact<$b> for $a`, turning the normal round: the
/// mirror line that each 2D contact pair file ends with.
macro_rules! mirror_contact {
    ($a:ty, $b:ty) => {
        impl $crate::d2::query::Contact<$a> for $b {
            #[inline]
            fn contact(&self, other: &$a) -> Option<$crate::d2::query::ContactInfo> {
                $crate::d2::query::Contact::contact(other, self).map(|c| {
                    $crate::d2::query::ContactInfo {
                        normal: -c.normal,
                        ..c
                    }
                })
            }
        }
    };
}
pub(crate) use mirror_contact;

/// Implements `ContactManifold<$a> for $b` from `ContactManifold<$b> for $a`: the same points
/// with the normal turned round. The mirror line of each 2D contact pair file.
macro_rules! mirror_manifold {
    ($a:ty, $b:ty) => {
        impl $crate::d2::query::ContactManifold<$a> for $b {
            #[inline]
            fn contact_manifold(&self, other: &$a) -> $crate::d2::query::Manifold {
                $crate::d2::query::ContactManifold::contact_manifold(other, self).flipped()
            }
        }
    };
}
pub(crate) use mirror_manifold;

/// Implements `Sweep<$a> for $b` from `Sweep<$b> for $a`, turning the normal round: the mirror
/// line that each 2D sweep pair file ends with.
macro_rules! mirror_sweep {
    ($a:ty, $b:ty) => {
        impl $crate::d2::query::Sweep<$a> for $b {
            #[inline]
            fn sweep(
                &self,
                motion: $crate::math::Vec2,
                other: &$a,
                other_motion: $crate::math::Vec2,
            ) -> Option<$crate::d2::query::SweepHit> {
                $crate::d2::query::Sweep::sweep(other, other_motion, self, motion).map(|hit| {
                    $crate::d2::query::SweepHit {
                        normal: -hit.normal,
                        ..hit
                    }
                })
            }
        }
    };
}
pub(crate) use mirror_sweep;
