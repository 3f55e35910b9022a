//! Exact rational arithmetic for the oracle's linear programs: a frustum's half-spaces nearly
//! parallel to each other (five of six normals equal to seven digits, offsets `1e-8` and `-5e7`)
//! make the `f64` systems at their vertices so ill-conditioned that a vertex enumeration in
//! `f64` put a triangle `2.6e9` from a frustum whose half-spaces meet it once widened by `5.0e7`
//! (`fuzz/findings/s23/intersects/01`). Every `f32` is a rational; so is every answer here.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{Signed, ToPrimitive, Zero};

/// An exact rational number.
pub(crate) type Q = BigRational;

/// The exact value of a finite `x` (`None` for NaN and infinities).
pub(crate) fn q(x: f64) -> Option<Q> {
    Q::from_float(x)
}

/// The nearest `f64` to `x` (to within an ulp; the oracle compares against tolerances far wider).
pub(crate) fn to_f64(x: &Q) -> f64 {
    x.to_f64().unwrap_or_else(|| {
        if x.is_negative() {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        }
    })
}

/// The largest value of `c · x` over `A x <= b`, `x >= 0`, for `b >= 0` (so that `x = 0` is a
/// vertex to start from): the simplex method on a dense tableau with Bland's rule (the entering
/// and leaving variables of least index, which cannot cycle), exact. `None` where the value is
/// unbounded.
pub(crate) fn maximize(a: &[Vec<Q>], b: &[Q], c: &[Q]) -> Option<Q> {
    let (m, n) = (a.len(), c.len());
    debug_assert!(b.iter().all(|x| !x.is_negative()));
    // Rows `[A | I | b]`; the basis holds the index of each row's basic variable (the slacks
    // `n..n + m` at the start).
    let mut rows: Vec<Vec<Q>> = (0..m)
        .map(|i| {
            let mut row = a[i].clone();
            row.extend((0..m).map(|k| Q::from_integer(BigInt::from(u8::from(k == i)))));
            row.push(b[i].clone());
            row
        })
        .collect();
    // The objective row `z - c · x = 0`: its last entry is the value at the current vertex.
    let mut objective: Vec<Q> = c.iter().map(|x| -x).collect();
    objective.extend((0..=m).map(|_| Q::zero()));
    let mut basis: Vec<usize> = (n..n + m).collect();
    loop {
        let Some(enter) = (0..n + m).find(|&j| objective[j].is_negative()) else {
            return Some(objective[n + m].clone());
        };
        // The leaving row: the least ratio `b_r / a_rj` over positive `a_rj`, ties to the
        // basic variable of least index.
        let mut leave: Option<(usize, Q)> = None;
        for (r, row) in rows.iter().enumerate() {
            if row[enter].is_positive() {
                let ratio = &row[n + m] / &row[enter];
                let better = match &leave {
                    None => true,
                    Some((l, best)) => ratio < *best || (ratio == *best && basis[r] < basis[*l]),
                };
                if better {
                    leave = Some((r, ratio));
                }
            }
        }
        let (r, _) = leave?;
        let pivot = rows[r][enter].clone();
        for x in rows[r].iter_mut() {
            *x /= &pivot;
        }
        let pivot_row = rows[r].clone();
        let eliminate = |row: &mut Vec<Q>| {
            let f = row[enter].clone();
            if !f.is_zero() {
                for (x, y) in row.iter_mut().zip(&pivot_row) {
                    *x -= &f * y;
                }
            }
        };
        for (k, row) in rows.iter_mut().enumerate() {
            if k != r {
                eliminate(row);
            }
        }
        eliminate(&mut objective);
        basis[r] = enter;
    }
}
