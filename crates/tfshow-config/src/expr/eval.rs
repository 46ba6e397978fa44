//! HCL's `Expression.Value` over hcl-edit's syntax tree, with no variables and no functions
//! (`expr.Value(nil)`), plus the local scopes `for` expressions create.
//!
//! Every evaluation returns the value and whether HCL would have reported an error: some
//! expressions decide their value from that (an operator with a failed operand is unknown),
//! others pass a known value through with errors (`[1, var.x][0]` is `1`).

use super::access::{get_attr, index};
use super::chain::{self, Key, NumberLiteral, Step};
use super::convert::convert;
use super::float::Float;
use super::forexpr::{ForBody, ForSpec};
use super::ops;
use super::unify::unify;
use super::value::V;
use hcl_edit::expr::{Expression, ObjectKey};
use tfshow_cty::{Number, Type};

/// A value and whether evaluating it reported an error.
pub(crate) type Ev = (V, bool);

/// Expressions nest at most this deep; deeper ones evaluate to unknown.
pub(crate) const MAX_DEPTH: u32 = 256;

/// Work units one evaluation may spend (nodes visited, values copied, text written).
const BUDGET: u64 = 1_000_000;

/// Evaluation state.
pub(crate) struct Evaluator<'s> {
    /// The source text the expression was parsed from, when known (for `<<-` heredocs).
    pub(crate) src: Option<&'s str>,
    budget: u64,
    /// Set when the depth or work limit was hit: the result cannot be trusted.
    pub(crate) exhausted: bool,
    depth: u32,
    /// Variables of enclosing `for` expressions, innermost last.
    pub(super) scopes: Vec<(String, V)>,
}

impl<'s> Evaluator<'s> {
    pub(crate) fn new(src: Option<&'s str>) -> Self {
        Evaluator {
            src,
            budget: BUDGET,
            exhausted: false,
            depth: 0,
            scopes: Vec::new(),
        }
    }

    /// Charges `units` of work; false (and exhausted) when the budget is spent.
    pub(crate) fn spend(&mut self, units: u64) -> bool {
        if self.budget < units {
            self.budget = 0;
            self.exhausted = true;
            return false;
        }
        self.budget -= units;
        true
    }

    pub(crate) fn eval(&mut self, e: &Expression) -> Ev {
        if !self.spend(1) {
            return (V::dynamic(), true);
        }
        self.nested(|ev| ev.eval_inner(e))
    }

    /// Runs `f` one level deeper; past [`MAX_DEPTH`] the result is unknown (and the whole
    /// evaluation marked exhausted).
    pub(crate) fn nested(&mut self, f: impl FnOnce(&mut Self) -> Ev) -> Ev {
        if self.exhausted || self.depth >= MAX_DEPTH {
            self.exhausted = true;
            return (V::dynamic(), true);
        }
        self.depth += 1;
        let r = f(self);
        self.depth -= 1;
        r
    }

    fn eval_inner(&mut self, e: &Expression) -> Ev {
        match e {
            Expression::Null(_) => (V::Null(Type::Dynamic), false),
            Expression::Bool(b) => (V::Bool(*b.value()), false),
            Expression::Number(n) => match chain::number_literal(n) {
                NumberLiteral::Positive(Some(n)) | NumberLiteral::Negative(Some(n))
                    if !self.spend(number_cost(&V::Num(n.clone()))) =>
                {
                    (V::dynamic(), true)
                }
                NumberLiteral::Positive(Some(n)) => (V::Num(canonical(n)), false),
                NumberLiteral::Negative(Some(n)) => (V::Num(ops::negate(&canonical(n))), false),
                _ => (V::Unknown(Type::Number), true),
            },
            Expression::String(s) => (V::Str(tfshow_cty::nfc(s.value().clone())), false),
            Expression::Array(items) => {
                let mut err = false;
                let mut vals = Vec::with_capacity(items.len());
                for item in items.iter() {
                    let (v, e) = self.eval(item);
                    err |= e;
                    vals.push(v);
                }
                (V::Tuple(vals), err)
            }
            Expression::Object(obj) => self.object(obj),
            Expression::StringTemplate(t) => super::template::eval_quoted(self, t),
            Expression::HeredocTemplate(h) => super::template::eval_heredoc(self, h),
            Expression::Parenthesis(p) => self.eval(p.inner()),
            Expression::Variable(name) => self.lookup(name.value().as_str()),
            Expression::Conditional(c) => {
                let t = self.eval(&c.true_expr);
                let f = self.eval(&c.false_expr);
                self.conditional(&c.cond_expr, t, f)
            }
            Expression::FuncCall(_) => (V::dynamic(), true),
            Expression::Traversal(t) => {
                let chain = chain::split(t);
                if !chain.complete {
                    self.exhausted = true;
                    return (V::dynamic(), true);
                }
                let start = match chain.root {
                    Expression::Variable(name) => self.lookup(name.value().as_str()),
                    other => self.eval(other),
                };
                self.apply(start, &chain.steps)
            }
            Expression::UnaryOp(op) => {
                let v = self.eval(&op.expr);
                ops::unary(*op.operator.value(), v)
            }
            Expression::BinaryOp(op) => {
                let l = self.eval(&op.lhs_expr);
                let r = self.eval(&op.rhs_expr);
                if !self.spend(number_cost(&l.0) + number_cost(&r.0)) {
                    return (V::dynamic(), true);
                }
                ops::binary(*op.operator.value(), l, r)
            }
            Expression::ForExpr(f) => {
                let spec = ForSpec {
                    key_var: f.intro.key_var.as_ref().map(|k| k.value().as_str()),
                    val_var: f.intro.value_var.value().as_str(),
                    coll: &f.intro.collection_expr,
                    key: f.key_expr.as_ref(),
                    value: ForBody::Expr(&f.value_expr),
                    cond: f.cond.as_ref().map(|c| &c.expr),
                    group: f.grouping,
                };
                self.for_expr(&spec)
            }
        }
    }

    /// A root variable: an enclosing `for` variable, or an error (there are no others).
    fn lookup(&mut self, name: &str) -> Ev {
        let found = self
            .scopes
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v);
        match found {
            Some(v) => {
                let (v, w) = (v.clone(), v.weight());
                if !self.spend(w) {
                    return (V::dynamic(), true);
                }
                (v, false)
            }
            None => (V::dynamic(), true),
        }
    }

    /// Applies traversal steps to a value.
    pub(super) fn apply(&mut self, start: Ev, steps: &[Step<'_>]) -> Ev {
        let (mut v, mut err) = start;
        for step in steps {
            match step {
                Step::Attr(name) => {
                    let (nv, e) = get_attr(v, name);
                    v = nv;
                    err |= e;
                }
                Step::Key(k) => {
                    let (nv, e) = index(v, &key_value(k));
                    v = nv;
                    err |= e;
                }
                Step::Index(key) => {
                    let (k, ke) = self.eval(key);
                    let (nv, e) = index(v, &k);
                    v = nv;
                    err |= ke | e;
                }
                Step::Splat(each) => (v, err) = self.splat((v, err), each),
            }
        }
        (v, err)
    }

    /// `{ key = value, … }` (`hclsyntax.ObjectConsExpr`).
    fn object(&mut self, obj: &hcl_edit::expr::Object) -> Ev {
        let mut err = false;
        let mut known = true;
        let mut attrs = Vec::new();
        for (k, v) in obj.iter() {
            let (key, kerr) = match k {
                ObjectKey::Ident(id) => (V::Str(tfshow_cty::nfc(id.value().to_string())), false),
                ObjectKey::Expression(e) => self.object_key(e),
            };
            let (val, verr) = self.eval(v.expr());
            err |= kerr | verr;
            if kerr {
                known = false;
                continue;
            }
            if key.is_null() {
                err = true;
                known = false;
                continue;
            }
            match convert(key, &Type::String) {
                Some(V::Str(s)) => attrs.push((s, val)),
                Some(_) => known = false,
                None => {
                    err = true;
                    known = false;
                }
            }
        }
        if !known {
            return (V::dynamic(), err);
        }
        (V::object(attrs), err)
    }

    /// An object key: a bare name (also `null`, `true`, `false`) is the name itself; a bare
    /// multi-step traversal is an error ("Ambiguous attribute key"); anything else is
    /// evaluated.
    fn object_key(&mut self, e: &Expression) -> Ev {
        match e {
            Expression::Variable(v) => (V::Str(v.value().to_string()), false),
            Expression::Null(_) => (V::Str("null".into()), false),
            Expression::Bool(b) => (V::Str(b.value().to_string()), false),
            Expression::Traversal(t) => {
                let chain = chain::split(t);
                if matches!(chain.root, Expression::Variable(_))
                    && chain.steps.iter().all(Step::is_traversal_step)
                {
                    return (V::dynamic(), true);
                }
                self.eval(e)
            }
            _ => self.eval(e),
        }
    }

    /// `cond ? t : f` given the evaluated results (`hclsyntax.ConditionalExpr`).
    pub(crate) fn conditional(&mut self, cond: &Expression, t: Ev, f: Ev) -> Ev {
        let (tv, terr) = t;
        let (fv, ferr) = f;
        let (tty, fty) = (tv.ty(), fv.ty());
        let result_ty = if tv.is_dynamic_null() {
            fty
        } else if fv.is_dynamic_null() {
            tty
        } else if tty == Type::Dynamic || fty == Type::Dynamic {
            Type::Dynamic
        } else {
            match unify(&[tty, fty]) {
                Some(t) => t,
                None => return (V::dynamic(), true),
            }
        };
        let (c, cerr) = self.eval(cond);
        if c.is_null() {
            return (V::Unknown(result_ty), true);
        }
        if !c.is_known() {
            if tv.is_null() && fv.is_null() {
                return (V::Null(result_ty), cerr);
            }
            return (V::Unknown(result_ty), cerr);
        }
        let (chosen, chosen_err) = match convert(c, &Type::Bool) {
            Some(V::Bool(true)) => (tv, terr),
            Some(V::Bool(false)) => (fv, ferr),
            Some(_) => return (V::Unknown(result_ty), cerr),
            None => return (V::Unknown(result_ty), true),
        };
        match convert(chosen, &result_ty) {
            Some(v) => (v, cerr | chosen_err),
            None => (V::Unknown(result_ty), true),
        }
    }
}

/// A literal key's value.
fn key_value(k: &Key) -> V {
    match k {
        Key::Str(s) => V::Str(s.clone()),
        Key::Num(n) => V::Num(canonical(n.clone())),
        Key::Bool(b) => V::Bool(*b),
        Key::Null => V::Null(Type::Dynamic),
        Key::Invalid => V::Unknown(Type::Number),
    }
}

/// The work of big-number arithmetic on a number (or a string read as one): quadratic in
/// the length of its decimal text, negligible for everyday numbers.
fn number_cost(v: &V) -> u64 {
    let len = match v {
        V::Num(n) => n.as_text().len(),
        V::Str(s) => s.len(),
        _ => 0,
    } as u64;
    len * len / 1024
}

/// A number literal as cty reads it: literals of up to 100 significant digits (and modest
/// exponents) are exactly the shortest text of their 512-bit float; longer ones are rounded.
fn canonical(n: Number) -> Number {
    let text = n.as_text();
    let digits = text.bytes().filter(u8::is_ascii_digit).count();
    if digits <= 100 {
        return n;
    }
    Float::parse(&text).and_then(|f| f.to_number()).unwrap_or(n)
}
