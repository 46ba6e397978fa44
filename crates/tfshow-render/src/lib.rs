//! Human views of Terraform plans and states, all built from the `show -json` document that
//! `tfshow-json` produces, so that what they show can never disagree with the JSON:
//!
//! - [`plan_text`]: a plan as `terraform show` (1.15) prints it;
//! - [`state_text`]: a state as `terraform show` prints it;
//! - [`summary`]: a review summary of a plan (markdown, text or JSON);
//! - [`redact`]: the JSON document with every sensitive value replaced by a marker;
//! - [`plan_diff`]: what differs between two plans of the same configuration.
//!
//! Start with [`Document::load`].

#![warn(missing_docs)]

pub mod document;
mod error;
pub mod gojson;
mod jsonformat;
pub mod plan_diff;
pub mod plan_facts;
pub mod plan_text;
pub mod redact;
mod resource;
mod sensitive_paths;
pub mod state_text;
pub mod summary;
pub mod unknown_sensitivity;

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
