//! The text views with `TextOptions::terminal`: every control, bidi and zero-width character
//! from the input shown visibly, the view's colours kept, and nothing else changed. Expected
//! text is what Terraform printed (`plan.txt`), with those characters shown visibly by the
//! terminal escaping layer (`tfshow_escape::terminal::text`, which keeps newlines and tabs).

use std::path::{Path, PathBuf};
use tfshow_json::document::PlanDocument;

use tfshow_json::show::Limits;
use tfshow_render::{plan_text, state_text, Document, TextOptions};
use tfshow_schema::Schemas;

fn scenarios() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/oracle/scenarios")
}

/// The real Terraform 1.11.4 plan with terminal escapes, bidi and zero-width characters in
/// its keys and values, and every Terraform 1.15.5 case.
fn cases() -> Vec<PathBuf> {
    let mut out = vec![scenarios().join("hostile_strings/tf-1.11.4")];
    for scenario in std::fs::read_dir(scenarios()).expect("scenarios") {
        let dir = scenario.expect("entry").path().join("tf-1.15.5");
        if dir.join("plan.tfplan").is_file() && dir.join("plan.txt").is_file() {
            out.push(dir);
        }
    }
    out
}

fn schemas(dir: &Path) -> Option<Schemas> {
    std::fs::read(dir.join("schemas.json"))
        .ok()
        .map(|b| Schemas::from_json(&b).expect("schemas"))
}

fn terminal(color: bool) -> TextOptions {
    TextOptions {
        color,
        terminal: true,
        ..TextOptions::default()
    }
}

/// `s` without the SGR sequences of the renderer's colours (`ESC [ digits m`); any other ESC
/// stays.
fn strip_sgr(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find("\x1b[") {
        out.push_str(&rest[..i]);
        let after = &rest[i + 2..];
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        if (1..=3).contains(&digits) && after.as_bytes().get(digits) == Some(&b'm') {
            rest = &after[digits + 1..];
        } else {
            out.push('\x1b');
            rest = &rest[i + 1..];
        }
    }
    out.push_str(rest);
    out
}

/// Characters that must not reach a terminal raw (newline and tab may).
fn unsafe_chars(s: &str) -> Vec<char> {
    s.chars()
        .filter(|&c| c != '\n' && c != '\t' && tfshow_escape::terminal::is_unsafe(c))
        .collect()
}

#[test]
fn plans_on_a_terminal_are_terraforms_text_shown_visibly() {
    let cases = cases();
    assert!(cases.len() > 40);
    for dir in &cases {
        let schemas = schemas(dir);
        let bytes = std::fs::read(dir.join("plan.tfplan")).expect("plan");
        let doc = PlanDocument::load(&bytes, schemas.as_ref(), &Limits::default()).expect("doc");
        let want = std::fs::read_to_string(dir.join("plan.txt")).expect("plan.txt");
        let plain = plan_text::render(&doc, &TextOptions::default()).unwrap();
        assert_eq!(plain, want, "{}", dir.display());
        let want_visible = tfshow_escape::terminal::text(&want);
        for color in [false, true] {
            let text = plan_text::render(&doc, &terminal(color)).unwrap();
            let text = if color { strip_sgr(&text) } else { text };
            assert_eq!(unsafe_chars(&text), [], "{}", dir.display());
            assert!(text == want_visible, "{} (colour {color})", dir.display());
        }
    }
}

#[test]
fn the_hostile_plan_differs_on_a_terminal() {
    let dir = scenarios().join("hostile_strings/tf-1.11.4");
    let schemas = schemas(&dir);
    let bytes = std::fs::read(dir.join("plan.tfplan")).unwrap();
    let doc = PlanDocument::load(&bytes, schemas.as_ref(), &Limits::default()).unwrap();
    let plain = plan_text::render(&doc, &TextOptions::default()).unwrap();
    assert_eq!(
        unsafe_chars(&plain),
        ['\r', '\r', '\r', '\r', '\r', '\u{1b}']
    );
    let text = strip_sgr(&plan_text::render(&doc, &terminal(true)).unwrap());
    assert!(
        text.contains("            break\\u000dreturn\\u001b[0m\n"),
        "{text}"
    );
    // The colours the view writes itself.
    let colored = plan_text::render(&doc, &terminal(true)).unwrap();
    assert!(colored.contains("\x1b[1m  # terraform_data.hostile["));
    assert!(colored.contains("\x1b[32m+\x1b[0m"));
}

#[test]
fn colour_markup_in_input_is_not_applied_on_a_terminal() {
    // Terraform reads colour markup in addresses (`[hidden]`, `[red]`) as its own; so does
    // tfshow off a terminal (same bytes), while on a terminal it prints it as it is.
    let dir = scenarios().join("hostile_strings/tf-1.11.4");
    let schemas = schemas(&dir);
    let bytes = std::fs::read(dir.join("plan.tfplan")).unwrap();
    let doc = PlanDocument::load(&bytes, schemas.as_ref(), &Limits::default()).unwrap();
    let changes = doc.changes().unwrap();
    let mut rc = (0..changes.len())
        .map(|i| changes.get(i).unwrap())
        .find(|rc| rc.address == r#"terraform_data.hostile["pipe|in|key"]"#)
        .unwrap();
    rc.address = r#"terraform_data.hostile["[hidden]pipe[reset]"]"#.into();
    let render = |opts: &TextOptions| {
        plan_text::resource_text(&rc, &doc, opts).expect("the change is shown")
    };
    let plain = render(&TextOptions::default());
    assert!(plain.contains("  # terraform_data.hostile[\"pipe\"] will be created\n"));
    for color in [false, true] {
        let text = render(&terminal(color));
        assert!(!text.contains("\x1b[8m"));
        let text = strip_sgr(&text);
        assert!(
            text.contains("  # terraform_data.hostile[\"[hidden]pipe[reset]\"] will be created\n"),
            "{text}"
        );
    }
}

#[test]
fn states_on_a_terminal_show_input_visibly() {
    let dir = scenarios().join("hostile_strings/tf-1.11.4");
    let schemas = schemas(&dir);
    let bytes = std::fs::read(dir.join("terraform.tfstate")).unwrap();
    let doc = Document::load(&bytes, schemas.as_ref(), &Limits::default()).unwrap();
    let plain = state_text::render(&doc, schemas.as_ref(), &TextOptions::default());
    assert!(
        !unsafe_chars(&plain).is_empty(),
        "the state holds raw controls"
    );
    for color in [false, true] {
        let text = state_text::render(&doc, schemas.as_ref(), &terminal(color));
        let text = strip_sgr(&text);
        assert_eq!(unsafe_chars(&text), []);
        assert_eq!(text, tfshow_escape::terminal::text(&plain));
    }
}
