//! Aabb–line overlap.

use crate::query::Intersects;
use crate::query::algo::linear::Linear;
use crate::query::algo::scale::rescale;
use crate::query::mirror_intersects;
use crate::query::raycast::slab_interval;
use crate::shape::{Aabb, Line};

impl Intersects<Line> for Aabb {
    /// Slabs (Williams et al., "An Efficient and Robust Ray–Box Intersection Algorithm", 2005;
    /// Ericson §5.3.3) over the line's parameter interval: a line is `origin + t dir` for every `t`. Zero direction components and
    /// lines lying in a face's plane are handled without branches (see `query::raycast::aabb`);
    /// touching a face, edge or corner counts, and flat boxes are the rectangles, segments or
    /// points they are. `false` for invalid input.
    #[inline]
    fn intersects(&self, other: &Line) -> bool {
        rescale!(pair self, other, intersects);
        let p = Linear::line(other);
        if !(self.is_usable() && p.is_usable()) {
            return false;
        }
        let (t_enter, t_exit) = slab_interval(self.min, self.max, p.origin, p.dir, p.lo, p.hi);
        t_enter <= t_exit
    }
}

mirror_intersects!(Aabb, Line);
