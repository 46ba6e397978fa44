//! The package hashes a `.terraform.lock.hcl` lists for a provider:
//!
//! - `h1:` — the "dirhash" scheme 1 over the package's files: for each file, sorted by its
//!   slash-separated path relative to the package, the line `SHA256HEX  PATH\n`; the hash is
//!   `h1:` and the base64 of the SHA-256 of those lines. It is the same for an unpacked
//!   directory and for the zip it came from (the zip's entries are hashed, not the zip).
//! - `zh:` — the hex SHA-256 of the zip file as the registry serves it.
//!
//! [`h1`] and [`zh`] are pure; [`h1_dir`], [`h1_zip`] and [`zh_file`] read the files.

use std::io::Read;
use std::path::Path;

use base64::Engine as _;
use sha2::{Digest, Sha256};

/// A package may hold at most this many files (a provider package holds one or a few).
pub const MAX_FILES: usize = 10_000;
/// Directories nest at most this deep in a package.
const MAX_DEPTH: usize = 32;

/// The `h1:` hash of a package whose files are `files`: each its path relative to the package
/// (`/`-separated) and the SHA-256 of its content, in any order.
///
/// Fails, as Terraform does, on a path with a newline.
pub fn h1<'a>(files: impl IntoIterator<Item = (&'a [u8], [u8; 32])>) -> Result<String, String> {
    let mut files: Vec<(&[u8], [u8; 32])> = files.into_iter().collect();
    files.sort_by(|a, b| a.0.cmp(b.0));
    let mut summary = Sha256::new();
    for (path, digest) in files {
        if path.contains(&b'\n') {
            return Err("a file name contains a newline".to_owned());
        }
        summary.update(hex(&digest).as_bytes());
        summary.update(b"  ");
        summary.update(path);
        summary.update(b"\n");
    }
    Ok(format!(
        "h1:{}",
        base64::engine::general_purpose::STANDARD.encode(summary.finalize())
    ))
}

/// The `zh:` hash of a zip file's bytes.
pub fn zh(zip: &[u8]) -> String {
    format!("zh:{}", hex(&Sha256::digest(zip)))
}

/// The `zh:` hash of the zip file at `path`, read in pieces.
pub fn zh_file(path: &Path) -> std::io::Result<String> {
    let digest = sha256_reader(std::fs::File::open(path)?)?;
    Ok(format!("zh:{}", hex(&digest)))
}

/// The `h1:` hash of the unpacked provider package in `dir` (a symlink to it is followed;
/// symlinks inside it count as the files they point to, as in Terraform).
pub fn h1_dir(dir: &Path) -> std::io::Result<String> {
    use std::os::unix::ffi::OsStrExt;
    let dir = std::fs::canonicalize(dir)?;
    if !dir.is_dir() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "not a directory",
        ));
    }
    let mut paths = Vec::new();
    walk(&dir, &mut Vec::new(), &mut paths, 0)?;
    let mut files = Vec::with_capacity(paths.len());
    for rel in paths {
        let full = dir.join(std::ffi::OsStr::from_bytes(&rel));
        let digest = sha256_reader(std::fs::File::open(&full)?)?;
        files.push((rel, digest));
    }
    h1(files.iter().map(|(p, d)| (p.as_slice(), *d))).map_err(invalid_data)
}

/// The `h1:` hash of the provider package in the zip file at `path`, computed over its
/// entries without unpacking them to disk.
pub fn h1_zip(path: &Path) -> std::io::Result<String> {
    let mut archive = zip::ZipArchive::new(std::fs::File::open(path)?).map_err(invalid_data)?;
    if archive.len() > MAX_FILES {
        return Err(invalid_data(format!(
            "the zip has more than {MAX_FILES} entries"
        )));
    }
    let mut files = Vec::with_capacity(archive.len());
    for i in 0..archive.len() {
        let entry = archive.by_index(i).map_err(invalid_data)?;
        let name = entry.name_raw().to_vec();
        let digest = sha256_reader(entry)?;
        files.push((name, digest));
    }
    h1(files.iter().map(|(p, d)| (p.as_slice(), *d))).map_err(invalid_data)
}

/// Collects the paths (relative, `/`-separated) of everything under `dir` that is not a
/// directory.
fn walk(
    dir: &Path,
    prefix: &mut Vec<u8>,
    out: &mut Vec<Vec<u8>>,
    depth: usize,
) -> std::io::Result<()> {
    use std::os::unix::ffi::OsStrExt;
    if depth > MAX_DEPTH {
        return Err(invalid_data("directories nest too deeply"));
    }
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let name = entry.file_name();
        let len = prefix.len();
        if len > 0 {
            prefix.push(b'/');
        }
        prefix.extend_from_slice(name.as_bytes());
        if entry.file_type()?.is_dir() {
            walk(&entry.path(), prefix, out, depth + 1)?;
        } else {
            if out.len() >= MAX_FILES {
                return Err(invalid_data(format!(
                    "the package has more than {MAX_FILES} files"
                )));
            }
            out.push(prefix.clone());
        }
        prefix.truncate(len);
    }
    Ok(())
}

fn sha256_reader(mut r: impl Read) -> std::io::Result<[u8; 32]> {
    let mut h = Sha256::new();
    let mut buf = vec![0u8; 64 * 1024];
    loop {
        match r.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => h.update(&buf[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(h.finalize().into())
}

fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(s, "{b:02x}");
    }
    s
}

fn invalid_data(e: impl ToString) -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::InvalidData, e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sha(b: &[u8]) -> [u8; 32] {
        Sha256::digest(b).into()
    }

    #[test]
    fn h1_is_order_independent_and_refuses_newlines() {
        let a = h1([(&b"a"[..], sha(b"1")), (&b"b/c"[..], sha(b"2"))]).unwrap();
        let b = h1([(&b"b/c"[..], sha(b"2")), (&b"a"[..], sha(b"1"))]).unwrap();
        assert_eq!(a, b);
        assert!(a.starts_with("h1:") && a.len() == 3 + 44);
        assert!(h1([(&b"a\nb"[..], sha(b""))]).is_err());
    }

    #[test]
    fn zh_is_the_hex_sha256() {
        // `printf abc | sha256sum` (coreutils).
        assert_eq!(
            zh(b"abc"),
            "zh:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn file_hashes_match_the_pure_ones() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("sub")).unwrap();
        std::fs::write(dir.path().join("sub/x"), b"xx").unwrap();
        std::fs::write(dir.path().join("top"), b"t").unwrap();
        let want = h1([(&b"sub/x"[..], sha(b"xx")), (&b"top"[..], sha(b"t"))]).unwrap();
        assert_eq!(h1_dir(dir.path()).unwrap(), want);
        std::fs::write(dir.path().join("f.zip"), b"abc").unwrap();
        assert_eq!(zh_file(&dir.path().join("f.zip")).unwrap(), zh(b"abc"));
        assert!(h1_zip(&dir.path().join("f.zip")).is_err());
        assert!(h1_dir(&dir.path().join("top")).is_err());
    }
}
