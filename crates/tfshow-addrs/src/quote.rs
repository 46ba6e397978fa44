//! HCL's quoted-string syntax as Terraform uses it inside addresses (`["a\"b"]`).

use crate::cursor::Cursor;
use crate::printable::PRINTABLE;
use std::fmt::{self, Write};

/// Writes `s` as an HCL quoted string, exactly as Terraform formats string instance keys.
///
/// `\n`, `\r`, `\t`, `"` and `\` are backslash-escaped, a `$` or `%` directly before `{` is
/// doubled (so it is not a template introducer), and characters that Go's `unicode.IsPrint`
/// rejects are written as `\uXXXX` or `\UXXXXXXXX` (lowercase hex).
pub(crate) fn write_quoted(out: &mut impl Write, s: &str) -> fmt::Result {
    out.write_char('"')?;
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\n' => out.write_str("\\n")?,
            '\r' => out.write_str("\\r")?,
            '\t' => out.write_str("\\t")?,
            '"' => out.write_str("\\\"")?,
            '\\' => out.write_str("\\\\")?,
            '$' | '%' => {
                out.write_char(c)?;
                if chars.peek() == Some(&'{') {
                    out.write_char(c)?;
                }
            }
            c if is_printable(c) => out.write_char(c)?,
            c if u32::from(c) < 0x10000 => write!(out, "\\u{:04x}", u32::from(c))?,
            c => write!(out, "\\U{:08x}", u32::from(c))?,
        }
    }
    out.write_char('"')
}

/// `s` quoted as Go's `strconv.Quote` (and `fmt.Sprintf("%q", s)`) quotes it: printable
/// characters as they are, the rest as `\a \b \f \n \r \t \v`, `\xXX`, `\uXXXX` or
/// `\UXXXXXXXX`.
pub fn go_quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    push_go_quoted(&mut out, s);
    out
}

/// Appends [`go_quote`] of `s` to `out`.
pub fn push_go_quoted(out: &mut String, s: &str) {
    out.push('"');
    let mut rest = s;
    loop {
        // Printable ASCII other than the quote and the backslash is written as it is.
        let plain = rest
            .bytes()
            .take_while(|b| (0x20..0x7f).contains(b) && *b != b'"' && *b != b'\\')
            .count();
        out.push_str(&rest[..plain]);
        rest = &rest[plain..];
        let Some(c) = rest.chars().next() else {
            break;
        };
        rest = &rest[c.len_utf8()..];
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if is_printable(c) => out.push(c),
            '\x07' => out.push_str("\\a"),
            '\x08' => out.push_str("\\b"),
            '\x0c' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\x0b' => out.push_str("\\v"),
            c if u32::from(c) < 0x20 || c == '\x7f' => {
                let _ = write!(out, "\\x{:02x}", u32::from(c));
            }
            c if u32::from(c) < 0x10000 => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => {
                let _ = write!(out, "\\U{:08x}", u32::from(c));
            }
        }
    }
    out.push('"');
}

/// Reports whether Go's `unicode.IsPrint` accepts `c`.
pub fn is_printable(c: char) -> bool {
    let cp = u32::from(c);
    PRINTABLE
        .binary_search_by(|&(lo, hi)| {
            if hi < cp {
                std::cmp::Ordering::Less
            } else if lo > cp {
                std::cmp::Ordering::Greater
            } else {
                std::cmp::Ordering::Equal
            }
        })
        .is_ok()
}

/// Reads an HCL quoted string starting at the opening `"` and returns its value.
///
/// Accepts the escapes [`write_quoted`] produces plus `\uXXXX` / `\UXXXXXXXX` in either case;
/// an unescaped `${` or `%{` is an error because addresses cannot contain templates, and so is
/// a raw line break (`\n` or `\r`), which ends a quoted string in HCL as in Terraform. Other
/// raw characters, controls included, are taken as they are (Terraform takes them too, and
/// [`write_quoted`] writes them escaped).
pub(crate) fn read_quoted(cur: &mut Cursor<'_>) -> Result<String, String> {
    cur.require('"')?;
    let mut value = String::new();
    loop {
        let at = cur.pos();
        let Some(c) = cur.next_char() else {
            return Err(format!("unterminated string starting before byte {at}"));
        };
        match c {
            '"' => return Ok(value),
            '\n' | '\r' => {
                return Err(format!(
                    "raw line break {c:?} at byte {at}: quoted strings cannot span lines"
                ))
            }
            '\\' => value.push(read_escape(cur, at)?),
            '$' | '%' => {
                if cur.eat_str(&format!("{c}{{")) {
                    value.push(c);
                    value.push('{');
                } else if cur.peek() == Some('{') {
                    return Err(format!("template sequence \"{c}{{\" at byte {at}"));
                } else {
                    value.push(c);
                }
            }
            c => value.push(c),
        }
    }
}

/// Reads the rest of an escape sequence whose backslash was at byte `at`.
fn read_escape(cur: &mut Cursor<'_>, at: usize) -> Result<char, String> {
    match cur.next_char() {
        Some('n') => Ok('\n'),
        Some('r') => Ok('\r'),
        Some('t') => Ok('\t'),
        Some('"') => Ok('"'),
        Some('\\') => Ok('\\'),
        Some('u') => read_hex_char(cur, 4, at),
        Some('U') => read_hex_char(cur, 8, at),
        Some(other) => Err(format!(
            "invalid escape sequence {:?} at byte {at}",
            format!("\\{other}")
        )),
        None => Err(format!("unterminated escape sequence at byte {at}")),
    }
}

/// Reads exactly `digits` hex digits and returns the character they name.
fn read_hex_char(cur: &mut Cursor<'_>, digits: usize, at: usize) -> Result<char, String> {
    let mut cp: u32 = 0;
    for _ in 0..digits {
        let digit = cur
            .next_char()
            .and_then(|c| c.to_digit(16))
            .ok_or_else(|| format!("escape sequence at byte {at} needs {digits} hex digits"))?;
        cp = cp.saturating_mul(16).saturating_add(digit);
    }
    char::from_u32(cp)
        .ok_or_else(|| format!("escape sequence at byte {at} is not a Unicode scalar value"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quote(s: &str) -> String {
        let mut out = String::new();
        write_quoted(&mut out, s).unwrap();
        out
    }

    fn unquote(s: &str) -> Result<String, String> {
        let mut cur = Cursor::new(s);
        let v = read_quoted(&mut cur)?;
        assert!(cur.is_at_end(), "trailing input in {s:?}");
        Ok(v)
    }

    /// What Go's `strconv.Quote` gives for these strings.
    #[test]
    fn go_quote_quotes_as_go_does() {
        let cases = [
            ("", r#""""#),
            ("plain text, 100%", r#""plain text, 100%""#),
            ("a\"b\\c", r#""a\"b\\c""#),
            ("\x07\x08\x0c\n\r\t\x0b", r#""\a\b\f\n\r\t\v""#),
            ("\u{0}\u{1f}\u{7f}", r#""\x00\x1f\x7f""#),
            ("héllo wörld 😀", r#""héllo wörld 😀""#),
            ("nb\u{a0}sp\u{2028}", r#""nb\u00a0sp\u2028""#),
            ("\u{e000}\u{10ffff}", r#""\ue000\U0010ffff""#),
        ];
        for (input, want) in cases {
            assert_eq!(go_quote(input), want, "{input:?}");
        }
    }

    #[test]
    fn quotes_like_terraform() {
        let cases = [
            ("", r#""""#),
            ("a", r#""a""#),
            ("a\"b", r#""a\"b""#),
            ("back\\slash", r#""back\\slash""#),
            ("l1\nl2\r\t", r#""l1\nl2\r\t""#),
            ("${x}", r#""$${x}""#),
            ("%{x}", r#""%%{x}""#),
            ("$x %y $", r#""$x %y $""#),
            ("$${", r#""$$${""#),
            ("héllo wörld", r#""héllo wörld""#),
            ("\u{0}\u{7f}", r#""\u0000\u007f""#),
            ("nb\u{a0}sp", r#""nb\u00a0sp""#),
            ("soft\u{ad}", r#""soft\u00ad""#),
            ("\u{2028}", r#""\u2028""#),
            ("\u{e000}", r#""\ue000""#),
            ("\u{f0000}", r#""\U000f0000""#),
            ("\u{1f600}", "\"\u{1f600}\""),
            ("[\"]", r#""[\"]""#),
        ];
        for (raw, quoted) in cases {
            assert_eq!(quote(raw), quoted, "quoting {raw:?}");
            assert_eq!(unquote(quoted).as_deref(), Ok(raw), "unquoting {quoted:?}");
        }
    }

    #[test]
    fn unassigned_code_points_are_escaped() {
        // U+0378 is unassigned in Unicode 15.0.
        assert_eq!(quote("\u{378}"), r#""\u0378""#);
    }

    #[test]
    fn unquote_accepts_uppercase_hex() {
        assert_eq!(unquote(r#""\u00E9\U0001F600""#).unwrap(), "é😀");
    }

    #[test]
    fn unquote_rejects_bad_input() {
        for bad in [
            r#""abc"#,
            r#""\x41""#,
            r#""\u12""#,
            r#""\ud800""#,
            r#""\U00110000""#,
            r#""${x}""#,
            r#""%{x}""#,
            r#""\"#,
            "abc",
        ] {
            assert!(unquote(bad).is_err(), "{bad:?} should be rejected");
        }
    }
}
