//! Resource changes decoded once, for both `planned_values` and `resource_changes`.

use std::collections::HashMap as StdHashMap;
use std::sync::Arc;

use foldhash::{HashMap, HashMapExt};
use std::borrow::Cow;
use tfshow_addrs::{AbsProviderConfig, AbsResourceInstance, ResourceMode};
use tfshow_cty::msgpack::{decode_untyped, Options};
use tfshow_cty::{Path, PathStep, Value};

use tfshow_planfile::model::{self, Action, ResourceInstanceChange};
use tfshow_planfile::LazyChange;

use tfshow_schema::{Mode, Schemas};
use tfshow_state::State;

use crate::error::{invalid, Error};
use crate::resource_values::TypeInfo;

/// A resource instance change located: address, provider and schema; its values (and, for
/// a [`LazyChange`], the rest of it) are decoded when it is written ([`Located::decoded`]),
/// so that only the changes being written are held in memory in decoded form.
pub(crate) struct Located<'a> {
    pub src: Source<'a>,
    /// The change's position in the list it was located from.
    pub index: usize,
    pub addr: &'a AbsResourceInstance,
    /// The address as the plan writes it.
    pub addr_text: &'a str,
    pub prev_addr: Option<&'a str>,
    pub deposed_key: &'a str,
    pub action: Action,
    /// Provider source address (`registry.terraform.io/hashicorp/aws`).
    pub provider: Arc<str>,
    /// The provider configuration address as the plan writes it.
    pub provider_config: &'a str,
    pub info: TypeInfo<'a>,
    /// The resource type's schema version (from the schema, or without schemas from a state
    /// that holds the same resource type, else 0).
    pub schema_version: u64,
}

/// Where a located change comes from.
#[derive(Clone, Copy)]
pub(crate) enum Source<'a> {
    Decoded(&'a ResourceInstanceChange),
    Lazy(&'a LazyChange),
}

/// A change as the plan holds it: decoded, or not yet.
pub(crate) trait PlanChange: Sync {
    /// What locating the change reads of it.
    fn head(&self) -> Head<'_>;
}

/// What locating a change reads of it.
pub(crate) struct Head<'a> {
    pub addr_text: &'a str,
    pub address: &'a AbsResourceInstance,
    pub prev_run_addr: Option<&'a str>,
    pub deposed_key: &'a str,
    pub provider: &'a str,
    pub action: Action,
    pub src: Source<'a>,
}

impl PlanChange for ResourceInstanceChange {
    fn head(&self) -> Head<'_> {
        Head {
            addr_text: &self.addr,
            address: &self.address,
            prev_run_addr: self.prev_run_addr.as_deref(),
            deposed_key: &self.deposed_key,
            provider: &self.provider,
            action: self.change.action,
            src: Source::Decoded(self),
        }
    }
}

impl PlanChange for LazyChange {
    fn head(&self) -> Head<'_> {
        Head {
            addr_text: &self.addr,
            address: &self.address,
            prev_run_addr: self.prev_run_addr.as_deref(),
            deposed_key: &self.deposed_key,
            provider: &self.provider,
            action: self.action,
            src: Source::Lazy(self),
        }
    }
}

impl<T: PlanChange> PlanChange for &T {
    fn head(&self) -> Head<'_> {
        (**self).head()
    }
}

impl<'a> Located<'a> {
    /// The whole change, decoded if it was not.
    pub(crate) fn decoded(&self) -> Result<Cow<'a, ResourceInstanceChange>, Error> {
        match self.src {
            Source::Decoded(rc) => Ok(Cow::Borrowed(rc)),
            Source::Lazy(lazy) => Ok(Cow::Owned(lazy.decode()?)),
        }
    }
}

/// A located change with the whole of it at hand, to be written.
pub(crate) struct Ready<'r, 'a> {
    pub loc: &'r Located<'a>,
    pub rc: &'r ResourceInstanceChange,
}

impl<'a> std::ops::Deref for Ready<'_, 'a> {
    type Target = Located<'a>;
    fn deref(&self) -> &Located<'a> {
        self.loc
    }
}

/// Calls `f` with `d` and the whole of its change.
pub(crate) fn with_decoded<T>(
    d: &Located<'_>,
    f: impl FnOnce(&Ready<'_, '_>) -> Result<T, Error>,
) -> Result<T, Error> {
    let rc = d.decoded()?;
    f(&Ready { loc: d, rc: &rc })
}

/// The decoded values of a change and their sensitive paths from the plan.
pub(crate) struct Values {
    pub before: Value,
    pub after: Value,
    pub before_paths: Vec<Path>,
    pub after_paths: Vec<Path>,
}

impl Ready<'_, '_> {
    /// Decodes the values.
    pub(crate) fn values(&self) -> Result<Values, Error> {
        let at = self.addr_text;
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
        ResourceMode::Ephemeral => Mode::Ephemeral,
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
    pub(crate) fn of<C: PlanChange + 'c>(
        changes: impl IntoIterator<Item = &'c C>,
        schemas: Option<&'a Schemas>,
        fallback_versions: &StateSchemaVersions,
    ) -> Self {
        let mut providers: HashMap<&str, Result<Arc<str>, String>> = HashMap::new();
        let mut resolved = HashMap::new();
        for rc in changes {
            let Head {
                address, provider, ..
            } = rc.head();
            let mode = schema_mode(address.mode);
            let key = (provider, mode, address.type_.as_str());
            if resolved.contains_key(&key) {
                continue;
            }
            let provider = providers
                .entry(provider)
                .or_insert_with(|| provider_source(provider))
                .clone();
            let resolution = provider.and_then(|provider| {
                let info = TypeInfo::lookup(schemas, &provider, mode, &address.type_)?;
                let schema_version = match info.schema {
                    Some(s) => s.version,
                    None => fallback_versions
                        .get(&(provider.to_string(), mode, address.type_.clone()))
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
    rc: &'a impl PlanChange,
    index: usize,
    resolver: &Resolver<'_, 'a>,
) -> Result<Located<'a>, Error> {
    let head = rc.head();
    let at = head.addr_text;
    let key = (
        head.provider,
        schema_mode(head.address.mode),
        head.address.type_.as_str(),
    );
    let resolved = match resolver.resolved.get(&key) {
        Some(Ok(r)) => r.clone(),
        Some(Err(message)) => return Err(invalid(at, message)),
        None => return Err(invalid(at, "change not resolved")),
    };
    Ok(Located {
        src: head.src,
        index,
        addr: head.address,
        addr_text: at,
        prev_addr: head.prev_run_addr.filter(|p| *p != at),
        deposed_key: head.deposed_key,
        action: head.action,
        provider: resolved.provider,
        provider_config: head.provider,
        info: resolved.info,
        schema_version: resolved.schema_version,
    })
}
