//! `for` expressions (`hclsyntax.ForExpr`), also behind template `%{for}` directives.

use super::convert::convert;
use super::eval::{Ev, Evaluator};
use super::template::Node;
use super::value::V;
use hcl_edit::expr::Expression;
use std::collections::btree_map::Entry;
use std::collections::BTreeMap;
use tfshow_cty::Type;

/// The body of a `for`: an expression, or the parts of a template `%{for}` directive.
pub(crate) enum ForBody<'e, 'a> {
    Expr(&'a Expression),
    Template(&'e [Node<'a>]),
}

/// A `for` expression's parts.
pub(crate) struct ForSpec<'e, 'a> {
    pub key_var: Option<&'a str>,
    pub val_var: &'a str,
    pub coll: &'a Expression,
    pub key: Option<&'a Expression>,
    pub value: ForBody<'e, 'a>,
    pub cond: Option<&'a Expression>,
    pub group: bool,
}

impl Evaluator<'_> {
    /// Evaluates `body` with the `for` variables bound.
    fn scoped<T>(
        &mut self,
        spec: &ForSpec<'_, '_>,
        k: V,
        v: V,
        body: impl FnOnce(&mut Self) -> T,
    ) -> T {
        let mark = self.scopes.len();
        if let Some(kv) = spec.key_var {
            self.scopes.push((kv.to_string(), k));
        }
        self.scopes.push((spec.val_var.to_string(), v));
        let r = body(self);
        self.scopes.truncate(mark);
        r
    }

    fn for_value(&mut self, body: &ForBody<'_, '_>) -> Ev {
        match body {
            ForBody::Expr(e) => self.eval(e),
            ForBody::Template(parts) => super::template::eval_parts(self, parts),
        }
    }

    /// `[for …]` and `{for …}` (`hclsyntax.ForExpr`).
    pub(crate) fn for_expr(&mut self, spec: &ForSpec<'_, '_>) -> Ev {
        let (coll, mut err) = self.eval(spec.coll);
        if coll.is_null() {
            return (V::dynamic(), true);
        }
        let cty = coll.ty();
        if cty == Type::Dynamic {
            return (V::dynamic(), err);
        }
        if !matches!(
            cty,
            Type::List(_) | Type::Map(_) | Type::Set(_) | Type::Tuple(_) | Type::Object(..)
        ) {
            return (V::dynamic(), true);
        }
        if let Some(cond) = spec.cond {
            let (r, rerr) = self.scoped(spec, V::dynamic(), V::dynamic(), |s| s.eval(cond));
            err |= rerr;
            if r.is_null() || convert(r, &Type::Bool).is_none() {
                return (V::dynamic(), true);
            }
            if rerr {
                return (V::dynamic(), err);
            }
        }
        let Some(elements) = coll.into_elements() else {
            return (V::dynamic(), err);
        };
        let mut known = true;
        let mut items: Vec<(Option<String>, V)> = Vec::new();
        for (k, v) in elements {
            let step = self.scoped(spec, k, v, |s| s.for_item(spec, &mut known));
            match step {
                ForItem::Skip(e) => err |= e,
                ForItem::Keep(key, val, e) => {
                    err |= e;
                    items.push((key, val));
                }
            }
            if self.exhausted {
                return (V::dynamic(), true);
            }
        }
        if !known {
            return (V::dynamic(), err);
        }
        if spec.key.is_none() {
            return (V::Tuple(items.into_iter().map(|(_, v)| v).collect()), err);
        }
        let mut attrs: BTreeMap<String, V> = BTreeMap::new();
        for (key, val) in items {
            let key = key.unwrap_or_default();
            if spec.group {
                if let V::Tuple(group) = attrs.entry(key).or_insert_with(|| V::Tuple(Vec::new())) {
                    group.push(val);
                }
            } else if let Entry::Vacant(slot) = attrs.entry(key) {
                slot.insert(val);
            } else {
                err = true;
            }
        }
        (V::Object(attrs.into_iter().collect()), err)
    }

    /// One element of a `for`: the condition, the key (objects only) and the value.
    fn for_item(&mut self, spec: &ForSpec<'_, '_>, known: &mut bool) -> ForItem {
        let mut err = false;
        if let Some(cond) = spec.cond {
            let (inc, e) = self.eval(cond);
            err |= e;
            if inc.is_null() || !inc.is_known() {
                err |= inc.is_null() && *known;
                *known = false;
                return ForItem::Skip(err);
            }
            match convert(inc, &Type::Bool) {
                Some(V::Bool(true)) => {}
                Some(_) => return ForItem::Skip(err),
                None => {
                    err |= *known;
                    *known = false;
                    return ForItem::Skip(err);
                }
            }
        }
        let key = match spec.key {
            None => None,
            Some(kexpr) => {
                let (k, e) = self.eval(kexpr);
                err |= e;
                if k.is_null() {
                    err |= *known;
                    *known = false;
                    return ForItem::Skip(err);
                }
                if !k.is_known() {
                    *known = false;
                    return ForItem::Skip(err);
                }
                match convert(k, &Type::String) {
                    Some(V::Str(s)) => Some(s),
                    _ => {
                        err |= *known;
                        *known = false;
                        return ForItem::Skip(err);
                    }
                }
            }
        };
        let (val, e) = self.for_value(&spec.value);
        ForItem::Keep(key, val, err | e)
    }
}

enum ForItem {
    Skip(bool),
    Keep(Option<String>, V, bool),
}
