//! Resource addresses: [`AbsResourceInstance`] (`module.a[0].data.t.n["k"]`) and the coarser
//! [`AbsResource`] and [`ConfigResource`].

use crate::cursor::Cursor;
use crate::error::ParseError;
use crate::key::InstanceKey;
use crate::module::{parse_prefix, Module, ModuleInstance};
use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

/// The kind of block that declares a resource.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ResourceMode {
    /// A `resource` block; addresses have no prefix.
    Managed,
    /// A `data` block; addresses start with `data.`.
    Data,
    /// An `ephemeral` block (Terraform 1.10+); addresses start with `ephemeral.`.
    Ephemeral,
    /// A `list` block (Terraform 1.14+ queries); addresses start with `list.`.
    List,
}

impl ResourceMode {
    /// The mode as documents write it (`managed`, `data`, `ephemeral`, `list`).
    pub fn as_str(self) -> &'static str {
        match self {
            ResourceMode::Managed => "managed",
            ResourceMode::Data => "data",
            ResourceMode::Ephemeral => "ephemeral",
            ResourceMode::List => "list",
        }
    }

    /// The mode a document's `mode` names (`None` for an unknown name).
    pub fn from_name(name: &str) -> Option<ResourceMode> {
        [
            ResourceMode::Managed,
            ResourceMode::Data,
            ResourceMode::Ephemeral,
            ResourceMode::List,
        ]
        .into_iter()
        .find(|m| m.as_str() == name)
    }

    /// The address prefix of this mode, including its dot (`""` for managed resources).
    pub fn prefix(self) -> &'static str {
        match self {
            ResourceMode::Managed => "",
            ResourceMode::Data => "data.",
            ResourceMode::Ephemeral => "ephemeral.",
            ResourceMode::List => "list.",
        }
    }

    /// The mode's place in `order`. Terraform sorts data resources before all others; it
    /// leaves the other modes unordered, so this crate orders them managed, ephemeral, list
    /// to stay deterministic. OpenTofu sorts ephemeral, data, managed.
    pub fn rank(self, order: ModeOrder) -> u8 {
        match (order, self) {
            (ModeOrder::Terraform, ResourceMode::Data) => 0,
            (ModeOrder::Terraform, ResourceMode::Managed) => 1,
            (ModeOrder::Terraform, ResourceMode::Ephemeral) => 2,
            (ModeOrder::OpenTofu, ResourceMode::Ephemeral) => 0,
            (ModeOrder::OpenTofu, ResourceMode::Data) => 1,
            (ModeOrder::OpenTofu, ResourceMode::Managed) => 2,
            (_, ResourceMode::List) => 3,
        }
    }

    /// Reads an optional mode prefix.
    fn parse_prefix(cur: &mut Cursor<'_>) -> Self {
        [
            ResourceMode::Data,
            ResourceMode::Ephemeral,
            ResourceMode::List,
        ]
        .into_iter()
        .find(|mode| cur.eat_keyword(mode.prefix().trim_end_matches('.')))
        .unwrap_or(ResourceMode::Managed)
    }
}

/// How a program orders resource modes when it sorts addresses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ModeOrder {
    /// Data resources first (Terraform, and OpenTofu before ephemeral resources).
    #[default]
    Terraform,
    /// Ephemeral, then data, then managed resources (OpenTofu 1.11+, `ResourceModeLess`).
    OpenTofu,
}

/// Writes `[data.]TYPE.NAME`.
fn write_resource(
    f: &mut fmt::Formatter<'_>,
    mode: ResourceMode,
    type_: &str,
    name: &str,
) -> fmt::Result {
    write!(f, "{}{type_}.{name}", mode.prefix())
}

/// The address of one resource instance in one module instance.
///
/// `Display` writes Terraform's exact string form and [`AbsResourceInstance::parse`] reads it
/// back. [`Ord`] is Terraform's `AbsResourceInstance.Less` (see
/// [`cmp_terraform`](Self::cmp_terraform)).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AbsResourceInstance {
    /// The module instance containing the resource.
    pub module: ModuleInstance,
    /// Managed, data, ...
    pub mode: ResourceMode,
    /// The resource type, e.g. `aws_instance`.
    pub type_: String,
    /// The resource name from the configuration.
    pub name: String,
    /// The instance key.
    pub key: InstanceKey,
}

impl AbsResourceInstance {
    /// Parses e.g. `module.a["x"].module.b[0].data.aws_ami.foo["k"]`.
    ///
    /// Accepts the wildcard key `[*]` of deferred changes in module steps and on the resource.
    pub fn parse(input: &str) -> Result<Self, ParseError> {
        Self::parse_cursor(&mut Cursor::new(input)).map_err(|reason| ParseError {
            what: "resource instance address",
            input: input.to_owned(),
            reason,
        })
    }

    fn parse_cursor(cur: &mut Cursor<'_>) -> Result<Self, String> {
        let module = parse_prefix(cur)?;
        let mode = ResourceMode::parse_prefix(cur);
        let type_ = cur.name()?.to_owned();
        cur.require('.')?;
        let name = cur.name()?.to_owned();
        let key = cur.key()?;
        cur.expect_end()?;
        Ok(AbsResourceInstance {
            module,
            mode,
            type_,
            name,
            key,
        })
    }

    /// Terraform's `AbsResourceInstance.Less` as a total order: module instance path (shorter
    /// first, then step-wise name and key), then mode (data first), type, name (byte order)
    /// and instance key (none < wildcard < int < string).
    pub fn cmp_terraform(&self, other: &Self) -> Ordering {
        self.cmp_in(other, ModeOrder::Terraform)
    }

    /// [`AbsResourceInstance::cmp_terraform`] with the modes in `order`.
    pub fn cmp_in(&self, other: &Self, order: ModeOrder) -> Ordering {
        self.cmp_resource(other, order)
            .then_with(|| self.key.cmp(&other.key))
    }

    /// [`AbsResourceInstance::cmp_in`] of the resources, keys left out.
    pub(crate) fn cmp_resource(&self, other: &Self, order: ModeOrder) -> Ordering {
        self.module
            .cmp(&other.module)
            .then_with(|| self.mode.rank(order).cmp(&other.mode.rank(order)))
            .then_with(|| self.type_.as_bytes().cmp(other.type_.as_bytes()))
            .then_with(|| self.name.as_bytes().cmp(other.name.as_bytes()))
    }

    /// The string form of the module instance part (`""` in the root module).
    pub fn module_address(&self) -> String {
        use std::fmt::Write as _;
        // Room for the usual keys, so that the text is not copied as it grows.
        let room = (self.module.0.iter()).map(|s| s.name.len() + 16).sum();
        let mut out = String::with_capacity(room);
        let _ = write!(out, "{}", self.module);
        out
    }

    /// The resource containing this instance.
    pub fn abs_resource(&self) -> AbsResource {
        AbsResource {
            module: self.module.clone(),
            mode: self.mode,
            type_: self.type_.clone(),
            name: self.name.clone(),
        }
    }

    /// The configuration resource: the module path without keys, no instance key.
    pub fn config_resource(&self) -> ConfigResource {
        ConfigResource {
            module: self.module.module(),
            mode: self.mode,
            type_: self.type_.clone(),
            name: self.name.clone(),
        }
    }
}

impl Ord for AbsResourceInstance {
    fn cmp(&self, other: &Self) -> Ordering {
        self.cmp_terraform(other)
    }
}

impl PartialOrd for AbsResourceInstance {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for AbsResourceInstance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.module.is_root() {
            write!(f, "{}.", self.module)?;
        }
        write_resource(f, self.mode, &self.type_, &self.name)?;
        write!(f, "{}", self.key)
    }
}

impl FromStr for AbsResourceInstance {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse(s)
    }
}

/// A resource (all its instances) in one module instance: `module.a[0].aws_instance.web`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AbsResource {
    /// The module instance containing the resource.
    pub module: ModuleInstance,
    /// Managed, data, ...
    pub mode: ResourceMode,
    /// The resource type.
    pub type_: String,
    /// The resource name.
    pub name: String,
}

impl fmt::Display for AbsResource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.module.is_root() {
            write!(f, "{}.", self.module)?;
        }
        write_resource(f, self.mode, &self.type_, &self.name)
    }
}

/// A resource block in a static module path: `module.a.module.b.aws_instance.web`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ConfigResource {
    /// The module path, without instance keys.
    pub module: Module,
    /// Managed, data, ...
    pub mode: ResourceMode,
    /// The resource type.
    pub type_: String,
    /// The resource name.
    pub name: String,
}

impl fmt::Display for ConfigResource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.module.is_root() {
            write!(f, "{}.", self.module)?;
        }
        write_resource(f, self.mode, &self.type_, &self.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::AbsProviderConfig;

    fn parse(s: &str) -> AbsResourceInstance {
        AbsResourceInstance::parse(s).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn parses_parts() {
        let a = parse(r#"module.a["x"].module.b[0].data.aws_ami.foo["k"]"#);
        assert_eq!(a.module_address(), r#"module.a["x"].module.b[0]"#);
        assert_eq!(a.mode, ResourceMode::Data);
        assert_eq!(a.type_, "aws_ami");
        assert_eq!(a.name, "foo");
        assert_eq!(a.key, InstanceKey::Str("k".into()));
        assert_eq!(
            a.abs_resource().to_string(),
            r#"module.a["x"].module.b[0].data.aws_ami.foo"#
        );
        assert_eq!(
            a.config_resource().to_string(),
            "module.a.module.b.data.aws_ami.foo"
        );

        let b = parse("null_resource.x");
        assert_eq!(b.module_address(), "");
        assert_eq!(b.mode, ResourceMode::Managed);
        assert_eq!(b.key, InstanceKey::None);
        assert_eq!(b.config_resource().to_string(), "null_resource.x");
        assert_eq!(
            parse("ephemeral.random_password.p").mode,
            ResourceMode::Ephemeral
        );
        assert_eq!(parse("list.aws_instance.all").mode, ResourceMode::List);
    }

    #[test]
    fn round_trips() {
        for s in [
            "aws_instance.web",
            "aws_instance.web[0]",
            "aws_instance.web[-1]",
            r#"aws_instance.web["a"]"#,
            "data.aws_ami.foo",
            "module.child.aws_instance.web",
            r#"module.a["x"].module.b[0].data.aws_ami.foo["k"]"#,
            r#"oracle_thing.set["a.b"]"#,
            r#"oracle_thing.set["q\"uote"]"#,
            r#"oracle_thing.set["back\\slash"]"#,
            r#"oracle_thing.set["new\nline"]"#,
            r#"oracle_thing.set["sp ace/slash[bracket]"]"#,
            r#"oracle_thing.set["ünïcødé"]"#,
            r#"oracle_thing.set["$${x}%%{y}"]"#,
            r#"oracle_thing.set["\u00a0"]"#,
            r#"oracle_thing.set[""]"#,
            "module.m[*].null_resource.r[*]",
            "thing-with-dash.name-with-dash",
            "ephemeral.random_password.p",
        ] {
            assert_eq!(parse(s).to_string(), s);
            assert_eq!(s.parse::<AbsResourceInstance>().unwrap(), parse(s));
        }
    }

    #[test]
    fn rejects_bad_input() {
        for s in [
            "",
            "aws_instance",
            "aws_instance.",
            ".web",
            "aws_instance.web.extra",
            "aws_instance.web[0].x",
            "aws_instance.web[0",
            "aws_instance.web[x]",
            "aws_instance.web[1.5]",
            "aws_instance.web[99999999999999999999]",
            r#"aws_instance.web["${x}"]"#,
            "module.a",
            "module.a.",
            "module.a[0]aws_instance.web",
            "data.foo",
            "0abc.name",
            "aws instance.web",
            "aws_instance.web ",
        ] {
            let err = AbsResourceInstance::parse(s).unwrap_err();
            assert_eq!(err.input, s);
            assert!(err.to_string().contains("resource instance address"));
        }
    }

    #[test]
    fn never_panics_on_prefixes() {
        let full = r#"module.a["x\u00e9${"].module.b[12].data.t.n["k\n"]"#;
        for (i, _) in full.char_indices() {
            let prefix = &full[..i];
            let _ = AbsResourceInstance::parse(prefix);
            let _ = AbsProviderConfig::parse(prefix);
            let _ = ModuleInstance::parse(prefix);
        }
    }

    #[test]
    fn error_names_input_and_position() {
        let err = AbsResourceInstance::parse("aws_instance.web[x]").unwrap_err();
        assert_eq!(
            err.to_string(),
            r#"invalid resource instance address "aws_instance.web[x]": expected an instance key at byte 17, found 'x'"#
        );
    }

    #[test]
    fn sorts_like_terraform() {
        let input = [
            r#"b.a["x"]"#,
            "module.m.a.a",
            "b.a[10]",
            "a.z",
            "data.z.z",
            "b.a[2]",
            "b.a",
            "module.m[0].a.a",
            "module.a.module.b.a.a",
            "data.a.a",
            "b.b",
            "ephemeral.a.a",
            "B.a",
        ];
        let mut v: Vec<AbsResourceInstance> = input.iter().map(|s| parse(s)).collect();
        v.sort_by(AbsResourceInstance::cmp_terraform);
        let got: Vec<String> = v.iter().map(ToString::to_string).collect();
        assert_eq!(
            got,
            [
                "data.a.a",
                "data.z.z",
                "B.a",
                "a.z",
                "b.a",
                "b.a[2]",
                "b.a[10]",
                r#"b.a["x"]"#,
                "b.b",
                "ephemeral.a.a",
                "module.m.a.a",
                "module.m[0].a.a",
                "module.a.module.b.a.a",
            ]
        );
    }
}
