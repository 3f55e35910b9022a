//! Overlap of segments, rays and lines with the solids, triangles, planes and frusta, and with
//! each other: exactly touching configurations (small integers and powers of two) and the same
//! moved apart by 1/1024, degenerate shapes, invalid input, symmetry (every call goes through
//! `intersects_both`), and agreement with independent answers: GJK's distance, point
//! containment of sampled points, and long segments standing in for lines.

mod agreement;
mod touching;
