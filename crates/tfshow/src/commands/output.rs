//! Where a document goes while it is written, and what a failure leaves there.
//!
//! tfshow never truncates or rewrites what it did not write:
//! - `-o FILE`: the document is written to a temporary file next to FILE and renamed over it
//!   once complete, so FILE holds the old content or the whole new document, never a part; the
//!   temporary file is removed on failure and on Ctrl-C (SIGINT, SIGTERM, SIGHUP);
//! - stdout that is a pipe or a terminal: the document is held back (spooled) until complete,
//!   so a failed run writes nothing;
//! - stdout that is a regular file (`> out.json`, `>> log`): the document is written as it is
//!   made, and a failure leaves what was written (the error says so). Cutting it back would
//!   also cut what other processes appended to the same file meanwhile;
//! - in memory ([`capture`], for [`crate::output_of`]): the document is returned when complete.

use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use tfshow_json::spool::Spool;

use super::CliError;

/// The `-o FILE` of this run, if any.
static TARGET: std::sync::OnceLock<Option<PathBuf>> = std::sync::OnceLock::new();

/// Sets the `-o FILE` of this run (once, before any output).
pub(crate) fn set_target(path: Option<PathBuf>) {
    let _ = TARGET.set(path);
}

fn target() -> Option<&'static Path> {
    TARGET.get().and_then(|p| p.as_deref())
}

thread_local! {
    /// The document of the command running on this thread under [`capture`], once complete.
    static CAPTURED: std::cell::RefCell<Option<Vec<u8>>> = const { std::cell::RefCell::new(None) };
}

/// Runs `f` with the documents it writes kept in memory instead of written out; returns its
/// result and what it wrote.
pub(crate) fn capture<T>(f: impl FnOnce() -> T) -> (T, Vec<u8>) {
    CAPTURED.with(|c| *c.borrow_mut() = Some(Vec::new()));
    let result = f();
    let doc = CAPTURED.with(|c| c.borrow_mut().take()).unwrap_or_default();
    (result, doc)
}

fn capturing() -> bool {
    CAPTURED.with(|c| c.borrow().is_some())
}

/// Appends a complete document to the captured output.
fn keep(write: impl FnOnce(&mut Vec<u8>) -> io::Result<()>) -> Result<(), CliError> {
    CAPTURED.with(|c| match c.borrow_mut().as_mut() {
        Some(buf) => write(buf).map_err(CliError::Write),
        None => Ok(()),
    })
}

/// Reports whether this run's output goes to a terminal (never with `-o FILE`, nor when kept
/// in memory).
pub(crate) fn is_terminal() -> bool {
    use std::io::IsTerminal;
    target().is_none() && !capturing() && io::stdout().is_terminal()
}

/// Whether a human view uses colours: on a terminal, unless `--no-color` or `NO_COLOR` set to
/// a non-empty value (<https://no-color.org>: an empty NO_COLOR does not count).
pub(crate) fn colour(no_color: bool) -> bool {
    let no_color_env = super::color::disabled_by_env();
    is_terminal() && !no_color && !no_color_env
}

/// The destination of one document.
pub(crate) enum Output {
    /// stdout is a regular file: written directly.
    Direct(Counted),
    /// stdout is a pipe or terminal: spooled until complete.
    Spool(Spool),
    /// `-o FILE`: a temporary file renamed over FILE once complete.
    Temp(TempOutput),
}

impl Output {
    /// The destination of this run's document: `-o FILE`, else stdout as it is.
    pub(crate) fn open() -> Result<Output, CliError> {
        if capturing() {
            return Ok(Output::Spool(Spool::new()));
        }
        if let Some(path) = target() {
            return TempOutput::new(path).map(Output::Temp);
        }
        Ok(match stdout_file() {
            Some(file) => Output::Direct(Counted { file, written: 0 }),
            None => Output::Spool(Spool::new()),
        })
    }

    /// Where to write the document.
    pub(crate) fn writer(&mut self) -> &mut dyn Write {
        match self {
            Output::Direct(file) => file,
            Output::Spool(spool) => spool,
            Output::Temp(t) => &mut t.file,
        }
    }

    /// The document is complete: put it in place.
    pub(crate) fn commit(self) -> Result<(), CliError> {
        match self {
            Output::Direct(mut file) => file.flush().map_err(CliError::Write),
            Output::Spool(spool) if capturing() => keep(|buf| spool.copy_to(buf)),
            Output::Spool(spool) => spool
                .copy_to(&mut io::stdout().lock())
                .map_err(CliError::Write),
            Output::Temp(t) => t.commit(),
        }
    }

    /// The document failed. Returns a note for the user when part of it stays on stdout.
    pub(crate) fn abandon(self) -> Option<&'static str> {
        match self {
            Output::Direct(mut file) => {
                let _ = file.flush();
                (file.written > 0).then_some("standard output holds the part of the document written before the error; use -o FILE to write all or nothing")
            }
            // Dropping the spool or the temporary file throws the document away.
            Output::Spool(_) | Output::Temp(_) => None,
        }
    }
}

/// stdout as a regular file, counting what this run wrote to it.
pub(crate) struct Counted {
    file: File,
    written: u64,
}

impl Write for Counted {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.file.write(buf)?;
        self.written += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.flush()
    }
}

/// Writes a complete document (a view already built in memory) to this run's destination.
pub(crate) fn write_all(doc: &[u8]) -> Result<(), CliError> {
    if capturing() {
        return keep(|buf| {
            buf.extend_from_slice(doc);
            Ok(())
        });
    }
    if target().is_some() {
        let mut out = Output::open()?;
        out.writer().write_all(doc).map_err(CliError::Write)?;
        return out.commit();
    }
    let mut stdout = io::stdout().lock();
    stdout
        .write_all(doc)
        .and_then(|()| stdout.flush())
        .map_err(CliError::Write)
}

/// A temporary file in the directory of `-o FILE`, renamed over it by [`TempOutput::commit`].
pub(crate) struct TempOutput {
    file: File,
    temp: PathBuf,
    dest: PathBuf,
    committed: bool,
}

impl TempOutput {
    fn new(dest: &Path) -> Result<TempOutput, CliError> {
        let err = |source| CliError::Read {
            path: super::display(dest),
            source,
        };
        let dir = match dest.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        let name = dest
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "output".into());
        let named = tempfile::Builder::new()
            .prefix(&format!(".{name}."))
            .suffix(".tfshow-tmp")
            .tempfile_in(dir)
            .map_err(err)?;
        // Keep the file ourselves: the signal handler, not a destructor, must be able to remove
        // it, and a successful rename must not be followed by a removal.
        let (file, temp) = named.keep().map_err(|e| err(e.error))?;
        cleanup::register(&temp);
        set_permissions(&file, dest);
        Ok(TempOutput {
            file,
            temp,
            dest: dest.to_owned(),
            committed: false,
        })
    }

    fn commit(mut self) -> Result<(), CliError> {
        let result = self
            .file
            .flush()
            .and_then(|()| std::fs::rename(&self.temp, &self.dest));
        match result {
            Ok(()) => {
                self.committed = true;
                cleanup::unregister();
                Ok(())
            }
            Err(source) => Err(CliError::Read {
                path: super::display(&self.dest),
                source,
            }),
        }
    }
}

impl Drop for TempOutput {
    fn drop(&mut self) {
        if !self.committed {
            let _ = std::fs::remove_file(&self.temp);
            cleanup::unregister();
        }
    }
}

/// Gives the temporary file the permissions the destination has, or those a new file gets
/// (0666 less the umask), instead of the private 0600 of temporary files.
#[cfg(unix)]
fn set_permissions(file: &File, dest: &Path) {
    use std::os::unix::fs::PermissionsExt;
    let mode = match std::fs::metadata(dest) {
        Ok(meta) => meta.permissions().mode() & 0o7777,
        Err(_) => {
            // SAFETY: umask only swaps the process's file mode mask; it is set back at once,
            // before any other file is created.
            let mask = unsafe {
                let m = libc::umask(0o022);
                libc::umask(m);
                m
            };
            // mode_t is u32 on Linux and u16 elsewhere.
            #[allow(clippy::useless_conversion)]
            let mask = u32::from(mask);
            0o666 & !mask
        }
    };
    let _ = file.set_permissions(std::fs::Permissions::from_mode(mode));
}

#[cfg(not(unix))]
fn set_permissions(_: &File, _: &Path) {}

/// stdout as a file, when it is a regular file.
#[cfg(unix)]
fn stdout_file() -> Option<File> {
    use std::os::fd::AsFd;
    let file = File::from(io::stdout().as_fd().try_clone_to_owned().ok()?);
    file.metadata().ok()?.file_type().is_file().then_some(file)
}

#[cfg(not(unix))]
fn stdout_file() -> Option<File> {
    None
}

/// Removing the temporary file of `-o FILE` when the process is interrupted.
#[cfg(unix)]
mod cleanup {
    use std::ffi::CString;
    use std::path::Path;
    use std::sync::atomic::{AtomicPtr, Ordering};

    /// The temporary file's path, as a C string leaked for the signal handler; null when none.
    static PATH: AtomicPtr<libc::c_char> = AtomicPtr::new(std::ptr::null_mut());

    const SIGNALS: [libc::c_int; 3] = [libc::SIGINT, libc::SIGTERM, libc::SIGHUP];

    /// Removes `path` if the process is stopped by SIGINT, SIGTERM or SIGHUP before
    /// [`unregister`].
    pub(super) fn register(path: &Path) {
        use std::os::unix::ffi::OsStrExt;
        let Ok(c) = CString::new(path.as_os_str().as_bytes()) else {
            return;
        };
        let old = PATH.swap(c.into_raw(), Ordering::SeqCst);
        free(old);
        for sig in SIGNALS {
            // SAFETY: installs a handler that only calls async-signal-safe functions.
            unsafe {
                libc::signal(sig, handler as *const () as libc::sighandler_t);
            }
        }
    }

    /// The temporary file is gone (renamed or removed): signals act as usual again.
    pub(super) fn unregister() {
        for sig in SIGNALS {
            // SAFETY: restores the default action.
            unsafe {
                libc::signal(sig, libc::SIG_DFL);
            }
        }
        free(PATH.swap(std::ptr::null_mut(), Ordering::SeqCst));
    }

    fn free(p: *mut libc::c_char) {
        if !p.is_null() {
            // SAFETY: `p` came from `CString::into_raw` and was taken out of PATH, so the
            // handler can no longer see it.
            drop(unsafe { CString::from_raw(p) });
        }
    }

    extern "C" fn handler(sig: libc::c_int) {
        let p = PATH.swap(std::ptr::null_mut(), Ordering::SeqCst);
        // SAFETY: unlink, signal and raise are async-signal-safe; `p` is a valid C string
        // (leaked on purpose: the process is about to end).
        unsafe {
            if !p.is_null() {
                libc::unlink(p);
            }
            libc::signal(sig, libc::SIG_DFL);
            libc::raise(sig);
        }
    }
}

#[cfg(not(unix))]
mod cleanup {
    pub(super) fn register(_: &std::path::Path) {}
    pub(super) fn unregister() {}
}
