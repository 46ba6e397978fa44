//! Strings: quoted, as heredocs when they span lines, and as `jsonencode(…)` when they hold
//! JSON.

use std::borrow::Cow;

use serde_json::Value;

use super::{forces_replacement, indent, null_suffix, symbol, Diff, Opts, Prim, Renderer, Scalar};
use super::{ARROW, NULL};
use crate::jsonformat::collections::process_slice;
use crate::jsonformat::node::{val, Node};
use crate::jsonformat::structured::{Change, Matcher, Style};
use crate::jsonformat::text::{push_go_quoted, trim_space};
use crate::jsonformat::Action;

/// A string value as the renderer sees it.
struct EvaluatedString<'v> {
    string: Cow<'v, str>,
    json: Option<Value>,
    multiline: bool,
    null: bool,
}

impl EvaluatedString<'_> {
    const EMPTY: EvaluatedString<'static> = EvaluatedString {
        string: Cow::Borrowed(""),
        json: None,
        multiline: false,
        null: false,
    };

    fn render_simple(&self, out: &mut String) {
        if self.null {
            out.push_str(&self.string);
        } else {
            push_go_quoted(out, &self.string);
        }
    }
}

fn evaluate_string<'v>(value: &'v Option<Scalar<'_>>, opts: &Opts) -> EvaluatedString<'v> {
    let s: Cow<'_, str> = match value {
        None | Some(Scalar::Other(Cow::Owned(Value::Null) | Cow::Borrowed(Value::Null))) => {
            // Shown as `null` where it takes part in a heredoc's diff.
            return EvaluatedString {
                string: Cow::Borrowed(NULL.get(opts.color)),
                null: true,
                ..EvaluatedString::EMPTY
            };
        }
        Some(Scalar::String(s)) => Cow::Borrowed(s),
        Some(other) => other.json_text(),
    };
    if s.starts_with('{') || s.starts_with('[') {
        if let Ok(v) = serde_json::from_str::<Value>(&s) {
            return EvaluatedString {
                string: s,
                json: Some(v),
                multiline: false,
                null: false,
            };
        }
    }
    if s.contains('\n') {
        let trimmed = match s {
            Cow::Borrowed(b) => Cow::Borrowed(trim_space(b)),
            Cow::Owned(o) => Cow::Owned(trim_space(&o).to_owned()),
        };
        return EvaluatedString {
            string: trimmed,
            json: None,
            multiline: true,
            null: false,
        };
    }
    EvaluatedString {
        string: s,
        json: None,
        multiline: false,
        null: false,
    }
}

impl Diff<'_> {
    pub(super) fn render_string<'a>(
        &self,
        out: &mut String,
        before: &Option<Scalar<'a>>,
        after: &Option<Scalar<'a>>,
        ind: usize,
        opts: &Opts,
    ) {
        let line = |out: &mut String, action: Action, l: &str| {
            indent(out, ind + 1);
            symbol(out, action, opts);
            out.push_str(&opts.heredoc_line(l));
        };
        let mut lines = String::new();
        match self.action {
            Action::Create | Action::NoOp | Action::Delete => {
                let is_delete = self.action == Action::Delete;
                let s = evaluate_string(if is_delete { before } else { after }, opts);
                if is_delete && s.null {
                    s.render_simple(out);
                    forces_replacement(out, self.replace, opts);
                    return;
                }
                if s.json.is_some() {
                    let empty = EvaluatedString::EMPTY;
                    return match self.action {
                        Action::NoOp => self.render_string_as_json(out, ind, opts, &s, &s),
                        Action::Create => self.render_string_as_json(out, ind, opts, &empty, &s),
                        _ => self.render_string_as_json(out, ind, opts, &s, &empty),
                    };
                }
                if !s.multiline {
                    s.render_simple(out);
                    if is_delete {
                        null_suffix(out, self.action, opts);
                    }
                    forces_replacement(out, self.replace, opts);
                    return;
                }
                for (i, l) in s.string.split('\n').enumerate() {
                    if i > 0 {
                        lines.push('\n');
                    }
                    line(&mut lines, Action::NoOp, l);
                }
            }
            _ => {
                let b = evaluate_string(before, opts);
                let a = evaluate_string(after, opts);
                if b.json.is_some() && a.json.is_some() {
                    return self.render_string_as_json(out, ind, opts, &b, &a);
                }
                if b.json.is_some() || a.json.is_some() {
                    let side = |before: Option<Scalar<'a>>, after: Option<Scalar<'a>>, action| {
                        let prim = Prim::String;
                        Box::new(Diff::new(
                            Renderer::Primitive {
                                before,
                                after,
                                prim,
                            },
                            action,
                            false,
                        ))
                    };
                    let tc = Diff::new(
                        Renderer::TypeChange {
                            before: side(before.clone(), None, Action::Delete),
                            after: side(None, after.clone(), Action::Create),
                        },
                        self.action,
                        self.replace,
                    );
                    return tc.render_into(out, ind, opts);
                }
                if !b.multiline && !a.multiline {
                    b.render_simple(out);
                    out.push(' ');
                    out.push_str(ARROW.get(opts.color));
                    out.push(' ');
                    a.render_simple(out);
                    forces_replacement(out, self.replace, opts);
                    return;
                }
                let bl: Vec<&str> = b.string.split('\n').collect();
                let al: Vec<&str> = a.string.split('\n').collect();
                let mut first = true;
                process_slice(
                    &bl,
                    &al,
                    true,
                    |bi, ai| {
                        let mut push = |action: Action, l: &str| {
                            if !first {
                                lines.push('\n');
                            }
                            first = false;
                            line(&mut lines, action, l);
                        };
                        if bi >= bl.len() {
                            push(Action::Create, al[ai]);
                        } else if ai >= al.len() {
                            push(Action::Delete, bl[bi]);
                        } else if bl[bi] != al[ai] {
                            push(Action::Delete, bl[bi]);
                            push(Action::Create, al[ai]);
                        } else {
                            push(Action::NoOp, bl[bi]);
                        }
                    },
                    |_| false,
                );
            }
        }
        out.push_str("<<-EOT");
        forces_replacement(out, self.replace, opts);
        out.push('\n');
        out.push_str(&lines);
        out.push('\n');
        indent(out, ind);
        symbol(out, Action::NoOp, opts);
        out.push_str("EOT");
        null_suffix(out, self.action, opts);
    }

    fn render_string_as_json(
        &self,
        out: &mut String,
        ind: usize,
        opts: &Opts,
        before: &EvaluatedString<'_>,
        after: &EvaluatedString<'_>,
    ) {
        let change = Change {
            before_explicit: self.action != Action::Create,
            after_explicit: self.action != Action::Delete,
            before: val(before.json.as_ref()),
            after: val(after.json.as_ref()),
            unknown: Some(Node::Flag(false)),
            before_sensitive: Some(Node::Flag(false)),
            after_sensitive: Some(Node::Flag(false)),
            replace_paths: Matcher::empty(false),
            relevant: Matcher::Always,
            non_legacy: false,
            style: Style::Terraform,
        };
        let json_diff = crate::jsonformat::jsondiff::json_transform(&change);
        let mut action = self.action;
        let mut json_opts = opts.child();
        json_opts.override_null_suffix = true;
        let mut whitespace = "";
        let mut replace = false;
        if json_diff.action == Action::NoOp && self.action == Action::Update {
            whitespace = if self.replace {
                " # whitespace changes force replacement"
            } else {
                " # whitespace changes"
            };
            json_opts.show_unchanged_children = true;
            action = Action::NoOp;
        } else {
            replace = true;
        }
        let rendered = json_diff.render(ind + 1, &json_opts);
        if self.action == Action::Create || self.action == Action::Delete {
            action = Action::NoOp;
        }
        if rendered.contains('\n') {
            out.push_str("jsonencode(");
            out.push_str(whitespace);
            out.push('\n');
            indent(out, ind + 1);
            symbol(out, action, opts);
            out.push_str(&rendered);
            if replace {
                forces_replacement(out, self.replace, opts);
            }
            out.push('\n');
            indent(out, ind);
            symbol(out, Action::NoOp, opts);
            out.push(')');
            null_suffix(out, self.action, opts);
        } else {
            out.push_str("jsonencode(");
            out.push_str(&rendered);
            out.push(')');
            out.push_str(whitespace);
            if replace {
                forces_replacement(out, self.replace, opts);
            }
        }
    }
}
