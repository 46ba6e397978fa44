//! What can go wrong when launching a plugin and asking it for its schema.

use std::time::Duration;

/// A plugin could not be launched, asked or converted. Every message names the step that
/// failed; text that came from the plugin is shortened and escaped.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The binary could not be started at all.
    #[error("cannot start the plugin: {0}")]
    Spawn(#[source] std::io::Error),
    /// The private directory for the plugin's socket could not be made.
    #[error("cannot create a directory for the plugin's socket: {0}")]
    SocketDir(#[source] std::io::Error),
    /// The client certificate could not be made or used.
    #[error("cannot set up TLS for the plugin: {0}")]
    Tls(String),
    /// The plugin printed no handshake line in time.
    #[error("the plugin printed no handshake line within {} s{}", .timeout.as_secs_f64(), stderr_note(.stderr))]
    HandshakeTimeout {
        /// How long we waited.
        timeout: Duration,
        /// The end of what the plugin wrote on its standard error, escaped.
        stderr: String,
    },
    /// The plugin ended (or closed its standard output) before its handshake line.
    #[error("the plugin {status} before its handshake line; it is not a Terraform provider plugin, or it failed to start{}", stderr_note(.stderr))]
    NoHandshake {
        /// How it ended (`exited with status 1`, `closed its standard output`).
        status: String,
        /// The end of what the plugin wrote on its standard error, escaped.
        stderr: String,
    },
    /// The handshake line is not one we can use.
    #[error("the plugin's handshake line is not usable: {0}")]
    Handshake(String),
    /// Connecting to the address the plugin named failed.
    #[error("cannot connect to the plugin at {addr}: {message}")]
    Connect {
        /// The address, escaped.
        addr: String,
        /// What failed.
        message: String,
    },
    /// A call to the plugin failed.
    #[error("the plugin's {call} call failed: {message}")]
    Call {
        /// The RPC.
        call: &'static str,
        /// What failed (the gRPC status, escaped).
        message: String,
    },
    /// A call to the plugin did not answer in time.
    #[error("the plugin's {call} call did not answer within {} s", .timeout.as_secs_f64())]
    CallTimeout {
        /// The RPC.
        call: &'static str,
        /// How long we waited.
        timeout: Duration,
    },
    /// The plugin answered with error diagnostics.
    #[error("the plugin's {call} call reported an error: {message}")]
    Diagnostics {
        /// The RPC.
        call: &'static str,
        /// The first error's summary and detail, escaped.
        message: String,
    },
    /// The schema the plugin sent cannot be converted.
    #[error("the plugin's schema is invalid: {at}: {message}")]
    Schema {
        /// Where: kind, type name and attribute path, escaped.
        at: String,
        /// What was wrong.
        message: String,
    },
    /// Waiting for, stopping or reaping the plugin failed.
    #[error("cannot stop the plugin: {0}")]
    Stop(#[source] std::io::Error),
    /// The async runtime could not be made.
    #[error("cannot create the I/O runtime: {0}")]
    Runtime(#[source] std::io::Error),
}

fn stderr_note(stderr: &str) -> String {
    if stderr.is_empty() {
        String::new()
    } else {
        format!(" (its standard error ends with: {stderr})")
    }
}

/// At most this many characters of plugin-supplied text go into an error message.
const EXCERPT_CHARS: usize = 300;

/// `text` made safe for an error message: control characters and non-ASCII escaped as Rust
/// escapes do, at most [`EXCERPT_CHARS`] characters (the end is kept when `keep_end`).
pub(crate) fn excerpt(text: &str, keep_end: bool) -> String {
    let text = text.trim();
    let count = text.chars().count();
    let (body, cut) = if count <= EXCERPT_CHARS {
        (text.to_owned(), false)
    } else if keep_end {
        (text.chars().skip(count - EXCERPT_CHARS).collect(), true)
    } else {
        (text.chars().take(EXCERPT_CHARS).collect(), true)
    };
    let mut out = String::with_capacity(body.len() + 8);
    if cut && keep_end {
        out.push('…');
    }
    for c in body.chars() {
        if c == ' ' || c.is_ascii_graphic() {
            out.push(c);
        } else {
            out.extend(c.escape_default());
        }
    }
    if cut && !keep_end {
        out.push('…');
    }
    out
}

/// Bytes from a plugin as an excerpt: invalid UTF-8 is replaced before escaping.
pub(crate) fn excerpt_bytes(bytes: &[u8], keep_end: bool) -> String {
    excerpt(&String::from_utf8_lossy(bytes), keep_end)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn excerpts_escape_and_shorten() {
        assert_eq!(excerpt("  a\x1b[31mb\n ", false), "a\\u{1b}[31mb");
        assert_eq!(excerpt("é", false), "\\u{e9}");
        let long = "x".repeat(400) + "END";
        let e = excerpt(&long, true);
        assert!(e.starts_with('…') && e.ends_with("END"));
        assert_eq!(e.chars().count(), EXCERPT_CHARS + 1);
        let e = excerpt(&long, false);
        assert!(e.ends_with('…') && !e.contains("END"));
        assert_eq!(excerpt_bytes(b"\xff ok", false), "\\u{fffd} ok");
    }
}
