//! The error returned when a string is not a valid address.

/// A string could not be parsed as the requested kind of address.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid {what} {input:?}: {reason}")]
pub struct ParseError {
    /// The kind of address that was expected, e.g. `resource instance address`.
    pub what: &'static str,
    /// The complete input string.
    pub input: String,
    /// What was wrong, including the byte offset where it went wrong.
    pub reason: String,
}
