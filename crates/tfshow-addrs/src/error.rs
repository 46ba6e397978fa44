//! The error returned when a string is not a valid address.

use std::fmt;

use crate::quote::go_quote;

/// How many bytes of the input a [`ParseError`] message quotes at most.
const QUOTED_MAX: usize = 200;

/// A string could not be parsed as the requested kind of address.
///
/// Its message quotes the input as Go's `%q` does (so control, bidi and zero-width characters
/// show as escapes such as `\x1b` and `\u202e`, as in Terraform's own message), cut after 200
/// bytes on long input.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct ParseError {
    /// The kind of address that was expected, e.g. `resource instance address`.
    pub what: &'static str,
    /// The complete input string.
    pub input: String,
    /// What was wrong, including the byte offset where it went wrong.
    pub reason: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let input = self.input.as_str();
        if input.len() <= QUOTED_MAX {
            return write!(
                f,
                "invalid {} {}: {}",
                self.what,
                go_quote(input),
                self.reason
            );
        }
        let mut end = QUOTED_MAX;
        while !input.is_char_boundary(end) {
            end -= 1;
        }
        write!(
            f,
            "invalid {} {}... ({} bytes): {}",
            self.what,
            go_quote(&input[..end]),
            input.len(),
            self.reason
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(input: &str) -> String {
        ParseError {
            what: "thing",
            input: input.to_owned(),
            reason: "why".into(),
        }
        .to_string()
    }

    #[test]
    fn quotes_the_input_visibly() {
        assert_eq!(error("a\"b"), r#"invalid thing "a\"b": why"#);
        assert_eq!(
            error("t.n[\"\u{1b}]0;x\u{7}\u{202e}\"]"),
            r#"invalid thing "t.n[\"\x1b]0;x\a\u202e\"]": why"#
        );
    }

    #[test]
    fn long_input_is_cut() {
        let long = "é".repeat(1000);
        let msg = error(&long);
        assert!(msg.len() < 300, "{msg}");
        assert!(msg.ends_with("\"... (2000 bytes): why"), "{msg}");
    }
}
