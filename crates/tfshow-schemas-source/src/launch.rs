//! Running a provider package that the lock file vouches for, to ask for its schema.
//!
//! An unpacked package runs when its `h1:` hash is one the lock file lists for the provider.
//! A zip is first copied into a private temporary directory (its `zh:` hash taken on the
//! way), its `h1:` hash taken from that copy, and only when one of the two is listed is it
//! unpacked there, size-bounded, and run; the directory is removed afterwards, and by a
//! guard process if tfshow is stopped before.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use crate::search::{executable, Layout, Package};

/// A zip larger than this is not copied.
pub const MAX_ZIP: u64 = 2 << 30;
/// Everything a zip unpacks to is at most this large.
pub const MAX_UNPACKED: u64 = 4 << 30;
/// A zip holds at most this many entries.
const MAX_ENTRIES: usize = 1000;

/// Why a package was not run, or failed.
#[derive(Debug, thiserror::Error)]
pub enum LaunchError {
    /// Its hash is not one the lock file lists: it was not run.
    #[error(
        "not run: its hash {computed} is not one the lock file lists for this provider ({listed})"
    )]
    Untrusted {
        /// What the package hashes to (`h1:…`, and for a zip `zh:…`).
        computed: String,
        /// What the lock file lists.
        listed: String,
    },
    /// No executable in the package.
    #[error("no terraform-provider-{0} executable in the package")]
    NoExecutable(String),
    /// The package could not be read or unpacked.
    #[error("{0}")]
    Package(String),
    /// The plugin failed.
    #[error("{0}")]
    Plugin(#[from] tfshow_plugin::Error),
}

/// A schema a plugin gave, and the lock-file hashes its package matched.
pub struct Launched {
    /// The schema.
    pub schema: tfshow_plugin::ProviderSchema,
    /// The package's hashes that the lock file lists.
    pub hashes: Vec<String>,
    /// The executable that ran (for a zip, its path inside the zip).
    pub executable: PathBuf,
}

/// Checks `pkg` against `listed` (the lock file's hashes for it), then runs it and asks for
/// its schema.
pub fn launch(
    pkg: &Package,
    type_: &str,
    listed: &[String],
    options: &tfshow_plugin::Options,
) -> Result<Launched, LaunchError> {
    let io = |what: &str, e: std::io::Error| LaunchError::Package(format!("{what}: {e}"));
    let untrusted = |computed: Vec<String>| LaunchError::Untrusted {
        computed: computed.join(", "),
        listed: if listed.is_empty() {
            "it lists none".into()
        } else {
            listed.join(", ")
        },
    };
    match pkg.layout {
        Layout::Unpacked => {
            let h1 = tfshow_plugin::hash::h1_dir(&pkg.path).map_err(|e| io("hashing", e))?;
            if !listed.contains(&h1) {
                return Err(untrusted(vec![h1]));
            }
            let exe = executable(&pkg.path, type_)
                .ok_or_else(|| LaunchError::NoExecutable(type_.into()))?;
            let schema = tfshow_plugin::provider_schema(&exe, options)?;
            Ok(Launched {
                schema,
                hashes: vec![h1],
                executable: exe,
            })
        }
        Layout::Packed => {
            let dir = tempfile::Builder::new()
                .prefix("tfshow-provider-")
                .tempdir()
                .map_err(|e| io("making a temporary directory", e))?;
            let guard = crate::guard::DirGuard::spawn(dir.path());
            let result = (|| {
                let copy = dir.path().join("package.zip");
                let zh = copy_hashing(&pkg.path, &copy).map_err(|e| io("copying the zip", e))?;
                let h1 =
                    tfshow_plugin::hash::h1_zip(&copy).map_err(|e| io("hashing the zip", e))?;
                let matched: Vec<String> = [&h1, &zh]
                    .into_iter()
                    .filter(|h| listed.contains(h))
                    .cloned()
                    .collect();
                if matched.is_empty() {
                    return Err(untrusted(vec![h1, zh]));
                }
                let unpacked = dir.path().join("package");
                unpack(&copy, &unpacked)?;
                std::fs::remove_file(&copy).map_err(|e| io("removing the copy", e))?;
                let exe = executable(&unpacked, type_)
                    .ok_or_else(|| LaunchError::NoExecutable(type_.into()))?;
                let schema = tfshow_plugin::provider_schema(&exe, options)?;
                Ok(Launched {
                    schema,
                    hashes: matched,
                    executable: pkg.path.join(exe.strip_prefix(&unpacked).unwrap_or(&exe)),
                })
            })();
            drop(dir);
            if let Some(g) = guard {
                g.release();
            }
            result
        }
    }
}

/// Copies `from` to `to` (a new file), at most [`MAX_ZIP`] bytes, and returns the `zh:`
/// hash of what it copied.
fn copy_hashing(from: &Path, to: &Path) -> std::io::Result<String> {
    let mut src = std::fs::File::open(from)?.take(MAX_ZIP + 1);
    let mut dst = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(to)?;
    let mut buf = vec![0u8; 1 << 16];
    let mut total = 0u64;
    loop {
        let n = match src.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        total += n as u64;
        if total > MAX_ZIP {
            return Err(std::io::Error::other(format!(
                "the zip is larger than {MAX_ZIP} bytes"
            )));
        }
        dst.write_all(&buf[..n])?;
    }
    dst.sync_all()?;
    drop(dst);
    tfshow_plugin::hash::zh_file(to)
}

/// Unpacks the zip at `zip` into `dir` (new): regular files and directories only, names that
/// stay inside `dir`, at most [`MAX_UNPACKED`] bytes in all; executable bits kept.
fn unpack(zip: &Path, dir: &Path) -> Result<(), LaunchError> {
    use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
    let bad = |m: String| LaunchError::Package(format!("unpacking: {m}"));
    let mut archive =
        zip::ZipArchive::new(std::fs::File::open(zip).map_err(|e| bad(e.to_string()))?)
            .map_err(|e| bad(e.to_string()))?;
    if archive.len() > MAX_ENTRIES {
        return Err(bad(format!("more than {MAX_ENTRIES} entries")));
    }
    std::fs::create_dir(dir).map_err(|e| bad(e.to_string()))?;
    let mut budget = MAX_UNPACKED;
    for i in 0..archive.len() {
        let mut entry = archive.by_index(i).map_err(|e| bad(e.to_string()))?;
        let Some(rel) = entry.enclosed_name() else {
            return Err(bad("an entry's name leaves the package".into()));
        };
        let dest = dir.join(&rel);
        if entry.is_dir() {
            std::fs::create_dir_all(&dest).map_err(|e| bad(e.to_string()))?;
            continue;
        }
        if entry.is_symlink() {
            return Err(bad("the package holds a symbolic link".into()));
        }
        if let Some(parent) = dest.parent() {
            std::fs::create_dir_all(parent).map_err(|e| bad(e.to_string()))?;
        }
        let mode = entry.unix_mode().unwrap_or(0o644) & 0o755;
        let mut out = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(mode | 0o600)
            .open(&dest)
            .map_err(|e| bad(e.to_string()))?;
        let n = std::io::copy(&mut (&mut entry).take(budget + 1), &mut out)
            .map_err(|e| bad(e.to_string()))?;
        if n > budget {
            return Err(bad(format!("it unpacks to more than {MAX_UNPACKED} bytes")));
        }
        budget -= n;
        out.set_permissions(std::fs::Permissions::from_mode(mode | 0o600))
            .map_err(|e| bad(e.to_string()))?;
    }
    Ok(())
}
