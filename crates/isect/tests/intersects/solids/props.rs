//! proptest properties: agreement with GJK (and with support-map extents for planes) where the
//! answer is clear of the boundary, and invariance under rigid motions. Symmetry in argument
//! order is asserted on every call by `intersects_both`.
