//! `show -json` of a file: detects a plan or a state (decrypting an OpenTofu-encrypted one)
//! and writes its document.

use std::borrow::Cow;
use std::io::Write;

use tfshow_config::model::ConfigNode;
use tfshow_config::{load_tree_with, SnapshotFiles};
use tfshow_gojson::Writer;
use tfshow_planfile::{sniff, ConfigSnapshot, Kind};
use tfshow_schema::Schemas;
use tfshow_state::State;

use crate::state::write_document as write_state;
use crate::Error;

/// The encryption configuration for OpenTofu-encrypted files (`TF_ENCRYPTION`).
pub use tfshow_encryption::Config as EncryptionConfig;
/// Limits for reading untrusted input: every decoder of a plan or state takes them.
pub use tfshow_limits::Limits;

/// How to read a plan or state file: the limits on what it may cost, and the encryption
/// configuration that decrypts an OpenTofu-encrypted one.
#[derive(Clone, Copy, Debug)]
pub struct ReadOptions<'a> {
    /// Limits for reading untrusted input.
    pub limits: &'a Limits,
    /// The configuration OpenTofu was given (`TF_ENCRYPTION`), if any. Without it an
    /// encrypted file is refused with an error that names encryption and how to give the key.
    pub encryption: Option<&'a EncryptionConfig>,
}

impl<'a> ReadOptions<'a> {
    /// Options with `limits` and no encryption configuration.
    pub fn new(limits: &'a Limits) -> Self {
        ReadOptions {
            limits,
            encryption: None,
        }
    }
}

/// The plan or state file in `bytes`, decrypted if OpenTofu encrypted it (else `bytes`
/// itself), as [`ReadOptions::encryption`] allows.
pub fn decrypt<'b>(bytes: &'b [u8], opts: &ReadOptions<'_>) -> Result<Cow<'b, [u8]>, ShowError> {
    if bytes.len() as u64 > opts.limits.max_total_size {
        return Err(too_large(opts.limits).into());
    }
    let (plain, _) = tfshow_encryption::decrypt_file(bytes, opts.encryption, opts.limits)?;
    Ok(plain)
}

fn too_large(limits: &Limits) -> tfshow_limits::LimitExceeded {
    limits.exceeded(
        tfshow_limits::Limit::TotalSize,
        format!("the file is larger than {} bytes", limits.max_total_size),
    )
}

/// Why a file could not be shown.
#[derive(Debug, thiserror::Error)]
pub enum ShowError {
    /// The input is empty.
    #[error("the file is empty: not a plan or state file")]
    Empty,
    /// The plan file could not be read.
    #[error(transparent)]
    Plan(#[from] tfshow_planfile::Error),
    /// A state file (or a state inside a plan) could not be read.
    #[error("{0}")]
    State(String),
    /// The configuration snapshot could not be read.
    #[error(transparent)]
    Config(tfshow_config::ConfigError),
    /// The input goes over a limit before it could be told apart.
    #[error(transparent)]
    Limit(#[from] tfshow_limits::LimitExceeded),
    /// The input is encrypted by OpenTofu and could not be decrypted.
    #[error(transparent)]
    Decrypt(#[from] tfshow_encryption::DecryptError),
    /// The document could not be built.
    #[error(transparent)]
    Document(#[from] Error),
}

/// What kind of file was shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    /// A plan file.
    Plan,
    /// A state file.
    State,
}

/// Refuses input that is empty or goes over the limits before it could be told apart.
pub fn precheck(bytes: &[u8], limits: &Limits) -> Result<(), ShowError> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(ShowError::Empty);
    }
    if bytes.len() as u64 > limits.max_total_size {
        return Err(too_large(limits).into());
    }
    if bytes.trim_ascii_start().starts_with(b"{") {
        // Refuse JSON over the limits here, so that the error names the limit.
        tfshow_limits::json::check(bytes, limits)?;
    }
    Ok(())
}

/// Whether `bytes` look like a state file (or the `show -json` document of one) rather than a
/// plan.
pub fn is_state(bytes: &[u8], limits: &Limits) -> bool {
    matches!(sniff(bytes, limits), Kind::State | Kind::StateJson)
}

/// Writes the `show -json` document of `bytes` (a plan or a state file) to `out`, followed by
/// a newline, as the Terraform version that wrote the file prints it. An OpenTofu-encrypted
/// file is refused (see [`show_json_with`]).
pub fn show_json(
    bytes: &[u8],
    schemas: Option<&Schemas>,
    limits: &Limits,
    out: &mut dyn Write,
) -> Result<Shown, ShowError> {
    show_json_with(bytes, schemas, &ReadOptions::new(limits), out)
}

/// [`show_json`], decrypting an OpenTofu-encrypted file with [`ReadOptions::encryption`]:
/// the document is the one of the decrypted file, as `tofu show -json` prints it.
pub fn show_json_with(
    bytes: &[u8],
    schemas: Option<&Schemas>,
    opts: &ReadOptions<'_>,
    out: &mut dyn Write,
) -> Result<Shown, ShowError> {
    let limits = opts.limits;
    precheck(bytes, limits)?;
    let plain = decrypt(bytes, opts)?;
    let bytes: &[u8] = &plain;
    match sniff(bytes, limits) {
        // A `show -json` document is its own document.
        Kind::PlanJson => {
            crate::document::PlanDocument::load(bytes, schemas, limits)?.write_json(out)?;
            return Ok(Shown::Plan);
        }
        Kind::StateJson => {
            out.write_all(bytes).map_err(Error::Io)?;
            if !bytes.ends_with(b"\n") {
                out.write_all(b"\n").map_err(Error::Io)?;
            }
            return Ok(Shown::State);
        }
        _ => {}
    }
    if is_state(bytes, limits) {
        let state =
            State::from_json_with(bytes, limits).map_err(|e| ShowError::State(e.to_string()))?;
        let version = state.release();
        let mut w = Writer::streaming(tfshow_gojson::Dialect::of(&version), out);
        write_state(&mut w, &state, schemas, &version)?;
        w.raw(b"\n");
        w.finish().map_err(Error::Io)?;
        return Ok(Shown::State);
    }
    let tfschemas = tfshow_planfile::PlanFile::tfschemas_entry(bytes, limits)?;
    let embedded = with_embedded_schemas(schemas, tfschemas.as_deref(), limits)?;
    crate::document::PlanDocument::load(bytes, embedded.as_ref().or(schemas), limits)?
        .write_json(out)?;
    Ok(Shown::Plan)
}

/// `schemas` completed with the plan's own `tfschemas` entry (OpenTofu 1.13+) when `bytes` are
/// a plan that has one (see [`show_json_with`]), for the views to read the plan with the same
/// schemas as its document; `schemas` as they are otherwise.
pub fn with_plan_schemas(
    bytes: &[u8],
    schemas: Option<Schemas>,
    limits: &Limits,
) -> Result<Option<Schemas>, ShowError> {
    if is_state(bytes, limits) {
        return Ok(schemas);
    }
    let tfschemas = tfshow_planfile::PlanFile::tfschemas_entry(bytes, limits)?;
    Ok(with_embedded_schemas(schemas.as_ref(), tfschemas.as_deref(), limits)?.or(schemas))
}

/// `schemas` completed with the plan's own `tfschemas` entry (OpenTofu 1.13+), when it has
/// one: its providers are added where `schemas` has none of theirs (given schemas win, as
/// they come from the user). `None` when there is nothing to add.
fn with_embedded_schemas(
    schemas: Option<&Schemas>,
    tfschemas: Option<&[u8]>,
    limits: &Limits,
) -> Result<Option<Schemas>, ShowError> {
    let Some(entry) = tfschemas else {
        return Ok(None);
    };
    let json = tfshow_planfile::decode_tfschemas(entry, limits)?;
    let mut embedded = Schemas::from_json_with(&json, limits).map_err(|e| {
        ShowError::Plan(tfshow_planfile::Error::Schemas {
            at: "Schemas".into(),
            reason: e.to_string(),
        })
    })?;
    if let Some(given) = schemas {
        for (addr, p) in &given.providers {
            embedded.providers.insert(addr.clone(), p.clone());
        }
        embedded.format_version.clone_from(&given.format_version);
    }
    Ok(Some(embedded))
}

/// Drops `value` on another thread: freeing a big plan's many small allocations takes
/// milliseconds that the caller need not wait for. (A program that exits right after does not
/// wait for it either.)
pub(crate) fn drop_later<T: Send + 'static>(value: T) {
    // If no thread can be started, the closure and `value` are dropped here.
    let _ = std::thread::Builder::new()
        .name("tfshow-drop".into())
        .spawn(move || drop(value));
}

/// The module tree of the plan's configuration snapshot, if it has one, with the module
/// sources OpenTofu evaluated early filled in from the snapshot's manifest.
pub fn config_tree(
    snapshot: Option<&ConfigSnapshot>,
    limits: &Limits,
) -> Result<Option<ConfigNode>, ShowError> {
    let Some(snapshot) = snapshot else {
        return Ok(None);
    };
    let files: SnapshotFiles<'_> = snapshot
        .modules
        .iter()
        .map(|(key, m)| {
            (
                key.as_str(),
                m.files
                    .iter()
                    .map(|(n, b)| (n.as_str(), b.as_slice()))
                    .collect(),
            )
        })
        .collect();
    let mut tree = load_tree_with(&files, limits).map_err(ShowError::Config)?;
    fill_evaluated_sources(&mut tree, snapshot);
    Ok(Some(tree))
}

/// Gives each module call whose `source` is an expression (OpenTofu 1.8+ evaluates those
/// early) the source the snapshot's manifest recorded for its module.
fn fill_evaluated_sources(node: &mut ConfigNode, snapshot: &ConfigSnapshot) {
    let mut pending = vec![node];
    while let Some(node) = pending.pop() {
        for call in node
            .module
            .module_calls
            .iter_mut()
            .filter(|c| c.source.is_empty())
        {
            let key = node
                .path
                .iter()
                .chain(std::iter::once(&call.name))
                .map(String::as_str)
                .collect::<Vec<_>>()
                .join(".");
            if let Some(m) = snapshot.modules.get(&key) {
                call.source.clone_from(&m.source);
            }
        }
        pending.extend(node.children.values_mut());
    }
}
