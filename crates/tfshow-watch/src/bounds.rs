//! How much of a stream `watch` keeps: a stream may grow to gigabytes (millions of lines,
//! lines of up to `--limit line-length`, one giant diagnostic), so everything stored is
//! bounded in number and every field in length; what is dropped is counted and said.

use std::borrow::Cow;

/// Resources tracked one by one; later ones are only counted.
pub const MAX_TRACKED: usize = 100_000;
/// Rows of the report's table; the others are folded into a count (failures and the slowest
/// are kept).
pub const MAX_SHOWN_ROWS: usize = 100;
/// Apply steps kept per resource (finished ones are folded into counts beyond this).
pub const MAX_OPS: usize = 8;
/// Planned actions kept per resource.
pub const MAX_PLANNED: usize = 4;
/// Errored provisioners named per resource.
pub const MAX_PROVISIONERS: usize = 4;
/// Error diagnostics kept (the first ones); the rest are counted.
pub const MAX_ERROR_DIAGNOSTICS: usize = 50;
/// Other diagnostics (warnings) kept (the first ones); the rest are counted.
pub const MAX_OTHER_DIAGNOSTICS: usize = 50;
/// Outputs kept (the first ones); the rest are counted.
pub const MAX_OUTPUTS: usize = 100;
/// Resource names listed under the verdict (errored, unfinished) and on standard error.
pub const MAX_NAMED: usize = 100;
/// Unreadable lines reported one by one on standard error.
pub const MAX_WARNINGS: u64 = 100;

/// Bytes kept of a one-line field: an address, a message, a summary, a name.
pub const FIELD: usize = 1024;
/// Bytes kept of an action name (`create`, …; anything longer is not a real one).
pub const ACTION: usize = 64;
/// Bytes kept of a diagnostic's detail.
pub const DETAIL: usize = 16 * 1024;
/// Bytes kept of a diagnostic's source snippet.
pub const SNIPPET: usize = 4 * 1024;
/// Lines kept of a diagnostic's source snippet.
pub const SNIPPET_LINES: usize = 20;
/// Expression values kept per snippet.
pub const SNIPPET_VALUES: usize = 20;
/// Characters of an output's value shown.
pub const OUTPUT_VALUE: usize = 200;
/// Characters of an (escaped) table cell shown.
pub const CELL: usize = 200;

/// `s` cut to at most `max` bytes on a character boundary, with `…` when cut.
pub fn cut(s: &str, max: usize) -> String {
    cut_str(s, max).into_owned()
}

/// [`cut`], borrowing `s` when it fits.
pub fn cut_str(s: &str, max: usize) -> Cow<'_, str> {
    if s.len() <= max {
        return Cow::Borrowed(s);
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    let mut t = String::with_capacity(end + 3);
    t.push_str(&s[..end]);
    t.push('…');
    Cow::Owned(t)
}

/// `s` cut to at most `max` characters, with `…` when cut.
pub fn cut_chars(s: &str, max: usize) -> String {
    match s.char_indices().nth(max) {
        None => s.to_owned(),
        Some(_) => {
            let mut t: String = s.chars().take(max.saturating_sub(1)).collect();
            t.push('…');
            t
        }
    }
}

/// `n` with thousands separators: `1,234,567`.
pub fn count(n: u64) -> String {
    let digits = n.to_string();
    let first = match digits.len() % 3 {
        0 => 3.min(digits.len()),
        r => r,
    };
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    out.push_str(&digits[..first]);
    for group in digits.as_bytes()[first..].chunks(3) {
        out.push(',');
        out.push_str(std::str::from_utf8(group).unwrap_or_default());
    }
    out
}

/// `"s"` when `n` is not one.
pub fn plural(n: u64) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuts_on_character_boundaries() {
        assert_eq!(cut("abc", 3), "abc");
        assert_eq!(cut("abcd", 3), "abc…");
        assert_eq!(cut("aé", 2), "a…");
        assert_eq!(cut_chars("日本語", 3), "日本語");
        assert_eq!(cut_chars("日本語x", 3), "日本…");
    }

    #[test]
    fn counts() {
        assert_eq!(count(0), "0");
        assert_eq!(count(999), "999");
        assert_eq!(count(1000), "1,000");
        assert_eq!(count(1_234_567), "1,234,567");
    }
}
