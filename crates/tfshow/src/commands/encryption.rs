//! OpenTofu-encrypted inputs: the key configuration of a run (`--encryption FILE`, else the
//! `TF_ENCRYPTION` environment variable, as tofu reads it) and reading a plan or state file
//! decrypted with it.

use std::borrow::Cow;
use std::io::Read;
use std::path::Path;

use tfshow_encryption::config::MAX_CONFIG_SIZE;
use tfshow_encryption::{Config, ENV_VAR};

use super::{display, limits, read_input, CliError};
use crate::args::EncryptionArgs;

/// Reads plan and state files, decrypting OpenTofu-encrypted ones.
pub(crate) struct Decryptor {
    /// The configuration, if one was given.
    config: Option<Config>,
}

impl Decryptor {
    /// The configuration of `--encryption FILE`, else of `TF_ENCRYPTION` (whose value is the
    /// configuration itself; empty or blank means none), else none.
    pub(crate) fn new(args: &EncryptionArgs) -> Result<Self, CliError> {
        let (origin, text) = match &args.encryption {
            Some(path) => (
                format!("--encryption {}", display(path)),
                read_config(path)?,
            ),
            None => match std::env::var(ENV_VAR) {
                Ok(text) if !text.trim().is_empty() => (ENV_VAR.to_owned(), text),
                Ok(_) | Err(std::env::VarError::NotPresent) => {
                    return Ok(Decryptor { config: None })
                }
                Err(std::env::VarError::NotUnicode(_)) => {
                    return Err(CliError::Usage(format!("{ENV_VAR} is not valid UTF-8")))
                }
            },
        };
        let config = Config::parse(&text, limits())
            .map_err(|source| CliError::Encryption { origin, source })?;
        Ok(Decryptor {
            config: Some(config),
        })
    }

    /// Reads the plan or state file at `path` (`-`: standard input), decrypted.
    pub(crate) fn read(&self, path: &Path) -> Result<Vec<u8>, CliError> {
        self.decrypt(path, read_input(path)?)
    }

    /// `bytes`, read from `path`, decrypted (or as they are when not encrypted).
    pub(crate) fn decrypt(&self, path: &Path, bytes: Vec<u8>) -> Result<Vec<u8>, CliError> {
        let plain = tfshow_encryption::decrypt_file(&bytes, self.config.as_ref(), limits())
            .map_err(|source| CliError::Decrypt {
                path: display(path),
                source,
            })?;
        Ok(match plain.0 {
            Cow::Owned(plain) => plain,
            Cow::Borrowed(_) => bytes,
        })
    }
}

/// Reads a configuration file, at most [`MAX_CONFIG_SIZE`] bytes of UTF-8.
fn read_config(path: &Path) -> Result<String, CliError> {
    let err = |source| CliError::Read {
        path: display(path),
        source,
    };
    let mut text = String::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_CONFIG_SIZE as u64 + 1).read_to_string(&mut text))
        .map_err(err)?;
    if text.len() > MAX_CONFIG_SIZE {
        return Err(CliError::Usage(format!(
            "--encryption {}: the configuration is larger than {MAX_CONFIG_SIZE} bytes",
            display(path)
        )));
    }
    Ok(text)
}
