//! Sets: changed elements, the unchanged ones counted.

use super::{close, forces_replacement, line_start, null_suffix, unchanged, warnings};
use super::{Diff, Opts};
use crate::jsonformat::Action;

impl Diff<'_> {
    pub(super) fn render_set(
        &self,
        out: &mut String,
        elements: &[Diff],
        override_forces_replacement: bool,
        ind: usize,
        opts: &Opts,
    ) {
        let fr_self = self.replace && !override_forces_replacement;
        let fr_children = self.replace && override_forces_replacement;
        if elements.is_empty() {
            out.push_str("[]");
            null_suffix(out, self.action, opts);
            forces_replacement(out, fr_self, opts);
            return;
        }
        let mut element_opts = opts.child();
        element_opts.override_null_suffix = true;
        element_opts.force_forces_replacement = fr_children;
        let mut unchanged_elements = 0;
        out.push('[');
        forces_replacement(out, fr_self, opts);
        out.push('\n');
        for element in elements {
            if element.action == Action::NoOp && !opts.show_unchanged_children {
                unchanged_elements += 1;
                continue;
            }
            warnings(out, element, ind, opts);
            line_start(out, ind, element.action, &element_opts);
            element.render_into(out, ind + 1, &element_opts);
            out.push_str(",\n");
        }
        if unchanged_elements > 0 {
            line_start(out, ind, Action::NoOp, opts);
            unchanged(out, "element", unchanged_elements, opts);
            out.push('\n');
        }
        close(out, ind, "]", opts);
        null_suffix(out, self.action, opts);
    }
}
