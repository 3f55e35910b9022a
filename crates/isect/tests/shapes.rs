//! Shapes: constructors, validity, bounding volumes and classification.
