//! Table tests of each renderer, no colours, rendered at indentation 0. The expected texts
//! are the behaviour Terraform's and OpenTofu's renderer tests
//! (`computed/renderers/renderer_test.go`) pin down for the same diffs.

use super::{Blocks, Diff, Named, Opts, Prim, Renderer, Scalar};
use crate::jsonformat::Action::{self, Create, Delete, NoOp, Update};

fn num(n: &str) -> Option<Scalar<'static>> {
    Some(Scalar::Number(n.to_owned().into()))
}

fn text(s: &str) -> Option<Scalar<'static>> {
    Some(Scalar::String(s.to_owned().into()))
}

fn diff(renderer: Renderer<'static>, action: Action) -> Diff<'static> {
    Diff::new(renderer, action, false)
}

fn replacing(mut d: Diff<'static>) -> Diff<'static> {
    d.replace = true;
    d
}

fn number(
    before: Option<Scalar<'static>>,
    after: Option<Scalar<'static>>,
    action: Action,
) -> Diff<'static> {
    let prim = Prim::Number;
    diff(
        Renderer::Primitive {
            before,
            after,
            prim,
        },
        action,
    )
}

fn string(
    before: Option<Scalar<'static>>,
    after: Option<Scalar<'static>>,
    action: Action,
) -> Diff<'static> {
    let prim = Prim::String;
    diff(
        Renderer::Primitive {
            before,
            after,
            prim,
        },
        action,
    )
}

fn sensitive(inner: Diff<'static>, before: bool, after: bool, action: Action) -> Diff<'static> {
    let inner = Box::new(inner);
    diff(
        Renderer::Sensitive {
            inner,
            before,
            after,
        },
        action,
    )
}

fn unknown(before: Option<Diff<'static>>, action: Action) -> Diff<'static> {
    let before = before.map(Box::new);
    diff(Renderer::Unknown { before }, action)
}

fn entries(list: Vec<(&'static str, Diff<'static>)>) -> Named<'static, Diff<'static>> {
    list.into_iter().map(|(k, d)| (k.into(), d)).collect()
}

/// `Object`: an object attribute's value (deleted attributes print no ` -> null`).
fn object(list: Vec<(&'static str, Diff<'static>)>, action: Action) -> Diff<'static> {
    let attributes = entries(list);
    let override_null_suffix = true;
    diff(
        Renderer::Object {
            attributes,
            override_null_suffix,
        },
        action,
    )
}

/// `Map`: keys aligned; `NestedMap` (`nested`): not aligned, replacement said per element.
fn map(list: Vec<(&'static str, Diff<'static>)>, nested: bool, action: Action) -> Diff<'static> {
    diff(
        Renderer::Map {
            elements: entries(list),
            override_null_suffix: nested,
            override_forces_replacement: nested,
            align_keys: !nested,
        },
        action,
    )
}

/// `List` (`display_context`: with the nearest unchanged element shown) or `NestedList`.
fn list(elements: Vec<Diff<'static>>, display_context: bool, action: Action) -> Diff<'static> {
    diff(
        Renderer::List {
            elements,
            display_context,
        },
        action,
    )
}

fn set(elements: Vec<Diff<'static>>, action: Action) -> Diff<'static> {
    let override_forces_replacement = false;
    diff(
        Renderer::Set {
            elements,
            override_forces_replacement,
        },
        action,
    )
}

fn block(
    attributes: Vec<(&'static str, Diff<'static>)>,
    blocks: Blocks<'static>,
    action: Action,
) -> Diff<'static> {
    let attributes = entries(attributes);
    let blocks = Box::new(blocks);
    diff(Renderer::Block { attributes, blocks }, action)
}

/// Renders each case at indentation 0 without colours and compares it with the expected text
/// (leading and trailing white space of the expectation ignored).
fn check(cases: &[(&str, Diff, Opts, &str)]) {
    let mut failures = Vec::new();
    for (name, d, opts, want) in cases {
        let got = d.render(0, opts);
        if got != want.trim() {
            failures.push(format!(
                "{name}:\n--- want\n{}\n--- got\n{got}",
                want.trim()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

const PLAIN: Opts = Opts {
    color: false,
    terminal: false,
    override_null_suffix: false,
    force_forces_replacement: false,
    forbid_forces_replacement: false,
    show_unchanged_children: false,
    hide_diff_action_symbols: false,
};

#[test]
fn primitive() {
    let no_null_suffix = Opts {
        override_null_suffix: true,
        ..PLAIN
    };
    check(&[
        ("create", number(None, num("1"), Create), PLAIN, "1"),
        ("delete", number(num("1"), None, Delete), PLAIN, "1 -> null"),
        (
            "delete without null suffix",
            number(num("1"), None, Delete),
            no_null_suffix,
            "1",
        ),
        (
            "update to null",
            number(num("1"), None, Update),
            PLAIN,
            "1 -> null",
        ),
        (
            "update from null",
            number(None, num("1"), Update),
            PLAIN,
            "null -> 1",
        ),
        (
            "update",
            number(num("0"), num("1"), Update),
            PLAIN,
            "0 -> 1",
        ),
        (
            "21 digits",
            number(num("918446744073709551615"), num("0"), Update),
            PLAIN,
            "918446744073709551615 -> 0",
        ),
        (
            "replace",
            replacing(number(num("0"), num("1"), Update)),
            PLAIN,
            "0 -> 1 # forces replacement",
        ),
    ]);
}

#[test]
fn strings() {
    let hello = "{\"key_one\": \"value_one\",\"key_two\":\"value_two\"}";
    check(&[
        ("create", string(None, text("null"), Create), PLAIN, "\"null\""),
        ("delete", string(text("null"), None, Delete), PLAIN, "\"null\" -> null"),
        ("update to null", string(text("null"), None, Update), PLAIN, "\"null\" -> null"),
        ("update from null", string(None, text("null"), Update), PLAIN, "null -> \"null\""),
        ("create null", string(None, None, Create), PLAIN, "null"),
        ("delete null", string(None, None, Delete), PLAIN, "null"),
        (
            "multi-line to null",
            string(text("nu\nll"), None, Update),
            PLAIN,
            "
<<-EOT
      - nu
      - ll
      + null
    EOT",
        ),
        (
            "multi-line create",
            string(None, text("hello\nworld"), Create),
            PLAIN,
            "
<<-EOT
        hello
        world
    EOT",
        ),
        (
            "multi-line delete",
            string(text("hello\nworld"), None, Delete),
            PLAIN,
            "
<<-EOT
        hello
        world
    EOT -> null",
        ),
        (
            "multi-line update",
            string(text("hello\nold\nworld"), text("hello\nnew\nworld"), Update),
            PLAIN,
            "
<<-EOT
        hello
      - old
      + new
        world
    EOT",
        ),
        (
            "JSON create",
            string(None, text(hello), Create),
            PLAIN,
            "
jsonencode(
        {
          + key_one = \"value_one\"
          + key_two = \"value_two\"
        }
    )",
        ),
        (
            "JSON delete",
            string(text(hello), None, Delete),
            PLAIN,
            "
jsonencode(
        {
          - key_one = \"value_one\"
          - key_two = \"value_two\"
        }
    ) -> null",
        ),
        (
            "JSON update",
            string(
                text(hello),
                text("{\"key_one\": \"value_one\",\"key_two\":\"value_two\",\"key_three\":\"value_three\"}"),
                Update,
            ),
            PLAIN,
            "
jsonencode(
      ~ {
          + key_three = \"value_three\"
            # (2 unchanged attributes hidden)
        }
    )",
        ),
        (
            "JSON explicit nulls",
            string(
                text("{\"key_one\":\"value_one\",\"key_two\":\"value_two\"}"),
                text("{\"key_one\":null}"),
                Update,
            ),
            PLAIN,
            "
jsonencode(
      ~ {
          ~ key_one = \"value_one\" -> null
          - key_two = \"value_two\"
        }
    )",
        ),
        (
            "JSON to null",
            string(text("[null]"), None, Update),
            PLAIN,
            "
jsonencode(
        [
          - null,
        ]
    ) -> null",
        ),
        (
            "JSON to text",
            string(text(hello), text("hello world"), Update),
            PLAIN,
            "
jsonencode(
        {
          - key_one = \"value_one\"
          - key_two = \"value_two\"
        }
    ) -> \"hello world\"",
        ),
        (
            "multi-line to JSON",
            string(text("hello\nworld"), text(hello), Update),
            PLAIN,
            "
<<-EOT
        hello
        world
    EOT -> jsonencode(
        {
          + key_one = \"value_one\"
          + key_two = \"value_two\"
        }
    )",
        ),
        (
            "multi-line to one line",
            string(text("hello\nworld"), text("hello world"), Update),
            PLAIN,
            "
<<-EOT
      - hello
      - world
      + hello world
    EOT",
        ),
    ]);
}

#[test]
fn sensitive_and_unknown() {
    let inner = || number(num("0"), num("1"), Update);
    check(&[
        (
            "sensitive update",
            sensitive(inner(), true, true, Update),
            PLAIN,
            "(sensitive value)",
        ),
        (
            "sensitive update forcing replacement",
            replacing(sensitive(replacing(inner()), true, true, Update)),
            PLAIN,
            "(sensitive value) # forces replacement",
        ),
        (
            "computed create",
            unknown(None, Create),
            PLAIN,
            "(known after apply)",
        ),
        (
            "computed update",
            unknown(Some(number(num("0"), None, Delete)), Update),
            PLAIN,
            "0 -> (known after apply)",
        ),
        (
            "computed update forcing replacement",
            replacing(unknown(Some(number(num("0"), None, Delete)), Update)),
            PLAIN,
            "0 -> (known after apply) # forces replacement",
        ),
    ]);
}

#[test]
fn objects() {
    check(&[
        ("created empty", object(vec![], Create), PLAIN, "{}"),
        (
            "unchanged attributes hidden",
            object(
                vec![
                    ("attribute_one", number(num("0"), num("1"), Update)),
                    ("attribute_two", number(num("0"), num("0"), NoOp)),
                    ("attribute_three", number(None, num("1"), Create)),
                ],
                Update,
            ),
            PLAIN,
            "
{
      ~ attribute_one   = 0 -> 1
      + attribute_three = 1
        # (1 unchanged attribute hidden)
    }",
        ),
        (
            "sensitive attribute created",
            object(
                vec![(
                    "attribute_one",
                    sensitive(number(None, num("1"), Create), false, true, Create),
                )],
                Update,
            ),
            PLAIN,
            "
{
      + attribute_one = (sensitive value)
    }",
        ),
    ]);
}

#[test]
fn maps() {
    let updates = || {
        vec![
            ("element_one", number(num("1"), num("2"), Update)),
            ("element_two", number(num("1"), num("3"), Update)),
            ("element_three", number(num("1"), num("4"), Update)),
        ]
    };
    check(&[
        (
            "forces replacement",
            replacing(map(
                vec![("element_one", string(text("old"), text("new"), Update))],
                false,
                Update,
            )),
            PLAIN,
            "
{ # forces replacement
      ~ \"element_one\" = \"old\" -> \"new\"
    }",
        ),
        (
            "unchanged elements hidden",
            map(
                vec![
                    ("element_one", string(None, text("new"), Create)),
                    ("element_two", string(text("old"), text("old"), NoOp)),
                    ("element_three", string(text("old"), text("new"), Update)),
                ],
                false,
                Update,
            ),
            PLAIN,
            "
{
      + \"element_one\"   = \"new\"
      ~ \"element_three\" = \"old\" -> \"new\"
        # (1 unchanged element hidden)
    }",
        ),
        (
            "keys aligned",
            map(updates(), false, Update),
            PLAIN,
            "
{
      ~ \"element_one\"   = 1 -> 2
      ~ \"element_three\" = 1 -> 4
      ~ \"element_two\"   = 1 -> 3
    }",
        ),
        (
            "nested map keys not aligned",
            map(updates(), true, Update),
            PLAIN,
            "
{
      ~ \"element_one\" = 1 -> 2
      ~ \"element_three\" = 1 -> 4
      ~ \"element_two\" = 1 -> 3
    }",
        ),
    ]);
}

#[test]
fn lists_and_sets() {
    let elements = || {
        vec![
            number(num("0"), num("0"), NoOp),
            number(num("1"), num("1"), NoOp),
            number(num("2"), num("5"), Update),
            number(num("3"), num("3"), NoOp),
            number(num("4"), num("4"), NoOp),
        ]
    };
    check(&[
        (
            "empty list created",
            list(vec![], true, Create),
            PLAIN,
            "[]",
        ),
        (
            "unchanged elements hidden",
            list(elements(), false, Update),
            PLAIN,
            "
[
      ~ 2 -> 5,
        # (4 unchanged elements hidden)
    ]",
        ),
        (
            "unchanged elements hidden, with context",
            list(elements(), true, Update),
            PLAIN,
            "
[
        # (1 unchanged element hidden)
        1,
      ~ 2 -> 5,
        3,
        # (1 unchanged element hidden)
    ]",
        ),
        (
            "multi-line strings in a list",
            list(
                vec![
                    string(text("hello\nworld"), text("hello\nuniverse"), Update),
                    string(text("foo\nbar"), text("foo\nbaz"), Update),
                ],
                true,
                Update,
            ),
            PLAIN,
            "
[
      ~ <<-EOT
            hello
          - world
          + universe
        EOT,
      ~ <<-EOT
            foo
          - bar
          + baz
        EOT,
    ]",
        ),
        (
            "empty set deleted",
            set(vec![], Delete),
            PLAIN,
            "[] -> null",
        ),
        (
            "set unchanged elements hidden",
            set(elements(), Update),
            PLAIN,
            "
[
      ~ 2 -> 5,
        # (4 unchanged elements hidden)
    ]",
        ),
    ]);
}

#[test]
fn blocks() {
    let mut nested = Blocks::default();
    nested.single.insert(
        "nested_block",
        block(
            vec![("string", string(None, text("one"), Create))],
            Blocks::default(),
            Create,
        ),
    );
    let mut sensitive_nested = Blocks::default();
    sensitive_nested.single.insert(
        "nested_block",
        block(
            vec![("string", string(text("zero"), text("one"), Update))],
            Blocks::default(),
            Update,
        ),
    );
    sensitive_nested.mark("nested_block", false, true, true, false);
    check(&[
        (
            "empty block created",
            block(vec![], Blocks::default(), Create),
            PLAIN,
            "{}",
        ),
        (
            "populated block created",
            block(
                vec![("string", string(None, text("root"), Create))],
                nested,
                Create,
            ),
            PLAIN,
            "
{
      + string = \"root\"

      + nested_block {
          + string = \"one\"
        }
    }",
        ),
        (
            "important attributes always shown",
            block(
                vec![
                    ("id", string(text("root"), text("root"), NoOp)),
                    ("ignore", string(text("ignore"), text("ignore"), NoOp)),
                    ("name", string(text("a"), text("b"), Update)),
                ],
                Blocks::default(),
                Update,
            ),
            PLAIN,
            "
{
        id     = \"root\"
      ~ name   = \"a\" -> \"b\"
        # (1 unchanged attribute hidden)
    }",
        ),
        (
            "sensitive block",
            block(vec![], sensitive_nested, Update),
            PLAIN,
            "
{
      ~ nested_block {
          # At least one attribute in this block is (or was) sensitive,
          # so its contents will not be displayed.
        }
    }",
        ),
    ]);
}

#[test]
fn symbols_follow_the_action_order() {
    for (i, a) in Action::ALL.iter().enumerate() {
        assert_eq!(*a as usize, i, "{a:?}");
        let mut out = String::new();
        super::symbol(&mut out, *a, &PLAIN);
        assert_eq!(out, format!("{} ", super::colorize(a.symbol(), false)));
    }
}
