//! Human views of Terraform plans and states, all built from what `tfshow-json` decodes, so
//! that what they show can never disagree with the JSON:
//!
//! - [`plan_text`]: a plan as `terraform show` (1.15) prints it, written to a caller's
//!   `io::Write` one resource at a time;
//! - [`summary`]: a review summary of a plan (markdown, text or JSON);
//! - [`state_text`]: a state as `terraform show` prints it;
//! - [`redact`]: the JSON document with every sensitive value replaced by a marker, redacted
//!   one resource at a time as it is written;
//! - [`plan_diff`]: what differs between two plans of the same configuration.
//!
//! The plan views and `plan_diff` read the typed plan
//! ([`tfshow_json::document::PlanDocument`]), decoded once; the state view still reads the
//! parsed JSON document ([`Document`]).
//!
//! ```
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! use tfshow_json::document::PlanDocument;
//! use tfshow_json::show::Limits;
//! use tfshow_render::{plan_text, TextOptions};
//!
//! let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/basic/plan.tfplan");
//! let bytes = std::fs::read(path)?;
//! let doc = PlanDocument::load(&bytes, None, &Limits::default())?;
//! let mut out = Vec::new(); // any io::Write, e.g. std::io::stdout().lock()
//! plan_text::write(&doc, &TextOptions::default(), &mut out)?;
//! assert!(String::from_utf8(out)?.contains("Terraform will perform the following actions"));
//! # Ok(())
//! # }
//! ```

#![deny(missing_docs)]

pub mod attribute_changes;
pub mod diff_colour;
pub mod document;
mod error;
pub mod gojson;
mod jsonformat;
mod masked_values;
pub mod plan_diff;
pub mod plan_facts;
pub mod plan_text;
pub mod redact;
mod resource;
mod sensitive_paths;
pub mod state_text;
pub mod summary;
mod summary_filter;
mod summary_fit;
mod summary_html;
pub mod summary_markdown;
mod summary_rollup;
mod summary_text;
mod summary_tree;
pub mod unknown_sensitivity;
mod wording;

pub use document::{Document, Kind, PlanMode};
pub use error::RenderError;
pub use jsonformat::Action;

/// Options of the Terraform-style text views.
#[derive(Clone, Copy, Debug)]
pub struct TextOptions {
    /// Write ANSI colours.
    pub color: bool,
    /// The width notes are wrapped to (Terraform uses 78 when not writing to a terminal).
    pub width: usize,
    /// The text goes to a terminal: every control (C0, C1, DEL), bidi and zero-width
    /// character that came from the input is shown visibly (`\u001b`), and colour markup in
    /// input text is printed as it is, so that nothing in a plan or state can act on the
    /// terminal; the view's own colours stay. Off, the text is Terraform's bytes, which hold
    /// such characters raw (in multi-line strings, for example).
    pub terminal: bool,
}

impl Default for TextOptions {
    fn default() -> Self {
        TextOptions {
            color: false,
            width: 78,
            terminal: false,
        }
    }
}
