//! Turning changes into diff trees, guided by the provider schema; values without a type
//! (outputs, dynamic values) are handed to [`super::jsondiff`].

use std::borrow::Cow;

use tfshow_cty::Type;
use tfshow_schema::{Attribute, Block, Nesting};

use super::collections::process_slice;
use super::compare_actions;
use super::node::{deep_equal, elements, val, Lookups, Node, Val};
use super::render::{Blocks, Diff, Named, Prim, Renderer};
use super::structured::{Change, Matcher, Style};
use super::Action;

fn as_diff<'a>(change: &Change<'a>, renderer: Renderer<'a>) -> Diff<'a> {
    Diff::new(
        renderer,
        change.calculate_action(),
        change.replace_paths.matches(),
    )
}

/// If the change is sensitive on either side, its diff: `inner` computes the diff of the
/// value without sensitivity, `wrap` builds the sensitive renderer.
fn check_sensitive<'a>(
    change: &Change<'a>,
    inner: impl Fn(&Change<'a>) -> Diff<'a>,
    block: bool,
) -> Option<Diff<'a>> {
    let bs = change.is_before_sensitive();
    let as_ = change.is_after_sensitive();
    if !bs && !as_ {
        return None;
    }
    let inner = inner(&change.without_sensitivity());
    let mut action = inner.action;
    if action == Action::NoOp && bs != as_ && !change.is_null_no_op() {
        action = Action::Update;
    }
    let inner = Box::new(inner);
    let renderer = if block {
        Renderer::SensitiveBlock {
            inner,
            before: bs,
            after: as_,
        }
    } else {
        Renderer::Sensitive {
            inner,
            before: bs,
            after: as_,
        }
    };
    Some(Diff::new(renderer, action, change.replace_paths.matches()))
}

/// If the change is unknown, its diff. `child_unknown` marks the children of the before
/// value as unknown so that they print as recomputed rather than deleted; `compute` computes
/// the diff of the before value.
fn check_unknown<'a>(
    change: &Change<'a>,
    child_unknown: Node<'a>,
    compute: impl Fn(&Change<'a>) -> Diff<'a>,
) -> Option<Diff<'a>> {
    if !change.is_unknown() {
        return None;
    }
    let mut current = change.clone();
    current.after_explicit = true;
    if current.before.is_none() {
        return Some(as_diff(&current, Renderer::Unknown { before: None }));
    }
    let mut before = current.as_delete();
    before.unknown = Some(child_unknown);
    let before_diff = compute(&before);
    Some(as_diff(
        &current,
        Renderer::Unknown {
            before: Some(Box::new(before_diff)),
        },
    ))
}

/// The diff of a resource or nested block.
pub(crate) fn block<'a>(change: &Change<'a>, block_schema: &'a Block) -> Diff<'a> {
    if let Some(d) = check_sensitive(change, |c| block(c, block_schema), true) {
        return d;
    }
    let child_unknown = Node::AllTrue(&block_schema.attributes);
    if let Some(d) = check_unknown(change, child_unknown, |c| block(c, block_schema)) {
        return d;
    }
    let change = if !change.non_legacy && contains_non_legacy_features(block_schema) {
        let mut change = change.clone();
        change.non_legacy = true;
        Cow::Owned(change)
    } else {
        Cow::Borrowed(change)
    };
    let change = change.as_ref();
    let mut current = change.default_action_for_iteration();
    let mut attributes = Named::with_capacity(block_schema.attributes.len());
    let mut lookups = Lookups::default();
    for (key, attr) in &block_schema.attributes {
        if attr.write_only {
            continue;
        }
        let mut child = change.map_child_in(key, &mut lookups);
        if !child.relevant.matches_partial() {
            child = child.as_no_op();
        }
        child.before_explicit = false;
        child.after_explicit = false;
        if child.style == Style::OpenTofu {
            // Empty strings as a block's attributes are null, for every provider.
            if child.before.is_some_and(Node::is_empty_string) {
                child.before = None;
            }
            if child.after.is_some_and(Node::is_empty_string) {
                child.after = None;
            }
        }
        let d = attribute(&child, attr);
        if d.action == Action::NoOp && child.before.is_none() && child.after.is_none() {
            continue;
        }
        current = compare_actions(current, d.action);
        attributes.insert(key.as_str(), d);
    }
    let mut blocks = Blocks::default();
    for (key, bt) in &block_schema.block_types {
        let mut child = change.map_child_in(key, &mut lookups);
        if !child.relevant.matches_partial() {
            child = child.as_no_op();
        }
        let bs = child.is_before_sensitive();
        let as_ = child.is_after_sensitive();
        let replace = child.replace_paths.matches();
        let unknown = child.is_unknown();
        let both_nil = child.before.is_none() && child.after.is_none() && !unknown;
        match bt.nesting {
            Nesting::Set | Nesting::List => {
                let mut diffs = Vec::new();
                let mut action = child.default_action_for_iteration();
                let mut each = |c: &Change<'a>| {
                    let d = block(c, &bt.block);
                    action = compare_actions(action, d.action);
                    diffs.push(d);
                };
                if bt.nesting == Nesting::Set {
                    process_set(&child, &mut each);
                } else {
                    process_nested_list(&child, &mut each);
                }
                if action == Action::NoOp && both_nil {
                    continue;
                }
                if bt.nesting == Nesting::Set {
                    blocks.set.insert(key.as_str(), diffs);
                } else {
                    blocks.list.insert(key.as_str(), diffs);
                }
                blocks.mark(key, replace, bs, as_, unknown);
                current = compare_actions(current, action);
            }
            Nesting::Map => {
                let (diffs, action) =
                    transform_map(&child, child.explicit_keys(), |c| block(c, &bt.block));
                if action == Action::NoOp && both_nil {
                    continue;
                }
                blocks.map.insert(key.as_str(), diffs);
                blocks.mark(key, replace, bs, as_, unknown);
                current = compare_actions(current, action);
            }
            Nesting::Single | Nesting::Group => {
                let d = block(&child, &bt.block);
                if d.action == Action::NoOp && both_nil {
                    continue;
                }
                let action = d.action;
                blocks.single.insert(key.as_str(), d);
                blocks.mark(key, replace, bs, as_, unknown);
                current = compare_actions(current, action);
            }
        }
    }
    for (name, attr) in &block_schema.attributes {
        if attr.write_only {
            attributes.insert(name.as_str(), write_only(change, current));
        }
    }
    Diff::new(
        Renderer::Block {
            attributes,
            blocks: Box::new(blocks),
        },
        current,
        change.replace_paths.matches(),
    )
}

/// Features the legacy SDK cannot describe; their presence means empty strings are real.
fn contains_non_legacy_features(block: &Block) -> bool {
    if block
        .block_types
        .iter()
        .any(|(_, bt)| matches!(bt.nesting, Nesting::Map | Nesting::Group))
    {
        return true;
    }
    for (_, attr) in &block.attributes {
        if attr.nested.is_some() {
            return true;
        }
        let ty = &attr.ty;
        if ty.has_dynamic() {
            return true;
        }
        match ty {
            Type::Tuple(_) | Type::Object(..) => return true,
            Type::List(e) | Type::Set(e) | Type::Map(e) => {
                if let Type::List(inner) | Type::Set(inner) | Type::Map(inner) = e.as_ref() {
                    if !matches!(inner.as_ref(), Type::String | Type::Number | Type::Bool) {
                        return true;
                    }
                }
            }
            _ => {}
        }
    }
    false
}

fn write_only<'a>(change: &Change<'a>, block_action: Action) -> Diff<'a> {
    let renderer = Renderer::WriteOnly {
        sensitive: change.is_before_sensitive() || change.is_after_sensitive(),
    };
    let action = if block_action == Action::Update && change.style == Style::Terraform {
        Action::NoOp
    } else {
        block_action
    };
    Diff::new(renderer, action, change.replace_paths.matches())
}

/// The diff of one attribute.
pub(crate) fn attribute<'a>(change: &Change<'a>, attr: &'a Attribute) -> Diff<'a> {
    match &attr.nested {
        Some(nested) => nested_attribute(change, &nested.attributes, nested.nesting),
        None => of_type(change, &attr.ty),
    }
}

fn nested_attribute<'a>(
    change: &Change<'a>,
    attributes: &'a [(String, Attribute)],
    nesting: Nesting,
) -> Diff<'a> {
    if let Some(d) = check_sensitive(change, |c| nested_attribute(c, attributes, nesting), false) {
        return d;
    }
    if let Some(d) = check_unknown(change, Node::AllTrue(attributes), |c| {
        nested_attribute(c, attributes, nesting)
    }) {
        return d;
    }
    match nesting {
        Nesting::Single | Nesting::Group => nested_object(change, attributes),
        Nesting::Map => {
            let (elements, action) = transform_map(change, change.explicit_keys(), |c| {
                nested_attribute(c, attributes, Nesting::Single)
            });
            Diff::new(
                Renderer::Map {
                    elements,
                    override_null_suffix: true,
                    override_forces_replacement: true,
                    align_keys: false,
                },
                action,
                change.replace_paths.matches(),
            )
        }
        Nesting::List => {
            let mut elements = Vec::new();
            let mut current = change.default_action_for_iteration();
            process_nested_list(change, &mut |c| {
                let d = nested_attribute(c, attributes, Nesting::Single);
                current = compare_actions(current, d.action);
                elements.push(d);
            });
            Diff::new(
                Renderer::List {
                    elements,
                    display_context: false,
                },
                current,
                change.replace_paths.matches(),
            )
        }
        Nesting::Set => {
            let mut elements = Vec::new();
            let mut current = change.default_action_for_iteration();
            process_set(change, &mut |c| {
                let d = nested_attribute(c, attributes, Nesting::Single);
                current = compare_actions(current, d.action);
                elements.push(d);
            });
            Diff::new(
                Renderer::Set {
                    elements,
                    override_forces_replacement: true,
                },
                current,
                change.replace_paths.matches(),
            )
        }
    }
}

fn nested_object<'a>(change: &Change<'a>, attributes: &'a [(String, Attribute)]) -> Diff<'a> {
    let (plain, write_only_attrs): (Vec<_>, Vec<_>) =
        attributes.iter().partition(|(_, a)| !a.write_only);
    let (attrs, action) = process_object(
        change,
        &plain,
        &write_only_attrs,
        |c, a: &Attribute, current| {
            if a.write_only {
                write_only(c, current)
            } else {
                attribute(c, a)
            }
        },
    );
    Diff::new(
        Renderer::Object {
            attributes: attrs,
            override_null_suffix: false,
        },
        action,
        change.replace_paths.matches(),
    )
}

fn process_object<'a, T>(
    change: &Change<'a>,
    attributes: &[&'a (String, T)],
    write_only_attrs: &[&'a (String, T)],
    compute: impl Fn(&Change<'a>, &'a T, Action) -> Diff<'a>,
) -> (Named<'a, Diff<'a>>, Action) {
    let mut diffs = Named::with_capacity(attributes.len() + write_only_attrs.len());
    let mut current = change.default_action_for_iteration();
    let mut lookups = Lookups::default();
    for (key, attr) in attributes.iter().map(|p| (&p.0, &p.1)) {
        let mut child = change.map_child_in(key, &mut lookups);
        if !child.relevant.matches_partial() {
            child = child.as_no_op();
        }
        child.before_explicit = false;
        child.after_explicit = false;
        let d = compute(&child, attr, current);
        if d.action == Action::NoOp && child.before.is_none() && child.after.is_none() {
            continue;
        }
        current = compare_actions(current, d.action);
        diffs.insert(key.as_str(), d);
    }
    for (key, attr) in write_only_attrs.iter().map(|p| (&p.0, &p.1)) {
        let mut child = change.map_child(key);
        if !child.relevant.matches_partial() {
            child = child.as_no_op();
        }
        child.before_explicit = false;
        child.after_explicit = false;
        diffs.insert(key.as_str(), compute(&child, attr, current));
    }
    (diffs, current)
}

/// The diff of a value of type `ty`.
pub(crate) fn of_type<'a>(change: &Change<'a>, ty: &'a Type) -> Diff<'a> {
    let blank = |v: &Val<'_>| v.is_some_and(Node::is_empty_string);
    // Copied only when an empty string is taken for null.
    let change = if change.style == Style::Terraform
        && !change.non_legacy
        && (blank(&change.before) || blank(&change.after))
    {
        let mut change = change.clone();
        if blank(&change.before) {
            change.before = None;
        }
        if blank(&change.after) {
            change.after = None;
        }
        Cow::Owned(change)
    } else {
        Cow::Borrowed(change)
    };
    let change = change.as_ref();
    if let Some(d) = check_sensitive(change, |c| of_type(c, ty), false) {
        return d;
    }
    if let Some(d) = check_unknown(change, Node::Flag(false), |c| of_type(c, ty)) {
        return d;
    }
    match ty {
        Type::Dynamic => output(change),
        Type::String => primitive(change, Prim::String),
        Type::Number => primitive(change, Prim::Number),
        Type::Bool => primitive(change, Prim::Bool),
        Type::Object(attrs, _) => {
            let refs: Vec<&'a (String, Type)> = attrs.iter().collect();
            let (attributes, action) =
                process_object(change, &refs, &[], |c, t: &Type, _| of_type(c, t));
            Diff::new(
                Renderer::Object {
                    attributes,
                    override_null_suffix: true,
                },
                action,
                change.replace_paths.matches(),
            )
        }
        Type::Map(elem) => {
            let (elements, action) = transform_map(change, change.all_keys(), |c| of_type(c, elem));
            Diff::new(
                Renderer::Map {
                    elements,
                    override_null_suffix: false,
                    override_forces_replacement: false,
                    align_keys: true,
                },
                action,
                change.replace_paths.matches(),
            )
        }
        Type::List(elem) => {
            let is_obj = matches!(elem.as_ref(), Type::Object(..));
            let (elements, action) = transform_slice(change, is_obj, |c| {
                let mut c = c.clone();
                c.relevant = Matcher::Always;
                of_type(&c, elem)
            });
            Diff::new(
                Renderer::List {
                    elements,
                    display_context: true,
                },
                action,
                change.replace_paths.matches(),
            )
        }
        Type::Tuple(elems) => {
            let mut elements = Vec::new();
            let mut current = change.default_action_for_iteration();
            for (ix, et) in elems.iter().enumerate() {
                let mut child = change.slice_child(ix, ix);
                if !child.relevant.matches_partial() {
                    child = child.as_no_op();
                }
                let d = of_type(&child, et);
                current = compare_actions(current, d.action);
                elements.push(d);
            }
            Diff::new(
                Renderer::List {
                    elements,
                    display_context: true,
                },
                current,
                change.replace_paths.matches(),
            )
        }
        Type::Set(elem) => {
            let mut elements = Vec::new();
            let mut current = change.default_action_for_iteration();
            process_set(change, &mut |c| {
                let d = of_type(c, elem);
                current = compare_actions(current, d.action);
                elements.push(d);
            });
            Diff::new(
                Renderer::Set {
                    elements,
                    override_forces_replacement: false,
                },
                current,
                change.replace_paths.matches(),
            )
        }
    }
}

fn primitive<'a>(change: &Change<'a>, prim: Prim) -> Diff<'a> {
    as_diff(
        change,
        Renderer::Primitive {
            before: change.before.map(Node::scalar),
            after: change.after.map(Node::scalar),
            prim,
        },
    )
}

/// Runs `process` over the keys of a map change; the action starts as create or delete when
/// one side is not a map.
pub(super) fn transform_map<'a>(
    change: &Change<'a>,
    keys: Vec<&'a str>,
    process: impl Fn(&Change<'a>) -> Diff<'a>,
) -> (Named<'a, Diff<'a>>, Action) {
    let mut current = match (change.before_is_map(), change.after_is_map()) {
        (true, false) => Action::Delete,
        (false, true) => Action::Create,
        _ => Action::NoOp,
    };
    let mut elements = Named::with_capacity(keys.len());
    let mut lookups = Lookups::default();
    for key in keys {
        let mut child = change.map_child_in(key, &mut lookups);
        if !child.relevant.matches_partial() {
            child = child.as_no_op();
        }
        let d = process(&child);
        current = compare_actions(current, d.action);
        elements.insert(key, d);
    }
    (elements, current)
}

/// Runs `process` over the paired elements of a list change.
fn transform_slice<'a>(
    change: &Change<'a>,
    is_obj: bool,
    process: impl Fn(&Change<'a>) -> Diff<'a>,
) -> (Vec<Diff<'a>>, Action) {
    let mut current = match (change.before_len().is_some(), change.after_len().is_some()) {
        (true, false) => Action::Delete,
        (false, true) => Action::Create,
        _ => Action::NoOp,
    };
    let mut diffs = Vec::new();
    process_slice(
        &elements(change.before),
        &elements(change.after),
        change.style == Style::Terraform,
        |bi, ai| {
            let d = process(&change.slice_child(bi, ai));
            current = compare_actions(current, d.action);
            diffs.push(d);
        },
        |_| is_obj,
    );
    (diffs, current)
}

fn process_nested_list<'a>(change: &Change<'a>, process: &mut dyn FnMut(&Change<'a>)) {
    let n = change
        .before_len()
        .unwrap_or(0)
        .max(change.after_len().unwrap_or(0));
    for ix in 0..n {
        let mut child = change.slice_child(ix, ix);
        if !child.relevant.matches_partial() {
            child = child.as_no_op();
        }
        process(&child);
    }
}

fn process_set<'a>(change: &Change<'a>, process: &mut dyn FnMut(&Change<'a>)) {
    let before_values = elements(change.before);
    let after_values = elements(change.after);
    let (bl, al) = (before_values.len(), after_values.len());
    let mut found_in_before: Vec<Option<usize>> = vec![None; bl];
    let mut found_in_after: Vec<bool> = vec![false; al];
    for (ix, found) in found_in_before.iter_mut().enumerate() {
        for (jx, taken) in found_in_after.iter_mut().enumerate() {
            if *taken || before_values.get(ix) != after_values.get(jx) {
                continue;
            }
            let child = change.slice_child(ix, jx);
            if deep_equal(&child.before, &child.after)
                && child.is_before_sensitive() == child.is_after_sensitive()
                && !child.is_unknown()
            {
                *found = Some(jx);
                *taken = true;
            }
        }
    }
    let relevant = |mut c: Change<'a>| {
        c.relevant = Matcher::Always;
        c
    };
    for (ix, found) in found_in_before.iter().enumerate() {
        let jx = found.unwrap_or(al);
        process(&relevant(change.slice_child(ix, jx)));
    }
    for (jx, found) in found_in_after.iter().enumerate() {
        if !found {
            process(&relevant(change.slice_child(bl, jx)));
        }
    }
}

/// The diff of an output value, or of any value without a type: the JSON decides.
pub(crate) fn output<'a>(change: &Change<'a>) -> Diff<'a> {
    if change.is_typed() {
        // Typed values without a type to guide the diff: diffed as the JSON they stand for.
        let json = [
            change.before,
            change.after,
            change.unknown,
            change.before_sensitive,
            change.after_sensitive,
        ]
        .map(|v| v.map(Node::to_json));
        let mut c = change.clone();
        [
            c.before,
            c.after,
            c.unknown,
            c.before_sensitive,
            c.after_sensitive,
        ] = json.each_ref().map(|v| val(v.as_ref()));
        return output(&c).into_owned();
    }
    if let Some(d) = check_sensitive(change, |c| of_type(c, &Type::Dynamic), false) {
        return d;
    }
    if let Some(d) = check_unknown(change, Node::Flag(false), |c| of_type(c, &Type::Dynamic)) {
        return d;
    }
    super::jsondiff::json_transform(change)
}
