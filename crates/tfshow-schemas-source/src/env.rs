//! The environment this crate reads: variables and the working directory, captured once so
//! that callers (and tests) can set them.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// The variables and directories that decide where schemas are looked for.
#[derive(Debug, Clone, Default)]
pub struct Env {
    /// The working directory (`--chdir`, else the process's).
    pub cwd: PathBuf,
    /// `HOME`.
    pub home: Option<PathBuf>,
    /// `TF_DATA_DIR` (default `.terraform`, relative to `cwd`).
    pub tf_data_dir: Option<PathBuf>,
    /// `TF_PLUGIN_CACHE_DIR`.
    pub tf_plugin_cache_dir: Option<PathBuf>,
    /// `TF_CLI_CONFIG_FILE`.
    pub tf_cli_config_file: Option<PathBuf>,
    /// `TOFU_CLI_CONFIG_FILE`.
    pub tofu_cli_config_file: Option<PathBuf>,
    /// `XDG_CACHE_HOME`.
    pub xdg_cache_home: Option<PathBuf>,
    /// `XDG_DATA_HOME`.
    pub xdg_data_home: Option<PathBuf>,
    /// `XDG_DATA_DIRS`.
    pub xdg_data_dirs: Option<OsString>,
}

fn var_path(name: &str) -> Option<PathBuf> {
    std::env::var_os(name)
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
}

impl Env {
    /// This process's environment, with `cwd` as the working directory.
    pub fn from_process(cwd: PathBuf) -> Env {
        Env {
            cwd,
            home: var_path("HOME"),
            tf_data_dir: var_path("TF_DATA_DIR"),
            tf_plugin_cache_dir: var_path("TF_PLUGIN_CACHE_DIR"),
            tf_cli_config_file: var_path("TF_CLI_CONFIG_FILE"),
            tofu_cli_config_file: var_path("TOFU_CLI_CONFIG_FILE"),
            xdg_cache_home: var_path("XDG_CACHE_HOME"),
            xdg_data_home: var_path("XDG_DATA_HOME"),
            xdg_data_dirs: std::env::var_os("XDG_DATA_DIRS").filter(|v| !v.is_empty()),
        }
    }

    /// `p` made absolute against the working directory.
    pub fn resolve(&self, p: &Path) -> PathBuf {
        if p.is_absolute() {
            p.to_path_buf()
        } else {
            self.cwd.join(p)
        }
    }

    /// The schema cache's directory: `$XDG_CACHE_HOME/tfshow`, else `~/.cache/tfshow`.
    pub fn cache_dir(&self) -> Option<PathBuf> {
        match (&self.xdg_cache_home, &self.home) {
            (Some(x), _) if x.is_absolute() => Some(x.join("tfshow")),
            (_, Some(h)) => Some(h.join(".cache/tfshow")),
            _ => None,
        }
    }

    /// `TF_DATA_DIR` (default `.terraform`) against the working directory.
    pub fn data_dir(&self) -> PathBuf {
        self.resolve(
            self.tf_data_dir
                .as_deref()
                .unwrap_or(Path::new(".terraform")),
        )
    }

    /// Expands `~/` and `$VAR` / `${VAR}` in a path from a CLI configuration file, as
    /// Terraform expands `plugin_cache_dir`.
    pub fn expand(&self, s: &str) -> PathBuf {
        let mut out = String::new();
        let mut rest = s;
        if let (Some(r), Some(home)) = (s.strip_prefix("~/"), &self.home) {
            out.push_str(&home.to_string_lossy());
            out.push('/');
            rest = r;
        }
        while let Some(i) = rest.find('$') {
            out.push_str(&rest[..i]);
            let after = &rest[i + 1..];
            let (name, tail) = if let Some(b) = after.strip_prefix('{') {
                match b.find('}') {
                    Some(j) => (&b[..j], &b[j + 1..]),
                    None => ("", after),
                }
            } else {
                let j = after
                    .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .unwrap_or(after.len());
                (&after[..j], &after[j..])
            };
            if name.is_empty() {
                out.push('$');
                rest = after;
                continue;
            }
            let value = if name == "HOME" {
                self.home.as_ref().map(|h| h.to_string_lossy().into_owned())
            } else {
                std::env::var(name).ok()
            };
            out.push_str(&value.unwrap_or_default());
            rest = tail;
        }
        out.push_str(rest);
        self.resolve(Path::new(&out))
    }
}
