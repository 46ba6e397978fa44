//! String templates and heredocs, as HCL's template parser shapes them
//! (`hclsyntax/parser_template.go`) and evaluates them (`expression_template.go`).
//!
//! HCL works on a flat token stream: literal text (a heredoc has one token per line, ending
//! with its newline), interpolations and directives. Strip markers trim the *single* literal
//! token next to them (`${~` the one before, `~}` the one after); a `<<-` heredoc then drops
//! the smallest indentation, counted over the tokens that start a line (a line starting with
//! an interpolation or directive counts as unindented; lines of only spaces are ignored and
//! kept as they are); consecutive literals are joined. A template that is a single
//! interpolation (`"${x}"`) yields the interpolated value itself, not a string.
//!
//! hcl-edit has already removed `<<-` indentation by rules of its own, which differ from
//! HCL's for lines of only spaces, directives and strip markers. With the source text at hand
//! the raw literal text is read back through hcl-edit's spans and HCL's rules are applied;
//! without it hcl-edit's result is used.

use super::convert::convert;
use super::eval::{Ev, Evaluator};
use super::forexpr::{ForBody, ForSpec};
use super::value::V;
use hcl_edit::expr::Expression;
use hcl_edit::template::{Directive, Element, HeredocTemplate, StringTemplate, Strip, Template};
use hcl_edit::Span;
use tfshow_cty::Type;

/// A template part after parsing.
pub(crate) enum Node<'a> {
    Lit(String),
    Interp(&'a Expression),
    If {
        cond: &'a Expression,
        then: Vec<Node<'a>>,
        els: Vec<Node<'a>>,
    },
    For {
        key: Option<&'a str>,
        val: &'a str,
        coll: &'a Expression,
        body: Vec<Node<'a>>,
    },
}

/// A token of HCL's flat template stream.
enum Tok<'a> {
    Lit(String),
    Interp(&'a Expression),
    If(&'a Expression),
    Else,
    EndIf,
    For(Option<&'a str>, &'a str, &'a Expression),
    EndFor,
}

/// A token and its strip markers (`~` after the opening `${`/`%{`, before the closing `}`).
struct Marked<'a> {
    tok: Tok<'a>,
    strip: Strip,
}

/// A quoted template with interpolations or directives.
pub(crate) fn eval_quoted(ev: &mut Evaluator<'_>, t: &StringTemplate) -> Ev {
    let mut toks = Vec::new();
    tokens(t, false, None, &mut toks);
    finish(ev, toks, false)
}

/// A heredoc (`<<EOT` or `<<-EOT`).
pub(crate) fn eval_heredoc(ev: &mut Evaluator<'_>, h: &HeredocTemplate) -> Ev {
    let raw = ev.src.filter(|src| {
        h.span()
            .and_then(|s| src.get(s.start..))
            .is_some_and(|rest| rest.starts_with("<<-"))
            && all_spanned(&h.template, src)
    });
    let mut toks = Vec::new();
    tokens(&h.template, true, raw, &mut toks);
    finish(ev, toks, raw.is_some())
}

fn finish(ev: &mut Evaluator<'_>, mut toks: Vec<Marked<'_>>, flush: bool) -> Ev {
    if toks.is_empty() {
        toks.push(Marked {
            tok: Tok::Lit(String::new()),
            strip: Strip::None,
        });
    }
    strip(&mut toks);
    if flush {
        flush_indent(&mut toks);
    }
    let toks = meld(toks);
    if let [Tok::Interp(e)] = toks.as_slice() {
        return ev.eval(e);
    }
    let (nodes, _) = parse(&mut toks.into_iter());
    eval_parts(ev, &nodes)
}

/// Flattens hcl-edit's template into HCL's token stream. With `raw`, literal text is read
/// from the source (undoing hcl-edit's heredoc indentation removal).
fn tokens<'a>(t: &'a Template, heredoc: bool, raw: Option<&str>, out: &mut Vec<Marked<'a>>) {
    let mark = |tok, strip| Marked { tok, strip };
    for el in t.iter() {
        match el {
            Element::Literal(l) => {
                let text = raw
                    .and_then(|src| l.span().and_then(|s| src.get(s)))
                    .map(unescape)
                    .unwrap_or_else(|| l.value().clone());
                if heredoc {
                    for line in text.split_inclusive('\n') {
                        out.push(mark(Tok::Lit(line.to_string()), Strip::None));
                    }
                } else {
                    out.push(mark(Tok::Lit(text), Strip::None));
                }
            }
            Element::Interpolation(i) => out.push(mark(Tok::Interp(&i.expr), i.strip)),
            Element::Directive(d) => match &**d {
                Directive::If(d) => {
                    out.push(mark(Tok::If(&d.if_expr.cond_expr), d.if_expr.strip));
                    tokens(&d.if_expr.template, heredoc, raw, out);
                    if let Some(e) = &d.else_expr {
                        out.push(mark(Tok::Else, e.strip));
                        tokens(&e.template, heredoc, raw, out);
                    }
                    out.push(mark(Tok::EndIf, d.endif_expr.strip));
                }
                Directive::For(d) => {
                    let f = &d.for_expr;
                    let key = f.key_var.as_ref().map(|k| k.value().as_str());
                    let tok = Tok::For(key, f.value_var.value().as_str(), &f.collection_expr);
                    out.push(mark(tok, f.strip));
                    tokens(&f.template, heredoc, raw, out);
                    out.push(mark(Tok::EndFor, d.endfor_expr.strip));
                }
            },
        }
    }
}

/// Whether every literal of a template can be read back from `src`.
fn all_spanned(t: &Template, src: &str) -> bool {
    t.iter().all(|el| match el {
        Element::Literal(l) => l.span().is_some_and(|s| src.get(s).is_some()),
        Element::Interpolation(_) => true,
        Element::Directive(d) => match &**d {
            Directive::If(d) => {
                all_spanned(&d.if_expr.template, src)
                    && d.else_expr
                        .as_ref()
                        .is_none_or(|e| all_spanned(&e.template, src))
            }
            Directive::For(d) => all_spanned(&d.for_expr.template, src),
        },
    })
}

/// Raw heredoc text with `$${` and `%%{` escapes resolved.
fn unescape(raw: &str) -> String {
    raw.replace("$${", "${").replace("%%{", "%{")
}

/// Applies strip markers to the neighbouring literal tokens.
fn strip(toks: &mut [Marked<'_>]) {
    let mut ltrim_next = false;
    for i in 0..toks.len() {
        let ltrim = std::mem::take(&mut ltrim_next);
        if let Tok::Lit(s) = &mut toks[i].tok {
            if ltrim {
                *s = s.trim_start().to_string();
            }
            continue;
        }
        let strip = toks[i].strip;
        if strip.strip_start() && i > 0 {
            if let Tok::Lit(prev) = &mut toks[i - 1].tok {
                prev.truncate(prev.trim_end().len());
            }
        }
        ltrim_next = strip.strip_end();
    }
}

/// Leading white space in grapheme clusters (HCL counts those; `\r\n` is one cluster).
fn clusters(s: &str) -> usize {
    s.chars().count() - s.matches("\r\n").count()
}

/// Drops `n` leading clusters.
fn drop_clusters(s: &str, n: usize) -> String {
    let mut rest = s;
    for _ in 0..n {
        let cut = if rest.starts_with("\r\n") {
            2
        } else {
            rest.chars().next().map_or(0, char::len_utf8)
        };
        rest = &rest[cut..];
    }
    rest.to_string()
}

/// The `<<-` rule (`flushHeredocTemplateParts`).
fn flush_indent(toks: &mut [Marked<'_>]) {
    let mut min = usize::MAX;
    let mut newline = true;
    let mut adjust = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        if newline {
            newline = false;
            let mut spaces = 0;
            if let Tok::Lit(s) = &t.tok {
                let trimmed = s.trim_start();
                if trimmed.is_empty() && s.ends_with('\n') {
                    spaces = usize::MAX;
                } else {
                    spaces = clusters(&s[..s.len() - trimmed.len()]);
                    adjust.push(i);
                }
            }
            min = min.min(spaces);
        }
        if let Tok::Lit(s) = &t.tok {
            newline = s.ends_with('\n');
        }
    }
    for i in adjust {
        if let Tok::Lit(s) = &mut toks[i].tok {
            *s = drop_clusters(s, min);
        }
    }
}

/// Joins consecutive literals.
fn meld(toks: Vec<Marked<'_>>) -> Vec<Tok<'_>> {
    let mut out: Vec<Tok<'_>> = Vec::with_capacity(toks.len());
    for m in toks {
        match (out.last_mut(), m.tok) {
            (Some(Tok::Lit(prev)), Tok::Lit(s)) => prev.push_str(&s),
            (_, tok) => out.push(tok),
        }
    }
    out
}

/// Builds the directive structure; returns the parts and the token that ended them.
fn parse<'a>(it: &mut impl Iterator<Item = Tok<'a>>) -> (Vec<Node<'a>>, Option<Tok<'a>>) {
    let mut nodes = Vec::new();
    let or_empty = |parts: Vec<Node<'a>>| {
        if parts.is_empty() {
            vec![Node::Lit(String::new())]
        } else {
            parts
        }
    };
    while let Some(tok) = it.next() {
        match tok {
            Tok::Lit(s) => nodes.push(Node::Lit(s)),
            Tok::Interp(e) => nodes.push(Node::Interp(e)),
            Tok::If(cond) => {
                let (then, end) = parse(it);
                let els = match end {
                    Some(Tok::Else) => parse(it).0,
                    _ => Vec::new(),
                };
                nodes.push(Node::If {
                    cond,
                    then: or_empty(then),
                    els: or_empty(els),
                });
            }
            Tok::For(key, val, coll) => {
                let (body, _) = parse(it);
                nodes.push(Node::For {
                    key,
                    val,
                    coll,
                    body: or_empty(body),
                });
            }
            end @ (Tok::Else | Tok::EndIf | Tok::EndFor) => return (nodes, Some(end)),
        }
    }
    (nodes, None)
}

/// A template's parts joined into a string (`hclsyntax.TemplateExpr`): null parts and parts
/// that are not strings are errors; after the first error or unknown part nothing more is
/// written, and the result is unknown if any part was.
pub(crate) fn eval_parts(ev: &mut Evaluator<'_>, parts: &[Node<'_>]) -> Ev {
    let mut buf = String::new();
    let mut err = false;
    let mut known = true;
    for p in parts {
        let (v, e) = eval_node(ev, p);
        err |= e;
        if v.is_null() {
            err = true;
            continue;
        }
        if !v.is_known() {
            known = false;
            continue;
        }
        match convert(v, &Type::String) {
            Some(V::Str(s)) => {
                if known && !err {
                    if !ev.spend(1 + s.len() as u64 / 16) {
                        return (V::dynamic(), true);
                    }
                    buf.push_str(&s);
                }
            }
            _ => err = true,
        }
    }
    if !known {
        return (V::Unknown(Type::String), err);
    }
    (V::Str(tfshow_cty::nfc(buf)), err)
}

fn eval_node(ev: &mut Evaluator<'_>, node: &Node<'_>) -> Ev {
    match node {
        Node::Lit(s) => (V::Str(tfshow_cty::nfc(s.clone())), false),
        Node::Interp(e) => ev.eval(e),
        Node::If { cond, then, els } => ev.nested(|ev| {
            let t = eval_parts(ev, then);
            let f = eval_parts(ev, els);
            ev.conditional(cond, t, f)
        }),
        Node::For {
            key,
            val,
            coll,
            body,
        } => ev.nested(|ev| {
            let spec = ForSpec {
                key_var: *key,
                val_var: val,
                coll,
                key: None,
                value: ForBody::Template(body),
                cond: None,
                group: false,
            };
            join(ev.for_expr(&spec))
        }),
    }
}

/// A `%{for}` directive's results joined (`hclsyntax.TemplateJoinExpr`).
fn join((v, mut err): Ev) -> Ev {
    let V::Tuple(items) = v else {
        return (V::Unknown(Type::String), err);
    };
    let mut buf = String::new();
    for item in items {
        if item.is_null() {
            err = true;
            continue;
        }
        if item.ty() == Type::Dynamic {
            return (V::Unknown(Type::String), err);
        }
        match convert(item, &Type::String) {
            Some(V::Str(s)) => buf.push_str(&s),
            Some(_) => return (V::Unknown(Type::String), err),
            None => err = true,
        }
    }
    (V::Str(tfshow_cty::nfc(buf)), err)
}
