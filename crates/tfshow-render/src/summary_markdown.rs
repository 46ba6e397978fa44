//! The markdown of a summary: a pull-request comment, with a hidden marker a bot can find it
//! by, fitted to a size limit (see the crate-private `summary_fit` module).

use std::collections::BTreeMap;

use tfshow_escape::{html, markdown, terminal};

use crate::attribute_changes::Shown;
use crate::summary::{ResourceRow, Summary};
use crate::summary_fit::{fit, left_out, Layout, Shrink, TooSmall, HEAD_ONLY, MARKDOWN_STEPS};
use crate::summary_tree::{local_name, tree};

/// The name in the hidden marker (`<!-- tfshow-summary -->`).
pub const MARKER: &str = "tfshow-summary";

/// Checks a marker ID: 1 to 100 ASCII letters, digits and `._:/@-`, without `--` (which an
/// HTML comment cannot hold).
pub fn check_marker(id: &str) -> Result<(), String> {
    let ok = (1..=100).contains(&id.len())
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "._:/@-".contains(c))
        && !id.contains("--")
        && !id.ends_with('-');
    if ok {
        Ok(())
    } else {
        Err(format!(
            "invalid marker ID {}: use 1 to 100 letters, digits and ._:/@- (no \"--\")",
            terminal::line(id)
        ))
    }
}

/// The hidden marker line.
pub(crate) fn marker_line(layout: &Layout) -> String {
    match &layout.marker {
        // Checked IDs only: an unchecked one is left out rather than written.
        Some(id) if check_marker(id).is_ok() => format!("<!-- {MARKER}: {id} -->"),
        _ => format!("<!-- {MARKER} -->"),
    }
}

impl Summary {
    /// The summary as GitHub-flavoured markdown, starting with the hidden marker, within
    /// `layout.max_chars` characters.
    ///
    /// When the full document does not fit, attribute changes are folded away first; then
    /// resources other than replacements and deletions are grouped per module (names only),
    /// then counted per module; replacements and deletions are grouped last; last only the
    /// counts are left. Whatever is left out is said. Lines are never cut.
    pub fn markdown(&self, layout: &Layout) -> Result<String, TooSmall> {
        let had = self.has_attributes();
        fit(layout.max_chars, &MARKDOWN_STEPS, |s, max| {
            let mut md = Markdown::new(s, layout.tree);
            md.line(&marker_line(layout));
            self.markdown_section(&mut md, &format!("### {}", self.title()));
            md.closing_note(s, had, max);
            md.out
        })
    }

    /// Some listed resource has attribute changes.
    pub(crate) fn has_attributes(&self) -> bool {
        (self.changes.iter().chain(&self.drift)).any(|r| !r.attributes.is_empty())
    }

    /// The summary under `heading`, shrunk as `md` says.
    pub(crate) fn markdown_section(&self, md: &mut Markdown, heading: &str) {
        let level = md.shrink.level;
        md.line(heading);
        md.line("");
        md.line(&format!("**Plan:** {}", self.headline()));
        let details = self.details();
        if !details.is_empty() {
            md.line("");
            md.line(&details);
        }
        let hidden = self.hidden.notes();
        if !hidden.is_empty() {
            md.line("");
            md.line(&format!("_Filtered: {}._", hidden.join(", ")));
        }
        if self.is_empty() {
            md.line("");
            md.line("No changes. The infrastructure matches the configuration.");
        }
        if level >= HEAD_ONLY {
            return;
        }
        let (destructive, other) = self.destructive_and_other();
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
                "#### Changed outside of {} ({})",
                self.program,
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
                    md.line(&format!(
                        "| {} | {}{s} |",
                        markdown::code_cell(&o.name),
                        o.action.name()
                    ));
                }
            }
        }
    }

    /// Nothing is planned, changed outside or hidden.
    pub(crate) fn is_empty(&self) -> bool {
        self.changes.is_empty()
            && self.drift.is_empty()
            && self.outputs.is_empty()
            && self.hidden.is_empty()
    }
}

/// A markdown document being written.
pub(crate) struct Markdown {
    pub(crate) out: String,
    shrink: Shrink,
    /// Resources at level 0 as a tree by module.
    tree: bool,
}

impl Markdown {
    pub(crate) fn new(shrink: Shrink, tree: bool) -> Markdown {
        Markdown {
            out: String::new(),
            shrink,
            tree,
        }
    }

    pub(crate) fn line(&mut self, s: &str) {
        self.out.push_str(s);
        self.out.push('\n');
    }

    /// Says what shrinking left out, if anything.
    pub(crate) fn closing_note(&mut self, s: Shrink, had_attributes: bool, max: Option<usize>) {
        if let (Some(what), Some(max)) = (left_out(s, had_attributes), max) {
            self.line("");
            self.line(&format!(
                "_This summary was shortened to fit {max} characters: {what}._"
            ));
        }
    }

    /// A resource's attribute changes, folded in a `<details>` element.
    fn attributes(&mut self, r: &ResourceRow) {
        self.line("");
        self.line(&format!(
            "<details><summary><code>{}</code> ({})</summary>",
            html::escape(&terminal::line(&r.address)),
            r.action_text()
        ));
        self.line("");
        self.line("| Attribute | Before | After |");
        self.line("|---|---|---|");
        for a in &r.attributes {
            let side = |s: &Shown| match s {
                Shown::Value(v) => markdown::code_cell(v),
                other => other.text().to_owned(),
            };
            self.line(&format!(
                "| {} | {} | {} |",
                markdown::code_cell(&a.name),
                side(&a.before),
                side(&a.after)
            ));
        }
        self.line("");
        self.line("</details>");
    }

    /// One resource as a tree item: its name in its module, action and reason.
    fn tree_item(&mut self, depth: usize, r: &ResourceRow) {
        let reason = if r.reason.is_empty() {
            String::new()
        } else {
            format!(": {}", r.reason.markdown())
        };
        self.line(&format!(
            "{}- {} ({}{reason})",
            "  ".repeat(depth),
            markdown::code(local_name(r)),
            r.action_text()
        ));
    }

    /// Resource rows, as a table (or a tree) or grouped per module.
    fn rows(&mut self, rows: &[&ResourceRow], how: Rows) {
        if how == Rows::Table {
            if self.tree {
                for node in tree(rows) {
                    match node.row {
                        Some(r) => self.tree_item(node.depth, r),
                        None => self.line(&format!(
                            "{}- {}",
                            "  ".repeat(node.depth),
                            markdown::code(node.module)
                        )),
                    }
                }
            } else {
                self.line("| Resource | Action | Reason |");
                self.line("|---|---|---|");
                for r in rows {
                    self.line(&format!(
                        "| {} | {} | {} |",
                        markdown::code_cell(&r.address),
                        r.action_text(),
                        r.reason.markdown()
                    ));
                }
            }
            if self.shrink.attributes {
                for r in rows.iter().filter(|r| !r.attributes.is_empty()) {
                    self.attributes(r);
                }
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
                markdown::code_cell(m)
            }
        };
        if let Rows::Named { reasons } = how {
            self.line("| Module | Resources |");
            self.line("|---|---|");
            for (m, rs) in &modules {
                let names: Vec<String> = rs
                    .iter()
                    .map(|r| {
                        let local = local_name(r);
                        if reasons && !r.reason.is_empty() {
                            format!(
                                "{} ({}: {})",
                                markdown::code_cell(local),
                                r.action_text(),
                                r.reason.markdown()
                            )
                        } else {
                            format!("{} ({})", markdown::code_cell(local), r.action_text())
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
            let name = if by_call && !m.is_empty() {
                markdown::code_cell(&format!("{m}[*]…"))
            } else {
                module_name(m)
            };
            self.line(&format!("| {name} | {} |", counted(rs)));
        }
        self.line("");
        self.line(&format!(
            "_{} resource names left out to fit the size limit._",
            rows.len()
        ));
    }
}

/// `2 create, 1 update`: rows counted per action.
pub(crate) fn counted(rows: &[&ResourceRow]) -> String {
    let mut by: BTreeMap<String, usize> = BTreeMap::new();
    for r in rows {
        *by.entry(r.action_text()).or_insert(0) += 1;
    }
    let parts: Vec<String> = by.iter().map(|(a, n)| format!("{n} {a}")).collect();
    parts.join(", ")
}

/// How resource rows are shown at a shrinking level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rows {
    /// One table row (or tree item) per resource.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marker_ids_are_checked() {
        for ok in ["prod", "env/eu-west-1", "a.b:c@d_e"] {
            assert_eq!(check_marker(ok), Ok(()), "{ok}");
        }
        for bad in ["", "a--b", "x-", "a b", "-->", "<x>", &"a".repeat(101)] {
            assert!(check_marker(bad).is_err(), "{bad}");
        }
        let layout = Layout {
            marker: Some("--><script>".into()),
            ..Layout::default()
        };
        assert_eq!(marker_line(&layout), "<!-- tfshow-summary -->");
    }
}
