//! Provider schemas for a command: `--schemas FILE`, then the schema cache, then plugins the
//! lock file vouches for (`tfshow_schemas_source`); and `tfshow schemas`, the cache's
//! subcommand.

use std::collections::BTreeSet;
use std::io::Read;
use std::path::Path;

use tfshow_schema::Schemas;
use tfshow_schemas_source::{cache, manage, Cache, Env, Options, Source};

use super::{display, limits, read_input, CliError};
use crate::args::{SchemaArgs, SchemasCommand};

fn warn(text: &str) {
    eprintln!(
        "tfshow: warning: {}",
        tfshow_escape::terminal::text(text.trim_end())
    );
}

fn env() -> Env {
    Env::from_process(std::env::current_dir().unwrap_or_else(|_| ".".into()))
}

/// What [`for_input`] found out, to be said once the input has been read: a failed read
/// ends with its one error line alone.
pub(crate) struct Report {
    resolution: tfshow_schemas_source::Resolution,
    verbose: bool,
}

/// The schemas for the plan or state `bytes`: each provider's from the first source that
/// has it (`--schemas`, the cache, a plugin the lock file vouches for).
pub(crate) fn for_input(
    bytes: &[u8],
    args: &SchemaArgs,
) -> Result<(Option<Schemas>, Report), CliError> {
    let file = super::read_schemas(args.schemas.as_deref())?;
    let mut opts = Options::new(env());
    opts.no_plugins = args.no_plugins;
    opts.limits = limits().clone();
    let file_arg = args.schemas.as_deref().zip(file.as_ref());
    let mut resolution = tfshow_schemas_source::resolve(bytes, file_arg, &opts);
    // An OpenTofu plan's own schemas (`tfschemas`) cover the providers found nowhere else, as
    // they do for its JSON document.
    let schemas = tfshow_json::show::with_plan_schemas(bytes, resolution.schemas.take(), limits())
        .map_err(|source| CliError::Show {
            path: "the plan's tfschemas entry".into(),
            source,
        })?;
    Ok((
        schemas,
        Report {
            resolution,
            verbose: args.verbose,
        },
    ))
}

impl Report {
    /// Says on standard error what went wrong on the way (plugins not run, cache entries
    /// ignored), which providers have no schema and why, and with `--verbose` where each
    /// one's came from. `masked` (for the human views) are the providers whose values the
    /// view masks for want of a schema: their line says so.
    pub(crate) fn print(&self, path: &Path, masked: Option<&BTreeSet<String>>) {
        let r = &self.resolution;
        for w in &r.warnings {
            warn(w);
        }
        let mut said = BTreeSet::new();
        for f in &r.found {
            let who = match &f.version {
                Some(v) => format!("{} {v}", f.address),
                None => f.address.clone(),
            };
            let line = match &f.source {
                Source::None(why) => {
                    if masked.is_some_and(|m| m.contains(&f.address)) {
                        said.insert(f.address.clone());
                        warn(&format!(
                            "{}: no schema for provider {who} ({why}): {MASKED}",
                            display(path)
                        ));
                    } else {
                        warn(&format!(
                            "{}: no schema for provider {who}: {why}; its resources are decoded without it (see KNOWN-DIVERGENCES.md)",
                            display(path)
                        ));
                    }
                    continue;
                }
                _ if !self.verbose => continue,
                Source::File(p) => format!("schema of {who}: from --schemas {}", p.display()),
                Source::Cache(p) => format!("schema of {who}: from the cache ({})", p.display()),
                Source::Plugin {
                    executable,
                    hash,
                    cached,
                } => format!(
                    "schema of {who}: from its plugin {} (package hash {hash} listed in the lock file){}",
                    executable.display(),
                    match cached {
                        Some(c) => format!("; cached in {}", c.display()),
                        None => String::new(),
                    }
                ),
            };
            eprintln!("tfshow: {}", tfshow_escape::terminal::text(&line));
        }
        let rest: Vec<&str> = masked
            .into_iter()
            .flatten()
            .filter(|p| !said.contains(*p))
            .map(String::as_str)
            .collect();
        if !rest.is_empty() {
            warn(&format!(
                "{}: no schema for provider {}: {MASKED}",
                display(path),
                rest.join(", ")
            ));
        }
        if self.verbose && r.missing().next().is_some() && !r.places.is_empty() {
            let places: Vec<String> = r
                .places
                .iter()
                .map(|p| format!("{} ({})", p.dir.display(), p.what))
                .collect();
            eprintln!(
                "tfshow: provider packages were looked for in: {}",
                tfshow_escape::terminal::text(&places.join(", "))
            );
        }
    }
}

/// Names, one warning each, the resource types (`(provider, type)`) that a plan's views decode
/// and mask without a schema because their provider's schema lacks them.
pub(crate) fn warn_missing_types(path: &Path, types: &BTreeSet<(String, String)>) {
    for (provider, type_) in types {
        warn(&format!(
            "{}: the schema of provider {provider} has no resource type {type_} (a schema of another release of the provider?): its resources are decoded without a schema and their values masked",
            display(path)
        ));
    }
}

/// What a human view does without a provider's schema.
const MASKED: &str = "the values of its resources are masked, since which of them the provider marks sensitive cannot be known; give --schemas FILE (terraform providers schema -json), or run where `terraform init` left its plugin";

fn cache() -> Result<Cache, CliError> {
    env()
        .cache_dir()
        .map(Cache::new)
        .ok_or_else(|| CliError::Usage("no cache directory: set XDG_CACHE_HOME or HOME".into()))
}

fn failed(message: String) -> CliError {
    CliError::Render {
        path: "schemas".into(),
        message,
    }
}

/// Runs `tfshow schemas …`.
pub(crate) fn run(cmd: &SchemasCommand) -> Result<(), CliError> {
    let cache = cache()?;
    let mut problems = Vec::new();
    let out = match cmd {
        SchemasCommand::List => {
            let mut out = String::new();
            for e in cache.entries(&mut problems) {
                let h = &e.header;
                let origin = match h.origin {
                    cache::Origin::Plugin => "plugin",
                    cache::Origin::Import => "imported",
                };
                let hashes = if h.hashes.is_empty() {
                    "-".to_owned()
                } else {
                    h.hashes.join(",")
                };
                out.push_str(&format!(
                    "{} {} {origin} {hashes} {}\n",
                    h.address,
                    h.version,
                    e.path.display()
                ));
            }
            out.into_bytes()
        }
        SchemasCommand::Show { provider } => {
            let entries = cache.entries(&mut problems);
            let e = manage::select(&entries, provider).map_err(failed)?;
            let json = e.provider_json().map_err(failed)?;
            let mut doc = cache::document([(e.header.address.as_str(), json.as_slice())]);
            doc.push(b'\n');
            doc
        }
        SchemasCommand::Export { providers } => {
            let entries = cache.entries(&mut problems);
            let mut chosen = Vec::new();
            let mut addrs: Vec<String> = if providers.is_empty() {
                entries.iter().map(|e| e.header.address.clone()).collect()
            } else {
                providers.clone()
            };
            addrs.dedup();
            for a in &addrs {
                let e = manage::select(&entries, a).map_err(failed)?;
                chosen.push((e.header.address.clone(), e.provider_json().map_err(failed)?));
            }
            let mut doc = cache::document(chosen.iter().map(|(a, j)| (a.as_str(), j.as_slice())));
            doc.push(b'\n');
            doc
        }
        SchemasCommand::Import {
            file,
            lock_file,
            provider_version,
            encryption,
        } => {
            let doc = read_input(file)?;
            let mut given = Vec::new();
            for spec in provider_version {
                given.push(manage::parse_provider_version(spec).map_err(CliError::Usage)?);
            }
            let lock_path = lock_file.clone().or_else(|| {
                let p = Path::new(".terraform.lock.hcl");
                p.exists().then(|| p.to_path_buf())
            });
            let lock = match &lock_path {
                Some(p) => {
                    let mut bytes = Vec::new();
                    std::fs::File::open(p)
                        .and_then(|f| f.take(limits().max_total_size).read_to_end(&mut bytes))
                        .map_err(|source| CliError::Read {
                            path: display(p),
                            source,
                        })?;
                    // A plan file holding the lock file may be encrypted.
                    let bytes = super::encryption::Decryptor::new(encryption)?.decrypt(p, bytes)?;
                    Some(
                        manage::lock_versions(&bytes, limits())
                            .map_err(|e| failed(format!("{}: {e}", display(p))))?,
                    )
                }
                None => None,
            };
            let version_of = |a: &tfshow_schemas_source::addr::ProviderAddr| {
                given
                    .iter()
                    .find(|(g, _)| g == a)
                    .map(|(_, v)| v.clone())
                    .or_else(|| Some(lock.as_ref()?.get(a)?.version.clone()))
            };
            let done = manage::import(&cache, &doc, &display(file), &version_of, limits())
                .map_err(|e| failed(format!("{}: {e}", display(file))))?;
            for (addr, why) in &done.skipped {
                warn(&format!("{addr}: not imported: {why}"));
            }
            let mut out = String::new();
            for (addr, version, path) in &done.stored {
                out.push_str(&format!("imported {addr} {version} ({})\n", path.display()));
            }
            if done.stored.is_empty() {
                return Err(failed(format!("{}: nothing imported", display(file))));
            }
            out.into_bytes()
        }
        SchemasCommand::Clear => {
            let n = cache.clear().map_err(failed)?;
            format!(
                "removed {n} cached schemas from {}\n",
                cache.root().display()
            )
            .into_bytes()
        }
    };
    for p in &problems {
        warn(&format!("schema cache entry {p}; ignored"));
    }
    super::output::write_all(&out)
}
