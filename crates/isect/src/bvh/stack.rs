//! A traversal stack that lives on the call stack and spills to the heap only for very deep
//! trees, so that queries do not allocate in the common case.

use alloc::vec::Vec;

/// Entries kept inline before spilling: few rays spill at 16, and filling more (a `memset` call)
/// costs every ray (docs/performance.md, "Traversal").
const INLINE: usize = 16;

/// The mesh traversals' stack: [`InlineStack`] with `INLINE` entries in place.
pub(crate) type Stack<T> = InlineStack<T, INLINE>;

/// A LIFO stack of `T` with `N` entries in place (the broad phase's binary tree is deeper than
/// the mesh's 8-wide one and keeps more).
pub(crate) struct InlineStack<T: Copy, const N: usize> {
    inline: [T; N],
    /// Entries on the stack, inline and spilled: the first `N` are inline, the rest in
    /// `spill`, so the common case (`len <= N`) tests one counter.
    len: usize,
    spill: Vec<T>,
}

impl<T: Copy, const N: usize> InlineStack<T, N> {
    /// An empty stack; `fill` initialises the unused slots.
    #[inline]
    pub(crate) fn new(fill: T) -> Self {
        Self {
            inline: [fill; N],
            len: 0,
            spill: Vec::new(),
        }
    }

    #[inline]
    pub(crate) fn push(&mut self, x: T) {
        if self.len < N {
            self.inline[self.len] = x;
        } else {
            self.spill.push(x);
        }
        self.len += 1;
    }

    #[inline]
    pub(crate) fn pop(&mut self) -> Option<T> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        if self.len < N {
            Some(self.inline[self.len])
        } else {
            self.spill.pop()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn last_in_first_out_past_the_inline_part() {
        let mut s = Stack::new(0);
        for i in 0..100 {
            s.push(i);
        }
        for i in (50..100).rev() {
            assert_eq!(s.pop(), Some(i));
        }
        for i in 100..120 {
            s.push(i);
        }
        for i in (100..120).rev().chain((0..50).rev()) {
            assert_eq!(s.pop(), Some(i));
        }
        assert_eq!(s.pop(), None);
    }
}
