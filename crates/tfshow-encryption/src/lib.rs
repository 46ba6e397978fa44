//! OpenTofu's client-side state and plan encryption (OpenTofu 1.7+), for reading.
//!
//! - [`Config`]: the key configuration the user gives OpenTofu (`TF_ENCRYPTION`, HCL or JSON):
//!   key providers, methods, and the `state` / `plan` targets with their fallbacks;
//! - [`Envelope`] and [`is_envelope`]: the JSON envelope of an encrypted file;
//! - [`decrypt`] and [`decrypt_file`]: the plaintext of a state or plan, trying the target's
//!   method, then each fallback, as OpenTofu does.
//!
//! Supported: the `pbkdf2` key provider (passphrases, `chain`, `encrypted_metadata_alias`), the
//! `aes_gcm` and `unencrypted` methods. Other key providers (`aws_kms`, `gcp_kms`,
//! `azure_vault`, `openbao`, `external`) and methods (`external`) are refused with an error
//! that names them, when a file needs them.
//!
//! The file chooses the PBKDF2 iterations and key length: they are bounded by
//! [`Limits::max_pbkdf2_iterations`](tfshow_limits::Limits::max_pbkdf2_iterations) and
//! [`Limits::max_key_length`](tfshow_limits::Limits::max_key_length); the envelope by the JSON
//! limits. Errors never carry a passphrase, a key, a salt or decrypted text; passphrases and
//! derived keys are zeroed when dropped.
//!
//! ```
//! use tfshow_encryption::{decrypt, Config, Target};
//! use tfshow_limits::Limits;
//!
//! let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/oracle/scenarios/tofu_encrypted/tofu-1.12.6/");
//! let limits = Limits::default();
//! // The text of TF_ENCRYPTION (HCL or JSON).
//! let config = Config::parse(&std::fs::read_to_string(format!("{dir}encryption.hcl"))?, &limits)?;
//! let encrypted = std::fs::read(format!("{dir}terraform.tfstate"))?;
//! let state = decrypt(&encrypted, Some(&config), Target::State, &limits)?;
//! assert!(state.starts_with(b"{"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

mod aesgcm;
pub mod config;
mod decrypt;
mod envelope;
mod error;
mod pbkdf2;

use std::fmt;

pub use config::Config;
pub use decrypt::{decrypt, decrypt_file};
pub use envelope::{is_envelope, Envelope, ENVELOPE_VERSION, MAX_META_LENGTH};
pub use error::{ConfigError, DecryptError, HOW_TO_CONFIGURE};
pub use pbkdf2::{MIN_ITERATIONS, MIN_PASSPHRASE_LENGTH};

/// The environment variable OpenTofu reads the configuration from (its value is the
/// configuration text itself).
pub const ENV_VAR: &str = "TF_ENCRYPTION";

/// Which kind of file is decrypted: OpenTofu configures each separately.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// A state file (the `state` block).
    State,
    /// A plan file (the `plan` block).
    Plan,
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Target::State => "state",
            Target::Plan => "plan",
        })
    }
}
