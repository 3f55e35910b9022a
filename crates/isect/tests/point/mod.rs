//! Point queries (closest point, distance, containment), a module per shape: hand cases with
//! known answers, invalid input and proptest properties. (parry comparisons: `differential`.)

mod aabb;
mod capsule;
mod convex_hull;
mod frustum;
mod line;
mod obb;
mod plane;
mod ray;
mod segment;
mod sphere;
mod triangle;
