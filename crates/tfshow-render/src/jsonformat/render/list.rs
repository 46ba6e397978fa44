//! Lists: changed elements, with the unchanged ones around them counted or, for lists of
//! primitives, the nearest one shown as context.

use super::{close, forces_replacement, line_start, null_suffix, unchanged, warnings};
use super::{Diff, Opts};
use crate::jsonformat::Action;

impl Diff<'_> {
    pub(super) fn render_list(
        &self,
        out: &mut String,
        elements: &[Diff],
        display_context: bool,
        ind: usize,
        opts: &Opts,
    ) {
        if elements.is_empty() {
            out.push_str("[]");
            null_suffix(out, self.action, opts);
            forces_replacement(out, self.replace, opts);
            return;
        }
        let mut element_opts = opts.child();
        element_opts.override_null_suffix = true;
        let mut unchanged_opts = opts.child();
        unchanged_opts.show_unchanged_children = true;
        let mut unchanged_elements: Vec<&Diff> = Vec::new();
        let mut render_next = false;
        out.push('[');
        forces_replacement(out, self.replace, opts);
        out.push('\n');
        for element in elements {
            if element.action == Action::NoOp && !render_next && !opts.show_unchanged_children {
                unchanged_elements.push(element);
                continue;
            }
            render_next = false;
            let mut eo = element_opts;
            if display_context {
                if unchanged_elements.len() > 1 {
                    line_start(out, ind, Action::NoOp, &eo);
                    unchanged(out, "element", unchanged_elements.len() - 1, &eo);
                    out.push('\n');
                }
                if let Some(last) = unchanged_elements.last() {
                    line_start(out, ind, last.action, &unchanged_opts);
                    last.render_into(out, ind + 1, &unchanged_opts);
                    out.push_str(",\n");
                }
                unchanged_elements.clear();
                if element.action == Action::NoOp {
                    eo = unchanged_opts;
                } else {
                    render_next = true;
                }
            }
            warnings(out, element, ind, &eo);
            line_start(out, ind, element.action, &eo);
            element.render_into(out, ind + 1, &eo);
            out.push_str(",\n");
        }
        if !unchanged_elements.is_empty() {
            line_start(out, ind, Action::NoOp, opts);
            unchanged(out, "element", unchanged_elements.len(), opts);
            out.push('\n');
        }
        close(out, ind, "]", opts);
        null_suffix(out, self.action, opts);
    }
}
