//! The shape HCL's parser gives a chain of traversal operators.
//!
//! hcl-edit keeps `a.b[0][x].*.c[*].d` as one flat list of operators; HCL builds nodes from
//! it (`parseExpressionTraversals`): attribute steps, legacy `.N` steps and `[literal]`
//! steps extend a traversal, `[expr]` with any other key becomes an `IndexExpr`, `.*` takes
//! the attribute and legacy-index steps right after it as the per-element expression of a
//! splat, and `[*]` takes every step after it. A literal key is a number, `true`, `false`,
//! `null` or a string without interpolations (a heredoc of plain text too); `-1` is a
//! negation, not a literal.

use hcl_edit::expr::{Expression, Traversal, TraversalOperator};
use hcl_edit::template::Element;
use hcl_edit::Decorated;
use tfshow_cty::Number;

/// A literal index key, as the parser evaluates it.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Key {
    Str(String),
    Num(Number),
    Bool(bool),
    Null,
    /// A number literal that could not be read.
    Invalid,
}

/// One step of a chain.
#[derive(Debug)]
pub(crate) enum Step<'a> {
    /// `.name`
    Attr(&'a str),
    /// `[literal]` or `.N`: a traversal step.
    Key(Key),
    /// `[expr]` with a key that is not a literal (HCL's `IndexExpr`).
    Index(&'a Expression),
    /// `[*]` or `.*`, with the steps applied to each element.
    Splat(Vec<Step<'a>>),
}

impl Step<'_> {
    /// Whether HCL keeps this step in a traversal (`ScopeTraversalExpr` or
    /// `RelativeTraversalExpr`).
    pub(crate) fn is_traversal_step(&self) -> bool {
        matches!(self, Step::Attr(_) | Step::Key(_))
    }
}

/// Full splats nest at most this deep in one chain; operators after that are dropped.
const MAX_SPLATS: u32 = 64;

/// A traversal: the expression it starts from and its steps.
pub(crate) struct Chain<'a> {
    pub root: &'a Expression,
    pub steps: Vec<Step<'a>>,
    /// False when splats nested too deeply and the steps after them were dropped.
    pub complete: bool,
}

/// Splits a traversal into its start and steps. Nested traversals (which hcl-edit does not
/// produce when parsing) are flattened.
pub(crate) fn split(t: &Traversal) -> Chain<'_> {
    let mut ops: Vec<&Decorated<TraversalOperator>> = Vec::new();
    let mut root = t;
    let mut stack = vec![t];
    while let Expression::Traversal(inner) = &root.expr {
        root = inner;
        stack.push(inner);
    }
    for t in stack.iter().rev() {
        ops.extend(t.operators.iter());
    }
    let (steps, complete) = steps(&ops, 0);
    Chain {
        root: &root.expr,
        steps,
        complete,
    }
}

fn steps<'a>(ops: &[&'a Decorated<TraversalOperator>], splats: u32) -> (Vec<Step<'a>>, bool) {
    let mut out = Vec::new();
    let mut i = 0;
    while i < ops.len() {
        match ops[i].value() {
            TraversalOperator::GetAttr(id) => out.push(Step::Attr(id.value().as_str())),
            TraversalOperator::LegacyIndex(n) => {
                out.push(Step::Key(Key::Num(Number::from_u64(*n.value()))))
            }
            TraversalOperator::Index(e) => out.push(match literal_key(e) {
                Some(k) => Step::Key(k),
                None => Step::Index(e),
            }),
            TraversalOperator::FullSplat(_) => {
                if splats >= MAX_SPLATS {
                    return (out, false);
                }
                let (each, complete) = steps(&ops[i + 1..], splats + 1);
                out.push(Step::Splat(each));
                return (out, complete);
            }
            TraversalOperator::AttrSplat(_) => {
                let mut each = Vec::new();
                while let Some(op) = ops.get(i + 1) {
                    match op.value() {
                        TraversalOperator::GetAttr(id) => {
                            each.push(Step::Attr(id.value().as_str()))
                        }
                        TraversalOperator::LegacyIndex(n) => {
                            each.push(Step::Key(Key::Num(Number::from_u64(*n.value()))))
                        }
                        _ => break,
                    }
                    i += 1;
                }
                out.push(Step::Splat(each));
            }
        }
        i += 1;
    }
    (out, true)
}

/// The value of a key expression HCL's parser treats as a literal.
pub(crate) fn literal_key(e: &Expression) -> Option<Key> {
    Some(match e {
        Expression::Number(n) => match number_literal(n) {
            NumberLiteral::Positive(Some(n)) => Key::Num(n),
            NumberLiteral::Positive(None) => Key::Invalid,
            NumberLiteral::Negative(_) => return None,
        },
        Expression::Bool(b) => Key::Bool(*b.value()),
        Expression::Null(_) => Key::Null,
        Expression::String(s) => Key::Str(s.value().clone()),
        Expression::HeredocTemplate(h) => {
            let mut text = String::new();
            for el in h.template.iter() {
                match el {
                    Element::Literal(l) => text.push_str(l.value()),
                    _ => return None,
                }
            }
            Key::Str(text)
        }
        _ => return None,
    })
}

/// How hcl-edit's number literal reads in HCL.
pub(crate) enum NumberLiteral {
    /// A number token (`None` when it is not a valid number).
    Positive(Option<Number>),
    /// `-` and a number token, which hcl-edit folds into one literal but HCL parses as a
    /// negation; holds the number after the minus sign.
    Negative(Option<Number>),
}

/// Reads a number literal from its source text (exact, unlike hcl-edit's `f64`).
pub(crate) fn number_literal(n: &hcl_edit::Formatted<hcl_edit::Number>) -> NumberLiteral {
    let repr = n.as_repr().map(|r| r.to_string());
    let text = repr.unwrap_or_else(|| n.value().to_string());
    match text.strip_prefix('-') {
        Some(rest) => NumberLiteral::Negative(Number::parse(rest.trim_start()).ok()),
        None => NumberLiteral::Positive(Number::parse(text.trim()).ok()),
    }
}
