//! Where provider packages are looked for, and the packages found there.
//!
//! The places, in order: `TF_DATA_DIR` (default `.terraform`)`/providers` (and `/plugins`,
//! where Terraform 0.13 kept them),
//! `TF_PLUGIN_CACHE_DIR`, the CLI configuration's `plugin_cache_dir` and
//! `filesystem_mirror` paths, and the implied local mirrors Terraform searches:
//! `terraform.d/plugins` in the working directory, `~/.terraform.d/plugins`,
//! `$XDG_DATA_HOME/terraform/plugins` (default `~/.local/share/terraform/plugins`) and
//! `terraform/plugins` under each of `$XDG_DATA_DIRS` (default `/usr/local/share` and
//! `/usr/share`), each also with `opentofu` for `terraform`.
//!
//! In each place a package is either unpacked, `HOST/NAMESPACE/TYPE/VERSION/OS_ARCH/`, or
//! packed, `HOST/NAMESPACE/TYPE/terraform-provider-TYPE_VERSION_OS_ARCH.zip` (a mirror's
//! packed layout).

use std::path::{Path, PathBuf};

use crate::addr::{platform, safe_version, ProviderAddr};
use crate::cliconfig::CliConfig;
use crate::env::Env;

/// One place packages are looked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Place {
    /// Its directory.
    pub dir: PathBuf,
    /// What it is, for messages (`TF_PLUGIN_CACHE_DIR`).
    pub what: &'static str,
}

/// The places to look, in order, without repeats.
pub fn places(env: &Env, cli: &CliConfig) -> Vec<Place> {
    let mut out: Vec<Place> = Vec::new();
    let mut add = |dir: PathBuf, what: &'static str| {
        if !out.iter().any(|p| p.dir == dir) {
            out.push(Place { dir, what });
        }
    };
    add(
        env.data_dir().join("providers"),
        "the working directory's providers",
    );
    // Terraform 0.13 kept them in `plugins`.
    add(
        env.data_dir().join("plugins"),
        "the working directory's plugins (0.13)",
    );
    if let Some(d) = &env.tf_plugin_cache_dir {
        add(env.resolve(d), "TF_PLUGIN_CACHE_DIR");
    }
    for d in &cli.plugin_cache_dirs {
        add(d.clone(), "the CLI configuration's plugin_cache_dir");
    }
    for d in &cli.mirrors {
        add(d.clone(), "a filesystem_mirror of the CLI configuration");
    }
    add(
        env.cwd.join("terraform.d/plugins"),
        "an implied local mirror",
    );
    if let Some(h) = &env.home {
        add(h.join(".terraform.d/plugins"), "an implied local mirror");
    }
    let data_home = match (&env.xdg_data_home, &env.home) {
        (Some(x), _) if x.is_absolute() => Some(x.clone()),
        (_, Some(h)) => Some(h.join(".local/share")),
        _ => None,
    };
    let data_dirs: Vec<PathBuf> = match &env.xdg_data_dirs {
        Some(v) => std::env::split_paths(v)
            .filter(|p| p.is_absolute())
            .collect(),
        None => vec!["/usr/local/share".into(), "/usr/share".into()],
    };
    for base in data_home.into_iter().chain(data_dirs) {
        for tool in ["terraform", "opentofu"] {
            add(base.join(tool).join("plugins"), "an implied local mirror");
        }
    }
    out
}

/// How a package is stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    /// An unpacked directory.
    Unpacked,
    /// A zip file.
    Packed,
}

/// A provider package found on disk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Package {
    /// The package directory or zip file.
    pub path: PathBuf,
    /// How it is stored.
    pub layout: Layout,
    /// The version its place says it is.
    pub version: String,
    /// The place it was found in.
    pub place: Place,
}

/// At most this many versions of one provider are looked at in one place.
const MAX_VERSIONS: usize = 256;

/// The packages of `addr` for this platform in `places`: of `version` when it is given,
/// else of every version found. In the order of the places, unpacked before packed.
pub fn find(places: &[Place], addr: &ProviderAddr, version: Option<&str>) -> Vec<Package> {
    let platform = platform();
    let mut out = Vec::new();
    for place in places {
        let base = addr.dir_in(&place.dir);
        let versions: Vec<String> = match version {
            Some(v) => vec![v.to_owned()],
            None => std::fs::read_dir(&base)
                .map(|rd| {
                    rd.flatten()
                        .filter_map(|e| e.file_name().into_string().ok())
                        .filter(|v| safe_version(v))
                        .take(MAX_VERSIONS)
                        .collect()
                })
                .unwrap_or_default(),
        };
        for v in &versions {
            let dir = base.join(v).join(&platform);
            if dir.is_dir() {
                out.push(Package {
                    path: dir,
                    layout: Layout::Unpacked,
                    version: v.clone(),
                    place: place.clone(),
                });
            }
        }
        let prefix = format!("terraform-provider-{}_", addr.type_);
        let suffix = format!("_{platform}.zip");
        let zips: Vec<(String, PathBuf)> = match version {
            Some(v) => {
                let p = base.join(format!("{prefix}{v}{suffix}"));
                vec![(v.to_owned(), p)]
            }
            None => std::fs::read_dir(&base)
                .map(|rd| {
                    rd.flatten()
                        .filter_map(|e| {
                            let name = e.file_name().into_string().ok()?;
                            let v = name.strip_prefix(&prefix)?.strip_suffix(&suffix)?;
                            safe_version(v).then(|| (v.to_owned(), e.path()))
                        })
                        .take(MAX_VERSIONS)
                        .collect()
                })
                .unwrap_or_default(),
        };
        for (v, p) in zips {
            if p.is_file() {
                out.push(Package {
                    path: p,
                    layout: Layout::Packed,
                    version: v,
                    place: place.clone(),
                });
            }
        }
    }
    out
}

/// The provider's executable in an unpacked package: a file named `terraform-provider-TYPE`
/// or `terraform-provider-TYPE_…`, executable (the first in name order).
pub fn executable(dir: &Path, type_: &str) -> Option<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    let exact = format!("terraform-provider-{type_}");
    let prefix = format!("{exact}_");
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .ok()?
        .flatten()
        .filter(|e| {
            e.file_name()
                .to_str()
                .is_some_and(|n| n == exact || n.starts_with(&prefix))
        })
        .map(|e| e.path())
        .filter(|p| {
            std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        })
        .take(64)
        .collect();
    found.sort();
    found.into_iter().next()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_unpacked_and_packed_packages_of_any_host() {
        let dir = tempfile::tempdir().unwrap();
        let env = Env {
            cwd: dir.path().join("work"),
            home: Some(dir.path().join("home")),
            tf_plugin_cache_dir: Some("cache".into()),
            xdg_data_dirs: Some("relative:/nonexistent".into()),
            ..Env::default()
        };
        let places = places(&env, &CliConfig::default());
        let dirs: Vec<&Path> = places.iter().map(|p| p.dir.as_path()).collect();
        assert_eq!(dirs[0], dir.path().join("work/.terraform/providers"));
        assert_eq!(dirs[2], dir.path().join("work/cache"));
        assert!(dirs.contains(&dir.path().join("home/.terraform.d/plugins").as_path()));
        assert!(dirs.contains(
            &dir.path()
                .join("home/.local/share/opentofu/plugins")
                .as_path()
        ));
        assert!(dirs.contains(&Path::new("/nonexistent/terraform/plugins")));
        assert!(!dirs.iter().any(|d| d.starts_with("relative")));

        let addr = ProviderAddr::parse("registry.opentofu.org/hashicorp/null").unwrap();
        let unpacked = addr.dir_in(dirs[0]).join("3.2.0").join(platform());
        std::fs::create_dir_all(&unpacked).unwrap();
        let packed = addr.dir_in(dirs[1]);
        std::fs::create_dir_all(&packed).unwrap();
        std::fs::write(
            packed.join(format!("terraform-provider-null_3.1.0_{}.zip", platform())),
            b"",
        )
        .unwrap();
        std::fs::write(
            packed.join("terraform-provider-null_3.1.0_other_os.zip"),
            b"",
        )
        .unwrap();
        let found = find(&places, &addr, None);
        let got: Vec<(&str, Layout)> = found
            .iter()
            .map(|p| (p.version.as_str(), p.layout))
            .collect();
        assert_eq!(
            got,
            [("3.2.0", Layout::Unpacked), ("3.1.0", Layout::Packed)]
        );
        assert_eq!(find(&places, &addr, Some("3.1.0")).len(), 1);
        assert!(find(&places, &addr, Some("9.9.9")).is_empty());

        // The executable: terraform-provider-TYPE[_…], executable, first by name.
        use std::os::unix::fs::PermissionsExt;
        for (name, mode) in [
            ("README", 0o755),
            ("terraform-provider-null_v3.2.0_x5", 0o755),
            ("terraform-provider-null_a", 0o644),
        ] {
            let p = unpacked.join(name);
            std::fs::write(&p, b"").unwrap();
            std::fs::set_permissions(&p, std::fs::Permissions::from_mode(mode)).unwrap();
        }
        assert_eq!(
            executable(&unpacked, "null").unwrap(),
            unpacked.join("terraform-provider-null_v3.2.0_x5")
        );
        assert!(executable(&unpacked, "aws").is_none());
    }
}
