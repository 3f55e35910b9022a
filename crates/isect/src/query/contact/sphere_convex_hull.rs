//! Contact of a sphere with a convex hull.

use crate::math::Vec3;
use crate::query::algo::scale::rescale;
use crate::query::contact::balls;
use crate::query::{Contact, ContactInfo, Intersects, PointQuery, mirror_contact};
use crate::shape::{ConvexHull, Sphere};

impl Contact<ConvexHull> for Sphere {
    /// A center outside the hull: the ball against the hull's point closest to it (GJK, to
    /// `GJK_RELATIVE_TOLERANCE`), depth `r − distance`, normal from that point to the center. A
    /// center inside the hull or on its boundary: out through the nearest of the hull's cached
    /// face planes (exact, no EPA), depth `r +` the center's distance behind it, normal that
    /// plane's. The point lies between the center and the boundary along the normal. Touching
    /// gives depth 0; a radius of 0 is a point; flat and one-point hulls are answered as what
    /// they are (a center on a flat hull leaves through either side, depth `r`). `None` when
    /// apart (exactly when `intersects` is false) and for invalid input.
    ///
    /// ```
    /// use isect::{Contact, ConvexHull, Sphere, glam::Vec3};
    /// let cube = ConvexHull::new((0..8).map(|i| Vec3::new((i & 1) as f32, ((i >> 1) & 1) as f32, (i >> 2) as f32)).collect::<Vec<_>>());
    /// let c = Sphere::new(Vec3::new(0.5, 0.5, 1.25), 0.5).contact(&cube).unwrap();
    /// assert_eq!((c.normal, c.depth), (Vec3::Z, 0.25));
    /// ```
    fn contact(&self, other: &ConvexHull) -> Option<ContactInfo> {
        rescale!(pair self, other, contact);
        if !self.intersects(other) {
            return None;
        }
        let c = self.center;
        let q = other.closest_point(c);
        if q != c {
            return balls(c, self.radius, q, 0.0, Vec3::Y);
        }
        let (s, n) = other
            .planes()
            .iter()
            .map(|plane| (plane.signed_distance(c), plane.normal))
            .max_by(|x, y| x.0.total_cmp(&y.0))?;
        let behind = (-s).max(0.0);
        Some(ContactInfo {
            point: c + n * (behind.min(self.radius) * 0.5),
            normal: n,
            depth: self.radius + behind,
        })
    }
}

mirror_contact!(Sphere, ConvexHull);
