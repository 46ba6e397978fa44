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
mod outputs;

use std::io::Write;

use tfshow_config::model::ConfigNode;
use tfshow_cty::{Path, Value};
use tfshow_gojson::Writer;
use tfshow_planfile::model::{Action, Mode, Plan};
use tfshow_planfile::{LazyChange, PlanFile};
use tfshow_schema::Schemas;
use tfshow_state::State;

pub use change::{ChangeJson, Importing, ResourceChange};
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

/// A plan file decoded once (see the module documentation).
pub struct PlanDocument<'s> {
    /// Always `Some` until dropped (then freed on another thread).
    parts: Option<Box<Parts>>,
    schemas: Option<&'s Schemas>,
    versions: StateSchemaVersions,
}

impl Drop for PlanDocument<'_> {
    fn drop(&mut self) {
        if let Some(parts) = self.parts.take() {
            drop_later(parts);
        }
    }
}

impl<'s> PlanDocument<'s> {
    /// Decodes a plan file: the container, `tfplan`, the embedded states and the configuration
    /// snapshot (the states and the configuration while `tfplan` is decoded).
    pub fn load(
        bytes: &[u8],
        schemas: Option<&'s Schemas>,
        limits: &Limits,
    ) -> Result<PlanDocument<'s>, ShowError> {
        crate::show::precheck(bytes, limits)?;
        let read_state = |entry: &str, b: Option<&[u8]>| -> Result<Option<State>, ShowError> {
            b.map(|b| State::from_json_with(b, limits))
                .transpose()
                .map_err(|e| ShowError::State(format!("{entry}: {e}")))
        };
        let (file, lazy, (prior, prev, tree)) =
            PlanFile::from_bytes_lazy_with(bytes, limits, |parts| {
                (
                    read_state("tfstate", parts.prior_state),
                    read_state("tfstate-prev", parts.prev_run_state),
                    config_tree(parts.config, limits),
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
            parts: Some(Box::new(Parts {
                file,
                lazy,
                prior,
                prev,
                tree,
                defaults,
            })),
            schemas,
            versions,
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

    fn parts(&self) -> &Parts {
        // Only `drop` takes the parts.
        self.parts.as_deref().unwrap_or_else(|| unreachable!())
    }

    /// The decoded `tfplan` entry (its `resource_changes` left out: see [`Self::changes`]).
    pub fn plan(&self) -> &Plan {
        &self.parts().file.plan
    }

    /// The program and release that wrote the plan.
    pub fn release(&self) -> Release {
        self.plan().release()
    }

    /// The provider schemas the document was loaded with.
    pub fn schemas(&self) -> Option<&'s Schemas> {
        self.schemas
    }

    /// Writes the `show -json` document, followed by a newline, as the release that wrote the
    /// plan prints it.
    pub fn write_json(&self, out: &mut dyn Write) -> Result<(), Error> {
        let p = self.parts();
        let input = PlanInput {
            plan: &p.file.plan,
            lazy_changes: Some(&p.lazy),
            prior_state: p.prior.as_ref(),
            prev_run_state: p.prev.as_ref(),
            variable_defaults: &p.defaults,
            configuration: p.tree.as_ref(),
        };
        let mut w = Writer::streaming(tfshow_gojson::Dialect::of(&self.release()), out);
        write_document(&mut w, &input, self.schemas)?;
        w.raw(b"\n");
        w.finish().map_err(Error::Io)?;
        Ok(())
    }

    /// The resource changes the document lists (`resource_changes`: data source deletions
    /// left out), sorted as the views list them: by address, then deposed key.
    pub fn changes(&self) -> Result<Changes<'_>, Error> {
        Ok(Changes {
            list: self.in_view_order(&self.parts().lazy)?,
            release: self.release(),
        })
    }

    /// The drift the document lists (`resource_drift`), sorted as [`Self::changes`].
    pub fn drift(&self) -> Result<Vec<ResourceChange>, Error> {
        let p = self.parts();
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
        let plan = self.plan();
        let drift: Vec<_> = plan
            .resource_drift
            .iter()
            .filter(|d| plan.ui_mode == Mode::RefreshOnly || d.change.action != Action::NoOp)
            .collect();
        self.in_view_order(&drift)?
            .iter()
            .map(|d| change::from_located(d, &release))
            .collect()
    }

    /// `changes` located, data source deletions left out, sorted by address, then deposed key.
    fn in_view_order<'a, C: PlanChange>(
        &'a self,
        changes: &'a [C],
    ) -> Result<Vec<Located<'a>>, Error> {
        let mut list: Vec<Located<'a>> =
            crate::plan::locate_all(changes, self.schemas, &self.versions)?
                .into_iter()
                .filter(|d| !crate::plan::is_data_delete(d))
                .collect();
        list.sort_by(|a, b| {
            a.addr
                .cmp(b.addr)
                .then_with(|| a.deposed_key.cmp(b.deposed_key))
        });
        Ok(list)
    }

    /// The output changes (`output_changes`), by name.
    pub fn output_changes(&self) -> Result<Vec<OutputChange>, Error> {
        outputs::output_changes(&self.plan().output_changes, &self.release())
    }

    /// The attributes that may have contributed to the plan (`relevant_attributes`): each
    /// resource instance address with an attribute path.
    pub fn relevant_attributes(&self) -> Result<Vec<(&str, Path)>, Error> {
        self.plan()
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
    list: Vec<Located<'a>>,
    release: Release,
}

impl Changes<'_> {
    /// How many there are.
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// There are none.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// The action of change `i` (without decoding it).
    pub fn action(&self, i: usize) -> Option<Action> {
        self.list.get(i).map(|d| d.action)
    }

    /// The document's `actions` list of change `i` (without decoding it).
    pub fn actions(&self, i: usize) -> Option<&'static [&'static str]> {
        self.list
            .get(i)
            .map(|d| crate::plan::actions::action_names(d.action))
    }

    /// The provider source address, mode and type of change `i` (without decoding it).
    pub fn resource_type(&self, i: usize) -> Option<(&str, tfshow_addrs::ResourceMode, &str)> {
        self.list
            .get(i)
            .map(|d| (&*d.provider, d.addr.mode, d.addr.type_.as_str()))
    }

    /// Decodes change `i`.
    pub fn get(&self, i: usize) -> Result<ResourceChange, Error> {
        change::from_located(self.located(i)?, &self.release)
    }

    /// Decodes change `i` without its values (its [`ResourceChange::values`] are empty: no
    /// `before` or `after`, `null` masks), which is most of the work of decoding a change.
    pub fn get_without_values(&self, i: usize) -> Result<ResourceChange, Error> {
        change::without_values(self.located(i)?)
    }

    fn located(&self, i: usize) -> Result<&Located<'_>, Error> {
        self.list
            .get(i)
            .ok_or_else(|| crate::error::invalid("resource_changes", "no such change"))
    }
}
