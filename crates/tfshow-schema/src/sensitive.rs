//! Schema-declared sensitivity as paths into a value (`configschema.Block.ValueMarks`).

use tfshow_cty::{Path, PathStep, Value};

use crate::block::{Attribute, Block, NestedType, Nesting};

/// Where a block declares sensitive attributes: at its top level, and whether also in nested
/// blocks or nested attribute types, where the paths depend on the value.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Sensitivity {
    /// The block's own sensitive attributes, by name.
    pub attributes: Vec<String>,
    /// Whether nested blocks hold sensitive attributes.
    pub in_blocks: bool,
    /// Whether nested attribute types hold sensitive attributes.
    pub in_nested_types: bool,
    /// The block's top-level attributes and nested blocks at or under which something is
    /// sensitive, by name, sorted.
    pub containing: Vec<String>,
}

impl Sensitivity {
    /// Works out `block`'s sensitivity.
    pub fn of(block: &Block) -> Sensitivity {
        Sensitivity {
            attributes: (block.attributes.iter())
                .filter(|(_, a)| a.sensitive)
                .map(|(name, _)| name.clone())
                .collect(),
            in_blocks: (block.block_types.iter()).any(|(_, nb)| nb.block.contains_sensitive()),
            in_nested_types: (block.attributes.iter()).any(|(_, a)| {
                a.nested
                    .as_ref()
                    .is_some_and(NestedType::contains_sensitive)
            }),
            containing: {
                let attributes = (block.attributes.iter()).filter(|(_, a)| a.contains_sensitive());
                let blocks =
                    (block.block_types.iter()).filter(|(_, nb)| nb.block.contains_sensitive());
                let mut names: Vec<String> = attributes
                    .map(|(name, _)| name.clone())
                    .chain(blocks.map(|(name, _)| name.clone()))
                    .collect();
                names.sort_unstable();
                names.dedup();
                names
            },
        }
    }

    /// Whether something is sensitive at or under the top-level attribute or nested block
    /// `name`.
    pub fn contains(&self, name: &str) -> bool {
        (self.containing.binary_search_by(|n| n.as_str().cmp(name))).is_ok()
    }

    /// The names of the sensitive attributes when they are all of
    /// [`Block::sensitive_paths_with`]`(value, nested_types)` whatever the value: one path of
    /// one step per name. `None` when the paths depend on the value.
    pub fn value_independent(&self, nested_types: bool) -> Option<&[String]> {
        if self.in_blocks || (nested_types && self.in_nested_types) {
            return None;
        }
        Some(&self.attributes)
    }
}

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

#[cfg(test)]
mod tests {
    use tfshow_cty::{PathStep, Value};

    use crate::{Mode, Schemas};

    fn schema(block: &str) -> crate::Schema {
        let json = format!(
            r#"{{"format_version":"1.0","provider_schemas":{{"registry.terraform.io/x/y":
            {{"resource_schemas":{{"t":{{"version":0,"block":{block}}}}}}}}}}}"#
        );
        let schemas = Schemas::from_json(json.as_bytes()).unwrap();
        schemas
            .resource("registry.terraform.io/x/y", Mode::Managed, "t")
            .unwrap()
            .clone()
    }

    #[test]
    fn top_level_attributes_are_value_independent() {
        let s = schema(
            r#"{"attributes":{"a":{"type":"string","sensitive":true},"b":{"type":"string"}}}"#,
        );
        let names = s.sensitivity.value_independent(true).unwrap();
        assert_eq!(names, ["a"]);
        assert_eq!(s.sensitivity.containing, ["a"]);
        assert!(s.sensitivity.contains("a") && !s.sensitivity.contains("b"));
        let paths = s.block.sensitive_paths_with(&Value::Null, true);
        assert_eq!(paths, vec![vec![PathStep::Attr("a".into())]]);
    }

    #[test]
    fn nested_blocks_and_types_depend_on_the_value() {
        let s = schema(
            r#"{"block_types":{"nb":{"nesting_mode":"list","block":
                {"attributes":{"p":{"type":"string","sensitive":true}}}}}}"#,
        );
        assert!(s.sensitivity.in_blocks);
        assert_eq!(s.sensitivity.value_independent(false), None);
        assert_eq!(s.sensitivity.containing, ["nb"]);
        let s = schema(
            r#"{"attributes":{"n":{"nested_type":{"nesting_mode":"single",
                "attributes":{"p":{"type":"string","sensitive":true}}},"optional":true}}}"#,
        );
        assert!(s.sensitivity.in_nested_types);
        assert_eq!(s.sensitivity.value_independent(true), None);
        assert_eq!(s.sensitivity.containing, ["n"]);
        // Terraform 1.0 did not look into nested types.
        assert_eq!(s.sensitivity.value_independent(false), Some(&[][..]));
    }
}
