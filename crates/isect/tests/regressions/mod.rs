//! Issue 24, "Right answers at every scale": every reproduction as a regression test named after
//! the bug, with the symptom in its doc comment, and the property tests that find such bugs:
//! power-of-two scale invariance of every query family over the whole exponent range.

use isect::math::Vec3;
use isect::{Plane, Real, Triangle};

/// `2ᵏ`, exactly, for `k` within the exponent range of both precisions' normal numbers.
fn pow2(k: i32) -> Real {
    (2.0 as Real).powi(k)
}

/// The rescaling window's bottom (`scale::LOW`) as a power of two: `2⁻²⁰` in `f32`, `2⁻¹⁵⁰` in
/// `f64`.
fn low_exp() -> i32 {
    if Real::MANTISSA_DIGITS == 24 {
        -20
    } else {
        -150
    }
}

/// The plane `2ᵉ x + y = 0` with `e` subnormal in both precisions (below `2⁻¹²⁶` and
/// `2⁻¹⁰²²`), and `e`: a line or ray through `(0, y, 0)` along x crosses it at `x = −y · 2⁻ᵉ`.
fn tilted_plane() -> (Plane, i32) {
    let tiny_exp = -(Real::MAX_EXP - 1) - 12;
    let normal = Vec3::new(pow2(tiny_exp / 2) * pow2(tiny_exp - tiny_exp / 2), 1.0, 0.0);
    (Plane::new(normal, 0.0), tiny_exp)
}

/// A point written as the `f32` numbers a fuzzer found: exact in both precisions.
fn f(x: f32, y: f32, z: f32) -> Vec3 {
    Vec3::new(Real::from(x), Real::from(y), Real::from(z))
}

/// The six orders of three things (a triangle's corners, a vector's axes).
const PERMUTATIONS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [1, 2, 0],
    [2, 0, 1],
    [0, 2, 1],
    [2, 1, 0],
    [1, 0, 2],
];

/// The six corner orders of a triangle (both windings, every starting corner).
fn corner_orders(t: &Triangle) -> [Triangle; 6] {
    let corners = [t.a, t.b, t.c];
    PERMUTATIONS.map(|[i, j, k]| Triangle::new(corners[i], corners[j], corners[k]))
}

/// The quarter turn taking `x` to `axes.0`, `y` to `axes.1` and `z` to the third axis, with
/// signs: exact.
fn turn(p: Vec3, perm: usize, signs: [bool; 3]) -> Vec3 {
    let a = p.to_array();
    let order = PERMUTATIONS[perm];
    let mut out = [0.0; 3];
    for i in 0..3 {
        out[order[i]] = if signs[i] { -a[i] } else { a[i] };
    }
    Vec3::from_array(out)
}

mod ball_box_cold_normal;
mod broken_polytope_first_face;
mod capsule_triangle_far_corner;
mod closest_pair_beyond_range;
mod crossing_step_overflow;
mod far_corner_face_weights;
mod far_frustum_cast_rescaled;
mod far_plane_cast_rescaled;
mod far_plane_crossing_rescaled;
mod far_point_edge_fallback;
mod far_triangle_containment;
mod flat_hull_mesh_manifold;
mod flat_triangle_ray_entry;
mod frustum;
mod frustum_overflowed_crossings;
mod fuzz;
mod gjk_long_face_slope;
mod huge_direction_cast;
mod hull_face_shortcut_band;
mod large_radius;
mod lone_triangle_edge_contact;
mod long_capsule_cast;
mod long_hull_sphere_sweep;
mod long_triangle_edge_axis;
mod magnitude;
mod mesh_distance_squares_out_of_range;
mod mesh_gap_normal;
mod mesh_manifold_far_from_unit_scale;
mod mesh_piece_without_first_corner;
mod mesh_ray_far_from_unit_scale;
mod mesh_sweep_far_from_unit_scale;
mod nearly_parallel_far_pair;
mod nearly_parallel_lines;
mod nearly_parallel_pair_points;
mod needle_hull_box_sweep;
mod needle_triangle_cast;
mod nested_shells_cast_from_inside;
mod ordinary;
mod overflowed_hull_planes;
mod ray_triangle_exact_signs;
mod rotating_step_past_contact;
mod rotating_sweep_far_from_unit_scale;
mod scale;
mod segment_hull_direction;
mod segment_triangle_long_cast;
mod segment_weight_near_an_end;
mod sliver_edge_sign;
mod sliver_face_weights;
mod sliver_in_plane_clip;
mod sliver_mesh_edge_contact;
mod small_triangle_far_line;
mod tetrahedron_face_sign_underflow;
mod thin_face_weights;
mod tiny_core_offset_normal;
mod tiny_line_direction;
mod tiny_offset_normals;
mod tiny_radius_beside_unit_offsets;
mod tiny_triangle_far_ray;
mod tolerance;
mod translating_step_past_contact;
mod triangle_order;
