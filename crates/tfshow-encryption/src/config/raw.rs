//! The configuration as blocks and attributes with literal values, before it is checked
//! against the schema: what the HCL and the JSON readers both produce.

/// A value as written: a literal, a reference (`key_provider.pbkdf2.mykey`), a list, or
/// something tfshow does not evaluate.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Val {
    /// A string literal.
    Str(String),
    /// A number literal: `Some` when it is a whole number that fits 64 bits.
    Num(Option<i64>),
    /// A boolean literal.
    Bool(bool),
    /// A reference: the names of a traversal made only of attribute steps.
    Ref(Vec<String>),
    /// A list (tuple) literal.
    List(Vec<Val>),
    /// Any other expression (a variable, a function call, a template, an object…): what it is.
    Other(&'static str),
}

impl Val {
    /// What kind of value this is, for error messages (never the value itself).
    pub(crate) fn kind(&self) -> &'static str {
        match self {
            Val::Str(_) => "a string",
            Val::Num(_) => "a number",
            Val::Bool(_) => "a boolean",
            Val::Ref(_) => "a reference",
            Val::List(_) => "a list",
            Val::Other(what) => what,
        }
    }
}

/// A block body: attributes and nested blocks, in source order.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct RawBody {
    /// `name = value`.
    pub attrs: Vec<(String, Val)>,
    /// Nested blocks.
    pub blocks: Vec<RawBlock>,
}

/// A block: its type, labels and body.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct RawBlock {
    /// The block type (`key_provider`).
    pub kind: String,
    /// Its labels (`["pbkdf2", "mykey"]`).
    pub labels: Vec<String>,
    /// Its body.
    pub body: RawBody,
}

/// Parses a reference written as text (`"method.aes_gcm.new"`, as JSON and OpenTofu's string
/// shortcut for `keys` write it): dot-separated identifiers.
pub(crate) fn parse_ref(text: &str) -> Option<Vec<String>> {
    let names: Vec<String> = text.trim().split('.').map(str::to_owned).collect();
    let ident = |n: &String| {
        n.chars()
            .next()
            .is_some_and(|c| c.is_alphabetic() || c == '_')
            && n.chars()
                .all(|c| c.is_alphanumeric() || c == '_' || c == '-')
    };
    names.iter().all(ident).then_some(names)
}
