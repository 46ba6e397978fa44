//! Loading one module's files.

use hcl_edit::expr::Expression;
use hcl_edit::structure::{Block, Body};
use tfshow_cty::convert::convert;
use tfshow_cty::json::from_json_untyped;
use tfshow_cty::{Type, Value};

use crate::expr::constant_value;
use crate::typeexpr::type_constraint;

/// A configuration file could not be read. The message names the file and line.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// Invalid HCL or JSON syntax.
    #[error("{file}:{line}: {message}")]
    Syntax {
        /// File name.
        file: String,
        /// 1-based line.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// Valid syntax with invalid content.
    #[error("{file}: {message}")]
    Invalid {
        /// File name.
        file: String,
        /// What is wrong.
        message: String,
    },
}

impl ConfigError {
    /// Prefixes the file name with the module's snapshot folder (`tfconfig/m-KEY/`).
    pub(crate) fn in_module(self, key: &str) -> ConfigError {
        match self {
            ConfigError::Syntax {
                file,
                line,
                message,
            } => ConfigError::Syntax {
                file: format!("tfconfig/m-{key}/{file}"),
                line,
                message,
            },
            ConfigError::Invalid { file, message } if !file.starts_with("tfconfig/") => {
                ConfigError::Invalid {
                    file: format!("tfconfig/m-{key}/{file}"),
                    message,
                }
            }
            e => e,
        }
    }
}

/// A module's declarations.
#[derive(Debug, Default, Clone)]
pub struct Module {
    /// `variable` blocks, in declaration order.
    pub variables: Vec<Variable>,
}

/// One `variable` block.
#[derive(Debug, Clone, Default)]
pub struct Variable {
    /// The variable name.
    pub name: String,
    /// The type constraint (`dynamic` for `any`), if given.
    pub type_constraint: Option<Type>,
    /// The default, converted to the type constraint; `Some(Value::Null)` for `default = null`.
    pub default: Option<Value>,
    /// `description`.
    pub description: Option<String>,
    /// `sensitive = true`.
    pub sensitive: bool,
    /// `ephemeral = true`.
    pub ephemeral: bool,
}

/// Whether a file name is an override file (`override.tf`, `x_override.tf`, also `.tf.json`).
fn is_override(name: &str) -> bool {
    let stem = name
        .strip_suffix(".tf.json")
        .or_else(|| name.strip_suffix(".tf"))
        .unwrap_or(name);
    stem == "override" || stem.ends_with("_override")
}

/// Loads a module from its files (name, content). Files that are not `.tf` or `.tf.json` are
/// ignored. Primary files are read in name order, then override files, whose blocks replace
/// attributes of the same-named blocks.
pub fn load_module(files: &[(&str, &[u8])]) -> Result<Module, ConfigError> {
    let mut files: Vec<&(&str, &[u8])> = files
        .iter()
        .filter(|(n, _)| n.ends_with(".tf") || n.ends_with(".tf.json"))
        .collect();
    files.sort_by_key(|(n, _)| (is_override(n), *n));
    let mut module = Module::default();
    for (name, bytes) in files {
        let vars = if name.ends_with(".tf.json") {
            json_variables(name, bytes)?
        } else {
            hcl_variables(name, bytes)?
        };
        for (v, set) in vars {
            match module.variables.iter_mut().find(|x| x.name == v.name) {
                Some(existing) if is_override(name) => merge(existing, v, &set),
                Some(_) => {
                    return Err(ConfigError::Invalid {
                        file: name.to_string(),
                        message: format!("duplicate variable {:?}", v.name),
                    })
                }
                None => module.variables.push(v),
            }
        }
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

/// Which attributes a block set, for override merging.
#[derive(Default)]
struct SetAttrs {
    type_: bool,
    default: bool,
    description: bool,
    sensitive: bool,
    ephemeral: bool,
}

fn merge(base: &mut Variable, over: Variable, set: &SetAttrs) {
    if set.type_ {
        base.type_constraint = over.type_constraint;
    }
    if set.default {
        base.default = over.default;
    }
    if set.description {
        base.description = over.description;
    }
    if set.sensitive {
        base.sensitive = over.sensitive;
    }
    if set.ephemeral {
        base.ephemeral = over.ephemeral;
    }
}

fn line_of(src: &str, offset: usize) -> usize {
    src[..offset.min(src.len())]
        .bytes()
        .filter(|&b| b == b'\n')
        .count()
        + 1
}

fn hcl_variables(name: &str, bytes: &[u8]) -> Result<Vec<(Variable, SetAttrs)>, ConfigError> {
    let src = std::str::from_utf8(bytes).map_err(|e| ConfigError::Syntax {
        file: name.to_string(),
        line: line_of(&String::from_utf8_lossy(bytes), e.valid_up_to()),
        message: "file is not valid UTF-8".into(),
    })?;
    let body: Body = hcl_edit::parser::parse_body(src).map_err(|e| ConfigError::Syntax {
        file: name.to_string(),
        line: e.location().line(),
        message: e.message().to_string(),
    })?;
    let mut out = Vec::new();
    for block in body.get_blocks("variable") {
        out.push(hcl_variable(name, block)?);
    }
    Ok(out)
}

fn bool_attr(e: &Expression) -> bool {
    matches!(constant_value(e), Some(Value::Bool(true)))
}

fn hcl_variable(file: &str, block: &Block) -> Result<(Variable, SetAttrs), ConfigError> {
    let name = match block.labels.as_slice() {
        [l] => l.as_str().to_owned(),
        _ => {
            return Err(ConfigError::Invalid {
                file: file.to_string(),
                message: "a variable block needs exactly one label".into(),
            })
        }
    };
    let mut v = Variable {
        name,
        ..Variable::default()
    };
    let mut set = SetAttrs::default();
    for attr in block.body.attributes() {
        let e = &attr.value;
        match attr.key.value().as_str() {
            "type" => {
                set.type_ = true;
                v.type_constraint =
                    Some(type_constraint(e).ok_or_else(|| ConfigError::Invalid {
                        file: file.to_string(),
                        message: format!("variable {:?}: invalid type constraint", v.name),
                    })?);
            }
            "default" => {
                set.default = true;
                v.default = constant_value(e);
            }
            "description" => {
                set.description = true;
                v.description = match constant_value(e) {
                    Some(Value::String(s)) => Some(s),
                    _ => None,
                };
            }
            "sensitive" => {
                set.sensitive = true;
                v.sensitive = bool_attr(e);
            }
            "ephemeral" => {
                set.ephemeral = true;
                v.ephemeral = bool_attr(e);
            }
            _ => {}
        }
    }
    Ok((v, set))
}

fn json_variables(name: &str, bytes: &[u8]) -> Result<Vec<(Variable, SetAttrs)>, ConfigError> {
    let doc: serde_json::Value =
        serde_json::from_slice(bytes).map_err(|e| ConfigError::Syntax {
            file: name.to_string(),
            line: e.line(),
            message: e.to_string(),
        })?;
    let invalid = |m: String| ConfigError::Invalid {
        file: name.to_string(),
        message: m,
    };
    let mut blocks: Vec<(&String, &serde_json::Value)> = Vec::new();
    match doc.get("variable") {
        None => {}
        Some(serde_json::Value::Object(m)) => blocks.extend(m.iter()),
        Some(serde_json::Value::Array(items)) => {
            for item in items {
                if let serde_json::Value::Object(m) = item {
                    blocks.extend(m.iter());
                }
            }
        }
        Some(_) => return Err(invalid("\"variable\" must be an object".into())),
    }
    let mut out = Vec::new();
    for (vname, body) in blocks {
        let mut v = Variable {
            name: vname.clone(),
            ..Variable::default()
        };
        let mut set = SetAttrs::default();
        if let Some(t) = body.get("type") {
            set.type_ = true;
            let expr = match t {
                serde_json::Value::String(s) => hcl_edit::parser::parse_expr(s).ok(),
                _ => None,
            };
            v.type_constraint =
                Some(expr.as_ref().and_then(type_constraint).ok_or_else(|| {
                    invalid(format!("variable {vname:?}: invalid type constraint"))
                })?);
        }
        if let Some(d) = body.get("default") {
            set.default = true;
            v.default = Some(
                from_json_untyped(d).map_err(|e| invalid(format!("variable {vname:?}: {e}")))?,
            );
        }
        if let Some(serde_json::Value::String(d)) = body.get("description") {
            set.description = true;
            v.description = Some(d.clone());
        }
        if let Some(s) = body.get("sensitive") {
            set.sensitive = true;
            v.sensitive = s.as_bool() == Some(true);
        }
        if let Some(s) = body.get("ephemeral") {
            set.ephemeral = true;
            v.ephemeral = s.as_bool() == Some(true);
        }
        out.push((v, set));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let m = load_module(&[("main.tf", src)]).unwrap();
        let d = |i: usize| m.variables[i].default.clone();
        let n = |s: &str| Value::Number(tfshow_cty::Number::parse(s).unwrap());
        assert_eq!(d(0), Some(Value::Set(vec![n("1"), n("2"), n("3")])));
        assert_eq!(d(1), Some(n("5")));
        assert_eq!(d(2), Some(n("98765432109876543210")));
        assert_eq!(d(3), None);
        assert_eq!(d(4), Some(Value::Null));
    }

    #[test]
    fn syntax_errors_name_file_and_line() {
        let err = load_module(&[("main.tf", b"variable \"x\" {\n  default = \n}\n")]).unwrap_err();
        assert!(err.to_string().starts_with("main.tf:"), "{err}");
    }

    #[test]
    fn override_files_replace_attributes() {
        let m = load_module(&[
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
