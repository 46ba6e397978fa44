//! Terraform's and OpenTofu's CLI configuration: where they keep provider packages
//! (`plugin_cache_dir`, `provider_installation { filesystem_mirror { path } }`).

use std::path::{Path, PathBuf};

use hcl_edit::structure::Body;

use crate::env::Env;
use crate::lockfile::{parse_hcl, string};

/// A CLI configuration file larger than this is not read.
const MAX_CONFIG_FILE: usize = 1 << 20;
/// At most this many `*.tfrc` files are read from `~/.terraform.d`.
const MAX_TFRC_FILES: usize = 64;

/// What the CLI configuration files say about provider packages.
#[derive(Debug, Clone, Default)]
pub struct CliConfig {
    /// `plugin_cache_dir` settings, in the order read.
    pub plugin_cache_dirs: Vec<PathBuf>,
    /// `filesystem_mirror` paths.
    pub mirrors: Vec<PathBuf>,
    /// Files that could not be read, with why.
    pub problems: Vec<String>,
}

impl CliConfig {
    /// Reads the files Terraform and OpenTofu read: `TF_CLI_CONFIG_FILE` (else
    /// `~/.terraformrc`), `~/.terraform.d/*.tfrc`, and `TOFU_CLI_CONFIG_FILE` (else
    /// `~/.tofurc`). Files that do not exist are skipped.
    pub fn load(env: &Env) -> CliConfig {
        let mut files = Vec::new();
        match (&env.tf_cli_config_file, &env.home) {
            (Some(f), _) => files.push(env.resolve(f)),
            (None, Some(h)) => files.push(h.join(".terraformrc")),
            _ => {}
        }
        if let Some(h) = &env.home {
            if let Ok(rd) = std::fs::read_dir(h.join(".terraform.d")) {
                let mut tfrc: Vec<PathBuf> = rd
                    .flatten()
                    .map(|e| e.path())
                    .filter(|p| p.extension().is_some_and(|e| e == "tfrc"))
                    .take(MAX_TFRC_FILES)
                    .collect();
                tfrc.sort();
                files.extend(tfrc);
            }
        }
        match (&env.tofu_cli_config_file, &env.home) {
            (Some(f), _) => files.push(env.resolve(f)),
            (None, Some(h)) => files.push(h.join(".tofurc")),
            _ => {}
        }
        let mut out = CliConfig::default();
        for f in files {
            match read_small(&f) {
                Ok(None) => {}
                Ok(Some(bytes)) => match parse_hcl(&bytes, MAX_CONFIG_FILE) {
                    Ok(body) => out.add(&body, env),
                    Err(e) => out.problems.push(format!("{}: {e}", f.display())),
                },
                Err(e) => out.problems.push(format!("{}: {e}", f.display())),
            }
        }
        out
    }

    fn add(&mut self, body: &Body, env: &Env) {
        if let Some(dir) = body
            .get_attribute("plugin_cache_dir")
            .and_then(|a| string(&a.value))
        {
            self.plugin_cache_dirs.push(env.expand(&dir));
        }
        for pi in body.get_blocks("provider_installation") {
            for m in pi.body.get_blocks("filesystem_mirror") {
                if let Some(p) = m.body.get_attribute("path").and_then(|a| string(&a.value)) {
                    self.mirrors.push(env.expand(&p));
                }
            }
        }
    }
}

/// Reads a file of at most [`MAX_CONFIG_FILE`] bytes; `None` when it does not exist.
fn read_small(path: &Path) -> Result<Option<Vec<u8>>, String> {
    use std::io::Read;
    let f = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e.to_string()),
    };
    let mut buf = Vec::new();
    f.take(MAX_CONFIG_FILE as u64 + 1)
        .read_to_end(&mut buf)
        .map_err(|e| e.to_string())?;
    if buf.len() > MAX_CONFIG_FILE {
        return Err(format!("larger than {MAX_CONFIG_FILE} bytes"));
    }
    Ok(Some(buf))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_cache_dirs_and_mirrors() {
        let dir = tempfile::tempdir().unwrap();
        let home = dir.path().join("home");
        std::fs::create_dir_all(home.join(".terraform.d")).unwrap();
        std::fs::write(
            home.join(".terraformrc"),
            "plugin_cache_dir = \"$HOME/.terraform.d/plugin-cache\"\n\
             provider_installation {\n  filesystem_mirror {\n    path = \"/srv/mirror\"\n    include = [\"*/*\"]\n  }\n  direct {}\n}\n",
        )
        .unwrap();
        std::fs::write(
            home.join(".terraform.d/x.tfrc"),
            "plugin_cache_dir = \"~/c2\"\n",
        )
        .unwrap();
        std::fs::write(
            home.join(".tofurc"),
            "provider_installation {\n filesystem_mirror {\n path = \"rel\"\n }\n}\n",
        )
        .unwrap();
        let env = Env {
            cwd: dir.path().join("work"),
            home: Some(home.clone()),
            ..Env::default()
        };
        let c = CliConfig::load(&env);
        assert!(c.problems.is_empty(), "{:?}", c.problems);
        assert_eq!(
            c.plugin_cache_dirs,
            [home.join(".terraform.d/plugin-cache"), home.join("c2")]
        );
        assert_eq!(
            c.mirrors,
            [PathBuf::from("/srv/mirror"), dir.path().join("work/rel")]
        );
        std::fs::write(home.join(".terraformrc"), "plugin_cache_dir = ").unwrap();
        assert_eq!(CliConfig::load(&env).problems.len(), 1);
    }
}
