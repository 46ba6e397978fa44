//! `constant_value` for each kind of expression.

use super::{cv, val};

#[test]
fn literals() {
    // Oracle: outputs (created_null, created_bool, created_string, created_number).
    assert_eq!(val("null"), "null");
    assert_eq!(val("false"), "false");
    assert_eq!(val("\"hello\""), "\"hello\"");
    assert_eq!(val("0.1"), "0.1");
    // Oracle: create_basic (big), update_in_place (big, obj.b), strings_numbers (outputs,
    // list_num): numbers keep their exact decimal value.
    assert_eq!(
        val("123456789012345678901234567890"),
        "123456789012345678901234567890"
    );
    assert_eq!(val("18446744073709551616"), "18446744073709551616");
    assert_eq!(val("1.0000000001"), "1.0000000001");
    assert_eq!(val("-1.25"), "-1.25");
    assert_eq!(val("1e-20"), "0.00000000000000000001");
    assert_eq!(val("3.0"), "3");
    assert_eq!(val("2.5e-10"), "0.00000000025");
    assert_eq!(val("1e21"), "1000000000000000000000");
    assert_eq!(val("9007199254740993"), "9007199254740993");
}

#[test]
fn tuples_and_objects() {
    // Oracle: create_basic (set_str keeps source order, tags keys sorted, nested_obj).
    assert_eq!(val("[\"z\", \"y\", \"x\"]"), r#"["z","y","x"]"#);
    assert_eq!(
        val(r#"{ env = "test", "with.dot" = "x", "quote\"key" = "y" }"#),
        r#"{"env":"test","quote\"key":"y","with.dot":"x"}"#
    );
    assert_eq!(
        val("{ inner = { x = \"inner-x\", y = { one = 1, two = 2 } }, items = [{ k = \"k1\", v = 1 }] }"),
        r#"{"inner":{"x":"inner-x","y":{"one":1,"two":2}},"items":[{"k":"k1","v":1}]}"#
    );
    // Oracle: strings_numbers (tuple_out).
    assert_eq!(
        val("[1, \"x\", null, { a = [] }]"),
        r#"[1,"x",null,{"a":[]}]"#
    );
}

#[test]
fn object_keys() {
    // HCL (ObjectConsKeyExpr): a bare name, also `null`, `true` and `false`, is the key
    // itself; other keys are evaluated and converted to strings; a parenthesized key is
    // always evaluated; a later key replaces an earlier equal one.
    assert_eq!(val("{ null = 1, true = 2 }"), r#"{"null":1,"true":2}"#);
    assert_eq!(
        val("{ 1 = \"a\", (1 + 1) = \"b\" }"),
        r#"{"1":"a","2":"b"}"#
    );
    assert_eq!(val("{ a = 1, \"a\" = 2 }"), r#"{"a":2}"#);
    assert_eq!(cv("{ (null) = 1 }"), None, "null key");
    assert_eq!(cv("{ ([1]) = 1 }"), None, "key not a string");
    // A bare multi-step traversal is "Ambiguous attribute key".
    assert_eq!(cv("{ a.b = 1 }"), None);
    assert_eq!(cv("{ for x in [[1]]: x => { x[0] = 1 } }"), None);
}

#[test]
fn references_and_functions_are_unknown() {
    // Oracle: outputs (created_map `tomap(…)`, created_object with `toset(…)`,
    // created_partially_unknown, known_to_unknown).
    assert_eq!(cv("tomap({ a = 1, b = 2 })"), None);
    assert_eq!(
        cv("{ name = \"obj\", nested = { set = toset([\"x\"]) } }"),
        None
    );
    assert_eq!(
        cv("{ known = \"k\", unknown = oracle_thing.t.computed_num }"),
        None
    );
    assert_eq!(cv("oracle_thing.t.computed_str"), None);
    assert_eq!(cv("count.index"), None);
    assert_eq!(cv("each.value"), None);
}

#[test]
fn unary_operators() {
    // HCL (UnaryOpExpr): operands are converted to number or bool first.
    assert_eq!(val("-5"), "-5");
    assert_eq!(val("- 5"), "-5");
    assert_eq!(val("-(2 + 3)"), "-5");
    assert_eq!(val("-\"5\""), "-5");
    assert_eq!(val("!true"), "false");
    assert_eq!(val("!\"false\""), "true");
    assert_eq!(cv("!null"), None);
    assert_eq!(cv("-\"x\""), None);
    assert_eq!(cv("-var.x"), None);
}

#[test]
fn comparisons_and_equality() {
    // cty: comparisons convert to numbers; equality needs equal types, nulls of any type are
    // equal, and a value whose type contains `dynamic` (a tuple holding the `null` literal)
    // compares as unknown.
    assert_eq!(val("1 < 2"), "true");
    assert_eq!(val("2 >= 2"), "true");
    assert_eq!(val("\"10\" > 9"), "true");
    assert_eq!(val("1 == 1"), "true");
    assert_eq!(val("1 == \"1\""), "false");
    assert_eq!(val("1 != 2"), "true");
    assert_eq!(val("[1, \"a\"] == [1, \"a\"]"), "true");
    assert_eq!(val("{ a = 1 } == { a = 2 }"), "false");
    assert_eq!(val("null == null"), "true");
    assert_eq!(val("1 == null"), "false");
    assert_eq!(cv("[null] == [null]"), None);
    assert_eq!(cv("1 == var.x"), None);
    assert_eq!(cv("null < 1"), None);
}

#[test]
fn logical_operators_short_circuit() {
    // HCL (OpLogicalOr / OpLogicalAnd ShortCircuit): one known side can decide, even when
    // the other side is a reference; a null counts as false there (cty's `True()`).
    assert_eq!(val("true && false"), "false");
    assert_eq!(val("true || var.x"), "true");
    assert_eq!(val("var.x || true"), "true");
    assert_eq!(val("false && var.x"), "false");
    assert_eq!(val("null && true"), "false");
    assert_eq!(cv("var.x && true"), None);
    assert_eq!(cv("var.x || var.y"), None);
    // No short cut: the null reaches the `or` function, which refuses it.
    assert_eq!(cv("null || false"), None);
}

#[test]
fn errors_in_operands() {
    // HCL: an index into a tuple with an unknown element is the element (with the error
    // kept); an operator with a failed operand is unknown; a conditional keeps only the
    // chosen branch.
    assert_eq!(val("[1, var.x][0]"), "1");
    assert_eq!(cv("[1, var.x][0] + 1"), None);
    assert_eq!(val("true ? [1, var.x][0] : 2"), "1");
    assert_eq!(cv("1 + true"), None);
}

#[test]
fn conditionals() {
    // HCL (ConditionalExpr): both results are evaluated and unified (cty UnifyUnsafe); a
    // result that is unknown only decides the type; a `null` literal takes the other type.
    assert_eq!(val("true ? 1 : \"a\""), "\"1\"");
    assert_eq!(val("false ? 1 : \"a\""), "\"a\"");
    assert_eq!(val("true ? 1 : var.x"), "1");
    assert_eq!(val("false ? var.x : \"b\""), "\"b\"");
    assert_eq!(val("true ? null : 1"), "null");
    assert_eq!(val("\"true\" ? 1 : 2"), "1");
    assert_eq!(val("true ? [1] : [1, 2]"), "[1]");
    assert_eq!(val("true ? [1, \"a\"] : []"), r#"["1","a"]"#);
    assert_eq!(val("true ? { a = 1 } : { b = \"x\" }"), r#"{"a":"1"}"#);
    assert_eq!(val("true ? { a = 1 } : { a = \"x\" }"), r#"{"a":"1"}"#);
    assert_eq!(cv("true ? 1 : false"), None, "number and bool do not unify");
    assert_eq!(cv("true ? [1] : { a = 1 }"), None);
    assert_eq!(cv("var.c ? 1 : 2"), None);
    assert_eq!(cv("null ? 1 : 2"), None);
    assert_eq!(cv("1 ? 1 : 2"), None);
    // Oracle: unknowns_nested (list_num = … == null ? [] : [1]).
    assert_eq!(
        cv("oracle_thing.src.computed_list == null ? [] : [1]"),
        None
    );
}

#[test]
fn for_expressions() {
    // HCL (ForExpr): tuples and objects, `if`, grouping with `...`; objects and maps are
    // iterated in key order.
    assert_eq!(val("[for x in [1, 2, 3]: x * 2 if x > 1]"), "[4,6]");
    assert_eq!(val("[for i, v in [\"x\", \"y\"]: i]"), "[0,1]");
    assert_eq!(val("[for k, v in { b = 2, a = 1 }: k]"), r#"["a","b"]"#);
    assert_eq!(
        val("{for k, v in { a = 1, b = 2 }: v => k}"),
        r#"{"1":"a","2":"b"}"#
    );
    assert_eq!(
        val("{for x in [\"a\", \"b\", \"a\"]: x => x...}"),
        r#"{"a":["a","a"],"b":["b"]}"#
    );
    assert_eq!(val("[for x in [1, null]: x if x != null]"), "[1]");
    assert_eq!(val("[for x in []: x]"), "[]");
    // A duplicate key is an error, but the object (with the first value) is still known.
    assert_eq!(val("{for x in [\"a\", \"a\"]: x => 1}"), r#"{"a":1}"#);
    assert_eq!(cv("[for x in [1, 2]: x if x > var.y]"), None);
    assert_eq!(cv("[for x in [1, 2]: var.x]"), None);
    assert_eq!(cv("[for x in null: x]"), None);
    assert_eq!(cv("[for x in 1: x]"), None);
    assert_eq!(cv("[for x in [1]: x if null]"), None);
    // Oracle: unknowns_nested (map_num = { for k in oracle_thing.src.computed_list : k => 1 }).
    assert_eq!(
        cv("{ for k in oracle_thing.src.computed_list : k => 1 }"),
        None
    );
}

#[test]
fn splats() {
    // HCL (SplatExpr): `[*]` applies every following step to each element, `.*` only the
    // attribute steps right after it; a non-sequence becomes a one-element tuple and null an
    // empty one; an element that fails makes the whole result unknown.
    assert_eq!(val("[{ a = 1 }, { a = 2 }][*].a"), "[1,2]");
    assert_eq!(val("[{ a = 1 }, { a = 2 }].*.a"), "[1,2]");
    assert_eq!(val("{ a = 1 }[*].a"), "[1]");
    assert_eq!(val("null[*]"), "[]");
    assert_eq!(val("[{ a = [1, 2] }][*].a[0]"), "[1]");
    assert_eq!(val("[{ a = [1, 2] }].*.a[0]"), "[1,2]");
    assert_eq!(val("[[1, 2], [3]][*][0]"), "[1,3]");
    assert_eq!(cv("[{ a = 1 }, { b = 2 }][*].a"), None);
    // Oracle: count_for_each (counted_ids = oracle_thing.counted[*].id).
    assert_eq!(cv("oracle_thing.counted[*].id"), None);
}

#[test]
fn index_and_attribute_access() {
    // hcl.Index / hcl.GetAttr: keys are converted to the collection's key type.
    assert_eq!(val("[1, 2, 3][0]"), "1");
    assert_eq!(val("[1, 2, 3][\"1\"]"), "2");
    assert_eq!(val("[1, 2].1"), "2");
    assert_eq!(val("{ a = 1 }.a"), "1");
    assert_eq!(val("{ a = 1 }[\"a\"]"), "1");
    assert_eq!(val("{ a = [{ b = \"c\" }] }.a[0].b"), "\"c\"");
    assert_eq!(val("(true ? { a = 1 } : { b = 2 }).a"), "1");
    assert_eq!(cv("[1, 2, 3][3]"), None);
    assert_eq!(cv("[1, 2, 3][1.5]"), None);
    assert_eq!(cv("[1, 2, 3][-1]"), None);
    assert_eq!(cv("{ a = 1 }.b"), None);
    assert_eq!(cv("\"abc\".x"), None);
    assert_eq!(cv("null.x"), None);
    assert_eq!(cv("[1][null]"), None);
    assert_eq!(cv("[1][var.i]"), None);
}

#[test]
fn parentheses() {
    assert_eq!(val("(1 + 2) * 3"), "9");
    assert_eq!(val("1 + 2 * 3"), "7");
    assert_eq!(val("((\"a\"))"), "\"a\"");
}

#[test]
fn limits_make_values_unknown() {
    use hcl_edit::expr::{Expression, Parenthesis};
    let mut e = Expression::from(1u64);
    for _ in 0..300 {
        e = Expression::Parenthesis(Box::new(Parenthesis::new(e)));
    }
    assert_eq!(crate::expr::constant_value(&e), None, "too deep");
    let big = format!("[{}]", vec!["0"; 100].join(","));
    let src = format!("[for a in {big}: [for b in {big}: [for c in {big}: c]]]");
    assert_eq!(cv(&src), None, "too much work");
}

#[test]
fn long_traversals_stay_within_limits() {
    use crate::expr::{constant_value, references};
    use hcl_edit::expr::{Expression, Splat, Traversal, TraversalOperator};
    use hcl_edit::{Decorated, Ident};
    let chain = |op: fn() -> TraversalOperator| {
        let ops = (0..100_000).map(|_| Decorated::new(op())).collect();
        let root = Expression::Variable(Decorated::new(Ident::new_unchecked("var")));
        Expression::Traversal(Box::new(Traversal::new(root, ops)))
    };
    let splats = chain(|| TraversalOperator::FullSplat(Decorated::new(Splat)));
    assert_eq!(constant_value(&splats), None);
    assert_eq!(references(&splats), vec!["var.".to_string()]);
    let attr_splats = chain(|| TraversalOperator::AttrSplat(Decorated::new(Splat)));
    assert_eq!(constant_value(&attr_splats), None);
    let attrs = chain(|| TraversalOperator::GetAttr(Decorated::new(Ident::new_unchecked("a"))));
    assert_eq!(constant_value(&attrs), None);
    let refs = references(&attrs);
    assert!(
        refs.len() < 100_000 && refs[0].starts_with("var.a.a.a"),
        "{}",
        refs.len()
    );
}
