//! The mirror lines: each pair file implements one argument order and ends with one of these
//! macros, which implements the other order from it (points swapped, normals flipped).

/// Implements `Distance<$a> for $b` from `Distance<$b> for $a`, swapping the points: the mirror
/// line that each pair file ends with.
macro_rules! mirror_distance {
    ($a:ty, $b:ty) => {
        impl $crate::query::Distance<$a> for $b {
            #[inline]
            fn closest_points(&self, other: &$a) -> $crate::query::ClosestPoints {
                $crate::query::Distance::closest_points(other, self).swapped()
            }
            #[inline]
            fn distance(&self, other: &$a) -> $crate::math::Real {
                $crate::query::Distance::distance(other, self)
            }
        }
    };
}
pub(crate) use mirror_distance;

/// Implements `Intersects<$a> for $b` from `Intersects<$b> for $a`: the mirror line that each
/// overlap pair file ends with.
macro_rules! mirror_intersects {
    ($a:ty, $b:ty) => {
        impl $crate::query::Intersects<$a> for $b {
            #[inline]
            fn intersects(&self, other: &$a) -> bool {
                $crate::query::Intersects::intersects(other, self)
            }
        }
    };
}
pub(crate) use mirror_intersects;

/// Implements `Sweep<$a> for $b` from `Sweep<$b> for $a`: the same times, the motions exchanged
/// and the normal flipped (it points from `other` towards `self`). The mirror line that each
/// sweep pair file ends with.
macro_rules! mirror_sweep {
    ($a:ty, $b:ty) => {
        impl $crate::query::Sweep<$a> for $b {
            #[inline]
            fn sweep(
                &self,
                motion: $crate::math::Vec3,
                other: &$a,
                other_motion: $crate::math::Vec3,
            ) -> Option<$crate::query::SweepHit> {
                $crate::query::Sweep::sweep(other, other_motion, self, motion).map(|hit| {
                    $crate::query::SweepHit {
                        normal: -hit.normal,
                        ..hit
                    }
                })
            }
        }
    };
}
pub(crate) use mirror_sweep;

/// Implements `Contact<$a> for $b` from `Contact<$b> for $a`: the same point and depth with the
/// normal flipped (it points from `other` towards `self`). The mirror line that each contact
/// pair file ends with.
macro_rules! mirror_contact {
    ($a:ty, $b:ty) => {
        impl $crate::query::Contact<$a> for $b {
            #[inline]
            fn contact(&self, other: &$a) -> Option<$crate::query::ContactInfo> {
                $crate::query::Contact::contact(other, self).map(|c| $crate::query::ContactInfo {
                    normal: -c.normal,
                    ..c
                })
            }
        }
    };
}
pub(crate) use mirror_contact;

/// Implements `ContactManifold<$a> for $b` from `ContactManifold<$b> for $a`: the same points
/// with the normal flipped. The mirror line of each contact pair file that has manifolds.
macro_rules! mirror_manifold {
    ($a:ty, $b:ty) => {
        impl $crate::query::ContactManifold<$a> for $b {
            #[inline]
            fn contact_manifold(&self, other: &$a) -> $crate::query::Manifold {
                $crate::query::ContactManifold::contact_manifold(other, self).flipped()
            }
        }
    };
}
pub(crate) use mirror_manifold;
