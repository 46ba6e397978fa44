//! Facts of a plan that its JSON document does not record: how it was made, whether it failed,
//! whether it can be applied.

use tfshow_json::document::PlanDocument;
use tfshow_planfile::model::Mode;

use crate::resource::{action, moved};
use crate::{Action, PlanMode, RenderError};

/// Facts of a plan that its JSON document does not record.
#[derive(Clone, Debug)]
pub struct PlanFacts {
    /// The planning mode.
    pub mode: PlanMode,
    /// Planning stopped on an error.
    pub errored: bool,
    /// The plan can be applied (computed from the changes for plans older than 1.8, which do
    /// not record it).
    pub applyable: bool,
}

impl PlanFacts {
    /// The facts of a decoded plan.
    pub fn of(doc: &PlanDocument<'_>) -> Result<PlanFacts, RenderError> {
        let p = doc.outcome();
        let mode = match p.mode {
            Mode::Normal => PlanMode::Normal,
            Mode::Destroy => PlanMode::Destroy,
            Mode::RefreshOnly => PlanMode::RefreshOnly,
        };
        let applyable = match p.applyable {
            Some(applyable) => applyable,
            None => !p.errored && changes_something(doc, mode)?,
        };
        Ok(PlanFacts {
            mode,
            errored: p.errored,
            applyable,
        })
    }
}

/// Whether a plan changes anything: a resource (an action, a move or an import), an output,
/// or, refreshing only, drift.
fn changes_something(doc: &PlanDocument<'_>, mode: PlanMode) -> Result<bool, RenderError> {
    let changes = doc.changes()?;
    for i in 0..changes.len() {
        let rc = changes.get_without_values(i)?;
        if action(&rc) != Action::NoOp || moved(&rc) || rc.importing.is_some() {
            return Ok(true);
        }
    }
    let outputs = doc.output_changes()?;
    let output_changes = outputs
        .iter()
        .any(|o| Action::of_change(&o.change).is_some_and(|a| a != Action::NoOp));
    Ok(output_changes || (mode == PlanMode::RefreshOnly && !doc.drift()?.is_empty()))
}
