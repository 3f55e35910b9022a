//! Overlap among Sphere, Aabb, Obb, Capsule and Plane: exactly touching configurations (true),
//! the same moved apart by 1/1024 (false), containment, degenerate and invalid shapes
//! (`touching`), the sphere–sphere hot path's edges (`sphere_sphere`), and proptest agreement with GJK, support maps and rigid motions (`props`).

mod props;
mod sphere_sphere;
mod touching;
