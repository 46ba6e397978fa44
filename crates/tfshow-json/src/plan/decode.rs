//! Resource changes decoded once, for both `planned_values` and `resource_changes`.

use std::collections::HashMap as StdHashMap;
use std::sync::Arc;

use foldhash::{HashMap, HashMapExt};
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
pub(crate) type StateSchemaVersions = StdHashMap<(String, Mode, String), u64>;

/// Collects the schema versions of the current objects in `states`.
pub(crate) fn state_schema_versions(states: &[Option<&State>]) -> StateSchemaVersions {
    let mut out = StdHashMap::new();
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

/// What a change's provider configuration, mode and resource type resolve to: the provider
/// source address, the schema and the schema version. A plan names few of them, so each is
/// resolved once ([`Resolver`]).
#[derive(Clone)]
struct Resolved<'a> {
    provider: Arc<str>,
    info: TypeInfo<'a>,
    schema_version: u64,
}

type ResolverKey<'c> = (&'c str, Mode, &'c str);

/// The resolutions of the changes' (provider configuration, mode, type) triples, each worked
/// out once.
pub(crate) struct Resolver<'c, 'a> {
    /// Failures are kept as their message, to be reported for each change concerned.
    resolved: HashMap<ResolverKey<'c>, Result<Resolved<'a>, String>>,
}

impl<'c, 'a> Resolver<'c, 'a> {
    pub(crate) fn of(
        changes: impl IntoIterator<Item = &'c ResourceInstanceChange>,
        schemas: Option<&'a Schemas>,
        fallback_versions: &StateSchemaVersions,
    ) -> Self {
        let mut providers: HashMap<&str, Result<Arc<str>, String>> = HashMap::new();
        let mut resolved = HashMap::new();
        for rc in changes {
            let mode = schema_mode(rc.address.mode);
            let key = (rc.provider.as_str(), mode, rc.address.type_.as_str());
            if resolved.contains_key(&key) {
                continue;
            }
            let provider = providers
                .entry(rc.provider.as_str())
                .or_insert_with(|| provider_source(&rc.provider))
                .clone();
            let resolution = provider.and_then(|provider| {
                let info = TypeInfo::lookup(schemas, &provider, mode, &rc.address.type_)?;
                let schema_version = match info.schema {
                    Some(s) => s.version,
                    None => fallback_versions
                        .get(&(provider.to_string(), mode, rc.address.type_.clone()))
                        .copied()
                        .unwrap_or(0),
                };
                Ok(Resolved {
                    provider,
                    info,
                    schema_version,
                })
            });
            resolved.insert(key, resolution);
        }
        Resolver { resolved }
    }
}

/// The provider source address of a provider configuration address.
fn provider_source(config: &str) -> Result<Arc<str>, String> {
    AbsProviderConfig::parse(config)
        .map(|p| Arc::from(p.provider.to_string()))
        .map_err(|e| e.to_string())
}

/// Locates a change with what `resolver` (made from a list that holds it) resolved.
pub(crate) fn locate<'a>(
    rc: &'a ResourceInstanceChange,
    index: usize,
    resolver: &Resolver<'_, 'a>,
) -> Result<Located<'a>, Error> {
    let at = rc.addr.as_str();
    let key = (
        rc.provider.as_str(),
        schema_mode(rc.address.mode),
        rc.address.type_.as_str(),
    );
    let resolved = match resolver.resolved.get(&key) {
        Some(Ok(r)) => r.clone(),
        Some(Err(message)) => return Err(invalid(at, message)),
        None => return Err(invalid(at, "change not resolved")),
    };
    Ok(Located {
        rc,
        index,
        prev_addr: rc
            .prev_run_addr
            .as_ref()
            .filter(|p| *p != &rc.addr)
            .cloned(),
        addr: &rc.address,
        provider: resolved.provider,
        info: resolved.info,
        schema_version: resolved.schema_version,
    })
}
