//! Tuning of glibc's allocator for this program's pattern: many small values built and freed
//! on worker threads, and buffers of tens of KiB handed between threads.
//!
//! By default glibc gives memory at the top of the heap back to the kernel as soon as 128 KiB
//! of it are free, and asks for it again a moment later; each round trip costs system calls
//! and page faults (a fifth of the CPU time of `show --json` on a 10,000-resource plan). Keeping
//! up to 64 MiB of free heap, growing heaps 64 MiB at a time, and serving allocations of up to
//! 16 MiB from the heap avoids that. Pages are only resident once touched, so peak RSS barely
//! changes. (With 16 MiB of padding, the heaps of the worker threads outgrew it on the
//! 50,000-resource plan and were extended a little at a time, without huge pages: 14,000 page
//! faults, against about 700 with 64 MiB.)
//!
//! Touching the heap's pages for the first time is the other cost: about 13,000 page faults for
//! `show --json` of the 10,000-resource plan, a fifth of its CPU time again. glibc backs its
//! heaps with transparent huge pages when the `glibc.malloc.hugetlb=1` tunable is set, which
//! cuts that to a few hundred faults; tunables are only read at startup, so the program starts
//! itself again with the tunable set, unless `GLIBC_TUNABLES` is set already (set it to
//! anything, even empty, to keep glibc's defaults).

/// Applies the tuning; a no-op where the allocator is not glibc's.
pub(crate) fn tune() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        restart_with_huge_pages();
        // SAFETY: mallopt only sets allocator parameters; it is called before any other
        // thread exists.
        unsafe {
            libc::mallopt(libc::M_TRIM_THRESHOLD, 64 << 20);
            libc::mallopt(libc::M_TOP_PAD, 64 << 20);
            libc::mallopt(libc::M_MMAP_THRESHOLD, 16 << 20);
        }
    }
}

/// Replaces the process with a new run of this program, same arguments and open files, with
/// glibc's huge-page tunable set. Returns only if that is not done: the tunable (or another)
/// is set already, or the program cannot be run again.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn restart_with_huge_pages() {
    use std::os::unix::process::CommandExt;

    const TUNABLES: &str = "GLIBC_TUNABLES";
    if std::env::var_os(TUNABLES).is_some() {
        return;
    }
    let mut args = std::env::args_os();
    let Some(arg0) = args.next() else {
        return;
    };
    // `exec` returns only on failure; then this run goes on with the defaults.
    let _ = std::process::Command::new("/proc/self/exe")
        .arg0(arg0)
        .args(args)
        .env(TUNABLES, "glibc.malloc.hugetlb=1")
        .exec();
}
