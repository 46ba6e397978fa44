//! Writing messages as the bytes Terraform's (or OpenTofu's) logger writes.

use tfshow_gojson::{write_quoted, Dialect};

/// How a program writes its JSON lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flavor {
    /// The escaping of the Go release the program was built with (`\b`/`\f` since Go 1.22).
    pub dialect: Dialect,
    /// Whether `<`, `>` and `&` in strings are written as `\u003c`, `\u003e` and `\u0026`.
    /// Terraform and OpenTofu 1.6: yes. OpenTofu 1.7+: no (its logger disables HTML
    /// escaping).
    pub escape_html: bool,
}

impl Flavor {
    /// Terraform built with a current Go (1.8 and later).
    pub const TERRAFORM: Flavor = Flavor {
        dialect: Dialect::Modern,
        escape_html: true,
    };

    /// OpenTofu 1.7 and later.
    pub const OPENTOFU: Flavor = Flavor {
        dialect: Dialect::Modern,
        escape_html: false,
    };

    /// Terraform of the given release version (`1.7.5` was built with a Go before 1.22).
    pub fn terraform(version: &str) -> Flavor {
        Flavor::of(&crate::Release::terraform(version))
    }

    /// How `release` writes its lines.
    pub fn of(release: &crate::Release) -> Flavor {
        Flavor {
            dialect: Dialect::of(release),
            escape_html: !release.has(crate::Feature::UiUnescapedHtml),
        }
    }
}

impl Default for Flavor {
    fn default() -> Self {
        Flavor::TERRAFORM
    }
}

/// Appends compact JSON to a buffer.
pub(crate) struct Out {
    buf: Vec<u8>,
    flavor: Flavor,
    /// One entry per open container: whether a member was written already.
    started: Vec<bool>,
}

impl Out {
    pub(crate) fn new(flavor: Flavor) -> Out {
        Out {
            buf: Vec::with_capacity(512),
            flavor,
            started: Vec::new(),
        }
    }

    pub(crate) fn into_string(self) -> String {
        // Only UTF-8 text is ever appended.
        String::from_utf8_lossy(&self.buf).into_owned()
    }

    fn comma(&mut self) {
        if let Some(s) = self.started.last_mut() {
            if *s {
                self.buf.push(b',');
            }
            *s = true;
        }
    }

    pub(crate) fn begin_object(&mut self) {
        self.buf.push(b'{');
        self.started.push(false);
    }

    pub(crate) fn end_object(&mut self) {
        self.started.pop();
        self.buf.push(b'}');
    }

    pub(crate) fn begin_array(&mut self) {
        self.buf.push(b'[');
        self.started.push(false);
    }

    pub(crate) fn end_array(&mut self) {
        self.started.pop();
        self.buf.push(b']');
    }

    /// Starts an array element.
    pub(crate) fn item(&mut self) {
        self.comma();
    }

    /// Writes a member key; the value follows.
    pub(crate) fn key(&mut self, k: &str) {
        self.comma();
        self.quoted(k);
        self.buf.push(b':');
    }

    pub(crate) fn string(&mut self, s: &str) {
        self.quoted(s);
    }

    /// Writes a string with `<`, `>` and `&` escaped whatever the flavour: a value the
    /// program marshalled on its own before writing the line.
    pub(crate) fn string_html_escaped(&mut self, s: &str) {
        write_quoted(&mut self.buf, s, self.flavor.dialect);
    }

    pub(crate) fn raw(&mut self, json: &str) {
        self.buf.extend_from_slice(json.as_bytes());
    }

    fn quoted(&mut self, s: &str) {
        if self.flavor.escape_html || !s.contains(['<', '>', '&']) {
            write_quoted(&mut self.buf, s, self.flavor.dialect);
            return;
        }
        let mut tmp = Vec::with_capacity(s.len() + 2);
        write_quoted(&mut tmp, s, self.flavor.dialect);
        unescape_html(&tmp, &mut self.buf);
    }
}

/// Copies a quoted JSON string, turning the escapes of `<`, `>` and `&` back into the
/// characters (escaped backslashes are skipped as pairs, so `\\u003c` stays as it is).
fn unescape_html(quoted: &[u8], out: &mut Vec<u8>) {
    let mut i = 0;
    while i < quoted.len() {
        if quoted[i] == b'\\' {
            let esc = quoted.get(i + 1..i + 6);
            let ch = match esc {
                Some(b"u003c") => Some(b'<'),
                Some(b"u003e") => Some(b'>'),
                Some(b"u0026") => Some(b'&'),
                _ => None,
            };
            if let Some(c) = ch {
                out.push(c);
                i += 6;
            } else {
                let end = (i + 2).min(quoted.len());
                out.extend_from_slice(&quoted[i..end]);
                i = end;
            }
        } else {
            out.push(quoted[i]);
            i += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opentofu_does_not_escape_html() {
        let mut o = Out::new(Flavor::OPENTOFU);
        o.string("a<b>&c \\u003c \"q\"");
        assert_eq!(o.into_string(), r#""a<b>&c \\u003c \"q\"""#);
        let mut o = Out::new(Flavor::TERRAFORM);
        o.string("a<b");
        assert_eq!(o.into_string(), r#""a\u003cb""#);
    }
}
