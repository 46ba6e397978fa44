//! State files of format versions 1 to 3 (Terraform 0.11 and earlier), upgraded in memory to
//! the format 4 model as Terraform upgrades them before showing them: 1 to 2 ([`v1`]), 2 to 3
//! ([`v2`]), 3 to 4 ([`v3`]).

mod json;
mod model;
mod output_type;
mod v1;
mod v2;
mod v3;

use serde_json::Value;

use crate::model::State;
use crate::read::StateError;

/// Reads `top`, a state of format `version` (1, 2 or 3), into the format 4 model.
pub(crate) fn upgrade(top: &Value, version: u64) -> Result<State, StateError> {
    let top = json::object(Some(top), &json::At::root())?
        .ok_or_else(|| json::At::root().error("a state cannot be null"))?;
    let mut legacy = match version {
        1 => v1::read(top)?,
        _ => v2::read(top)?,
    };
    if version < 3 {
        v2::upgrade_to_v3(&mut legacy);
    }
    let mut state = v3::upgrade(legacy)?;
    state.upgraded_from = Some(version);
    Ok(state)
}
