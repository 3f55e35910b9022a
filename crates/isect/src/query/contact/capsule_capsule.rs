//! Contact of two capsules.

use crate::math::Vec3;
use crate::query::algo::linear::segment_segment_parameters;
use crate::query::algo::scale::{normalize, rescale};
use crate::query::contact::{balls, within_rounding};
use crate::query::{Contact, ContactInfo, Intersects};
use crate::shape::{Capsule, Segment};

impl Contact<Capsule> for Capsule {
    /// The balls around the closest points of the two cores (Ericson §4.5.2, with the robust
    /// segment–segment closest points): depth `r1 + r2 − distance`, normal from `other`'s core
    /// to `self`'s. Cores that cross get the normal along `d1 × d2` (pointing from `other`'s
    /// middle to `self`'s side), or perpendicular to a collinear pair, with depth `r1 + r2`.
    /// Zero-length capsules are spheres. `None` when apart and for invalid input.
    ///
    /// Symmetric to the bit: the pair is computed in one fixed order of the two capsules and the
    /// normal flipped for the other, since nearly crossing cores make the closest points'
    /// direction sensitive to rounding.
    fn contact(&self, other: &Capsule) -> Option<ContactInfo> {
        rescale!(pair self, other, contact);
        // The decision is `intersects`'s, so that there is a contact exactly when it is true.
        if !(self.is_usable() && other.is_usable() && self.intersects(other)) {
            return None;
        }
        if precedes(other, self) {
            return ordered(other, self).map(|c| ContactInfo {
                normal: -c.normal,
                ..c
            });
        }
        ordered(self, other)
    }
}

/// Whether `a` comes before `b` in a fixed total order of capsules (their coordinates,
/// lexicographically).
fn precedes(a: &Capsule, b: &Capsule) -> bool {
    let key = |c: &Capsule| [c.a.x, c.a.y, c.a.z, c.b.x, c.b.y, c.b.z, c.radius];
    let (ka, kb) = (key(a), key(b));
    ka.iter()
        .zip(&kb)
        .map(|(x, y)| x.total_cmp(y))
        .find(|o| o.is_ne())
        .is_some_and(|o| o.is_lt())
}

/// The contact of two valid capsules that meet (as `intersects` decides), in the order given.
fn ordered(this: &Capsule, other: &Capsule) -> Option<ContactInfo> {
    let (p, q) = (Segment::new(this.a, this.b), Segment::new(other.a, other.b));
    let (s, t) = segment_segment_parameters(&p, &q);
    let (d1, d2) = (this.b - this.a, other.b - other.a);
    let (x, y) = (this.a + d1 * s, other.a + d2 * t);
    // Cores that meet within rounding: their closest points' offset is noise, not a
    // direction; the crossing normal separates them. So are closest points beyond the radii
    // (rounded apart in this order of the capsules, or within the on-set tolerance of two
    // segments when the radii are 0) of capsules that `intersects` found meeting.
    let radii = this.radius + other.radius;
    let y = if within_rounding(x, y, [this.a, this.b, other.a, other.b])
        || !(x.distance_squared(y) <= radii * radii)
    {
        x
    } else {
        y
    };
    // The crossing normal only where `balls` takes it (coincident centers): the common case
    // pays nothing for it.
    let fallback = if x.distance_squared(y) == 0.0 {
        crossing_normal(d1, d2, (this.a + this.b - other.a - other.b) * 0.5)
    } else {
        Vec3::Y
    };
    balls(x, this.radius, y, other.radius, fallback)
}

/// A unit normal for cores that meet: across both directions (either sign separates them by
/// moving `r1 + r2`), towards `towards` (from `other`'s middle to `self`'s) when that clearly
/// decides the sign, else `d1 × d2` itself, which flips with the arguments; `+Y` when there is no
/// direction at all.
///
/// The directions are made unit first ([`normalize`], exact in scale), so that the cross
/// product of two short or long cores neither underflows nor overflows: the normal of a case is
/// that of the case scaled by a power of two (`regressions::crossing_normal_underflow`).
fn crossing_normal(d1: Vec3, d2: Vec3, towards: Vec3) -> Vec3 {
    let (u1, u2) = (normalize(d1), normalize(d2));
    let n = match (u1, u2) {
        (Some(u1), Some(u2)) => normalize(u1.cross(u2)),
        _ => None,
    }
    .or_else(|| u1.map(Vec3::any_orthonormal_vector))
    .or_else(|| u2.map(Vec3::any_orthonormal_vector))
    .unwrap_or(Vec3::Y);
    if n.dot(towards) < -1e-3 * towards.length() {
        -n
    } else {
        n
    }
}
