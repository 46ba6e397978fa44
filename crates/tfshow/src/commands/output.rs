//! Where a document goes while it is written: stdout must show all of it or none of it.
//!
//! When stdout is a regular file the document is written to it directly, and cut back to where
//! it started if writing fails. Otherwise (a pipe, a terminal) it is spooled first and copied
//! out once complete.

use std::fs::File;
use std::io::{self, Seek, SeekFrom, Write};

use tfshow_json::spool::Spool;

/// The destination of one document on stdout.
pub(crate) enum Output {
    /// stdout is this regular file; the document starts at `start`.
    File { file: File, start: u64 },
    /// The document is spooled until complete.
    Spool(Spool),
}

impl Output {
    /// The destination for stdout as it is.
    pub(crate) fn stdout() -> Output {
        match stdout_file() {
            Some((file, start)) => Output::File { file, start },
            None => Output::Spool(Spool::new()),
        }
    }

    /// Where to write the document.
    pub(crate) fn writer(&mut self) -> &mut dyn Write {
        match self {
            Output::File { file, .. } => file,
            Output::Spool(spool) => spool,
        }
    }

    /// The document is complete: make sure it is all on stdout.
    pub(crate) fn commit(self) -> io::Result<()> {
        match self {
            Output::File { mut file, .. } => file.flush(),
            Output::Spool(spool) => spool.copy_to(&mut io::stdout().lock()),
        }
    }

    /// The document failed: take back what was written of it.
    pub(crate) fn discard(self) {
        if let Output::File { file, start } = self {
            let _ = file.set_len(start);
            let _ = (&file).seek(SeekFrom::Start(start));
        }
    }
}

/// stdout as a file and where the document will start in it, when it is a regular file:
/// its end if it was opened for appending (`>>`), else its position.
#[cfg(unix)]
fn stdout_file() -> Option<(File, u64)> {
    use std::os::fd::{AsFd, AsRawFd};
    let mut file = File::from(io::stdout().as_fd().try_clone_to_owned().ok()?);
    let meta = file.metadata().ok()?;
    if !meta.file_type().is_file() {
        return None;
    }
    // SAFETY: F_GETFL only reads the flags of a descriptor this process owns.
    let flags = unsafe { libc::fcntl(file.as_raw_fd(), libc::F_GETFL) };
    if flags < 0 {
        return None;
    }
    let start = if flags & libc::O_APPEND != 0 {
        meta.len()
    } else {
        file.stream_position().ok()?
    };
    Some((file, start))
}

#[cfg(not(unix))]
fn stdout_file() -> Option<(File, u64)> {
    None
}
