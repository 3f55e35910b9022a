//! Each segment end's corner flags (Box2D's ghost vertices, found by exact turns): which side
//! of a segment sees a convex corner at its end, and the neighbour there.

use alloc::vec::Vec;

use crate::d2::query::algo::exact::orient;
use crate::math::Vec2;

/// At a segment's end, a convex corner seen from the segment's left (the side
/// `perp(b − a)` points to): a contact normal from that end on the left is genuine.
pub(crate) const LEFT: u8 = 1;
/// At a segment's end, a convex corner seen from the segment's right.
pub(crate) const RIGHT: u8 = 2;

/// Each segment end's corner flags and neighbour: at a vertex shared by exactly two segments
/// with length, the exact turn from the segment into its neighbour decides which side sees a
/// convex corner (active there), flat (neither side) or a fold back onto itself (both); any
/// other end (a chain's end, a vertex of three or more segments, a zero-length segment or
/// neighbour) is active on both sides.
pub(super) fn corner_flags(
    vertices: &[Vec2],
    segments: &[[u32; 2]],
) -> (Vec<[u8; 2]>, Vec<[u32; 2]>) {
    // Per vertex: how many segment ends use it, and the last two segments that did.
    let mut uses = alloc::vec![(0u32, u32::MAX, u32::MAX); vertices.len()];
    for (i, s) in segments.iter().enumerate() {
        for &v in s {
            let u = &mut uses[v as usize];
            u.0 += 1;
            u.2 = u.1;
            u.1 = i as u32;
        }
    }
    let mut corners = Vec::with_capacity(segments.len());
    let mut neighbours = Vec::with_capacity(segments.len());
    for (i, &[ia, ib]) in segments.iter().enumerate() {
        let mut flags = [LEFT | RIGHT; 2];
        let mut far = [u32::MAX; 2];
        for k in 0..2 {
            let (v, other) = if k == 0 { (ia, ib) } else { (ib, ia) };
            let (count, s1, s2) = uses[v as usize];
            if count != 2 || ia == ib {
                continue;
            }
            let j = if s1 == i as u32 { s2 } else { s1 };
            let [ja, jb] = segments[j as usize];
            if j == i as u32 || ja == jb {
                continue;
            }
            let c = if ja == v { jb } else { ja };
            let (p, q, r) = (
                vertices[other as usize],
                vertices[v as usize],
                vertices[c as usize],
            );
            if p == q || r == q {
                continue;
            }
            far[k] = c;
            // The turn at q going from p on into r; at end 0 the segment runs backwards from
            // q, so its left is the turn's right.
            let o = orient(p, q, r);
            let turn_left = if k == 1 { o } else { -o };
            flags[k] = match turn_left {
                // Bending left: concave from the left, a convex corner seen from the right.
                1.. => RIGHT,
                ..=-1 => LEFT,
                0 if (q - p).dot(r - q) > 0.0 => 0,
                0 => LEFT | RIGHT,
            };
        }
        corners.push(flags);
        neighbours.push(far);
    }
    (corners, neighbours)
}
