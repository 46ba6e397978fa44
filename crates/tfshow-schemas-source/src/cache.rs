//! The schema cache: what providers said about their schemas, so that the next run needs no
//! plugin.
//!
//! # Layout
//!
//! `DIR/schemas/v1/HOST/NAMESPACE/TYPE/VERSION/KEY.tfsc`, where `DIR` is
//! `$XDG_CACHE_HOME/tfshow` (else `~/.cache/tfshow`) and `KEY` is
//! - `h1-HASH` for a schema a plugin gave: `HASH` is the package's `h1:` hash
//!   (base64url), and the entry is used only for a provider whose lock file lists one of the
//!   entry's hashes (its `h1:`, and its `zh:` when it was a zip) for that version;
//! - `imported` for a schema imported from a `providers schema -json` file
//!   (`tfshow schemas import`), which says nothing about versions: the version comes from the
//!   lock file given to the import (or `--provider-version`), and the entry is used for that
//!   provider at that version only, whatever its package hash.
//!
//! # Entries
//!
//! An entry is `TFSHOWSC`, the format (u32, 1), a JSON header (address, version, hashes,
//! source), the schema in `tfshow_schema`'s binary form (what a run loads), the provider's
//! `providers schema -json` object compressed with deflate (for `schemas show` and
//! `export`), each with its length, and a CRC-32 of all that. An entry whose bytes, header or
//! schema do not check out is ignored with a warning and never used. Entries are written to a
//! temporary file in their directory and renamed into place, so that a concurrent run reads
//! a whole old entry or a whole new one.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::addr::{cmp_versions, safe_version, ProviderAddr};

const MAGIC: &[u8; 8] = b"TFSHOWSC";
const FORMAT: u32 = 2;
/// An entry larger than this is not read.
const MAX_ENTRY: u64 = 512 << 20;
/// A header larger than this is not read.
const MAX_HEADER: usize = 64 << 10;
/// The provider JSON of an entry inflates to at most this much.
const MAX_JSON: u64 = 1 << 30;

/// Where a cached schema came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Origin {
    /// A provider plugin whose package hash the lock file listed.
    Plugin,
    /// `tfshow schemas import`.
    Import,
}

/// An entry's header.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    /// The provider's source address.
    pub address: String,
    /// Its version.
    pub version: String,
    /// The package's hashes (`h1:`, and `zh:` for a zip) for a plugin's schema; none for an
    /// imported one.
    pub hashes: Vec<String>,
    /// Where it came from.
    pub origin: Origin,
    /// The plugin protocol the schema came over (0 when imported).
    #[serde(default)]
    pub protocol_version: u32,
    /// The executable that ran, or the file imported.
    #[serde(default)]
    pub from: String,
}

/// A whole entry, checked.
#[derive(Debug, Clone)]
pub struct Entry {
    /// Its header.
    pub header: Header,
    /// The file.
    pub path: PathBuf,
    /// The binary form of the schema.
    model: Vec<u8>,
    /// The compressed provider JSON.
    json: Vec<u8>,
}

impl Entry {
    /// The schema, read from its binary form.
    pub fn schema(&self) -> Result<tfshow_schema::ProviderSchema, String> {
        tfshow_schema::ProviderSchema::from_binary(&self.model).map_err(|e| e.to_string())
    }

    /// The provider's object as `providers schema -json` printed it.
    pub fn provider_json(&self) -> Result<Vec<u8>, String> {
        let mut out = Vec::new();
        flate2::read::DeflateDecoder::new(&self.json[..])
            .take(MAX_JSON + 1)
            .read_to_end(&mut out)
            .map_err(|e| format!("the JSON does not inflate: {e}"))?;
        if out.len() as u64 > MAX_JSON {
            return Err("the JSON inflates too large".into());
        }
        Ok(out)
    }
}

/// The `providers schema -json` document of several providers' objects, keyed by address
/// (sorted, as Terraform prints them).
pub fn document<'a>(providers: impl IntoIterator<Item = (&'a str, &'a [u8])>) -> Vec<u8> {
    let mut sorted: Vec<(&str, &[u8])> = providers.into_iter().collect();
    sorted.sort_by(|a, b| a.0.cmp(b.0));
    let mut out = br#"{"format_version":"1.0""#.to_vec();
    if !sorted.is_empty() {
        out.extend_from_slice(br#","provider_schemas":{"#);
        for (i, (addr, json)) in sorted.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            tfshow_gojson::write_quoted(&mut out, addr, tfshow_gojson::Dialect::Modern);
            out.push(b':');
            out.extend_from_slice(json);
        }
        out.push(b'}');
    }
    out.push(b'}');
    out
}

/// The schema cache in a directory.
#[derive(Debug, Clone)]
pub struct Cache {
    root: PathBuf,
}

/// A cache entry's file name for a package hash: `h1-` and the base64url of the hash.
fn key_for_hash(h1: &str) -> Option<String> {
    let b64 = h1.strip_prefix("h1:")?;
    if b64.is_empty()
        || b64.len() > 128
        || !b64
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'='))
    {
        return None;
    }
    let url: String = b64
        .chars()
        .filter(|c| *c != '=')
        .map(|c| match c {
            '+' => '-',
            '/' => '_',
            c => c,
        })
        .collect();
    Some(format!("h1-{url}"))
}

impl Cache {
    /// The cache in `dir` (the `tfshow` cache directory).
    pub fn new(dir: PathBuf) -> Cache {
        Cache {
            root: dir.join("schemas").join("v1"),
        }
    }

    /// The directory entries go in.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Refuses a cache that others could write into: the cache directory and the
    /// directories under it that hold entries, where they exist, must be ours and not
    /// writable by group or others.
    pub fn check_owner(&self) -> Result<(), String> {
        use std::os::unix::fs::MetadataExt;
        // SAFETY: getuid has no preconditions and cannot fail.
        let uid = unsafe { libc::getuid() };
        let schemas = self.root.parent();
        let base = schemas.and_then(Path::parent);
        for dir in [base, schemas, Some(self.root.as_path())]
            .into_iter()
            .flatten()
        {
            let Ok(m) = std::fs::metadata(dir) else {
                continue;
            };
            if m.uid() != uid {
                return Err(format!("{} belongs to another user", dir.display()));
            }
            if m.mode() & 0o022 != 0 {
                return Err(format!("{} is writable by others", dir.display()));
            }
        }
        Ok(())
    }

    fn version_dir(&self, addr: &ProviderAddr, version: &str) -> PathBuf {
        addr.dir_in(&self.root).join(version)
    }

    /// The entry for `addr` at `version` to use, with its schema: one made by a plugin whose
    /// hashes include one of `hashes`, else an imported one. Entries that do not check out
    /// are skipped and reported in `problems`.
    pub fn lookup(
        &self,
        addr: &ProviderAddr,
        version: &str,
        hashes: &[String],
        problems: &mut Vec<String>,
    ) -> Option<(Entry, tfshow_schema::ProviderSchema)> {
        if !safe_version(version) {
            return None;
        }
        let dir = self.version_dir(addr, version);
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .ok()?
            .flatten()
            .filter_map(|e| e.file_name().into_string().ok())
            .filter(|n| n.ends_with(".tfsc"))
            .take(256)
            .collect();
        // Plugin entries first (in name order), the imported one last.
        names.sort_by_key(|n| (n == "imported.tfsc", n.clone()));
        for name in names {
            let path = dir.join(&name);
            let header = match read_header(&path) {
                Ok(h) => h,
                Err(e) => {
                    problems.push(format!("{}: {e}", path.display()));
                    continue;
                }
            };
            let wanted = match header.origin {
                Origin::Plugin => header.hashes.iter().any(|h| hashes.contains(h)),
                Origin::Import => name == "imported.tfsc",
            };
            if !wanted {
                continue;
            }
            match read_entry(&path) {
                Ok(e) if e.header.address != addr.to_string() || e.header.version != version => {
                    problems.push(format!(
                        "{}: it is for {} {}, not {addr} {version}",
                        path.display(),
                        e.header.address,
                        e.header.version
                    ));
                }
                Ok(e) => match e.schema() {
                    Ok(schema) => return Some((e, schema)),
                    Err(err) => problems.push(format!("{}: {err}", path.display())),
                },
                Err(err) => problems.push(format!("{}: {err}", path.display())),
            }
        }
        None
    }

    /// Stores a schema: `provider_json` is the provider's object as `providers schema
    /// -json` prints it, `model` its parsed form. Returns the entry's path.
    pub fn store(
        &self,
        header: &Header,
        provider_json: &[u8],
        model: &tfshow_schema::ProviderSchema,
    ) -> Result<PathBuf, String> {
        let addr = ProviderAddr::parse(&header.address)
            .filter(|a| a.to_string() == header.address)
            .ok_or_else(|| format!("{:?} is not a provider address", header.address))?;
        if !safe_version(&header.version) {
            return Err(format!("{:?} is not a version", header.version));
        }
        let name = match header.origin {
            Origin::Import => "imported".to_owned(),
            Origin::Plugin => header
                .hashes
                .iter()
                .find_map(|h| key_for_hash(h))
                .ok_or("a plugin's entry needs its h1: hash")?,
        };
        let dir = self.version_dir(&addr, &header.version);
        create_private_dirs(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let mut bytes = MAGIC.to_vec();
        bytes.extend_from_slice(&FORMAT.to_le_bytes());
        let head = serde_json::to_vec(header).map_err(|e| e.to_string())?;
        let model = model.to_binary();
        let mut z = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::fast());
        z.write_all(provider_json).map_err(|e| e.to_string())?;
        let json = z.finish().map_err(|e| e.to_string())?;
        for part in [&head, &model, &json] {
            bytes.extend_from_slice(&(part.len() as u64).to_le_bytes());
            bytes.extend_from_slice(part);
        }
        let crc = crc32fast::hash(&bytes);
        bytes.extend_from_slice(&crc.to_le_bytes());
        let path = dir.join(format!("{name}.tfsc"));
        let mut tmp = tempfile::Builder::new()
            .prefix(".tmp-")
            .tempfile_in(&dir)
            .map_err(|e| format!("{}: {e}", dir.display()))?;
        tmp.write_all(&bytes)
            .and_then(|()| tmp.as_file().sync_all())
            .map_err(|e| format!("{}: {e}", tmp.path().display()))?;
        tmp.persist(&path)
            .map_err(|e| format!("{}: {}", path.display(), e.error))?;
        Ok(path)
    }

    /// Every entry file, in address and version order.
    pub fn files(&self) -> Vec<PathBuf> {
        let mut out = Vec::new();
        walk(&self.root, 0, &mut out);
        out.sort();
        out
    }

    /// Every entry, read and checked; the ones that do not check out go to `problems`.
    pub fn entries(&self, problems: &mut Vec<String>) -> Vec<Entry> {
        let mut out = Vec::new();
        for path in self.files() {
            match read_entry(&path) {
                Ok(e) => out.push(e),
                Err(err) => problems.push(format!("{}: {err}", path.display())),
            }
        }
        out.sort_by(|a, b| {
            a.header
                .address
                .cmp(&b.header.address)
                .then_with(|| cmp_versions(&a.header.version, &b.header.version))
        });
        out
    }

    /// Removes every entry; returns how many files were removed.
    pub fn clear(&self) -> Result<usize, String> {
        let n = self.files().len();
        match std::fs::remove_dir_all(&self.root) {
            Ok(()) => Ok(n),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(0),
            Err(e) => Err(format!("{}: {e}", self.root.display())),
        }
    }
}

fn walk(dir: &Path, depth: usize, out: &mut Vec<PathBuf>) {
    if depth > 5 || out.len() > 100_000 {
        return;
    }
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let Ok(t) = e.file_type() else { continue };
        let p = e.path();
        if t.is_dir() {
            walk(&p, depth + 1, out);
        } else if t.is_file() && depth == 4 && p.extension().is_some_and(|x| x == "tfsc") {
            out.push(p);
        }
    }
}

/// Makes `dir` and its missing parents, new ones readable only by us.
fn create_private_dirs(dir: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::DirBuilderExt;
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(dir)
}

/// Reads the header of the entry at `path` (without checking the rest).
fn read_header(path: &Path) -> Result<Header, String> {
    let mut f = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut start = [0u8; 20];
    f.read_exact(&mut start)
        .map_err(|_| "not a cache entry: too short".to_owned())?;
    check_start(&start)?;
    let len = u64::from_le_bytes(start[12..20].try_into().unwrap_or_default());
    if len > MAX_HEADER as u64 {
        return Err("not a cache entry: the header is too large".into());
    }
    let mut head = vec![0u8; len as usize];
    f.read_exact(&mut head)
        .map_err(|_| "not a cache entry: truncated".to_owned())?;
    serde_json::from_slice(&head).map_err(|e| format!("not a cache entry: its header: {e}"))
}

fn check_start(start: &[u8]) -> Result<(), String> {
    if &start[..8] != MAGIC {
        return Err("not a cache entry".into());
    }
    let format = u32::from_le_bytes(start[8..12].try_into().unwrap_or_default());
    if format != FORMAT {
        return Err(format!("a cache entry of format {format}, not {FORMAT}"));
    }
    Ok(())
}

/// Reads and checks the entry at `path`.
pub fn read_entry(path: &Path) -> Result<Entry, String> {
    let f = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut bytes = Vec::new();
    f.take(MAX_ENTRY + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > MAX_ENTRY {
        return Err(format!("larger than {MAX_ENTRY} bytes"));
    }
    if bytes.len() < 12 + 4 {
        return Err("not a cache entry: too short".into());
    }
    check_start(&bytes)?;
    let (body, crc) = bytes.split_at(bytes.len() - 4);
    if crc32fast::hash(body) != u32::from_le_bytes(crc.try_into().unwrap_or_default()) {
        return Err("damaged: its checksum does not match".into());
    }
    let mut rest = &body[12..];
    let mut part = || -> Result<Vec<u8>, String> {
        if rest.len() < 8 {
            return Err("damaged: truncated".to_owned());
        }
        let (n, tail) = rest.split_at(8);
        let n = u64::from_le_bytes(n.try_into().unwrap_or_default());
        if n > tail.len() as u64 {
            return Err("damaged: a length beyond the end".to_owned());
        }
        let (p, tail) = tail.split_at(n as usize);
        rest = tail;
        Ok(p.to_vec())
    };
    let head = part()?;
    let model = part()?;
    let json = part()?;
    if !rest.is_empty() {
        return Err("damaged: bytes left over".into());
    }
    let header: Header =
        serde_json::from_slice(&head).map_err(|e| format!("damaged header: {e}"))?;
    Ok(Entry {
        header,
        path: path.to_path_buf(),
        model,
        json,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn null_schema() -> (Vec<u8>, tfshow_schema::ProviderSchema) {
        let doc = std::fs::read(
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../testdata/oracle/scenarios/null_provider/tf-1.15.5/schemas.json"),
        )
        .unwrap();
        let s = tfshow_schema::Schemas::from_json(&doc).unwrap();
        let model = s.providers["registry.terraform.io/hashicorp/null"].clone();
        let v: serde_json::Value = serde_json::from_slice(&doc).unwrap();
        let json =
            serde_json::to_vec(&v["provider_schemas"]["registry.terraform.io/hashicorp/null"])
                .unwrap();
        (json, model)
    }

    fn header(origin: Origin, hashes: &[&str]) -> Header {
        Header {
            address: "registry.terraform.io/hashicorp/null".into(),
            version: "2.1.2".into(),
            hashes: hashes.iter().map(|h| h.to_string()).collect(),
            origin,
            protocol_version: 5,
            from: String::new(),
        }
    }

    #[test]
    fn keys_versions_and_damage() {
        let dir = tempfile::tempdir().unwrap();
        let cache = Cache::new(dir.path().join("tfshow"));
        let (json, model) = null_schema();
        let addr = ProviderAddr::parse("hashicorp/null").unwrap();
        let h1 = "h1:CFnENdqQu4g3LJNevA32aDxcUz2qGkRGQpFfkI8TCdE=";
        let path = cache
            .store(&header(Origin::Plugin, &[h1]), &json, &model)
            .unwrap();
        assert!(path.ends_with("2.1.2/h1-CFnENdqQu4g3LJNevA32aDxcUz2qGkRGQpFfkI8TCdE.tfsc"));
        let mut problems = Vec::new();
        // Used only when the lock file lists its hash, for its version.
        assert!(cache
            .lookup(&addr, "2.1.2", &[h1.into()], &mut problems)
            .is_some());
        assert!(cache
            .lookup(&addr, "2.1.2", &["h1:other".into()], &mut problems)
            .is_none());
        assert!(cache
            .lookup(&addr, "2.1.3", &[h1.into()], &mut problems)
            .is_none());
        assert!(problems.is_empty(), "{problems:?}");
        let (e, _) = cache
            .lookup(&addr, "2.1.2", &[h1.into()], &mut problems)
            .unwrap();
        assert_eq!(e.provider_json().unwrap(), json);
        // An imported entry serves its version whatever the hash.
        cache
            .store(&header(Origin::Import, &[]), &json, &model)
            .unwrap();
        let (e, _) = cache.lookup(&addr, "2.1.2", &[], &mut problems).unwrap();
        assert_eq!(e.header.origin, Origin::Import);
        // An entry moved to another version's directory is refused.
        let other = path.parent().unwrap().with_file_name("9.9.9");
        std::fs::create_dir_all(&other).unwrap();
        std::fs::copy(&path, other.join(path.file_name().unwrap())).unwrap();
        assert!(cache
            .lookup(&addr, "9.9.9", &[h1.into()], &mut problems)
            .is_none());
        assert!(problems
            .pop()
            .unwrap()
            .contains("not registry.terraform.io/hashicorp/null 9.9.9"));
        // Every truncation and every flipped byte is refused (or, for the header's hashes,
        // not wanted), never used.
        let good = std::fs::read(&path).unwrap();
        std::fs::remove_file(
            dir.path()
                .join("tfshow/schemas/v1/registry.terraform.io/hashicorp/null/2.1.2/imported.tfsc"),
        )
        .unwrap();
        for cut in (0..good.len()).step_by(97) {
            std::fs::write(&path, &good[..cut]).unwrap();
            assert!(
                cache
                    .lookup(&addr, "2.1.2", &[h1.into()], &mut problems)
                    .is_none(),
                "cut {cut}"
            );
        }
        for i in (0..good.len()).step_by(31) {
            let mut bad = good.clone();
            bad[i] ^= 0x40;
            std::fs::write(&path, &bad).unwrap();
            assert!(
                cache
                    .lookup(&addr, "2.1.2", &[h1.into()], &mut problems)
                    .is_none(),
                "byte {i}"
            );
        }
        assert!(!problems.is_empty());
        assert_eq!(cache.clear().unwrap(), 2);
        assert!(cache.files().is_empty());
    }

    /// Writers and readers at once: a reader sees a whole entry or none, never a damaged one.
    #[test]
    fn concurrent_writes_never_show_a_partial_entry() {
        let dir = tempfile::tempdir().unwrap();
        let cache = Cache::new(dir.path().join("tfshow"));
        let (json, model) = null_schema();
        let addr = ProviderAddr::parse("hashicorp/null").unwrap();
        let h1 = "h1:CFnENdqQu4g3LJNevA32aDxcUz2qGkRGQpFfkI8TCdE=";
        std::thread::scope(|s| {
            for _ in 0..3 {
                s.spawn(|| {
                    for _ in 0..30 {
                        cache
                            .store(&header(Origin::Plugin, &[h1]), &json, &model)
                            .unwrap();
                    }
                });
            }
            for _ in 0..2 {
                s.spawn(|| {
                    for _ in 0..200 {
                        let mut problems = Vec::new();
                        let _ = cache.lookup(&addr, "2.1.2", &[h1.into()], &mut problems);
                        assert!(problems.is_empty(), "{problems:?}");
                    }
                });
            }
        });
        // No temporary file left.
        let dir = dir
            .path()
            .join("tfshow/schemas/v1/registry.terraform.io/hashicorp/null/2.1.2");
        let names: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names.len(), 1, "{names:?}");
    }

    #[test]
    fn a_cache_others_can_write_is_refused() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let base = dir.path().join("tfshow");
        std::fs::create_dir(&base).unwrap();
        let cache = Cache::new(base.clone());
        assert!(cache.check_owner().is_ok());
        std::fs::set_permissions(&base, std::fs::Permissions::from_mode(0o777)).unwrap();
        assert!(cache
            .check_owner()
            .unwrap_err()
            .contains("writable by others"));
    }
}
