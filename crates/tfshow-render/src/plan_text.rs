//! A plan as `terraform show` of Terraform 1.15 prints it (`-no-color`, or with colours).
//!
//! Built from the plan's JSON document and the provider schemas, as Terraform builds its own
//! rendering: drift relevant to the plan ("Objects have changed outside of Terraform"), the
//! legend of action symbols, each resource change with the reason for it, the `Plan:` line,
//! output changes and the closing notes.

use std::borrow::Cow;
use std::collections::BTreeMap;

use serde_json::Value;
use tfshow_gojson::{write_quoted, Dialect};
use tfshow_schema::Schemas;

use crate::document::{
    importing, inferred_block, list, moved, resource_schema, sorted_changes, string,
    with_schema_marks,
};
use crate::jsonformat::render::{Diff, Opts};
use crate::jsonformat::structured::{Change, Matcher};
use crate::jsonformat::text::{
    attribute_name, colorize, column_width, horizontal_rule, pad, shown, word_wrap,
};
use crate::jsonformat::{differ, Action};
use crate::unknown_sensitivity;
use crate::{Document, PlanMode, RenderError, TextOptions};

/// A resource change with its computed diff.
pub(crate) struct ResourceDiff<'a> {
    /// The document's resource change object.
    pub rc: &'a Value,
    /// The diff of its values.
    pub diff: Diff,
}

impl ResourceDiff<'_> {
    /// The action the plan records.
    pub(crate) fn action(&self) -> Action {
        self.rc
            .get("change")
            .and_then(Action::of_change)
            .unwrap_or(Action::NoOp)
    }

    fn moved(&self) -> bool {
        moved(self.rc)
    }

    fn importing(&self) -> bool {
        importing(self.rc)
    }
}

/// The diff of one resource change object (`resource_changes` or `resource_drift` entry).
pub(crate) fn resource_change_diff(
    rc: &Value,
    schemas: Option<&Schemas>,
    relevant: Matcher,
) -> Diff {
    let null = Value::Null;
    let change_json = rc.get("change").unwrap_or(&null);
    match resource_schema(schemas, rc) {
        Some(block) => {
            let marked = with_schema_marks(change_json, block);
            let change = Change::from_json_change(marked.as_ref().unwrap_or(change_json), relevant);
            differ::block(&change, block)
        }
        None => {
            // Without the schema, what the provider marks sensitive is not known: mask all.
            let masked = unknown_sensitivity::is_unknown(schemas, rc)
                .then(|| unknown_sensitivity::mask_change(change_json));
            let change_json = masked.as_ref().unwrap_or(change_json);
            let change = Change::from_json_change(change_json, relevant);
            let block = inferred_block([
                change_json.get("before"),
                change_json.get("after"),
                change_json.get("after_unknown"),
                change_json.get("before_sensitive"),
                change_json.get("after_sensitive"),
            ]);
            differ::block(&change, &block)
        }
    }
}

/// The diffs of drift worth showing: all drift in refresh-only plans, otherwise the drift of
/// attributes the plan's changes may depend on (`relevant_attributes`).
pub(crate) fn drift_diffs<'a>(
    doc: &'a Value,
    schemas: Option<&Schemas>,
    mode: PlanMode,
) -> Vec<ResourceDiff<'a>> {
    let mut out = Vec::new();
    for rc in sorted_changes(doc, "resource_drift") {
        let relevant = if mode == PlanMode::RefreshOnly {
            Matcher::Always
        } else {
            let mut m = Matcher::empty(true);
            let addr = string(rc, "address");
            for attr in list(doc, "relevant_attributes") {
                let resource = string(attr, "resource");
                if resource.is_empty() || resource == addr {
                    if let Some(path) = attr.get("attribute") {
                        m.append(path);
                    }
                }
            }
            if m.len() == 0 {
                continue;
            }
            m
        };
        out.push(ResourceDiff {
            rc,
            diff: resource_change_diff(rc, schemas, relevant),
        });
    }
    out
}

/// The diffs of the output changes, by name.
pub(crate) fn output_diffs(doc: &Value) -> BTreeMap<&str, Diff> {
    let mut out = BTreeMap::new();
    if let Some(m) = doc.get("output_changes").and_then(Value::as_object) {
        for (name, change) in m {
            let c = Change::from_json_change(change, Matcher::Always);
            out.insert(name.as_str(), differ::output(&c));
        }
    }
    out
}

/// Renders a plan document as `terraform show` prints it.
pub fn render(
    doc: &Document,
    schemas: Option<&Schemas>,
    opts: &TextOptions,
) -> Result<String, RenderError> {
    let mut r = PlanText {
        out: String::new(),
        color: opts.color,
        terminal: opts.terminal,
        width: opts.width,
        dialect: doc.dialect(),
    };
    r.plan(doc, schemas)?;
    Ok(r.out)
}

struct PlanText {
    out: String,
    color: bool,
    terminal: bool,
    width: usize,
    dialect: Dialect,
}

/// Stands for `[` in input text inside colour markup on a terminal, so that input such as
/// `["[hidden]"]` is not taken for markup. Input text is shown visibly there first, so it
/// holds no raw control character.
const BRACKET: char = '\x01';

impl PlanText {
    fn c(&self, s: &str) -> String {
        colorize(s, self.color)
    }

    /// Input text (an address, a name, an import id) to go into colour markup: on a terminal
    /// shown visibly, with its `[` kept from being read as markup (see [`PlanText::c_input`]);
    /// otherwise as it is (Terraform reads markup in it too).
    fn input<'s>(&self, s: &'s str) -> Cow<'s, str> {
        let visible = shown(s, self.terminal);
        if self.terminal && visible.contains('[') {
            Cow::Owned(visible.replace('[', "\x01"))
        } else {
            visible
        }
    }

    /// [`PlanText::c`] of markup holding [`PlanText::input`] text.
    fn c_input(&self, s: &str) -> String {
        let out = self.c(s);
        if self.terminal && out.contains(BRACKET) {
            out.replace(BRACKET, "[")
        } else {
            out
        }
    }

    /// Options of the diff renderer.
    fn opts(&self) -> Opts {
        Opts {
            color: self.color,
            terminal: self.terminal,
            ..Opts::default()
        }
    }

    fn print(&mut self, s: &str) {
        self.out.push_str(s);
    }

    fn println(&mut self, s: &str) {
        self.out.push_str(s);
        self.out.push('\n');
    }

    fn wrap(&self, s: &str) -> String {
        word_wrap(s, self.width)
    }

    fn rule(&mut self) {
        let r = horizontal_rule(self.color, self.width);
        self.print(&r);
        self.println("");
    }

    fn plan(&mut self, doc: &Document, schemas: Option<&Schemas>) -> Result<(), RenderError> {
        let v = &doc.value;
        let facts = doc.plan.clone();
        let mode = doc.mode();
        let errored = facts.as_ref().is_some_and(|f| f.errored);
        let no_changes_quality = !errored && !facts.as_ref().is_some_and(|f| f.applyable);

        let drift = drift_diffs(v, schemas, mode);
        let outputs = output_diffs(v);
        // One resource at a time: compute its diff, keep only what is printed.
        let mut empty = !outputs.values().any(|d| d.action != Action::NoOp);
        let mut will_print_resource_changes = false;
        let mut counts: BTreeMap<Action, usize> = BTreeMap::new();
        let mut importing_count = 0;
        let mut changes: Vec<String> = Vec::new();
        doc.each_change(true, |rc| {
            let d = ResourceDiff {
                rc,
                diff: resource_change_diff(rc, schemas, Matcher::Always),
            };
            if d.diff.action != Action::NoOp || d.moved() {
                empty = false;
            }
            let action = d.action();
            if action == Action::NoOp && !d.moved() && !d.importing() {
                return;
            }
            if action == Action::Delete && string(rc, "mode") != "managed" {
                return;
            }
            if d.importing() {
                importing_count += 1;
            }
            if action != Action::NoOp {
                will_print_resource_changes = true;
                *counts.entry(action).or_insert(0) += 1;
            }
            changes.push(self.resource(&d, Cause::Change).unwrap_or_default());
        })?;
        let have_refresh_changes = self.drift(&drift, mode, empty);
        let outputs_text = self.outputs(&outputs);

        if changes.is_empty() && outputs_text.is_empty() {
            if errored {
                if have_refresh_changes {
                    self.rule();
                }
                let s = self.c("\n[reset][bold][red]Planning failed.[reset][bold] Terraform encountered an error while generating this plan.[reset]\n\n");
                self.print(&s);
            } else {
                match mode {
                    PlanMode::RefreshOnly => {
                        if have_refresh_changes {
                            return Ok(());
                        }
                        let s = self.c("\n[reset][bold][green]No changes.[reset][bold] Your infrastructure still matches the configuration.[reset]\n\n");
                        self.print(&s);
                        let w = self.wrap("Terraform has checked that the real remote objects still match the result of your most recent changes, and found no differences.");
                        self.println(&w);
                    }
                    PlanMode::Destroy => {
                        if have_refresh_changes {
                            self.rule();
                        }
                        let s = self.c("\n[reset][bold][green]No changes.[reset][bold] No objects need to be destroyed.[reset]\n\n");
                        self.print(&s);
                        let w = self.wrap("Either you have not created any objects yet or the existing objects were already deleted outside of Terraform.");
                        self.println(&w);
                    }
                    PlanMode::Normal => {
                        if have_refresh_changes {
                            self.rule();
                        }
                        let s = self.c("\n[reset][bold][green]No changes.[reset][bold] Your infrastructure matches the configuration.[reset]\n\n");
                        self.print(&s);
                        if have_refresh_changes {
                            let w = if !no_changes_quality {
                                self.wrap("Your configuration already matches the changes detected above, so applying this plan will only update the state to include the changes detected above and won't change any real infrastructure.")
                            } else {
                                self.wrap("Your configuration already matches the changes detected above. If you'd like to update the Terraform state to match, create and apply a refresh-only plan:\n  terraform apply -refresh-only")
                            };
                            self.println(&w);
                            return Ok(());
                        }
                        let w = self.wrap("Terraform has compared your real infrastructure against your configuration and found no differences, so no changes are needed.");
                        self.println(&w);
                    }
                }
            }
        }

        if have_refresh_changes {
            self.rule();
        }

        if will_print_resource_changes {
            let w = self.wrap("\nTerraform used the selected providers to generate the following execution plan. Resource actions are indicated with the following symbols:");
            self.println(&w);
            for (action, text) in [
                (Action::Create, "  [green]+[reset] create"),
                (Action::Update, "  [yellow]~[reset] update in-place"),
                (Action::Delete, "  [red]-[reset] destroy"),
                (
                    Action::DeleteThenCreate,
                    "[red]-[reset]/[green]+[reset] destroy and then create replacement",
                ),
                (
                    Action::CreateThenDelete,
                    "[green]+[reset]/[red]-[reset] create replacement and then destroy",
                ),
                (Action::Read, " [cyan]<=[reset] read (data resources)"),
            ] {
                if counts.get(&action).copied().unwrap_or(0) > 0 {
                    let s = self.c(text);
                    self.println(&s);
                }
            }
        }

        if !changes.is_empty() {
            if errored {
                self.print(
                    "\nTerraform planned the following actions, but then encountered a problem:\n",
                );
            } else {
                self.print("\nTerraform will perform the following actions:\n");
            }
            for text in &changes {
                self.print("\n");
                self.println(text);
            }
            let n = |a: Action| counts.get(&a).copied().unwrap_or(0);
            let mut buf = self.c("\n[bold]Plan:[reset] ");
            if importing_count > 0 {
                buf.push_str(&format!("{importing_count} to import, "));
            }
            buf.push_str(&format!(
                "{} to add, {} to change, {} to destroy.",
                n(Action::Create) + n(Action::DeleteThenCreate) + n(Action::CreateThenDelete),
                n(Action::Update),
                n(Action::Delete) + n(Action::DeleteThenCreate) + n(Action::CreateThenDelete)
            ));
            buf.push('\n');
            self.print(&buf);
        }

        if !outputs_text.is_empty() {
            self.print("\nChanges to Outputs:\n");
            self.print(&format!("{outputs_text}\n"));
            if counts.is_empty() {
                let w = self.wrap("\nYou can apply this plan to save these new output values to the Terraform state, without changing any real infrastructure.");
                self.println(&w);
            }
        }
        Ok(())
    }

    /// Prints the drift section; reports whether it printed anything.
    fn drift(&mut self, drift: &[ResourceDiff<'_>], mode: PlanMode, plan_empty: bool) -> bool {
        let shown: Vec<&ResourceDiff<'_>> = drift
            .iter()
            .filter(|d| mode == PlanMode::RefreshOnly || d.diff.action != Action::NoOp)
            .collect();
        if shown.is_empty() || (plan_empty && mode != PlanMode::RefreshOnly) {
            return false;
        }
        let s =
            self.c("\n[bold][cyan]Note:[reset][bold] Objects have changed outside of Terraform\n");
        self.print(&s);
        self.println("");
        let w = self.wrap("Terraform detected the following changes made outside of Terraform since the last \"terraform apply\" which may have affected this plan:\n");
        self.print(&w);
        for d in shown {
            if let Some(text) = self.resource(d, Cause::Drift) {
                self.println("");
                self.println(&text);
            }
        }
        let w = match mode {
            PlanMode::RefreshOnly => self.wrap("\n\nThis is a refresh-only plan, so Terraform will not take any actions to undo these. If you were expecting these changes then you can apply this plan to record the updated values in the Terraform state without changing any remote objects."),
            _ => self.wrap("\n\nUnless you have made equivalent changes to your configuration, or ignored the relevant attributes using ignore_changes, the following plan may include actions to undo or respond to these changes."),
        };
        self.println(&w);
        true
    }

    fn outputs(&self, outputs: &BTreeMap<&str, Diff>) -> String {
        let name = |key: &str| shown(&attribute_name(key), self.terminal).into_owned();
        let max = column_width(outputs.keys().map(|k| name(k).len()));
        let opts = self.opts();
        let mut rendered = Vec::new();
        for (key, d) in outputs {
            if d.action != Action::NoOp {
                rendered.push(format!(
                    "{} {} = {}",
                    self.c(d.action.symbol()),
                    pad(&name(key), max),
                    d.render(0, &opts)
                ));
            }
        }
        rendered.join("\n")
    }

    fn resource(&self, d: &ResourceDiff<'_>, cause: Cause) -> Option<String> {
        let action = d.action();
        if action == Action::NoOp && !d.moved() && !d.importing() {
            return None;
        }
        let mut buf = self.c_input(&self.comment(d.rc, action, cause));
        let opts = Opts {
            show_unchanged_children: d.importing(),
            ..self.opts()
        };
        buf.push_str(&format!(
            "{} {} {}",
            self.c(action.symbol()),
            header(d.rc, self.terminal),
            d.diff.render(0, &opts)
        ));
        Some(buf)
    }

    /// The `# address will be …` lines (colour markup not yet applied; input text in them
    /// as [`PlanText::input`] gives it).
    fn comment(&self, rc: &Value, action: Action, cause: Cause) -> String {
        let addr = self.input(string(rc, "address"));
        let deposed = self.input(string(rc, "deposed"));
        let disp = if deposed.is_empty() {
            addr.to_string()
        } else {
            format!("{addr} (deposed object {deposed})")
        };
        let reason = string(rc, "action_reason");
        let prev = self.input(string(rc, "previous_address"));
        let change = rc.get("change").unwrap_or(&Value::Null);
        let importing = change.get("importing").filter(|v| !v.is_null());
        let mut buf = String::new();
        let mut printed_moved = false;
        let mut printed_imported = false;
        match action {
            Action::Create => buf.push_str(&format!("[bold]  # {disp}[reset] will be created")),
            Action::Read => {
                buf.push_str(&format!("[bold]  # {disp}[reset] will be read during apply"));
                match reason {
                    "read_because_config_unknown" => {
                        buf.push_str("\n  # (config refers to values not yet known)")
                    }
                    "read_because_dependency_pending" => buf.push_str(
                        "\n  # (depends on a resource or a module with changes pending)",
                    ),
                    "read_because_check_nested" => {
                        buf.push_str("\n  # (config will be reloaded to verify a check block)")
                    }
                    _ => {}
                }
            }
            Action::Update => match cause {
                Cause::Change => {
                    buf.push_str(&format!("[bold]  # {disp}[reset] will be updated in-place"))
                }
                Cause::Drift => buf.push_str(&format!("[bold]  # {disp}[reset] has changed")),
            },
            Action::CreateThenDelete | Action::DeleteThenCreate => match reason {
                "replace_because_tainted" => buf.push_str(&format!(
                    "[bold]  # {disp}[reset] is tainted, so must be [bold][red]replaced[reset]"
                )),
                "replace_by_request" => buf.push_str(&format!(
                    "[bold]  # {disp}[reset] will be [bold][red]replaced[reset], as requested"
                )),
                "replace_by_triggers" => buf.push_str(&format!(
                    "[bold]  # {disp}[reset] will be [bold][red]replaced[reset] due to changes in replace_triggered_by"
                )),
                _ => buf.push_str(&format!(
                    "[bold]  # {disp}[reset] must be [bold][red]replaced[reset]"
                )),
            },
            Action::CreateThenForget => {
                buf.push_str(&format!("[bold] # {disp}[reset] must be replaced, but the existing object will not be destroyed"));
                buf.push_str("\n # (destroy = false is set in the configuration)");
            }
            Action::Forget => {
                if deposed.is_empty() {
                    buf.push_str(&format!("[bold] # {disp}[reset] will no longer be managed by Terraform, but [bold][red]will not be destroyed[reset]"));
                } else {
                    buf.push_str(&format!("[bold] # {disp}[reset] will be removed from Terraform state, but [bold][red]will not be destroyed[reset]"));
                    buf.push_str(
                        "\n[bold] # (left over from a partially-failed replacement of this instance)",
                    );
                }
                buf.push_str("\n # (destroy = false is set in the configuration)");
            }
            Action::Delete => {
                match cause {
                    Cause::Change => buf.push_str(&format!(
                        "[bold]  # {disp}[reset] will be [bold][red]destroyed[reset]"
                    )),
                    Cause::Drift => {
                        buf.push_str(&format!("[bold]  # {disp}[reset] has been deleted"))
                    }
                }
                match reason {
                    "delete_because_no_resource_config" => buf.push_str(&format!(
                        "\n  # (because {}.{} is not in configuration)",
                        self.input(string(rc, "type")),
                        self.input(string(rc, "name"))
                    )),
                    "delete_because_no_move_target" => buf.push_str(&format!(
                        "\n  # (because {prev} was moved to {addr}, which is not in configuration)"
                    )),
                    "delete_because_no_module" => buf.push_str(&format!(
                        "\n  # (because {} is not in configuration)",
                        self.input(string(rc, "module_address"))
                    )),
                    "delete_because_wrong_repetition" => match rc.get("index") {
                        None | Some(Value::Null) => {
                            buf.push_str("\n  # (because resource uses count or for_each)")
                        }
                        Some(Value::Number(_)) => {
                            buf.push_str("\n  # (because resource does not use count)")
                        }
                        Some(Value::String(_)) => {
                            buf.push_str("\n  # (because resource does not use for_each)")
                        }
                        Some(_) => {}
                    },
                    "delete_because_count_index" => buf.push_str(&format!(
                        "\n  # (because index [{}] is out of range for count)",
                        self.raw_index(rc)
                    )),
                    "delete_because_each_key" => buf.push_str(&format!(
                        "\n  # (because key [{}] is not in for_each map)",
                        self.raw_index(rc)
                    )),
                    _ => {}
                }
                if !deposed.is_empty() {
                    buf.push_str(
                        "\n  # (left over from a partially-failed replacement of this instance)",
                    );
                }
            }
            Action::NoOp => {
                if !prev.is_empty() && prev != addr {
                    buf.push_str(&format!(
                        "[bold]  # {prev}[reset] has moved to [bold]{disp}[reset]"
                    ));
                    printed_moved = true;
                } else if importing.is_some() {
                    buf.push_str(&format!("[bold]  # {disp}[reset] will be imported"));
                    if !string(change, "generated_config").is_empty() {
                        buf.push_str("\n  #[reset] (config will be generated)");
                    }
                    printed_imported = true;
                } else {
                    buf.push_str(&format!(
                        "{disp} has an action the plan renderer doesn't support (this is a bug)"
                    ));
                }
            }
        }
        buf.push('\n');
        if !prev.is_empty() && prev != addr && !printed_moved {
            buf.push_str(&format!("  # [reset](moved from {prev})\n"));
        }
        if let Some(imp) = importing {
            if !printed_imported {
                let id = self.input(string(imp, "id"));
                if id.is_empty() {
                    buf.push_str("  # [reset](will be imported first)\n");
                } else {
                    buf.push_str(&format!("  # [reset](imported from \"{id}\")\n"));
                }
            }
            if matches!(action, Action::CreateThenDelete | Action::DeleteThenCreate) {
                buf.push_str(
                    "  # [reset][yellow]Warning: this will destroy the imported resource[reset]\n",
                );
            }
        }
        buf
    }

    /// The instance key as the document's JSON writes it (`0`, `"key"`), as
    /// [`PlanText::input`] gives it.
    fn raw_index(&self, rc: &Value) -> String {
        let text = match rc.get("index") {
            Some(Value::String(s)) => {
                let mut out = Vec::new();
                write_quoted(&mut out, s, self.dialect);
                String::from_utf8_lossy(&out).into_owned()
            }
            Some(v) => v.to_string(),
            None => String::new(),
        };
        self.input(&text).into_owned()
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Cause {
    Change,
    Drift,
}

/// `resource "type" "name"` or `data "type" "name"`; the names shown visibly on a terminal.
fn header(rc: &Value, terminal: bool) -> String {
    let mode = if string(rc, "mode") == "managed" {
        "resource"
    } else {
        "data"
    };
    format!(
        "{mode} \"{}\" \"{}\"",
        shown(string(rc, "type"), terminal),
        shown(string(rc, "name"), terminal)
    )
}
