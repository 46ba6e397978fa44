//! `references`: walk order, reference parsing and rendering.

use super::refs;

fn v(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

#[test]
fn resources_and_data() {
    // Oracle: create_basic (thing_id), data_sources (known_result), destroy_plan (out),
    // remote_state (tags).
    assert_eq!(
        refs("oracle_thing.all_types.id"),
        v(&["oracle_thing.all_types.id", "oracle_thing.all_types"])
    );
    assert_eq!(
        refs("data.oracle_echo.known.result"),
        v(&["data.oracle_echo.known.result", "data.oracle_echo.known"])
    );
    assert_eq!(
        refs("oracle_thing.t[0].id"),
        v(&[
            "oracle_thing.t[0].id",
            "oracle_thing.t[0]",
            "oracle_thing.t"
        ])
    );
    assert_eq!(
        refs("data.terraform_remote_state.net.outputs.config.tags"),
        v(&[
            "data.terraform_remote_state.net.outputs.config.tags",
            "data.terraform_remote_state.net.outputs.config",
            "data.terraform_remote_state.net.outputs",
            "data.terraform_remote_state.net",
        ])
    );
    // The brief's example, from Terraform's own tests of jsonconfig.
    assert_eq!(
        refs("data.t.foo[1].vars[\"baz\"]"),
        v(&[
            "data.t.foo[1].vars[\"baz\"]",
            "data.t.foo[1].vars",
            "data.t.foo[1]",
            "data.t.foo"
        ])
    );
    // addrs.ParseRef: `resource.` is an escape for managed resources; `ephemeral.`, `list.`
    // and `action.` are their own kinds (Terraform 1.10, 1.14).
    assert_eq!(
        refs("resource.aws_instance.a.id"),
        v(&["aws_instance.a.id", "aws_instance.a"])
    );
    assert_eq!(
        refs("ephemeral.random_password.p.result"),
        v(&[
            "ephemeral.random_password.p.result",
            "ephemeral.random_password.p"
        ])
    );
    assert_eq!(refs("list.aws_instance.all"), v(&["list.aws_instance.all"]));
    assert_eq!(refs("action.a.b[0]"), v(&["action.a.b[0]", "action.a.b"]));
}

#[test]
fn variables_and_named_values() {
    // Oracle: count_for_each (each.key, each.value.id, count.index), variables (obj),
    // provisioners (self.id), remote_state (path.module), ephemeral_values (module outputs).
    assert_eq!(refs("each.key"), v(&["each.key"]));
    assert_eq!(refs("each.value.id"), v(&["each.value.id", "each.value"]));
    assert_eq!(refs("count.index"), v(&["count.index"]));
    assert_eq!(
        refs("var.obj.inner.enabled"),
        v(&["var.obj.inner.enabled", "var.obj.inner", "var.obj"])
    );
    assert_eq!(refs("self.id"), v(&["self.id", "self"]));
    assert_eq!(
        refs("\"${path.module}/files/remote.tfstate\""),
        v(&["path.module"])
    );
    assert_eq!(refs("local.derived"), v(&["local.derived"]));
    assert_eq!(refs("terraform.workspace"), v(&["terraform.workspace"]));
    assert_eq!(
        refs("module.child.plain_len"),
        v(&["module.child.plain_len", "module.child"])
    );
}

#[test]
fn module_calls() {
    // jsonconfig: a keyed call adds the call without its key; an output adds its call
    // (instance, key included).
    assert_eq!(refs("module.foo"), v(&["module.foo"]));
    assert_eq!(refs("module.foo[0]"), v(&["module.foo[0]", "module.foo"]));
    assert_eq!(
        refs("module.foo[\"k\"].bar.baz"),
        v(&[
            "module.foo[\"k\"].bar.baz",
            "module.foo[\"k\"].bar",
            "module.foo[\"k\"]"
        ])
    );
    assert!(refs("module.foo[0][1]").is_empty());
}

#[test]
fn walk_order_and_duplicates() {
    // Oracle: outputs (created_partially_unknown, object items in source order),
    // ephemeral_values (tags: function arguments), unknowns_nested (nested_obj).
    assert_eq!(
        refs("{ known = \"k\", unknown = oracle_thing.t.computed_num, list = [oracle_thing.t.computed_str, \"literal\"] }"),
        v(&["oracle_thing.t.computed_num", "oracle_thing.t", "oracle_thing.t.computed_str", "oracle_thing.t"])
    );
    assert_eq!(
        refs("{ plain = var.plain, child_len = tostring(module.child.plain_len), nulled_output = coalesce(ephemeralasnull(module.child.eph_out), \"was-ephemeral\") }"),
        v(&["var.plain", "module.child.plain_len", "module.child", "module.child.eph_out", "module.child"])
    );
    // HCL's walk: condition, then results; operands left to right; key before value;
    // collection before key.
    assert_eq!(
        refs("var.c ? var.t : var.f"),
        v(&["var.c", "var.t", "var.f"])
    );
    assert_eq!(
        refs("var.a + var.b * var.c"),
        v(&["var.a", "var.b", "var.c"])
    );
    assert_eq!(refs("{ (var.k) = var.v }"), v(&["var.k", "var.v"]));
    assert_eq!(refs("var.m[var.k]"), v(&["var.m", "var.k"]));
    assert_eq!(refs("\"${var.a}${var.a}\""), v(&["var.a", "var.a"]));
    assert_eq!(
        refs("\"%{ if var.c }${var.t}%{ else }${var.f}%{ endif }\""),
        v(&["var.c", "var.t", "var.f"])
    );
}

#[test]
fn traversals_stop_at_computed_keys() {
    // HCL's parser: `[literal]` and `.N` extend a traversal; any other key (even `-1`)
    // starts an index expression; splats take their source.
    assert_eq!(refs("var.list[var.i].x"), v(&["var.list", "var.i"]));
    assert_eq!(refs("var.list[-1]"), v(&["var.list"]));
    assert_eq!(refs("var.list[(0)]"), v(&["var.list"]));
    assert_eq!(
        refs("var.list.0.id"),
        v(&["var.list[0].id", "var.list[0]", "var.list"])
    );
    // Oracle: count_for_each (counted_ids).
    assert_eq!(
        refs("oracle_thing.counted[*].id"),
        v(&["oracle_thing.counted"])
    );
    assert_eq!(refs("var.l[*].a[var.i]"), v(&["var.l", "var.i"]));
    assert_eq!(refs("var.l.*.a"), v(&["var.l"]));
    assert_eq!(refs("(var.x).y"), v(&["var.x"]));
    assert_eq!(refs("f(var.x)[0]"), v(&["var.x"]));
}

#[test]
fn steps_render_as_terraform_does() {
    // jsonconfig's traversalStr: strings with Go's %q, numbers with %g and 10 digits,
    // other keys as `[]`; the subject's own key with HCL quoting (addrs).
    assert_eq!(refs("var.x[\"a\\\"b\"]")[0], "var.x[\"a\\\"b\"]");
    assert_eq!(refs("var.x[\"é\\n\\u0001\"]")[0], "var.x[\"é\\n\\x01\"]");
    assert_eq!(refs("var.x[\"a$${b}\"]")[0], "var.x[\"a${b}\"]");
    assert_eq!(refs("var.x[1e20]")[0], "var.x[1e+20]");
    assert_eq!(refs("var.x[1.5]")[0], "var.x[1.5]");
    assert_eq!(refs("var.x[true]")[0], "var.x[]");
    assert_eq!(
        refs("aws_instance.a[\"$${b}\"].id"),
        v(&[
            "aws_instance.a[\"$${b}\"].id",
            "aws_instance.a[\"$${b}\"]",
            "aws_instance.a"
        ])
    );
    assert_eq!(
        refs("self.triggers[\"k\"]"),
        v(&["self.triggers[\"k\"]", "self.triggers", "self"])
    );
}

#[test]
fn invalid_references() {
    // addrs.ParseRef: too short, reserved or malformed traversals are skipped; a named
    // value without its attribute still yields `var.` (as Terraform's parser returns it).
    for src in [
        "foo",
        "string",
        "data.x",
        "module",
        "module[0]",
        "aws_instance[0].x",
        "aws_instance.a[1.5]",
        "aws_instance.a[true]",
        "template.x",
        "lazy.x",
        "arg.x",
    ] {
        assert!(refs(src).is_empty(), "{src}: {:?}", refs(src));
    }
    assert_eq!(refs("var"), v(&["var."]));
    assert_eq!(refs("count[0]"), v(&["count."]));
    assert_eq!(refs("string.x"), v(&["string.x"]));
}

#[test]
fn for_variables_are_local() {
    // HCL (ForExpr.walkChildNodes with ChildScope): the iteration variables are not
    // references; the collection is walked first, then key, value and condition.
    assert_eq!(refs("[for x in var.list: x.id]"), v(&["var.list"]));
    assert_eq!(
        refs("{ for k, v in var.m: k => \"${v}${var.s}\" if var.c }"),
        v(&["var.m", "var.s", "var.c"])
    );
    assert_eq!(refs("[for var in [1]: var.x]"), v(&[]));
    assert_eq!(refs("[[for x in [1]: x], x.y]"), v(&["x.y"]));
    assert_eq!(
        refs("\"%{ for x in var.l }${x}${var.y}%{ endfor }\""),
        v(&["var.l", "var.y"])
    );
    // Oracle: unknowns_nested (map_num).
    assert_eq!(
        refs("{ for k in oracle_thing.src.computed_list : k => 1 }"),
        v(&["oracle_thing.src.computed_list", "oracle_thing.src"])
    );
}
