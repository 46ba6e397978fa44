//! A plan read from the document `terraform show -json` (or `tofu show -json`) printed for it,
//! for the views: its resource changes, drift, output changes and relevant attributes become
//! the same typed parts a binary plan gives.
//!
//! The input is kept as it was given; each resource change stays text (a range of it) until it
//! is read, so memory grows with the input, not with its parsed form.

use std::ops::Range;

use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::Value as Json;
use tfshow_addrs::{AbsResourceInstance, InstanceKey};
use tfshow_cty::{Path, PathStep, Value};
use tfshow_planfile::model::{Action, Mode};

use super::change::{ChangeJson, Importing, ResourceChange};
use super::outputs::OutputChange;
use crate::error::{invalid, Error};
use crate::plan::actions::{action_names, action_of_names, reason_named};
use crate::show::{Limits, ShowError};
use crate::Release;
use tfshow_release::Program;

/// A plan's `show -json` document (see the module documentation).
pub(crate) struct JsonPlan {
    /// The document as given.
    bytes: Vec<u8>,
    pub release: Release,
    pub mode: Mode,
    pub errored: bool,
    /// `applyable`, where the document records it (1.8+).
    pub applyable: Option<bool>,
    pub terraform_version: String,
    /// `resource_changes`, in view order.
    pub changes: Vec<Entry>,
    /// `resource_drift`, in view order.
    pub drift: Vec<Entry>,
    /// `output_changes`, by name, with whether the output is declared sensitive.
    outputs: Vec<(String, bool, Range<usize>)>,
    /// `relevant_attributes`.
    relevant: Vec<(String, Path)>,
}

/// A resource change of the document, located: what sorting and counting read of it, and
/// where its text is.
pub(crate) struct Entry {
    pub addr: AbsResourceInstance,
    pub address: String,
    pub deposed: String,
    pub action: Action,
    /// The change has an `action_reason`.
    reasoned: bool,
    pub provider: String,
    text: Range<usize>,
}

/// The top level of the document, the sections the views do not read skipped unparsed.
#[derive(Deserialize)]
struct Top<'a> {
    #[serde(default)]
    terraform_version: String,
    #[serde(default, borrow)]
    resource_changes: Vec<&'a RawValue>,
    #[serde(default, borrow)]
    resource_drift: Vec<&'a RawValue>,
    #[serde(default, borrow)]
    output_changes: Option<std::collections::BTreeMap<String, &'a RawValue>>,
    #[serde(default)]
    relevant_attributes: Vec<Relevant>,
    #[serde(default)]
    errored: bool,
    #[serde(default)]
    applyable: Option<bool>,
    #[serde(default)]
    configuration: Configuration,
}

/// What the views read of `configuration`: which root module outputs are declared sensitive
/// (documents before Terraform 0.15 record it nowhere else).
#[derive(Default, Deserialize)]
struct Configuration {
    #[serde(default)]
    root_module: RootModule,
}

#[derive(Default, Deserialize)]
struct RootModule {
    #[serde(default)]
    outputs: std::collections::BTreeMap<String, ConfiguredOutput>,
}

#[derive(Deserialize)]
struct ConfiguredOutput {
    #[serde(default)]
    sensitive: bool,
}

#[derive(Deserialize)]
struct Relevant {
    resource: String,
    #[serde(default)]
    attribute: Vec<Json>,
}

/// What locating a resource change reads of it.
#[derive(Deserialize)]
struct Head {
    #[serde(default)]
    address: Option<String>,
    #[serde(default)]
    module_address: String,
    #[serde(default)]
    mode: String,
    #[serde(default, rename = "type")]
    type_: String,
    #[serde(default)]
    name: String,
    #[serde(default)]
    index: Option<Json>,
    #[serde(default)]
    deposed: String,
    #[serde(default)]
    provider_name: String,
    #[serde(default)]
    action_reason: Option<String>,
    change: HeadChange,
}

#[derive(Deserialize)]
struct HeadChange {
    actions: Vec<String>,
}

impl Head {
    /// The instance address as the document writes it: `address`, or, in the drift
    /// Terraform 0.15.4 and 0.15.5 write without it, made of its parts.
    fn address(&self) -> String {
        if let Some(a) = &self.address {
            return a.clone();
        }
        let mut out = String::new();
        if !self.module_address.is_empty() {
            out.push_str(&self.module_address);
            out.push('.');
        }
        if self.mode != "managed" && !self.mode.is_empty() {
            out.push_str(&self.mode);
            out.push('.');
        }
        out.push_str(&self.type_);
        out.push('.');
        out.push_str(&self.name);
        if let Some(key) = instance_key(self.index.as_ref()) {
            out.push_str(&key.to_string());
        }
        out
    }
}

/// A whole resource change entry (its address read from [`Entry`]).
#[derive(Deserialize)]
struct Full {
    #[serde(default)]
    module_address: String,
    #[serde(default)]
    name: String,
    #[serde(default)]
    index: Option<Json>,
    #[serde(default)]
    previous_address: Option<String>,
    #[serde(default)]
    provider_name: String,
    #[serde(default)]
    deposed: String,
    #[serde(default)]
    action_reason: Option<String>,
    change: FullChange,
}

#[derive(Deserialize)]
struct FullChange {
    #[serde(default, deserialize_with = "present")]
    before: Option<Json>,
    #[serde(default, deserialize_with = "present")]
    after: Option<Json>,
    #[serde(default)]
    after_unknown: Json,
    #[serde(default)]
    before_sensitive: Json,
    #[serde(default)]
    after_sensitive: Json,
    #[serde(default)]
    replace_paths: Vec<Vec<Json>>,
    #[serde(default)]
    importing: Option<FullImporting>,
    #[serde(default)]
    generated_config: String,
}

#[derive(Deserialize)]
struct FullImporting {
    #[serde(default)]
    id: String,
    #[serde(default)]
    unknown: bool,
    #[serde(default)]
    identity: Option<Json>,
}

/// A member that is present, `null` included (absent is `None`: a wholly unknown value).
fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Json>, D::Error> {
    Json::deserialize(d).map(Some)
}

impl JsonPlan {
    /// Reads a plan's `show -json` document.
    pub fn load(bytes: &[u8], limits: &Limits) -> Result<JsonPlan, ShowError> {
        tfshow_limits::json::check(bytes, limits)?;
        let bytes = bytes.to_vec();
        let base = bytes.as_ptr() as usize;
        let range = |raw: &RawValue| {
            let start = raw.get().as_ptr() as usize - base;
            start..start + raw.get().len()
        };
        let bad =
            |e: serde_json::Error| ShowError::Document(invalid("the plan's JSON document", e));
        let top: Top<'_> = parse(&bytes).map_err(bad)?;
        let locate = |list: &[&RawValue], what: &str| -> Result<Vec<Entry>, ShowError> {
            let mut out = Vec::with_capacity(list.len());
            for (i, raw) in list.iter().enumerate() {
                let at = || format!("{what}[{i}]");
                let head: Head = parse(raw.get().as_bytes())
                    .map_err(|e| ShowError::Document(invalid(at(), e)))?;
                let address = head.address();
                let addr = AbsResourceInstance::parse(&address)
                    .map_err(|e| ShowError::Document(invalid(at(), e)))?;
                let action = action_of_names(&head.change.actions)
                    .ok_or_else(|| ShowError::Document(invalid(&address, "unknown actions")))?;
                out.push(Entry {
                    addr,
                    address,
                    deposed: head.deposed,
                    action,
                    reasoned: head.action_reason.is_some(),
                    provider: head.provider_name,
                    text: range(raw),
                });
            }
            Ok(out)
        };
        let mut changes = locate(&top.resource_changes, "resource_changes")?;
        let mut drift = locate(&top.resource_drift, "resource_drift")?;
        let declared = &top.configuration.root_module.outputs;
        let outputs = (top.output_changes.iter().flatten())
            .map(|(name, raw)| {
                let sensitive = declared.get(name).is_some_and(|o| o.sensitive);
                (name.clone(), sensitive, range(raw))
            })
            .collect();
        let relevant = top
            .relevant_attributes
            .into_iter()
            .map(|r| {
                let path = json_path(&r.attribute)
                    .ok_or_else(|| ShowError::Document(invalid(&r.resource, "invalid path")))?;
                Ok((r.resource, path))
            })
            .collect::<Result<_, ShowError>>()?;
        // The registry of the providers tells; else Terraform 1.8 and later always write
        // `applyable`, which OpenTofu never writes.
        let program = program_of(changes.iter().chain(&drift)).unwrap_or_else(|| {
            let terraform = Release::parse(Program::Terraform, &top.terraform_version);
            if terraform.has(crate::Feature::PlanApplyable) && top.applyable.is_none() {
                Program::OpenTofu
            } else {
                Program::Terraform
            }
        });
        let release = Release::parse(program, &top.terraform_version);
        // The views' order: by address, then deposed key; the drift Terraform 0.15.4 to 1.0
        // computed from the states by address text, as tfshow lists it for those plans.
        let typed =
            |a: &Entry, b: &Entry| a.addr.cmp(&b.addr).then_with(|| a.deposed.cmp(&b.deposed));
        changes.sort_by(typed);
        if release.has(crate::Feature::DriftFromStates) {
            drift.sort_by(|a, b| a.address.cmp(&b.address));
        } else {
            drift.sort_by(typed);
        }
        let mode = mode_of(&changes, &drift, &release);
        Ok(JsonPlan {
            release,
            mode,
            errored: top.errored,
            applyable: top.applyable,
            terraform_version: top.terraform_version,
            changes,
            drift,
            outputs,
            relevant,
            bytes,
        })
    }

    /// The document as given.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// Decodes a located entry.
    pub fn change(&self, e: &Entry) -> Result<ResourceChange, Error> {
        let text = &self.bytes[e.text.clone()];
        let full: Full = parse(text).map_err(|err| invalid(&e.address, err))?;
        let at = e.address.as_str();
        let replace_paths = (full.change.replace_paths.iter())
            .map(|p| json_path(p).ok_or_else(|| invalid(at, "invalid replace_paths")))
            .collect::<Result<_, _>>()?;
        let importing = full.change.importing.map(|i| Importing {
            id: i.id,
            unknown: i.unknown,
            identity: i.identity,
        });
        Ok(ResourceChange {
            previous_address: full.previous_address,
            module_address: full.module_address,
            mode: e.addr.mode,
            type_: e.addr.type_.clone(),
            name: full.name,
            index: instance_key(full.index.as_ref()).unwrap_or_default(),
            provider_name: full.provider_name,
            deposed: full.deposed,
            actions: action_names(e.action),
            action_reason: full.action_reason.as_deref().and_then(reason_named),
            importing,
            generated_config: full.change.generated_config,
            replace_paths,
            values: ChangeJson {
                before: full.change.before,
                after: full.change.after,
                after_unknown: full.change.after_unknown,
                before_sensitive: full.change.before_sensitive,
                after_sensitive: full.change.after_sensitive,
            },
            address: e.address.clone(),
        })
    }

    /// The output changes, by name.
    pub fn output_changes(&self) -> Result<Vec<OutputChange>, Error> {
        (self.outputs.iter())
            .map(|(name, declared, text)| {
                let change: Json = parse(&self.bytes[text.clone()])
                    .map_err(|e| invalid(format!("output {name:?}"), e))?;
                let sensitive = *declared
                    || ["before_sensitive", "after_sensitive"]
                        .iter()
                        .any(|k| change.get(k) == Some(&Json::Bool(true)));
                Ok(OutputChange {
                    name: name.clone(),
                    sensitive,
                    change,
                })
            })
            .collect()
    }

    /// The relevant attributes.
    pub fn relevant_attributes(&self) -> Vec<(&str, Path)> {
        (self.relevant.iter())
            .map(|(r, p)| (r.as_str(), p.clone()))
            .collect()
    }
}

/// How the plan was made, which the document does not record: a plan with drift and no
/// resource change at all (a normal plan lists every resource it visited) was made with
/// `-refresh-only`; one that only deletes, each for no stated reason, with `-destroy` (told
/// only by releases that say why a normal plan deletes).
fn mode_of(changes: &[Entry], drift: &[Entry], release: &Release) -> Mode {
    if changes.is_empty() && !drift.is_empty() {
        Mode::RefreshOnly
    } else if release.has(crate::Feature::DeleteReasons)
        && !changes.is_empty()
        && (changes.iter()).all(|e| e.action == Action::Delete && !e.reasoned)
    {
        Mode::Destroy
    } else {
        Mode::Normal
    }
}

/// Parses part of the document, whose nesting was checked against the limits when it was
/// loaded.
fn parse<'de, T: Deserialize<'de>>(text: &'de [u8]) -> Result<T, serde_json::Error> {
    let mut de = serde_json::Deserializer::from_slice(text);
    de.disable_recursion_limit();
    let value = T::deserialize(&mut de)?;
    de.end()?;
    Ok(value)
}

/// The program whose registry the changes' providers name, if one does.
fn program_of<'a>(mut entries: impl Iterator<Item = &'a Entry>) -> Option<Program> {
    entries.find_map(|e| Program::by_registry(&e.provider))
}

/// A document's attribute path (`["tags", "Name"]`, `["list", 0]`) as a cty path: names as
/// attribute steps, numbers as index steps.
fn json_path(steps: &[Json]) -> Option<Path> {
    steps
        .iter()
        .map(|s| match s {
            Json::String(name) => Some(PathStep::Attr(name.clone())),
            Json::Number(n) => Some(PathStep::Index(Value::Number(
                tfshow_cty::Number::parse(&n.to_string()).ok()?,
            ))),
            _ => None,
        })
        .collect()
}

/// A document's `index` member as an instance key.
fn instance_key(index: Option<&Json>) -> Option<InstanceKey> {
    match index? {
        Json::String(s) => Some(InstanceKey::Str(s.clone())),
        Json::Number(n) => n.as_i64().map(InstanceKey::Int),
        _ => None,
    }
}
