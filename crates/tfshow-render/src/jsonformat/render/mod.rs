//! Diff trees and how they print: one file per renderer, as Terraform's
//! `computed/renderers`, each writing into the caller's buffer.
//!
//! A diff renders as text whose first line has no indentation and whose later lines are
//! indented by the given number of levels; the caller writes what goes before the first line
//! (indentation, action symbol, name).

mod block;
mod list;
mod map;
mod named;
mod object;
mod primitive;
mod sensitive;
mod set;
mod string;
mod unknown;

use std::borrow::Cow;
use std::sync::OnceLock;

use serde_json::Value;

pub(crate) use named::Named;

use super::text::{attribute_name, colorize, push_padded, shown};
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

/// A primitive value as a diff keeps it: what printing it needs.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Scalar<'a> {
    Bool(bool),
    /// A number, as its JSON text.
    Number(Cow<'a, str>),
    String(Cow<'a, str>),
    /// Any other JSON (a value whose type is not the one expected).
    Other(Cow<'a, Value>),
}

impl Scalar<'_> {
    /// The value with what it borrows copied.
    pub(crate) fn into_owned(self) -> Scalar<'static> {
        match self {
            Scalar::Bool(b) => Scalar::Bool(b),
            Scalar::Number(n) => Scalar::Number(Cow::Owned(n.into_owned())),
            Scalar::String(s) => Scalar::String(Cow::Owned(s.into_owned())),
            Scalar::Other(v) => Scalar::Other(Cow::Owned(v.into_owned())),
        }
    }

    /// The value as JSON text, for where it prints as JSON.
    pub(crate) fn json_text(&self) -> Cow<'_, str> {
        match self {
            Scalar::Bool(b) => Cow::Borrowed(if *b { "true" } else { "false" }),
            Scalar::Number(n) => Cow::Borrowed(n),
            Scalar::String(s) => Cow::Owned(Value::String(s.to_string()).to_string()),
            Scalar::Other(v) => Cow::Owned(v.to_string()),
        }
    }
}

/// The groups of nested blocks of one block, with what applies to each group as a whole.
#[derive(Clone, Debug, Default)]
pub(crate) struct Blocks<'a> {
    pub single: Named<'a, Diff<'a>>,
    pub list: Named<'a, Vec<Diff<'a>>>,
    pub set: Named<'a, Vec<Diff<'a>>>,
    pub map: Named<'a, Named<'a, Diff<'a>>>,
    pub replace: Named<'a, bool>,
    pub before_sensitive: Named<'a, bool>,
    pub after_sensitive: Named<'a, bool>,
    pub unknown: Named<'a, bool>,
}

impl<'a> Blocks<'a> {
    fn flag(m: &Named<'_, bool>, key: &str) -> bool {
        m.get(key).copied().unwrap_or(false)
    }

    /// Records the group-wide facts of block type `key`.
    pub(crate) fn mark(&mut self, key: &'a str, replace: bool, bs: bool, as_: bool, unknown: bool) {
        self.replace.insert(key, replace);
        self.before_sensitive.insert(key, bs);
        self.after_sensitive.insert(key, as_);
        self.unknown.insert(key, unknown);
    }

    fn all_keys(&self) -> Vec<&str> {
        let mut keys: Vec<&str> = self
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
pub(crate) enum Renderer<'a> {
    Primitive {
        before: Option<Scalar<'a>>,
        after: Option<Scalar<'a>>,
        prim: Prim,
    },
    Block {
        attributes: Named<'a, Diff<'a>>,
        blocks: Box<Blocks<'a>>,
    },
    List {
        elements: Vec<Diff<'a>>,
        display_context: bool,
    },
    Map {
        elements: Named<'a, Diff<'a>>,
        override_null_suffix: bool,
        override_forces_replacement: bool,
        align_keys: bool,
    },
    Object {
        attributes: Named<'a, Diff<'a>>,
        override_null_suffix: bool,
    },
    Set {
        elements: Vec<Diff<'a>>,
        override_forces_replacement: bool,
    },
    Sensitive {
        inner: Box<Diff<'a>>,
        before: bool,
        after: bool,
    },
    SensitiveBlock {
        inner: Box<Diff<'a>>,
        before: bool,
        after: bool,
    },
    TypeChange {
        before: Box<Diff<'a>>,
        after: Box<Diff<'a>>,
    },
    Unknown {
        before: Option<Box<Diff<'a>>>,
    },
    WriteOnly {
        sensitive: bool,
    },
}

/// `named` with its names copied and its values turned by `f`.
fn owned_named<T, U>(named: Named<'_, T>, f: impl Fn(T) -> U) -> Named<'static, U> {
    named
        .into_parts()
        .map(|(k, v)| (Cow::Owned(k.into_owned()), f(v)))
        .collect()
}

fn owned_list(list: Vec<Diff<'_>>) -> Vec<Diff<'static>> {
    list.into_iter().map(Diff::into_owned).collect()
}

fn owned_box(d: Diff<'_>) -> Box<Diff<'static>> {
    Box::new(d.into_owned())
}

impl Renderer<'_> {
    fn into_owned(self) -> Renderer<'static> {
        match self {
            Renderer::Primitive {
                before,
                after,
                prim,
            } => Renderer::Primitive {
                before: before.map(Scalar::into_owned),
                after: after.map(Scalar::into_owned),
                prim,
            },
            Renderer::Block { attributes, blocks } => Renderer::Block {
                attributes: owned_named(attributes, Diff::into_owned),
                blocks: Box::new(Blocks {
                    single: owned_named(blocks.single, Diff::into_owned),
                    list: owned_named(blocks.list, owned_list),
                    set: owned_named(blocks.set, owned_list),
                    map: owned_named(blocks.map, |m| owned_named(m, Diff::into_owned)),
                    replace: owned_named(blocks.replace, |b| b),
                    before_sensitive: owned_named(blocks.before_sensitive, |b| b),
                    after_sensitive: owned_named(blocks.after_sensitive, |b| b),
                    unknown: owned_named(blocks.unknown, |b| b),
                }),
            },
            Renderer::List {
                elements,
                display_context,
            } => Renderer::List {
                elements: owned_list(elements),
                display_context,
            },
            Renderer::Map {
                elements,
                override_null_suffix,
                override_forces_replacement,
                align_keys,
            } => Renderer::Map {
                elements: owned_named(elements, Diff::into_owned),
                override_null_suffix,
                override_forces_replacement,
                align_keys,
            },
            Renderer::Object {
                attributes,
                override_null_suffix,
            } => Renderer::Object {
                attributes: owned_named(attributes, Diff::into_owned),
                override_null_suffix,
            },
            Renderer::Set {
                elements,
                override_forces_replacement,
            } => Renderer::Set {
                elements: owned_list(elements),
                override_forces_replacement,
            },
            Renderer::Sensitive {
                inner,
                before,
                after,
            } => Renderer::Sensitive {
                inner: owned_box(*inner),
                before,
                after,
            },
            Renderer::SensitiveBlock {
                inner,
                before,
                after,
            } => Renderer::SensitiveBlock {
                inner: owned_box(*inner),
                before,
                after,
            },
            Renderer::TypeChange { before, after } => Renderer::TypeChange {
                before: owned_box(*before),
                after: owned_box(*after),
            },
            Renderer::Unknown { before } => Renderer::Unknown {
                before: before.map(|b| owned_box(*b)),
            },
            Renderer::WriteOnly { sensitive } => Renderer::WriteOnly { sensitive },
        }
    }
}

/// A computed diff: how it prints, what happens, and whether it forces replacement.
#[derive(Clone, Debug)]
pub(crate) struct Diff<'a> {
    pub renderer: Renderer<'a>,
    pub action: Action,
    pub replace: bool,
}

impl<'a> Diff<'a> {
    pub(crate) fn new(renderer: Renderer<'a>, action: Action, replace: bool) -> Diff<'a> {
        Diff {
            renderer,
            action,
            replace,
        }
    }

    /// The diff with what it borrows (names and values) copied.
    pub(crate) fn into_owned(self) -> Diff<'static> {
        Diff {
            renderer: self.renderer.into_owned(),
            action: self.action,
            replace: self.replace,
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
    fn name<'k>(&self, key: &'k str) -> Cow<'k, str> {
        match attribute_name(key) {
            Cow::Borrowed(name) => shown(name, self.terminal),
            Cow::Owned(name) => Cow::Owned(shown(&name, self.terminal).into_owned()),
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

/// Fixed colour markup, colourized once per process for each setting.
struct Markup {
    text: &'static str,
    cell: OnceLock<[String; 2]>,
}

impl Markup {
    const fn new(text: &'static str) -> Markup {
        Markup {
            text,
            cell: OnceLock::new(),
        }
    }

    fn get(&'static self, color: bool) -> &'static str {
        let both = self
            .cell
            .get_or_init(|| [colorize(self.text, false), colorize(self.text, true)]);
        &both[usize::from(color)]
    }
}

static NULL_SUFFIX: Markup = Markup::new(" [dark_gray]-> null[reset]");
static FORCES_REPLACEMENT: Markup = Markup::new(" [red]# forces replacement[reset]");
static ARROW: Markup = Markup::new("[yellow]->[reset]");
static NULL: Markup = Markup::new("[dark_gray]null[reset]");

/// Writes ` -> null` after a deleted value, unless overridden.
fn null_suffix(out: &mut String, action: Action, opts: &Opts) {
    if !opts.override_null_suffix && action == Action::Delete {
        out.push_str(NULL_SUFFIX.get(opts.color));
    }
}

/// Writes ` # forces replacement` when `replace` (or forced), unless forbidden.
fn forces_replacement(out: &mut String, replace: bool, opts: &Opts) {
    if (replace || opts.force_forces_replacement) && !opts.forbid_forces_replacement {
        out.push_str(FORCES_REPLACEMENT.get(opts.color));
    }
}

/// Writes `n` levels of indentation.
fn indent(out: &mut String, n: usize) {
    for _ in 0..n {
        out.push_str("    ");
    }
}

/// Writes the note that `count` unchanged attributes, blocks or elements are hidden.
fn unchanged(out: &mut String, keyword: &str, count: usize, opts: &Opts) {
    let plural = if count == 1 { "" } else { "s" };
    out.push_str(&opts.c(&format!(
        "[dark_gray]# ({count} unchanged {keyword}{plural} hidden)[reset]"
    )));
}

/// The action symbols, colourized once per process for each setting.
fn symbols(color: bool) -> &'static [String; 10] {
    static CELL: OnceLock<[[String; 10]; 2]> = OnceLock::new();
    let both = CELL.get_or_init(|| {
        let all = |color| Action::ALL.map(|a| colorize(a.symbol(), color));
        [all(false), all(true)]
    });
    &both[usize::from(color)]
}

/// Writes the action symbol and a space, or nothing when symbols are hidden.
pub(crate) fn symbol(out: &mut String, action: Action, opts: &Opts) {
    if !opts.hide_diff_action_symbols {
        out.push_str(&symbols(opts.color)[action as usize]);
        out.push(' ');
    }
}

/// Writes the start of a line of a collection or block: indentation one level in, then the
/// action symbol.
fn line_start(out: &mut String, ind: usize, action: Action, opts: &Opts) {
    indent(out, ind + 1);
    symbol(out, action, opts);
}

/// Writes the closing line of a collection or block: indentation, the no-op symbol's room and
/// `close`.
fn close(out: &mut String, ind: usize, close: &str, opts: &Opts) {
    indent(out, ind);
    symbol(out, Action::NoOp, opts);
    out.push_str(close);
}

/// Writes the warnings that go on the lines before `diff`, each on its own line.
fn warnings(out: &mut String, diff: &Diff, ind: usize, opts: &Opts) {
    for w in diff.warnings(ind + 1, opts) {
        indent(out, ind + 1);
        out.push_str(&w);
        out.push('\n');
    }
}

/// Writes one attribute of a block or object: its warnings (under `warn_opts`), then
/// `NAME = VALUE` (under `attr_opts`), the name padded to `width` characters.
fn attribute_line(
    out: &mut String,
    (name, width): (&str, usize),
    attr: &Diff,
    ind: usize,
    opts: [&Opts; 2],
) {
    let [warn_opts, attr_opts] = opts;
    warnings(out, attr, ind, warn_opts);
    line_start(out, ind, attr.action, attr_opts);
    push_padded(out, name, width);
    out.push_str(" = ");
    attr.render_into(out, ind + 1, attr_opts);
    out.push('\n');
}

const IMPORTANT_ATTRIBUTES: [&str; 3] = ["id", "name", "tags"];

fn important(key: &str) -> bool {
    IMPORTANT_ATTRIBUTES.contains(&key)
}

impl Diff<'_> {
    /// The diff as text. The first line has no indentation; later lines are indented by
    /// `ind` levels.
    pub(crate) fn render(&self, ind: usize, opts: &Opts) -> String {
        let mut out = String::new();
        self.render_into(&mut out, ind, opts);
        out
    }

    /// Writes [`Diff::render`]'s text to `out`.
    pub(crate) fn render_into(&self, out: &mut String, ind: usize, opts: &Opts) {
        match &self.renderer {
            Renderer::Primitive {
                before,
                after,
                prim,
            } => self.render_primitive(out, before, after, *prim, ind, opts),
            Renderer::Block { attributes, blocks } => {
                self.render_block(out, attributes, blocks, ind, opts)
            }
            Renderer::List {
                elements,
                display_context,
            } => self.render_list(out, elements, *display_context, ind, opts),
            Renderer::Map {
                elements,
                override_null_suffix,
                override_forces_replacement,
                align_keys,
            } => self.render_map(
                out,
                elements,
                map::MapOptions {
                    override_null_suffix: *override_null_suffix,
                    override_forces_replacement: *override_forces_replacement,
                    align_keys: *align_keys,
                },
                ind,
                opts,
            ),
            Renderer::Object {
                attributes,
                override_null_suffix,
            } => self.render_object(out, attributes, *override_null_suffix, ind, opts),
            Renderer::Set {
                elements,
                override_forces_replacement,
            } => self.render_set(out, elements, *override_forces_replacement, ind, opts),
            Renderer::Sensitive { .. } => self.render_sensitive(out, opts),
            Renderer::SensitiveBlock { .. } => self.render_sensitive_block(out, ind, opts),
            Renderer::TypeChange { before, after } => {
                let mut o = *opts;
                o.override_null_suffix = true;
                before.render_into(out, ind, &o);
                out.push(' ');
                out.push_str(ARROW.get(o.color));
                out.push(' ');
                after.render_into(out, ind, &o);
            }
            Renderer::Unknown { before } => self.render_unknown(out, before.as_deref(), ind, opts),
            Renderer::WriteOnly { sensitive } => {
                out.push_str(if *sensitive {
                    "(sensitive, write-only attribute)"
                } else {
                    "(write-only attribute)"
                });
                null_suffix(out, self.action, opts);
                forces_replacement(out, self.replace, opts);
            }
        }
    }
}

#[cfg(test)]
mod tests;
