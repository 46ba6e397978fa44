//! cty's type unification (`convert.UnifyUnsafe`), which a conditional uses to give both of
//! its results one type.

use super::convert::can_convert;
use std::cmp::Ordering;
use tfshow_cty::Type;

/// The type both results of a conditional can be converted to (`convert.UnifyUnsafe`), or
/// `None` when there is none.
pub(crate) fn unify(types: &[Type]) -> Option<Type> {
    if types.is_empty() {
        return None;
    }
    let count = |f: fn(&Type) -> bool| types.iter().filter(|t| f(t)).count();
    let maps = count(|t| matches!(t, Type::Map(_)));
    let lists = count(|t| matches!(t, Type::List(_)));
    let objects = count(|t| matches!(t, Type::Object(..)));
    let tuples = count(|t| matches!(t, Type::Tuple(_)));
    let dynamics = count(|t| *t == Type::Dynamic);
    let n = types.len();
    if maps > 0 && maps + dynamics == n {
        return unify_collections(types, dynamics > 0, |e| Type::Map(Box::new(e)));
    }
    if maps > 0 && maps + objects + dynamics == n {
        if let Some(t @ Type::Map(_)) =
            unify_as(types, |t| matches!(t, Type::Object(..)), objects_to_map)
        {
            return Some(t);
        }
    } else if lists > 0 && lists + dynamics == n {
        return unify_collections(types, dynamics > 0, |e| Type::List(Box::new(e)));
    } else if lists > 0 && lists + tuples + dynamics == n {
        if let Some(t @ Type::List(_)) =
            unify_as(types, |t| matches!(t, Type::Tuple(_)), tuples_to_list)
        {
            return Some(t);
        }
    } else if objects > 0 && objects + dynamics == n {
        return unify_objects(types, dynamics > 0);
    } else if tuples > 0 && tuples + dynamics == n {
        return unify_tuples(types, dynamics > 0);
    } else if objects > 0 && tuples > 0 {
        return None;
    }
    for want in sort_types(types) {
        let target = &types[want];
        if types.iter().all(|t| t == target || can_convert(t, target)) {
            return Some(target.clone());
        }
    }
    None
}

fn unify_collections(types: &[Type], dynamic: bool, make: fn(Type) -> Type) -> Option<Type> {
    if dynamic {
        return Some(Type::Dynamic);
    }
    let elems: Vec<Type> = types
        .iter()
        .filter_map(|t| match t {
            Type::List(e) | Type::Map(e) => Some((**e).clone()),
            _ => None,
        })
        .collect();
    let ret = make(unify(&elems)?);
    types.iter().all(|t| can_convert(t, &ret)).then_some(ret)
}

/// Unifies the types matching `pick` on their own first (objects as a map, tuples as a list),
/// then everything with that result in their place.
fn unify_as(
    types: &[Type],
    pick: fn(&Type) -> bool,
    inner: fn(&[Type]) -> Option<Type>,
) -> Option<Type> {
    let picked: Vec<Type> = types.iter().filter(|t| pick(t)).cloned().collect();
    let ty = inner(&picked)?;
    let replaced: Vec<Type> = types
        .iter()
        .map(|t| if pick(t) { ty.clone() } else { t.clone() })
        .collect();
    unify(&replaced)
}

fn unify_objects(types: &[Type], dynamic: bool) -> Option<Type> {
    if dynamic {
        return Some(Type::Dynamic);
    }
    let attrs: Vec<&Vec<(String, Type)>> = types
        .iter()
        .filter_map(|t| match t {
            Type::Object(a, _) => Some(a),
            _ => None,
        })
        .collect();
    let first = attrs[0];
    let same_names = attrs.iter().all(|a| {
        a.len() == first.len() && a.iter().all(|(n, _)| first.iter().any(|(m, _)| m == n))
    });
    if !same_names {
        return objects_to_map(types);
    }
    let mut out = Vec::with_capacity(first.len());
    for (name, _) in first {
        let across: Vec<Type> = attrs
            .iter()
            .filter_map(|a| a.iter().find(|(n, _)| n == name).map(|(_, t)| t.clone()))
            .collect();
        out.push((name.clone(), unify(&across)?));
    }
    let ret = Type::object(out);
    if types.iter().all(|t| can_convert(t, &ret)) {
        Some(ret)
    } else {
        objects_to_map(types)
    }
}

fn objects_to_map(types: &[Type]) -> Option<Type> {
    let all: Vec<Type> = types
        .iter()
        .flat_map(|t| match t {
            Type::Object(a, _) => a.iter().map(|(_, t)| t.clone()).collect(),
            _ => Vec::new(),
        })
        .collect();
    let ret = Type::Map(Box::new(unify(&all)?));
    types.iter().all(|t| can_convert(t, &ret)).then_some(ret)
}

fn unify_tuples(types: &[Type], dynamic: bool) -> Option<Type> {
    if dynamic {
        return Some(Type::Dynamic);
    }
    let elems: Vec<&Vec<Type>> = types
        .iter()
        .filter_map(|t| match t {
            Type::Tuple(e) => Some(e),
            _ => None,
        })
        .collect();
    let len = elems[0].len();
    if elems.iter().any(|e| e.len() != len) {
        return tuples_to_list(types);
    }
    let mut out = Vec::with_capacity(len);
    for i in 0..len {
        let across: Vec<Type> = elems.iter().map(|e| e[i].clone()).collect();
        out.push(unify(&across)?);
    }
    let ret = Type::Tuple(out);
    if types.iter().all(|t| can_convert(t, &ret)) {
        Some(ret)
    } else {
        tuples_to_list(types)
    }
}

fn tuples_to_list(types: &[Type]) -> Option<Type> {
    let all: Vec<Type> = types
        .iter()
        .flat_map(|t| match t {
            Type::Tuple(e) => e.clone(),
            _ => Vec::new(),
        })
        .collect();
    let ret = Type::List(Box::new(unify(&all)?));
    types.iter().all(|t| can_convert(t, &ret)).then_some(ret)
}

/// cty's `sortTypes`: indices ordered most general first (a topological sort of
/// `compareTypes`), keeping the given order among incomparable types.
fn sort_types(types: &[Type]) -> Vec<usize> {
    let n = types.len();
    let mut edges: Vec<Vec<usize>> = vec![Vec::new(); n];
    for i in 0..n {
        for j in i + 1..n {
            match compare_types(&types[i], &types[j]) {
                Ordering::Less => edges[i].push(j),
                Ordering::Greater => edges[j].push(i),
                Ordering::Equal => {}
            }
        }
    }
    let mut in_degree = vec![0usize; n];
    for outs in &edges {
        for &j in outs {
            in_degree[j] += 1;
        }
    }
    let mut queue: Vec<usize> = (0..n).filter(|&i| in_degree[i] == 0).collect();
    let mut head = 0;
    while head < queue.len() {
        let i = queue[head];
        head += 1;
        for &j in &edges[i] {
            in_degree[j] -= 1;
            if in_degree[j] == 0 {
                queue.push(j);
            }
        }
    }
    queue
}

/// cty's `compareTypes`: `Less` when `a` is more general than `b` (`b` converts to `a`).
fn compare_types(a: &Type, b: &Type) -> Ordering {
    use Ordering::{Equal, Greater, Less};
    match (a, b) {
        (Type::Dynamic, Type::Dynamic) => return Equal,
        (_, Type::Dynamic) => return Less,
        (Type::Dynamic, _) => return Greater,
        _ => {}
    }
    let primitive = |t: &Type| matches!(t, Type::String | Type::Number | Type::Bool);
    if primitive(a) && primitive(b) && (*a == Type::String || *b == Type::String) {
        return match (a, b) {
            (Type::String, Type::String) => Equal,
            (_, Type::String) => Greater,
            _ => Less,
        };
    }
    match (a, b) {
        (Type::List(x), Type::List(y))
        | (Type::Set(x), Type::Set(y))
        | (Type::Map(x), Type::Map(y)) => return compare_types(x, y),
        _ => {}
    }
    let (a, b, swap) = match (a, b) {
        (Type::Tuple(_), Type::List(_))
        | (Type::Object(..), Type::Map(_))
        | (Type::Set(_), Type::Tuple(_))
        | (Type::Set(_), Type::List(_)) => (b, a, true),
        _ => (a, b, false),
    };
    let flip = |o: Ordering| if swap { o.reverse() } else { o };
    match (a, b) {
        (Type::Tuple(_) | Type::List(_), Type::Set(_))
        | (Type::List(_), Type::Tuple(_))
        | (Type::Map(_), Type::Object(..)) => flip(Less),
        (Type::Object(x, _), Type::Object(y, _)) => {
            if x.len() != y.len() {
                return Equal;
            }
            let mut pairs = Vec::with_capacity(x.len());
            for (name, tx) in x {
                match y.iter().find(|(n, _)| n == name) {
                    Some((_, ty)) => pairs.push((tx, ty)),
                    None => return Equal,
                }
            }
            flip(supers(pairs))
        }
        (Type::Tuple(x), Type::Tuple(y)) => {
            if x.len() != y.len() {
                return Equal;
            }
            flip(supers(x.iter().zip(y).collect()))
        }
        _ => Equal,
    }
}

fn supers(pairs: Vec<(&Type, &Type)>) -> Ordering {
    let mut a_super = false;
    let mut b_super = false;
    for (x, y) in pairs {
        match compare_types(x, y) {
            Ordering::Less => a_super = true,
            Ordering::Greater => b_super = true,
            Ordering::Equal => {}
        }
    }
    match (a_super, b_super) {
        (true, false) => Ordering::Less,
        (false, true) => Ordering::Greater,
        _ => Ordering::Equal,
    }
}
