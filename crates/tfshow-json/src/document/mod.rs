//! A plan file decoded once, as typed parts: the `show -json` document is written from it
//! ([`PlanDocument::write_json`]), and the human views read its resource changes, drift, output
//! changes and relevant attributes from it one resource at a time, without any JSON text in
//! between.
//!
//! ```no_run
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! use tfshow_json::document::PlanDocument;
//! use tfshow_json::show::Limits;
//!
//! let bytes = std::fs::read("plan.tfplan")?;
//! let doc = PlanDocument::load(&bytes, None, &Limits::default())?;
//! let changes = doc.changes()?;
//! for i in 0..changes.len() {
//!     let rc = changes.get(i)?;
//!     println!("{} {:?}", rc.address, rc.actions);
//! }
//! # Ok(())
//! # }
//! ```

mod change;
mod json_plan;
mod outputs;

use std::io::Write;
use std::sync::OnceLock;

use rayon::slice::ParallelSliceMut;

use tfshow_config::model::ConfigNode;
use tfshow_cty::{Path, Value};
use tfshow_gojson::Writer;
use tfshow_planfile::model::{Action, Mode, Plan};
use tfshow_planfile::{LazyChange, PlanFile};
use tfshow_schema::Schemas;
use tfshow_state::State;

pub use change::{ChangeJson, Importing, ResourceChange, TypedValues};
pub use outputs::OutputChange;

use crate::plan::decode::{self as located, Located, PlanChange, StateSchemaVersions};
use crate::plan::{write_document, PlanInput};
use crate::show::{config_tree, drop_later, Limits, ReadOptions, ShowError};
use crate::{Error, Release};

/// What a plan file holds, decoded (its resource changes only as far as locating them needs;
/// each is decoded when it is read).
struct Parts {
    file: PlanFile,
    lazy: Vec<LazyChange>,
    prior: Option<State>,
    prev: Option<State>,
    tree: Option<ConfigNode>,
    defaults: Vec<(String, Value)>,
}

/// Where a document's parts come from.
enum Source {
    /// A plan file.
    File(Box<Parts>),
    /// The document `show -json` printed for a plan.
    Json(Box<json_plan::JsonPlan>),
}

/// A plan file decoded once (see the module documentation).
pub struct PlanDocument<'s> {
    /// Always `Some` until dropped (then freed on another thread).
    source: Option<Source>,
    schemas: Option<&'s Schemas>,
    versions: StateSchemaVersions,
    /// The configuration snapshot was read (see [`PlanDocument::load_for_views`]).
    configuration: bool,
    /// The view order of the plan's resource changes (their positions in the plan), found
    /// the first time they are listed.
    change_order: OnceLock<Vec<usize>>,
}

impl Drop for PlanDocument<'_> {
    fn drop(&mut self) {
        if let Some(Source::File(parts)) = self.source.take() {
            drop_later(parts);
        }
    }
}

/// How a plan was made, and what became of it: what the views say beside the changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlanOutcome {
    /// Normal, destroy or refresh-only.
    pub mode: Mode,
    /// Planning stopped on an error.
    pub errored: bool,
    /// Whether the plan can be applied, where the plan records it (Terraform 1.8+ and
    /// OpenTofu 1.8+).
    pub applyable: Option<bool>,
}

impl<'s> PlanDocument<'s> {
    /// Decodes a plan file: the container, `tfplan`, the embedded states and the configuration
    /// snapshot (the states and the configuration while `tfplan` is decoded). The document
    /// `terraform show -json` (or `tofu show -json`) printed for a plan is read too, told
    /// apart by its content: its changes are then the document's own.
    pub fn load(
        bytes: &[u8],
        schemas: Option<&'s Schemas>,
        limits: &Limits,
    ) -> Result<PlanDocument<'s>, ShowError> {
        PlanDocument::load_sections(bytes, schemas, limits, true)
    }

    /// [`PlanDocument::load`] for the views alone: the configuration snapshot, which only
    /// the JSON document prints, is not read ([`PlanDocument::write_json`] then fails).
    pub fn load_for_views(
        bytes: &[u8],
        schemas: Option<&'s Schemas>,
        limits: &Limits,
    ) -> Result<PlanDocument<'s>, ShowError> {
        PlanDocument::load_sections(bytes, schemas, limits, false)
    }

    fn load_sections(
        bytes: &[u8],
        schemas: Option<&'s Schemas>,
        limits: &Limits,
        configuration: bool,
    ) -> Result<PlanDocument<'s>, ShowError> {
        crate::show::precheck(bytes, limits)?;
        if tfshow_planfile::sniff(bytes, limits) == tfshow_planfile::Kind::PlanJson {
            return Ok(PlanDocument {
                source: Some(Source::Json(Box::new(json_plan::JsonPlan::load(
                    bytes, limits,
                )?))),
                schemas,
                versions: StateSchemaVersions::default(),
                configuration: true,
                change_order: OnceLock::new(),
            });
        }
        let read_state = |entry: &str, b: Option<&[u8]>| -> Result<Option<State>, ShowError> {
            b.map(|b| State::from_json_with(b, limits))
                .transpose()
                .map_err(|e| ShowError::State(format!("{entry}: {e}")))
        };
        let (file, lazy, (prior, prev, tree)) =
            PlanFile::from_bytes_lazy(bytes, limits, |parts| {
                (
                    read_state("tfstate", parts.prior_state),
                    read_state("tfstate-prev", parts.prev_run_state),
                    if configuration {
                        config_tree(parts.config, limits)
                    } else {
                        Ok(None)
                    },
                )
            })?;
        let (prior, prev, tree) = (prior?, prev?, tree?);
        let defaults = tree
            .iter()
            .flat_map(|t| &t.module.variables)
            .filter_map(|v| Some((v.name.clone(), v.default.clone()?)))
            .collect();
        let versions = located::state_schema_versions(&[prior.as_ref(), prev.as_ref()]);
        Ok(PlanDocument {
            source: Some(Source::File(Box::new(Parts {
                file,
                lazy,
                prior,
                prev,
                tree,
                defaults,
            }))),
            schemas,
            versions,
            configuration,
            change_order: OnceLock::new(),
        })
    }

    /// [`PlanDocument::load`], decrypting an OpenTofu-encrypted plan with
    /// [`ReadOptions::encryption`] first.
    pub fn load_with(
        bytes: &[u8],
        schemas: Option<&'s Schemas>,
        opts: &ReadOptions<'_>,
    ) -> Result<PlanDocument<'s>, ShowError> {
        crate::show::precheck(bytes, opts.limits)?;
        let plain = crate::show::decrypt(bytes, opts)?;
        PlanDocument::load(&plain, schemas, opts.limits)
    }

    fn source(&self) -> &Source {
        // Only `drop` takes the source.
        self.source.as_ref().unwrap_or_else(|| unreachable!())
    }

    /// The decoded `tfplan` entry (its `resource_changes` left out: see [`Self::changes`]);
    /// `None` for a plan read from its JSON document.
    pub fn plan(&self) -> Option<&Plan> {
        match self.source() {
            Source::File(p) => Some(&p.file.plan),
            Source::Json(_) => None,
        }
    }

    /// Whether the plan was read from its `show -json` document rather than a plan file.
    pub fn is_json(&self) -> bool {
        matches!(self.source(), Source::Json(_))
    }

    /// The program and release that wrote the plan.
    pub fn release(&self) -> Release {
        match self.source() {
            Source::File(p) => p.file.plan.release(),
            Source::Json(j) => j.release.clone(),
        }
    }

    /// The version of Terraform (or OpenTofu) that wrote the plan, as the plan writes it.
    pub fn terraform_version(&self) -> &str {
        match self.source() {
            Source::File(p) => &p.file.plan.terraform_version,
            Source::Json(j) => &j.terraform_version,
        }
    }

    /// How the plan was made and whether it failed. A JSON document does not record the
    /// planning mode: a plan with drift and no resource change reads as refresh-only, any
    /// other as normal.
    pub fn outcome(&self) -> PlanOutcome {
        match self.source() {
            Source::File(p) => {
                let plan = &p.file.plan;
                PlanOutcome {
                    mode: plan.ui_mode,
                    errored: plan.errored,
                    applyable: (plan.release().has(crate::Feature::PlanApplyable))
                        .then_some(plan.applyable),
                }
            }
            Source::Json(j) => PlanOutcome {
                mode: j.mode,
                errored: j.errored,
                applyable: j.applyable,
            },
        }
    }

    /// The provider schemas the document was loaded with.
    pub fn schemas(&self) -> Option<&'s Schemas> {
        self.schemas
    }

    /// Writes the `show -json` document, followed by a newline, as the release that wrote the
    /// plan prints it.
    /// For a plan read from its JSON document, writes that document as it was given (with a
    /// final newline).
    pub fn write_json(&self, out: &mut dyn Write) -> Result<(), Error> {
        self.write_json_filtered(out, None)
    }

    /// [`PlanDocument::write_json`], the parts of the document written through `filter`
    /// ([`crate::filter`]). A plan read from its JSON document is written as it was given,
    /// not filtered.
    pub fn write_json_filtered(
        &self,
        out: &mut dyn Write,
        filter: Option<&dyn crate::filter::PartFilter>,
    ) -> Result<(), Error> {
        let p = match self.source() {
            Source::File(p) => p,
            Source::Json(j) => {
                let bytes = j.bytes();
                out.write_all(bytes)?;
                if !bytes.ends_with(b"\n") {
                    out.write_all(b"\n")?;
                }
                return Ok(());
            }
        };
        if !self.configuration {
            return Err(crate::error::invalid(
                "configuration",
                "the plan was loaded for the views, without its configuration",
            ));
        }
        let input = PlanInput {
            plan: &p.file.plan,
            lazy_changes: Some(&p.lazy),
            prior_state: p.prior.as_ref(),
            prev_run_state: p.prev.as_ref(),
            variable_defaults: &p.defaults,
            configuration: p.tree.as_ref(),
            filter,
        };
        let mut w = Writer::streaming(tfshow_gojson::Dialect::of(&self.release()), out);
        write_document(&mut w, &input, self.schemas)?;
        w.raw(b"\n");
        w.finish().map_err(Error::Io)?;
        Ok(())
    }

    /// The root module variables that the document's `configuration` declares sensitive
    /// (`"sensitive": true`, which releases from 0.15 write), by name; `None` for a plan read
    /// from its JSON document, whose `configuration` says it.
    pub fn sensitive_variables(&self) -> Option<Vec<String>> {
        let p = match self.source() {
            Source::File(p) => p,
            Source::Json(_) => return None,
        };
        if !self.release().has(crate::Feature::ConfigSensitiveVariables) {
            return Some(Vec::new());
        }
        let vars = p.tree.iter().flat_map(|t| &t.module.variables);
        Some(
            vars.filter(|v| v.sensitive)
                .map(|v| v.name.clone())
                .collect(),
        )
    }

    /// The resource changes the document lists (`resource_changes`: data source deletions
    /// left out), sorted as the views list them: by address, then deposed key.
    pub fn changes(&self) -> Result<Changes<'_>, Error> {
        let list = match self.source() {
            Source::File(p) => List::File(self.in_view_order(&p.lazy, Some(&self.change_order))?),
            Source::Json(j) => List::Json(j),
        };
        Ok(Changes {
            list,
            release: self.release(),
        })
    }

    /// The drift the document lists (`resource_drift`), sorted as [`Self::changes`].
    pub fn drift(&self) -> Result<Vec<ResourceChange>, Error> {
        let p = match self.source() {
            Source::File(p) => p,
            Source::Json(j) => return j.drift.iter().map(|e| j.change(e)).collect(),
        };
        let release = self.release();
        if release.has(crate::Feature::DriftFromStates) {
            let (Some(prev), Some(prior)) = (p.prev.as_ref(), p.prior.as_ref()) else {
                return Ok(Vec::new());
            };
            return crate::plan::drift_legacy::drifted(prev, prior, self.schemas, &release)?
                .into_iter()
                .map(change::from_legacy_drift)
                .collect();
        }
        let plan = &p.file.plan;
        let drift: Vec<_> = plan
            .resource_drift
            .iter()
            .filter(|d| plan.ui_mode == Mode::RefreshOnly || d.change.action != Action::NoOp)
            .collect();
        self.in_view_order(&drift, None)?
            .iter()
            .map(|d| change::from_located(d, &release))
            .collect()
    }

    /// `changes` located, data source deletions left out, sorted by address, then deposed key;
    /// the order is remembered in `memo` (and taken from it when it is there).
    fn in_view_order<'a, C: PlanChange>(
        &'a self,
        changes: &'a [C],
        memo: Option<&OnceLock<Vec<usize>>>,
    ) -> Result<Vec<Located<'a>>, Error> {
        let mut list: Vec<Located<'a>> =
            crate::plan::locate_all(changes, self.schemas, &self.versions)?
                .into_iter()
                .filter(|d| !crate::plan::is_data_delete(d))
                .collect();
        if let Some(order) = memo.and_then(OnceLock::get) {
            let mut at: Vec<Option<Located<'a>>> = (0..changes.len()).map(|_| None).collect();
            for d in list {
                if let Some(slot) = at.get_mut(d.index) {
                    *slot = Some(d);
                }
            }
            return Ok(order
                .iter()
                .filter_map(|&i| at.get_mut(i).and_then(Option::take))
                .collect());
        }
        let order = |a: &Located<'_>, b: &Located<'_>| {
            a.addr
                .cmp(b.addr)
                .then_with(|| a.deposed_key.cmp(b.deposed_key))
        };
        // Plans often list their changes in this order already.
        if !list.is_sorted_by(|a, b| order(a, b).is_le()) {
            list.par_sort_by(order);
        }
        if let Some(memo) = memo {
            // Another thread may have set it meanwhile: to the same order.
            let _ = memo.set(list.iter().map(|d| d.index).collect());
        }
        Ok(list)
    }

    /// The output changes (`output_changes`), by name.
    pub fn output_changes(&self) -> Result<Vec<OutputChange>, Error> {
        match self.source() {
            Source::File(p) => {
                outputs::output_changes(&p.file.plan.output_changes, &self.release())
            }
            Source::Json(j) => j.output_changes(),
        }
    }

    /// The attributes that may have contributed to the plan (`relevant_attributes`): each
    /// resource instance address with an attribute path.
    pub fn relevant_attributes(&self) -> Result<Vec<(&str, Path)>, Error> {
        let p = match self.source() {
            Source::File(p) => p,
            Source::Json(j) => return Ok(j.relevant_attributes()),
        };
        p.file
            .plan
            .relevant_attributes
            .iter()
            .map(|a| {
                Ok((
                    a.resource.as_str(),
                    located::cty_path(&a.attr, &a.resource)?,
                ))
            })
            .collect()
    }
}

/// The resource changes of a plan, located and in order; each is decoded by [`Changes::get`]
/// (from any thread).
pub struct Changes<'a> {
    list: List<'a>,
    release: Release,
}

/// The changes of a plan file, located, or those of a JSON document.
enum List<'a> {
    File(Vec<Located<'a>>),
    Json(&'a json_plan::JsonPlan),
}

impl Changes<'_> {
    /// How many there are.
    pub fn len(&self) -> usize {
        match &self.list {
            List::File(l) => l.len(),
            List::Json(j) => j.changes.len(),
        }
    }

    /// There are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The action of change `i` (without decoding it).
    pub fn action(&self, i: usize) -> Option<Action> {
        match &self.list {
            List::File(l) => l.get(i).map(|d| d.action),
            List::Json(j) => j.changes.get(i).map(|e| e.action),
        }
    }

    /// The document's `actions` list of change `i` (without decoding it).
    pub fn actions(&self, i: usize) -> Option<&'static [&'static str]> {
        self.action(i).map(crate::plan::actions::action_names)
    }

    /// The provider source address, mode and type of change `i` (without decoding it).
    pub fn resource_type(&self, i: usize) -> Option<(&str, tfshow_addrs::ResourceMode, &str)> {
        match &self.list {
            List::File(l) => l
                .get(i)
                .map(|d| (&*d.provider, d.addr.mode, d.addr.type_.as_str())),
            List::Json(j) => j
                .changes
                .get(i)
                .map(|e| (e.provider.as_str(), e.addr.mode, e.addr.type_.as_str())),
        }
    }

    /// Decodes change `i`.
    pub fn get(&self, i: usize) -> Result<ResourceChange, Error> {
        match &self.list {
            List::File(l) => change::from_located(located(l, i)?, &self.release),
            List::Json(j) => j.change(j.changes.get(i).ok_or_else(no_such_change)?),
        }
    }

    /// Decodes change `i` with its values typed, for views that walk the values: for a plan
    /// file, the change's [`ResourceChange::values`] are left empty and its [`TypedValues`]
    /// given beside it; for a JSON document, which has no typed values, its `values` are set
    /// and `None` is given.
    pub fn get_typed(&self, i: usize) -> Result<(ResourceChange, Option<TypedValues>), Error> {
        match &self.list {
            List::File(l) => change::with_typed_values(located(l, i)?, &self.release)
                .map(|(rc, values)| (rc, Some(values))),
            List::Json(_) => Ok((self.get(i)?, None)),
        }
    }

    /// Decodes change `i` without its values (its [`ResourceChange::values`] are empty: no
    /// `before` or `after`, `null` masks), which is most of the work of decoding a change.
    pub fn get_without_values(&self, i: usize) -> Result<ResourceChange, Error> {
        match &self.list {
            List::File(l) => change::without_values(located(l, i)?),
            List::Json(_) => {
                let mut rc = self.get(i)?;
                rc.values = ChangeJson::default();
                Ok(rc)
            }
        }
    }
}

fn located<'l, 'a>(list: &'l [Located<'a>], i: usize) -> Result<&'l Located<'a>, Error> {
    list.get(i).ok_or_else(no_such_change)
}

fn no_such_change() -> Error {
    crate::error::invalid("resource_changes", "no such change")
}
