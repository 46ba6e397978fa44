//! What differs between two plans of the same configuration (for example before and after a
//! refactor): resources whose planned action changed, resources planned in only one of them,
//! attribute changes that differ, and output changes that differ.
//!
//! Values are compared after sensitive values are replaced by `(sensitive value)` and values
//! not known until apply by `(known after apply)`, so a diff never shows a sensitive value (and
//! a change between two sensitive values is not reported).
//!
//! The plans are read as typed documents ([`PlanDocument`]), one resource at a time: each
//! resource change is decoded without its values to be counted and matched by address, and
//! with them only when it is planned in both plans with the same action, where its attribute
//! changes are compared. What is kept is the comparison's result and the addresses.
//!
//! [`PlanDiff::text`] shows everything that comes from the plans (addresses, attribute paths,
//! values, output names, reasons) with control, bidi and zero-width characters written as
//! `\u001b`, so that nothing in a plan can act on the terminal.

use std::collections::BTreeMap;

use rayon::prelude::*;
use serde_json::{json, Value};
use tfshow_addrs::ResourceMode;
use tfshow_escape::terminal::Line;
use tfshow_json::document::{Changes, PlanDocument, ResourceChange};
use tfshow_schema::Schemas;

use crate::jsonformat::text::{go_quote, valid_identifier};
use crate::masked_values::masked;
use crate::resource::{action, masks, moved, schema};
use crate::summary::Counts;
use crate::{Action, RenderError};

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

/// What is kept of a plan's resource change to compare it: how it is planned, and where it is
/// in the plan's list of changes (to decode its values when they are compared).
struct Entry {
    planned: Planned,
    managed: bool,
    at: usize,
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
        if p.action == Action::Delete && !e.managed {
            continue;
        }
        c.add(p.action, p.importing, moved);
    }
    c.headline()
}

/// A change's key: its address, with ` (deposed KEY)` for a deposed object.
fn key(rc: &ResourceChange) -> String {
    if rc.deposed.is_empty() {
        rc.address.clone()
    } else {
        format!("{} (deposed {})", rc.address, rc.deposed)
    }
}

/// The plan's changes by key, each decoded without its values.
fn entries(changes: &Changes<'_>) -> Result<BTreeMap<String, Entry>, RenderError> {
    let mut out = BTreeMap::new();
    for at in 0..changes.len() {
        let rc = changes.get_without_values(at)?;
        let planned = Planned {
            address: key(&rc),
            action: action(&rc),
            reason: rc.action_reason.unwrap_or_default().to_owned(),
            moved_from: if moved(&rc) {
                rc.previous_address.clone().unwrap_or_default()
            } else {
                String::new()
            },
            importing: rc.importing.is_some(),
        };
        let entry = Entry {
            managed: rc.mode == ResourceMode::Managed,
            planned,
            at,
        };
        out.insert(entry.planned.address.clone(), entry);
    }
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
            if s == crate::redact::MARKER || s == crate::masked_values::UNKNOWN_MARKER =>
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

/// The union of two sensitivity marks (`true`, or objects and arrays of marks): sensitive
/// where either is; where one is an object and the other an array (values of different
/// shapes), all of it.
fn union_marks(a: Value, b: &Value) -> Value {
    match (a, b) {
        (Value::Bool(true), _) | (_, Value::Bool(true)) => Value::Bool(true),
        (Value::Object(mut x), Value::Object(y)) => {
            for (k, v) in y {
                match x.get_mut(k) {
                    Some(slot) => *slot = union_marks(std::mem::take(slot), v),
                    None => {
                        x.insert(k.clone(), union_marks(Value::Null, v));
                    }
                }
            }
            Value::Object(x)
        }
        (Value::Array(mut x), Value::Array(y)) => {
            if x.len() < y.len() {
                x.resize(y.len(), Value::Null);
            }
            for (i, slot) in x.iter_mut().enumerate() {
                *slot = union_marks(std::mem::take(slot), y.get(i).unwrap_or(&Value::Null));
            }
            Value::Array(x)
        }
        (Value::Object(_) | Value::Array(_), Value::Object(_) | Value::Array(_)) => {
            Value::Bool(true)
        }
        (a @ (Value::Object(_) | Value::Array(_)), _) => a,
        (_, b) => b.clone(),
    }
}

/// The union of the sensitivity marks `marks` (of both sides of a change, in both plans): a
/// value that either plan marks sensitive is masked in both, so that a plan that does not
/// record a mark (an older release, no schemas) cannot show what the other one hides.
fn shared_marks<'a>(marks: impl IntoIterator<Item = &'a Value>) -> Value {
    marks.into_iter().fold(Value::Bool(false), union_marks)
}

/// The marks of a change object (an output change's `before_sensitive` and `after_sensitive`;
/// `null` when absent).
fn marks_of(change: &Value) -> [&Value; 2] {
    ["before_sensitive", "after_sensitive"].map(|k| change.get(k).unwrap_or(&Value::Null))
}

/// The changed leaves between a change's masked values: path → `before -> after`.
fn changed_leaves(before: &Value, after: &Value) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    flatten("", Some(before), Some(after), &mut out);
    out
}

/// The changed leaves of a resource change, masked with `shared` (the marks of both plans) and
/// with what the views mask ([`masks`]: the provider schema's sensitive attributes, or every
/// attribute when the schema is not known).
fn attribute_changes(
    rc: ResourceChange,
    shared: &Value,
    schemas: Option<&Schemas>,
) -> BTreeMap<String, String> {
    let (before_marks, after_marks) = {
        let (b, a) = masks(&rc, schemas);
        (
            union_marks(shared.clone(), &b),
            union_marks(shared.clone(), &a),
        )
    };
    let v = rc.values;
    let (before, after) = masked(
        v.before,
        v.after,
        &before_marks,
        &after_marks,
        &v.after_unknown,
    );
    changed_leaves(&before, &after)
}

/// The attribute differences of a resource planned with the same action in both plans.
fn resource_differences(
    old: &Changes<'_>,
    new: &Changes<'_>,
    o: &Entry,
    n: &Entry,
    schemas: (Option<&Schemas>, Option<&Schemas>),
) -> Result<Vec<AttributeDifference>, RenderError> {
    let (orc, nrc) = (old.get(o.at)?, new.get(n.at)?);
    // The same change, masked the same way, has the same attribute changes.
    let same_schema = match (schema(schemas.0, &orc), schema(schemas.1, &nrc)) {
        (Some(a), Some(b)) => std::ptr::eq(a, b) || a == b,
        (a, b) => a.is_none() && b.is_none(),
    };
    if same_schema && orc.provider_name == nrc.provider_name && orc.values == nrc.values {
        return Ok(Vec::new());
    }
    fn marks(rc: &ResourceChange) -> [&Value; 2] {
        [&rc.values.before_sensitive, &rc.values.after_sensitive]
    }
    let old_shared = shared_marks(marks(&orc).into_iter().chain(marks(&nrc)));
    let new_shared = shared_marks(marks(&nrc).into_iter().chain(marks(&orc)));
    Ok(differences(
        &attribute_changes(orc, &old_shared, schemas.0),
        &attribute_changes(nrc, &new_shared, schemas.1),
    ))
}

/// A plan's output changes that change something, masked, by name: `before -> after`.
/// `other`: the other plan's output changes, whose marks mask these too.
fn output_changes(
    mine: &BTreeMap<String, Value>,
    other: &BTreeMap<String, Value>,
) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for (name, c) in mine {
        if Action::of_change(c).is_none_or(|a| a == Action::NoOp) {
            continue;
        }
        let theirs = other.get(name).map(marks_of);
        let shared = shared_marks(marks_of(c).into_iter().chain(theirs.into_iter().flatten()));
        let value = |k: &str| c.get(k).cloned();
        let unknown = c.get("after_unknown").unwrap_or(&Value::Null);
        let (b, a) = masked(value("before"), value("after"), &shared, &shared, unknown);
        let b = Some(&b).filter(|v| !v.is_null());
        let a = Some(&a).filter(|v| !v.is_null());
        out.insert(name.clone(), format!("{} -> {}", show(b), show(a)));
    }
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

/// Compares two plans.
pub fn diff(old: &PlanDocument<'_>, new: &PlanDocument<'_>) -> Result<PlanDiff, RenderError> {
    let (old_changes, new_changes) = (old.changes()?, new.changes()?);
    let (oe, ne) = rayon::join(|| entries(&old_changes), || entries(&new_changes));
    let (oe, ne) = (oe?, ne?);
    let schemas = (old.schemas(), new.schemas());
    let mut d = PlanDiff {
        old_headline: headline(&oe),
        new_headline: headline(&ne),
        only_new: Vec::new(),
        only_old: Vec::new(),
        action_changed: Vec::new(),
        attributes_changed: Vec::new(),
        outputs_changed: Vec::new(),
    };
    // Planned in both with the same action: their attribute changes are compared.
    let mut compared: Vec<(&Entry, &Entry)> = Vec::new();
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
                    compared.push((o, n));
                }
            }
        }
    }
    // Each on any thread, one pair of resources at a time; the results in order.
    let attributes: Vec<Vec<AttributeDifference>> = compared
        .par_iter()
        .map(|(o, n)| resource_differences(&old_changes, &new_changes, o, n, schemas))
        .collect::<Result<_, _>>()?;
    for ((_, n), attrs) in compared.iter().zip(attributes) {
        if !attrs.is_empty() {
            d.attributes_changed.push(ResourceDifference {
                resource: n.planned.clone(),
                attributes: attrs,
            });
        }
    }
    for (k, o) in &oe {
        if !ne.contains_key(k) && o.planned.is_change() {
            d.only_old.push(o.planned.clone());
        }
    }
    let by_name = |doc: &PlanDocument<'_>| -> Result<BTreeMap<String, Value>, RenderError> {
        Ok(doc
            .output_changes()?
            .into_iter()
            .map(|o| (o.name, o.change))
            .collect())
    };
    let (oo, no) = (by_name(old)?, by_name(new)?);
    d.outputs_changed = differences(&output_changes(&oo, &no), &output_changes(&no, &oo))
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::{Path, PathBuf};
    use tfshow_json::show::Limits;

    fn scenario(name: &str, release: &str) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../testdata/oracle/scenarios")
            .join(name)
            .join(release)
    }

    fn read(dir: &Path, file: &str) -> Vec<u8> {
        std::fs::read(dir.join(file)).expect("test data")
    }

    fn schemas(dir: &Path) -> Schemas {
        Schemas::from_json(&read(dir, "schemas.json")).expect("schemas")
    }

    #[test]
    fn a_plan_and_its_json_document_propose_the_same_changes() {
        let dir = scenario("update_in_place", "tf-1.15.5");
        let s = schemas(&dir);
        let (file, json) = (read(&dir, "plan.tfplan"), read(&dir, "plan.json"));
        let limits = Limits::default();
        let a = PlanDocument::load_for_views(&file, Some(&s), &limits).expect("plan");
        let b = PlanDocument::load_for_views(&json, Some(&s), &limits).expect("document");
        assert!(b.is_json());
        let d = diff(&a, &b).expect("diff");
        assert!(d.is_empty(), "{}", d.text());
        assert_eq!(d.old_headline, "0 to add, 2 to change, 0 to destroy.");
        assert_eq!(d.old_headline, d.new_headline);
        assert!(d
            .text()
            .ends_with("\nThe plans propose the same changes.\n"));
    }

    #[test]
    fn attribute_changes_that_differ_are_listed_old_and_new() {
        let (old_dir, new_dir) = (
            scenario("hostile_strings", "tf-1.4.7"),
            scenario("hostile_strings", "tf-1.5.7"),
        );
        let (so, sn) = (schemas(&old_dir), schemas(&new_dir));
        let (po, pn) = (read(&old_dir, "plan.tfplan"), read(&new_dir, "plan.tfplan"));
        let limits = Limits::default();
        let old = PlanDocument::load_for_views(&po, Some(&so), &limits).expect("old");
        let new = PlanDocument::load_for_views(&pn, Some(&sn), &limits).expect("new");
        let d = diff(&old, &new).expect("diff");
        assert!(d.action_changed.is_empty() && d.only_new.is_empty() && d.only_old.is_empty());
        assert!(d.outputs_changed.is_empty());
        let [r] = d.attributes_changed.as_slice() else {
            panic!("one resource: {:?}", d.attributes_changed);
        };
        assert_eq!(r.resource.address, "terraform_data.replaced");
        assert_eq!(r.resource.action, Action::DeleteThenCreate);
        assert_eq!(
            r.attributes,
            [AttributeDifference {
                path: "id".into(),
                old: Some("\"3718ae55-4d5a-a68c-688e-235b0e053835\" -> (known after apply)".into()),
                new: Some("\"f6a29782-0044-ec3b-8760-2ac0584f7c7b\" -> (known after apply)".into()),
            }]
        );
        // Reversed, the same differences, OLD and NEW swapped.
        let back = diff(&new, &old).expect("diff");
        assert_eq!(
            back.attributes_changed[0].attributes[0].old,
            r.attributes[0].new
        );
    }

    #[test]
    fn marks_of_different_shapes_mark_the_whole_value() {
        use serde_json::json;
        assert_eq!(
            union_marks(json!({"a": [true]}), &json!({"a": {"b": true}})),
            json!({"a": true})
        );
        assert_eq!(
            union_marks(json!([false]), &json!([{"x": true}, true])),
            json!([{"x": true}, true])
        );
        assert_eq!(
            union_marks(json!({"k": {}}), &Value::Null),
            json!({"k": {}})
        );
        assert_eq!(
            shared_marks([&json!(false), &json!({"s": true}), &json!({"t": [true]})]),
            json!({"s": true, "t": [true]})
        );
    }
}
