//! Provider schemas for a command: `--schemas FILE`, then the schema cache, then plugins the
//! lock file vouches for (`tfshow_schemas_source`); and `tfshow schemas`, the cache's
//! subcommand.

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

/// The schemas for the plan or state `bytes` read from `path`: each provider's from the
/// first source that has it. Says on standard error which providers have none (and with
/// `--verbose` where each one's came from).
pub(crate) fn for_input(
    path: &Path,
    bytes: &[u8],
    args: &SchemaArgs,
) -> Result<Option<Schemas>, CliError> {
    let file = super::read_schemas(args.schemas.as_deref())?;
    let mut opts = Options::new(env());
    opts.no_plugins = args.no_plugins;
    opts.limits = limits().clone();
    let file_arg = args.schemas.as_deref().zip(file.as_ref());
    let r = tfshow_schemas_source::resolve(bytes, file_arg, &opts);
    for w in &r.warnings {
        warn(w);
    }
    for f in &r.found {
        let who = match &f.version {
            Some(v) => format!("{} {v}", f.address),
            None => f.address.clone(),
        };
        let line = match &f.source {
            Source::None(why) => {
                warn(&format!(
                    "{}: no schema for provider {who}: {why}; its resources are decoded without it (see KNOWN-DIVERGENCES.md)",
                    display(path)
                ));
                continue;
            }
            _ if !args.verbose => continue,
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
    Ok(r.schemas)
}

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
