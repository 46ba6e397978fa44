//! Diff trees and how they print.

use std::borrow::Cow;
use std::collections::BTreeMap;

use serde_json::Value;

use super::collections::process_slice;
use super::structured::{Change, Matcher};
use super::text::{attribute_name, colorize, column_width, go_quote, pad, shown, trim_space};
use super::Action;

/// How a primitive value is typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Prim {
    String,
    Number,
    Bool,
    /// A JSON null of unknown type.
    Nil,
}

/// The groups of nested blocks of one block, with what applies to each group as a whole.
#[derive(Clone, Debug, Default)]
pub(crate) struct Blocks {
    pub single: BTreeMap<String, Diff>,
    pub list: BTreeMap<String, Vec<Diff>>,
    pub set: BTreeMap<String, Vec<Diff>>,
    pub map: BTreeMap<String, BTreeMap<String, Diff>>,
    pub replace: BTreeMap<String, bool>,
    pub before_sensitive: BTreeMap<String, bool>,
    pub after_sensitive: BTreeMap<String, bool>,
    pub unknown: BTreeMap<String, bool>,
}

impl Blocks {
    fn flag(m: &BTreeMap<String, bool>, key: &str) -> bool {
        m.get(key).copied().unwrap_or(false)
    }

    /// Records the group-wide facts of block type `key`.
    pub(crate) fn mark(&mut self, key: &str, replace: bool, bs: bool, as_: bool, unknown: bool) {
        self.replace.insert(key.to_owned(), replace);
        self.before_sensitive.insert(key.to_owned(), bs);
        self.after_sensitive.insert(key.to_owned(), as_);
        self.unknown.insert(key.to_owned(), unknown);
    }

    fn all_keys(&self) -> Vec<&String> {
        let mut keys: Vec<&String> = self
            .single
            .keys()
            .chain(self.list.keys())
            .chain(self.set.keys())
            .chain(self.map.keys())
            .collect();
        keys.sort();
        keys
    }
}

/// How a diff prints.
#[derive(Clone, Debug)]
pub(crate) enum Renderer {
    Primitive {
        before: Option<Value>,
        after: Option<Value>,
        prim: Prim,
    },
    Block {
        attributes: BTreeMap<String, Diff>,
        blocks: Box<Blocks>,
    },
    List {
        elements: Vec<Diff>,
        display_context: bool,
    },
    Map {
        elements: BTreeMap<String, Diff>,
        override_null_suffix: bool,
        override_forces_replacement: bool,
        align_keys: bool,
    },
    Object {
        attributes: BTreeMap<String, Diff>,
        override_null_suffix: bool,
    },
    Set {
        elements: Vec<Diff>,
        override_forces_replacement: bool,
    },
    Sensitive {
        inner: Box<Diff>,
        before: bool,
        after: bool,
    },
    SensitiveBlock {
        inner: Box<Diff>,
        before: bool,
        after: bool,
    },
    TypeChange {
        before: Box<Diff>,
        after: Box<Diff>,
    },
    Unknown {
        before: Option<Box<Diff>>,
    },
    WriteOnly {
        sensitive: bool,
    },
}

/// A computed diff: how it prints, what happens, and whether it forces replacement.
#[derive(Clone, Debug)]
pub(crate) struct Diff {
    pub renderer: Renderer,
    pub action: Action,
    pub replace: bool,
}

impl Diff {
    pub(crate) fn new(renderer: Renderer, action: Action, replace: bool) -> Diff {
        Diff {
            renderer,
            action,
            replace,
        }
    }
}

/// Options of one rendering step.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Opts {
    pub color: bool,
    /// Show control, bidi and zero-width characters of the input visibly (on a terminal).
    pub terminal: bool,
    pub override_null_suffix: bool,
    pub force_forces_replacement: bool,
    pub forbid_forces_replacement: bool,
    pub show_unchanged_children: bool,
    pub hide_diff_action_symbols: bool,
}

impl Opts {
    /// Options for children: everything carries over except the two replacement overrides.
    pub(crate) fn child(&self) -> Opts {
        Opts {
            force_forces_replacement: false,
            forbid_forces_replacement: false,
            ..*self
        }
    }

    fn c(&self, s: &str) -> String {
        colorize(s, self.color)
    }

    /// An attribute or block type name as printed: quoted unless it is an identifier, and
    /// shown visibly on a terminal.
    fn name(&self, key: &str) -> String {
        let name = attribute_name(key);
        match shown(&name, self.terminal) {
            Cow::Borrowed(_) => name,
            Cow::Owned(visible) => visible,
        }
    }

    /// One line of a multi-line string (a heredoc) as printed: on a terminal with controls
    /// other than tab shown visibly, otherwise as it is.
    fn heredoc_line<'s>(&self, line: &'s str) -> Cow<'s, str> {
        if self.terminal {
            tfshow_escape::terminal::text(line)
        } else {
            Cow::Borrowed(line)
        }
    }
}

fn null_suffix(action: Action, opts: &Opts) -> String {
    if !opts.override_null_suffix && action == Action::Delete {
        opts.c(" [dark_gray]-> null[reset]")
    } else {
        String::new()
    }
}

fn forces_replacement(replace: bool, opts: &Opts) -> String {
    if (replace || opts.force_forces_replacement) && !opts.forbid_forces_replacement {
        opts.c(" [red]# forces replacement[reset]")
    } else {
        String::new()
    }
}

fn indent(n: usize) -> String {
    "    ".repeat(n)
}

fn unchanged(keyword: &str, count: usize, opts: &Opts) -> String {
    let plural = if count == 1 { "" } else { "s" };
    opts.c(&format!(
        "[dark_gray]# ({count} unchanged {keyword}{plural} hidden)[reset]"
    ))
}

/// The action symbol and a space, or nothing when symbols are hidden.
pub(crate) fn symbol(action: Action, opts: &Opts) -> String {
    if opts.hide_diff_action_symbols {
        String::new()
    } else {
        format!("{} ", opts.c(action.symbol()))
    }
}

const IMPORTANT_ATTRIBUTES: [&str; 3] = ["id", "name", "tags"];

fn important(key: &str) -> bool {
    IMPORTANT_ATTRIBUTES.contains(&key)
}

/// A string value as the renderer sees it.
struct EvaluatedString {
    string: String,
    json: Option<Value>,
    multiline: bool,
    null: bool,
}

fn evaluate_string(value: &Option<Value>, opts: &Opts) -> EvaluatedString {
    let s = match value {
        None | Some(Value::Null) => {
            return EvaluatedString {
                string: opts.c("[dark_gray]null[reset]"),
                json: None,
                multiline: false,
                null: true,
            }
        }
        Some(Value::String(s)) => s.clone(),
        Some(other) => other.to_string(),
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
        return EvaluatedString {
            string: trim_space(&s).to_owned(),
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

impl EvaluatedString {
    fn render_simple(&self) -> String {
        if self.null {
            self.string.clone()
        } else {
            go_quote(&self.string)
        }
    }
}

fn render_primitive_value(value: &Option<Value>, prim: Prim, opts: &Opts) -> String {
    match value {
        None | Some(Value::Null) => opts.c("[dark_gray]null[reset]"),
        Some(Value::Bool(b)) if prim == Prim::Bool => b.to_string(),
        Some(Value::Number(n)) if prim == Prim::Number => n.to_string(),
        Some(Value::String(s)) => go_quote(s),
        Some(other) => {
            let json = other.to_string();
            match shown(&json, opts.terminal) {
                Cow::Borrowed(_) => json,
                Cow::Owned(visible) => visible,
            }
        }
    }
}

impl Diff {
    /// The diff as text. The first line has no indentation; later lines are indented by
    /// `indent` levels.
    pub(crate) fn render(&self, ind: usize, opts: &Opts) -> String {
        match &self.renderer {
            Renderer::Primitive {
                before,
                after,
                prim,
            } => self.render_primitive(before, after, *prim, ind, opts),
            Renderer::Block { attributes, blocks } => {
                self.render_block(attributes, blocks, ind, opts)
            }
            Renderer::List {
                elements,
                display_context,
            } => self.render_list(elements, *display_context, ind, opts),
            Renderer::Map {
                elements,
                override_null_suffix,
                override_forces_replacement,
                align_keys,
            } => self.render_map(
                elements,
                *override_null_suffix,
                *override_forces_replacement,
                *align_keys,
                ind,
                opts,
            ),
            Renderer::Object {
                attributes,
                override_null_suffix,
            } => self.render_object(attributes, *override_null_suffix, ind, opts),
            Renderer::Set {
                elements,
                override_forces_replacement,
            } => self.render_set(elements, *override_forces_replacement, ind, opts),
            Renderer::Sensitive { .. } => format!(
                "(sensitive value){}{}",
                null_suffix(self.action, opts),
                forces_replacement(self.replace, opts)
            ),
            Renderer::SensitiveBlock { .. } => {
                let prefix = format!("{}{}", indent(ind), symbol(Action::NoOp, opts));
                format!(
                    "{{{}\n{prefix}  # At least one attribute in this block is (or was) sensitive,\n{prefix}  # so its contents will not be displayed.\n{prefix}}}",
                    forces_replacement(self.replace, opts)
                )
            }
            Renderer::TypeChange { before, after } => {
                let mut o = *opts;
                o.override_null_suffix = true;
                format!(
                    "{} {} {}",
                    before.render(ind, &o),
                    o.c("[yellow]->[reset]"),
                    after.render(ind, &o)
                )
            }
            Renderer::Unknown { before } => match before {
                Some(before) if self.action != Action::Create => {
                    let mut bo = opts.child();
                    bo.override_null_suffix = true;
                    if self.replace {
                        bo.forbid_forces_replacement = true;
                    }
                    format!(
                        "{} -> (known after apply){}",
                        before.render(ind, &bo),
                        forces_replacement(self.replace, opts)
                    )
                }
                _ => format!(
                    "(known after apply){}",
                    forces_replacement(self.replace, opts)
                ),
            },
            Renderer::WriteOnly { sensitive } => {
                let what = if *sensitive {
                    "(sensitive, write-only attribute)"
                } else {
                    "(write-only attribute)"
                };
                format!(
                    "{what}{}{}",
                    null_suffix(self.action, opts),
                    forces_replacement(self.replace, opts)
                )
            }
        }
    }

    /// Warnings to print on the lines before this diff.
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
        let warning = if before {
            opts.c(&format!(
                "  # [yellow]Warning[reset]: this {what} will no longer be marked as sensitive\n{}  # after applying this change.",
                indent(ind)
            ))
        } else {
            opts.c(&format!(
                "  # [yellow]Warning[reset]: this {what} will be marked as sensitive and will not\n{}  # display in UI output after applying this change.",
                indent(ind)
            ))
        };
        if what == "attribute value" && inner.action == Action::NoOp {
            vec![format!("{warning} The value is unchanged.")]
        } else {
            vec![warning]
        }
    }

    fn render_primitive(
        &self,
        before: &Option<Value>,
        after: &Option<Value>,
        prim: Prim,
        ind: usize,
        opts: &Opts,
    ) -> String {
        if prim == Prim::String {
            return self.render_string(before, after, ind, opts);
        }
        let b = render_primitive_value(before, prim, opts);
        let a = render_primitive_value(after, prim, opts);
        let fr = forces_replacement(self.replace, opts);
        match self.action {
            Action::Create => format!("{a}{fr}"),
            Action::Delete => format!("{b}{}{fr}", null_suffix(self.action, opts)),
            Action::NoOp => format!("{b}{fr}"),
            _ => format!("{b} {} {a}{fr}", opts.c("[yellow]->[reset]")),
        }
    }

    fn render_string(
        &self,
        before: &Option<Value>,
        after: &Option<Value>,
        ind: usize,
        opts: &Opts,
    ) -> String {
        let line_prefix = |action: Action| format!("{}{}", indent(ind + 1), symbol(action, opts));
        let lines: Vec<String> = match self.action {
            Action::Create | Action::NoOp | Action::Delete => {
                let is_delete = self.action == Action::Delete;
                let s = evaluate_string(if is_delete { before } else { after }, opts);
                if is_delete && s.null {
                    return format!(
                        "{}{}",
                        s.render_simple(),
                        forces_replacement(self.replace, opts)
                    );
                }
                if s.json.is_some() {
                    let empty = EvaluatedString {
                        string: String::new(),
                        json: None,
                        multiline: false,
                        null: false,
                    };
                    return match self.action {
                        Action::NoOp => self.render_string_as_json(ind, opts, &s, &s),
                        Action::Create => self.render_string_as_json(ind, opts, &empty, &s),
                        _ => self.render_string_as_json(ind, opts, &s, &empty),
                    };
                }
                if !s.multiline {
                    let suffix = if is_delete {
                        null_suffix(self.action, opts)
                    } else {
                        String::new()
                    };
                    return format!(
                        "{}{suffix}{}",
                        s.render_simple(),
                        forces_replacement(self.replace, opts)
                    );
                }
                let p = line_prefix(Action::NoOp);
                (s.string.split('\n'))
                    .map(|l| format!("{p}{}", opts.heredoc_line(l)))
                    .collect()
            }
            _ => {
                let b = evaluate_string(before, opts);
                let a = evaluate_string(after, opts);
                if b.json.is_some() && a.json.is_some() {
                    return self.render_string_as_json(ind, opts, &b, &a);
                }
                if b.json.is_some() || a.json.is_some() {
                    let tc = Diff::new(
                        Renderer::TypeChange {
                            before: Box::new(Diff::new(
                                Renderer::Primitive {
                                    before: before.clone(),
                                    after: None,
                                    prim: Prim::String,
                                },
                                Action::Delete,
                                false,
                            )),
                            after: Box::new(Diff::new(
                                Renderer::Primitive {
                                    before: None,
                                    after: after.clone(),
                                    prim: Prim::String,
                                },
                                Action::Create,
                                false,
                            )),
                        },
                        self.action,
                        self.replace,
                    );
                    return tc.render(ind, opts);
                }
                if !b.multiline && !a.multiline {
                    return format!(
                        "{} {} {}{}",
                        b.render_simple(),
                        opts.c("[yellow]->[reset]"),
                        a.render_simple(),
                        forces_replacement(self.replace, opts)
                    );
                }
                let bl: Vec<&str> = b.string.split('\n').collect();
                let al: Vec<&str> = a.string.split('\n').collect();
                let mut out = Vec::new();
                process_slice(
                    &bl,
                    &al,
                    true,
                    |bi, ai| {
                        let mut line = |action: Action, l: &str| {
                            out.push(format!("{}{}", line_prefix(action), opts.heredoc_line(l)));
                        };
                        if bi >= bl.len() {
                            line(Action::Create, al[ai]);
                        } else if ai >= al.len() {
                            line(Action::Delete, bl[bi]);
                        } else if bl[bi] != al[ai] {
                            line(Action::Delete, bl[bi]);
                            line(Action::Create, al[ai]);
                        } else {
                            line(Action::NoOp, bl[bi]);
                        }
                    },
                    |_| false,
                );
                out
            }
        };
        format!(
            "<<-EOT{}\n{}\n{}{}EOT{}",
            forces_replacement(self.replace, opts),
            lines.join("\n"),
            indent(ind),
            symbol(Action::NoOp, opts),
            null_suffix(self.action, opts)
        )
    }

    fn render_string_as_json(
        &self,
        ind: usize,
        opts: &Opts,
        before: &EvaluatedString,
        after: &EvaluatedString,
    ) -> String {
        let change = Change {
            before_explicit: self.action != Action::Create,
            after_explicit: self.action != Action::Delete,
            before: before.json.as_ref().map(std::borrow::Cow::Borrowed),
            after: after.json.as_ref().map(std::borrow::Cow::Borrowed),
            unknown: Some(std::borrow::Cow::Owned(Value::Bool(false))),
            before_sensitive: Some(std::borrow::Cow::Owned(Value::Bool(false))),
            after_sensitive: Some(std::borrow::Cow::Owned(Value::Bool(false))),
            replace_paths: Matcher::empty(false),
            relevant: Matcher::Always,
            non_legacy: false,
            style: super::structured::Style::Terraform,
        };
        let json_diff = super::differ::json_transform(&change);
        let mut action = self.action;
        let mut json_opts = opts.child();
        json_opts.override_null_suffix = true;
        let (mut whitespace, mut replace) = ("", String::new());
        if json_diff.action == Action::NoOp && self.action == Action::Update {
            whitespace = if self.replace {
                " # whitespace changes force replacement"
            } else {
                " # whitespace changes"
            };
            json_opts.show_unchanged_children = true;
            action = Action::NoOp;
        } else {
            replace = forces_replacement(self.replace, opts);
        }
        let rendered = json_diff.render(ind + 1, &json_opts);
        if self.action == Action::Create || self.action == Action::Delete {
            action = Action::NoOp;
        }
        if rendered.contains('\n') {
            format!(
                "jsonencode({whitespace}\n{}{}{rendered}{replace}\n{}{}){}",
                indent(ind + 1),
                symbol(action, opts),
                indent(ind),
                symbol(Action::NoOp, opts),
                null_suffix(self.action, opts)
            )
        } else {
            format!("jsonencode({rendered}){whitespace}{replace}")
        }
    }

    fn render_block(
        &self,
        attributes: &BTreeMap<String, Diff>,
        blocks: &Blocks,
        ind: usize,
        opts: &Opts,
    ) -> String {
        let block_keys = blocks.all_keys();
        if attributes.is_empty() && block_keys.is_empty() {
            return format!("{{}}{}", forces_replacement(self.replace, opts));
        }
        let mut unchanged_attributes = 0;
        let mut unchanged_blocks = 0;
        let max_key = column_width(attributes.keys().map(|k| opts.name(k).len()));
        let mut important_opts = opts.child();
        important_opts.show_unchanged_children = true;
        let attribute_opts = opts.child();
        let mut buf = String::new();
        buf.push_str(&format!("{{{}\n", forces_replacement(self.replace, opts)));
        for (key, attr) in attributes {
            if important(key) {
                for w in attr.warnings(ind + 1, &important_opts) {
                    buf.push_str(&format!("{}{w}\n", indent(ind + 1)));
                }
                buf.push_str(&format!(
                    "{}{}{} = {}\n",
                    indent(ind + 1),
                    symbol(attr.action, &important_opts),
                    pad(key, max_key),
                    attr.render(ind + 1, &important_opts)
                ));
                continue;
            }
            if attr.action == Action::NoOp && !opts.show_unchanged_children {
                unchanged_attributes += 1;
                continue;
            }
            for w in attr.warnings(ind + 1, opts) {
                buf.push_str(&format!("{}{w}\n", indent(ind + 1)));
            }
            buf.push_str(&format!(
                "{}{}{} = {}\n",
                indent(ind + 1),
                symbol(attr.action, &attribute_opts),
                pad(&opts.name(key), max_key),
                attr.render(ind + 1, &attribute_opts)
            ));
        }
        if unchanged_attributes > 0 {
            buf.push_str(&format!(
                "{}{}{}\n",
                indent(ind + 1),
                symbol(Action::NoOp, opts),
                unchanged("attribute", unchanged_attributes, opts)
            ));
        }

        for key in block_keys {
            let mut found_changed = false;
            let bs = Blocks::flag(&blocks.before_sensitive, key);
            let as_ = Blocks::flag(&blocks.after_sensitive, key);
            let mut render_one = |diff: &Diff, map_key: &str, opts: &Opts, buf: &mut String| {
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
                    buf.push('\n');
                    found_changed = true;
                }
                let mut block_opts = opts.child();
                block_opts.force_forces_replacement = Blocks::flag(&blocks.replace, key);
                for w in diff.warnings(ind + 1, &block_opts) {
                    buf.push_str(&format!("{}{w}\n", indent(ind + 1)));
                }
                buf.push_str(&format!(
                    "{}{}{}{} {}\n",
                    indent(ind + 1),
                    symbol(diff.action, &block_opts),
                    opts.name(key),
                    map_key,
                    diff.render(ind + 1, &block_opts)
                ));
            };
            let unknown_group = Blocks::flag(&blocks.unknown, key);
            let unknown_diff = || Diff::new(Renderer::Unknown { before: None }, self.action, false);
            if let Some(d) = blocks.single.get(key) {
                render_one(d, "", opts, &mut buf);
            } else if let Some(m) = blocks.map.get(key) {
                if unknown_group {
                    render_one(&unknown_diff(), "", opts, &mut buf);
                }
                for (k, d) in m {
                    render_one(d, &format!(" {}", go_quote(k)), opts, &mut buf);
                }
            } else if let Some(list) = blocks.set.get(key).or_else(|| blocks.list.get(key)) {
                if unknown_group {
                    render_one(&unknown_diff(), "", opts, &mut buf);
                }
                for d in list {
                    render_one(d, "", opts, &mut buf);
                }
            }
        }
        if unchanged_blocks > 0 {
            buf.push_str(&format!(
                "\n{}{}{}\n",
                indent(ind + 1),
                symbol(Action::NoOp, opts),
                unchanged("block", unchanged_blocks, opts)
            ));
        }
        buf.push_str(&format!("{}{}}}", indent(ind), symbol(Action::NoOp, opts)));
        buf
    }

    fn render_list(
        &self,
        elements: &[Diff],
        display_context: bool,
        ind: usize,
        opts: &Opts,
    ) -> String {
        if elements.is_empty() {
            return format!(
                "[]{}{}",
                null_suffix(self.action, opts),
                forces_replacement(self.replace, opts)
            );
        }
        let mut element_opts = opts.child();
        element_opts.override_null_suffix = true;
        let mut unchanged_opts = opts.child();
        unchanged_opts.show_unchanged_children = true;
        let mut unchanged_elements: Vec<&Diff> = Vec::new();
        let mut render_next = false;
        let mut buf = format!("[{}\n", forces_replacement(self.replace, opts));
        for element in elements {
            if element.action == Action::NoOp && !render_next && !opts.show_unchanged_children {
                unchanged_elements.push(element);
                continue;
            }
            render_next = false;
            let mut eo = element_opts;
            if display_context {
                if unchanged_elements.len() > 1 {
                    buf.push_str(&format!(
                        "{}{}{}\n",
                        indent(ind + 1),
                        symbol(Action::NoOp, &eo),
                        unchanged("element", unchanged_elements.len() - 1, &eo)
                    ));
                }
                if let Some(last) = unchanged_elements.last() {
                    buf.push_str(&format!(
                        "{}{}{},\n",
                        indent(ind + 1),
                        symbol(last.action, &unchanged_opts),
                        last.render(ind + 1, &unchanged_opts)
                    ));
                }
                unchanged_elements.clear();
                if element.action == Action::NoOp {
                    eo = unchanged_opts;
                } else {
                    render_next = true;
                }
            }
            for w in element.warnings(ind + 1, &eo) {
                buf.push_str(&format!("{}{w}\n", indent(ind + 1)));
            }
            buf.push_str(&format!(
                "{}{}{},\n",
                indent(ind + 1),
                symbol(element.action, &eo),
                element.render(ind + 1, &eo)
            ));
        }
        if !unchanged_elements.is_empty() {
            buf.push_str(&format!(
                "{}{}{}\n",
                indent(ind + 1),
                symbol(Action::NoOp, opts),
                unchanged("element", unchanged_elements.len(), opts)
            ));
        }
        buf.push_str(&format!(
            "{}{}]{}",
            indent(ind),
            symbol(Action::NoOp, opts),
            null_suffix(self.action, opts)
        ));
        buf
    }

    fn render_map(
        &self,
        elements: &BTreeMap<String, Diff>,
        override_null_suffix: bool,
        override_forces_replacement: bool,
        align_keys: bool,
        ind: usize,
        opts: &Opts,
    ) -> String {
        let fr_self = self.replace && !override_forces_replacement;
        let fr_children = self.replace && override_forces_replacement;
        if elements.is_empty() {
            return format!(
                "{{}}{}{}",
                null_suffix(self.action, opts),
                forces_replacement(fr_self, opts)
            );
        }
        let escaped: BTreeMap<&String, String> =
            elements.keys().map(|k| (k, go_quote(k))).collect();
        let max_key = column_width(escaped.values().map(String::len));
        let mut unchanged_elements = 0;
        let mut element_opts = opts.child();
        element_opts.override_null_suffix = self.action == Action::Delete || override_null_suffix;
        element_opts.force_forces_replacement = fr_children;
        let mut buf = format!("{{{}\n", forces_replacement(fr_self, opts));
        for (key, element) in elements {
            if element.action == Action::NoOp && !opts.show_unchanged_children {
                unchanged_elements += 1;
                continue;
            }
            for w in element.warnings(ind + 1, opts) {
                buf.push_str(&format!("{}{w}\n", indent(ind + 1)));
            }
            let comma = if matches!(element.renderer, Renderer::Object { .. }) {
                ","
            } else {
                ""
            };
            let k = escaped.get(key).cloned().unwrap_or_default();
            let k = if align_keys { pad(&k, max_key) } else { k };
            buf.push_str(&format!(
                "{}{}{} = {}{comma}\n",
                indent(ind + 1),
                symbol(element.action, &element_opts),
                k,
                element.render(ind + 1, &element_opts)
            ));
        }
        if unchanged_elements > 0 {
            buf.push_str(&format!(
                "{}{}{}\n",
                indent(ind + 1),
                symbol(Action::NoOp, opts),
                unchanged("element", unchanged_elements, opts)
            ));
        }
        buf.push_str(&format!(
            "{}{}}}{}",
            indent(ind),
            symbol(Action::NoOp, opts),
            null_suffix(self.action, opts)
        ));
        buf
    }

    fn render_object(
        &self,
        attributes: &BTreeMap<String, Diff>,
        override_null_suffix: bool,
        ind: usize,
        opts: &Opts,
    ) -> String {
        if attributes.is_empty() {
            return format!(
                "{{}}{}{}",
                null_suffix(self.action, opts),
                forces_replacement(self.replace, opts)
            );
        }
        let mut attribute_opts = opts.child();
        attribute_opts.override_null_suffix = override_null_suffix;
        let max_key = column_width(attributes.keys().map(|k| opts.name(k).len()));
        let mut unchanged_attributes = 0;
        let mut buf = format!("{{{}\n", forces_replacement(self.replace, opts));
        for (key, attr) in attributes {
            let name = pad(&opts.name(key), max_key);
            if important(key) {
                let mut io = attribute_opts.child();
                io.show_unchanged_children = true;
                for w in attr.warnings(ind + 1, &io) {
                    buf.push_str(&format!("{}{w}\n", indent(ind + 1)));
                }
                buf.push_str(&format!(
                    "{}{}{name} = {}\n",
                    indent(ind + 1),
                    symbol(attr.action, &io),
                    attr.render(ind + 1, &io)
                ));
                continue;
            }
            if attr.action == Action::NoOp && !opts.show_unchanged_children {
                unchanged_attributes += 1;
                continue;
            }
            for w in attr.warnings(ind + 1, opts) {
                buf.push_str(&format!("{}{w}\n", indent(ind + 1)));
            }
            buf.push_str(&format!(
                "{}{}{name} = {}\n",
                indent(ind + 1),
                symbol(attr.action, &attribute_opts),
                attr.render(ind + 1, &attribute_opts)
            ));
        }
        if unchanged_attributes > 0 {
            buf.push_str(&format!(
                "{}{}{}\n",
                indent(ind + 1),
                symbol(Action::NoOp, opts),
                unchanged("attribute", unchanged_attributes, opts)
            ));
        }
        buf.push_str(&format!(
            "{}{}}}{}",
            indent(ind),
            symbol(Action::NoOp, opts),
            null_suffix(self.action, opts)
        ));
        buf
    }

    fn render_set(
        &self,
        elements: &[Diff],
        override_forces_replacement: bool,
        ind: usize,
        opts: &Opts,
    ) -> String {
        let fr_self = self.replace && !override_forces_replacement;
        let fr_children = self.replace && override_forces_replacement;
        if elements.is_empty() {
            return format!(
                "[]{}{}",
                null_suffix(self.action, opts),
                forces_replacement(fr_self, opts)
            );
        }
        let mut element_opts = opts.child();
        element_opts.override_null_suffix = true;
        element_opts.force_forces_replacement = fr_children;
        let mut unchanged_elements = 0;
        let mut buf = format!("[{}\n", forces_replacement(fr_self, opts));
        for element in elements {
            if element.action == Action::NoOp && !opts.show_unchanged_children {
                unchanged_elements += 1;
                continue;
            }
            for w in element.warnings(ind + 1, opts) {
                buf.push_str(&format!("{}{w}\n", indent(ind + 1)));
            }
            buf.push_str(&format!(
                "{}{}{},\n",
                indent(ind + 1),
                symbol(element.action, &element_opts),
                element.render(ind + 1, &element_opts)
            ));
        }
        if unchanged_elements > 0 {
            buf.push_str(&format!(
                "{}{}{}\n",
                indent(ind + 1),
                symbol(Action::NoOp, opts),
                unchanged("element", unchanged_elements, opts)
            ));
        }
        buf.push_str(&format!(
            "{}{}]{}",
            indent(ind),
            symbol(Action::NoOp, opts),
            null_suffix(self.action, opts)
        ));
        buf
    }
}
