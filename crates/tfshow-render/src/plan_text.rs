//! A plan as `terraform show` of Terraform 1.15 prints it (`-no-color`, or with colours).
//!
//! Built from the plan's JSON document and the provider schemas, as Terraform builds its own
//! rendering: drift relevant to the plan ("Objects have changed outside of Terraform"), the
//! legend of action symbols, each resource change with the reason for it, the `Plan:` line,
//! output changes and the closing notes.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::io::Write;

use tfshow_addrs::InstanceKey;
use tfshow_gojson::{write_quoted, Dialect};
use tfshow_json::document::{OutputChange, PlanDocument, ResourceChange};
use tfshow_json::plan::ordered::for_each_ordered;
use tfshow_json::spool::Spool;
use tfshow_schema::Schemas;

use crate::jsonformat::node::Node;
use crate::jsonformat::render::{Diff, Opts};
use crate::jsonformat::structured::{Change, Matcher, Style};
use crate::jsonformat::text::{
    attribute_name, colorize, column_width, horizontal_rule, pad, shown, word_wrap,
};
use crate::jsonformat::{differ, Action};
use crate::plan_facts::PlanFacts;
use crate::resource::{action, moved};
use crate::resource::{with_diff, with_typed_diff};
use crate::wording::Wording;
use crate::{PlanMode, RenderError, TextOptions};

/// A resource change with its computed diff.
pub(crate) struct ResourceDiff<'a> {
    /// The resource change.
    pub rc: &'a ResourceChange,
    /// The diff of its values.
    pub diff: Diff<'a>,
}

impl ResourceDiff<'_> {
    /// The action the plan records.
    pub(crate) fn action(&self) -> Action {
        action(self.rc)
    }

    fn moved(&self) -> bool {
        moved(self.rc)
    }

    fn importing(&self) -> bool {
        self.rc.importing.is_some()
    }
}

/// The diffs of drift worth showing: all drift in refresh-only plans, otherwise the drift of
/// attributes the plan's changes may depend on (`relevant_attributes`).
pub(crate) fn drift_diffs<'a>(
    drift: &'a [ResourceChange],
    relevant: &[(&str, tfshow_cty::Path)],
    schemas: Option<&Schemas>,
    mode: PlanMode,
    style: Style,
) -> Vec<ResourceDiff<'a>> {
    let mut out = Vec::new();
    for rc in drift {
        let relevant = if mode == PlanMode::RefreshOnly {
            Matcher::Always
        } else {
            let mut m = Matcher::empty(true);
            for (resource, path) in relevant {
                if resource.is_empty() || *resource == rc.address {
                    m.append_path(path);
                }
            }
            if m.len() == 0 {
                continue;
            }
            m
        };
        out.push(ResourceDiff {
            rc,
            diff: crate::resource::diff(rc, schemas, relevant, style),
        });
    }
    out
}

/// The diffs of the output changes, by name.
pub(crate) fn output_diffs(outputs: &[OutputChange]) -> BTreeMap<&str, Diff<'_>> {
    let mut out = BTreeMap::new();
    const SENSITIVE: Option<Node<'static>> = Some(Node::Flag(true));
    for o in outputs {
        let mut c = Change::from_json_change(&o.change, Matcher::Always);
        // A declared-sensitive output is masked whatever the document's masks say: documents
        // before Terraform 0.15 have none, and write its values in the clear.
        if o.sensitive {
            c.before_sensitive = SENSITIVE;
            c.after_sensitive = SENSITIVE;
        }
        out.insert(o.name.as_str(), differ::output(&c));
    }
    out
}

/// Renders a plan as `terraform show` prints it.
pub fn render(doc: &PlanDocument<'_>, opts: &TextOptions) -> Result<String, RenderError> {
    let mut out = Vec::new();
    write(doc, opts, &mut out)?;
    String::from_utf8(out).map_err(|e| RenderError::Json(e.to_string()))
}

/// Writes a plan as `terraform show` prints it to `out`, one resource at a time (rendered on
/// several threads, in order).
pub fn write(
    doc: &PlanDocument<'_>,
    opts: &TextOptions,
    out: &mut dyn Write,
) -> Result<(), RenderError> {
    PlanText::new(doc, opts).plan(doc, out)
}

/// The text `terraform show` prints for one resource change of `doc` (`None`: it prints
/// nothing for it).
pub fn resource_text(
    rc: &ResourceChange,
    doc: &PlanDocument<'_>,
    opts: &TextOptions,
) -> Option<String> {
    let mut text = String::new();
    let text_of = PlanText::new(doc, opts);
    let (all, style) = (Matcher::Always, text_of.words.style);
    with_diff(rc, doc.schemas(), all, style, |d| {
        text_of.change(rc, d, &mut text)
    })
    .printed?;
    Some(text)
}

/// What rendering one resource change found.
struct Rendered {
    /// Its diff changes something, or it moves.
    not_empty: bool,
    /// Printed with this action (`None`: not printed).
    printed: Option<Action>,
    importing: bool,
}

/// Changes rendered by one task.
const BATCH: usize = 32;

/// Room for the text of one change (those of a big plan take 1–2 KiB).
const TEXT_PER_CHANGE: usize = 2048;

struct PlanText {
    color: bool,
    terminal: bool,
    width: usize,
    dialect: Dialect,
    /// What the program's `show` says.
    words: Wording,
}

/// Stands for `[` in input text inside colour markup on a terminal, so that input such as
/// `["[hidden]"]` is not taken for markup. Input text is shown visibly there first, so it
/// holds no raw control character.
const BRACKET: char = '\x01';

impl PlanText {
    fn new(doc: &PlanDocument<'_>, opts: &TextOptions) -> PlanText {
        PlanText {
            color: opts.color,
            terminal: opts.terminal,
            width: opts.width,
            dialect: Dialect::of(&doc.release()),
            words: Wording::of(doc.release().program),
        }
    }

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

    fn wrap(&self, s: &str) -> String {
        word_wrap(s, self.width)
    }

    fn rule(&self, out: &mut String) {
        out.push_str(&horizontal_rule(self.color, self.width));
        out.push('\n');
    }

    fn plan(&self, doc: &PlanDocument<'_>, out: &mut dyn Write) -> Result<(), RenderError> {
        let schemas = doc.schemas();
        let facts = PlanFacts::of(doc)?;
        let mode = facts.mode;
        let errored = facts.errored;
        let no_changes_quality = !errored && !facts.applyable;

        let drift = doc.drift()?;
        let relevant = doc.relevant_attributes()?;
        let drift = drift_diffs(&drift, &relevant, schemas, mode, self.words.style);
        let output_changes = doc.output_changes()?;
        let outputs = output_diffs(&output_changes);
        // One resource at a time: its diff and text are computed on several threads, and the
        // text goes to a spool, to follow the sections that depend on all of them.
        let mut empty = !outputs.values().any(|d| d.action != Action::NoOp);
        let mut will_print_resource_changes = false;
        let mut counts: BTreeMap<Action, usize> = BTreeMap::new();
        let mut importing_count = 0;
        let mut printed = 0usize;
        let mut spool = Spool::new();
        let changes = doc.changes()?;
        let indexes: Vec<usize> = (0..changes.len()).collect();
        let batches: Vec<&[usize]> = indexes.chunks(BATCH).collect();
        let render_batch = |batch: &&[usize]| -> Result<(Vec<Rendered>, String), RenderError> {
            let mut text = String::with_capacity(batch.len() * TEXT_PER_CHANGE);
            let mut found = Vec::with_capacity(batch.len());
            for &i in *batch {
                let (rc, values) = changes.get_typed(i)?;
                let (all, style) = (Matcher::Always, self.words.style);
                let render = |diff: Diff<'_>| self.change(&rc, diff, &mut text);
                found.push(match &values {
                    Some(v) => with_typed_diff(&rc, v, schemas, all, style, render)?,
                    None => with_diff(&rc, schemas, all, style, render),
                });
            }
            Ok((found, text))
        };
        for_each_ordered(
            &batches,
            rayon::current_num_threads(),
            render_batch,
            |batch| -> Result<(), RenderError> {
                let (found, text) = batch?;
                for r in found {
                    empty &= !r.not_empty;
                    if r.importing {
                        importing_count += 1;
                    }
                    if let Some(action) = r.printed {
                        printed += 1;
                        if action != Action::NoOp {
                            will_print_resource_changes = true;
                            *counts.entry(action).or_insert(0) += 1;
                        }
                    }
                }
                spool
                    .write_all(text.as_bytes())
                    .map_err(|e| RenderError::Json(e.to_string()))
            },
        )?;
        let mut o = String::new();
        let have_refresh_changes = self.drift(&mut o, &drift, mode, empty);
        let outputs_text = self.outputs(&outputs);

        if printed == 0 && outputs_text.is_empty() {
            if errored {
                if have_refresh_changes {
                    self.rule(&mut o);
                }
                o.push_str(&self.c(&format!("\n[reset][bold][red]Planning failed.[reset][bold] {} encountered an error while generating this plan.[reset]\n\n", self.words.name)));
            } else {
                match mode {
                    PlanMode::RefreshOnly => {
                        if have_refresh_changes {
                            return emit(out, &o);
                        }
                        o.push_str(&self.c("\n[reset][bold][green]No changes.[reset][bold] Your infrastructure still matches the configuration.[reset]\n\n"));
                        o.push_str(&self.wrap(&format!("{} has checked that the real remote objects still match the result of your most recent changes, and found no differences.", self.words.name)));
                        o.push('\n');
                    }
                    PlanMode::Destroy => {
                        if have_refresh_changes {
                            self.rule(&mut o);
                        }
                        o.push_str(&self.c("\n[reset][bold][green]No changes.[reset][bold] No objects need to be destroyed.[reset]\n\n"));
                        o.push_str(&self.wrap(&format!("Either you have not created any objects yet or the existing objects were already deleted outside of {}.", self.words.name)));
                        o.push('\n');
                    }
                    PlanMode::Normal => {
                        if have_refresh_changes {
                            self.rule(&mut o);
                        }
                        o.push_str(&self.c("\n[reset][bold][green]No changes.[reset][bold] Your infrastructure matches the configuration.[reset]\n\n"));
                        if have_refresh_changes {
                            let w = if !no_changes_quality {
                                self.wrap("Your configuration already matches the changes detected above, so applying this plan will only update the state to include the changes detected above and won't change any real infrastructure.")
                            } else {
                                self.wrap(&format!("Your configuration already matches the changes detected above. If you'd like to update the {} state to match, create and apply a refresh-only plan:\n  {} apply -refresh-only", self.words.name, self.words.command))
                            };
                            o.push_str(&w);
                            o.push('\n');
                            return emit(out, &o);
                        }
                        o.push_str(&self.wrap(&format!("{} has compared your real infrastructure against your configuration and found no differences, so no changes are needed.", self.words.name)));
                        o.push('\n');
                    }
                }
            }
        }

        if have_refresh_changes {
            self.rule(&mut o);
        }

        if will_print_resource_changes {
            o.push_str(&self.wrap(&format!("\n{} used the selected providers to generate the following execution plan. Resource actions are indicated with the following symbols:", self.words.name)));
            o.push('\n');
            let forget = self
                .words
                .forget_legend
                .into_iter()
                .flat_map(|(replace, forget)| {
                    [
                        (Action::ForgetThenCreate, replace),
                        (Action::Forget, forget),
                    ]
                });
            for (action, text) in [
                (Action::Create, "  [green]+[reset] create"),
                (Action::Update, self.words.update_legend),
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
            ]
            .into_iter()
            .chain(forget)
            {
                if counts.get(&action).copied().unwrap_or(0) > 0 {
                    o.push_str(&self.c(text));
                    o.push('\n');
                }
            }
        }

        if printed > 0 {
            if errored {
                o.push_str(&format!(
                    "\n{} planned the following actions, but then encountered a problem:\n",
                    self.words.name
                ));
            } else {
                o.push_str(&format!(
                    "\n{} will perform the following actions:\n",
                    self.words.name
                ));
            }
            emit(out, &o)?;
            o.clear();
            spool.copy_to(&mut *out).map_err(io_error)?;
            let n = |a: Action| counts.get(&a).copied().unwrap_or(0);
            o.push_str(&self.c("\n[bold]Plan:[reset] "));
            if importing_count > 0 {
                o.push_str(&format!("{importing_count} to import, "));
            }
            o.push_str(&format!(
                "{} to add, {} to change, {} to destroy",
                n(Action::Create)
                    + n(Action::DeleteThenCreate)
                    + n(Action::CreateThenDelete)
                    + n(Action::ForgetThenCreate),
                n(Action::Update),
                n(Action::Delete) + n(Action::DeleteThenCreate) + n(Action::CreateThenDelete)
            ));
            let forgets = n(Action::Forget) + n(Action::ForgetThenCreate);
            if self.words.counts_forgets && forgets > 0 {
                o.push_str(&format!(", {forgets} to forget"));
            }
            o.push_str(".\n");
        }

        if !outputs_text.is_empty() {
            o.push_str("\nChanges to Outputs:\n");
            o.push_str(&outputs_text);
            o.push('\n');
            if counts.is_empty() {
                o.push_str(&self.wrap(&format!("\nYou can apply this plan to save these new output values to the {} state, without changing any real infrastructure.", self.words.name)));
                o.push('\n');
            }
        }
        emit(out, &o)
    }

    /// Renders one resource change into `text` (`\n`, its text, `\n`) when it is printed.
    fn change(&self, rc: &ResourceChange, diff: Diff<'_>, text: &mut String) -> Rendered {
        let d = ResourceDiff { rc, diff };
        let mut found = Rendered {
            not_empty: d.diff.action != Action::NoOp || d.moved(),
            printed: None,
            importing: false,
        };
        let action = d.action();
        if action == Action::NoOp && !d.moved() && !d.importing() {
            return found;
        }
        if action == Action::Delete && rc.mode != tfshow_addrs::ResourceMode::Managed {
            return found;
        }
        found.importing = d.importing();
        found.printed = Some(action);
        text.push('\n');
        self.resource(&d, Cause::Change, text);
        text.push('\n');
        found
    }

    /// Writes the drift section to `o`; reports whether it wrote anything.
    fn drift(
        &self,
        o: &mut String,
        drift: &[ResourceDiff<'_>],
        mode: PlanMode,
        plan_empty: bool,
    ) -> bool {
        let shown: Vec<&ResourceDiff<'_>> = drift
            .iter()
            .filter(|d| mode == PlanMode::RefreshOnly || d.diff.action != Action::NoOp)
            .collect();
        if shown.is_empty() || (plan_empty && mode != PlanMode::RefreshOnly) {
            return false;
        }
        let name = self.words.name;
        o.push_str(&self.c(&format!(
            "\n[bold][cyan]Note:[reset][bold] Objects have changed outside of {name}\n"
        )));
        o.push('\n');
        o.push_str(&self.wrap(&format!("{name} detected the following changes made outside of {name} since the last \"{} apply\" which may have affected this plan:\n", self.words.command)));
        for d in shown {
            let at = o.len();
            o.push('\n');
            if self.resource(d, Cause::Drift, o) {
                o.push('\n');
            } else {
                o.truncate(at);
            }
        }
        let w = match mode {
            PlanMode::RefreshOnly => self.wrap(&format!("\n\nThis is a refresh-only plan, so {name} will not take any actions to undo these. If you were expecting these changes then you can apply this plan to record the updated values in the {name} state without changing any remote objects.")),
            _ => self.wrap("\n\nUnless you have made equivalent changes to your configuration, or ignored the relevant attributes using ignore_changes, the following plan may include actions to undo or respond to these changes."),
        };
        o.push_str(&w);
        o.push('\n');
        true
    }

    fn outputs(&self, outputs: &BTreeMap<&str, Diff<'_>>) -> String {
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

    /// Appends the resource's text to `buf`; whether it has one (a change that does nothing
    /// and neither moves nor imports has none).
    fn resource(&self, d: &ResourceDiff<'_>, cause: Cause, buf: &mut String) -> bool {
        let action = d.action();
        if action == Action::NoOp && !d.moved() && !d.importing() {
            return false;
        }
        buf.push_str(&self.c_input(&self.comment(d.rc, action, cause)));
        let tofu_forget = self.words.opentofu_forget && action == Action::Forget;
        let opts = Opts {
            show_unchanged_children: d.importing(),
            hide_diff_action_symbols: tofu_forget,
            override_null_suffix: tofu_forget,
            ..self.opts()
        };
        let symbol = if tofu_forget {
            "  [red].[reset]"
        } else {
            action.symbol()
        };
        buf.push_str(&self.c(symbol));
        buf.push(' ');
        buf.push_str(&header(d.rc, self.terminal));
        buf.push(' ');
        d.diff.render_into(buf, 0, &opts);
        true
    }

    /// The `# address will be …` lines (colour markup not yet applied; input text in them
    /// as [`PlanText::input`] gives it).
    fn comment(&self, rc: &ResourceChange, action: Action, cause: Cause) -> String {
        let addr = self.input(&rc.address);
        let deposed = self.input(&rc.deposed);
        let disp = if deposed.is_empty() {
            addr.to_string()
        } else {
            format!("{addr} (deposed object {deposed})")
        };
        let reason = rc.action_reason.unwrap_or("");
        let prev = self.input(rc.previous_address.as_deref().unwrap_or(""));
        let importing = rc.importing.as_ref();
        let mut buf = String::new();
        let mut printed_moved = false;
        let mut printed_imported = false;
        match action {
            Action::Create => buf.push_str(&format!("[bold]  # {disp}[reset] will be created")),
            Action::Read => {
                buf.push_str(&format!(
                    "[bold]  # {disp}[reset] will be read during apply"
                ));
                match reason {
                    "read_because_config_unknown" => {
                        buf.push_str("\n  # (config refers to values not yet known)")
                    }
                    "read_because_dependency_pending" => buf
                        .push_str("\n  # (depends on a resource or a module with changes pending)"),
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
            Action::CreateThenDelete | Action::DeleteThenCreate | Action::ForgetThenCreate => {
                self.replace_comment(&mut buf, &disp, reason);
                if action == Action::ForgetThenCreate {
                    buf.push_str(" - [yellow]older instance will [bold]not[reset][yellow] be destroyed [reset]([bold]lifecycle.destroy = false[reset])");
                    if !deposed.is_empty() {
                        buf.push_str(
                            "\n  # (left over from a partially-failed replacement of this instance)",
                        );
                    }
                }
            }
            Action::CreateThenForget => {
                buf.push_str(&format!("[bold] # {disp}[reset] must be replaced, but the existing object will not be destroyed"));
                buf.push_str("\n # (destroy = false is set in the configuration)");
            }
            Action::Forget => buf.push_str(&self.words.forget_comment(
                &disp,
                reason,
                !deposed.is_empty(),
            )),
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
                        self.input(&rc.type_),
                        self.input(&rc.name)
                    )),
                    "delete_because_no_move_target" => buf.push_str(&format!(
                        "\n  # (because {prev} was moved to {addr}, which is not in configuration)"
                    )),
                    "delete_because_no_module" => buf.push_str(&format!(
                        "\n  # (because {} is not in configuration)",
                        self.input(&rc.module_address)
                    )),
                    "delete_because_wrong_repetition" => match &rc.index {
                        InstanceKey::None => {
                            buf.push_str("\n  # (because resource uses count or for_each)")
                        }
                        InstanceKey::Int(_) => {
                            buf.push_str("\n  # (because resource does not use count)")
                        }
                        InstanceKey::Str(_) => {
                            buf.push_str("\n  # (because resource does not use for_each)")
                        }
                        InstanceKey::Wildcard => {}
                    },
                    "delete_because_count_index" => buf.push_str(&format!(
                        "\n  # (because index [{}] is out of range for count)",
                        self.raw_index(rc)
                    )),
                    "delete_because_enabled_false" => {
                        buf.push_str("\n  # (because enabled is false)")
                    }
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
                    if !rc.generated_config.is_empty() {
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
            if !printed_imported || self.words.opentofu_import_notes {
                let id = self.input(&imp.id);
                let identity = imp
                    .identity
                    .as_ref()
                    .filter(|_| self.words.opentofu_import_notes);
                if !id.is_empty() {
                    buf.push_str(&format!("  # [reset](imported from \"{id}\")\n"));
                } else if let Some(identity) = identity {
                    let json = crate::gojson::indent(identity, "  # ", "  ");
                    let json = self.input(&json);
                    buf.push_str(&format!(
                        "  # [reset]imported using resource identity: {json}\n"
                    ));
                } else {
                    buf.push_str("  # [reset](will be imported first)\n");
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

    /// The first comment line of a replacement, by its reason.
    fn replace_comment(&self, buf: &mut String, disp: &str, reason: &str) {
        buf.push_str(&match reason {
            "replace_because_tainted" => format!(
                "[bold]  # {disp}[reset] {} [bold][red]replaced[reset]",
                self.words.tainted
            ),
            "replace_by_request" => {
                format!("[bold]  # {disp}[reset] will be [bold][red]replaced[reset], as requested")
            }
            "replace_by_triggers" => format!(
                "[bold]  # {disp}[reset] will be [bold][red]replaced[reset] due to changes in replace_triggered_by"
            ),
            _ => format!("[bold]  # {disp}[reset] must be [bold][red]replaced[reset]"),
        });
    }

    /// The instance key as the document's JSON writes it (`0`, `"key"`), as
    /// [`PlanText::input`] gives it.
    fn raw_index(&self, rc: &ResourceChange) -> String {
        let text = match &rc.index {
            InstanceKey::Str(s) => {
                let mut out = Vec::new();
                write_quoted(&mut out, s, self.dialect);
                String::from_utf8_lossy(&out).into_owned()
            }
            InstanceKey::Int(i) => i.to_string(),
            InstanceKey::None | InstanceKey::Wildcard => String::new(),
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
fn header(rc: &ResourceChange, terminal: bool) -> String {
    let mode = if rc.mode == tfshow_addrs::ResourceMode::Managed {
        "resource"
    } else {
        "data"
    };
    format!(
        "{mode} \"{}\" \"{}\"",
        shown(&rc.type_, terminal),
        shown(&rc.name, terminal)
    )
}

/// Writes `text` to `out`.
fn emit(out: &mut dyn Write, text: &str) -> Result<(), RenderError> {
    out.write_all(text.as_bytes()).map_err(io_error)
}

fn io_error(e: std::io::Error) -> RenderError {
    RenderError::Io(e)
}
