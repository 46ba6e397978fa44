//! Getting each provider's schema from the first source that has it: the schemas file, the
//! cache, a plugin the lock file vouches for, else none.

use std::path::{Path, PathBuf};

use tfshow_limits::Limits;
use tfshow_schema::{ProviderSchema, Schemas};

use crate::addr::ProviderAddr;
use crate::cache::{Cache, Header, Origin};
use crate::cliconfig::CliConfig;
use crate::env::Env;
use crate::inventory::inventory;
use crate::launch::{launch, LaunchError};
use crate::lockfile::{LockFile, Locked, MAX_LOCK_FILE};
use crate::search::{find, places, Layout, Package, Place};

/// How to look for schemas.
#[derive(Debug, Clone)]
pub struct Options {
    /// The environment (working directory, variables).
    pub env: Env,
    /// Never launch a plugin.
    pub no_plugins: bool,
    /// How plugins are launched.
    pub plugin: tfshow_plugin::Options,
    /// Limits for reading the input.
    pub limits: Limits,
}

impl Options {
    /// Options for `env`, plugins allowed.
    pub fn new(env: Env) -> Options {
        let plugin = tfshow_plugin::Options {
            working_dir: Some(env.cwd.clone()),
            ..Default::default()
        };
        Options {
            env,
            no_plugins: false,
            plugin,
            limits: Limits::default(),
        }
    }
}

/// Where one provider's schema came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// The schemas file (`--schemas`).
    File(PathBuf),
    /// The cache entry at this path.
    Cache(PathBuf),
    /// This plugin was launched; the schema was cached at the path, when it could be.
    Plugin {
        /// The executable.
        executable: PathBuf,
        /// The lock-file hash its package matched.
        hash: String,
        /// The cache entry written.
        cached: Option<PathBuf>,
    },
    /// No source had it; why.
    None(String),
}

/// One provider the input uses and where its schema came from.
#[derive(Debug, Clone)]
pub struct Found {
    /// The provider's source address.
    pub address: String,
    /// Its version, when known.
    pub version: Option<String>,
    /// Where the schema came from.
    pub source: Source,
}

/// The schemas for an input and how they were found.
#[derive(Debug, Default)]
pub struct Resolution {
    /// The schemas: every provider that has one (`None` when none has).
    pub schemas: Option<Schemas>,
    /// Each provider the input uses, in address order.
    pub found: Vec<Found>,
    /// What went wrong on the way and must be said: plugins not run for want of a
    /// matching hash, cache entries ignored, plugins that failed.
    pub warnings: Vec<String>,
    /// The places packages were looked for in (empty when none was looked for).
    pub places: Vec<Place>,
}

impl Resolution {
    /// The providers without a schema.
    pub fn missing(&self) -> impl Iterator<Item = &Found> {
        self.found
            .iter()
            .filter(|f| matches!(f.source, Source::None(_)))
    }
}

/// The lock file of the working directory.
fn workdir_lock(env: &Env, warnings: &mut Vec<String>) -> Option<(LockFile, PathBuf)> {
    use std::io::Read;
    let path = env.cwd.join(".terraform.lock.hcl");
    let f = std::fs::File::open(&path).ok()?;
    let mut buf = Vec::new();
    if let Err(e) = f.take(MAX_LOCK_FILE as u64 + 1).read_to_end(&mut buf) {
        warnings.push(format!("{}: {e}", path.display()));
        return None;
    }
    match LockFile::parse(&buf) {
        Ok(l) => Some((l, path)),
        Err(e) => {
            warnings.push(format!("{}: {e}; not used", path.display()));
            None
        }
    }
}

/// Finds the schemas of the providers `input` (a plan or state file) uses: from `file` (the
/// `--schemas` document, with its path), else the cache, else a plugin whose package hash the
/// lock file lists (cached once it answered), else none.
pub fn resolve(input: &[u8], file: Option<(&Path, &Schemas)>, opts: &Options) -> Resolution {
    let inv = inventory(input, &opts.limits);
    let mut out = Resolution::default();
    let mut schemas = file.map(|(_, s)| s.clone()).unwrap_or_else(|| Schemas {
        format_version: "1.0".into(),
        ..Schemas::default()
    });
    let plan_lock = inv
        .lock_file
        .as_deref()
        .and_then(|l| match LockFile::parse(l) {
            Ok(l) => Some(l),
            Err(e) => {
                out.warnings
                    .push(format!("the plan's .terraform.lock.hcl: {e}; not used"));
                None
            }
        });
    let mut wd_lock: Option<Option<(LockFile, PathBuf)>> = None;
    let mut searched: Option<Vec<Place>> = None;
    let cache = opts.env.cache_dir().map(Cache::new);
    let cache = match cache.as_ref().map(|c| (c, c.check_owner())) {
        Some((c, Ok(()))) => Some(c),
        Some((_, Err(e))) => {
            out.warnings
                .push(format!("the schema cache is not used: {e}"));
            None
        }
        None => None,
    };
    for address in &inv.providers {
        if let Some((path, _)) = file.filter(|(_, s)| s.providers.contains_key(address)) {
            out.found.push(Found {
                address: address.clone(),
                version: None,
                source: Source::File(path.to_path_buf()),
            });
            continue;
        }
        let Some(addr) = ProviderAddr::parse(address).filter(|a| a.to_string() == *address) else {
            out.found.push(Found {
                address: address.clone(),
                version: None,
                source: Source::None("its address cannot name a directory".into()),
            });
            continue;
        };
        // The version and the hashes that vouch for a package: the plan's lock file, else
        // the working directory's.
        let locked: Option<(Locked, String)> = match plan_lock.as_ref().and_then(|l| l.get(&addr)) {
            Some(l) => Some((l.clone(), "the plan's lock file".into())),
            None => wd_lock
                .get_or_insert_with(|| workdir_lock(&opts.env, &mut out.warnings))
                .as_ref()
                .and_then(|(l, p)| Some((l.get(&addr)?.clone(), p.display().to_string()))),
        };
        let places = searched.get_or_insert_with(|| {
            let cli = CliConfig::load(&opts.env);
            out.warnings.extend(
                cli.problems
                    .iter()
                    .map(|p| format!("CLI configuration {p}; not used")),
            );
            places(&opts.env, &cli)
        });
        let found = one_provider(
            &addr,
            locked.as_ref(),
            places,
            cache,
            opts,
            &mut out.warnings,
        );
        if let Some((schema, _)) = &found.1 {
            schemas.providers.insert(address.clone(), schema.clone());
        }
        out.found.push(Found {
            address: address.clone(),
            version: found.0,
            source: match found.1 {
                Some((_, s)) => s,
                None => Source::None(found.2),
            },
        });
    }
    if file.is_some() || !schemas.providers.is_empty() {
        out.schemas = Some(schemas);
    }
    out.places = searched.unwrap_or_default();
    out
}

type OneProvider = (Option<String>, Option<(ProviderSchema, Source)>, String);

fn one_provider(
    addr: &ProviderAddr,
    locked: Option<&(Locked, String)>,
    places: &[Place],
    cache: Option<&Cache>,
    opts: &Options,
    warnings: &mut Vec<String>,
) -> OneProvider {
    let (version, packages) = match locked {
        Some((l, _)) => (
            Some(l.version.clone()),
            find(places, addr, Some(&l.version)),
        ),
        None => {
            let all = find(places, addr, None);
            let mut versions: Vec<&str> = all.iter().map(|p| p.version.as_str()).collect();
            versions.sort_unstable();
            versions.dedup();
            match versions.as_slice() {
                [] => {
                    return (
                        None,
                        None,
                        "no lock file lists it and no package of it was found".into(),
                    )
                }
                [v] => (Some((*v).to_owned()), all.clone()),
                many => {
                    return (
                        None,
                        None,
                        format!(
                        "no lock file lists it, and packages of several versions were found ({})",
                        many.join(", ")
                    ),
                    )
                }
            }
        }
    };
    let Some(version) = version else {
        return (None, None, "its version is not known".into());
    };
    // The hashes a cached schema may have come from: the lock file's, else those of the
    // packages found (which cannot be run without a lock file, but whose schema may have
    // been cached by an earlier run that had one).
    let accepted: Vec<String> = match locked {
        Some((l, _)) => l.hashes.clone(),
        None => packages.iter().flat_map(package_hashes).collect(),
    };
    if let Some(cache) = cache {
        let mut problems = Vec::new();
        let entry = cache.lookup(addr, &version, &accepted, &mut problems);
        warnings.extend(
            problems
                .into_iter()
                .map(|p| format!("schema cache entry {p}; ignored")),
        );
        if let Some((e, schema)) = entry {
            return (
                Some(version),
                Some((schema, Source::Cache(e.path))),
                String::new(),
            );
        }
    }
    if opts.no_plugins {
        return (
            Some(version),
            None,
            "it is not in the schema cache, and --no-plugins".into(),
        );
    }
    let Some((locked, lock_name)) = locked else {
        for p in &packages {
            warnings.push(format!(
                "{addr} {version}: not running {}: no lock file lists the provider, so no hash vouches for it",
                p.path.display()
            ));
        }
        return (
            Some(version),
            None,
            "no lock file lists it, so no plugin may run".into(),
        );
    };
    if packages.is_empty() {
        let why = format!(
            "it is not in the schema cache, and no package of version {version} was found (--verbose lists where tfshow looked)"
        );
        return (Some(version), None, why);
    }
    let mut why = String::new();
    for p in &packages {
        match launch(p, &addr.type_, &locked.hashes, &opts.plugin) {
            Ok(l) => {
                let doc = l.schema.document(&addr.to_string());
                let model = match Schemas::from_json_with(&doc, &opts.limits)
                    .map_err(|e| e.to_string())
                    .and_then(|mut s| {
                        s.providers
                            .remove(&addr.to_string())
                            .ok_or_else(|| "the plugin gave no schema".to_owned())
                    }) {
                    Ok(m) => m,
                    Err(e) => {
                        warnings.push(format!("{addr} {version}: {}: {e}", l.executable.display()));
                        continue;
                    }
                };
                let mut hashes = l.hashes.clone();
                if p.layout == Layout::Packed {
                    hashes = package_hashes(p);
                }
                let cached = cache.and_then(|c| {
                    let header = Header {
                        address: addr.to_string(),
                        version: version.clone(),
                        hashes,
                        origin: Origin::Plugin,
                        protocol_version: l.schema.protocol_version(),
                        from: l.executable.display().to_string(),
                    };
                    match c.store(&header, l.schema.json(), &model) {
                        Ok(path) => Some(path),
                        Err(e) => {
                            warnings.push(format!(
                                "{addr} {version}: the schema could not be cached: {e}"
                            ));
                            None
                        }
                    }
                });
                let hash = l.hashes.first().cloned().unwrap_or_default();
                return (
                    Some(version),
                    Some((
                        model,
                        Source::Plugin {
                            executable: l.executable,
                            hash,
                            cached,
                        },
                    )),
                    String::new(),
                );
            }
            Err(e @ LaunchError::Untrusted { .. }) => {
                warnings.push(format!(
                    "{addr} {version}: {}: {e} ({lock_name})",
                    p.path.display()
                ));
                why = format!("its package's hash is not in {lock_name}");
            }
            Err(e) => {
                warnings.push(format!("{addr} {version}: {}: {e}", p.path.display()));
                why = format!("its plugin failed: {e}");
            }
        }
    }
    (Some(version), None, why)
}

/// The hashes of a package found on disk (`h1:`, and `zh:` for a zip); none when it cannot
/// be read.
fn package_hashes(p: &Package) -> Vec<String> {
    match p.layout {
        Layout::Unpacked => tfshow_plugin::hash::h1_dir(&p.path).into_iter().collect(),
        Layout::Packed => [
            tfshow_plugin::hash::h1_zip(&p.path),
            tfshow_plugin::hash::zh_file(&p.path),
        ]
        .into_iter()
        .flatten()
        .collect(),
    }
}
