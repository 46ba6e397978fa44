//! Any bytes as a plan or state file, through every human view: none may panic, and what each
//! view writes for people holds no control, bidi or zero-width character from the input
//! (`show` on a terminal, summaries in text and markdown, the diff of the plan with itself).
//! Seeds: the oracle's plan and state files, including the hostile-strings case.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tfshow_render::summary::Summary;
use tfshow_render::{plan_diff, plan_text, state_text, Document, Kind, TextOptions};

/// Characters a view may write itself: newline, tab, and ESC only as the start of its own SGR
/// colour sequences (none here: colours are off).
fn assert_clean(view: &str, text: &str) {
    let bad: Vec<char> = text
        .chars()
        .filter(|&c| c != '\n' && c != '\t' && tfshow_escape::terminal::is_unsafe(c))
        .collect();
    assert!(bad.is_empty(), "{view} wrote raw {bad:?}");
}

fuzz_target!(|data: &[u8]| {
    let limits = tfshow_limits::Limits::default();
    let Ok(doc) = Document::load_for_views(data, None, &limits) else {
        return;
    };
    let opts = TextOptions {
        color: false,
        width: 78,
        terminal: true,
    };
    match doc.kind {
        Kind::State => assert_clean("state", &state_text::render(&doc, None, &opts)),
        Kind::Plan => {
            if let Ok(text) = plan_text::render(&doc, None, &opts) {
                assert_clean("plan", &text);
            }
            if let Ok(summary) = Summary::new(&doc, None) {
                assert_clean("summary text", &summary.text());
                for max in [usize::MAX, 2000, 200] {
                    assert_clean("summary markdown", &summary.markdown(max));
                }
            }
            if let Ok(d) = plan_diff::diff(&doc, &doc, None, None) {
                assert_clean("diff", &d.text());
            }
        }
    }
});
