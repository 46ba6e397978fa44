//! Resource changes decoded once, for both `planned_values` and `resource_changes`.

use std::collections::HashMap;
use std::sync::Arc;
use tfshow_addrs::{AbsProviderConfig, AbsResourceInstance, ResourceMode};
use tfshow_cty::msgpack::{decode_untyped, Options};
use tfshow_cty::{Path, PathStep, Value};
use tfshow_planfile::model::{self, ResourceInstanceChange};

use tfshow_schema::{Mode, Schemas};
use tfshow_state::State;

use crate::error::{invalid, Error};
use crate::resource_values::TypeInfo;

/// A resource instance change located: address, provider and schema, values not yet decoded.
/// Values are decoded when the change is written ([`Located::values`]), so that only the
/// changes being written are held in memory.
pub(crate) struct Located<'a> {
    pub rc: &'a ResourceInstanceChange,
    /// The change's position in the list it was located from.
    pub index: usize,
    pub addr: &'a AbsResourceInstance,
    pub prev_addr: Option<String>,
    /// Provider source address (`registry.terraform.io/hashicorp/aws`).
    pub provider: Arc<str>,
    pub info: TypeInfo<'a>,
    /// The resource type's schema version (from the schema, or without schemas from a state
    /// that holds the same resource type, else 0).
    pub schema_version: u64,
}

/// The decoded values of a change and their sensitive paths from the plan.
pub(crate) struct Values {
    pub before: Value,
    pub after: Value,
    pub before_paths: Vec<Path>,
    pub after_paths: Vec<Path>,
}

impl Located<'_> {
    /// Decodes the values.
    pub(crate) fn values(&self) -> Result<Values, Error> {
        let at = self.rc.addr.as_str();
        let c = &self.rc.change;
        let decode =
            |b: &Option<tfshow_planfile::model::Bytes>, side: &str| -> Result<Value, Error> {
                match b {
                    Some(bytes) => self
                        .info
                        .decode_msgpack(bytes)
                        .map_err(|e| invalid(format!("{at}: {side}"), e)),
                    None => Ok(Value::Null),
                }
            };
        let paths = |ps: &[model::Path]| {
            ps.iter()
                .map(|p| cty_path(p, at))
                .collect::<Result<Vec<_>, _>>()
        };
        Ok(Values {
            before: decode(&c.before, "before")?,
            after: decode(&c.after, "after")?,
            before_paths: paths(&c.before_sensitive_paths)?,
            after_paths: paths(&c.after_sensitive_paths)?,
        })
    }
}

pub(crate) fn schema_mode(m: ResourceMode) -> Mode {
    match m {
        ResourceMode::Data => Mode::Data,
        _ => Mode::Managed,
    }
}

/// Converts a plan-file path (index keys still msgpack) to a cty path.
pub(crate) fn cty_path(p: &model::Path, at: &str) -> Result<Path, Error> {
    p.iter()
        .map(|s| match s {
            model::PathStep::Attr(a) => Ok(PathStep::Attr(a.clone())),
            model::PathStep::Key(bytes) => decode_untyped(bytes, &Options::default())
                .map(|v| PathStep::Index(v.peel().clone()))
                .map_err(|e| invalid(at, format!("path index key: {e}"))),
        })
        .collect()
}

/// Schema versions seen in states, by (provider, mode, type): the best guess without schemas.
pub(crate) type StateSchemaVersions = HashMap<(String, Mode, String), u64>;

/// Collects the schema versions of the current objects in `states`.
pub(crate) fn state_schema_versions(states: &[Option<&State>]) -> StateSchemaVersions {
    let mut out = HashMap::new();
    for s in states.iter().flatten() {
        for r in &s.resources {
            let Ok(p) = AbsProviderConfig::parse(&r.provider) else {
                continue;
            };
            let mode = if r.mode == tfshow_state::Mode::Data {
                Mode::Data
            } else {
                Mode::Managed
            };
            if let Some(i) = r.instances.iter().find(|i| i.deposed.is_empty()) {
                out.entry((p.provider.to_string(), mode, r.type_.clone()))
                    .or_insert(i.schema_version);
            }
        }
    }
    out
}

/// The provider source address of each provider configuration address, parsed once each:
/// a plan names the same few providers in every change.
pub(crate) struct ProviderSources(HashMap<String, Result<Arc<str>, String>>);

impl ProviderSources {
    pub(crate) fn of<'a>(changes: impl IntoIterator<Item = &'a ResourceInstanceChange>) -> Self {
        let mut map = HashMap::new();
        for rc in changes {
            if !map.contains_key(&rc.provider) {
                map.insert(rc.provider.clone(), provider_source(&rc.provider));
            }
        }
        ProviderSources(map)
    }

    fn get(&self, config: &str) -> Result<Arc<str>, String> {
        self.0
            .get(config)
            .cloned()
            .unwrap_or_else(|| provider_source(config))
    }
}

/// The provider source address of a provider configuration address.
fn provider_source(config: &str) -> Result<Arc<str>, String> {
    AbsProviderConfig::parse(config)
        .map(|p| Arc::from(p.provider.to_string()))
        .map_err(|e| e.to_string())
}

pub(crate) fn locate<'a>(
    rc: &'a ResourceInstanceChange,
    index: usize,
    schemas: Option<&'a Schemas>,
    fallback_versions: &StateSchemaVersions,
    providers: &ProviderSources,
) -> Result<Located<'a>, Error> {
    let at = rc.addr.as_str();
    let addr = &rc.address;
    let provider = providers.get(&rc.provider).map_err(|e| invalid(at, e))?;
    let mode = schema_mode(addr.mode);
    let info = TypeInfo::lookup(schemas, &provider, mode, &addr.type_, at)?;
    let schema_version = match info.schema {
        Some(s) => s.version,
        None => fallback_versions
            .get(&(provider.to_string(), mode, addr.type_.clone()))
            .copied()
            .unwrap_or(0),
    };
    Ok(Located {
        rc,
        index,
        prev_addr: rc.prev_run_addr.clone().filter(|p| p != &rc.addr),
        addr,
        provider,
        info,
        schema_version,
    })
}
