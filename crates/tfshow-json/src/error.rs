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
    /// A resource change of the plan could not be decoded: the changes of a plan read with
    /// [`PlanFile::from_bytes_lazy`](tfshow_planfile::PlanFile::from_bytes_lazy)
    /// are decoded as they are written.
    #[error(transparent)]
    Plan(#[from] tfshow_planfile::Error),
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
