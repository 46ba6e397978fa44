//! `tfshow schemas`: importing a schemas file into the cache, and picking entries to show or
//! export.

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde::Deserialize;
use tfshow_limits::Limits;

use crate::addr::{cmp_versions, safe_version, ProviderAddr};
use crate::cache::{Cache, Entry, Header, Origin};
use crate::lockfile::LockFile;

/// What an import did.
#[derive(Debug, Default)]
pub struct Imported {
    /// Entries written: address, version, file.
    pub stored: Vec<(String, String, PathBuf)>,
    /// Providers left out, with why.
    pub skipped: Vec<(String, String)>,
}

/// Imports a `providers schema -json` document: each provider becomes an entry keyed by its
/// address and the version `version_of` gives for it (from `--provider-version` or a lock
/// file); a provider without a version is left out, since an entry must never serve another
/// version than the one it describes.
pub fn import(
    cache: &Cache,
    doc: &[u8],
    from: &str,
    version_of: &dyn Fn(&ProviderAddr) -> Option<String>,
    limits: &Limits,
) -> Result<Imported, String> {
    #[derive(Deserialize)]
    struct Raw<'a> {
        #[serde(borrow, default)]
        provider_schemas: Option<BTreeMap<String, &'a serde_json::value::RawValue>>,
    }
    let schemas = tfshow_schema::Schemas::from_json_with(doc, limits).map_err(|e| e.to_string())?;
    let raw: Raw<'_> = serde_json::from_slice(doc).map_err(|e| e.to_string())?;
    let mut out = Imported::default();
    for (address, json) in raw.provider_schemas.unwrap_or_default() {
        let Some(addr) = ProviderAddr::parse(&address).filter(|a| a.to_string() == address) else {
            out.skipped
                .push((address, "not a full provider source address".into()));
            continue;
        };
        let Some(version) = version_of(&addr) else {
            out.skipped.push((
                address,
                "no version for it (give --lock-file or --provider-version ADDR=VERSION)".into(),
            ));
            continue;
        };
        let Some(model) = schemas.providers.get(&address) else {
            continue;
        };
        let mut compact = Vec::new();
        tfshow_gojson::compact_into(&mut compact, json.get().as_bytes())
            .map_err(|e| format!("{address}: {e}"))?;
        let header = Header {
            address: address.clone(),
            version: version.clone(),
            hashes: Vec::new(),
            origin: Origin::Import,
            protocol_version: 0,
            from: from.to_owned(),
        };
        let path = cache.store(&header, &compact, model)?;
        out.stored.push((address, version, path));
    }
    Ok(out)
}

/// The versions a lock file (or a plan file holding one) gives.
pub fn lock_versions(bytes: &[u8], limits: &Limits) -> Result<LockFile, String> {
    if tfshow_planfile::sniff(bytes, limits) == tfshow_planfile::Kind::PlanZip {
        let inv = crate::inventory(bytes, limits);
        let lock = inv
            .lock_file
            .ok_or("the plan file holds no .terraform.lock.hcl (Terraform before 1.1)")?;
        return LockFile::parse(&lock);
    }
    LockFile::parse(bytes)
}

/// Parses `ADDR=VERSION`.
pub fn parse_provider_version(s: &str) -> Result<(ProviderAddr, String), String> {
    let (a, v) = s
        .split_once('=')
        .ok_or_else(|| format!("{s:?}: expected ADDR=VERSION"))?;
    let addr = ProviderAddr::parse(a).ok_or_else(|| format!("{a:?} is not a provider address"))?;
    if !safe_version(v) {
        return Err(format!("{v:?} is not a version"));
    }
    Ok((addr, v.to_owned()))
}

/// The entry to show for `spec` (`ADDR` or `ADDR@VERSION`): the given version, else the
/// newest; of several entries for one version, one a plugin made first.
pub fn select<'a>(entries: &'a [Entry], spec: &str) -> Result<&'a Entry, String> {
    let (a, version) = match spec.split_once('@') {
        Some((a, v)) => (a, Some(v)),
        None => (spec, None),
    };
    let addr = ProviderAddr::parse(a)
        .ok_or_else(|| format!("{a:?} is not a provider address"))?
        .to_string();
    entries
        .iter()
        .filter(|e| e.header.address == addr && version.is_none_or(|v| e.header.version == v))
        .max_by(|x, y| {
            cmp_versions(&x.header.version, &y.header.version).then_with(|| {
                (x.header.origin == Origin::Plugin).cmp(&(y.header.origin == Origin::Plugin))
            })
        })
        .ok_or_else(|| match version {
            Some(v) => format!("no cached schema for {addr} {v}"),
            None => format!("no cached schema for {addr}"),
        })
}
