//! The internal-edge rule of mesh contacts (Jolt's active edges, Bullet's internal-edge
//! utility): which feature of a triangle a contact normal comes from, read from the normal
//! itself, and what becomes of the contact by that feature's flags
//! (`shape/trimesh/active_edges.rs`). Used by the mesh contacts (`query/contact/trimesh.rs`),
//! their manifolds and mesh–mesh contacts.

use crate::math::{Real, Vec3};
use crate::query::ContactInfo;
use crate::query::contact::trimesh::MeshContactShape;
use crate::shape::trimesh::active_edges::{back, front};
use crate::shape::{TriMesh, Triangle};

/// Below this (relative to the triangle's shortest altitude) a corner's height along a contact
/// normal counts as the furthest: a normal within about 0.06° of a face or of an edge's normal
/// plane comes from that face or edge.
pub(crate) const FEATURE_TOLERANCE: Real = 1.0 / 1024.0;

/// A triangle's contact with the internal-edge rule applied.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Judged {
    /// The contact's own normal stays (an active feature).
    Keep,
    /// No contact: the neighbour across a crease reports it.
    Drop,
    /// The face normal (unit, from the triangle towards the shape), the depth of the shape
    /// below the triangle's plane, and whether it replaces the normal of an inactive edge or
    /// corner (`false`: the contact came from the face itself, or pushed into a solid).
    Face(Vec3, Real, bool),
    /// A solid mesh's triangle whose contact pushes the shape into the solid: the outward face
    /// normal instead, with the depth of the shape below the triangle's plane (the shape is
    /// taken to have entered through this face).
    Inward(Vec3, Real),
}

/// The internal-edge rule for the contact `raw` (normal from the triangle towards `shape`) of
/// `shape` with triangle `i` of `mesh`, `tri` (of unit normal `unit`) in the frame `raw` and
/// `shape` are given in (the edge table holds for any rigid placement of the mesh). On a surface
/// mesh the face normal takes the side of the shape's center; `side` decides when that center
/// lies in the triangle's plane (a mesh's triangle standing on another: the side of its mesh).
pub(crate) fn judge<S: MeshContactShape + ?Sized>(
    mesh: &TriMesh,
    i: u32,
    tri: &Triangle,
    unit: Vec3,
    raw: &ContactInfo,
    shape: &S,
    side: Option<Vec3>,
) -> Judged {
    // The face normal on the shape's side; a solid mesh's outward one.
    let out = if mesh.solid {
        unit * mesh.outward
    } else if raw.normal.dot(unit) >= 0.0 {
        unit
    } else {
        -unit
    };
    let mut inactive = true;
    let mut inward = false;
    let feature = if raw.normal.dot(out) >= 0.0 {
        feature(
            mesh.edges.flags[i as usize],
            mesh.edges.corners[i as usize],
            out == unit,
            tri,
            raw.normal,
        )
    } else {
        // A solid mesh's triangle pushing the shape inwards: its outward face instead.
        inward = true;
        Feature::Plane
    };
    match feature {
        Feature::Active => return Judged::Keep,
        Feature::Covered => return Judged::Drop,
        Feature::Plane => inactive = false,
        Feature::Face => {}
    }
    // The face normal, with the depth of the shape below the triangle's plane. On a surface
    // mesh, the side of the shape's center (the shallower push; the contact's side on a tie):
    // a normal from an edge or corner may lean to the other side (a slanted stick pushed
    // sideways off an edge it crosses), and every triangle of a flat patch must agree.
    let (center, r) = shape.extent(out);
    let s = out.dot(center - tri.a);
    let below = s < 0.0 || s == 0.0 && side.is_some_and(|p| out.dot(p - tri.a) < 0.0);
    let (out, depth) = if !mesh.solid && below {
        (-out, r + s)
    } else {
        (out, r - s)
    };
    if inward {
        Judged::Inward(out, depth)
    } else {
        Judged::Face(out, depth, inactive)
    }
}

/// What becomes of a triangle's contact, by the feature its normal comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Feature {
    /// An active edge or corner (or no feature): the normal stays.
    Active,
    /// The face itself: the face normal, with the depth below the face's plane.
    Plane,
    /// An edge or corner whose neighbours continue the face flat: the face normal, with the
    /// depth below the face's plane (the same plane as the neighbours').
    Face,
    /// An edge or corner inside a crease that bends towards the shape: the shape touches the
    /// neighbour across at the same points, and the neighbour's face reports it.
    Covered,
}

/// The feature of `tri` the contact normal `n` comes from (its corners furthest along `n`), on
/// the shape's side (`front_side`: the side the triangle's normal points to), judged by the
/// triangle's active-edge `flags` and active-corner `corners` (a corner's flags are its
/// vertex's, from every edge around it: a corner whose own two edges are flat may sit on a
/// step's edge).
fn feature(flags: u8, corners: u8, front_side: bool, tri: &Triangle, n: Vec3) -> Feature {
    let c = tri.vertices();
    let h = c.map(|p| n.dot(p));
    let top = h[0].max(h[1]).max(h[2]);
    let longest = (c[1] - c[0])
        .length()
        .max((c[2] - c[1]).length())
        .max((c[0] - c[2]).length());
    // Heights over the shortest altitude, so that the tolerance is an angle for every shape of
    // triangle: over the longest edge, a sliver's far corner (1.1 from the edge of an 8-long
    // triangle) counted as level with the edge for a normal 0.16° off the face, and a lone
    // triangle's edge contact became the face's, 3.6 % too deep (issue 24).
    let altitude = (c[1] - c[0]).cross(c[2] - c[0]).length() / longest;
    let near = h.map(|x| x >= top - FEATURE_TOLERANCE * altitude);
    let (mine, other) = if front_side {
        (front as fn(usize) -> u8, back as fn(usize) -> u8)
    } else {
        (back as fn(usize) -> u8, front as fn(usize) -> u8)
    };
    // Each edge or corner on the shape's side: active, flat (inactive on both sides), or in a
    // crease bending towards the shape (active on the other side only).
    let judge = |bits: u8, k: usize| {
        if bits & mine(k) != 0 {
            Feature::Active
        } else if bits & other(k) == 0 {
            Feature::Face
        } else {
            Feature::Covered
        }
    };
    match near {
        // All three level within the tolerance: the face, unless the normal leans off it by
        // more than the heights' rounding towards an active edge (a lone triangle's border, a
        // ridge), which is then the feature: a normal from that edge's crossing with a wide
        // shape, 0.05° off the face, taken as the face's, made a flat box's contact with a lone
        // triangle 12 % too deep (0.0361 for 0.0321, found by
        // `differential::mesh_contact::deepest_against_soups`).
        [true, true, true] => {
            let low = h[0].min(h[1]).min(h[2]);
            let size = c[0].abs().max(c[1].abs()).max(c[2].abs()).max_element();
            if top - low <= 16.0 * Real::EPSILON * (size + longest) {
                return Feature::Plane;
            }
            // The edge of the two higher corners: edge k runs from corner k to corner k + 1,
            // so the lowest corner's opposite edge is k + 1.
            let lowest = if h[0] == low {
                0
            } else if h[1] == low {
                1
            } else {
                2
            };
            match judge(flags, (lowest + 1) % 3) {
                Feature::Active => Feature::Active,
                _ => Feature::Plane,
            }
        }
        // Edge k runs from corner k to corner k + 1.
        [true, true, false] => judge(flags, 0),
        [false, true, true] => judge(flags, 1),
        [true, false, true] => judge(flags, 2),
        [true, false, false] => judge(corners, 0),
        [false, true, false] => judge(corners, 1),
        [false, false, true] => judge(corners, 2),
        [false, false, false] => Feature::Active,
    }
}
