//! `planned_values`: the state as it will be after apply, as far as it is known.
//!
//! ```text
//! {"outputs":{NAME:{"sensitive":…,"type":…,"value":…}},
//!  "root_module":{"resources":[{"address":…,"mode":…,"type":…,"name":…,"index":…,
//!                 "provider_name":…,"schema_version":…,"values":{…},"sensitive_values":{…}}],
//!                 "child_modules":[{"resources":[…],"address":…,"child_modules":[…]}]}}
//! ```

use std::collections::HashMap;

use rayon::slice::ParallelSliceMut;

use tfshow_addrs::ModuleInstance;
use tfshow_gojson::Writer;
use tfshow_planfile::model::Action;

use super::changes::{write_index, write_planned_identity, write_resource_change_of};
use super::decode::{with_decoded, Located, Ready};
use super::kept::Kept;
use super::render::write_all_keeping;
use super::values_json::ValuesJson;
use crate::checks::mode_name;
use crate::error::Error;
use crate::filter::{filtered, Part, PartFilter};
use crate::Release;

/// Whether a change has a resource in `planned_values`: not a deletion, not a deposed object.
pub(crate) fn is_planned(d: &Located<'_>) -> bool {
    d.action != Action::Delete && d.deposed_key.is_empty()
}

/// Writes the `root_module` of `planned_values`. Each resource's values are decoded once:
/// its `resource_changes` entry is rendered at the same time and left in `kept`, under the
/// change's index.
pub(crate) fn write_root_module(
    w: &mut Writer<'_>,
    changes: &[Located<'_>],
    version: &Release,
    kept: &mut Kept,
    filter: Option<&dyn PartFilter>,
) -> Result<(), Error> {
    // Resources per module, and each module's children in order of first appearance.
    let mut by_module: HashMap<&ModuleInstance, Vec<&Located<'_>>> = HashMap::new();
    let mut modules = Vec::new();
    for d in changes.iter().filter(|d| is_planned(d)) {
        let list = by_module.entry(&d.addr.module).or_insert_with(|| {
            modules.push(&d.addr.module);
            Vec::new()
        });
        list.push(d);
    }
    let mut resources: HashMap<String, Vec<&Located<'_>>> = HashMap::new();
    let mut children: HashMap<String, Vec<String>> = HashMap::new();
    let mut seen: HashMap<String, ()> = HashMap::new();
    for module in modules {
        let name = module.to_string();
        // Record each ancestor → child link once, root first.
        let steps = &module.0;
        for depth in 1..=steps.len() {
            let child = ModuleInstance(steps[..depth].to_vec()).to_string();
            let parent = ModuleInstance(steps[..depth - 1].to_vec()).to_string();
            if seen.insert(child.clone(), ()).is_none() {
                children.entry(parent).or_default().push(child);
            }
        }
        resources.insert(name, by_module.remove(module).unwrap_or_default());
    }
    if let Some(root_children) = children.get_mut("") {
        root_children.sort();
    }
    // The modules' framing and their resources, in document order, so that the resources
    // of all modules are rendered as one stream.
    let mut layout = Layout::default();
    layout.module("", &resources, &children);
    let Layout { items, mut ops } = layout;
    let trailing = ops.split_off(items.len());
    write_all_keeping(
        w,
        &items,
        kept,
        |d| d.index,
        |w, change, d| {
            with_decoded(d, |d| {
                let values = ValuesJson::of(d, version, filter.is_some())?;
                filtered(w, filter, Part::Resource, |w| {
                    write_resource(w, d, &values, version)
                })?;
                filtered(change, filter, Part::Change, |w| {
                    write_resource_change_of(w, d, &values, version)
                })
            })
        },
        |w, i| ops.get(i).into_iter().flatten().for_each(|op| op.apply(w)),
    )?;
    trailing.iter().flatten().for_each(|op| op.apply(w));
    Ok(())
}

/// One step of the modules' framing.
enum Op {
    BeginObject,
    EndObject,
    BeginArray,
    EndArray,
    Key(&'static str),
    String(String),
}

impl Op {
    fn apply(&self, w: &mut Writer<'_>) {
        match self {
            Op::BeginObject => w.begin_object(),
            Op::EndObject => w.end_object(),
            Op::BeginArray => w.begin_array(),
            Op::EndArray => w.end_array(),
            Op::Key(k) => w.key(k),
            Op::String(s) => w.string(s),
        }
    }
}

/// The resources of `planned_values` in document order, and the framing to write before
/// each (`ops[i]` before `items[i]`; the last entry after them all).
#[derive(Default)]
struct Layout<'l, 'a> {
    items: Vec<&'l Located<'a>>,
    ops: Vec<Vec<Op>>,
}

impl<'l, 'a> Layout<'l, 'a> {
    fn op(&mut self, op: Op) {
        if self.ops.len() <= self.items.len() {
            self.ops.resize_with(self.items.len() + 1, Vec::new);
        }
        self.ops[self.items.len()].push(op);
    }

    fn module(
        &mut self,
        addr: &str,
        resources: &HashMap<String, Vec<&'l Located<'a>>>,
        children: &HashMap<String, Vec<String>>,
    ) {
        self.op(Op::BeginObject);
        if let Some(list) = resources.get(addr) {
            let mut list = list.clone();
            // Addresses of planned resources are unique (deposed objects are not planned).
            list.par_sort_unstable_by(|a, b| a.addr_text.cmp(b.addr_text));
            self.op(Op::Key("resources"));
            self.op(Op::BeginArray);
            self.items.extend(list);
            self.op(Op::EndArray);
        }
        if !addr.is_empty() {
            self.op(Op::Key("address"));
            self.op(Op::String(addr.to_owned()));
        }
        if let Some(kids) = children.get(addr) {
            self.op(Op::Key("child_modules"));
            self.op(Op::BeginArray);
            for kid in kids {
                self.module(kid, resources, children);
            }
            self.op(Op::EndArray);
        }
        self.op(Op::EndObject);
    }
}

/// Writes one resource.
fn write_resource(
    w: &mut Writer<'_>,
    d: &Ready<'_, '_>,
    v: &ValuesJson,
    version: &Release,
) -> Result<(), Error> {
    w.begin_object();
    w.key("address");
    w.string(d.addr_text);
    w.key("mode");
    w.string(mode_name(d.addr.mode));
    w.key("type");
    w.string(&d.addr.type_);
    w.key("name");
    w.string(&d.addr.name);
    write_index(w, &d.addr.key);
    w.key("provider_name");
    w.string(&crate::provider_name::provider_name(
        &d.provider,
        d.provider_config,
        version,
    ));
    w.key("schema_version");
    w.u64(d.schema_version);
    if let Some(json) = v.values() {
        w.key("values");
        json.write(w);
    }
    if version.has(crate::Feature::SensitiveValues) {
        w.key("sensitive_values");
        v.sensitive_values().write(w);
    }
    write_planned_identity(w, d, version)?;
    w.end_object();
    Ok(())
}
