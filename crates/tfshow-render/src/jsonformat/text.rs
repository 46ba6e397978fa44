//! Text primitives shared by the renderers: colour markup, Go's `%q` quoting, HCL identifier
//! checks, padding by characters (to a bounded column), word wrapping, and input text shown
//! visibly on a terminal.

use std::borrow::Cow;

/// The colour markup Terraform writes (`[bold]`, `[red]`, …) and the SGR codes they stand for.
const COLORS: &[(&str, &str)] = &[
    ("default", "39"),
    ("_default_", "49"),
    ("black", "30"),
    ("red", "31"),
    ("green", "32"),
    ("yellow", "33"),
    ("blue", "34"),
    ("magenta", "35"),
    ("cyan", "36"),
    ("light_gray", "37"),
    ("dark_gray", "90"),
    ("light_red", "91"),
    ("light_green", "92"),
    ("light_yellow", "93"),
    ("light_blue", "94"),
    ("light_magenta", "95"),
    ("light_cyan", "96"),
    ("white", "97"),
    ("_black_", "40"),
    ("_red_", "41"),
    ("_green_", "42"),
    ("_yellow_", "43"),
    ("_blue_", "44"),
    ("_magenta_", "45"),
    ("_cyan_", "46"),
    ("_light_gray_", "47"),
    ("_dark_gray_", "100"),
    ("_light_red_", "101"),
    ("_light_green_", "102"),
    ("_light_yellow_", "103"),
    ("_light_blue_", "104"),
    ("_light_magenta_", "105"),
    ("_light_cyan_", "106"),
    ("_white_", "107"),
    ("bold", "1"),
    ("dim", "2"),
    ("underline", "4"),
    ("blink_slow", "5"),
    ("blink_fast", "6"),
    ("invert", "7"),
    ("hidden", "8"),
    ("reset", "0"),
    ("reset_bold", "21"),
];

fn color_code(name: &str) -> Option<&'static str> {
    COLORS.iter().find(|(n, _)| *n == name).map(|(_, c)| *c)
}

/// Length of a `[name]` tag starting at `s[0] == b'['` (name of ASCII letters, digits, `_`, `-`).
fn tag_len(s: &[u8]) -> Option<usize> {
    let mut i = 1;
    while i < s.len() && (s[i].is_ascii_alphanumeric() || s[i] == b'_' || s[i] == b'-') {
        i += 1;
    }
    (i > 1 && s.get(i) == Some(&b']')).then_some(i + 1)
}

/// Applies colour markup the way Terraform's colorizer does: every `[name]` tag whose name is
/// a known colour becomes an SGR sequence (or nothing when `enabled` is false); unknown tags
/// stay as they are; a reset is appended when any colour was applied.
pub(crate) fn colorize(s: &str, enabled: bool) -> String {
    let bytes = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut colored = false;
    let mut last = 0;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'[' {
            if let Some(n) = tag_len(&bytes[i..]) {
                out.push_str(&s[last..i]);
                let name = &s[i + 1..i + n - 1];
                match color_code(name) {
                    Some(code) => {
                        colored = true;
                        if enabled {
                            out.push_str("\x1b[");
                            out.push_str(code);
                            out.push('m');
                        }
                    }
                    None => out.push_str(&s[i..i + n]),
                }
                i += n;
                last = i;
                continue;
            }
        }
        i += 1;
    }
    out.push_str(&s[last..]);
    if colored && enabled {
        out.push_str("\x1b[0m");
    }
    out
}

pub(crate) use tfshow_addrs::{go_quote, push_go_quoted};

pub(crate) use tfshow_addrs::is_identifier as valid_identifier;

/// `name` as Terraform prints an attribute name: unchanged when it is a valid identifier,
/// quoted otherwise.
pub(crate) fn attribute_name(name: &str) -> Cow<'_, str> {
    if valid_identifier(name) {
        Cow::Borrowed(name)
    } else {
        Cow::Owned(go_quote(name))
    }
}

/// The longest key that widens a column of aligned keys, in bytes.
///
/// Terraform pads every key of a block or map to the longest one, so one huge key (a map key
/// of a megabyte) would pad every other line to its length. Keys longer than this are written
/// unpadded and leave the column as the other keys make it; real keys are far shorter
/// (Kubernetes label keys, among the longest, have at most 317 characters).
pub(crate) const MAX_COLUMN: usize = 512;

/// The width keys of these lengths (in bytes, as Terraform measures them) are padded to: the
/// longest of them, not counting those over [`MAX_COLUMN`].
pub(crate) fn column_width(lengths: impl IntoIterator<Item = usize>) -> usize {
    lengths
        .into_iter()
        .filter(|&n| n <= MAX_COLUMN)
        .max()
        .unwrap_or(0)
}

/// `s`, text from the input, as a view writes it: on a terminal (`terminal`) with every
/// control, bidi and zero-width character shown visibly ([`tfshow_escape::terminal::line`]),
/// otherwise as it is (Terraform's bytes).
pub(crate) fn shown(s: &str, terminal: bool) -> Cow<'_, str> {
    if terminal {
        tfshow_escape::terminal::line(s)
    } else {
        Cow::Borrowed(s)
    }
}

/// `s` padded with spaces to `width` characters (Go's `%-*s`, which counts characters).
pub(crate) fn pad(s: &str, width: usize) -> String {
    let mut out = String::with_capacity(s.len().max(width));
    push_padded(&mut out, s, width);
    out
}

/// Writes `s` padded with spaces to `width` characters (Go's `%-*s`, which counts
/// characters).
pub(crate) fn push_padded(out: &mut String, s: &str, width: usize) {
    out.push_str(s);
    let n = if s.is_ascii() {
        s.len()
    } else {
        s.chars().count()
    };
    out.extend(std::iter::repeat_n(' ', width.saturating_sub(n)));
}

/// Whitespace as Go's `unicode.IsSpace` defines it.
fn is_go_space(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\x0b' | '\x0c' | '\r' | ' ' | '\u{85}' | '\u{a0}' | '\u{1680}'
    ) || ('\u{2000}'..='\u{200a}').contains(&c)
        || matches!(
            c,
            '\u{2028}' | '\u{2029}' | '\u{202f}' | '\u{205f}' | '\u{3000}'
        )
}

/// `s` without leading and trailing whitespace (Go's `strings.TrimSpace`).
pub(crate) fn trim_space(s: &str) -> &str {
    s.trim_matches(is_go_space)
}

/// Wraps one line of text at white space so that lines are at most `lim` characters long,
/// except where a single word is longer.
fn wrap_line(s: &str, lim: usize) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    let mut current = 0usize;
    let mut word = String::new();
    let mut word_len = 0usize;
    let mut space = String::new();
    let mut space_len = 0usize;
    for c in s.chars() {
        if c == '\n' {
            if word.is_empty() {
                if current + space_len <= lim {
                    out.push_str(&space);
                }
                space.clear();
                space_len = 0;
            } else {
                out.push_str(&space);
                space.clear();
                space_len = 0;
                out.push_str(&word);
                word.clear();
                word_len = 0;
            }
            out.push(c);
            current = 0;
        } else if is_go_space(c) && c != '\u{a0}' {
            if space.is_empty() || !word.is_empty() {
                current += space_len + word_len;
                out.push_str(&space);
                space.clear();
                space_len = 0;
                out.push_str(&word);
                word.clear();
                word_len = 0;
            }
            space.push(c);
            space_len += 1;
        } else {
            word.push(c);
            word_len += 1;
            if current + space_len + word_len > lim && word_len < lim {
                out.push('\n');
                current = 0;
                space.clear();
                space_len = 0;
            }
        }
    }
    if word.is_empty() {
        if current + space_len <= lim {
            out.push_str(&space);
        }
    } else {
        out.push_str(&space);
        out.push_str(&word);
    }
    out
}

/// Word-wraps `s` to `width` columns the way Terraform wraps its notes: each line on its
/// own, lines starting with a space left alone.
pub(crate) fn word_wrap(s: &str, width: usize) -> String {
    if width <= 1 {
        return s.to_owned();
    }
    let mut out = String::with_capacity(s.len() + 8);
    for (i, line) in s.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        if line.starts_with(' ') {
            out.push_str(line);
        } else {
            out.push_str(&wrap_line(line, width - 1));
        }
    }
    out
}

/// A horizontal rule of `width - 1` box-drawing characters after a newline.
pub(crate) fn horizontal_rule(color: bool, width: usize) -> String {
    if width <= 1 {
        return "\n".to_owned();
    }
    let rule = "─".repeat(width - 1);
    colorize(&format!("[dark_gray]\n{rule}"), color)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_like_go() {
        assert_eq!(go_quote("a\"b\\c"), r#""a\"b\\c""#);
        assert_eq!(go_quote("ctl\u{2}"), r#""ctl\x02""#);
        assert_eq!(go_quote("\u{2028}"), r#""\u2028""#);
        assert_eq!(go_quote("é😀"), "\"é😀\"");
        assert_eq!(go_quote("\u{a0}"), r#""\u00a0""#);
        assert_eq!(go_quote("tab\there\n"), r#""tab\there\n""#);
        assert_eq!(go_quote("\u{7f}"), r#""\x7f""#);
    }

    #[test]
    fn colour_markup() {
        assert_eq!(colorize("[bold]x[reset] [brackets]", false), "x [brackets]");
        assert_eq!(
            colorize("[bold]x[reset]", true),
            "\x1b[1mx\x1b[0m\x1b[0m".to_owned()
        );
        assert_eq!(colorize("[[red]]", false), "[]");
        assert_eq!(colorize("plain", true), "plain");
    }

    #[test]
    fn wraps_like_terraform() {
        let s = "\nTerraform used the selected providers to generate the following execution plan. Resource actions are indicated with the following symbols:";
        assert_eq!(
            word_wrap(s, 78),
            "\nTerraform used the selected providers to generate the following execution\nplan. Resource actions are indicated with the following symbols:"
        );
    }

    #[test]
    fn columns_ignore_huge_keys() {
        assert_eq!(column_width([3, 10, 7]), 10);
        assert_eq!(column_width([3, MAX_COLUMN + 1, 7]), 7);
        assert_eq!(column_width([MAX_COLUMN, 1_000_000]), MAX_COLUMN);
        assert_eq!(column_width([]), 0);
    }

    #[test]
    fn input_is_shown_visibly_only_on_a_terminal() {
        assert_eq!(shown("a\u{1b}[2J\u{202e}", true), "a\\u001b[2J\\u202e");
        assert_eq!(shown("a\u{1b}[2J", false), "a\u{1b}[2J");
        assert!(matches!(shown("plain", true), Cow::Borrowed(_)));
    }

    #[test]
    fn identifiers() {
        assert!(valid_identifier("abc_d-e1"));
        assert!(!valid_identifier("1abc"));
        assert!(!valid_identifier("b&"));
        assert!(!valid_identifier(""));
    }
}
