//! A byte-position cursor over an address string, with the small lexer the parsers share.

use crate::key::InstanceKey;
use crate::quote::{is_printable, read_quoted};

/// Reads an address from left to right; every method leaves the position on a char boundary.
pub(crate) struct Cursor<'a> {
    src: &'a str,
    pos: usize,
}

impl<'a> Cursor<'a> {
    /// Starts at the beginning of `src`.
    pub(crate) fn new(src: &'a str) -> Self {
        Cursor { src, pos: 0 }
    }

    /// The current byte offset.
    pub(crate) fn pos(&self) -> usize {
        self.pos
    }

    /// The unread part of the input.
    fn rest(&self) -> &'a str {
        self.src.get(self.pos..).unwrap_or_default()
    }

    /// Reports whether all input has been read.
    pub(crate) fn is_at_end(&self) -> bool {
        self.rest().is_empty()
    }

    /// The next character, without consuming it.
    pub(crate) fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    /// Consumes and returns the next character.
    pub(crate) fn next_char(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        Some(c)
    }

    /// Consumes `s` if the input continues with it.
    pub(crate) fn eat_str(&mut self, s: &str) -> bool {
        let found = self.rest().starts_with(s);
        if found {
            self.pos += s.len();
        }
        found
    }

    /// Consumes `c` if it is the next character.
    pub(crate) fn eat(&mut self, c: char) -> bool {
        let found = self.peek() == Some(c);
        if found {
            self.pos += c.len_utf8();
        }
        found
    }

    /// Consumes `c` or fails naming what was found instead.
    pub(crate) fn require(&mut self, c: char) -> Result<(), String> {
        if self.eat(c) {
            Ok(())
        } else {
            Err(self.unexpected(&format!("{c:?}")))
        }
    }

    /// Fails unless all input has been read.
    pub(crate) fn expect_end(&self) -> Result<(), String> {
        if self.is_at_end() {
            Ok(())
        } else {
            Err(self.unexpected("end of address"))
        }
    }

    /// Consumes `keyword` followed by `.`; the keyword must be a whole name (`module.`).
    pub(crate) fn eat_keyword(&mut self, keyword: &str) -> bool {
        let rest = self.rest();
        let found = rest
            .strip_prefix(keyword)
            .is_some_and(|after| after.starts_with('.'));
        if found {
            self.pos += keyword.len() + 1;
        }
        found
    }

    /// Consumes a name: a resource type, resource name, module name or alias.
    ///
    /// Accepts HCL identifiers and, leniently, any other run of printable characters (Go's
    /// `unicode.IsPrint`) that cannot be confused with the address punctuation (`.`, `[`, `]`,
    /// `"`, `\`, `*`, space), as long as it does not start with a digit or `-`. Control, format
    /// (bidi, zero-width) and separator characters end a name, as Terraform refuses them.
    pub(crate) fn name(&mut self) -> Result<&'a str, String> {
        let rest = self.rest();
        let len = rest
            .char_indices()
            .find(|&(_, c)| !is_name_char(c))
            .map_or(rest.len(), |(i, _)| i);
        let name = rest.get(..len).unwrap_or_default();
        match name.chars().next() {
            Some(c) if !c.is_ascii_digit() && c != '-' => {
                self.pos += len;
                Ok(name)
            }
            _ => Err(self.unexpected("a name")),
        }
    }

    /// Consumes an optional instance key: `[0]`, `["a"]` or `[*]`.
    pub(crate) fn key(&mut self) -> Result<InstanceKey, String> {
        if !self.eat('[') {
            return Ok(InstanceKey::None);
        }
        let key = match self.peek() {
            Some('*') => {
                self.pos += 1;
                InstanceKey::Wildcard
            }
            Some('"') => InstanceKey::Str(read_quoted(self)?),
            Some(c) if c == '-' || c.is_ascii_digit() => InstanceKey::Int(self.int()?),
            _ => return Err(self.unexpected("an instance key")),
        };
        self.require(']')?;
        Ok(key)
    }

    /// Consumes a decimal integer with an optional leading `-`.
    fn int(&mut self) -> Result<i64, String> {
        let start = self.pos;
        self.eat('-');
        let digits = self.rest().bytes().take_while(u8::is_ascii_digit).count();
        self.pos += digits;
        let text = self.src.get(start..self.pos).unwrap_or_default();
        if digits == 0 {
            return Err(self.unexpected("a digit"));
        }
        text.parse()
            .map_err(|_| format!("instance key {text} at byte {start} is out of range"))
    }

    /// Describes what was found at the current position when `expected` was wanted.
    pub(crate) fn unexpected(&self, expected: &str) -> String {
        match self.peek() {
            Some(c) => format!("expected {expected} at byte {}, found {c:?}", self.pos),
            None => format!(
                "expected {expected} at byte {}, found end of address",
                self.pos
            ),
        }
    }
}

/// Characters allowed in names: printable ones other than the address punctuation.
fn is_name_char(c: char) -> bool {
    if c.is_ascii() {
        c.is_ascii_graphic() && !matches!(c, '.' | '[' | ']' | '"' | '\\' | '*')
    } else {
        is_printable(c)
    }
}
