//! Blocks: attributes aligned by name, then nested blocks grouped by type.

use std::borrow::Cow;

use super::warnings;
use super::{attribute_line, close, forces_replacement, important, line_start, unchanged, Named};
use super::{Blocks, Diff, Opts, Renderer};
use crate::jsonformat::text::{column_width, push_go_quoted};
use crate::jsonformat::Action;

impl Diff<'_> {
    pub(super) fn render_block(
        &self,
        out: &mut String,
        attributes: &Named<Diff>,
        blocks: &Blocks,
        ind: usize,
        opts: &Opts,
    ) {
        let block_keys = blocks.all_keys();
        if attributes.is_empty() && block_keys.is_empty() {
            out.push_str("{}");
            forces_replacement(out, self.replace, opts);
            return;
        }
        let mut unchanged_attributes = 0;
        let mut unchanged_blocks = 0;
        // Each name as printed, worked out once for the column width and the lines.
        let names: Vec<Cow<'_, str>> = attributes.keys().map(|k| opts.name(k)).collect();
        let max_key = column_width(names.iter().map(|n| n.len()));
        let mut important_opts = opts.child();
        important_opts.show_unchanged_children = true;
        let attribute_opts = opts.child();
        out.push('{');
        forces_replacement(out, self.replace, opts);
        out.push('\n');
        for ((key, attr), name) in attributes.iter().zip(&names) {
            let (name, attr_opts) = if important(key) {
                (key, &important_opts)
            } else if attr.action == Action::NoOp && !opts.show_unchanged_children {
                unchanged_attributes += 1;
                continue;
            } else {
                (name.as_ref(), &attribute_opts)
            };
            // Warnings of unimportant attributes follow the block's own options.
            let warn_opts = if important(key) {
                &important_opts
            } else {
                opts
            };
            attribute_line(out, (name, max_key), attr, ind, [warn_opts, attr_opts]);
        }
        if unchanged_attributes > 0 {
            line_start(out, ind, Action::NoOp, opts);
            unchanged(out, "attribute", unchanged_attributes, opts);
            out.push('\n');
        }

        for key in block_keys {
            let mut found_changed = false;
            let bs = Blocks::flag(&blocks.before_sensitive, key);
            let as_ = Blocks::flag(&blocks.after_sensitive, key);
            let mut render_one = |diff: &Diff, map_key: Option<&str>, out: &mut String| {
                let creating = diff.action == Action::Create && as_;
                let deleting = diff.action == Action::Delete && bs;
                let modifying =
                    (diff.action == Action::Update || diff.action == Action::NoOp) && (as_ || bs);
                let wrapped;
                let diff = if creating || deleting || modifying {
                    let action = if diff.action == Action::NoOp && bs != as_ {
                        Action::Update
                    } else {
                        diff.action
                    };
                    wrapped = Diff::new(
                        Renderer::SensitiveBlock {
                            inner: Box::new(diff.clone()),
                            before: bs,
                            after: as_,
                        },
                        action,
                        diff.replace,
                    );
                    &wrapped
                } else {
                    diff
                };
                if diff.action == Action::NoOp && !opts.show_unchanged_children {
                    unchanged_blocks += 1;
                    return;
                }
                if !found_changed && !attributes.is_empty() {
                    out.push('\n');
                    found_changed = true;
                }
                let mut block_opts = opts.child();
                block_opts.force_forces_replacement = Blocks::flag(&blocks.replace, key);
                warnings(out, diff, ind, &block_opts);
                line_start(out, ind, diff.action, &block_opts);
                out.push_str(&opts.name(key));
                if let Some(k) = map_key {
                    out.push(' ');
                    push_go_quoted(out, k);
                }
                out.push(' ');
                diff.render_into(out, ind + 1, &block_opts);
                out.push('\n');
            };
            let unknown_group = Blocks::flag(&blocks.unknown, key);
            let unknown_diff = || Diff::new(Renderer::Unknown { before: None }, self.action, false);
            if let Some(d) = blocks.single.get(key) {
                render_one(d, None, out);
            } else if let Some(m) = blocks.map.get(key) {
                if unknown_group {
                    render_one(&unknown_diff(), None, out);
                }
                for (k, d) in m {
                    render_one(d, Some(k), out);
                }
            } else if let Some(list) = blocks.set.get(key).or_else(|| blocks.list.get(key)) {
                if unknown_group {
                    render_one(&unknown_diff(), None, out);
                }
                for d in list {
                    render_one(d, None, out);
                }
            }
        }
        if unchanged_blocks > 0 {
            out.push('\n');
            line_start(out, ind, Action::NoOp, opts);
            unchanged(out, "block", unchanged_blocks, opts);
            out.push('\n');
        }
        close(out, ind, "}", opts);
    }
}
