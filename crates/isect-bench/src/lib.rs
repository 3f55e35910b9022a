//! Shared helpers of the isect benchmarks.
