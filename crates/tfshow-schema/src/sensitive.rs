//! Schema-declared sensitivity as paths into a value (`configschema.Block.ValueMarks`).

use tfshow_cty::{Path, PathStep, Value};

use crate::block::{Attribute, Block, NestedType, Nesting};

impl Block {
    /// Paths of every schema-sensitive attribute in `value`: sensitive attributes are listed
    /// even when null or unknown; nested blocks and nested types are descended where the value
    /// has them (not into null or unknown ones), one path per element.
    pub fn sensitive_paths(&self, value: &Value) -> Vec<Path> {
        self.sensitive_paths_with(value, true)
    }

    /// [`Block::sensitive_paths`], optionally without descending into nested attribute types
    /// (Terraform 1.0 only marked top-level attributes and nested blocks).
    pub fn sensitive_paths_with(&self, value: &Value, nested_types: bool) -> Vec<Path> {
        let mut out = Vec::new();
        if self.contains_sensitive() {
            block_paths(self, value.peel(), &mut Vec::new(), &mut out, nested_types);
        }
        out
    }
}

fn with(path: &[PathStep], steps: impl IntoIterator<Item = PathStep>) -> Path {
    let mut p = path.to_vec();
    p.extend(steps);
    p
}

fn block_paths(
    block: &Block,
    value: &Value,
    path: &mut Path,
    out: &mut Vec<Path>,
    nested_types: bool,
) {
    for (name, a) in &block.attributes {
        if a.sensitive {
            out.push(with(path, [PathStep::Attr(name.clone())]));
        }
    }
    if value.is_null() {
        return;
    }
    for (name, a) in block.attributes.iter().filter(|_| nested_types) {
        if let Some(nt) = a.nested.as_ref().filter(|nt| nt.contains_sensitive()) {
            let child = value.get(name).map(Value::peel).unwrap_or(&Value::Null);
            nested_paths(nt, child, &with(path, [PathStep::Attr(name.clone())]), out);
        }
    }
    for (name, nb) in &block.block_types {
        if !nb.block.contains_sensitive() {
            continue;
        }
        let child = value.get(name).map(Value::peel).unwrap_or(&Value::Null);
        if child.is_null() || child.is_unknown() {
            continue;
        }
        path.push(PathStep::Attr(name.clone()));
        match nb.nesting {
            Nesting::Single | Nesting::Group => {
                block_paths(&nb.block, child, path, out, nested_types)
            }
            _ => {
                for (key, elem) in elements(child) {
                    path.push(PathStep::Index(key));
                    block_paths(&nb.block, elem.peel(), path, out, nested_types);
                    path.pop();
                }
            }
        }
        path.pop();
    }
}

fn nested_paths(nt: &NestedType, value: &Value, path: &Path, out: &mut Vec<Path>) {
    if value.is_null() || value.is_unknown() {
        return;
    }
    for (name, a) in &nt.attributes {
        if !a.contains_sensitive() {
            continue;
        }
        match nt.nesting {
            Nesting::Single | Nesting::Group => {
                let p = with(path, [PathStep::Attr(name.clone())]);
                attribute_paths(a, value.get(name).map(Value::peel), p, out);
            }
            _ => {
                for (key, elem) in elements(value) {
                    let p = with(path, [PathStep::Index(key), PathStep::Attr(name.clone())]);
                    attribute_paths(a, elem.peel().get(name).map(Value::peel), p, out);
                }
            }
        }
    }
}

fn attribute_paths(a: &Attribute, value: Option<&Value>, path: Path, out: &mut Vec<Path>) {
    if a.sensitive {
        out.push(path);
    } else if let Some(nt) = &a.nested {
        nested_paths(nt, value.unwrap_or(&Value::Null), &path, out);
    }
}

/// The elements of a collection with their index keys: list positions, map keys, and for
/// sets the element itself.
fn elements(v: &Value) -> Vec<(Value, &Value)> {
    match v {
        Value::List(items) | Value::Tuple(items) => items
            .iter()
            .enumerate()
            .map(|(i, e)| (Value::Number(tfshow_cty::Number::from_u64(i as u64)), e))
            .collect(),
        Value::Set(items) => items.iter().map(|e| (e.clone(), e)).collect(),
        Value::Map(entries) | Value::Object(entries) => entries
            .iter()
            .map(|(k, e)| (Value::String(k.clone()), e))
            .collect(),
        _ => Vec::new(),
    }
}
