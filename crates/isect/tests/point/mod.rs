//! Point queries (closest point, distance, containment), a module per shape: hand cases with
//! known answers, invalid input, proptest properties and differential tests against parry.

mod sphere;
