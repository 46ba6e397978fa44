//! A review summary of a plan: counts per action, every changed resource with its action and
//! the reason for it (replacements and deletions first), drift, and output changes.
//!
//! Three formats: markdown for pull-request comments ([`Summary::markdown`], which fits a size
//! limit by grouping resources per module and says what it left out), plain text
//! ([`Summary::text`]) and JSON ([`Summary::json`]). No value of any resource or output is
//! included, so nothing sensitive can leak into a summary.

use std::collections::BTreeMap;

use serde_json::{json, Value};
use tfshow_schema::Schemas;

use crate::document::{importing, moved, string};
use crate::jsonformat::text::{go_quote, pad, valid_identifier};
use crate::plan_text::{drift_diffs, output_diffs};
use crate::{Action, Document, PlanMode, RenderError};

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
    /// Why, in words (may be empty).
    pub reason: String,
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

fn replace_reason(rc: &Value) -> String {
    let paths = rc
        .get("change")
        .and_then(|c| c.get("replace_paths"))
        .and_then(Value::as_array);
    let mut names: Vec<String> = Vec::new();
    for p in paths.into_iter().flatten() {
        let Some(steps) = p.as_array() else { continue };
        let mut s = String::new();
        for (i, step) in steps.iter().enumerate() {
            match step {
                Value::String(k) if i == 0 => s.push_str(k),
                Value::String(k) => {
                    if valid_identifier(k) {
                        s.push('.');
                        s.push_str(k);
                    } else {
                        s.push_str(&format!("[{}]", go_quote(k)));
                    }
                }
                other => s.push_str(&format!("[{other}]")),
            }
        }
        if !s.is_empty() {
            names.push(s);
        }
    }
    if names.is_empty() {
        String::new()
    } else {
        format!("forced by {}", names.join(", "))
    }
}

/// Why a resource change happens, in words.
fn reason(rc: &Value, action: Action) -> String {
    let r = string(rc, "action_reason");
    let text = match r {
        "replace_because_tainted" => "tainted".to_owned(),
        "replace_by_request" => "replacement requested (-replace)".to_owned(),
        "replace_by_triggers" => "replace_triggered_by".to_owned(),
        "replace_because_cannot_update" => replace_reason(rc),
        "delete_because_no_resource_config" => "not in configuration".to_owned(),
        "delete_because_no_move_target" => format!(
            "moved from {} to an address not in configuration",
            string(rc, "previous_address")
        ),
        "delete_because_no_module" => "module not in configuration".to_owned(),
        "delete_because_wrong_repetition" => "count/for_each changed".to_owned(),
        "delete_because_count_index" => "index out of range for count".to_owned(),
        "delete_because_each_key" => "key not in for_each".to_owned(),
        "read_because_config_unknown" => "config refers to values not yet known".to_owned(),
        "read_because_dependency_pending" => "depends on changes pending".to_owned(),
        "read_because_check_nested" => "verifies a check block".to_owned(),
        _ => String::new(),
    };
    let mut parts = Vec::new();
    if !text.is_empty() {
        parts.push(text);
    } else if action.is_replace() {
        let r = replace_reason(rc);
        if !r.is_empty() {
            parts.push(r);
        }
    }
    if moved(rc) {
        parts.push(format!("moved from {}", string(rc, "previous_address")));
    }
    if importing(rc) {
        match rc.pointer("/change/importing/id").and_then(Value::as_str) {
            Some(id) if !id.is_empty() => parts.push(format!("imported from {}", go_quote(id))),
            _ => parts.push("imported".to_owned()),
        }
    }
    if !string(rc, "deposed").is_empty() {
        parts.push("deposed object".to_owned());
    }
    if matches!(action, Action::Forget | Action::CreateThenForget) {
        parts.push("destroy = false".to_owned());
    }
    parts.join("; ")
}

fn row(rc: &Value) -> ResourceRow {
    let action = rc
        .get("change")
        .and_then(Action::of_change)
        .unwrap_or(Action::NoOp);
    let deposed = string(rc, "deposed").to_owned();
    let mut address = string(rc, "address").to_owned();
    if !deposed.is_empty() {
        address = format!("{address} (deposed {deposed})");
    }
    let import_id = if importing(rc) {
        Some(
            rc.pointer("/change/importing/id")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_owned(),
        )
    } else {
        None
    };
    ResourceRow {
        address,
        module: string(rc, "module_address").to_owned(),
        deposed,
        action,
        moved_from: if moved(rc) {
            string(rc, "previous_address").to_owned()
        } else {
            String::new()
        },
        import_id,
        reason: reason(rc, action),
    }
}

impl Summary {
    /// Summarizes a plan document (a state document gives an empty summary).
    pub fn new(doc: &Document, schemas: Option<&Schemas>) -> Result<Summary, RenderError> {
        let v = &doc.value;
        let mode = doc.mode();
        let mut changes: Vec<ResourceRow> = Vec::new();
        doc.each_change(true, |rc| {
            let r = row(rc);
            if r.action == Action::NoOp && r.moved_from.is_empty() && r.import_id.is_none() {
                return;
            }
            if r.action == Action::Delete && string(rc, "mode") != "managed" {
                return;
            }
            changes.push(r);
        })?;
        changes.sort_by_key(|r| !r.is_destructive());
        let drift = drift_diffs(v, schemas, mode)
            .into_iter()
            .filter(|d| mode == PlanMode::RefreshOnly || d.diff.action != Action::NoOp)
            .filter(|d| d.action() != Action::NoOp || moved(d.rc))
            .map(|d| {
                let mut r = row(d.rc);
                r.reason = match r.action {
                    Action::Update => "changed outside of Terraform".to_owned(),
                    Action::Delete => "deleted outside of Terraform".to_owned(),
                    _ if !r.moved_from.is_empty() => format!("moved from {}", r.moved_from),
                    _ => String::new(),
                };
                r
            })
            .collect();
        let outputs = output_diffs(v)
            .into_iter()
            .filter(|(_, d)| d.action != Action::NoOp)
            .map(|(name, d)| {
                let c = v.pointer(&format!(
                    "/output_changes/{}",
                    name.replace('~', "~0").replace('/', "~1")
                ));
                let sens = |k: &str| c.and_then(|c| c.get(k)).is_some_and(|s| s != &json!(false));
                OutputRow {
                    name: name.to_owned(),
                    action: d.action,
                    sensitive: sens("before_sensitive") || sens("after_sensitive"),
                }
            })
            .collect();
        Ok(Summary {
            terraform_version: doc.terraform_version().to_owned(),
            mode,
            errored: doc.plan.as_ref().is_some_and(|p| p.errored),
            changes,
            drift,
            outputs,
        })
    }

    /// Counts per action.
    pub fn counts(&self) -> Counts {
        let mut c = Counts::default();
        for r in &self.changes {
            if r.import_id.is_some() {
                c.import += 1;
            }
            match r.action {
                Action::Create => c.add += 1,
                Action::Update => c.change += 1,
                Action::Delete => c.destroy += 1,
                Action::DeleteThenCreate | Action::CreateThenDelete => {
                    c.add += 1;
                    c.destroy += 1;
                    c.replace += 1;
                }
                Action::Read => c.read += 1,
                Action::Forget => c.forget += 1,
                Action::CreateThenForget => {
                    c.add += 1;
                    c.forget += 1;
                    c.replace += 1;
                }
                Action::NoOp => {
                    if !r.moved_from.is_empty() {
                        c.moved += 1;
                    }
                }
            }
        }
        c
    }

    /// The `Plan:` line without its prefix (`3 to add, 1 to change, 2 to destroy.`).
    pub fn headline(&self) -> String {
        let c = self.counts();
        let mut s = String::new();
        if c.import > 0 {
            s.push_str(&format!("{} to import, ", c.import));
        }
        s.push_str(&format!(
            "{} to add, {} to change, {} to destroy.",
            c.add, c.change, c.destroy
        ));
        s
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
        if !self.drift.is_empty() {
            extra.push(format!("{} changed outside of Terraform", self.drift.len()));
        }
        if !self.outputs.is_empty() {
            let n = self.outputs.len();
            extra.push(format!(
                "{n} output change{}",
                if n == 1 { "" } else { "s" }
            ));
        }
        extra.join(", ")
    }

    fn title(&self) -> String {
        let what = match self.mode {
            PlanMode::Normal => "Terraform plan",
            PlanMode::Destroy => "Terraform destroy plan",
            PlanMode::RefreshOnly => "Terraform refresh-only plan",
        };
        if self.errored {
            format!("{what} (planning failed)")
        } else {
            what.to_owned()
        }
    }

    /// The summary as JSON.
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
                        "reason": r.reason,
                    })
                })
                .collect()
        };
        json!({
            "terraform_version": self.terraform_version,
            "mode": match self.mode {
                PlanMode::Normal => "normal",
                PlanMode::Destroy => "destroy",
                PlanMode::RefreshOnly => "refresh-only",
            },
            "errored": self.errored,
            "counts": {
                "import": c.import, "add": c.add, "change": c.change, "destroy": c.destroy,
                "replace": c.replace, "read": c.read, "move": c.moved, "forget": c.forget,
            },
            "changes": rows(&self.changes),
            "drift": rows(&self.drift),
            "outputs": self.outputs.iter().map(|o| json!({
                "name": o.name,
                "action": o.action.name(),
                "actions": o.action.terraform_actions(),
                "sensitive": o.sensitive,
            })).collect::<Vec<_>>(),
        })
    }

    /// The summary as plain text.
    pub fn text(&self) -> String {
        let mut out = format!("{}\n\nPlan: {}\n", self.title(), self.headline());
        let details = self.details();
        if !details.is_empty() {
            out.push_str(&format!("({details})\n"));
        }
        let section = |out: &mut String, title: &str, rows: &[&ResourceRow]| {
            if rows.is_empty() {
                return;
            }
            out.push_str(&format!("\n{title} ({}):\n", rows.len()));
            let aw = rows
                .iter()
                .map(|r| r.address.chars().count())
                .max()
                .unwrap_or(0);
            let cw = rows
                .iter()
                .map(|r| r.action_text().chars().count())
                .max()
                .unwrap_or(0);
            for r in rows {
                let line = format!(
                    "  {} {}  {}  {}",
                    symbol(r.action),
                    pad(&r.address, aw),
                    pad(&r.action_text(), cw),
                    r.reason
                );
                out.push_str(line.trim_end());
                out.push('\n');
            }
        };
        let destructive: Vec<&ResourceRow> =
            self.changes.iter().filter(|r| r.is_destructive()).collect();
        let other: Vec<&ResourceRow> = self
            .changes
            .iter()
            .filter(|r| !r.is_destructive())
            .collect();
        section(&mut out, "Replacements and deletions", &destructive);
        section(&mut out, "Other changes", &other);
        let drift: Vec<&ResourceRow> = self.drift.iter().collect();
        section(&mut out, "Changed outside of Terraform", &drift);
        if !self.outputs.is_empty() {
            out.push_str(&format!("\nOutput changes ({}):\n", self.outputs.len()));
            for o in &self.outputs {
                let s = if o.sensitive { " (sensitive)" } else { "" };
                out.push_str(&format!("  {} {}{s}\n", symbol(o.action), o.name));
            }
        }
        if self.changes.is_empty() && self.outputs.is_empty() && self.drift.is_empty() {
            out.push_str("\nNo changes.\n");
        }
        out
    }

    /// The summary as GitHub-flavoured markdown of at most `max_chars` characters.
    ///
    /// When the full tables do not fit, resources other than replacements and deletions are
    /// grouped per module (names only), then counted per module, then left out; replacements
    /// and deletions are grouped last. Whatever is left out is said. Lines are never cut.
    pub fn markdown(&self, max_chars: usize) -> String {
        for level in 0..=6 {
            let md = self.markdown_at(level, max_chars);
            if md.chars().count() <= max_chars {
                return md;
            }
        }
        let mut out = String::new();
        let mut n = 0;
        let note = "\n_Summary truncated to fit the size limit._\n";
        let budget = max_chars.saturating_sub(note.chars().count());
        for line in self.markdown_at(6, max_chars).split_inclusive('\n') {
            let len = line.chars().count();
            if n + len > budget {
                break;
            }
            out.push_str(line);
            n += len;
        }
        if n + note.chars().count() <= max_chars {
            out.push_str(note);
        }
        out
    }

    fn markdown_at(&self, level: u8, max_chars: usize) -> String {
        let mut md = Markdown::default();
        md.line(&format!("### {}", self.title()));
        md.line("");
        md.line(&format!("**Plan:** {}", self.headline()));
        let details = self.details();
        if !details.is_empty() {
            md.line("");
            md.line(&details);
        }
        let destructive: Vec<&ResourceRow> =
            self.changes.iter().filter(|r| r.is_destructive()).collect();
        let other: Vec<&ResourceRow> = self
            .changes
            .iter()
            .filter(|r| !r.is_destructive())
            .collect();
        if self.changes.is_empty() && self.drift.is_empty() && self.outputs.is_empty() {
            md.line("");
            md.line("No changes. The infrastructure matches the configuration.");
        }
        // Replacements and deletions are shrunk two levels later than the other changes.
        let destructive_level = if level >= 6 {
            6
        } else {
            level.saturating_sub(2)
        };
        if !destructive.is_empty() {
            md.line("");
            md.line(&format!(
                "#### :warning: Replacements and deletions ({})",
                destructive.len()
            ));
            md.line("");
            md.rows(&destructive, Rows::at(destructive_level));
        }
        if !other.is_empty() {
            md.line("");
            md.line(&format!("#### Other changes ({})", other.len()));
            md.line("");
            md.rows(&other, Rows::at(level));
        }
        if !self.drift.is_empty() {
            md.line("");
            md.line(&format!(
                "#### Changed outside of Terraform ({})",
                self.drift.len()
            ));
            md.line("");
            let drift: Vec<&ResourceRow> = self.drift.iter().collect();
            md.rows(&drift, Rows::at(level));
        }
        if !self.outputs.is_empty() {
            md.line("");
            md.line(&format!("#### Output changes ({})", self.outputs.len()));
            md.line("");
            if level >= 3 {
                let mut by: BTreeMap<&str, usize> = BTreeMap::new();
                for o in &self.outputs {
                    *by.entry(o.action.name()).or_insert(0) += 1;
                }
                let parts: Vec<String> = by.iter().map(|(a, n)| format!("{n} {a}")).collect();
                md.line(&format!(
                    "{} (output names left out to fit the size limit)",
                    parts.join(", ")
                ));
            } else {
                md.line("| Output | Action |");
                md.line("|---|---|");
                for o in &self.outputs {
                    let s = if o.sensitive { " (sensitive)" } else { "" };
                    md.line(&format!("| {} | {}{s} |", code(&o.name), o.action.name()));
                }
            }
        }
        if level >= 1 {
            md.line("");
            md.line(&format!(
                "_This summary was shortened to fit {max_chars} characters: {}._",
                match level {
                    1 => "resources are grouped per module",
                    2 => "resources are grouped per module, without reasons",
                    3 | 4 => "resources other than replacements and deletions are counted per module, not named",
                    5 => "resources are counted per module, not named",
                    _ => "resources are counted per module call of the root module, not named",
                }
            ));
        }
        md.out
    }
}

fn symbol(a: Action) -> &'static str {
    match a {
        Action::Create => "  +",
        Action::Update => "  ~",
        Action::Delete => "  -",
        Action::DeleteThenCreate => "-/+",
        Action::CreateThenDelete => "+/-",
        Action::Read => " <=",
        Action::Forget => "  .",
        Action::CreateThenForget => "+/.",
        Action::NoOp => "   ",
    }
}

/// Text as inline code in a markdown table cell.
fn code(s: &str) -> String {
    let s: String = s
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect::<String>()
        .replace('|', "\\|");
    if s.contains('`') {
        format!("`` {s} ``")
    } else {
        format!("`{s}`")
    }
}

/// Plain text in a markdown table cell.
fn cell(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '|' | '*' | '`' | '<' | '>' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

#[derive(Default)]
struct Markdown {
    out: String,
}

impl Markdown {
    fn line(&mut self, s: &str) {
        self.out.push_str(s);
        self.out.push('\n');
    }

    /// Resource rows, as a table or grouped per module.
    fn rows(&mut self, rows: &[&ResourceRow], how: Rows) {
        if how == Rows::Table {
            self.line("| Resource | Action | Reason |");
            self.line("|---|---|---|");
            for r in rows {
                self.line(&format!(
                    "| {} | {} | {} |",
                    code(&r.address),
                    r.action_text(),
                    cell(&r.reason)
                ));
            }
            return;
        }
        let by_call = how == Rows::CountedPerCall;
        let mut modules: BTreeMap<&str, Vec<&ResourceRow>> = BTreeMap::new();
        for r in rows {
            let m = if by_call {
                root_call(&r.module)
            } else {
                r.module.as_str()
            };
            modules.entry(m).or_default().push(r);
        }
        let module_name = |m: &str| {
            if m.is_empty() {
                "(root)".to_owned()
            } else {
                code(m)
            }
        };
        if let Rows::Named { reasons } = how {
            self.line("| Module | Resources |");
            self.line("|---|---|");
            for (m, rs) in &modules {
                let names: Vec<String> = rs
                    .iter()
                    .map(|r| {
                        let local = r
                            .address
                            .strip_prefix(&format!("{m}."))
                            .unwrap_or(&r.address);
                        if reasons && !r.reason.is_empty() {
                            format!("{} ({}: {})", code(local), r.action_text(), cell(&r.reason))
                        } else {
                            format!("{} ({})", code(local), r.action_text())
                        }
                    })
                    .collect();
                self.line(&format!("| {} | {} |", module_name(m), names.join(", ")));
            }
            return;
        }
        self.line("| Module | Changes |");
        self.line("|---|---|");
        for (m, rs) in &modules {
            let mut by: BTreeMap<String, usize> = BTreeMap::new();
            for r in rs {
                *by.entry(r.action_text()).or_insert(0) += 1;
            }
            let parts: Vec<String> = by.iter().map(|(a, n)| format!("{n} {a}")).collect();
            let name = if by_call && !m.is_empty() {
                code(&format!("{m}[*]…"))
            } else {
                module_name(m)
            };
            self.line(&format!("| {name} | {} |", parts.join(", ")));
        }
        self.line("");
        self.line(&format!(
            "_{} resource names left out to fit the size limit._",
            rows.len()
        ));
    }
}

/// How resource rows are shown at a shrinking level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rows {
    /// One table row per resource.
    Table,
    /// One row per module instance naming its resources.
    Named { reasons: bool },
    /// One row per module instance with counts.
    Counted,
    /// One row per module call of the root module with counts.
    CountedPerCall,
}

impl Rows {
    fn at(level: u8) -> Rows {
        match level {
            0 => Rows::Table,
            1 => Rows::Named { reasons: true },
            2 => Rows::Named { reasons: false },
            3..=5 => Rows::Counted,
            _ => Rows::CountedPerCall,
        }
    }
}

/// `module.a` of `module.a["k"].module.b[0]`; `""` for the root module.
fn root_call(module: &str) -> &str {
    let Some(rest) = module.strip_prefix("module.") else {
        return "";
    };
    let end = rest
        .find(['[', '.'])
        .map_or(module.len(), |i| i + "module.".len());
    &module[..end]
}
