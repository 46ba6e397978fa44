//! Errors of the views.

use tfshow_json::show::ShowError;

/// A view could not be produced.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// The file could not be read or its document built.
    #[error(transparent)]
    Show(#[from] ShowError),
    /// The document could not be parsed (for example, it nests deeper than the parser allows).
    #[error("the JSON document could not be read: {0}")]
    Json(String),
    /// The two plans given to `diff` cannot be compared.
    #[error("{0}")]
    NotComparable(String),
}
