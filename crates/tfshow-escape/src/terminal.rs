//! Terminal text: nothing from input may act on the terminal.
//!
//! [`text`] keeps newlines and tabs (multi-line values, provisioner output) and shows every
//! other control character visibly; [`line()`] also shows newlines and tabs, for text that must
//! stay on one line (an address, a message in a table row, a status line).
//!
//! Shown visibly means written as `\u` and four lowercase hex digits, as Terraform writes
//! non-printable characters in addresses.

use std::borrow::Cow;
use std::fmt::{self, Write};

/// Reports whether `c` must not reach a terminal as it is: C0 controls, DEL, C1 controls,
/// the bidi controls (`U+061C`, `U+200E`, `U+200F`, `U+202A`–`U+202E`, `U+2066`–`U+2069`),
/// zero-width and invisible characters (`U+200B`–`U+200D`, `U+2060`–`U+2064`, `U+FEFF`,
/// `U+180E`, `U+00AD`), and the line and paragraph separators (`U+2028`, `U+2029`).
pub fn is_unsafe(c: char) -> bool {
    matches!(c,
        '\0'..='\x1f' | '\x7f'..='\u{9f}'
        | '\u{ad}' | '\u{61c}' | '\u{180e}'
        | '\u{200b}'..='\u{200f}'
        | '\u{2028}'..='\u{202e}'
        | '\u{2060}'..='\u{2064}'
        | '\u{2066}'..='\u{2069}'
        | '\u{feff}')
}

/// Text that may span lines: newline and tab stay, every other unsafe character is shown
/// visibly.
pub fn text(s: &str) -> Cow<'_, str> {
    escape_if(s, |c| c != '\n' && c != '\t' && is_unsafe(c))
}

/// Text that must stay on one line: every unsafe character, newline and tab included, is
/// shown visibly.
pub fn line(s: &str) -> Cow<'_, str> {
    escape_if(s, is_unsafe)
}

/// [`line()`] as a `Display` value, for `format!` and `write!` without an intermediate string.
///
/// ```
/// use tfshow_escape::terminal::Line;
/// assert_eq!(format!("[{}]", Line("a\rb")), "[a\\u000db]");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Line<'a>(pub &'a str);

impl fmt::Display for Line<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_escaped(f, self.0, is_unsafe)
    }
}

/// [`text`] as a `Display` value.
#[derive(Clone, Copy, Debug)]
pub struct Text<'a>(pub &'a str);

impl fmt::Display for Text<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_escaped(f, self.0, |c| c != '\n' && c != '\t' && is_unsafe(c))
    }
}

fn escape_if(s: &str, unsafe_: impl Fn(char) -> bool + Copy) -> Cow<'_, str> {
    if !s.chars().any(unsafe_) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 12);
    let _ = write_escaped(&mut out, s, unsafe_);
    Cow::Owned(out)
}

fn write_escaped(out: &mut impl Write, s: &str, unsafe_: impl Fn(char) -> bool) -> fmt::Result {
    let mut rest = s;
    while let Some((at, c)) = rest.char_indices().find(|&(_, c)| unsafe_(c)) {
        out.write_str(&rest[..at])?;
        write!(out, "\\u{:04x}", u32::from(c))?;
        rest = &rest[at + c.len_utf8()..];
    }
    out.write_str(rest)
}

/// Reports whether `s` holds nothing that [`line()`] would change.
pub fn is_clean_line(s: &str) -> bool {
    !s.chars().any(is_unsafe)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_are_visible() {
        assert_eq!(line("\u{1b}[2J"), "\\u001b[2J");
        assert_eq!(line("a\r\nb\tc"), "a\\u000d\\u000ab\\u0009c");
        assert_eq!(text("a\r\nb\tc"), "a\\u000d\nb\tc");
        assert_eq!(line("\u{9b}31m"), "\\u009b31m");
        assert_eq!(line("\u{7f}"), "\\u007f");
    }

    #[test]
    fn bidi_and_invisible_are_visible() {
        assert_eq!(line("a\u{202e}b"), "a\\u202eb");
        assert_eq!(line("\u{2067}x\u{2069}"), "\\u2067x\\u2069");
        assert_eq!(line("a\u{200b}b\u{feff}"), "a\\u200bb\\ufeff");
        assert_eq!(line("\u{2028}"), "\\u2028");
    }

    #[test]
    fn printable_text_is_borrowed() {
        for s in ["plain", "ünïcödé ✓ 日本", "\"quoted\" \\ back", ""] {
            assert!(matches!(line(s), Cow::Borrowed(_)), "{s:?}");
            assert!(is_clean_line(s));
        }
    }

    #[test]
    fn display_forms_match() {
        let s = "x\u{1b}]0;t\u{7}\ny\u{202d}";
        assert_eq!(Line(s).to_string(), line(s));
        assert_eq!(Text(s).to_string(), text(s));
    }
}
