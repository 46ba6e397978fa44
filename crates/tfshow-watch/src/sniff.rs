//! Whether an input is a `-json` UI stream at all, decided from its first bytes and its first
//! lines, so that `watch` can refuse Terraform's human output (`-json` forgotten), a plan file,
//! a JSON plan or a state with a hint, instead of reporting "no errors" about it.
//!
//! The rules, in order:
//! - the first bytes ([`Sniffer::head`]): a zip (`PK\x03\x04`) or a legacy plan is a plan
//!   file; a first line with NUL bytes or bytes that are not UTF-8 is binary; a JSON object
//!   whose first key starts with `@` is a stream, one whose first key is `format_version` a JSON
//!   plan or state (`terraform show -json`), one that starts with `version` and has a
//!   `lineage` or `serial` a state file (this catches documents printed over many lines);
//! - then line by line ([`Sniffer::item`]), until the first message: a message (or a
//!   malformed one, with `@level`) makes it a stream; a line that is not UTF-8 is binary; a
//!   line that is JSON but not a message (no `@level`) is refused at once, told apart by
//!   [`tfshow_planfile::sniff::sniff()`] as the other commands tell their input apart; after
//!   [`TEXT_LINES`] lines of text with no message it is human output;
//! - at the end ([`Sniffer::end`]): text with no message at all is human output; nothing at
//!   all is an empty stream (not refused).

use std::fmt;

use tfshow_ui::{LineError, Message, ParseError, Problem};

/// Lines of text (not JSON) read before the input is taken for human output.
pub const TEXT_LINES: u32 = 5;

/// What an input that is not a `-json` stream is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotAStream {
    /// Text: Terraform's human output (`-json` forgotten) or anything else.
    HumanOutput,
    /// A plan file (a zip).
    PlanFile,
    /// A JSON plan (`terraform show -json PLAN`).
    JsonPlan,
    /// A state file, or the JSON of a state (`terraform show -json`).
    State,
    /// An OpenTofu-encrypted plan or state.
    Encrypted,
    /// JSON that is none of the above.
    OtherJson,
    /// Binary data.
    Binary,
    /// A first line longer than any message.
    LongLine,
}

impl fmt::Display for NotAStream {
    /// What the input is and what to run instead; names `-json`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const USE: &str = "tfshow watch reads the output of terraform apply -json (or plan -json)";
        match self {
            NotAStream::HumanOutput => write!(
                f,
                "this looks like Terraform's human output, not a -json stream: run terraform apply -json | tfshow watch"
            ),
            NotAStream::PlanFile => write!(
                f,
                "this is a plan file, not a -json stream: use tfshow show or tfshow ui for it; {USE}"
            ),
            NotAStream::JsonPlan => write!(
                f,
                "this is a JSON plan (terraform show -json), not a -json stream: use tfshow show or tfshow summary for it; {USE}"
            ),
            NotAStream::State => write!(
                f,
                "this is a state, not a -json stream: use tfshow show for it; {USE}"
            ),
            NotAStream::Encrypted => write!(
                f,
                "this is an OpenTofu-encrypted plan or state, not a -json stream: use tfshow show for it; {USE}"
            ),
            NotAStream::OtherJson => write!(
                f,
                "this is JSON but not Terraform's -json stream (one message per line, each with @level and type); {USE}"
            ),
            NotAStream::Binary => {
                write!(f, "this is binary data, not a -json stream; {USE}")
            }
            NotAStream::LongLine => write!(
                f,
                "the first line is longer than any message, not a -json stream; {USE}"
            ),
        }
    }
}

/// What is known so far about an input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A `-json` stream.
    Stream,
    /// Not known yet.
    Undecided,
    /// Not a `-json` stream: refuse it.
    Refuse(NotAStream),
}

/// Decides whether an input is a `-json` stream; see [the module](self) for the rules.
///
/// ```
/// use tfshow_watch::sniff::{NotAStream, Sniffer, Verdict};
///
/// let mut s = Sniffer::default();
/// assert_eq!(s.head(b"PK\x03\x04\x14\x00"), Verdict::Refuse(NotAStream::PlanFile));
/// let mut s = Sniffer::default();
/// assert_eq!(s.head(b"{\"@level\":\"info\",\"@message\":\"Terraform 1.15.5\""), Verdict::Stream);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Sniffer {
    verdict: Option<Verdict>,
    text_lines: u32,
}

impl Sniffer {
    /// The verdict so far.
    pub fn verdict(&self) -> Verdict {
        self.verdict.unwrap_or(Verdict::Undecided)
    }

    fn decide(&mut self, v: Verdict) -> Verdict {
        if v != Verdict::Undecided && self.verdict.is_none() {
            self.verdict = Some(v);
        }
        self.verdict()
    }

    /// Looks at the first bytes of the input (as many as one read gave; more is better).
    pub fn head(&mut self, bytes: &[u8]) -> Verdict {
        if self.verdict.is_some() {
            return self.verdict();
        }
        let v = head_verdict(bytes);
        self.decide(v)
    }

    /// Looks at one item of the input, as [`tfshow_ui::Reader`] read it.
    pub fn item(&mut self, item: &Result<Message, LineError>) -> Verdict {
        if self.verdict.is_some() {
            return self.verdict();
        }
        let v = match item {
            Ok(_) => Verdict::Stream,
            Err(e) => match (&e.problem, e.text.as_deref()) {
                (Problem::Parse(ParseError::UnsupportedVersion { .. }), _) => Verdict::Stream,
                (Problem::Parse(ParseError::NotUtf8), text) => {
                    if text.is_some_and(|t| t.trim_start().starts_with("PK\u{3}\u{4}")) {
                        Verdict::Refuse(NotAStream::PlanFile)
                    } else {
                        Verdict::Refuse(NotAStream::Binary)
                    }
                }
                (Problem::Parse(ParseError::NotJson { .. } | ParseError::Truncated { .. }), _) => {
                    self.text_lines += 1;
                    if self.text_lines >= TEXT_LINES {
                        Verdict::Refuse(NotAStream::HumanOutput)
                    } else {
                        Verdict::Undecided
                    }
                }
                (Problem::Parse(_), Some(text)) => json_verdict(text, true),
                (Problem::Parse(_), None) => Verdict::Undecided,
                (Problem::TooLong { .. }, _) => Verdict::Refuse(NotAStream::LongLine),
                (Problem::Io(_), _) => Verdict::Undecided,
            },
        };
        self.decide(v)
    }

    /// The verdict at the end of the input: text and no message is human output; an empty
    /// input stays undecided.
    pub fn end(&mut self) -> Verdict {
        if self.verdict.is_none() && self.text_lines > 0 {
            self.verdict = Some(Verdict::Refuse(NotAStream::HumanOutput));
        }
        self.verdict()
    }
}

/// The verdict on a JSON line, `complete`, or on the start of a JSON document, from its keys.
/// A whole line is told apart by [`tfshow_planfile::sniff::sniff()`], as the other commands tell their
/// input apart; the start of a document (a state or a plan printed over many lines) by its
/// first keys.
fn json_verdict(text: &str, complete: bool) -> Verdict {
    use tfshow_planfile::sniff::{sniff, Kind};
    let t = text.trim_start_matches(['\u{feff}', ' ', '\t', '\r', '\n']);
    let Some(rest) = t.strip_prefix('{') else {
        return Verdict::Refuse(NotAStream::OtherJson);
    };
    let rest = rest.trim_start();
    let first_key = rest
        .strip_prefix('"')
        .and_then(|r| r.split_once('"'))
        .map(|(k, _)| k);
    let has = |key: &str| t.contains(&format!("\"{key}\""));
    if first_key.is_some_and(|k| k.starts_with('@')) || (has("@level") && has("type")) {
        return Verdict::Stream;
    }
    // `providers schema -json` starts with `format_version` too.
    if has("provider_schemas") {
        return Verdict::Refuse(NotAStream::OtherJson);
    }
    if complete {
        match sniff(t.as_bytes(), &tfshow_planfile::Limits::default()) {
            Kind::PlanZip | Kind::LegacyPlan => return Verdict::Refuse(NotAStream::PlanFile),
            Kind::State | Kind::StateJson => return Verdict::Refuse(NotAStream::State),
            Kind::PlanJson => return Verdict::Refuse(NotAStream::JsonPlan),
            Kind::OpenTofuEncrypted => return Verdict::Refuse(NotAStream::Encrypted),
            Kind::CloudBookmark { .. } | Kind::Unknown => {}
        }
    }
    match first_key {
        Some("format_version") => {
            if has("planned_values") || has("resource_changes") || has("prior_state") {
                Verdict::Refuse(NotAStream::JsonPlan)
            } else if has("values") {
                Verdict::Refuse(NotAStream::State)
            } else {
                // Maybe further on than was read.
                Verdict::Refuse(NotAStream::OtherJson)
            }
        }
        Some("version") if has("lineage") || has("serial") || has("terraform_version") => {
            Verdict::Refuse(NotAStream::State)
        }
        _ if has("encryption_version") => Verdict::Refuse(NotAStream::Encrypted),
        _ => Verdict::Refuse(NotAStream::OtherJson),
    }
}

fn head_verdict(bytes: &[u8]) -> Verdict {
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    let start = bytes
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(bytes.len());
    let bytes = &bytes[start..];
    if bytes.is_empty() {
        return Verdict::Undecided;
    }
    if bytes.starts_with(b"PK\x03\x04") || bytes.starts_with(b"tfplan") {
        return Verdict::Refuse(NotAStream::PlanFile);
    }
    // The first line must be text (a message is one line of UTF-8 JSON); later lines in this
    // chunk may be anything (Terraform prints text into the stream).
    let first = bytes.split(|&b| b == b'\n').next().unwrap_or_default();
    match std::str::from_utf8(first) {
        // Cut in the middle of a character by the read is not an error.
        Err(e) if e.error_len().is_some() => return Verdict::Refuse(NotAStream::Binary),
        _ if first.contains(&0) => return Verdict::Refuse(NotAStream::Binary),
        _ => {}
    }
    let text = match std::str::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or_default(),
    };
    if !text.starts_with('{') {
        return Verdict::Undecided;
    }
    match json_verdict(text, false) {
        // A JSON object whose keys say nothing yet: the lines decide.
        Verdict::Refuse(NotAStream::OtherJson) => Verdict::Undecided,
        v => v,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tfshow_ui::Reader;

    /// The verdict on a whole input, read as `watch` reads it.
    fn verdict(input: &[u8]) -> Verdict {
        let mut s = Sniffer::default();
        if s.head(&input[..input.len().min(4096)]) != Verdict::Undecided {
            return s.verdict();
        }
        for item in Reader::new(input) {
            if s.item(&item) != Verdict::Undecided {
                return s.verdict();
            }
        }
        s.end()
    }

    const VERSION: &str = r#"{"@level":"info","@message":"Terraform 1.15.5","@module":"terraform.ui","@timestamp":"2026-01-01T00:00:00.000000Z","terraform":"1.15.5","type":"version","ui":"1.3"}"#;

    #[test]
    fn table() {
        let human = "\nTerraform used the selected providers to generate the following execution\nplan. Resource actions are indicated with the following symbols:\n  + create\n\nTerraform will perform the following actions:\n";
        let stream = format!("{VERSION}\n");
        let text_after = format!("{VERSION}\nnot json\nnot json\nnot json\nnot json\nnot json\n");
        let bad_utf8 = [stream.as_bytes(), b"\xff\xfe\n"].concat();
        let cases: &[(&str, &[u8], Verdict)] = &[
            ("a stream", stream.as_bytes(), Verdict::Stream),
            ("text after the first message", text_after.as_bytes(), Verdict::Stream),
            ("human output", human.as_bytes(), Verdict::Refuse(NotAStream::HumanOutput)),
            ("two lines of text", b"No changes.\nYour infrastructure matches.\n", Verdict::Refuse(NotAStream::HumanOutput)),
            ("empty", b"", Verdict::Undecided),
            ("blank", b"\n\n  \n", Verdict::Undecided),
            ("a zip", b"PK\x03\x04\x14\x00\x08\x00\x08\x00\xff\xfe\n", Verdict::Refuse(NotAStream::PlanFile)),
            ("binary", b"\x00\x01\x02\xff\xfe\n", Verdict::Refuse(NotAStream::Binary)),
            (
                "a stream with a line that is not UTF-8",
                &bad_utf8,
                Verdict::Stream,
            ),
            (
                "a JSON plan",
                br#"{"format_version":"1.2","terraform_version":"1.15.5","planned_values":{},"resource_changes":[]}"#,
                Verdict::Refuse(NotAStream::JsonPlan),
            ),
            (
                "a pretty JSON plan",
                b"{\n  \"format_version\": \"1.2\",\n  \"terraform_version\": \"1.15.5\",\n  \"planned_values\": {}\n}\n",
                Verdict::Refuse(NotAStream::JsonPlan),
            ),
            (
                "the JSON of a state",
                br#"{"format_version":"1.0","terraform_version":"1.15.5","values":{"root_module":{}}}"#,
                Verdict::Refuse(NotAStream::State),
            ),
            (
                "a state file",
                b"{\n  \"version\": 4,\n  \"terraform_version\": \"1.15.5\",\n  \"serial\": 1,\n  \"lineage\": \"x\"\n}\n",
                Verdict::Refuse(NotAStream::State),
            ),
            ("other JSON", b"{\"a\":1}\n", Verdict::Refuse(NotAStream::OtherJson)),
            (
                "an OpenTofu-encrypted file",
                br#"{"meta":{"key_provider.pbkdf2.k":"eyJ9"},"encrypted_data":"AAAA","encryption_version":"v0"}"#,
                Verdict::Refuse(NotAStream::Encrypted),
            ),
            ("a legacy plan", b"tfplan\x00\x00\x00\x01", Verdict::Refuse(NotAStream::PlanFile)),
            (
                "provider schemas",
                br#"{"format_version":"1.0","provider_schemas":{}}"#,
                Verdict::Refuse(NotAStream::OtherJson),
            ),
            ("a JSON array", b"[1,2]\n", Verdict::Refuse(NotAStream::OtherJson)),
            (
                "a malformed message first",
                br#"{"@level":"info","@message":"m","@module":"terraform.ui","@timestamp":"x","type":"apply_start","hook":7}"#,
                Verdict::Stream,
            ),
        ];
        for (what, input, want) in cases {
            assert_eq!(verdict(input), *want, "{what}");
        }
    }

    #[test]
    fn every_hint_names_json() {
        for n in [
            NotAStream::HumanOutput,
            NotAStream::PlanFile,
            NotAStream::JsonPlan,
            NotAStream::State,
            NotAStream::Encrypted,
            NotAStream::OtherJson,
            NotAStream::Binary,
            NotAStream::LongLine,
        ] {
            assert!(n.to_string().contains("-json"), "{n:?}");
        }
    }
}
