//! What a live `-json` stream (`terraform apply -json`, `tofu apply -json`) says, for
//! `tfshow watch`: a bounded [`Tracker`] that takes in every message, the lines to show for
//! them, the check that an input is such a stream at all ([`sniff`]), and the report printed
//! when the stream ends ([`write_report`]), its verdict last.
//!
//! Everything from the stream that these return or write went through
//! [`tfshow_escape::terminal`], so nothing in it can move the cursor, recolour text or fake a
//! line; the only escapes are [`Style`]'s colours. Everything kept is bounded ([`bounds`]), so
//! a stream of gigabytes is tracked in bounded memory and gives a report of bounded size.
//! Terminal I/O (the live view, signals) is the caller's.
//!
//! ```
//! use tfshow_ui::Reader;
//! use tfshow_watch::{write_report, Style, Tracker};
//!
//! let stream = concat!(
//!     r#"{"@level":"info","@message":"a.b: Creating...","@module":"terraform.ui","@timestamp":"2026-01-01T00:00:00.000000Z","hook":{"resource":{"addr":"a.b","module":"","resource":"a.b","implied_provider":"a","resource_type":"a","resource_name":"b","resource_key":null},"action":"create"},"type":"apply_start"}"#,
//!     "\n",
//!     r#"{"@level":"info","@message":"a.b: Creation errored after 1s","@module":"terraform.ui","@timestamp":"2026-01-01T00:00:01.000000Z","hook":{"resource":{"addr":"a.b","module":"","resource":"a.b","implied_provider":"a","resource_type":"a","resource_name":"b","resource_key":null},"action":"create","elapsed_seconds":1},"type":"apply_errored"}"#,
//!     "\n",
//!     r#"{"@level":"error","@message":"Error: boom","@module":"terraform.ui","@timestamp":"2026-01-01T00:00:01.000000Z","diagnostic":{"severity":"error","summary":"boom","detail":"","address":"a.b"},"type":"diagnostic"}"#,
//!     "\n",
//! );
//! let mut tracker = Tracker::new();
//! for item in Reader::new(stream.as_bytes()) {
//!     match item {
//!         Ok(message) => {
//!             println!("{}", tracker.plain_line(&message));
//!             tracker.handle(&message);
//!         }
//!         Err(bad) => {
//!             let _ = tracker.bad_line(&bad);
//!         }
//!     }
//! }
//! let mut report = Vec::new();
//! write_report(&tracker, &Style::new(false), &mut report).unwrap();
//! let report = String::from_utf8(report).unwrap();
//! // One error diagnostic about the errored resource: one error, as Terraform counts it.
//! assert!(report.ends_with("FAILED: the stream reports 1 error.\n"));
//! assert_eq!(tracker.errors(), 1);
//! ```

#![deny(missing_docs)]

pub mod bounds;
mod diagnostic;
mod lines;
mod report;
pub mod sniff;
mod style;
mod tracker;

pub use lines::BadLine;
pub use report::{duration, failure, write_report};
pub use style::Style;
pub use tracker::{Counts, Op, OpState, Row, Tracker};
