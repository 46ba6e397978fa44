//! The plan file container: a zip archive whose entries are looked up by name, read with
//! size limits, and never written anywhere.

use crate::config::{split_module_file, ConfigSnapshot, ModuleFile, MANIFEST_ENTRY};
use crate::decode::{decode_tfplan_as, decode_tfplan_lazy_as, LazyChange};
use crate::error::Error;
use crate::model::Plan;
use crate::sniff::{sniff, Kind};
use bytes::Bytes;
use std::io::{Cursor, Read};
use tfshow_release::Program;
use zip::ZipArchive;

/// The protobuf plan entry.
const TFPLAN_ENTRY: &str = "tfplan";
/// The prior (refreshed) state entry.
const STATE_ENTRY: &str = "tfstate";
/// The previous-run state entry (0.15.3+).
const PREV_STATE_ENTRY: &str = "tfstate-prev";
/// The dependency lock file entry (1.1+).
const LOCK_ENTRY: &str = ".terraform.lock.hcl";
/// The provider schemas entry (OpenTofu 1.13+).
const TFSCHEMAS_ENTRY: &str = "tfschemas";

/// Deflate expands its input at most about 1,032 times: an entry's declared size beyond its
/// compressed size times this is a lie.
const MAX_DEFLATE_RATIO: u64 = 1032;

/// Limits on what reading a plan file may cost: the workspace-wide
/// [`Limits`](tfshow_limits::Limits). The container uses [`Options::max_total_size`],
/// [`Options::max_entry_size`] and [`Options::max_entries`];
/// `tfplan` and the module manifest are checked against the others before they are decoded.
pub use tfshow_limits::Limits as Options;

/// The contents of a plan file.
#[derive(Clone, Debug, PartialEq)]
pub struct PlanFile {
    /// The decoded `tfplan` entry.
    pub plan: Plan,
    /// The `tfstate` entry: state JSON of the prior (refreshed) state, if present.
    pub prior_state: Option<Vec<u8>>,
    /// The `tfstate-prev` entry: state JSON of the previous run's state, if present (0.15.3+).
    pub prev_run_state: Option<Vec<u8>>,
    /// The configuration snapshot (`tfconfig/`), if the file has a manifest.
    pub config: Option<ConfigSnapshot>,
    /// The `.terraform.lock.hcl` entry, if present (1.1+).
    pub lock_file: Option<Vec<u8>>,
    /// The `tfschemas` entry (OpenTofu 1.13+: the provider schemas the plan needs), if
    /// present; [`decode_tfschemas`](crate::decode_tfschemas) reads it.
    pub tfschemas: Option<Vec<u8>>,
}

impl PlanFile {
    /// Reads only the `tfschemas` entry (OpenTofu 1.13+) of a plan file, within `opts`;
    /// `None` when the file has none, or is not a readable zip archive (reading the whole
    /// file says why).
    pub fn tfschemas_entry(bytes: &[u8], opts: &Options) -> Result<Option<Vec<u8>>, Error> {
        Self::one_entry(bytes, opts, |l| l.tfschemas, TFSCHEMAS_ENTRY)
    }

    /// Reads only the `tfstate` entry (the prior state's JSON) of a plan file, within `opts`;
    /// `None` when the file has none, or is not a readable zip archive.
    pub fn prior_state_entry(bytes: &[u8], opts: &Options) -> Result<Option<Vec<u8>>, Error> {
        Self::one_entry(bytes, opts, |l| l.state, STATE_ENTRY)
    }

    fn one_entry(
        bytes: &[u8],
        opts: &Options,
        which: impl Fn(&Layout) -> Option<usize>,
        name: &str,
    ) -> Result<Option<Vec<u8>>, Error> {
        let Ok(archive) = ZipArchive::new(Cursor::new(bytes)) else {
            return Ok(None);
        };
        if archive.has_duplicate_names() || archive.len() > opts.max_entries {
            return Ok(None);
        }
        let index = which(&Layout::of(&archive));
        let mut entries = EntryReader {
            archive,
            remaining: opts.max_total_size,
            opts,
        };
        entries.read_optional(index, name)
    }

    /// Reads a plan file from memory.
    ///
    /// Inputs that [`sniff()`](crate::sniff()) recognizes as something else fail with the
    /// matching [`Error`] (e.g. [`Error::StateFile`]); callers that also accept state files
    /// should call [`sniff()`](crate::sniff()) first. Unknown zip entries are ignored; `tfplan` is required.
    pub fn from_bytes(bytes: &[u8], opts: &Options) -> Result<Self, Error> {
        Self::read(bytes, opts, |_| (), false, eager).map(|(file, (), ())| file)
    }

    /// Like [`PlanFile::from_bytes`], and calls `alongside` on another thread with the
    /// entries other than `tfplan` while `tfplan`, the largest, is inflated and decoded: to
    /// parse the configuration and the states in the meantime. Returns its result with the
    /// file.
    ///
    /// `alongside` is called once the other entries are read, and (on this thread) even if
    /// the configuration snapshot is refused. Errors come as from `from_bytes`: the zip
    /// container's and the entries' sizes first (the small entries are read before `tfplan`),
    /// then `tfplan`'s, then the snapshot's.
    pub fn from_bytes_alongside<R: Send>(
        bytes: &[u8],
        opts: &Options,
        alongside: impl FnOnce(&Parts<'_>) -> R + Send,
    ) -> Result<(Self, R), Error> {
        Self::read(bytes, opts, alongside, true, eager).map(|(file, (), r)| (file, r))
    }

    /// Like [`PlanFile::from_bytes_alongside`], with the plan's `resource_changes` left empty and
    /// returned as [`LazyChange`]s ([`decode_tfplan_lazy`](crate::decode_tfplan_lazy)): each is decoded when it is used,
    /// so that a big plan is not held in memory in its decoded form.
    pub fn from_bytes_lazy<R: Send>(
        bytes: &[u8],
        opts: &Options,
        alongside: impl FnOnce(&Parts<'_>) -> R + Send,
    ) -> Result<(Self, Vec<LazyChange>, R), Error> {
        Self::read(bytes, opts, alongside, true, decode_tfplan_lazy_as)
    }

    fn read<R: Send, C: Send>(
        bytes: &[u8],
        opts: &Options,
        alongside: impl FnOnce(&Parts<'_>) -> R + Send,
        spawn: bool,
        decode: TfplanDecoder<C>,
    ) -> Result<(Self, C, R), Error> {
        if bytes.len() as u64 > opts.max_total_size {
            return Err(Error::InputTooLarge {
                limit: opts.max_total_size,
            });
        }
        match sniff(bytes, opts) {
            Kind::PlanZip => read_zip(bytes, opts, alongside, spawn, decode),
            Kind::State => Err(Error::StateFile),
            Kind::OpenTofuEncrypted => Err(Error::OpenTofuEncrypted),
            Kind::CloudBookmark { run_id, hostname } => {
                Err(Error::CloudBookmark { run_id, hostname })
            }
            Kind::LegacyPlan => Err(Error::LegacyPlan),
            Kind::PlanJson | Kind::StateJson => Err(Error::ShowJson),
            Kind::Unknown => Err(Error::NotAPlan),
        }
    }

    /// Reads a plan file from `reader`, which may yield at most
    /// [`Options::max_total_size`] bytes.
    pub fn from_reader(reader: impl Read, opts: &Options) -> Result<Self, Error> {
        let bytes = read_limited(reader, opts.max_total_size)
            .map_err(Error::Io)?
            .ok_or(Error::InputTooLarge {
                limit: opts.max_total_size,
            })?;
        Self::from_bytes(&bytes, opts)
    }
}

/// Decodes the `tfplan` bytes into the plan and what is left out of it.
type TfplanDecoder<C> = fn(Bytes, &Options, Program) -> Result<(Plan, C), Error>;

/// Decodes all of `tfplan`, written by `program`.
fn eager(bytes: Bytes, opts: &Options, program: Program) -> Result<(Plan, ()), Error> {
    decode_tfplan_as(bytes, opts, program).map(|plan| (plan, ()))
}

/// Reads all of `reader` unless it holds more than `limit` bytes (then `None`).
fn read_limited(reader: impl Read, limit: u64) -> std::io::Result<Option<Vec<u8>>> {
    let mut buf = Vec::new();
    reader.take(limit.saturating_add(1)).read_to_end(&mut buf)?;
    Ok((buf.len() as u64 <= limit).then_some(buf))
}

/// The indexes of the entries a plan file reader uses.
#[derive(Default)]
struct Layout {
    tfplan: Option<usize>,
    state: Option<usize>,
    prev_state: Option<usize>,
    lock: Option<usize>,
    manifest: Option<usize>,
    /// The `tfschemas` entry (OpenTofu 1.13+).
    tfschemas: Option<usize>,
    /// Module file entries, their contents still empty.
    module_files: Vec<(usize, ModuleFile)>,
}

impl Layout {
    /// Finds the known entries by name; names that are not UTF-8 are never known ones.
    fn of(archive: &ZipArchive<Cursor<&[u8]>>) -> Self {
        let mut layout = Layout::default();
        for (i, raw_name) in archive.file_names_raw().enumerate() {
            let Ok(name) = std::str::from_utf8(raw_name) else {
                continue;
            };
            let slot = match name {
                TFPLAN_ENTRY => &mut layout.tfplan,
                STATE_ENTRY => &mut layout.state,
                PREV_STATE_ENTRY => &mut layout.prev_state,
                LOCK_ENTRY => &mut layout.lock,
                MANIFEST_ENTRY => &mut layout.manifest,
                TFSCHEMAS_ENTRY => &mut layout.tfschemas,
                _ => {
                    if let Some((key, file)) = split_module_file(name) {
                        let file = ModuleFile {
                            entry: name.to_owned(),
                            key: key.to_owned(),
                            name: file.to_owned(),
                            contents: Vec::new(),
                        };
                        layout.module_files.push((i, file));
                    }
                    continue;
                }
            };
            *slot = Some(i);
        }
        layout
    }
}

/// The entries of a plan file other than `tfplan`, as
/// [`PlanFile::from_bytes_alongside`] hands them over.
#[derive(Clone, Copy, Debug)]
pub struct Parts<'a> {
    /// The `tfstate` entry.
    pub prior_state: Option<&'a [u8]>,
    /// The `tfstate-prev` entry.
    pub prev_run_state: Option<&'a [u8]>,
    /// The configuration snapshot.
    pub config: Option<&'a ConfigSnapshot>,
}

/// Reads the entries of a plan zip: the small ones first, then `tfplan` while `alongside`
/// works on the others (on another thread if `spawn`).
fn read_zip<R: Send, C: Send>(
    bytes: &[u8],
    opts: &Options,
    alongside: impl FnOnce(&Parts<'_>) -> R + Send,
    spawn: bool,
    decode: TfplanDecoder<C>,
) -> Result<(PlanFile, C, R), Error> {
    let archive = ZipArchive::new(Cursor::new(bytes)).map_err(Error::Zip)?;
    if archive.has_duplicate_names() {
        return Err(Error::DuplicateEntry);
    }
    if archive.len() > opts.max_entries {
        return Err(Error::TooManyEntries {
            count: archive.len(),
            limit: opts.max_entries,
        });
    }
    let layout = Layout::of(&archive);
    let tfplan_index = layout.tfplan.ok_or(Error::MissingTfplan)?;
    let mut entries = EntryReader {
        archive,
        remaining: opts.max_total_size,
        opts,
    };
    let prior_state = entries.read_optional(layout.state, STATE_ENTRY)?;
    let prev_run_state = entries.read_optional(layout.prev_state, PREV_STATE_ENTRY)?;
    let lock_file = entries.read_optional(layout.lock, LOCK_ENTRY)?;
    let manifest = entries.read_optional(layout.manifest, MANIFEST_ENTRY)?;
    let tfschemas = entries.read_optional(layout.tfschemas, TFSCHEMAS_ENTRY)?;
    let mut files = Vec::with_capacity(layout.module_files.len());
    for (i, mut file) in layout.module_files {
        file.contents = entries.read(i, &file.entry)?;
        files.push(file);
    }
    // Reported after `tfplan`'s errors.
    let config = match (manifest, files.first()) {
        (Some(manifest), _) => ConfigSnapshot::build(&manifest, files, opts).map(Some),
        (None, None) => Ok(None),
        (None, Some(file)) => Err(Error::Config {
            entry: file.entry.clone(),
            reason: format!("configuration file without {MANIFEST_ENTRY}"),
        }),
    };
    let parts = Parts {
        prior_state: prior_state.as_deref(),
        prev_run_state: prev_run_state.as_deref(),
        config: config.as_ref().ok().and_then(Option::as_ref),
    };
    let container = crate::writer::Container {
        has_tfschemas: layout.tfschemas.is_some(),
        state: prior_state.as_deref(),
        lock_file: lock_file.as_deref(),
    };
    let mut decode_tfplan = || -> Result<(Plan, C), Error> {
        let tfplan = entries.read(tfplan_index, TFPLAN_ENTRY)?;
        // Told before decoding: some fields mean different things by program.
        let program = crate::writer::program(&container, &tfplan);
        decode(tfplan.into(), opts, program)
    };
    let (plan, extra) = if spawn && config.is_ok() {
        std::thread::scope(|s| {
            let extra = s.spawn(|| alongside(&parts));
            let plan = decode_tfplan();
            let extra = extra
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            (plan, extra)
        })
    } else {
        let plan = decode_tfplan();
        (plan, alongside(&parts))
    };
    let (plan, left_out) = plan?;
    let config = config?;
    Ok((
        PlanFile {
            plan,
            prior_state,
            prev_run_state,
            config,
            lock_file,
            tfschemas,
        },
        left_out,
        extra,
    ))
}

/// Decompresses entries while enforcing the per-entry and total size limits.
struct EntryReader<'a> {
    archive: ZipArchive<Cursor<&'a [u8]>>,
    /// What is left of [`Options::max_total_size`].
    remaining: u64,
    opts: &'a Options,
}

impl EntryReader<'_> {
    /// Reads the entry at `index`, named `name`.
    fn read(&mut self, index: usize, name: &str) -> Result<Vec<u8>, Error> {
        let entry_error = |source: std::io::Error| Error::Entry {
            entry: name.to_owned(),
            source,
        };
        let limit = self.opts.max_entry_size.min(self.remaining);
        let file = self
            .archive
            .by_index(index)
            .map_err(|e| entry_error(e.into()))?;
        // Room for the declared size, so that a big entry is not copied as its buffer grows.
        // The size is untrusted: it is capped by the limit and by what the compressed bytes
        // can expand to, and only reserved (pages are used as they are written).
        let declared = (file.size())
            .min(limit)
            .min(file.compressed_size().saturating_mul(MAX_DEFLATE_RATIO));
        let mut buf = Vec::new();
        let _ = buf.try_reserve_exact(usize::try_from(declared).unwrap_or(0));
        file.take(limit.saturating_add(1))
            .read_to_end(&mut buf)
            .map_err(entry_error)?;
        let len = buf.len() as u64;
        if len > limit {
            return Err(if limit == self.opts.max_entry_size {
                Error::EntryTooLarge {
                    entry: name.to_owned(),
                    limit,
                }
            } else {
                Error::TotalTooLarge {
                    entry: name.to_owned(),
                    limit: self.opts.max_total_size,
                }
            });
        }
        self.remaining = self.remaining.saturating_sub(len);
        Ok(buf)
    }

    /// Reads the entry at `index` if there is one.
    fn read_optional(
        &mut self,
        index: Option<usize>,
        name: &str,
    ) -> Result<Option<Vec<u8>>, Error> {
        index.map(|i| self.read(i, name)).transpose()
    }
}
