//! Linear queries: distances among lines, rays and segments; plane intersections.
