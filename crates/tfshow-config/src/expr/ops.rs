//! Operators (`hclsyntax.BinaryOpExpr` and `UnaryOpExpr` with cty's stdlib functions).

use super::convert::{conforms, convert};
use super::float::Float;
use super::value::V;
use hcl_edit::expr::{BinaryOperator, UnaryOperator};
use std::cmp::Ordering;
use tfshow_cty::set::compare_numbers;
use tfshow_cty::{Number, Type};

type Ev = (V, bool);

/// The result type of an operator.
fn result_type(op: BinaryOperator) -> Type {
    use BinaryOperator::*;
    match op {
        Plus | Minus | Mul | Div | Mod => Type::Number,
        _ => Type::Bool,
    }
}

/// The type operands are converted to (`dynamic` for `==` and `!=`).
fn param_type(op: BinaryOperator) -> Type {
    use BinaryOperator::*;
    match op {
        Eq | NotEq => Type::Dynamic,
        And | Or => Type::Bool,
        _ => Type::Number,
    }
}

/// A binary operation on evaluated operands (value and whether it had errors).
pub(crate) fn binary(op: BinaryOperator, lhs: Ev, rhs: Ev) -> Ev {
    let ret = result_type(op);
    let param = param_type(op);
    let (l, r) = match (convert(lhs.0, &param), convert(rhs.0, &param)) {
        (Some(l), Some(r)) => (l, r),
        _ => return (V::Unknown(ret), true),
    };
    let (lerr, rerr) = (lhs.1, rhs.1);
    if let Some(forced) = short_circuit(op, &l, &r, lerr, rerr) {
        return forced;
    }
    if lerr || rerr {
        return (V::Unknown(ret), true);
    }
    match call(op, l, r) {
        Some(v) => (v, false),
        None => (V::Unknown(ret), true),
    }
}

fn truthy(v: &V) -> bool {
    matches!(v, V::Bool(true))
}

/// `&&` and `||` decide from one known side (a null counts as false, as cty's `True()` does).
fn short_circuit(op: BinaryOperator, l: &V, r: &V, lerr: bool, rerr: bool) -> Option<Ev> {
    let unknown = |err: bool| Some((V::Unknown(Type::Bool), err));
    let (lk, rk) = (l.is_known(), r.is_known());
    let control = match op {
        BinaryOperator::Or => true,
        BinaryOperator::And => false,
        _ => return None,
    };
    if !lk && !rk {
        return if lerr { None } else { unknown(false) };
    }
    if lk && truthy(l) == control {
        return Some((V::Bool(control), lerr));
    }
    if rk && truthy(r) == control {
        return Some((V::Bool(control), rerr));
    }
    if !lk {
        return unknown(lerr);
    }
    if !rk {
        return unknown(rerr);
    }
    None
}

/// The stdlib function behind an operator; `None` for an error. Unknown operands give an
/// unknown result (except for equality, which has its own rules).
fn call(op: BinaryOperator, l: V, r: V) -> Option<V> {
    use BinaryOperator::*;
    match op {
        Eq => return Some(equals(&l, &r)),
        NotEq => {
            return Some(match equals(&l, &r) {
                V::Bool(b) => V::Bool(!b),
                v => v,
            })
        }
        _ => {}
    }
    if l.is_null() || r.is_null() {
        return None;
    }
    if !l.is_known() || !r.is_known() {
        return Some(V::Unknown(result_type(op)));
    }
    match (op, l, r) {
        (And, V::Bool(a), V::Bool(b)) => Some(V::Bool(a && b)),
        (Or, V::Bool(a), V::Bool(b)) => Some(V::Bool(a || b)),
        (Less | LessEq | Greater | GreaterEq, V::Num(a), V::Num(b)) => {
            let o = compare_numbers(&a, &b);
            Some(V::Bool(match op {
                Less => o == Ordering::Less,
                LessEq => o != Ordering::Greater,
                Greater => o == Ordering::Greater,
                _ => o != Ordering::Less,
            }))
        }
        (Plus | Minus | Mul | Div | Mod, V::Num(a), V::Num(b)) => {
            arithmetic(op, &a, &b).map(V::Num)
        }
        _ => None,
    }
}

fn arithmetic(op: BinaryOperator, a: &Number, b: &Number) -> Option<Number> {
    let (x, y) = (Float::parse(&a.as_text())?, Float::parse(&b.as_text())?);
    let r = match op {
        BinaryOperator::Plus => x.add(&y)?,
        BinaryOperator::Minus => x.sub(&y)?,
        BinaryOperator::Mul => x.mul(&y)?,
        BinaryOperator::Div => x.quo(&y)?,
        _ => {
            // cty's Modulo: x - y × trunc(x / y), each step rounded; `x % 0` is `x`.
            if y.is_zero() {
                return Some(a.clone());
            }
            let t = x.quo(&y)?.trunc();
            x.sub(&y.mul(&t)?)?
        }
    };
    r.to_number()
}

/// A unary operation on an evaluated operand.
pub(crate) fn unary(op: UnaryOperator, operand: Ev) -> Ev {
    let ret = match op {
        UnaryOperator::Neg => Type::Number,
        UnaryOperator::Not => Type::Bool,
    };
    let Some(v) = convert(operand.0, &ret) else {
        return (V::Unknown(ret), true);
    };
    if operand.1 {
        return (V::Unknown(ret), true);
    }
    match v {
        V::Null(_) => (V::Unknown(ret), true),
        V::Unknown(_) => (V::Unknown(ret), false),
        V::Bool(b) => (V::Bool(!b), false),
        V::Num(n) => (V::Num(negate(&n)), false),
        _ => (V::Unknown(ret), true),
    }
}

/// `-n`, exactly (zero stays zero: see the module documentation on negative zero).
pub(crate) fn negate(n: &Number) -> Number {
    let t = n.as_text();
    let flipped = match t.strip_prefix('-') {
        Some(pos) => pos.to_owned(),
        None => format!("-{t}"),
    };
    Number::parse(&flipped).unwrap_or_else(|_| n.clone())
}

/// cty's `Value.Equals`.
pub(crate) fn equals(a: &V, b: &V) -> V {
    let unknown = V::Unknown(Type::Bool);
    // A null is unequal to anything known to be non-null.
    if (a.is_null() && b.is_known() && !b.is_null())
        || (b.is_null() && a.is_known() && !a.is_null())
    {
        return V::Bool(false);
    }
    match (a.is_known(), b.is_known()) {
        (false, false) => return unknown,
        (true, false) | (false, true) => {
            let (k, u) = if a.is_known() { (a, b) } else { (b, a) };
            let uty = u.ty();
            if k.is_null() || uty.has_dynamic() || k.ty() == uty {
                return unknown;
            }
            return V::Bool(false);
        }
        _ => {}
    }
    match (a.is_null(), b.is_null()) {
        (true, true) => return V::Bool(true),
        (true, false) | (false, true) => return V::Bool(false),
        _ => {}
    }
    let (at, bt) = (a.ty(), b.ty());
    if at.has_dynamic() || bt.has_dynamic() {
        if !conforms(&at, &bt) && !conforms(&bt, &at) {
            return V::Bool(false);
        }
        return unknown;
    }
    if at != bt {
        return V::Bool(false);
    }
    match (a, b) {
        (V::Num(x), V::Num(y)) => V::Bool(x == y),
        (V::Bool(x), V::Bool(y)) => V::Bool(x == y),
        (V::Str(x), V::Str(y)) => V::Bool(x == y),
        (V::Tuple(x), V::Tuple(y)) | (V::List(_, x), V::List(_, y)) => {
            if x.len() != y.len() {
                return V::Bool(false);
            }
            all_equal(x.iter().zip(y))
        }
        (V::Object(x), V::Object(y)) | (V::Map(_, x), V::Map(_, y)) => {
            if x.len() != y.len() || x.iter().zip(y).any(|((k, _), (l, _))| k != l) {
                return V::Bool(false);
            }
            all_equal(x.iter().map(|(_, v)| v).zip(y.iter().map(|(_, v)| v)))
        }
        _ => V::Bool(false),
    }
}

fn all_equal<'a>(pairs: impl Iterator<Item = (&'a V, &'a V)>) -> V {
    for (x, y) in pairs {
        match equals(x, y) {
            V::Bool(true) => {}
            V::Bool(false) => return V::Bool(false),
            _ => return V::Unknown(Type::Bool),
        }
    }
    V::Bool(true)
}
