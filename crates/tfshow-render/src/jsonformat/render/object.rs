//! Objects: attributes aligned by name, the unchanged ones counted (`id`, `name` and `tags`
//! always shown).

use std::borrow::Cow;

use super::{attribute_line, close, forces_replacement, important, line_start, null_suffix, Named};
use super::{unchanged, Diff, Opts};
use crate::jsonformat::text::column_width;
use crate::jsonformat::Action;

impl Diff<'_> {
    pub(super) fn render_object(
        &self,
        out: &mut String,
        attributes: &Named<Diff>,
        override_null_suffix: bool,
        ind: usize,
        opts: &Opts,
    ) {
        if attributes.is_empty() {
            out.push_str("{}");
            null_suffix(out, self.action, opts);
            forces_replacement(out, self.replace, opts);
            return;
        }
        let mut attribute_opts = opts.child();
        attribute_opts.override_null_suffix = override_null_suffix;
        let mut important_opts = attribute_opts.child();
        important_opts.show_unchanged_children = true;
        // Each name as printed, worked out once for the column width and the lines.
        let names: Vec<Cow<'_, str>> = attributes.keys().map(|k| opts.name(k)).collect();
        let max_key = column_width(names.iter().map(|n| n.len()));
        let mut unchanged_attributes = 0;
        out.push('{');
        forces_replacement(out, self.replace, opts);
        out.push('\n');
        for ((key, attr), name) in attributes.iter().zip(&names) {
            let (attr_opts, warn_opts) = if important(key) {
                (&important_opts, &important_opts)
            } else if attr.action == Action::NoOp && !opts.show_unchanged_children {
                unchanged_attributes += 1;
                continue;
            } else {
                (&attribute_opts, opts)
            };
            attribute_line(out, (name, max_key), attr, ind, [warn_opts, attr_opts]);
        }
        if unchanged_attributes > 0 {
            line_start(out, ind, Action::NoOp, opts);
            unchanged(out, "attribute", unchanged_attributes, opts);
            out.push('\n');
        }
        close(out, ind, "}", opts);
        null_suffix(out, self.action, opts);
    }
}
