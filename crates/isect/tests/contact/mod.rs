//! Contacts: hand cases with exact depths, and properties against independent separation
//! functions: moving `self` by `normal * depth * (1 + 1e-3)` separates the shapes and by
//! `(1 - 1e-3)` does not; the point lies in both; a contact exists exactly when the shapes
//! overlap (away from the boundary); swapping the arguments flips the normal.

pub mod hull;
mod manifold;
mod plane;
pub mod polytopes;
mod segment;
pub mod solids;

use isect::math::Vec3;
use isect::{Contact, ContactInfo, Real};

use crate::common::tol;
use crate::common::transform::{Exact, exactly_scalable};
use crate::sweep::Translated;

/// One contact problem with an independent separation `gap(a, b)` (positive when apart, at
/// least as fast as the distance grows along a separating direction, `<= 0` when overlapping)
/// and point distances for each shape.
pub struct Case<'a, A, B> {
    pub a: &'a A,
    pub b: &'a B,
    pub gap: &'a dyn Fn(&A, &B) -> Real,
    pub dist_a: &'a dyn Fn(&A, Vec3) -> Real,
    pub dist_b: &'a dyn Fn(&B, Vec3) -> Real,
    pub scale: Real,
    /// The configuration has no unique contact normal (coincident centers, crossing cores):
    /// the documented fallback need not flip with the arguments.
    pub no_unique_normal: bool,
}

impl<A, B> Case<'_, A, B>
where
    A: Contact<B> + Translated + Exact + core::fmt::Debug,
    B: Contact<A> + Exact + core::fmt::Debug,
{
    #[track_caller]
    pub fn check(&self) -> Option<ContactInfo> {
        let contact = self.a.contact(self.b);
        let mirrored = self.b.contact(self.a);
        let t = tol(self.scale);
        let gap = (self.gap)(self.a, self.b);
        let what = format!("{:?} against {:?}: {contact:?}", self.a, self.b);
        match contact {
            None => {
                assert!(
                    mirrored.is_none(),
                    "mirror has a contact: {what} vs {mirrored:?}"
                );
                assert!(gap >= -t, "no contact, but they overlap ({gap}): {what}");
            }
            Some(c) => {
                let m = mirrored.unwrap_or_else(|| panic!("mirror has none: {what}"));
                self.check_transformed(&c, &what);
                assert!(
                    (c.depth - m.depth).abs() <= t,
                    "mirror depth differs: {what} vs {m:?}"
                );
                assert!(
                    c.depth <= t || self.no_unique_normal || (c.normal + m.normal).length() <= 1e-3,
                    "mirror normal not flipped: {what} vs {m:?}"
                );
                assert!(gap <= t, "a contact, but they are {gap} apart: {what}");
                assert!(c.depth >= 0.0, "negative depth: {what}");
                assert!(
                    (c.normal.length() - 1.0).abs() <= 1e-3,
                    "normal not unit: {what}"
                );
                assert!(
                    (self.dist_a)(self.a, c.point) <= t && (self.dist_b)(self.b, c.point) <= t,
                    "point not in both ({}, {}): {what}",
                    (self.dist_a)(self.a, c.point),
                    (self.dist_b)(self.b, c.point)
                );
                // Moving self out by a little more than the depth separates them; by a little
                // less, not yet (for depths clear of rounding).
                let out = (self.gap)(&self.a.translated(c.normal * (c.depth * 1.001 + t)), self.b);
                assert!(
                    out >= 0.0,
                    "moving by the depth leaves them overlapping ({out}): {what}"
                );
                // (Where the normal is not unique the depth is a separating translation, not
                // always the shortest: the crossing capsule–triangle case.)
                if c.depth > 100.0 * t && !self.no_unique_normal {
                    let short =
                        (self.gap)(&self.a.translated(c.normal * (c.depth * 0.999)), self.b);
                    assert!(
                        short <= 0.0,
                        "moving by less than the depth separates ({short}): {what}"
                    );
                }
            }
        }
        contact
    }

    /// The swapped call is the same call for a mirror-macro pair; exact transformations of
    /// both shapes run the code on other numbers ([`Exact`]): scaled by a power of four the
    /// contact scales exactly (depth and point times the scale, the same normal); turned a
    /// third of a turn, its depth is the same up to rounding.
    #[track_caller]
    fn check_transformed(&self, c: &ContactInfo, what: &str) {
        let mut numbers = self.a.numbers();
        numbers.extend(self.b.numbers());
        if !exactly_scalable(&numbers) {
            return;
        }
        for s in [4.0, 0.0625] {
            let scaled = self.a.scaled(s).contact(&self.b.scaled(s));
            let expected = (c.depth * s, c.point * s, c.normal);
            assert_eq!(
                scaled.map(|k| (k.depth, k.point, k.normal)),
                Some(expected),
                "scaled by {s}: {what}"
            );
        }
        let t = tol(self.scale);
        let turned = self.a.turned().contact(&self.b.turned());
        // A contact within the tolerance of touching may be lost to the turn's rounding.
        let Some(k) = turned else {
            assert!(c.depth <= t, "turned has none: {what}");
            return;
        };
        assert!(
            (k.depth - c.depth).abs() <= t,
            "turned depth {}: {what}",
            k.depth
        );
        // (Its normal is not compared: where the cores nearly touch, the normal is the
        // direction of a separation of rounding size, which turning changes.)
    }
}
