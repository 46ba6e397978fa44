//! A review summary of a plan: counts per action, every changed resource with its action and
//! the reason for it (replacements and deletions first), drift, and output changes.
//!
//! Four formats: markdown for pull-request comments ([`Summary::markdown`], which fits a size
//! limit by folding detail, then grouping resources per module, and says what it left out),
//! plain text ([`Summary::text`]), JSON ([`Summary::json`]) and an HTML page. Filters
//! ([`Summary::filter`]) choose what the lists show; several plans roll up into one document
//! ([`Rollup`]). No value of any resource or output is
//! included, so nothing sensitive can leak into a summary; replace paths are cut before the
//! first step that is part of a sensitive value (a sensitive map's key, a sensitive set's
//! element), and right after the attribute when the resource's schema is not given.
//!
//! Everything that comes from the plan (addresses, module and output names, import IDs,
//! attribute paths) is escaped for its medium with `tfshow_escape`: in markdown it is put in
//! code spans that it cannot close, so it makes no link, mention, image or HTML; in text,
//! control, bidi and zero-width characters are shown as `\u001b`.

use std::collections::HashSet;

use serde_json::{json, Value};
use tfshow_escape::markdown;
use tfshow_schema::Schemas;

use tfshow_addrs::ResourceMode;
use tfshow_json::document::{PlanDocument, ResourceChange};

use crate::attribute_changes::{attribute_changes, AttributeChange};
use crate::document::merge_marks;
use crate::plan_facts::PlanFacts;
use crate::plan_text::{drift_diffs, output_diffs};
use crate::resource::{action, moved};
use crate::sensitive_paths::replace_path;
pub use crate::summary_filter::{ChangeKind, Filter, Gate, Hidden};
pub use crate::summary_fit::{Layout, TooSmall};
pub use crate::summary_rollup::{Rollup, Titled};
use crate::{Action, PlanMode, RenderError};

/// GitHub's limit on the size of a comment, in characters.
pub const GITHUB_COMMENT_LIMIT: usize = 65_536;

/// One resource instance change in a summary.
#[derive(Clone, Debug)]
pub struct ResourceRow {
    /// The instance address (with ` (deposed …)` for deposed objects).
    pub address: String,
    /// The module address (`""` for the root module).
    pub module: String,
    /// The deposed key, if the change is for a deposed object.
    pub deposed: String,
    /// What the plan does to it.
    pub action: Action,
    /// The address it moved from, if it moved.
    pub moved_from: String,
    /// The import ID, if it is being imported (`Some("")` when the ID is not known).
    pub import_id: Option<String>,
    /// Why (may be empty).
    pub reason: Reason,
    /// The top-level attributes that change (updates and replacements; empty otherwise).
    pub attributes: Vec<AttributeChange>,
}

/// A piece of a [`Reason`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fragment {
    /// The summary's own words.
    Words(String),
    /// A name from the plan: an address or an attribute path.
    Name(String),
    /// An import ID from the plan (quoted in text).
    Id(String),
}

/// Why a resource changes: the summary's words around names from the plan, kept apart so that
/// each format can escape the names.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reason(pub Vec<Fragment>);

impl Reason {
    fn words(s: &str) -> Reason {
        Reason(vec![Fragment::Words(s.to_owned())])
    }

    /// There is no reason to give.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The reason as plain text, unescaped (for JSON); import IDs are quoted.
    pub fn text(&self) -> String {
        self.0
            .iter()
            .map(|f| match f {
                Fragment::Words(s) | Fragment::Name(s) => s.clone(),
                Fragment::Id(id) => tfshow_addrs::go_quote(id),
            })
            .collect()
    }

    /// The reason for a markdown table cell: names and IDs as code spans (the summary's own
    /// words hold nothing markdown would act on).
    pub fn markdown(&self) -> String {
        self.0
            .iter()
            .map(|f| match f {
                Fragment::Words(s) => s.clone(),
                Fragment::Name(s) | Fragment::Id(s) => markdown::code_cell(s),
            })
            .collect()
    }

    fn push(&mut self, f: Fragment) {
        self.0.push(f);
    }

    /// Appends `other`, with `; ` between them.
    fn then(&mut self, other: Reason) {
        if other.is_empty() {
            return;
        }
        if !self.is_empty() {
            self.push(Fragment::Words("; ".to_owned()));
        }
        self.0.extend(other.0);
    }
}

impl ResourceRow {
    /// The action as a short phrase, including moves and imports (`update, moved`).
    pub fn action_text(&self) -> String {
        let mut parts: Vec<String> = Vec::new();
        if self.action != Action::NoOp {
            parts.push(self.action.name().to_owned());
        }
        if self.import_id.is_some() {
            parts.push("import".to_owned());
        }
        if !self.moved_from.is_empty() {
            parts.push("move".to_owned());
        }
        if parts.is_empty() {
            parts.push("no-op".to_owned());
        }
        parts.join(", ")
    }

    /// Replacements and deletions are listed first.
    pub fn is_destructive(&self) -> bool {
        matches!(
            self.action,
            Action::Delete | Action::DeleteThenCreate | Action::CreateThenDelete
        )
    }
}

/// One output change in a summary.
#[derive(Clone, Debug)]
pub struct OutputRow {
    /// The output name.
    pub name: String,
    /// What changes.
    pub action: Action,
    /// The output is sensitive (before or after).
    pub sensitive: bool,
}

/// A plan's review summary.
#[derive(Clone, Debug)]
pub struct Summary {
    /// The name of the program that wrote the plan (`Terraform`, `OpenTofu`).
    pub program: &'static str,
    /// The Terraform version that wrote the plan.
    pub terraform_version: String,
    /// The planning mode.
    pub mode: PlanMode,
    /// Planning stopped on an error.
    pub errored: bool,
    /// Planned changes other than no-ops (moves, imports and forgets included), destructive
    /// ones first, otherwise in plan order.
    pub changes: Vec<ResourceRow>,
    /// Changes made outside of Terraform that the plan shows.
    pub drift: Vec<ResourceRow>,
    /// Output changes.
    pub outputs: Vec<OutputRow>,
    /// The whole plan's counts, whatever filters leave out of the lists.
    pub totals: Totals,
    /// What filters left out of the lists ([`Summary::filter`]).
    pub hidden: Hidden,
}

/// A plan's counts before any filter: what its `Plan:` line and details say.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    /// Counts per action of the planned changes.
    pub counts: Counts,
    /// Resources changed outside of Terraform.
    pub drift: usize,
    /// Output changes.
    pub outputs: usize,
}

/// Counts per action, as Terraform's `Plan:` line counts them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// To import.
    pub import: usize,
    /// To add (creations and the new half of replacements).
    pub add: usize,
    /// To change in place.
    pub change: usize,
    /// To destroy (deletions and the old half of replacements).
    pub destroy: usize,
    /// Replacements.
    pub replace: usize,
    /// Data sources read during apply.
    pub read: usize,
    /// Moved without other change.
    pub moved: usize,
    /// Removed from state without being destroyed.
    pub forget: usize,
}

impl Counts {
    /// Counts one resource change: its action, and whether it imports or moves the object.
    pub fn add(&mut self, action: Action, importing: bool, moved: bool) {
        if importing {
            self.import += 1;
        }
        match action {
            Action::Create => self.add += 1,
            Action::Update => self.change += 1,
            Action::Delete => self.destroy += 1,
            Action::DeleteThenCreate | Action::CreateThenDelete => {
                self.add += 1;
                self.destroy += 1;
                self.replace += 1;
            }
            Action::Read => self.read += 1,
            Action::Forget => self.forget += 1,
            Action::CreateThenForget | Action::ForgetThenCreate => {
                self.add += 1;
                self.forget += 1;
                self.replace += 1;
            }
            Action::NoOp => {
                if moved {
                    self.moved += 1;
                }
            }
        }
    }

    /// The `Plan:` line without its prefix (`3 to add, 1 to change, 2 to destroy.`).
    pub fn headline(&self) -> String {
        let mut s = String::new();
        if self.import > 0 {
            s.push_str(&format!("{} to import, ", self.import));
        }
        s.push_str(&format!(
            "{} to add, {} to change, {} to destroy.",
            self.add, self.change, self.destroy
        ));
        s
    }
}

/// `forced by PATH, PATH`: the replace paths of a change, each cut before anything sensitive
/// (see [`crate::sensitive_paths`]), without repeats.
fn replace_reason(rc: &ResourceChange, schemas: Option<&Schemas>) -> Reason {
    let marks = merge_marks(&rc.values.before_sensitive, &rc.values.after_sensitive);
    let schema = crate::resource::schema(schemas, rc);
    let mut names: Vec<String> = Vec::new();
    let mut seen: HashSet<String> = HashSet::new();
    for p in &rc.replace_paths {
        let shown = replace_path(&path_steps(p), &marks, schema);
        if !shown.text.is_empty() && seen.insert(shown.text.clone()) {
            names.push(shown.text);
        }
    }
    let mut r = Reason::default();
    for (i, n) in names.into_iter().enumerate() {
        r.push(Fragment::Words(
            if i == 0 { "forced by " } else { ", " }.to_owned(),
        ));
        r.push(Fragment::Name(n));
    }
    r
}

/// A cty path as the steps of a document path (names and keys as strings, indexes as numbers).
fn path_steps(p: &tfshow_cty::Path) -> Vec<Value> {
    use tfshow_cty::{PathStep, Value as Cty};
    p.iter()
        .map(|s| match s {
            PathStep::Attr(a) => Value::String(a.to_string()),
            PathStep::Index(v) => match v.peel() {
                Cty::String(k) => Value::String(k.to_string()),
                Cty::Number(n) => serde_json::from_str(&n.to_string()).unwrap_or(Value::Null),
                _ => Value::Null,
            },
        })
        .collect()
}

/// Why a resource change happens.
fn reason(rc: &ResourceChange, action: Action, schemas: Option<&Schemas>) -> Reason {
    let r = rc.action_reason.unwrap_or("");
    let words = match r {
        "replace_because_tainted" => "tainted",
        "replace_by_request" => "replacement requested (-replace)",
        "replace_by_triggers" => "replace_triggered_by",
        "delete_because_no_resource_config" => "not in configuration",
        "delete_because_no_module" => "module not in configuration",
        "delete_because_wrong_repetition" => "count/for_each changed",
        "delete_because_count_index" => "index out of range for count",
        "delete_because_each_key" => "key not in for_each",
        "read_because_config_unknown" => "config refers to values not yet known",
        "read_because_dependency_pending" => "depends on changes pending",
        "read_because_check_nested" => "verifies a check block",
        _ => "",
    };
    let mut out = Reason::default();
    if !words.is_empty() {
        out = Reason::words(words);
    } else if r == "delete_because_no_move_target" {
        out = Reason(vec![
            Fragment::Words("moved from ".to_owned()),
            Fragment::Name(rc.previous_address.clone().unwrap_or_default()),
            Fragment::Words(" to an address not in configuration".to_owned()),
        ]);
    } else if r == "replace_because_cannot_update" || action.is_replace() {
        out = replace_reason(rc, schemas);
    }
    if moved(rc) {
        out.then(moved_from(rc.previous_address.as_deref().unwrap_or("")));
    }
    if let Some(imp) = &rc.importing {
        if imp.id.is_empty() {
            out.then(Reason::words("imported"));
        } else {
            out.then(Reason(vec![
                Fragment::Words("imported from ".to_owned()),
                Fragment::Id(imp.id.clone()),
            ]));
        }
    }
    if !rc.deposed.is_empty() {
        out.then(Reason::words("deposed object"));
    }
    if matches!(
        action,
        Action::Forget | Action::CreateThenForget | Action::ForgetThenCreate
    ) {
        out.then(Reason::words("destroy = false"));
    }
    out
}

fn moved_from(address: &str) -> Reason {
    Reason(vec![
        Fragment::Words("moved from ".to_owned()),
        Fragment::Name(address.to_owned()),
    ])
}

/// Whether the summary lists the attribute changes of a change with this action.
fn lists_attributes(action: Action) -> bool {
    action == Action::Update || action.is_replace()
}

fn row(rc: &ResourceChange, schemas: Option<&Schemas>) -> ResourceRow {
    let action = action(rc);
    let mut address = rc.address.clone();
    if !rc.deposed.is_empty() {
        address = format!("{address} (deposed {})", rc.deposed);
    }
    ResourceRow {
        address,
        module: rc.module_address.clone(),
        deposed: rc.deposed.clone(),
        action,
        moved_from: if moved(rc) {
            rc.previous_address.clone().unwrap_or_default()
        } else {
            String::new()
        },
        import_id: rc.importing.as_ref().map(|i| i.id.clone()),
        reason: reason(rc, action, schemas),
        attributes: if lists_attributes(action) {
            attribute_changes(rc, schemas)
        } else {
            Vec::new()
        },
    }
}

impl Summary {
    /// The changes split into replacements and deletions, listed first by the views, and the
    /// others, each in the summary's order.
    pub(crate) fn destructive_and_other(&self) -> (Vec<&ResourceRow>, Vec<&ResourceRow>) {
        self.changes.iter().partition(|r| r.is_destructive())
    }

    /// Summarizes a plan.
    pub fn new(doc: &PlanDocument<'_>) -> Result<Summary, RenderError> {
        let schemas = doc.schemas();
        let facts = PlanFacts::of(doc)?;
        let mode = facts.mode;
        let mut changes: Vec<ResourceRow> = Vec::new();
        let list = doc.changes()?;
        for i in 0..list.len() {
            // Values are decoded only for the changes whose attributes the summary lists.
            let rc = if list
                .actions(i)
                .and_then(Action::from_actions)
                .is_some_and(lists_attributes)
            {
                list.get(i)?
            } else {
                list.get_without_values(i)?
            };
            let r = row(&rc, schemas);
            if r.action == Action::NoOp && r.moved_from.is_empty() && r.import_id.is_none() {
                continue;
            }
            if r.action == Action::Delete && rc.mode != ResourceMode::Managed {
                continue;
            }
            changes.push(r);
        }
        changes.sort_by_key(|r| !r.is_destructive());
        let drift_changes = doc.drift()?;
        let relevant = doc.relevant_attributes()?;
        let program = crate::wording::Wording::of(doc.release().program).name;
        let drift: Vec<ResourceRow> = drift_diffs(
            &drift_changes,
            &relevant,
            schemas,
            mode,
            crate::jsonformat::structured::Style::Terraform,
        )
        .into_iter()
        .filter(|d| mode == PlanMode::RefreshOnly || d.diff.action != Action::NoOp)
        .filter(|d| d.action() != Action::NoOp || moved(d.rc))
        .map(|d| {
            let mut r = row(d.rc, schemas);
            r.reason = match r.action {
                Action::Update => Reason::words(&format!("changed outside of {program}")),
                Action::Delete => Reason::words(&format!("deleted outside of {program}")),
                _ if !r.moved_from.is_empty() => moved_from(&r.moved_from),
                _ => Reason::default(),
            };
            r
        })
        .collect();
        let output_changes = doc.output_changes()?;
        let outputs: Vec<OutputRow> = output_diffs(&output_changes)
            .into_iter()
            .filter(|(_, d)| d.action != Action::NoOp)
            .map(|(name, d)| OutputRow {
                name: name.to_owned(),
                action: d.action,
                sensitive: output_changes.iter().any(|o| o.name == name && o.sensitive),
            })
            .collect();
        let mut counts = Counts::default();
        for r in &changes {
            counts.add(r.action, r.import_id.is_some(), !r.moved_from.is_empty());
        }
        Ok(Summary {
            program,
            terraform_version: doc.terraform_version().to_owned(),
            mode,
            errored: facts.errored,
            totals: Totals {
                counts,
                drift: drift.len(),
                outputs: outputs.len(),
            },
            hidden: Hidden::default(),
            changes,
            drift,
            outputs,
        })
    }

    /// Counts per action of the whole plan (filters do not change them).
    pub fn counts(&self) -> Counts {
        self.totals.counts
    }

    /// The `Plan:` line without its prefix (`3 to add, 1 to change, 2 to destroy.`).
    pub fn headline(&self) -> String {
        self.counts().headline()
    }

    /// Counts the `Plan:` line does not give (`2 replaced, 1 moved`), empty when none.
    pub fn details(&self) -> String {
        let c = self.counts();
        let mut extra = Vec::new();
        if c.replace > 0 {
            extra.push(format!("{} replaced", c.replace));
        }
        if c.read > 0 {
            extra.push(format!("{} to read", c.read));
        }
        if c.moved > 0 {
            extra.push(format!("{} moved", c.moved));
        }
        if c.forget > 0 {
            extra.push(format!("{} to forget", c.forget));
        }
        if self.totals.drift > 0 {
            extra.push(format!(
                "{} changed outside of {}",
                self.totals.drift, self.program
            ));
        }
        if self.totals.outputs > 0 {
            let n = self.totals.outputs;
            extra.push(format!(
                "{n} output change{}",
                if n == 1 { "" } else { "s" }
            ));
        }
        extra.join(", ")
    }

    pub(crate) fn title(&self) -> String {
        let what = match self.mode {
            PlanMode::Normal => "plan",
            PlanMode::Destroy => "destroy plan",
            PlanMode::RefreshOnly => "refresh-only plan",
        };
        let what = format!("{} {what}", self.program);
        if self.errored {
            format!("{what} (planning failed)")
        } else {
            what.to_owned()
        }
    }

    /// The summary as JSON (with `hidden`, what filters left out, when they did).
    pub fn json(&self) -> Value {
        let c = self.counts();
        let rows = |rows: &[ResourceRow]| -> Vec<Value> {
            rows.iter()
                .map(|r| {
                    json!({
                        "address": r.address,
                        "module": r.module,
                        "action": r.action.name(),
                        "actions": r.action.terraform_actions(),
                        "deposed": if r.deposed.is_empty() { Value::Null } else { json!(r.deposed) },
                        "moved_from": if r.moved_from.is_empty() { Value::Null } else { json!(r.moved_from) },
                        "import_id": r.import_id,
                        "reason": r.reason.text(),
                        "attributes": r.attributes.iter().map(|a| json!({
                            "name": a.name,
                            "before": a.before.text(),
                            "after": a.after.text(),
                        })).collect::<Vec<_>>(),
                    })
                })
                .collect()
        };
        let mut out = json!({
            "terraform_version": self.terraform_version,
            "mode": match self.mode {
                PlanMode::Normal => "normal",
                PlanMode::Destroy => "destroy",
                PlanMode::RefreshOnly => "refresh-only",
            },
            "errored": self.errored,
            "counts": counts_json(&c),
            "changes": rows(&self.changes),
            "drift": rows(&self.drift),
            "outputs": self.outputs.iter().map(|o| json!({
                "name": o.name,
                "action": o.action.name(),
                "actions": o.action.terraform_actions(),
                "sensitive": o.sensitive,
            })).collect::<Vec<_>>(),
        });
        if !self.hidden.is_empty() {
            let h = &self.hidden;
            out["hidden"] = json!({
                "by_only": h.by_only,
                "by_address": h.by_address,
                "drift": h.drift,
                "outputs": h.outputs,
            });
        }
        out
    }
}

/// Counts as the JSON summaries give them.
pub(crate) fn counts_json(c: &Counts) -> Value {
    json!({
        "import": c.import, "add": c.add, "change": c.change, "destroy": c.destroy,
        "replace": c.replace, "read": c.read, "move": c.moved, "forget": c.forget,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn scenario(dir: &str) -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../testdata/oracle/scenarios")
            .join(dir)
    }

    /// A scenario's real plan file and its schemas.
    fn plan(dir: &str) -> (Vec<u8>, Schemas) {
        let dir = scenario(dir);
        let bytes = std::fs::read(dir.join("plan.tfplan")).expect("plan.tfplan");
        let schemas = std::fs::read(dir.join("schemas.json")).expect("schemas.json");
        (bytes, Schemas::from_json(&schemas).expect("schemas"))
    }

    /// The change of `address` in a plan.
    fn change(
        bytes: &[u8],
        schemas: &Schemas,
        find: impl Fn(&ResourceChange) -> bool,
    ) -> ResourceChange {
        let doc = PlanDocument::load(bytes, Some(schemas), &Default::default()).expect("plan");
        let changes = doc.changes().expect("changes");
        (0..changes.len())
            .map(|i| changes.get(i).expect("change"))
            .find(|rc| find(rc))
            .expect("resource change")
    }

    #[test]
    fn replace_paths_are_written_as_terraform_writes_paths() {
        let (plan, schemas) = plan("replace_delete_create/tf-1.15.5");
        for (address, with, without) in [
            ("oracle_replace.block_path", "disk[1].kind", "disk"),
            ("oracle_replace.nested_path", "settings.mode", "settings"),
            ("oracle_replace.zone", "zone", "zone"),
        ] {
            let rc = change(&plan, &schemas, |rc| rc.address == address);
            let r = replace_reason(&rc, Some(&schemas));
            assert_eq!(r.text(), format!("forced by {with}"));
            assert_eq!(r.markdown(), format!("forced by `{with}`"));
            // Without the schema, what is under the attribute could be sensitive.
            assert_eq!(
                replace_reason(&rc, None).text(),
                format!("forced by {without}")
            );
        }
    }

    #[test]
    fn replace_paths_stop_before_a_sensitive_key() {
        // The real replacement forced by a map whose key is a sensitive variable, with the
        // paths a provider that forces replacement per key would give.
        let (plan, schemas) = plan("hostile_strings/tf-1.11.4");
        let mut rc = change(&plan, &schemas, |rc| {
            rc.address == "terraform_data.replaced"
        });
        assert_eq!(rc.values.after_sensitive, json!({"triggers_replace": true}));
        let key = |k: &str| tfshow_cty::PathStep::Index(tfshow_cty::Value::String(k.into()));
        let attr = |a: &str| tfshow_cty::PathStep::Attr(a.into());
        rc.replace_paths = vec![
            vec![attr("triggers_replace"), key("hunter2-SECRET-KEY")],
            vec![attr("triggers_replace"), key("other")],
            vec![attr("input")],
        ];
        for s in [Some(&schemas), None] {
            let r = reason(&rc, Action::DeleteThenCreate, s);
            assert_eq!(r.text(), "forced by triggers_replace, input");
            assert_eq!(r.markdown(), "forced by `triggers_replace`, `input`");
        }
    }

    #[test]
    fn reasons_keep_names_apart_from_words() {
        let (plan, schemas) = plan("hostile_strings/tf-1.11.4");
        let moved = change(&plan, &schemas, |rc| {
            rc.previous_address
                .as_deref()
                .is_some_and(|p| p.contains("click me"))
        });
        let r = reason(&moved, Action::Update, None);
        assert_eq!(
            r.text(),
            "moved from terraform_data.old[\"[click me](https://evil.example/phish)\"]"
        );
        assert_eq!(
            r.markdown(),
            "moved from `terraform_data.old[\"[click me](https://evil.example/phish)\"]`"
        );
    }
}
