//! Paths into values (`cty.Path`): attribute and index steps.

use crate::Value;

/// One step of a path.
#[derive(Clone, Debug, PartialEq)]
pub enum PathStep {
    /// `.name` into an object.
    Attr(String),
    /// `[key]` into a list/tuple (number), map (string) or set (the element value).
    Index(Value),
}

/// A path from the root of a value.
pub type Path = Vec<PathStep>;
