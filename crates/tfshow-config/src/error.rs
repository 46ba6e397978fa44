//! Errors while reading a configuration.

/// A configuration file could not be read. The message names the file and line.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// Invalid HCL or JSON syntax.
    #[error("{file}:{line}: {message}")]
    Syntax {
        /// File name.
        file: String,
        /// 1-based line.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// Valid syntax with invalid content.
    #[error("{file}: {message}")]
    Invalid {
        /// File name.
        file: String,
        /// What is wrong.
        message: String,
    },
}

impl ConfigError {
    /// Prefixes the file name with the module's snapshot folder (`tfconfig/m-KEY/`).
    pub(crate) fn in_module(self, key: &str) -> ConfigError {
        match self {
            ConfigError::Syntax {
                file,
                line,
                message,
            } => ConfigError::Syntax {
                file: format!("tfconfig/m-{key}/{file}"),
                line,
                message,
            },
            ConfigError::Invalid { file, message } if !file.starts_with("tfconfig/") => {
                ConfigError::Invalid {
                    file: format!("tfconfig/m-{key}/{file}"),
                    message,
                }
            }
            e => e,
        }
    }
}
