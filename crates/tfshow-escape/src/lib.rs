//! One escaping layer per medium, for text that came from untrusted input (plans, states,
//! `-json` streams) on its way to people.
//!
//! - [`terminal`]: control characters (C0, C1, DEL), bidi controls and zero-width characters
//!   are shown visibly as `\u001b`, so input can neither move the cursor, retitle the
//!   terminal, recolour text nor reorder what the reader sees;
//! - [`markdown`]: code spans that input cannot close, and plain text in which input cannot
//!   start a link, a mention, an autolink, emphasis, a table cell or raw HTML;
//! - [`html`]: entity escaping;
//! - [`json`]: JSON documents for people too (`--redact`): the same value, with those
//!   characters as `\uXXXX` escapes.
//!
//! Every view uses exactly one of these for everything it prints that came from input; its own
//! markup (colours, table syntax, tags) is written around the escaped text.
//!
//! ```
//! use tfshow_escape::{html, markdown, terminal};
//!
//! assert_eq!(terminal::line("a\u{1b}]0;x\u{7}b"), "a\\u001b]0;x\\u0007b");
//! assert_eq!(markdown::code("a``b"), "```a``b```");
//! assert_eq!(html::escape("<img src=x>"), "&lt;img src=x&gt;");
//! ```

#![deny(missing_docs)]

pub mod html;
pub mod json;
pub mod markdown;
pub mod terminal;
