//! A JSON writer that reproduces the bytes of Go's `encoding/json`, the encoder behind every
//! document Terraform prints with `-json`.
//!
//! Go's encoder differs from most JSON writers in three ways that matter for byte-exact output:
//! it escapes `<`, `>` and `&` (HTML-safe), it escapes U+2028 and U+2029, and it replaces each
//! byte of invalid UTF-8 with `\ufffd`. Before Go 1.22 it wrote U+0008 and U+000C as `\u0008`
//! and `\u000c`; since then as `\b` and `\f` ([`Dialect`]).
//!
//! [`Writer`] appends to an in-memory buffer; callers flush it to an `io::Write` at record
//! boundaries so that large documents stream out with bounded memory.
//!
//! ```
//! use tfshow_gojson::{Dialect, Writer};
//!
//! let mut w = Writer::new(Dialect::Modern);
//! w.begin_object();
//! w.key("html");
//! w.string("<a & b>");
//! w.end_object();
//! assert_eq!(w.as_bytes(), br#"{"html":"\u003ca \u0026 b\u003e"}"#);
//! ```
#![deny(missing_docs)]

mod compact;
mod escape;
mod members;
mod writer;

pub use compact::{compact_into, CompactError};
pub use escape::{write_quoted, write_quoted_bytes};
pub use members::{Member, Members};
pub use writer::Writer;

/// The escaping rules of the Go release a Terraform binary was built with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Dialect {
    /// Go 1.22 and later: U+0008 and U+000C are written as `\b` and `\f`.
    #[default]
    Modern,
    /// Go before 1.22 (Terraform before 1.8): `\u0008` and `\u000c`.
    Legacy,
}

impl Dialect {
    /// The escaping of the Go that built `release`.
    pub fn of(release: &tfshow_release::Release) -> Dialect {
        if release.has(tfshow_release::Feature::Go122JsonEscaping) {
            Dialect::Modern
        } else {
            Dialect::Legacy
        }
    }
}
