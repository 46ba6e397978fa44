//! The plain text of a summary, for a terminal: everything from the plan is on one line, with
//! control, bidi and zero-width characters shown as `\u001b`; action symbols in Terraform's
//! colours when asked.

use tfshow_escape::terminal;

use crate::jsonformat::text::{colorize, pad};
use crate::summary::{ResourceRow, Summary};
use crate::summary_fit::{fit, left_out, Layout, Shrink, TooSmall, HEAD_ONLY, TEXT_STEPS};
use crate::summary_markdown::counted;
use crate::summary_tree::{local_name, tree};
use crate::Action;

impl Summary {
    /// The summary as plain text within `layout.max_chars` characters (colour codes
    /// included): attribute changes are left out first, then resources are counted per
    /// module, then only the counts are left; the text says what it left out.
    pub fn text(&self, layout: &Layout) -> Result<String, TooSmall> {
        let had = self.has_attributes();
        fit(layout.max_chars, &TEXT_STEPS, |s, max| {
            let mut out = self.text_section(s, layout);
            closing_note(&mut out, s, had, max);
            out
        })
    }

    /// The summary's text, shrunk to `s`.
    pub(crate) fn text_section(&self, s: Shrink, layout: &Layout) -> String {
        let mut out = format!("{}\n\nPlan: {}\n", self.title(), self.headline());
        let details = self.details();
        if !details.is_empty() {
            out.push_str(&format!("({details})\n"));
        }
        let hidden = self.hidden.notes();
        if !hidden.is_empty() {
            out.push_str(&format!("(filtered: {})\n", hidden.join(", ")));
        }
        if self.is_empty() {
            out.push_str("\nNo changes.\n");
        }
        if s.level >= HEAD_ONLY {
            return out;
        }
        let section = |out: &mut String, title: &str, rows: &[&ResourceRow]| {
            if rows.is_empty() {
                return;
            }
            out.push_str(&format!("\n{title} ({}):\n", rows.len()));
            if s.level > 0 {
                counted_per_module(out, rows);
            } else if layout.tree {
                tree_lines(out, rows, s.attributes, layout.color);
            } else {
                table_lines(out, rows, s.attributes, layout.color);
            }
        };
        let (destructive, other) = self.destructive_and_other();
        section(&mut out, "Replacements and deletions", &destructive);
        section(&mut out, "Other changes", &other);
        let drift: Vec<&ResourceRow> = self.drift.iter().collect();
        let heading = format!("Changed outside of {}", self.program);
        section(&mut out, &heading, &drift);
        if !self.outputs.is_empty() {
            out.push_str(&format!("\nOutput changes ({}):\n", self.outputs.len()));
            for o in &self.outputs {
                let sensitive = if o.sensitive { " (sensitive)" } else { "" };
                out.push_str(&format!(
                    "  {} {}{sensitive}\n",
                    symbol(o.action, layout.color),
                    terminal::Line(&o.name)
                ));
            }
        }
        out
    }
}

/// Says what shrinking left out, if anything.
pub(crate) fn closing_note(out: &mut String, s: Shrink, had: bool, max: Option<usize>) {
    if let (Some(what), Some(max)) = (left_out(s, had), max) {
        out.push_str(&format!(
            "\n(This summary was shortened to fit {max} characters: {what}.)\n"
        ));
    }
}

/// One line per resource, in aligned columns, each followed by its attribute changes.
fn table_lines(out: &mut String, rows: &[&ResourceRow], attributes: bool, color: bool) {
    let addresses: Vec<_> = rows.iter().map(|r| terminal::line(&r.address)).collect();
    let aw = addresses
        .iter()
        .map(|a| a.chars().count())
        .max()
        .unwrap_or(0);
    let cw = rows
        .iter()
        .map(|r| r.action_text().chars().count())
        .max()
        .unwrap_or(0);
    for (r, address) in rows.iter().zip(&addresses) {
        let line = format!(
            "  {} {}  {}  {}",
            symbol(r.action, color),
            pad(address, aw),
            pad(&r.action_text(), cw),
            terminal::Line(&r.reason.text())
        );
        out.push_str(line.trim_end());
        out.push('\n');
        if attributes {
            attribute_lines(out, r, "        ");
        }
    }
}

/// The rows as a tree by module.
fn tree_lines(out: &mut String, rows: &[&ResourceRow], attributes: bool, color: bool) {
    for node in tree(rows) {
        let indent = "  ".repeat(node.depth + 1);
        let Some(r) = node.row else {
            out.push_str(&format!("{indent}{}\n", terminal::Line(node.module)));
            continue;
        };
        let line = format!(
            "{indent}{} {}  {}  {}",
            symbol(r.action, color),
            terminal::Line(local_name(r)),
            r.action_text(),
            terminal::Line(&r.reason.text())
        );
        out.push_str(line.trim_end());
        out.push('\n');
        if attributes {
            attribute_lines(out, r, &format!("{indent}      "));
        }
    }
}

fn attribute_lines(out: &mut String, r: &ResourceRow, indent: &str) {
    for a in &r.attributes {
        out.push_str(&format!(
            "{indent}{}: {} -> {}\n",
            terminal::line(&a.name),
            terminal::line(a.before.text()),
            terminal::line(a.after.text())
        ));
    }
}

/// One line per module: its changes counted per action.
fn counted_per_module(out: &mut String, rows: &[&ResourceRow]) {
    let mut modules: std::collections::BTreeMap<&str, Vec<&ResourceRow>> = Default::default();
    for r in rows {
        modules.entry(r.module.as_str()).or_default().push(r);
    }
    for (m, rs) in &modules {
        let name = if m.is_empty() {
            "(root)".into()
        } else {
            terminal::line(m)
        };
        out.push_str(&format!("  {name}: {}\n", counted(rs)));
    }
}

/// The three-column symbol of an action, in Terraform's colours when `color`.
pub(crate) fn symbol(a: Action, color: bool) -> String {
    // `colorize` ends coloured text with a reset.
    let markup = match a {
        Action::Create => "  [green]+",
        Action::Update => "  [yellow]~",
        Action::Delete => "  [red]-",
        Action::DeleteThenCreate => "[red]-[reset]/[green]+",
        Action::CreateThenDelete => "[green]+[reset]/[red]-",
        Action::Read => " [cyan]<=",
        Action::Forget => "  [red].",
        Action::CreateThenForget => "[green]+[reset]/[red].",
        Action::ForgetThenCreate => "[red].[reset]/[green]+",
        Action::NoOp => "   ",
    };
    colorize(markup, color)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbols_are_three_columns_and_coloured_on_request() {
        assert_eq!(symbol(Action::Create, false), "  +");
        assert_eq!(symbol(Action::DeleteThenCreate, false), "-/+");
        assert_eq!(symbol(Action::Read, false), " <=");
        assert_eq!(symbol(Action::Create, true), "  \x1b[32m+\x1b[0m");
        assert_eq!(symbol(Action::Delete, true), "  \x1b[31m-\x1b[0m");
        assert_eq!(
            symbol(Action::DeleteThenCreate, true),
            "\x1b[31m-\x1b[0m/\x1b[32m+\x1b[0m"
        );
    }
}
