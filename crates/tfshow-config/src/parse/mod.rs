//! Reading a module's files (native and JSON syntax) and merging override files.

mod hcl;
mod json;

pub(crate) use json::json_blocks;

use std::collections::{HashMap, HashSet};

use tfshow_cty::convert::convert;
use tfshow_limits::Limits;

use crate::error::ConfigError;
use crate::model::{BlockBody, ModuleConfig, NestedBlockDecl, ResourceMode};

/// A problem in one file, before the file name is attached.
#[derive(Debug)]
pub(crate) struct FileError {
    /// Byte offset in the file, when known.
    pub offset: Option<usize>,
    /// 1-based line, when known.
    pub line: Option<usize>,
    pub message: String,
}

/// Configuration file suffixes: Terraform's, then OpenTofu's (1.8+), which take the place of
/// a Terraform file of the same stem.
/// A provider block's meta-arguments, left out of its body: `alias`, the legacy `version`, and
/// OpenTofu's `for_each` (1.9+; Terraform rejects it), none of which `provider_config`
/// prints among the `expressions`.
const PROVIDER_META_ARGUMENTS: &[&str] = &["alias", "version", "for_each"];

const SUFFIXES: [&str; 4] = [".tf.json", ".tf", ".tofu.json", ".tofu"];

/// The stem of a configuration file name (`main` of `main.tf`), and whether it is an
/// OpenTofu file; `None` for other files.
fn config_stem(name: &str) -> Option<(&str, bool)> {
    SUFFIXES.iter().find_map(|suffix| {
        name.strip_suffix(suffix)
            .map(|s| (s, suffix.contains("tofu")))
    })
}

/// Whether a file name is an override file (`override.tf`, `x_override.tf`, also `.tf.json`,
/// `.tofu`, `.tofu.json`).
pub(crate) fn is_override(name: &str) -> bool {
    let stem = config_stem(name).map_or(name, |(stem, _)| stem);
    stem == "override" || stem.ends_with("_override")
}

/// The configuration files of `files`: `.tf`, `.tf.json`, `.tofu` and `.tofu.json`, where an
/// OpenTofu file hides the Terraform file of the same stem (`main.tofu` over `main.tf` and
/// `main.tf.json`), as OpenTofu loads them.
fn config_files<'f, 'a>(files: &'f [(&'a str, &'a [u8])]) -> Vec<&'f (&'a str, &'a [u8])> {
    let tofu_stems: HashSet<&str> = files
        .iter()
        .filter_map(|(n, _)| config_stem(n).filter(|(_, tofu)| *tofu).map(|(s, _)| s))
        .collect();
    files
        .iter()
        .filter(|(n, _)| {
            config_stem(n).is_some_and(|(stem, tofu)| tofu || !tofu_stems.contains(stem))
        })
        .collect()
}

fn line_of(src: &[u8], offset: usize) -> usize {
    src[..offset.min(src.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// Reads one file.
fn parse_file(name: &str, bytes: &[u8], limits: &Limits) -> Result<ModuleConfig, ConfigError> {
    let located = |e: FileError| ConfigError::Syntax {
        file: name.to_owned(),
        line: e.line.or(e.offset.map(|o| line_of(bytes, o))).unwrap_or(1),
        message: e.message,
    };
    if name.ends_with(".tf.json") || name.ends_with(".tofu.json") {
        check_nesting(bytes, limits.max_depth).map_err(located)?;
        return json::parse_file(bytes, limits).map_err(located);
    }
    // Editors on Windows may start a file with a UTF-8 byte order mark; HCL skips it.
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let src = std::str::from_utf8(bytes).map_err(|e| ConfigError::Syntax {
        file: name.to_owned(),
        line: line_of(bytes, e.valid_up_to()),
        message: "file is not valid UTF-8".into(),
    })?;
    check_nesting(src.as_bytes(), limits.max_depth).map_err(located)?;
    hcl::parse_file(src).map_err(located)
}

/// Refuses sources whose brackets nest deeper than `max_depth` ([`Limits::max_depth`]):
/// [`tfshow_limits::hcl::check_nesting`], located.
pub(crate) fn check_nesting(src: &[u8], max_depth: usize) -> Result<(), FileError> {
    tfshow_limits::hcl::check_nesting(src, max_depth).map_err(|(offset, e)| FileError {
        offset: Some(offset),
        line: None,
        message: e.to_string(),
    })
}

/// Loads a module from its files (name, content) with the default [`Limits`]. Files other than
/// `.tf`, `.tf.json`, `.tofu` and `.tofu.json` are ignored, and a `.tofu` file hides the
/// `.tf` file of the same name (OpenTofu 1.8+). Primary files are read in name order, then override
/// files, whose declarations replace the attributes (and nested blocks of the same type) of
/// same-named declarations.
pub fn load_module_config(files: &[(&str, &[u8])]) -> Result<ModuleConfig, ConfigError> {
    load_module_config_with(files, &Limits::default())
}

/// [`load_module_config`], refusing files that go over `limits` (bracket nesting in native
/// files; nesting, string and collection lengths and estimated size of JSON files).
pub fn load_module_config_with(
    files: &[(&str, &[u8])],
    limits: &Limits,
) -> Result<ModuleConfig, ConfigError> {
    let mut files = config_files(files);
    files.sort_by_key(|(n, _)| (is_override(n), *n));
    let mut module = ModuleConfig::default();
    // Names declared so far, so that duplicates are found without quadratic scans.
    let mut variables = HashSet::new();
    let mut outputs = HashSet::new();
    let mut resources = HashSet::new();
    let mut module_calls = HashSet::new();
    for (name, bytes) in files {
        let part = parse_file(name, bytes, limits)?;
        let dup = |what: &str, id: &str| ConfigError::Invalid {
            file: (*name).to_owned(),
            message: format!("duplicate {what} {id:?}"),
        };
        if is_override(name) {
            apply_override(&mut module, part);
            continue;
        }
        for v in part.variables {
            if !variables.insert(v.name.clone()) {
                return Err(dup("variable", &v.name));
            }
            module.variables.push(v);
        }
        for o in part.outputs {
            if !outputs.insert(o.name.clone()) {
                return Err(dup("output", &o.name));
            }
            module.outputs.push(o);
        }
        for r in part
            .managed_resources
            .into_iter()
            .chain(part.data_resources)
            .chain(part.ephemeral_resources)
        {
            let mode = r.mode;
            let list = match mode {
                ResourceMode::Data => &mut module.data_resources,
                ResourceMode::Ephemeral => &mut module.ephemeral_resources,
                // The parsers make no other mode.
                ResourceMode::Managed | ResourceMode::List => &mut module.managed_resources,
            };
            if !resources.insert((mode, r.type_name.clone(), r.name.clone())) {
                return Err(dup("resource", &r.address()));
            }
            list.push(r);
        }
        for mc in part.module_calls {
            if !module_calls.insert(mc.name.clone()) {
                return Err(dup("module call", &mc.name));
            }
            module.module_calls.push(mc);
        }
        module.provider_configs.extend(part.provider_configs);
        module.required_providers.extend(part.required_providers);
        module.actions.extend(part.actions);
    }
    for v in &mut module.variables {
        if let (Some(d), Some(t)) = (&v.default, &v.type_constraint) {
            v.default = Some(convert(d, t).map_err(|e| ConfigError::Invalid {
                file: String::new(),
                message: format!("variable {:?}: invalid default: {e}", v.name),
            })?);
        }
    }
    Ok(module)
}

/// Merges a body from an override file into a base body: attributes replace attributes of the
/// same name; nested blocks of a type replace all base blocks of that type.
fn merge_body(base: &mut BlockBody, over: BlockBody) {
    replace_or_push(&mut base.attributes, over.attributes);
    let types: HashSet<String> = over.blocks.iter().map(|b| b.type_name.clone()).collect();
    base.blocks.retain(|b| !types.contains(&b.type_name));
    base.blocks
        .extend(over.blocks.into_iter().collect::<Vec<NestedBlockDecl>>());
    if let (Some(bm), Some(om)) = (&mut base.json_members, over.json_members) {
        replace_or_push(bm, om);
    }
}

/// Replaces the value of each named entry of `base` that `over` names too, and appends the
/// others (in linear time: override files can be large).
fn replace_or_push<T>(base: &mut Vec<(String, T)>, over: Vec<(String, T)>) {
    let mut index: HashMap<String, usize> = HashMap::with_capacity(base.len());
    for (i, (k, _)) in base.iter().enumerate() {
        index.entry(k.clone()).or_insert(i);
    }
    for (k, v) in over {
        match index.get(&k) {
            Some(&i) => base[i].1 = v,
            None => {
                index.insert(k.clone(), base.len());
                base.push((k, v));
            }
        }
    }
}

/// The index of the first item of each key.
fn first_index<T, K: std::hash::Hash + Eq>(
    items: &[T],
    key: impl Fn(&T) -> K,
) -> HashMap<K, usize> {
    let mut index = HashMap::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        index.entry(key(item)).or_insert(i);
    }
    index
}

fn apply_override(module: &mut ModuleConfig, part: ModuleConfig) {
    let variables = first_index(&module.variables, |x| x.name.clone());
    for v in part.variables {
        if let Some(b) = variables.get(&v.name).map(|&i| &mut module.variables[i]) {
            if v.type_constraint.is_some() {
                b.type_constraint = v.type_constraint;
            }
            if v.default.is_some() {
                b.default = v.default;
            }
            if v.description.is_some() {
                b.description = v.description;
            }
            b.sensitive |= v.sensitive;
            b.ephemeral |= v.ephemeral;
            if v.deprecated.is_some() {
                b.deprecated = v.deprecated;
            }
        }
    }
    let outputs = first_index(&module.outputs, |x| x.name.clone());
    for o in part.outputs {
        if let Some(b) = outputs.get(&o.name).map(|&i| &mut module.outputs[i]) {
            if o.value.is_some() {
                b.value = o.value;
            }
            if o.description.is_some() {
                b.description = o.description;
            }
            b.sensitive |= o.sensitive;
            b.ephemeral |= o.ephemeral;
            if o.deprecated.is_some() {
                b.deprecated = o.deprecated;
            }
            if !o.depends_on.is_empty() {
                b.depends_on = o.depends_on;
            }
        }
    }
    let resource_key = |x: &crate::model::ResourceDecl| (x.type_name.clone(), x.name.clone());
    let managed = first_index(&module.managed_resources, resource_key);
    let data = first_index(&module.data_resources, resource_key);
    let ephemeral = first_index(&module.ephemeral_resources, resource_key);
    for r in part
        .managed_resources
        .into_iter()
        .chain(part.data_resources)
        .chain(part.ephemeral_resources)
    {
        let (list, index) = match r.mode {
            ResourceMode::Data => (&mut module.data_resources, &data),
            ResourceMode::Ephemeral => (&mut module.ephemeral_resources, &ephemeral),
            ResourceMode::Managed | ResourceMode::List => (&mut module.managed_resources, &managed),
        };
        if let Some(b) = index
            .get(&(r.type_name.clone(), r.name.clone()))
            .map(|&i| &mut list[i])
        {
            if r.provider.is_some() {
                b.provider = r.provider;
            }
            if r.count.is_some() {
                b.count = r.count;
            }
            if r.for_each.is_some() {
                b.for_each = r.for_each;
            }
            if !r.depends_on.is_empty() {
                b.depends_on = r.depends_on;
            }
            if !r.provisioners.is_empty() {
                b.provisioners = r.provisioners;
            }
            merge_body(&mut b.body, r.body);
        }
    }
    let module_calls = first_index(&module.module_calls, |x| x.name.clone());
    for mc in part.module_calls {
        if let Some(b) = module_calls
            .get(&mc.name)
            .map(|&i| &mut module.module_calls[i])
        {
            b.source = mc.source;
            if mc.version.is_some() {
                b.version = mc.version;
            }
            if mc.count.is_some() {
                b.count = mc.count;
            }
            if mc.for_each.is_some() {
                b.for_each = mc.for_each;
            }
            if !mc.providers.is_empty() {
                b.providers = mc.providers;
            }
            merge_body(&mut b.body, mc.body);
        }
    }
    let mut providers = first_index(&module.provider_configs, |x| x.key());
    for p in part.provider_configs {
        match providers.get(&p.key()) {
            Some(&i) => merge_body(&mut module.provider_configs[i].body, p.body),
            None => {
                providers.insert(p.key(), module.provider_configs.len());
                module.provider_configs.push(p);
            }
        }
    }
    module.required_providers.extend(part.required_providers);
}

#[cfg(test)]
mod tests {
    use super::*;
    use tfshow_cty::Value;

    #[test]
    fn defaults_are_converted_to_their_type() {
        let src = br#"
variable "s" {
  type    = set(number)
  default = [3, 1, 2, 1]
}
variable "n" {
  type    = number
  default = "5"
}
variable "big" {
  default = 98765432109876543210
}
variable "none" {}
variable "nul" {
  default = null
}
"#;
        let m = load_module_config(&[("main.tf", src)]).unwrap();
        let d = |i: usize| m.variables[i].default.clone();
        let n = |s: &str| Value::Number(tfshow_cty::Number::parse(s).unwrap());
        assert_eq!(d(0), Some(Value::Set(vec![n("1"), n("2"), n("3")])));
        assert_eq!(d(1), Some(n("5")));
        assert_eq!(d(2), Some(n("98765432109876543210")));
        assert_eq!(d(3), None);
        assert_eq!(d(4), Some(Value::Null));
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        let src = "variable \"x\" {\n  type    = map\n  default = { a = \"b\" }\n}\n";
        let with_bom = [b"\xEF\xBB\xBF".as_slice(), src.as_bytes()].concat();
        let m = load_module_config(&[("main.tf", &with_bom)]).unwrap();
        let plain = load_module_config(&[("main.tf", src.as_bytes())]).unwrap();
        assert_eq!(m.variables[0].name, "x");
        assert_eq!(m.variables[0].default, plain.variables[0].default);
        assert_eq!(
            m.variables[0].type_constraint,
            Some(tfshow_cty::Type::Map(Box::new(tfshow_cty::Type::Dynamic)))
        );
    }

    #[test]
    fn syntax_errors_name_file_and_line() {
        let err =
            load_module_config(&[("main.tf", b"variable \"x\" {\n  default = \n}\n")]).unwrap_err();
        assert!(err.to_string().starts_with("main.tf:"), "{err}");
    }

    #[test]
    fn deep_nesting_is_refused_before_parsing() {
        let src = format!(
            "variable \"x\" {{\n  default = {}1{}\n}}\n",
            "[".repeat(100_000),
            "]".repeat(100_000)
        );
        let err = load_module_config(&[("main.tf", src.as_bytes())]).unwrap_err();
        assert!(err.to_string().contains("nest more than"), "{err}");
    }

    #[test]
    fn override_files_replace_attributes() {
        let m = load_module_config(&[
            (
                "main.tf",
                b"variable \"x\" {\n  default = 1\n  description = \"d\"\n}\n",
            ),
            ("x_override.tf", b"variable \"x\" {\n  default = 2\n}\n"),
        ])
        .unwrap();
        assert_eq!(
            m.variables[0].default,
            Some(Value::Number(tfshow_cty::Number::from_i64(2)))
        );
        assert_eq!(m.variables[0].description.as_deref(), Some("d"));
    }
}
