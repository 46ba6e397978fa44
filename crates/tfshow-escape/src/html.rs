//! HTML text: entity escaping, for element content and quoted attribute values alike.

use std::borrow::Cow;

use crate::terminal;

/// `s` with `&`, `<`, `>`, `"` and `'` replaced by entities.
///
/// ```
/// use tfshow_escape::html::escape;
/// assert_eq!(escape("a & <b> \"c\" 'd'"), "a &amp; &lt;b&gt; &quot;c&quot; &#39;d&#39;");
/// ```
pub fn escape(s: &str) -> Cow<'_, str> {
    if !s.contains(['&', '<', '>', '"', '\'']) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 16);
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// `s` for one line of a page: control, bidi and zero-width characters shown visibly (as
/// [`terminal::line`] does), then [`escape`]d.
pub fn text(s: &str) -> String {
    escape(&terminal::line(s)).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_visible_and_escaped() {
        assert_eq!(text("<b>\u{202e}</b>"), "&lt;b&gt;\\u202e&lt;/b&gt;");
        assert!(matches!(escape("plain"), Cow::Borrowed(_)));
    }
}
