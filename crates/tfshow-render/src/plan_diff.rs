//! What differs between two plans of the same configuration (for example before and after a
//! refactor): resources whose planned action changed, resources planned in only one of them,
//! attribute changes that differ, and output changes that differ.
//!
//! Values are compared after sensitive values are replaced by `(sensitive value)` and values
//! not known until apply by `(known after apply)`, so a diff never shows a sensitive value (and
//! a change between two sensitive values is not reported).
//!
//! [`PlanDiff::text`] shows everything that comes from the plans (addresses, attribute paths,
//! values, output names, reasons) with control, bidi and zero-width characters written as
//! `\u001b`, so that nothing in a plan can act on the terminal.

use std::collections::BTreeMap;

use serde_json::{json, Value};
use tfshow_escape::terminal::Line;
use tfshow_schema::Schemas;

use crate::document::{importing, moved, string};
use crate::jsonformat::text::{go_quote, valid_identifier};
use crate::redact::masked_change;
use crate::summary::Counts;
use crate::{Action, Document, Kind, RenderError};

/// A planned resource change, as compared.
#[derive(Clone, Debug, PartialEq)]
pub struct Planned {
    /// The instance address, with ` (deposed KEY)` for deposed objects.
    pub address: String,
    /// The planned action.
    pub action: Action,
    /// The action reason the plan records (`replace_because_tainted`, …; may be empty).
    pub reason: String,
    /// The address it moves from, if any.
    pub moved_from: String,
    /// It is imported.
    pub importing: bool,
}

/// One attribute whose change differs between the plans.
#[derive(Clone, Debug, PartialEq)]
pub struct AttributeDifference {
    /// The attribute path (`tags["a"]`, `disk[1].kind`).
    pub path: String,
    /// The change in the old plan (`"a" -> "b"`), `None` when it does not change there.
    pub old: Option<String>,
    /// The change in the new plan, `None` when it does not change there.
    pub new: Option<String>,
}

/// A resource planned with the same action in both plans, but with different changes.
#[derive(Clone, Debug, PartialEq)]
pub struct ResourceDifference {
    /// The resource as planned in the new plan.
    pub resource: Planned,
    /// The attributes whose changes differ.
    pub attributes: Vec<AttributeDifference>,
}

/// A resource whose planned action differs.
#[derive(Clone, Debug, PartialEq)]
pub struct ActionDifference {
    /// In the old plan.
    pub old: Planned,
    /// In the new plan.
    pub new: Planned,
}

/// An output whose change differs.
#[derive(Clone, Debug, PartialEq)]
pub struct OutputDifference {
    /// The output name.
    pub name: String,
    /// The change in the old plan, `None` when it does not change there.
    pub old: Option<String>,
    /// The change in the new plan, `None` when it does not change there.
    pub new: Option<String>,
}

/// The differences between two plans.
#[derive(Clone, Debug)]
pub struct PlanDiff {
    /// The old plan's `Plan:` line.
    pub old_headline: String,
    /// The new plan's `Plan:` line.
    pub new_headline: String,
    /// Planned in the new plan only.
    pub only_new: Vec<Planned>,
    /// Planned in the old plan only.
    pub only_old: Vec<Planned>,
    /// Planned in both, with different actions.
    pub action_changed: Vec<ActionDifference>,
    /// Planned in both with the same action, with different attribute changes.
    pub attributes_changed: Vec<ResourceDifference>,
    /// Outputs whose change differs.
    pub outputs_changed: Vec<OutputDifference>,
}

struct Entry {
    planned: Planned,
    rc: Value,
}

/// The `Plan:` line of a plan's entries, counted as the summary counts them.
fn headline(entries: &BTreeMap<String, Entry>) -> String {
    let mut c = Counts::default();
    for e in entries.values() {
        let p = &e.planned;
        let moved = !p.moved_from.is_empty();
        if p.action == Action::NoOp && !moved && !p.importing {
            continue;
        }
        if p.action == Action::Delete && string(&e.rc, "mode") != "managed" {
            continue;
        }
        c.add(p.action, p.importing, moved);
    }
    c.headline()
}

fn key(rc: &Value) -> String {
    let deposed = string(rc, "deposed");
    if deposed.is_empty() {
        string(rc, "address").to_owned()
    } else {
        format!("{} (deposed {deposed})", string(rc, "address"))
    }
}

fn entries(doc: &Document) -> Result<BTreeMap<String, Entry>, RenderError> {
    let mut out = BTreeMap::new();
    doc.each_change(false, |rc| {
        let action = rc
            .get("change")
            .and_then(Action::of_change)
            .unwrap_or(Action::NoOp);
        let planned = Planned {
            address: key(rc),
            action,
            reason: string(rc, "action_reason").to_owned(),
            moved_from: if moved(rc) {
                string(rc, "previous_address").to_owned()
            } else {
                String::new()
            },
            importing: importing(rc),
        };
        out.insert(
            key(rc),
            Entry {
                planned,
                rc: rc.clone(),
            },
        );
    })?;
    Ok(out)
}

impl Planned {
    fn is_change(&self) -> bool {
        self.action != Action::NoOp || !self.moved_from.is_empty() || self.importing
    }

    fn describe(&self) -> String {
        let mut s = self.action.name().to_owned();
        if self.importing {
            s.push_str(", import");
        }
        if !self.moved_from.is_empty() {
            s.push_str(&format!(", moved from {}", self.moved_from));
        }
        if !self.reason.is_empty() {
            s.push_str(&format!(" [{}]", self.reason));
        }
        s
    }

    fn json(&self) -> Value {
        json!({
            "address": self.address,
            "action": self.action.name(),
            "actions": self.action.terraform_actions(),
            "reason": self.reason,
            "moved_from": if self.moved_from.is_empty() { Value::Null } else { json!(self.moved_from) },
            "importing": self.importing,
        })
    }
}

/// A value as it is shown in a diff: compact JSON, absent as `(none)`.
fn show(v: Option<&Value>) -> String {
    match v {
        None => "(none)".to_owned(),
        Some(Value::String(s))
            if s == crate::redact::MARKER || s == crate::redact::UNKNOWN_MARKER =>
        {
            s.clone()
        }
        Some(v) => v.to_string(),
    }
}

fn child_path(path: &str, k: &str) -> String {
    if path.is_empty() {
        k.to_owned()
    } else if valid_identifier(k) {
        format!("{path}.{k}")
    } else {
        format!("{path}[{}]", go_quote(k))
    }
}

/// The changed leaves between two values: path → `before -> after`.
fn flatten(path: &str, b: Option<&Value>, a: Option<&Value>, out: &mut BTreeMap<String, String>) {
    match (b, a) {
        (Some(Value::Object(bm)), Some(Value::Object(am))) => {
            let mut keys: Vec<&String> = bm.keys().chain(am.keys()).collect();
            keys.sort();
            keys.dedup();
            for k in keys {
                flatten(&child_path(path, k), bm.get(k), am.get(k), out);
            }
        }
        (Some(Value::Array(ba)), Some(Value::Array(aa))) => {
            for i in 0..ba.len().max(aa.len()) {
                flatten(&format!("{path}[{i}]"), ba.get(i), aa.get(i), out);
            }
        }
        _ => {
            let bn = b.filter(|v| !v.is_null());
            let an = a.filter(|v| !v.is_null());
            if bn != an {
                let p = if path.is_empty() { "(value)" } else { path };
                out.insert(p.to_owned(), format!("{} -> {}", show(bn), show(an)));
            }
        }
    }
}

/// The union of two sensitivity marks (`true`, or objects and arrays of marks).
fn union_marks(a: &Value, b: &Value) -> Value {
    match (a, b) {
        (Value::Bool(true), _) | (_, Value::Bool(true)) => Value::Bool(true),
        (Value::Object(x), Value::Object(y)) => {
            let mut out = x.clone();
            for (k, v) in y {
                let merged = union_marks(x.get(k).unwrap_or(&Value::Null), v);
                out.insert(k.clone(), merged);
            }
            Value::Object(out)
        }
        (Value::Array(x), Value::Array(y)) => Value::Array(
            (0..x.len().max(y.len()))
                .map(|i| {
                    union_marks(
                        x.get(i).unwrap_or(&Value::Null),
                        y.get(i).unwrap_or(&Value::Null),
                    )
                })
                .collect(),
        ),
        (Value::Object(_) | Value::Array(_), Value::Object(_) | Value::Array(_)) => {
            Value::Bool(true)
        }
        (Value::Object(_) | Value::Array(_), _) => a.clone(),
        _ => b.clone(),
    }
}

/// `change` (a resource change or an output change) with the sensitivity marks of both its
/// sides and of `other` (the same change in the other plan) on both its sides: a value that
/// either plan marks sensitive is masked in both, so that a plan that does not record a mark
/// (an older release, no schemas) cannot show what the other one hides.
fn with_shared_marks(change: &Value, other: Option<&Value>) -> Value {
    const MARKS: [&str; 2] = ["before_sensitive", "after_sensitive"];
    let inner = |v: &Value| v.get("change").cloned().unwrap_or_else(|| v.clone());
    let mut all = Value::Bool(false);
    for c in std::iter::once(inner(change)).chain(other.map(inner)) {
        for m in MARKS {
            all = union_marks(&all, c.get(m).unwrap_or(&Value::Null));
        }
    }
    let mut out = change.clone();
    let target = match out.get("change") {
        Some(_) => &mut out["change"],
        None => &mut out,
    };
    if let Value::Object(t) = target {
        for m in MARKS {
            t.insert(m.to_owned(), all.clone());
        }
    }
    out
}

fn attribute_changes(rc: &Value, schemas: Option<&Schemas>) -> BTreeMap<String, String> {
    let (b, a) = masked_change(rc, schemas);
    let mut out = BTreeMap::new();
    flatten("", Some(&b), Some(&a), &mut out);
    out
}

fn differences(
    old: &BTreeMap<String, String>,
    new: &BTreeMap<String, String>,
) -> Vec<AttributeDifference> {
    let mut keys: Vec<&String> = old.keys().chain(new.keys()).collect();
    keys.sort();
    keys.dedup();
    keys.into_iter()
        .filter(|k| old.get(*k) != new.get(*k))
        .map(|k| AttributeDifference {
            path: k.clone(),
            old: old.get(k).cloned(),
            new: new.get(k).cloned(),
        })
        .collect()
}

/// Compares two plan documents.
pub fn diff(
    old: &Document,
    new: &Document,
    old_schemas: Option<&Schemas>,
    new_schemas: Option<&Schemas>,
) -> Result<PlanDiff, RenderError> {
    if old.kind != Kind::Plan || new.kind != Kind::Plan {
        return Err(RenderError::NotComparable(
            "diff compares two plan files; a state file was given".into(),
        ));
    }
    let oe = entries(old)?;
    let ne = entries(new)?;
    let mut d = PlanDiff {
        old_headline: headline(&oe),
        new_headline: headline(&ne),
        only_new: Vec::new(),
        only_old: Vec::new(),
        action_changed: Vec::new(),
        attributes_changed: Vec::new(),
        outputs_changed: Vec::new(),
    };
    for (k, n) in &ne {
        match oe.get(k) {
            None => {
                if n.planned.is_change() {
                    d.only_new.push(n.planned.clone());
                }
            }
            Some(o) => {
                if o.planned.action != n.planned.action
                    || o.planned.moved_from != n.planned.moved_from
                    || o.planned.importing != n.planned.importing
                {
                    d.action_changed.push(ActionDifference {
                        old: o.planned.clone(),
                        new: n.planned.clone(),
                    });
                } else if n.planned.is_change() {
                    let attrs = differences(
                        &attribute_changes(&with_shared_marks(&o.rc, Some(&n.rc)), old_schemas),
                        &attribute_changes(&with_shared_marks(&n.rc, Some(&o.rc)), new_schemas),
                    );
                    if !attrs.is_empty() {
                        d.attributes_changed.push(ResourceDifference {
                            resource: n.planned.clone(),
                            attributes: attrs,
                        });
                    }
                }
            }
        }
    }
    for (k, o) in &oe {
        if !ne.contains_key(k) && o.planned.is_change() {
            d.only_old.push(o.planned.clone());
        }
    }
    let outputs = |doc: &Document, other: &Document| -> BTreeMap<String, String> {
        let mut out = BTreeMap::new();
        if let Some(m) = doc.value.get("output_changes").and_then(Value::as_object) {
            for (name, c) in m {
                if Action::of_change(c).is_some_and(|a| a != Action::NoOp) {
                    let theirs = other.value.get("output_changes").and_then(|o| o.get(name));
                    let (b, a) = masked_change(&with_shared_marks(c, theirs), None);
                    let b = Some(&b).filter(|v| !v.is_null());
                    let a = Some(&a).filter(|v| !v.is_null());
                    out.insert(name.clone(), format!("{} -> {}", show(b), show(a)));
                }
            }
        }
        out
    };
    let (oo, no) = (outputs(old, new), outputs(new, old));
    d.outputs_changed = differences(&oo, &no)
        .into_iter()
        .map(|a| OutputDifference {
            name: a.path,
            old: a.old,
            new: a.new,
        })
        .collect();
    Ok(d)
}

impl PlanDiff {
    /// The plans propose the same changes.
    pub fn is_empty(&self) -> bool {
        self.only_new.is_empty()
            && self.only_old.is_empty()
            && self.action_changed.is_empty()
            && self.attributes_changed.is_empty()
            && self.outputs_changed.is_empty()
    }

    /// The differences as text, for a terminal (see the module documentation).
    pub fn text(&self) -> String {
        let mut out = format!(
            "OLD: Plan: {}\nNEW: Plan: {}\n",
            self.old_headline, self.new_headline
        );
        if self.is_empty() {
            out.push_str("\nThe plans propose the same changes.\n");
            return out;
        }
        if !self.action_changed.is_empty() {
            out.push_str(&format!(
                "\nResources with a different action ({}):\n",
                self.action_changed.len()
            ));
            for a in &self.action_changed {
                out.push_str(&format!(
                    "  ~ {}: {} => {}\n",
                    Line(&a.new.address),
                    Line(&a.old.describe()),
                    Line(&a.new.describe())
                ));
            }
        }
        for (title, sym, rows) in [
            ("Planned only in NEW", "+", &self.only_new),
            ("Planned only in OLD", "-", &self.only_old),
        ] {
            if rows.is_empty() {
                continue;
            }
            out.push_str(&format!("\n{title} ({}):\n", rows.len()));
            for p in rows {
                out.push_str(&format!(
                    "  {sym} {}: {}\n",
                    Line(&p.address),
                    Line(&p.describe())
                ));
            }
        }
        let side = |s: &Option<String>| s.clone().unwrap_or_else(|| "(no change)".to_owned());
        if !self.attributes_changed.is_empty() {
            out.push_str(&format!(
                "\nResources with different attribute changes ({}):\n",
                self.attributes_changed.len()
            ));
            for r in &self.attributes_changed {
                out.push_str(&format!(
                    "  ~ {} ({}):\n",
                    Line(&r.resource.address),
                    r.resource.action.name()
                ));
                for a in &r.attributes {
                    out.push_str(&format!("      {}\n", Line(&a.path)));
                    out.push_str(&format!("        OLD: {}\n", Line(&side(&a.old))));
                    out.push_str(&format!("        NEW: {}\n", Line(&side(&a.new))));
                }
            }
        }
        if !self.outputs_changed.is_empty() {
            out.push_str(&format!(
                "\nOutputs with different changes ({}):\n",
                self.outputs_changed.len()
            ));
            for o in &self.outputs_changed {
                out.push_str(&format!("  ~ {}\n", Line(&o.name)));
                out.push_str(&format!("        OLD: {}\n", Line(&side(&o.old))));
                out.push_str(&format!("        NEW: {}\n", Line(&side(&o.new))));
            }
        }
        out
    }

    /// The differences as JSON.
    pub fn json(&self) -> Value {
        json!({
            "old": {"plan": self.old_headline},
            "new": {"plan": self.new_headline},
            "same": self.is_empty(),
            "action_changed": self.action_changed.iter().map(|a| json!({
                "address": a.new.address, "old": a.old.json(), "new": a.new.json(),
            })).collect::<Vec<_>>(),
            "only_new": self.only_new.iter().map(Planned::json).collect::<Vec<_>>(),
            "only_old": self.only_old.iter().map(Planned::json).collect::<Vec<_>>(),
            "attributes_changed": self.attributes_changed.iter().map(|r| json!({
                "resource": r.resource.json(),
                "attributes": r.attributes.iter().map(|a| json!({
                    "path": a.path, "old": a.old, "new": a.new,
                })).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
            "outputs_changed": self.outputs_changed.iter().map(|o| json!({
                "name": o.name, "old": o.old, "new": o.new,
            })).collect::<Vec<_>>(),
        })
    }
}
