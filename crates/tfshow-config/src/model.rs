//! The configuration model: what each module declares.

use std::collections::BTreeMap;

use hcl_edit::expr::Expression;
use tfshow_cty::{Type, Value};

/// A module's configuration, all files merged.
#[derive(Debug, Default, Clone)]
pub struct ModuleConfig {
    /// `variable` blocks in declaration order.
    pub variables: Vec<VariableDecl>,
    /// `output` blocks.
    pub outputs: Vec<OutputDecl>,
    /// `resource` blocks.
    pub managed_resources: Vec<ResourceDecl>,
    /// `data` blocks.
    pub data_resources: Vec<ResourceDecl>,
    /// `ephemeral` blocks (Terraform 1.10+, OpenTofu 1.11+).
    pub ephemeral_resources: Vec<ResourceDecl>,
    /// `module` blocks.
    pub module_calls: Vec<ModuleCallDecl>,
    /// `provider` blocks.
    pub provider_configs: Vec<ProviderDecl>,
    /// `terraform { required_providers { … } }` entries.
    pub required_providers: Vec<RequiredProvider>,
    /// `action` blocks (Terraform 1.14+).
    pub actions: Vec<ActionDecl>,
}

/// A block body: attributes and nested blocks, from native syntax or JSON.
#[derive(Debug, Clone, Default)]
pub struct BlockBody {
    /// Attributes in source order.
    pub attributes: Vec<(String, Expression)>,
    /// Nested blocks in source order.
    pub blocks: Vec<NestedBlockDecl>,
    /// The body came from a `.tf.json` file: nested blocks cannot be told from attributes
    /// without a schema, so object-valued members are kept in `json_members` as well.
    pub json_members: Option<Vec<(String, serde_json::Value)>>,
}

impl BlockBody {
    /// The expression of an attribute, if set.
    pub fn attribute(&self, name: &str) -> Option<&Expression> {
        self.attributes
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, e)| e)
    }

    /// The nested blocks of a type, in source order. In a JSON body a member of that name is
    /// read as blocks (an object or an array of objects; with `labelled`, keyed by label).
    pub fn nested_blocks(&self, type_name: &str, labelled: bool) -> Vec<NestedBlockDecl> {
        match &self.json_members {
            None => self
                .blocks
                .iter()
                .filter(|b| b.type_name == type_name)
                .cloned()
                .collect(),
            Some(members) => members
                .iter()
                .filter(|(n, _)| n == type_name)
                .flat_map(|(_, v)| crate::parse::json_blocks(type_name, v, labelled))
                .collect(),
        }
    }
}

/// A nested block.
#[derive(Debug, Clone)]
pub struct NestedBlockDecl {
    /// The block type.
    pub type_name: String,
    /// Its labels.
    pub labels: Vec<String>,
    /// Its body.
    pub body: BlockBody,
}

/// One `variable` block.
#[derive(Debug, Clone, Default)]
pub struct VariableDecl {
    /// The variable name.
    pub name: String,
    /// The type constraint (`dynamic` for `any`), if given.
    pub type_constraint: Option<Type>,
    /// The default converted to the type constraint; `Some(Value::Null)` for `default = null`.
    pub default: Option<Value>,
    /// `description`.
    pub description: Option<String>,
    /// `sensitive = true`.
    pub sensitive: bool,
    /// `ephemeral = true`.
    pub ephemeral: bool,
    /// `deprecated`: the message shown where the variable is set (OpenTofu 1.10+).
    pub deprecated: Option<String>,
}

/// One `output` block.
#[derive(Debug, Clone)]
pub struct OutputDecl {
    /// The output name.
    pub name: String,
    /// `value`.
    pub value: Option<Expression>,
    /// `description`.
    pub description: Option<String>,
    /// `sensitive = true`.
    pub sensitive: bool,
    /// `ephemeral = true` (OpenTofu 1.11+, Terraform 1.10+).
    pub ephemeral: bool,
    /// `deprecated`: the message shown where the output is used (OpenTofu 1.10+).
    pub deprecated: Option<String>,
    /// `depends_on` entries.
    pub depends_on: Vec<Expression>,
}

/// `managed`, `data` or `ephemeral` (a configuration has no `list` blocks: those are in
/// query files).
pub use tfshow_addrs::ResourceMode;

/// A provider configuration reference: local name and alias (`aws.west`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProviderRef {
    /// The provider's local name.
    pub name: String,
    /// The alias, if any.
    pub alias: Option<String>,
}

impl ProviderRef {
    /// `name` or `name.alias`.
    pub fn compact(&self) -> String {
        match &self.alias {
            Some(a) => format!("{}.{a}", self.name),
            None => self.name.clone(),
        }
    }
}

/// One `resource` or `data` block.
#[derive(Debug, Clone)]
pub struct ResourceDecl {
    /// Managed or data.
    pub mode: ResourceMode,
    /// Resource type.
    pub type_name: String,
    /// Resource name.
    pub name: String,
    /// The `provider` meta-argument.
    pub provider: Option<ProviderRef>,
    /// `count`.
    pub count: Option<Expression>,
    /// `for_each`.
    pub for_each: Option<Expression>,
    /// `depends_on` entries.
    pub depends_on: Vec<Expression>,
    /// The body without meta-arguments.
    pub body: BlockBody,
    /// `provisioner` blocks: type and body.
    pub provisioners: Vec<(String, BlockBody)>,
}

impl ResourceDecl {
    /// The module-relative address (`aws_instance.a`, `data.aws_ami.b`).
    pub fn address(&self) -> String {
        format!("{}{}.{}", self.mode.prefix(), self.type_name, self.name)
    }

    /// The provider configuration the resource uses: the `provider` argument, else the
    /// local name implied by the type (`aws_instance` → `aws`).
    pub fn provider_ref(&self) -> ProviderRef {
        self.provider.clone().unwrap_or_else(|| ProviderRef {
            name: implied_provider(&self.type_name),
            alias: None,
        })
    }
}

/// The provider local name a resource type implies: the part before the first `_`.
pub fn implied_provider(type_name: &str) -> String {
    tfshow_addrs::implied_provider(type_name).to_owned()
}

/// One `module` block.
#[derive(Debug, Clone)]
pub struct ModuleCallDecl {
    /// The call name.
    pub name: String,
    /// `source` as written; `""` when it is an expression (OpenTofu 1.8+ evaluates those
    /// before loading modules: the snapshot's manifest records the result).
    pub source: String,
    /// `version` as written.
    pub version: Option<String>,
    /// `count`.
    pub count: Option<Expression>,
    /// `for_each`.
    pub for_each: Option<Expression>,
    /// `depends_on` entries.
    pub depends_on: Vec<Expression>,
    /// `providers = { child = parent }` pairs.
    pub providers: Vec<(ProviderRef, ProviderRef)>,
    /// The body without meta-arguments (the input variables).
    pub body: BlockBody,
}

/// One `provider` block.
#[derive(Debug, Clone)]
pub struct ProviderDecl {
    /// Local name.
    pub name: String,
    /// `alias`.
    pub alias: Option<String>,
    /// Legacy `version` argument.
    pub version: Option<String>,
    /// The body without `alias` and `version`.
    pub body: BlockBody,
}

impl ProviderDecl {
    /// `name` or `name.alias`.
    pub fn key(&self) -> String {
        ProviderRef {
            name: self.name.clone(),
            alias: self.alias.clone(),
        }
        .compact()
    }
}

/// One `required_providers` entry.
#[derive(Debug, Clone)]
pub struct RequiredProvider {
    /// Local name.
    pub name: String,
    /// `source`, if given.
    pub source: Option<String>,
    /// `version` constraint strings.
    pub versions: Vec<String>,
    /// `configuration_aliases`.
    pub aliases: Vec<ProviderRef>,
}

/// One `action` block.
#[derive(Debug, Clone)]
pub struct ActionDecl {
    /// Action type.
    pub type_name: String,
    /// Action name.
    pub name: String,
    /// The `provider` meta-argument.
    pub provider: Option<ProviderRef>,
    /// `count`.
    pub count: Option<Expression>,
    /// `for_each`.
    pub for_each: Option<Expression>,
}

/// A module in the configuration tree.
#[derive(Debug, Clone, Default)]
pub struct ConfigNode {
    /// Static module path (`["child", "grand"]`; empty for the root).
    pub path: Vec<String>,
    /// The module's declarations.
    pub module: ModuleConfig,
    /// Child modules by call name.
    pub children: BTreeMap<String, ConfigNode>,
}

impl ConfigNode {
    /// The module path as `module.a.module.b` (empty for the root).
    pub fn path_string(&self) -> String {
        self.path
            .iter()
            .map(|p| format!("module.{p}"))
            .collect::<Vec<_>>()
            .join(".")
    }
}
