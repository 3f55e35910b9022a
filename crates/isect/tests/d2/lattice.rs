//! Simple polygons with integer coordinates: stars, combs and spirals.

use isect::Real;
use isect::d2::Polygon;
use isect::math::Vec2;
use proptest::prelude::*;

use super::common::v;

/// The star with a spoke of length `r` at each (increasing) angle step; simple by
/// construction (every point seen from `c` in a different direction, in order).
pub fn star(c: Vec2, spokes: &[(Real, Real)]) -> Polygon {
    let total: Real = spokes.iter().map(|s| s.1).sum();
    let mut angle = 0.0 as Real;
    let points: Vec<Vec2> = spokes
        .iter()
        .map(|&(r, step)| {
            angle += step / total * 2.0 * core::f64::consts::PI as Real;
            c + v(angle.cos(), angle.sin()) * r
        })
        .collect();
    Polygon::new(points).unwrap_or_else(|_| {
        Polygon::new(vec![c, c + v(1.0, 0.0), c + v(0.0, 1.0)]).expect("a triangle")
    })
}

/// A comb: a base `[0, 2n] × [0, 2]` with `n` teeth of the given heights (>= 3) on top.
pub fn comb(heights: &[i32]) -> Vec<[i64; 2]> {
    let n = heights.len() as i64;
    let mut points = vec![[0, 0], [2 * n, 0], [2 * n, 2]];
    for (i, &h) in heights.iter().enumerate().rev() {
        let i = i as i64;
        points.extend([
            [2 * i + 1, 2],
            [2 * i + 1, h as i64],
            [2 * i, h as i64],
            [2 * i, 2],
        ]);
    }
    points
}

/// A square spiral corridor of width 2 whose centreline turns left `turns` times, arms
/// spaced 4 apart (in doubled coordinates, so all corners are integers).
pub fn spiral(turns: usize) -> Vec<[i64; 2]> {
    let dirs = [[1i64, 0], [0, 1], [-1, 0], [0, -1]];
    // The centreline: arm k has length 4 * (k / 2 + 1).
    let mut centre = vec![[0i64, 0]];
    for k in 0..=turns {
        let d = dirs[k % 4];
        let len = 4 * (k as i64 / 2 + 1);
        let last = *centre.last().expect("a start");
        centre.push([last[0] + d[0] * len, last[1] + d[1] * len]);
    }
    // Offsets by ±1 to the left of each arm; at a left turn the two arms' offsets meet at
    // the corner moved by both normals.
    let left = |d: [i64; 2]| [-d[1], d[0]];
    let m = centre.len();
    let dir_of = |i: usize| dirs[i % 4];
    let mut right_side = Vec::new();
    let mut left_side = Vec::new();
    for (i, &p) in centre.iter().enumerate() {
        let (n_in, n_out) = if i == 0 {
            (left(dir_of(0)), left(dir_of(0)))
        } else if i == m - 1 {
            (left(dir_of(i - 1)), left(dir_of(i - 1)))
        } else {
            (left(dir_of(i - 1)), left(dir_of(i)))
        };
        let n = if i == 0 || i == m - 1 {
            n_in
        } else {
            [n_in[0] + n_out[0], n_in[1] + n_out[1]]
        };
        left_side.push([p[0] + n[0], p[1] + n[1]]);
        right_side.push([p[0] - n[0], p[1] - n[1]]);
    }
    left_side.reverse();
    right_side.extend(left_side);
    right_side
}

pub fn to_vec2(points: &[[i64; 2]]) -> Vec<Vec2> {
    points
        .iter()
        .map(|p| v(p[0] as Real, p[1] as Real))
        .collect()
}

/// A lattice star: integer points at increasing angles (kept when simple).
pub fn lattice_star(spokes: &[(i32, i32)]) -> Option<Vec<[i64; 2]>> {
    let n = spokes.len();
    let points: Vec<[i64; 2]> = spokes
        .iter()
        .enumerate()
        .map(|(i, &(r, jitter))| {
            let a = (i as f64 + jitter as f64 * 0.2) / n as f64 * 2.0 * core::f64::consts::PI;
            [
                (r as f64 * a.cos()).round() as i64,
                (r as f64 * a.sin()).round() as i64,
            ]
        })
        .collect();
    // The polygon's own points: repeats (two spokes rounded to one point) dropped.
    Polygon::new(to_vec2(&points)).ok().map(|p| {
        p.points()
            .iter()
            .map(|q| [q.x as i64, q.y as i64])
            .collect()
    })
}

/// A star, a comb or a spiral with integer corners, moved by a lattice vector and a quarter
/// turn.
pub fn lattice_points() -> impl Strategy<Value = Vec<[i64; 2]>> {
    let shape = prop_oneof![
        proptest::collection::vec((2i32..12, -2i32..=2), 3..16)
            .prop_filter_map("simple", |s| lattice_star(&s)),
        proptest::collection::vec(3i32..9, 1..7).prop_map(|h| comb(&h)),
        (1usize..9).prop_map(spiral),
    ];
    (shape, 0u8..4, -6i64..=6, -6i64..=6).prop_map(|(points, turns, tx, ty)| {
        points
            .into_iter()
            .map(|[x, y]| {
                let [x, y] = match turns {
                    0 => [x, y],
                    1 => [-y, x],
                    2 => [-x, -y],
                    _ => [y, -x],
                };
                [x + tx, y + ty]
            })
            .collect()
    })
}

pub fn any_polygon() -> impl Strategy<Value = Polygon> {
    lattice_points().prop_map(|p| Polygon::new(to_vec2(&p)).expect("simple lattice polygon"))
}
