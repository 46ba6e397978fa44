//! Splat expressions (`hclsyntax.SplatExpr`): `[*]` and `.*`.

use super::chain::Step;
use super::eval::{Ev, Evaluator};
use super::value::V;
use tfshow_cty::Type;

impl Evaluator<'_> {
    /// `source[*]…` (`hclsyntax.SplatExpr`).
    pub(super) fn splat(&mut self, source: Ev, each: &[Step<'_>]) -> Ev {
        let (src, err) = source;
        if err {
            return (V::dynamic(), true);
        }
        let ty = src.ty();
        let sequence = matches!(ty, Type::Tuple(_) | Type::List(_) | Type::Set(_));
        if src.is_null() {
            return if sequence {
                (V::dynamic(), true)
            } else {
                (V::Tuple(Vec::new()), false)
            };
        }
        if ty == Type::Dynamic {
            return (V::dynamic(), false);
        }
        let mut upgraded_unknown = false;
        let src = if sequence {
            src
        } else {
            // An unknown that is not known to be non-null might become null, which splats
            // to an empty tuple.
            upgraded_unknown = !src.is_known();
            V::Tuple(vec![src])
        };
        let ty = src.ty();
        if !src.is_known() {
            let (rty, e) = self.splat_type(&ty, each);
            return (V::Unknown(rty), e);
        }
        let items = match src {
            V::Tuple(items) | V::List(_, items) => items,
            _ => Vec::new(),
        };
        let mut vals = Vec::with_capacity(items.len());
        let mut item_err = false;
        for item in items {
            let (v, e) = self.apply((item, false), each);
            item_err |= e;
            vals.push(v);
        }
        if upgraded_unknown {
            return (V::dynamic(), item_err);
        }
        if item_err {
            let (rty, _) = self.splat_type(&ty, each);
            return (V::Unknown(rty), true);
        }
        match ty {
            Type::List(_) => {
                if vals.is_empty() {
                    let (rty, e) = self.splat_type(&ty, each);
                    let ety = match rty {
                        Type::List(e) => *e,
                        _ => Type::Dynamic,
                    };
                    return (V::List(ety, Vec::new()), e);
                }
                let first = vals[0].ty();
                if vals.iter().any(|v| v.ty() != first) {
                    return (V::dynamic(), true);
                }
                (V::List(first, vals), false)
            }
            _ => (V::Tuple(vals), false),
        }
    }

    /// The type a splat would have, from the element types of its source.
    fn splat_type(&mut self, ty: &Type, each: &[Step<'_>]) -> (Type, bool) {
        match ty {
            Type::List(e) | Type::Set(e) => {
                let (v, err) = self.apply((V::Unknown((**e).clone()), false), each);
                (Type::List(Box::new(v.ty())), err)
            }
            Type::Tuple(ts) => {
                let mut err = false;
                let mut out = Vec::with_capacity(ts.len());
                for t in ts {
                    let (v, e) = self.apply((V::Unknown(t.clone()), false), each);
                    err |= e;
                    out.push(v.ty());
                }
                (Type::Tuple(out), err)
            }
            _ => (Type::Dynamic, false),
        }
    }
}
