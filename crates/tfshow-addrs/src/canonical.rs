//! Terraform's string form of an address that was read from input.
//!
//! Terraform parses every address it reads from a plan and prints `addr.String()`, so an input
//! address with raw control characters or needless escapes in a key (`["\u0070"]`, `[01]`)
//! comes out re-quoted. Addresses Terraform wrote are already in that form; telling so needs
//! one look at the bytes, and only the rare others are formatted.

use std::borrow::Cow;
use std::fmt::{self, Display, Write};

/// `input`, from which `parsed` was parsed, in Terraform's string form: `input` itself when it
/// is in that form already, else `parsed` formatted.
///
/// ```
/// use tfshow_addrs::{canonical, AbsResourceInstance};
///
/// let raw = "t.n[\"\u{1b}[2J\"]";
/// let addr = AbsResourceInstance::parse(raw).unwrap();
/// assert_eq!(canonical(raw, &addr), r#"t.n["\u001b[2J"]"#);
/// let plain = "t.n[\"a\"]";
/// assert!(matches!(canonical(plain, &AbsResourceInstance::parse(plain).unwrap()),
///                  std::borrow::Cow::Borrowed(_)));
/// ```
pub fn canonical<'a>(input: &'a str, parsed: &impl Display) -> Cow<'a, str> {
    if !may_differ(input) {
        return Cow::Borrowed(input);
    }
    let mut same = SameAs { rest: input };
    if write!(same, "{parsed}").is_ok() && same.rest.is_empty() {
        Cow::Borrowed(input)
    } else {
        Cow::Owned(parsed.to_string())
    }
}

/// Reports whether `input` holds anything that formatting its address could write otherwise:
/// a control, DEL or non-ASCII byte, a backslash, or an integer key with a leading zero or
/// minus zero (`[01]`, `[-0]`). Any other text the parsers accept is written back as it is.
fn may_differ(input: &str) -> bool {
    let b = input.as_bytes();
    b.iter().enumerate().any(|(i, &c)| match c {
        0..=0x1f | 0x7f..=0xff | b'\\' => true,
        b'[' => {
            let digits = b.get(i + 1..).unwrap_or_default();
            let digits = digits.strip_prefix(b"-").unwrap_or(digits);
            (digits.first() == Some(&b'0') && digits.get(1).is_some_and(u8::is_ascii_digit))
                || b.get(i + 1..i + 3) == Some(b"-0")
        }
        _ => false,
    })
}

/// A writer that checks that what is written is exactly `rest`, consuming it.
struct SameAs<'a> {
    rest: &'a str,
}

impl Write for SameAs<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        match self.rest.strip_prefix(s) {
            Some(rest) => {
                self.rest = rest;
                Ok(())
            }
            None => Err(fmt::Error),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{AbsResourceInstance, ModuleInstance};

    fn canon(s: &str) -> Cow<'_, str> {
        let a = AbsResourceInstance::parse(s).unwrap_or_else(|e| panic!("{e}"));
        canonical(s, &a)
    }

    #[test]
    fn terraform_forms_are_kept_without_formatting() {
        for s in [
            "t.n",
            "t.n[0]",
            "t.n[10]",
            "t.n[-1]",
            r#"module.m["a"].data.t.n["k"]"#,
            r#"t.n["q\"uote"]"#,
            r#"t.n["\u001b"]"#,
            r#"t.n["é"]"#,
            r#"t.n["$${x}"]"#,
        ] {
            assert_eq!(canon(s), s);
            assert!(matches!(canon(s), Cow::Borrowed(_)), "{s}");
        }
    }

    #[test]
    fn other_forms_are_rewritten() {
        for (input, want) in [
            ("t.n[\"\u{1b}]0;x\u{7}\"]", r#"t.n["\u001b]0;x\u0007"]"#),
            ("t.n[\"a\u{202e}b\u{200b}\"]", r#"t.n["a\u202eb\u200b"]"#),
            ("t.n[\"tab\there\"]", r#"t.n["tab\there"]"#),
            ("t.n[\"\u{9b}31m\"]", r#"t.n["\u009b31m"]"#),
            (r#"t.n["\u0070ipe"]"#, r#"t.n["pipe"]"#),
            (r#"t.n["\U0001F600"]"#, "t.n[\"\u{1f600}\"]"),
            ("t.n[01]", "t.n[1]"),
            ("t.n[-0]", "t.n[0]"),
            ("t.n[-007]", "t.n[-7]"),
            ("module.m[\"\u{1b}\"].t.n", r#"module.m["\u001b"].t.n"#),
        ] {
            assert_eq!(canon(input), want, "{input:?}");
        }
        let m = "module.a[\"\u{7f}\"]";
        assert_eq!(
            canonical(m, &ModuleInstance::parse(m).unwrap()),
            r#"module.a["\u007f"]"#
        );
    }
}
