//! The resource and action address objects shared by many messages.

use crate::out::Out;
use crate::raw::{kind_of, Extra, Fields, Wire};
use crate::ParseError;

/// The instance key of an address: `resource_key` / `action_key` (the one instance key type
/// of every crate, [`tfshow_addrs::InstanceKey`]).
///
/// Wire form: `null` (no `count`/`for_each`), a number (`count` index) or a string
/// (`for_each` key). Both programs write the key as JSON of its own (`json.Marshal`), so a
/// string key has `<`, `>` and `&` escaped even in OpenTofu's streams, which escape nothing
/// else. Streams have no wildcard key (`[*]`, deferred changes): it is written as `null`.
pub use tfshow_addrs::InstanceKey;

impl Wire for InstanceKey {
    fn decode(raw: &str, at: &str) -> Result<Self, ParseError> {
        match kind_of(raw) {
            "null" => Ok(InstanceKey::None),
            "string" => String::decode(raw, at).map(InstanceKey::Str),
            "number" => i64::decode(raw, at).map(InstanceKey::Int),
            found => Err(ParseError::WrongType {
                path: at.to_owned(),
                expected: "null, number or string",
                found,
            }),
        }
    }
    fn encode(&self, out: &mut Out) {
        match self {
            InstanceKey::None | InstanceKey::Wildcard => out.raw("null"),
            InstanceKey::Int(i) => out.raw(&i.to_string()),
            InstanceKey::Str(s) => out.string_html_escaped(s),
        }
    }
}

/// A resource instance, decomposed (`resource` objects).
///
/// Wire format (key order as written):
///
/// ```json
/// {"addr":"module.pets.random_pet.pet[\"friend\"]","module":"module.pets",
///  "resource":"random_pet.pet[\"friend\"]","implied_provider":"random",
///  "resource_type":"random_pet","resource_name":"pet","resource_key":"friend"}
/// ```
///
/// - `addr`: the absolute instance address;
/// - `module`: the module instance address, `""` in the root module;
/// - `resource`: the address relative to its module (`data.` prefix for data sources);
/// - `implied_provider`: the resource type up to its first `_` (not the real provider);
/// - `resource_type`, `resource_name`;
/// - `resource_key`: see [`InstanceKey`].
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ResourceAddr {
    /// `addr`.
    pub addr: String,
    /// `module`.
    pub module: String,
    /// `resource`.
    pub resource: String,
    /// `implied_provider`.
    pub implied_provider: String,
    /// `resource_type`.
    pub resource_type: String,
    /// `resource_name`.
    pub resource_name: String,
    /// `resource_key`.
    pub resource_key: InstanceKey,
    /// Members this library does not know.
    pub extra: Extra,
}

impl ResourceAddr {
    /// Decomposes an absolute resource instance address (`module.a[0].data.t.n["k"]`).
    pub fn from_address(address: &str) -> Result<ResourceAddr, tfshow_addrs::ParseError> {
        let a = tfshow_addrs::AbsResourceInstance::parse(address)?;
        let key = match &a.key {
            tfshow_addrs::InstanceKey::Int(i) => InstanceKey::Int(*i),
            tfshow_addrs::InstanceKey::Str(s) => InstanceKey::Str(s.clone()),
            tfshow_addrs::InstanceKey::None | tfshow_addrs::InstanceKey::Wildcard => {
                InstanceKey::None
            }
        };
        Ok(ResourceAddr {
            addr: a.to_string(),
            module: a.module_address(),
            resource: format!("{}{}.{}{}", a.mode.prefix(), a.type_, a.name, a.key),
            implied_provider: implied_provider(&a.type_).to_owned(),
            resource_type: a.type_.clone(),
            resource_name: a.name.clone(),
            resource_key: key,
            extra: Extra::new(),
        })
    }
}

pub use tfshow_addrs::implied_provider;

impl Wire for ResourceAddr {
    fn decode(raw: &str, at: &str) -> Result<Self, ParseError> {
        let mut f = Fields::new(raw, at)?;
        Ok(ResourceAddr {
            addr: f.req("addr")?,
            module: f.req("module")?,
            resource: f.req("resource")?,
            implied_provider: f.req("implied_provider")?,
            resource_type: f.req("resource_type")?,
            resource_name: f.req("resource_name")?,
            resource_key: f.req("resource_key")?,
            extra: f.finish(),
        })
    }
    fn encode(&self, out: &mut Out) {
        out.begin_object();
        out.key("addr");
        out.string(&self.addr);
        out.key("module");
        out.string(&self.module);
        out.key("resource");
        out.string(&self.resource);
        out.key("implied_provider");
        out.string(&self.implied_provider);
        out.key("resource_type");
        out.string(&self.resource_type);
        out.key("resource_name");
        out.string(&self.resource_name);
        out.key("resource_key");
        self.resource_key.encode(out);
        write_extra(out, &self.extra);
        out.end_object();
    }
}

/// An action instance, decomposed (Terraform 1.14+; `action_addr` / `action` objects).
///
/// Wire format: `{"addr":…,"module":…,"action":"action.T.N[0]","implied_provider":…,
/// "action_type":…,"action_name":…,"action_key":null|number|string}`.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ActionAddr {
    /// `addr`: the absolute action instance address.
    pub addr: String,
    /// `module`.
    pub module: String,
    /// `action`: the address relative to its module.
    pub action: String,
    /// `implied_provider`.
    pub implied_provider: String,
    /// `action_type`.
    pub action_type: String,
    /// `action_name`.
    pub action_name: String,
    /// `action_key`.
    pub action_key: InstanceKey,
    /// Members this library does not know.
    pub extra: Extra,
}

impl ActionAddr {
    /// Decomposes an absolute action instance address (`module.m.action.t.n[0]`).
    pub fn from_address(address: &str) -> Option<ActionAddr> {
        // The module path ends where a `action.` step begins; try each candidate.
        let starts = std::iter::once(0).chain(
            address
                .char_indices()
                .filter(|&(i, c)| c == '.' && address[i + 1..].starts_with("action."))
                .map(|(i, _)| i + 1),
        );
        for start in starts {
            let Some(rest) = address[start..].strip_prefix("action.") else {
                continue;
            };
            let module = if start == 0 {
                String::new()
            } else {
                match tfshow_addrs::ModuleInstance::parse(&address[..start - 1]) {
                    Ok(m) => m.to_string(),
                    Err(_) => continue,
                }
            };
            let Ok(a) = tfshow_addrs::AbsResourceInstance::parse(rest) else {
                continue;
            };
            if !a.module.is_root() || a.mode != tfshow_addrs::ResourceMode::Managed {
                continue;
            }
            let key = match &a.key {
                tfshow_addrs::InstanceKey::Int(i) => InstanceKey::Int(*i),
                tfshow_addrs::InstanceKey::Str(s) => InstanceKey::Str(s.clone()),
                _ => InstanceKey::None,
            };
            let action = format!("action.{}.{}{}", a.type_, a.name, a.key);
            return Some(ActionAddr {
                addr: if module.is_empty() {
                    action.clone()
                } else {
                    format!("{module}.{action}")
                },
                module,
                action,
                implied_provider: implied_provider(&a.type_).to_owned(),
                action_type: a.type_.clone(),
                action_name: a.name.clone(),
                action_key: key,
                extra: Extra::new(),
            });
        }
        None
    }
}

impl Wire for ActionAddr {
    fn decode(raw: &str, at: &str) -> Result<Self, ParseError> {
        let mut f = Fields::new(raw, at)?;
        Ok(ActionAddr {
            addr: f.req("addr")?,
            module: f.req("module")?,
            action: f.req("action")?,
            implied_provider: f.req("implied_provider")?,
            action_type: f.req("action_type")?,
            action_name: f.req("action_name")?,
            action_key: f.req("action_key")?,
            extra: f.finish(),
        })
    }
    fn encode(&self, out: &mut Out) {
        out.begin_object();
        out.key("addr");
        out.string(&self.addr);
        out.key("module");
        out.string(&self.module);
        out.key("action");
        out.string(&self.action);
        out.key("implied_provider");
        out.string(&self.implied_provider);
        out.key("action_type");
        out.string(&self.action_type);
        out.key("action_name");
        out.string(&self.action_name);
        out.key("action_key");
        self.action_key.encode(out);
        write_extra(out, &self.extra);
        out.end_object();
    }
}

/// Writes unknown members after the known ones.
pub(crate) fn write_extra(out: &mut Out, extra: &Extra) {
    for (k, v) in extra {
        out.key(k);
        out.raw(v.as_str());
    }
}

/// Writes `"key":value` when `value` is present.
pub(crate) fn write_opt<T: Wire>(out: &mut Out, key: &str, value: &Option<T>) {
    if let Some(v) = value {
        out.key(key);
        v.encode(out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decomposes_addresses() {
        let a =
            ResourceAddr::from_address(r#"module.pets["x"].data.random_pet.pet["a\"b"]"#).unwrap();
        assert_eq!(a.module, r#"module.pets["x"]"#);
        assert_eq!(a.resource, r#"data.random_pet.pet["a\"b"]"#);
        assert_eq!(a.implied_provider, "random");
        assert_eq!(a.resource_key, InstanceKey::Str("a\"b".into()));
        let b = ActionAddr::from_address("module.action.action.aws_lambda_invoke.x[2]").unwrap();
        assert_eq!(b.module, "module.action");
        assert_eq!(b.action, "action.aws_lambda_invoke.x[2]");
        assert_eq!(b.action_key, InstanceKey::Int(2));
        assert_eq!(implied_provider("terraform"), "terraform");
    }
}
