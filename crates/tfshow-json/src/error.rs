//! Errors while building a document.

/// A document could not be built. `at` names the object (resource address, output, variable)
/// and `message` what went wrong with it.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Something in the input is invalid or inconsistent.
    #[error("{at}: {message}")]
    Invalid {
        /// Where: resource address, output name, ...
        at: String,
        /// What was wrong.
        message: String,
    },
    /// Writing the output failed.
    #[error("writing output: {0}")]
    Io(#[from] std::io::Error),
}

pub(crate) fn invalid(at: impl Into<String>, message: impl ToString) -> Error {
    Error::Invalid {
        at: at.into(),
        message: message.to_string(),
    }
}
