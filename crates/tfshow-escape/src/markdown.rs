//! Markdown (GitHub Flavored) text: input can open no link, mention, autolink, image, raw
//! HTML, emphasis, heading or table cell.
//!
//! - [`code`] puts input in a code span whose fence is longer than any backtick run in it,
//!   so it cannot be closed early; inside a code span GitHub makes no links or mentions;
//! - [`code_cell`] is [`code`] for a table cell, where `|` must be escaped even in a code span;
//! - [`text`] keeps input as plain text: every ASCII punctuation character is backslash-escaped
//!   (which also stops autolinks, whose detection needs an unescaped `:` or `.`), and each `@`
//!   is put in a code span of its own, since GitHub finds mentions after escapes are undone.
//!
//! All three first show control, bidi and zero-width characters visibly, as
//! [`terminal::line`](crate::terminal::line()) does: markdown is read in terminals too, and a
//! newline would end a table row.

use std::borrow::Cow;

use crate::terminal;

/// `s` as an inline code span.
///
/// ```
/// use tfshow_escape::markdown::code;
/// assert_eq!(code("aws_instance.web"), "`aws_instance.web`");
/// assert_eq!(code("a``b"), "```a``b```");
/// assert_eq!(code("`x"), "`` `x ``");
/// ```
pub fn code(s: &str) -> String {
    fence(&terminal::line(s))
}

/// `s` as an inline code span inside a table cell: [`code`] with `|` escaped as `\|`, which
/// GFM turns back into `|` inside the span.
pub fn code_cell(s: &str) -> String {
    let visible = terminal::line(s);
    if visible.contains('|') {
        fence(&visible.replace('|', "\\|"))
    } else {
        fence(&visible)
    }
}

fn fence(s: &str) -> String {
    let longest = s.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let ticks = "`".repeat(longest + 1);
    // A span that starts or ends with a backtick needs a space so the fence stays separate;
    // CommonMark strips one space from each end when both ends have one.
    let pad = s.starts_with('`')
        || s.ends_with('`')
        || (s.len() > 1 && s.starts_with(' ') && s.ends_with(' ') && s.trim() != "");
    if s.is_empty() {
        // No empty code span exists; one space is the nearest (and is not stripped).
        return "` `".into();
    }
    let pad = if pad { " " } else { "" };
    format!("{ticks}{pad}{s}{pad}{ticks}")
}

/// `s` as plain markdown text (also safe in a table cell).
///
/// ```
/// use tfshow_escape::markdown::text;
/// assert_eq!(text("plain words"), "plain words");
/// assert_eq!(text("[x](y)"), "\\[x\\]\\(y\\)");
/// assert_eq!(text("hi @user"), "hi `@`user");
/// ```
pub fn text(s: &str) -> Cow<'_, str> {
    let visible = terminal::line(s);
    if !visible.chars().any(|c| c.is_ascii_punctuation()) {
        return visible;
    }
    let mut out = String::with_capacity(visible.len() + 8);
    for c in visible.chars() {
        match c {
            '@' => out.push_str("`@`"),
            c if c.is_ascii_punctuation() => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fences_outgrow_backtick_runs() {
        assert_eq!(code("a"), "`a`");
        assert_eq!(code("``<details open>``"), "``` ``<details open>`` ```");
        assert_eq!(code(""), "` `");
        assert_eq!(code("  "), "`  `");
        assert_eq!(code(" a "), "`  a  `");
        assert_eq!(code(" a"), "` a`");
    }

    #[test]
    fn cells_escape_pipes_and_newlines() {
        assert_eq!(code_cell("a|b"), "`a\\|b`");
        assert_eq!(code_cell("a\nb"), "`a\\u000ab`");
    }

    #[test]
    fn text_escapes_every_punctuation() {
        assert_eq!(
            text("<img src=x> *b* _i_ ~s~ ![a](b) | # \\"),
            "\\<img src\\=x\\> \\*b\\* \\_i\\_ \\~s\\~ \\!\\[a\\]\\(b\\) \\| \\# \\\\"
        );
        assert_eq!(text("https://x.io"), "https\\:\\/\\/x\\.io");
        assert_eq!(text("a\u{1b}b"), "a\\\\u001bb");
    }
}
