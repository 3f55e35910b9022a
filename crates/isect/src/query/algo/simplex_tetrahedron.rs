//! The tetrahedron's closest point to a point, as barycentric weights (Ericson, *Real-Time
//! Collision Detection*, §5.1.6): the faces that separate the point from the opposite corner,
//! each answered as a triangle by [`refined_triangle_weights`], or the signed volumes inside.

use crate::math::{Real, Vec3};
use crate::query::algo::simplex::{TriangleFrom, refined_triangle_weights};

/// Weights of the point of tetrahedron `abcd` closest to `p` (Ericson §5.1.6), and whether `p`
/// is inside it (all four weights then come from the signed volumes and are `>= 0`), from the
/// offsets `[p − a, p − b, p − c, p − d]` and the edges `[b − a, c − a, d − a]` (given, as for
/// [`TriangleFrom`]).
///
/// A flat tetrahedron (volume within rounding of 0) never reports `p` inside: it is answered as
/// the best of its four faces.
pub(crate) fn tetrahedron_weights(offsets: [Vec3; 4], edges: [Vec3; 3]) -> ([Real; 4], bool) {
    let [ab, ac, ad] = edges;
    let volume = ab.dot(ac.cross(ad));
    let scale = ab.length() * ac.length() * ad.length();
    let flat = !(volume.abs() > 16.0 * Real::EPSILON * scale);
    // Edges from corner 0 (a) and from corner 1 (b), for the face opposite a.
    let (bc, bd) = (ac - ab, ad - ab);

    // Each face (corners, its two edges from the first corner) with the edge from its first
    // corner to the vertex opposite it.
    let faces: [([usize; 3], [Vec3; 2], Vec3); 4] = [
        ([0, 1, 2], [ab, ac], ad),
        ([0, 2, 3], [ac, ad], ab),
        ([0, 3, 1], [ad, ab], ac),
        ([1, 3, 2], [bd, bc], -ab),
    ];
    let mut best = ([0.0; 4], Real::INFINITY);
    // Keeps the face's closest point if it is the closest so far.
    let mut consider = |[i, j, k]: [usize; 3], [e1, e2]: [Vec3; 2]| {
        let face = TriangleFrom {
            ap: offsets[i],
            bp: offsets[j],
            cp: offsets[k],
            ab: e1,
            ac: e2,
        };
        let w = refined_triangle_weights(&face);
        // The face's point less p, measured from its first corner.
        let d2 = (e1 * w[1] + e2 * w[2] - offsets[i]).length_squared();
        if d2 < best.1 {
            let mut weights = [0.0; 4];
            weights[i] = w[0];
            weights[j] = w[1];
            weights[k] = w[2];
            best = (weights, d2);
        }
    };
    let mut outside_any = false;
    for (face, [e1, e2], to_opposite) in faces {
        let n = e1.cross(e2);
        let side_p = offsets[face[0]].dot(n);
        let side_opposite = to_opposite.dot(n);
        // Outside this face when p and the opposite vertex are on different sides.
        // By the two signs, not by the sign of their product: the product is of degree 6 in the
        // simplex's lengths and underflowed to 0 for a tetrahedron with edges of 1.3e-6 and a face
        // 1e-9 across (a hull 5.5 across with features of 1e-3 and 1e-13, scaled by 2⁻²², still
        // computed as given): the face was taken as not separating p, and GJK stopped on another
        // face, up to 5e-4 (relative) off, or found a point 4.6e-4 away inside (issue 24,
        // `regressions::tetrahedron_face_sign_underflow`).
        let opposite_sides =
            (side_p < 0.0 && side_opposite > 0.0) || (side_p > 0.0 && side_opposite < 0.0);
        if flat || opposite_sides {
            outside_any = true;
            consider(face, [e1, e2]);
        }
    }
    if !outside_any {
        // Inside: Cramer's rule on p - a = λb ab + λc ac + λd ad.
        let ap = offsets[0];
        let lb = ap.dot(ac.cross(ad)) / volume;
        let lc = ab.dot(ap.cross(ad)) / volume;
        let ld = ab.dot(ac.cross(ap)) / volume;
        let weights = [1.0 - lb - lc - ld, lb, lc, ld];
        if weights.iter().all(|&w| w >= 0.0) {
            return (weights, true);
        }
        // The face tests and the volumes disagree: in a thin tetrahedron (a sliver beside a
        // long edge, as GJK builds on curved shapes) the face normals' signs are rounding noise.
        // Not reliably inside: answer with the closest face.
        for (face, edges, _) in faces {
            consider(face, edges);
        }
    }
    (best.0, false)
}
