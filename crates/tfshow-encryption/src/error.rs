//! The errors of reading an encryption configuration and of decrypting a file. None of them
//! carries a passphrase, a key, a salt or decrypted text: they name blocks, attributes, key
//! providers and methods, and say what is wrong with them.

use tfshow_limits::LimitExceeded;

use crate::Target;

/// How to give tfshow the key configuration, for error messages.
pub const HOW_TO_CONFIGURE: &str =
    "set TF_ENCRYPTION to the configuration OpenTofu uses, or pass --encryption FILE";

/// The encryption configuration (`TF_ENCRYPTION`, HCL or JSON) is invalid or asks for
/// something tfshow does not do.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// The text is not valid HCL or JSON.
    #[error("encryption configuration: {format} syntax error at line {line}, column {column}: {message}")]
    Syntax {
        /// `HCL` or `JSON`.
        format: &'static str,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The parser's message (without the source text).
        message: String,
    },
    /// The configuration is empty.
    #[error("encryption configuration is empty")]
    Empty,
    /// The configuration goes over a limit.
    #[error("encryption configuration: {0}")]
    Limit(#[from] LimitExceeded),
    /// A block, attribute or value is not what the schema asks for.
    #[error("encryption configuration: {at}: {reason}")]
    Invalid {
        /// Where: `key_provider.pbkdf2.mykey.iterations`, `state.fallback.method`.
        at: String,
        /// What is wrong.
        reason: String,
    },
    /// Two blocks have the same address.
    #[error("encryption configuration: {0} is declared more than once")]
    Duplicate(String),
}

impl ConfigError {
    /// An [`ConfigError::Invalid`] at `at`.
    pub(crate) fn invalid(at: impl Into<String>, reason: impl Into<String>) -> Self {
        ConfigError::Invalid {
            at: at.into(),
            reason: reason.into(),
        }
    }
}

/// A file could not be decrypted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DecryptError {
    /// The file is encrypted and no configuration was given.
    #[error(
        "the file is encrypted by OpenTofu and requires a valid encryption configuration to decrypt: \
         no encryption configuration ({HOW_TO_CONFIGURE})"
    )]
    NoConfiguration,
    /// The file is encrypted and the configuration has no block for its kind.
    #[error(
        "the file is an encrypted OpenTofu {target} file, and the encryption configuration has no \
         `{target}` block to decrypt it with"
    )]
    TargetNotConfigured {
        /// State or plan.
        target: Target,
    },
    /// The envelope is malformed.
    #[error("invalid OpenTofu encrypted {target} file: {reason}")]
    Envelope {
        /// State or plan.
        target: Target,
        /// What is wrong (never the content).
        reason: String,
    },
    /// The envelope goes over a limit.
    #[error("OpenTofu encrypted file: {0}")]
    Limit(#[from] LimitExceeded),
    /// The configuration is invalid for decrypting this kind of file.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// A key provider tfshow cannot run.
    #[error(
        "key provider {kind} \"{name}\" is not supported by tfshow; only pbkdf2 passphrases are \
         (decrypt the file with `tofu show -json`, or add a pbkdf2 fallback)"
    )]
    UnsupportedKeyProvider {
        /// The key provider type (`aws_kms`).
        kind: String,
        /// Its name.
        name: String,
    },
    /// A method tfshow cannot run.
    #[error(
        "method {kind} \"{name}\" is not supported by tfshow; only aes_gcm and unencrypted are"
    )]
    UnsupportedMethod {
        /// The method type (`external`).
        kind: String,
        /// Its name.
        name: String,
    },
    /// The file is not encrypted and the configuration does not allow that.
    #[error(
        "the {target} file is not encrypted, and the encryption configuration's `{target}` block \
         has no unencrypted method (OpenTofu refuses such a file too)"
    )]
    UnencryptedNotAllowed {
        /// State or plan.
        target: Target,
    },
    /// No configured method decrypts the file.
    #[error(
        "could not decrypt the {target} file with any configured key (wrong passphrase?): {}",
        .attempts.join("; ")
    )]
    NoKeyDecrypts {
        /// State or plan.
        target: Target,
        /// Each method tried and why it failed (`method.aes_gcm.new: authentication failed`).
        attempts: Vec<String>,
    },
    /// The decrypted state does not match the envelope's `serial` or `lineage`.
    #[error("the decrypted state's {field} does not match the encrypted file's")]
    PassthroughMismatch {
        /// `serial` or `lineage`.
        field: &'static str,
    },
}
