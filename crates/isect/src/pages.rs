//! Huge pages for large hierarchies.
//!
//! A ray through a mesh of a million triangles visits a few dozen nodes and leaf blocks spread
//! over tens of megabytes: with the operating system's ordinary 4 KiB pages nearly every one of
//! those loads also misses the processor's address translation cache (a few thousand entries,
//! about 8 MiB), and waits for a page-table walk on top of the cache miss. Backed by 2 MiB pages
//! the whole hierarchy fits the translation cache. On Linux, whose transparent huge pages are
//! often enabled only for memory that asks for them (`madvise` mode, as on the bench machine's
//! Debian kernel), [`with_capacity`] asks for them with `madvise(MADV_HUGEPAGE)`.
//!
//! The million-triangle meshes' rays gain most; a hierarchy of a few megabytes fits the
//! translation cache anyway (docs/performance.md, "Huge pages").
//!
//! The advice is a hint about the memory's backing: the contents, addresses and lifetime of the
//! allocation are unchanged, and a kernel without transparent huge pages (or with them
//! disabled) refuses it without effect. Elsewhere (without `std`, or not on Linux) the vectors
//! are plain ones.

use alloc::vec::Vec;

/// Bytes of a huge page on x86-64 and on most 64-bit Arm Linux configurations.
#[cfg(all(feature = "std", target_os = "linux"))]
const HUGE_PAGE: usize = 2 << 20;

/// An empty vector with room for `capacity` elements, whose memory the operating system
/// is asked to back with huge pages where it spans one or more whole ones (aligned 2 MiB
/// ranges; smaller vectors are plain ones).
///
/// The advice comes before anything writes the memory, so that the first touch of each aligned
/// range can fault in a huge page; memory an allocator hands back after an earlier use keeps its
/// small pages until the kernel's background collapse gets to it.
pub(crate) fn with_capacity<T>(capacity: usize) -> Vec<T> {
    let mut v: Vec<T> = Vec::with_capacity(capacity);
    advise(
        v.as_mut_ptr().cast::<u8>(),
        v.capacity() * core::mem::size_of::<T>(),
    );
    v
}

/// A copy of `items` in a vector of [`with_capacity`] (their length as capacity).
pub(crate) fn vec_from_slice<T: Copy>(items: &[T]) -> Vec<T> {
    let mut v = with_capacity(items.len());
    v.extend_from_slice(items);
    v
}

/// Asks for huge pages over the aligned 2 MiB ranges within the `len` bytes from `start`.
#[cfg(all(feature = "std", target_os = "linux"))]
fn advise(start: *mut u8, len: usize) {
    let address = start as usize;
    let begin = address.next_multiple_of(HUGE_PAGE);
    let end = address.saturating_add(len) / HUGE_PAGE * HUGE_PAGE;
    if end > begin {
        #[expect(unsafe_code, reason = "`madvise` takes a raw address")]
        // SAFETY: `madvise` reads and writes no memory of the process; `MADV_HUGEPAGE` only
        // changes which pages the kernel backs the range with, keeping its contents, and the
        // range (page-aligned, as `madvise` requires) lies inside the allocation of `len` bytes
        // at `start`. A refusal (a kernel without transparent huge pages) changes nothing.
        unsafe {
            libc::madvise(
                start.wrapping_add(begin - address).cast::<libc::c_void>(),
                end - begin,
                libc::MADV_HUGEPAGE,
            );
        }
    }
}

/// Huge pages are asked for on Linux with `std` only.
#[cfg(not(all(feature = "std", target_os = "linux")))]
fn advise(_start: *mut u8, _len: usize) {}

#[cfg(all(test, feature = "std", target_os = "linux"))]
mod tests {
    use super::*;
    use std::string::String;

    /// The `VmFlags` line of the mapping that holds `address`, from `/proc/self/smaps`.
    fn vm_flags(address: usize) -> Option<String> {
        let smaps = std::fs::read_to_string("/proc/self/smaps").ok()?;
        let mut inside = false;
        for line in smaps.lines() {
            let range = line.split_whitespace().next().unwrap_or("");
            if let Some((lo, hi)) = range.split_once('-') {
                if let (Ok(lo), Ok(hi)) =
                    (usize::from_str_radix(lo, 16), usize::from_str_radix(hi, 16))
                {
                    inside = (lo..hi).contains(&address);
                    continue;
                }
            }
            if inside {
                if let Some(flags) = line.strip_prefix("VmFlags:") {
                    return Some(flags.into());
                }
            }
        }
        None
    }

    #[test]
    fn copies_and_advises_large_vectors() {
        let items: Vec<u64> = (0..(3 * HUGE_PAGE / 8) as u64).collect();
        let v = vec_from_slice(&items);
        assert_eq!(v, items);
        assert_eq!(v.capacity(), items.len());
        // A kernel with transparent huge pages marks the advised range `hg` (whether or not it
        // found free huge pages); 3 MiB span at least one aligned 2 MiB range.
        let thp = std::fs::read_to_string("/sys/kernel/mm/transparent_hugepage/enabled");
        if thp.is_ok_and(|mode| !mode.contains("[never]")) {
            let inner = (v.as_ptr() as usize).next_multiple_of(HUGE_PAGE);
            let flags = vm_flags(inner).expect("the vector's mapping in /proc/self/smaps");
            assert!(flags.split_whitespace().any(|f| f == "hg"), "{flags}");
        }
        let small = vec_from_slice(&[1u8, 2, 3]);
        assert_eq!(small, [1, 2, 3]);
        assert!(vec_from_slice::<u8>(&[]).is_empty());
    }
}
