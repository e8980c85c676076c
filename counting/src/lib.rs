//! A counting global allocator: the evidence behind "the search never allocates".
//!
//! A measuring tool, apart from the searcher it measures. A global allocator is chosen per
//! binary, so this crate only defines it; each binary that counts (the `nullmove bench`
//! command, the optimized crate's allocation test) installs it itself with
//! `#[global_allocator]`. Counts are per thread, so other threads (a test harness's, for
//! one) cannot disturb a measurement.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// A global allocator that forwards to [`System`] and counts, per thread, every allocation
/// (reallocations included); deallocations are not counted.
///
/// # Example
/// ```
/// use nullmove_counting::CountingAllocator;
///
/// #[global_allocator]
/// static GLOBAL: CountingAllocator = CountingAllocator;
///
/// let (v, n) = CountingAllocator::measure(|| vec![1, 2, 3]);
/// assert_eq!((v.len(), n), (3, 1));
/// let ((), n) = CountingAllocator::measure(|| ());
/// assert_eq!(n, 0);
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct CountingAllocator;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

impl CountingAllocator {
    /// Allocations the current thread has made so far (always 0 unless the binary installed
    /// this allocator).
    #[must_use]
    pub fn count() -> u64 {
        ALLOCATIONS.with(Cell::get)
    }

    /// Runs `f` and returns its result with the allocations the current thread made meanwhile.
    pub fn measure<T>(f: impl FnOnce() -> T) -> (T, u64) {
        let before = Self::count();
        let out = f();
        (out, Self::count() - before)
    }
}

fn bump() {
    // `try_with`: thread-local storage may already be gone while a thread shuts down.
    let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
}

// The workspace denies `unsafe_code`; a global allocator cannot be written without
// `unsafe impl`, so it is allowed here alone. The impl only counts and forwards.
#[allow(unsafe_code)]
// SAFETY: every method forwards its arguments unchanged to the system allocator, which
// upholds `GlobalAlloc`'s contract; counting touches only a thread-local `Cell` and never
// allocates.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        bump();
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        bump();
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        bump();
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.dealloc(ptr, layout) }
    }
}
