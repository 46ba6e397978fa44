//! Properties of every escaping layer over arbitrary strings (control, bidi and zero-width
//! characters and markdown punctuation are drawn often).

use proptest::prelude::*;
use tfshow_escape::{html, markdown, terminal};

/// Strings mixing plain text with everything the layers must neutralise.
fn hostile() -> impl Strategy<Value = String> {
    let pieces = prop_oneof![
        "[a-z ]{0,4}",
        Just("\u{1b}]0;title\u{7}".to_owned()),
        Just("\u{1b}[2J".to_owned()),
        Just("\u{9b}31m".to_owned()),
        Just("\r\n\t".to_owned()),
        Just("\u{202e}\u{2066}\u{200b}\u{feff}\u{2028}".to_owned()),
        Just("`".to_owned()),
        Just("``".to_owned()),
        Just("|".to_owned()),
        Just("\\".to_owned()),
        Just("<img src=x>".to_owned()),
        Just("[t](https://e.x)".to_owned()),
        Just("@user".to_owned()),
        Just("www.e.x".to_owned()),
        any::<char>().prop_map(String::from),
    ];
    prop::collection::vec(pieces, 0..12).prop_map(|v| v.concat())
}

/// The longest run of backticks in `s`.
fn longest_run(s: &str) -> usize {
    s.split(|c| c != '`').map(str::len).max().unwrap_or(0)
}

proptest! {
    #[test]
    fn terminal_lines_hold_no_unsafe_character(s in hostile()) {
        let line = terminal::line(&s);
        prop_assert!(!line.chars().any(terminal::is_unsafe), "{line:?}");
        let text = terminal::text(&s);
        prop_assert!(
            !text.chars().any(|c| terminal::is_unsafe(c) && c != '\n' && c != '\t'),
            "{text:?}"
        );
        prop_assert_eq!(terminal::Line(&s).to_string(), line.as_ref());
    }

    #[test]
    fn code_spans_cannot_be_closed_early(s in hostile()) {
        let span = markdown::code(&s);
        let fence = span.chars().take_while(|&c| c == '`').count();
        prop_assert!(fence > 0 && span.ends_with(&"`".repeat(fence)));
        let inner = &span[fence..span.len() - fence];
        prop_assert!(longest_run(inner) < fence, "{span:?}");
        prop_assert!(!inner.starts_with('`') && !inner.ends_with('`'));
        prop_assert!(!span.chars().any(terminal::is_unsafe));
        let cell = markdown::code_cell(&s);
        // Every pipe in a cell is escaped.
        let bytes = cell.as_bytes();
        for (i, b) in bytes.iter().enumerate() {
            if *b == b'|' {
                prop_assert!(i > 0 && bytes[i - 1] == b'\\', "{cell:?}");
            }
        }
    }

    #[test]
    fn markdown_text_escapes_every_punctuation(s in hostile()) {
        let t = markdown::text(&s);
        prop_assert!(!t.chars().any(terminal::is_unsafe));
        let mut chars = t.chars().peekable();
        let mut in_at_span = false;
        while let Some(c) = chars.next() {
            if c == '`' {
                // Only the `@` spans this layer writes itself: "`@`".
                if !in_at_span {
                    prop_assert_eq!(chars.next(), Some('@'));
                    in_at_span = true;
                } else {
                    in_at_span = false;
                }
                continue;
            }
            if c == '\\' {
                let next = chars.next();
                prop_assert!(next.is_some_and(|n| n.is_ascii_punctuation()), "{t:?}");
                continue;
            }
            prop_assert!(!c.is_ascii_punctuation() || c == '@', "{c:?} raw in {t:?}");
        }
    }

    #[test]
    fn html_holds_no_markup(s in hostile()) {
        let e = html::escape(&s);
        prop_assert!(!e.contains(['<', '>', '"', '\'']));
        let t = html::text(&s);
        prop_assert!(!t.contains(['<', '>', '"', '\'']));
        prop_assert!(!t.chars().any(terminal::is_unsafe));
    }
}
