//! A traversal stack that lives on the call stack and spills to the heap only for very deep
//! trees, so that queries do not allocate in the common case.

use alloc::vec::Vec;

/// Entries kept inline before spilling.
const INLINE: usize = 32;

/// A LIFO stack of `T` with `INLINE` entries in place.
pub(crate) struct Stack<T: Copy> {
    inline: [T; INLINE],
    len: usize,
    spill: Vec<T>,
}

impl<T: Copy> Stack<T> {
    /// An empty stack; `fill` initialises the unused slots.
    #[inline]
    pub(crate) fn new(fill: T) -> Self {
        Self {
            inline: [fill; INLINE],
            len: 0,
            spill: Vec::new(),
        }
    }

    #[inline]
    pub(crate) fn push(&mut self, x: T) {
        if self.len < INLINE {
            self.inline[self.len] = x;
            self.len += 1;
        } else {
            self.spill.push(x);
        }
    }

    #[inline]
    pub(crate) fn pop(&mut self) -> Option<T> {
        if let Some(x) = self.spill.pop() {
            return Some(x);
        }
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.inline[self.len])
    }
}
