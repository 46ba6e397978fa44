//! [`Loc`]: the position inside `tfplan` that a conversion is working on, for error messages.

use crate::error::Error;
use std::fmt;

/// A field path such as `resource_changes[3].change`, built as a chain of borrowed links while
/// descending so that nothing is allocated unless an error is reported.
#[derive(Clone, Copy)]
pub(crate) enum Loc<'a> {
    /// The `Plan` message itself.
    Root,
    /// A named field of the parent.
    Field(&'a Loc<'a>, &'static str),
    /// An element of a repeated parent field.
    Index(&'a Loc<'a>, usize),
    /// An entry of a map parent field.
    Key(&'a Loc<'a>, &'a str),
}

impl<'a> Loc<'a> {
    /// The field `name` of this location.
    pub(crate) fn field(&'a self, name: &'static str) -> Loc<'a> {
        Loc::Field(self, name)
    }

    /// Element `i` of this (repeated) location.
    pub(crate) fn index(&'a self, i: usize) -> Loc<'a> {
        Loc::Index(self, i)
    }

    /// Entry `key` of this (map) location.
    pub(crate) fn key(&'a self, key: &'a str) -> Loc<'a> {
        Loc::Key(self, key)
    }

    /// An [`Error::Invalid`] at this location.
    pub(crate) fn invalid(&self, reason: impl Into<String>) -> Error {
        Error::Invalid {
            at: self.to_string(),
            reason: reason.into(),
        }
    }

    /// An [`Error::Protobuf`] at this location.
    pub(crate) fn protobuf(&self, source: prost::DecodeError) -> Error {
        Error::Protobuf {
            at: self.to_string(),
            source,
        }
    }
}

impl fmt::Display for Loc<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Loc::Root => f.write_str("Plan"),
            Loc::Field(Loc::Root, name) => f.write_str(name),
            Loc::Field(parent, name) => write!(f, "{parent}.{name}"),
            Loc::Index(parent, i) => write!(f, "{parent}[{i}]"),
            Loc::Key(parent, key) => write!(f, "{parent}[{key:?}]"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_paths() {
        let root = Loc::Root;
        assert_eq!(root.to_string(), "Plan");
        let rc = root.field("resource_changes");
        let third = rc.index(3);
        assert_eq!(
            third.field("change").to_string(),
            "resource_changes[3].change"
        );
        let vars = root.field("variables");
        assert_eq!(vars.key("region").to_string(), r#"variables["region"]"#);
    }
}
