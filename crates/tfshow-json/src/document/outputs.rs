//! Output changes, typed.

use serde_json::Value as Json;
use tfshow_planfile::model;

use crate::error::Error;
use crate::plan::outputs::{decode_outputs, write_output_change};
use crate::value_sink::ValueBuilder;
use crate::Release;

/// A change to a root module output value (an `output_changes` entry).
#[derive(Clone, Debug, PartialEq)]
pub struct OutputChange {
    /// The output's name.
    pub name: String,
    /// The output is declared sensitive.
    pub sensitive: bool,
    /// The entry as the document writes it (`actions`, `before`, `after`, `after_unknown`,
    /// `before_sensitive`, `after_sensitive`).
    pub change: Json,
}

/// The output changes, sorted by name.
pub(crate) fn output_changes(
    outputs: &[model::OutputChange],
    release: &Release,
) -> Result<Vec<OutputChange>, Error> {
    decode_outputs(outputs)?
        .iter()
        .map(|o| {
            let mut b = ValueBuilder::new();
            write_output_change(&mut b, o, release)?;
            Ok(OutputChange {
                name: o.oc.name.clone(),
                sensitive: o.oc.sensitive,
                change: b.finish(),
            })
        })
        .collect()
}
