//! Maps: changed elements by quoted key (aligned, for maps of primitives), the unchanged ones
//! counted.

use std::collections::BTreeMap;

use super::{close, forces_replacement, line_start, null_suffix, unchanged, warnings, Named};
use super::{Diff, Opts, Renderer};
use crate::jsonformat::text::{column_width, go_quote, push_padded};
use crate::jsonformat::Action;

/// How a map renders beyond its elements.
#[derive(Clone, Copy, Debug)]
pub(super) struct MapOptions {
    /// Its elements print no ` -> null` when deleted.
    pub override_null_suffix: bool,
    /// Its elements, not the map, say that they force replacement.
    pub override_forces_replacement: bool,
    /// Its keys are padded to one column.
    pub align_keys: bool,
}

impl Diff<'_> {
    pub(super) fn render_map(
        &self,
        out: &mut String,
        elements: &Named<Diff>,
        m: MapOptions,
        ind: usize,
        opts: &Opts,
    ) {
        let fr_self = self.replace && !m.override_forces_replacement;
        let fr_children = self.replace && m.override_forces_replacement;
        if elements.is_empty() {
            out.push_str("{}");
            null_suffix(out, self.action, opts);
            forces_replacement(out, fr_self, opts);
            return;
        }
        let escaped: BTreeMap<&str, String> = elements.keys().map(|k| (k, go_quote(k))).collect();
        let max_key = column_width(escaped.values().map(String::len));
        let mut unchanged_elements = 0;
        let mut element_opts = opts.child();
        element_opts.override_null_suffix = self.action == Action::Delete || m.override_null_suffix;
        element_opts.force_forces_replacement = fr_children;
        out.push('{');
        forces_replacement(out, fr_self, opts);
        out.push('\n');
        for (key, element) in elements {
            if element.action == Action::NoOp && !opts.show_unchanged_children {
                unchanged_elements += 1;
                continue;
            }
            warnings(out, element, ind, opts);
            let k = escaped.get(key).map_or("", String::as_str);
            line_start(out, ind, element.action, &element_opts);
            if m.align_keys {
                push_padded(out, k, max_key);
            } else {
                out.push_str(k);
            }
            out.push_str(" = ");
            element.render_into(out, ind + 1, &element_opts);
            if matches!(element.renderer, Renderer::Object { .. }) {
                out.push(',');
            }
            out.push('\n');
        }
        if unchanged_elements > 0 {
            line_start(out, ind, Action::NoOp, opts);
            unchanged(out, "element", unchanged_elements, opts);
            out.push('\n');
        }
        close(out, ind, "}", opts);
        null_suffix(out, self.action, opts);
    }
}
