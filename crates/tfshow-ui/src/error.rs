//! Why a line is not a valid message.

/// A line of the stream could not be read as a message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// The line is not JSON (Terraform sometimes prints plain text into the stream).
    #[error("not JSON: {detail}")]
    NotJson {
        /// What the JSON parser said.
        detail: String,
    },
    /// The line ends in the middle of a JSON value (the stream was cut off).
    #[error("truncated JSON: {detail}")]
    Truncated {
        /// What the JSON parser said.
        detail: String,
    },
    /// The line is not valid UTF-8.
    #[error("not valid UTF-8")]
    NotUtf8,
    /// A required field is missing.
    #[error("missing field `{path}`")]
    MissingField {
        /// Where, e.g. `hook.resource.addr`.
        path: String,
    },
    /// A field has a value of the wrong JSON type.
    #[error("field `{path}`: expected {expected}, found {found}")]
    WrongType {
        /// Where, e.g. `hook.elapsed_seconds` (`""` for the whole line).
        path: String,
        /// The JSON type the format defines.
        expected: &'static str,
        /// The JSON type found.
        found: &'static str,
    },
    /// A field has a value of the right type that is not valid.
    #[error("field `{path}`: {detail}")]
    InvalidValue {
        /// Where.
        path: String,
        /// Why.
        detail: String,
    },
    /// A `version` message declares a major `ui` version this library does not understand.
    #[error(
        "unsupported machine-readable UI version {ui}: this tool understands major version 0 and 1 only (ui 0.1.0 to 1.x)"
    )]
    UnsupportedVersion {
        /// The `ui` value.
        ui: String,
    },
}

impl ParseError {
    /// The field path a type error or missing field refers to, if any.
    pub fn path(&self) -> Option<&str> {
        match self {
            ParseError::MissingField { path }
            | ParseError::WrongType { path, .. }
            | ParseError::InvalidValue { path, .. } => Some(path),
            _ => None,
        }
    }
}

/// Joins a parent field path and a member name (`hook` + `resource` → `hook.resource`).
pub(crate) fn join(at: &str, key: &str) -> String {
    if at.is_empty() {
        key.to_owned()
    } else {
        format!("{at}.{key}")
    }
}
