//! Sensitive values and blocks, and the warnings printed when sensitivity changes.

use super::{forces_replacement, indent, null_suffix, symbol, Diff, Opts, Renderer};
use crate::jsonformat::Action;

impl Diff<'_> {
    pub(super) fn render_sensitive(&self, out: &mut String, opts: &Opts) {
        out.push_str("(sensitive value)");
        null_suffix(out, self.action, opts);
        forces_replacement(out, self.replace, opts);
    }

    pub(super) fn render_sensitive_block(&self, out: &mut String, ind: usize, opts: &Opts) {
        let prefix = |out: &mut String| {
            indent(out, ind);
            symbol(out, Action::NoOp, opts);
        };
        out.push('{');
        forces_replacement(out, self.replace, opts);
        out.push('\n');
        prefix(out);
        out.push_str("  # At least one attribute in this block is (or was) sensitive,\n");
        prefix(out);
        out.push_str("  # so its contents will not be displayed.\n");
        prefix(out);
        out.push('}');
    }

    /// Warnings to print on the lines before this diff: a value or block whose sensitivity
    /// changes says so.
    pub(crate) fn warnings(&self, ind: usize, opts: &Opts) -> Vec<String> {
        let (inner, before, after, what) = match &self.renderer {
            Renderer::Sensitive {
                inner,
                before,
                after,
            } => (inner, *before, *after, "attribute value"),
            Renderer::SensitiveBlock {
                inner,
                before,
                after,
            } => (inner, *before, *after, "block"),
            _ => return Vec::new(),
        };
        if before == after || inner.action == Action::Create || inner.action == Action::Delete {
            return Vec::new();
        }
        let mut pad = String::new();
        indent(&mut pad, ind);
        let warning = if before {
            opts.c(&format!(
                "  # [yellow]Warning[reset]: this {what} will no longer be marked as sensitive\n{pad}  # after applying this change."
            ))
        } else {
            opts.c(&format!(
                "  # [yellow]Warning[reset]: this {what} will be marked as sensitive and will not\n{pad}  # display in UI output after applying this change."
            ))
        };
        if what == "attribute value" && inner.action == Action::NoOp {
            vec![format!("{warning} The value is unchanged.")]
        } else {
            vec![warning]
        }
    }
}
