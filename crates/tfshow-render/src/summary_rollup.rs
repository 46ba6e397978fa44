//! Several plans in one document (`tfshow summary A B C`): a total, then a section per plan,
//! fitted to one size limit as a whole (every plan is shrunk to the same level).

use serde_json::{json, Value};
use tfshow_escape::{markdown, terminal};

use crate::summary::{Counts, Summary};
use crate::summary_fit::{fit, Layout, TooSmall, MARKDOWN_STEPS, TEXT_STEPS};
use crate::summary_markdown::{marker_line, Markdown};
use crate::summary_text::closing_note;

/// A plan's summary with the title its section gets (given, or the plan file's name).
#[derive(Clone, Debug)]
pub struct Titled {
    /// The section's title.
    pub title: String,
    /// The plan's summary.
    pub summary: Summary,
}

/// The summaries of several plans.
#[derive(Clone, Debug)]
pub struct Rollup {
    /// The plans, in the order given.
    pub plans: Vec<Titled>,
}

impl Rollup {
    /// The counts of every plan added up.
    pub fn total(&self) -> Counts {
        let mut t = Counts::default();
        for p in &self.plans {
            let c = p.summary.counts();
            t.import += c.import;
            t.add += c.add;
            t.change += c.change;
            t.destroy += c.destroy;
            t.replace += c.replace;
            t.read += c.read;
            t.moved += c.moved;
            t.forget += c.forget;
        }
        t
    }

    fn had_attributes(&self) -> bool {
        self.plans.iter().any(|p| p.summary.has_attributes())
    }

    /// The markdown: the hidden marker, the total and a table of each plan's `Plan:` line,
    /// then a section per plan; within `layout.max_chars` characters as a whole.
    pub fn markdown(&self, layout: &Layout) -> Result<String, TooSmall> {
        let had = self.had_attributes();
        fit(layout.max_chars, &MARKDOWN_STEPS, |s, max| {
            let mut md = Markdown::new(s, layout.tree);
            md.line(&marker_line(layout));
            md.line(&format!("### Plans ({})", self.plans.len()));
            md.line("");
            md.line(&format!("**Total:** {}", self.total().headline()));
            md.line("");
            md.line("| Plan | Changes |");
            md.line("|---|---|");
            for p in &self.plans {
                md.line(&format!(
                    "| {} | {} |",
                    markdown::text(&p.title),
                    p.summary.headline()
                ));
            }
            for p in &self.plans {
                md.line("");
                let heading = format!("### {}: {}", markdown::text(&p.title), p.summary.title());
                p.summary.markdown_section(&mut md, &heading);
            }
            md.closing_note(s, had, max);
            md.out
        })
    }

    /// The text: the total and each plan's `Plan:` line, then a section per plan.
    pub fn text(&self, layout: &Layout) -> Result<String, TooSmall> {
        let had = self.had_attributes();
        fit(layout.max_chars, &TEXT_STEPS, |s, max| {
            let mut out = format!(
                "Plans ({})\n\nTotal: {}\n",
                self.plans.len(),
                self.total().headline()
            );
            for p in &self.plans {
                out.push_str(&format!(
                    "  {}: {}\n",
                    terminal::Line(&p.title),
                    p.summary.headline()
                ));
            }
            for p in &self.plans {
                out.push_str(&format!("\n=== {} ===\n", terminal::Line(&p.title)));
                out.push_str(&p.summary.text_section(s, layout));
            }
            closing_note(&mut out, s, had, max);
            out
        })
    }

    /// The JSON: `{"plans": [{"title": …, "summary": …}], "total": {counts}}`.
    pub fn json(&self) -> Value {
        let t = self.total();
        json!({
            "plans": self.plans.iter().map(|p| json!({
                "title": p.title,
                "summary": p.summary.json(),
            })).collect::<Vec<_>>(),
            "total": crate::summary::counts_json(&t),
        })
    }
}
