//! Format 3 to the format 4 model, as Terraform upgrades it in memory before showing it:
//! resources become one entry per resource with its instances (the current object and the
//! deposed ones, keyed `00000001`, `00000002`, … in file order), legacy provider references
//! become `[module.M.]provider.TYPE[.ALIAS]` (the module's implied provider when there is
//! none), the SDK's `meta.schema_version` becomes the schema version and the rest of `meta`
//! the private data, flat attributes stay flat (`attributes_flat`), and root outputs get the
//! type their value implies. `depends_on` is dropped, as Terraform drops it.

use std::collections::BTreeMap;

use base64::Engine as _;
use serde_json::Value;

use super::json::At;
use super::model::{LegacyObject, LegacyState};
use super::output_type::implied_type;
use crate::model::{Instance, Mode, OutputValue, Resource, State};
use crate::read::StateError;
use crate::InstanceKey;

/// Upgrades a format 3 state.
pub(crate) fn upgrade(old: LegacyState) -> Result<State, StateError> {
    if old.serial < 0 {
        return Err(At::root()
            .field("serial")
            .error("a serial cannot be negative"));
    }
    // By module, mode (data first), type and name.
    let mut resources: BTreeMap<(String, u8, String, String), Resource> = BTreeMap::new();
    let mut outputs = BTreeMap::new();
    for m in old.modules {
        let at = At(m.at);
        let module = module_address(&m.path, &at.field("path"))?;
        for (legacy, r) in m.resources {
            let at = at.field("resources").key(&legacy);
            let addr = parse_address(&legacy).map_err(|e| at.error(e))?;
            let key = (
                module.clone(),
                addr.mode.rank(tfshow_addrs::ModeOrder::Terraform),
                addr.type_.clone(),
                addr.name.clone(),
            );
            if !resources.contains_key(&key) {
                let provider = provider(&r.provider, &module, &addr.type_)
                    .map_err(|e| at.field("provider").error(e))?;
                let resource = Resource {
                    module: module.clone(),
                    mode: addr.mode,
                    type_: addr.type_.clone(),
                    name: addr.name.clone(),
                    provider,
                    instances: Vec::new(),
                };
                resources.insert(key.clone(), resource);
            }
            let Some(resource) = resources.get_mut(&key) else {
                continue;
            };
            let index_key = addr.key.map_or(InstanceKey::None, InstanceKey::Int);
            if let Some(p) = r.primary {
                if resource
                    .instances
                    .iter()
                    .any(|i| i.deposed.is_empty() && i.index_key == index_key)
                {
                    return Err(at.error("another entry of the file is the same resource instance"));
                }
                let i = instance(p, index_key.clone(), String::new(), &at.field("primary"))?;
                resource.instances.push(i);
            }
            for (n, d) in r.deposed.into_iter().enumerate() {
                // Numbered from 1 in file order, as Terraform numbers them.
                let deposed = format!("{:08x}", n + 1);
                if resource
                    .instances
                    .iter()
                    .any(|i| i.deposed == deposed && i.index_key == index_key)
                {
                    return Err(at.error("another entry of the file is the same resource instance"));
                }
                let i = instance(d, index_key.clone(), deposed, &at.field("deposed").index(n))?;
                resource.instances.push(i);
            }
        }
        if m.path.len() == 1 {
            for (name, o) in m.outputs {
                let at = at.field("outputs").key(&name);
                let value = go_json_value(o.value, 0).map_err(|e| at.field("value").error(e))?;
                let ty = implied_type(&value).map_err(|e| at.field("value").error(e))?;
                let output = OutputValue {
                    value,
                    ty,
                    sensitive: o.sensitive,
                };
                outputs.insert(name, output);
            }
        }
    }
    let mut resources: Vec<Resource> = resources.into_values().collect();
    for r in &mut resources {
        r.instances.sort_by(|a, b| {
            a.index_key
                .cmp(&b.index_key)
                .then_with(|| a.deposed.cmp(&b.deposed))
        });
    }
    Ok(State {
        version: 4,
        terraform_version: if old.terraform_version.is_empty() {
            // Terraform records a version older than any real one when the file names none.
            "0.0.0".to_owned()
        } else {
            old.terraform_version
        },
        serial: u64::try_from(old.serial).unwrap_or_default(),
        lineage: old.lineage,
        outputs: outputs.into_iter().collect(),
        resources,
        check_results: None,
        upgraded_from: None,
    })
}

/// `module.a.module.b` for the path `["root", "a", "b"]`; every name must be an identifier.
fn module_address(path: &[String], at: &At) -> Result<String, StateError> {
    let Some(("root", rest)) = path.split_first().map(|(f, r)| (f.as_str(), r)) else {
        return Err(at.error("a module path must start with \"root\""));
    };
    let mut out = String::new();
    for name in rest {
        if !tfshow_addrs::is_identifier(name) {
            return Err(at.error(format!(
                "module name {name:?} is not a valid identifier (rename it with Terraform 0.11 first)"
            )));
        }
        if !out.is_empty() {
            out.push('.');
        }
        out.push_str("module.");
        out.push_str(name);
    }
    Ok(out)
}

/// A legacy resource address: `[data.]TYPE.NAME[.INDEX]`.
struct LegacyAddress {
    mode: Mode,
    type_: String,
    name: String,
    key: Option<i64>,
}

fn parse_address(s: &str) -> Result<LegacyAddress, String> {
    let invalid = || format!("invalid resource address {s:?}: expected [data.]TYPE.NAME[.INDEX]");
    let mut parts: Vec<&str> = s.split('.').collect();
    if !(2..=4).contains(&parts.len()) {
        return Err(invalid());
    }
    let mode = if parts.len() > 2 && parts[0] == "data" {
        parts.remove(0);
        Mode::Data
    } else {
        Mode::Managed
    };
    let [type_, name, index @ ..] = parts.as_slice() else {
        return Err(invalid());
    };
    let key = match index {
        [] => None,
        [i] => Some(
            go_parse_int(i)
                .ok_or_else(|| format!("invalid index {i:?} in resource address {s:?}"))?,
        ),
        _ => return Err(invalid()),
    };
    Ok(LegacyAddress {
        mode,
        type_: (*type_).to_owned(),
        name: (*name).to_owned(),
        key,
    })
}

/// An integer as Go's `strconv.ParseInt(s, 0, 64)` reads it: an optional sign, then decimal
/// digits, or `0x` hexadecimal, `0o` or `0` octal, or `0b` binary ones, with single `_`
/// between digits (and after a base prefix).
fn go_parse_int(s: &str) -> Option<i64> {
    let (negative, s) = match s.as_bytes().first()? {
        b'-' => (true, &s[1..]),
        b'+' => (false, &s[1..]),
        _ => (false, s),
    };
    let b = s.as_bytes();
    let (radix, digits): (u32, &[u8]) = match b {
        [] => return None,
        [b'0', p, _, ..] if matches!(p.to_ascii_lowercase(), b'b' | b'o' | b'x') => {
            let radix = match p.to_ascii_lowercase() {
                b'b' => 2,
                b'o' => 8,
                _ => 16,
            };
            (radix, &b[2..])
        }
        [b'0', rest @ ..] => (8, rest),
        _ => (10, b),
    };
    let mut n: u64 = 0;
    let mut underscores = false;
    for &c in digits {
        if c == b'_' {
            underscores = true;
            continue;
        }
        let d = char::from(c).to_digit(36)?;
        if d >= radix {
            return None;
        }
        n = n.checked_mul(u64::from(radix))?.checked_add(u64::from(d))?;
    }
    if underscores && !underscores_ok(b) {
        return None;
    }
    if negative {
        (n <= 1 << 63).then(|| 0i64.wrapping_sub_unsigned(n))
    } else {
        i64::try_from(n).ok()
    }
}

/// Go's rule for `_` in a number read with base 0 (`s` without its sign): each one follows a
/// digit or the base prefix and is followed by a digit.
fn underscores_ok(s: &[u8]) -> bool {
    #[derive(PartialEq)]
    enum Saw {
        Start,
        Digit,
        Underscore,
        Other,
    }
    let mut saw = Saw::Start;
    let mut rest = s;
    let mut hex = false;
    if let [b'0', p, tail @ ..] = s {
        if matches!(p.to_ascii_lowercase(), b'b' | b'o' | b'x') {
            saw = Saw::Digit;
            hex = p.eq_ignore_ascii_case(&b'x');
            rest = tail;
        }
    }
    for &c in rest {
        if c.is_ascii_digit() || (hex && c.is_ascii_hexdigit()) {
            saw = Saw::Digit;
        } else if c == b'_' {
            if saw != Saw::Digit {
                return false;
            }
            saw = Saw::Underscore;
        } else if saw == Saw::Underscore {
            return false;
        } else {
            saw = Saw::Other;
        }
    }
    saw != Saw::Underscore
}

/// The provider configuration of a resource, as `[module.M.]provider.TYPE[.ALIAS]`: a
/// reference that names a module or `provider.` is an absolute one, any other (`TYPE` or
/// `TYPE.ALIAS`) is a configuration of the resource's module, and none is the default
/// configuration of the provider the resource type implies, in the resource's module.
fn provider(written: &str, module: &str, resource_type: &str) -> Result<String, String> {
    let prefix = |m: &str| {
        if m.is_empty() {
            String::new()
        } else {
            format!("{m}.")
        }
    };
    if written.contains("provider.") {
        let p = tfshow_addrs::AbsProviderConfig::parse(written)
            .map_err(|e| format!("{e}{}", interpolation_hint(written)))?;
        let names_ok = p
            .module
            .0
            .iter()
            .map(String::as_str)
            .chain([p.provider.type_.as_str()])
            .chain(p.alias.as_deref())
            .all(tfshow_addrs::is_identifier);
        if written.contains("provider[") || !names_ok {
            return Err(format!(
                "invalid legacy provider reference {written:?}: expected [module.NAME.]provider.TYPE[.ALIAS]{}",
                interpolation_hint(written)
            ));
        }
        let alias = p.alias.map(|a| format!(".{a}")).unwrap_or_default();
        return Ok(format!(
            "{}provider.{}{alias}",
            prefix(&p.module.to_string()),
            p.provider.type_
        ));
    }
    if written.is_empty() {
        let implied = tfshow_addrs::implied_provider(resource_type);
        if !tfshow_addrs::is_identifier(implied) {
            return Err(format!(
                "resource type {resource_type:?} implies no valid provider name"
            ));
        }
        return Ok(format!("{}provider.{implied}", prefix(module)));
    }
    let compact: String = written
        .chars()
        .filter(|c| !matches!(c, ' ' | '\t'))
        .collect();
    let (name, alias) = match compact.split_once('.') {
        Some((n, a)) => (n, Some(a)),
        None => (compact.as_str(), None),
    };
    if !tfshow_addrs::is_identifier(name) || !alias.is_none_or(tfshow_addrs::is_identifier) {
        return Err(format!(
            "invalid legacy provider reference {written:?}: expected TYPE or TYPE.ALIAS{}",
            interpolation_hint(written)
        ));
    }
    let alias = alias.map(|a| format!(".{a}")).unwrap_or_default();
    Ok(format!("{}provider.{name}{alias}", prefix(module)))
}

/// Terraform 0.11 stored provider aliases with interpolation sequences, which were never valid.
fn interpolation_hint(written: &str) -> &'static str {
    if written.contains("${") {
        " (an alias with an interpolation sequence was never valid: rename it with Terraform 0.11 first)"
    } else {
        ""
    }
}

/// One object of a resource instance in the format 4 model.
fn instance(
    o: LegacyObject,
    index_key: InstanceKey,
    deposed: String,
    at: &At,
) -> Result<Instance, StateError> {
    let (schema_version, migrated) = match o.meta.get("schema_version") {
        Some(Value::String(s)) if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) => {
            match s.parse::<u64>() {
                Ok(v) => (v, true),
                Err(_) => (0, false),
            }
        }
        Some(Value::Number(n)) => (go_float_to_u64(n), true),
        _ => (0, false),
    };
    let mut private = o.meta;
    if migrated {
        private.remove("schema_version");
    }
    let private = if private.is_empty() {
        None
    } else {
        private.sort_keys();
        let json =
            serde_json::to_vec(&private).map_err(|e| at.field("meta").error(e.to_string()))?;
        Some(base64::engine::general_purpose::STANDARD.encode(json))
    };
    let mut attributes = o.attributes;
    if !o.id.is_empty() {
        let attrs = attributes.get_or_insert_with(BTreeMap::new);
        if attrs.get("id").is_none_or(String::is_empty) {
            attrs.insert("id".to_owned(), o.id);
        }
    }
    Ok(Instance {
        index_key,
        tainted: o.tainted,
        deposed,
        schema_version,
        attributes: Value::Object(Default::default()),
        attributes_flat: attributes.map(|m| m.into_iter().collect()),
        sensitive_attributes: Vec::new(),
        identity_schema_version: 0,
        identity: None,
        private,
        dependencies: Vec::new(),
        create_before_destroy: false,
        skip_destroy: false,
        provider: None,
    })
}

/// A JSON number as Go converts the `float64` it decodes it to into a `uint64` (on amd64):
/// the fraction is dropped, a negative number wraps around.
fn go_float_to_u64(n: &serde_json::Number) -> u64 {
    let f = n.as_f64().unwrap_or(0.0);
    if f.is_nan() {
        0
    } else if f < 0.0 {
        (f as i64) as u64
    } else {
        f as u64
    }
}

/// An output value as it comes back from the Go `interface{}` Terraform decodes it into:
/// numbers go through a 64-bit float (`12345678901234567890` comes back as
/// `12345678901234567000`); one too large for it is an error, as it is for Terraform.
fn go_json_value(v: Value, depth: usize) -> Result<Value, String> {
    if depth >= tfshow_cty::types::MAX_TYPE_DEPTH {
        return Err(format!(
            "the value nests deeper than {} levels",
            tfshow_cty::types::MAX_TYPE_DEPTH
        ));
    }
    Ok(match v {
        Value::Number(n) => {
            let f = n
                .as_f64()
                .filter(|f| f.is_finite())
                .ok_or("a number does not fit a 64-bit float")?;
            let text = format!("{f}");
            Value::Number(
                serde_json::from_str::<serde_json::Number>(&text).map_err(|e| e.to_string())?,
            )
        }
        Value::Array(a) => Value::Array(
            a.into_iter()
                .map(|e| go_json_value(e, depth + 1))
                .collect::<Result<_, _>>()?,
        ),
        Value::Object(m) => {
            let mut entries: Vec<(String, Value)> = m
                .into_iter()
                .map(|(k, e)| Ok((k, go_json_value(e, depth + 1)?)))
                .collect::<Result<_, String>>()?;
            entries.sort_by(|a, b| a.0.cmp(&b.0));
            Value::Object(entries.into_iter().collect())
        }
        other => other,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_go_integers() {
        for (s, want) in [
            ("0", Some(0)),
            ("12", Some(12)),
            ("-1", Some(-1)),
            ("+7", Some(7)),
            ("0x1f", Some(31)),
            ("0X1F", Some(31)),
            ("010", Some(8)),
            ("0o17", Some(15)),
            ("0b101", Some(5)),
            ("1_0", Some(10)),
            ("1__0", None),
            ("_1", None),
            ("0x_1f", Some(31)),
            ("0_10", Some(8)),
            ("0x1__f", None),
            ("0x1f_", None),
            ("9223372036854775807", Some(i64::MAX)),
            ("-9223372036854775808", Some(i64::MIN)),
            ("9223372036854775808", None),
            ("", None),
            ("-", None),
            ("0x", None),
            ("08", None),
            ("1e3", None),
            ("--1", None),
            ("-+1", None),
        ] {
            assert_eq!(go_parse_int(s), want, "{s:?}");
        }
    }

    #[test]
    fn parses_legacy_addresses() {
        let a = parse_address("data.null_data_source.x.0").unwrap();
        assert_eq!(
            (a.mode, a.type_.as_str(), a.name.as_str(), a.key),
            (Mode::Data, "null_data_source", "x", Some(0))
        );
        let a = parse_address("data.x").unwrap();
        assert_eq!(
            (a.mode, a.type_.as_str(), a.name.as_str()),
            (Mode::Managed, "data", "x")
        );
        for bad in ["x", "a.b.c.d", "a.b.c", "data.a.b.c.d", "a.b.0.1"] {
            assert!(parse_address(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn legacy_provider_references() {
        let p = |w: &str, m: &str| provider(w, m, "aws_instance");
        assert_eq!(p("", "").unwrap(), "provider.aws");
        assert_eq!(p("", "module.a").unwrap(), "module.a.provider.aws");
        assert_eq!(
            p("aws.west", "module.a").unwrap(),
            "module.a.provider.aws.west"
        );
        assert_eq!(
            p("provider.aws.west", "module.a").unwrap(),
            "provider.aws.west"
        );
        assert_eq!(
            p("module.b.provider. aws", "module.a").unwrap(),
            "module.b.provider.aws"
        );
        for bad in [
            "aws.${var.x}",
            "provider.aws.a.b",
            "module.b[0].provider.aws",
            "provider[\"registry.terraform.io/hashicorp/aws\"]",
            "myprovider.aws",
            "1aws",
        ] {
            assert!(p(bad, "").is_err(), "{bad}");
        }
        assert!(provider("", "", "x y_z").is_err());
    }
}
