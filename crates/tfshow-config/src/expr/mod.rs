//! What `show -json`'s `configuration` section prints for an expression: its
//! `constant_value` and its `references` (Terraform's `jsonconfig.marshalExpression`).
//!
//! - [`constant_value`] is HCL's `expr.Value(nil)`: evaluation with no variables and no
//!   functions, kept only when the result is wholly known (Terraform prints it only when
//!   `ctyjson.Marshal` succeeds). It is a real HCL evaluator over hcl-edit's syntax tree: cty
//!   types including those of unknown and null values, conversions and type unification
//!   (conditionals), operators, templates and heredocs with strip markers, `for`
//!   expressions, splats, indexing and attribute access, and HCL's rules for when an error
//!   in one part makes another part unknown (`true || var.x` is `true`, `[1, var.x][0] + 1`
//!   is unknown).
//! - [`references`] is `langrefs.ReferencesInExpr` with `addrs.ParseRef` (Terraform 1.15),
//!   rendered as `jsonconfig` does: each traversal and its shorter prefixes down to the
//!   reference's subject, then the subject without its instance key, or the module call of a
//!   module output.
//!
//! Numbers are exact: literals keep their decimal text, and arithmetic reproduces Go's
//! `big.Float` at 512 bits, rounding and all (`1.1 * 1.1` prints as Terraform prints it).
//!
//! Known differences from Terraform:
//! - Strings are not NFC-normalized as `cty.StringVal` does (`"e\u0301"` stays decomposed).
//! - `-0` (from `-0`, `0 * -1`, …) prints as `0`; Go prints `-0`.
//! - Infinities (`1 / 0`, `"inf" + 0`) make the value unknown; Terraform keeps `+Inf`, which
//!   then breaks its own JSON output.
//! - Number literals with decimal exponents beyond ±248 are rounded exactly, where Go's
//!   parser may be one unit in the last place off; numbers beyond 1e±10000 are unknown.
//! - The index keys a `for` gives list and tuple elements are 64-bit floats in cty; a
//!   division of two of them (`i / j`) rounds at 64 bits there and at 512 bits here.
//! - Refinements of unknown values (not-null, number ranges) are not tracked; they could only
//!   matter while a `for` condition is pre-checked with unknown iteration variables.
//! - Without the source text (see [`constant_value_in`]), `<<-` heredocs use hcl-edit's
//!   indentation removal, which differs from HCL's for lines of only spaces, for lines inside
//!   directives and next to strip markers.
//! - Evaluation gives up (no `constant_value`) past 256 levels of nesting or 1,000,000 units
//!   of work; `references` stops descending past 256 levels and keeps at most 64 MiB of text.
//! - References follow Terraform 1.15: `ephemeral.`, `list.` and `action.` are their own
//!   kinds of reference, where Terraform before 1.10 (1.14 for the others) read them as a
//!   managed resource type of that name.

mod access;
mod chain;
mod convert;
mod eval;
mod float;
mod forexpr;
mod nat;
mod ops;
mod parse_ref;
mod refs;
mod splat;
mod template;
mod unify;
mod value;

#[cfg(test)]
mod tests;

use hcl_edit::expr::Expression;
use tfshow_cty::Value;

/// The `constant_value` of an expression: its value when evaluated with no variables and no
/// functions, if that is wholly known; `None` otherwise. `null` gives `Some(Value::Null)`.
pub fn constant_value(expr: &Expression) -> Option<Value> {
    evaluate(expr, None)
}

/// [`constant_value`] for an expression parsed (with hcl-edit's spans) from `source`, which
/// lets `<<-` heredocs follow HCL's indentation rules exactly.
pub fn constant_value_in(expr: &Expression, source: &str) -> Option<Value> {
    evaluate(expr, Some(source))
}

fn evaluate(expr: &Expression, source: Option<&str>) -> Option<Value> {
    let mut ev = eval::Evaluator::new(source);
    let (v, _) = ev.eval(expr);
    if ev.exhausted {
        return None;
    }
    v.to_cty()
}

/// The `references` of an expression, in HCL's walk order, duplicates kept: for each
/// traversal that is a valid reference, the traversal, its shorter prefixes down to the
/// referenced object (`data.t.foo[1].vars["baz"]`, `data.t.foo[1].vars`, `data.t.foo[1]`),
/// then that object without its instance key (`data.t.foo`), or for a module output the
/// module call (`module.m`).
pub fn references(expr: &Expression) -> Vec<String> {
    refs::references(expr, true)
}

/// The `references` of an expression as Terraform wrote them before 1.0.1: only the referenced
/// object of each traversal (`data.t.foo[1]`), in HCL's walk order, duplicates kept.
pub fn subject_references(expr: &Expression) -> Vec<String> {
    refs::references(expr, false)
}
