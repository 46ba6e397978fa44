//! The state model.

use tfshow_addrs::InstanceKey;
use tfshow_cty::{Path, Type};

/// A state snapshot.
#[derive(Debug, Clone, Default)]
pub struct State {
    /// Always 4 after reading.
    pub version: u64,
    /// Version of the Terraform that wrote the state (no prerelease suffix).
    pub terraform_version: String,
    /// Serial number of the snapshot.
    pub serial: u64,
    /// Lineage of the state.
    pub lineage: String,
    /// Root module outputs, sorted by name.
    pub outputs: Vec<(String, OutputValue)>,
    /// Resources in file order.
    pub resources: Vec<Resource>,
    /// Check results (Terraform 1.3+); `None` when the file has `null` or none.
    pub check_results: Option<Vec<CheckResult>>,
    /// The format version the file had when it was upgraded to 4 on reading (1, 2 or 3),
    /// `None` for a format 4 file.
    pub upgraded_from: Option<u64>,
}

impl State {
    /// The program that wrote the state, told by the registry of its providers (OpenTofu's
    /// `registry.opentofu.org`, Terraform's `registry.terraform.io`): a state file does not
    /// name its writer. Terraform when no provider tells.
    pub fn program(&self) -> tfshow_release::Program {
        self.resources
            .iter()
            .flat_map(|r| {
                std::iter::once(r.provider.as_str())
                    .chain(r.instances.iter().filter_map(|i| i.provider.as_deref()))
            })
            .find_map(tfshow_release::Program::by_registry)
            .unwrap_or(tfshow_release::Program::Terraform)
    }

    /// The release whose `show -json` document of this state tfshow prints: the one that
    /// wrote it, as its `terraform_version` and providers tell. No release that wrote a state of
    /// format 1 to 3 (Terraform 0.11 and earlier) shows states as JSON: such a state is shown
    /// as today's releases, which upgrade it, show it (the newest release).
    pub fn release(&self) -> tfshow_release::Release {
        let version = if self.upgraded_from.is_some() {
            ""
        } else {
            self.terraform_version.as_str()
        };
        tfshow_release::Release::parse(self.program(), version)
    }

    /// Whether the state has no resources and no root outputs (`show -json` prints the short
    /// form for it). A resource without instances (left by a failed apply, or by 0.12 after
    /// its count went to zero) still counts.
    pub fn is_empty(&self) -> bool {
        self.outputs.is_empty() && self.resources.is_empty()
    }
}

/// A root module output.
#[derive(Debug, Clone)]
pub struct OutputValue {
    /// The value as stored (JSON of its own type).
    pub value: serde_json::Value,
    /// The value's type.
    pub ty: Type,
    /// Declared sensitive.
    pub sensitive: bool,
}

/// `managed` or `data` (states hold no other mode): [`tfshow_addrs::ResourceMode`], the one
/// mode type of every crate.
pub use tfshow_addrs::ResourceMode as Mode;

/// A resource and its instances.
#[derive(Debug, Clone)]
pub struct Resource {
    /// Module instance address (`module.a[0].module.b`), empty for root.
    pub module: String,
    /// Resource mode.
    pub mode: Mode,
    /// Resource type.
    pub type_: String,
    /// Resource name.
    pub name: String,
    /// Absolute provider configuration (`provider["registry.terraform.io/hashicorp/aws"]`);
    /// empty in OpenTofu 1.9+ states when each instance names its own
    /// ([`Resource::provider_of`]).
    pub provider: String,
    /// Instances in file order.
    pub instances: Vec<Instance>,
}

impl Resource {
    /// The provider configuration of `instance`: its own (OpenTofu 1.9+, provider `for_each`:
    /// `provider["…"].alias["key"]`), else the resource's.
    pub fn provider_of<'a>(&'a self, instance: &'a Instance) -> &'a str {
        instance.provider.as_deref().unwrap_or(&self.provider)
    }
}

/// One object of a resource instance: the current one or a deposed one.
#[derive(Debug, Clone)]
pub struct Instance {
    /// Instance key ([`InstanceKey::None`] unless the resource uses `count` or `for_each`).
    pub index_key: InstanceKey,
    /// `status: "tainted"`.
    pub tainted: bool,
    /// Deposed key (8 hex digits) for a deposed object, empty for the current one.
    pub deposed: String,
    /// Schema version the attributes were written with.
    pub schema_version: u64,
    /// Attribute values (an object), `{}` when absent.
    pub attributes: serde_json::Value,
    /// Legacy flatmap attributes (states upgraded from 0.11).
    pub attributes_flat: Option<Vec<(String, String)>>,
    /// Paths marked sensitive.
    pub sensitive_attributes: Vec<Path>,
    /// Identity schema version (Terraform 1.12+).
    pub identity_schema_version: u64,
    /// Resource identity (Terraform 1.12+).
    pub identity: Option<serde_json::Value>,
    /// Provider private data, base64 as stored.
    pub private: Option<String>,
    /// Resources this one depends on.
    pub dependencies: Vec<String>,
    /// `create_before_destroy` was set.
    pub create_before_destroy: bool,
    /// `lifecycle { destroy = false }` was set (OpenTofu 1.12+ `skip_destroy`).
    pub skip_destroy: bool,
    /// The instance's own provider configuration instance (OpenTofu 1.9+, provider
    /// `for_each`), as stored.
    pub provider: Option<String>,
}

/// Check results of one configuration object.
#[derive(Debug, Clone)]
pub struct CheckResult {
    /// `resource`, `output`, `check` or `var`.
    pub object_kind: String,
    /// Configuration address.
    pub config_addr: String,
    /// `pass`, `fail`, `error` or `unknown`.
    pub status: String,
    /// Per-object results.
    pub objects: Vec<CheckObject>,
}

/// Check result of one object.
#[derive(Debug, Clone)]
pub struct CheckObject {
    /// Instance address.
    pub object_addr: String,
    /// `pass`, `fail`, `error` or `unknown`.
    pub status: String,
    /// Failure messages.
    pub failure_messages: Vec<String>,
}
