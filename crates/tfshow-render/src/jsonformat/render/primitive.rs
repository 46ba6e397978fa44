//! Numbers, booleans and nulls (strings have their own renderer, [`super::string`]).

use std::borrow::Cow;

use serde_json::Value;

use super::{forces_replacement, null_suffix, Diff, Opts, Prim, Scalar, ARROW, NULL};
use crate::jsonformat::text::{push_go_quoted, shown};
use crate::jsonformat::Action;

/// Writes a primitive value as Terraform prints it.
pub(super) fn value(out: &mut String, value: &Option<Scalar<'_>>, prim: Prim, opts: &Opts) {
    match value {
        None | Some(Scalar::Other(Cow::Owned(Value::Null) | Cow::Borrowed(Value::Null))) => {
            out.push_str(NULL.get(opts.color))
        }
        Some(Scalar::Bool(b)) if prim == Prim::Bool => {
            out.push_str(if *b { "true" } else { "false" })
        }
        Some(Scalar::Number(n)) if prim == Prim::Number => out.push_str(n),
        Some(Scalar::String(s)) => push_go_quoted(out, s),
        Some(other) => {
            let json = other.json_text();
            match shown(&json, opts.terminal) {
                Cow::Borrowed(_) => out.push_str(&json),
                Cow::Owned(visible) => out.push_str(&visible),
            }
        }
    }
}

impl Diff<'_> {
    pub(super) fn render_primitive(
        &self,
        out: &mut String,
        before: &Option<Scalar<'_>>,
        after: &Option<Scalar<'_>>,
        prim: Prim,
        ind: usize,
        opts: &Opts,
    ) {
        if prim == Prim::String {
            return self.render_string(out, before, after, ind, opts);
        }
        match self.action {
            Action::Create => value(out, after, prim, opts),
            Action::Delete => {
                value(out, before, prim, opts);
                null_suffix(out, self.action, opts);
            }
            Action::NoOp => value(out, before, prim, opts),
            _ => {
                value(out, before, prim, opts);
                out.push(' ');
                out.push_str(ARROW.get(opts.color));
                out.push(' ');
                value(out, after, prim, opts);
            }
        }
        forces_replacement(out, self.replace, opts);
    }
}
