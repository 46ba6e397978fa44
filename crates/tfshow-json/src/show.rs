//! `show -json` of a file: detects a plan or a state and writes its document.

use std::io::Write;

use tfshow_cty::Value;
use tfshow_gojson::Writer;
use tfshow_planfile::{sniff, Kind, PlanFile};
use tfshow_schema::Schemas;
use tfshow_state::State;

use crate::plan::{write_document as write_plan, PlanInput};
use crate::state::write_document as write_state;
use crate::{Error, TfVersion};

/// Limits for reading untrusted input.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Plan container limits.
    pub planfile: tfshow_planfile::Options,
}

/// Why a file could not be shown.
#[derive(Debug, thiserror::Error)]
pub enum ShowError {
    /// The input is empty.
    #[error("the file is empty: not a plan or state file")]
    Empty,
    /// The plan file could not be read.
    #[error(transparent)]
    Plan(#[from] tfshow_planfile::Error),
    /// A state file (or a state inside a plan) could not be read.
    #[error("{0}")]
    State(String),
    /// The configuration snapshot could not be read.
    #[error("tfconfig/m-{module}/{source}")]
    Config {
        /// Module key.
        module: String,
        /// What went wrong, starting with the file name.
        source: tfshow_config::ConfigError,
    },
    /// The document could not be built.
    #[error(transparent)]
    Document(#[from] Error),
}

/// What kind of file was shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    /// A plan file.
    Plan,
    /// A state file.
    State,
}

/// Writes the `show -json` document of `bytes` (a plan or a state file) to `out`, followed by
/// a newline, as the Terraform version that wrote the file prints it.
pub fn show_json(
    bytes: &[u8],
    schemas: Option<&Schemas>,
    limits: &Limits,
    out: &mut dyn Write,
) -> Result<Shown, ShowError> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(ShowError::Empty);
    }
    if sniff(bytes) == Kind::State {
        let state = State::from_json(bytes).map_err(|e| ShowError::State(e.to_string()))?;
        let version = TfVersion::parse(&state.terraform_version);
        let mut w = Writer::streaming(version.dialect(), out);
        write_state(&mut w, &state, schemas, &version)?;
        w.raw(b"\n");
        w.finish().map_err(Error::Io)?;
        return Ok(Shown::State);
    }
    let file = PlanFile::from_bytes(bytes, &limits.planfile)?;
    let read_state = |entry: &str, b: &Option<Vec<u8>>| -> Result<Option<State>, ShowError> {
        b.as_deref()
            .map(State::from_json)
            .transpose()
            .map_err(|e| ShowError::State(format!("{entry}: {e}")))
    };
    let prior = read_state("tfstate", &file.prior_state)?;
    let prev = read_state("tfstate-prev", &file.prev_run_state)?;
    let version = TfVersion::parse(&file.plan.terraform_version);
    let defaults = root_variable_defaults(&file)?;
    let input = PlanInput {
        plan: &file.plan,
        prior_state: prior.as_ref(),
        prev_run_state: prev.as_ref(),
        variable_defaults: &defaults,
        configuration: None,
    };
    let mut w = Writer::streaming(version.dialect(), out);
    write_plan(&mut w, &input, schemas)?;
    w.raw(b"\n");
    w.finish().map_err(Error::Io)?;
    Ok(Shown::Plan)
}

/// Defaults of the root module's variables, from the plan's configuration snapshot.
fn root_variable_defaults(file: &PlanFile) -> Result<Vec<(String, Value)>, ShowError> {
    let Some(root) = file.config.as_ref().and_then(|c| c.modules.get("")) else {
        return Ok(Vec::new());
    };
    let files: Vec<(&str, &[u8])> = root
        .files
        .iter()
        .map(|(n, b)| (n.as_str(), b.as_slice()))
        .collect();
    let module = tfshow_config::load_module(&files).map_err(|source| ShowError::Config {
        module: String::new(),
        source,
    })?;
    Ok(module
        .variables
        .into_iter()
        .filter_map(|v| Some((v.name, v.default?)))
        .collect())
}
