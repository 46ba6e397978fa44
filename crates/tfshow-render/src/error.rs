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
    /// `--redact` was asked of a document whose providers' schemas are not all known: which
    /// of their attributes are sensitive cannot be known.
    #[error("cannot redact without the schemas of every provider (none for {}): which attributes a provider marks sensitive is not recorded in every plan and state; give them with --schemas FILE (terraform providers schema -json)", .0.join(", "))]
    UnknownSensitivity(Vec<String>),
    /// A plan could not be decoded.
    #[error(transparent)]
    Document(#[from] tfshow_json::Error),
    /// The output could not be written.
    #[error(transparent)]
    Io(std::io::Error),
    /// The two plans given to `diff` cannot be compared.
    #[error("{0}")]
    NotComparable(String),
}
