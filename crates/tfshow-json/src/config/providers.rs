//! `provider_config`: every provider configuration of every module, keyed
//! `[module.a.module.b:]NAME[.ALIAS]`, and the key each resource's `provider_config_key` uses.
//!
//! Since Terraform 1.1 entries that merely pass a configuration down from a parent module
//! (implicit inheritance, `providers = {…}`, `configuration_aliases`) point at their source
//! (`parent_key`); resources in child modules then use the source key, and such entries are
//! left out of the document.

use std::collections::BTreeMap;

use tfshow_config::model::{ConfigNode, ModuleConfig, ProviderRef};

use super::constraints::canonical;
use crate::Release;

/// One entry of `provider_config`.
#[derive(Debug, Clone, Default)]
pub(crate) struct ProviderEntry {
    pub name: String,
    pub full_name: String,
    pub alias: Option<String>,
    pub version_constraint: String,
    pub module_address: String,
    /// Module path and provider-block index, for its `expressions`.
    pub block: Option<(Vec<String>, usize)>,
    pub parent_key: String,
}

/// `[ADDR:]PROVIDER`.
pub(crate) fn opaque_key(provider: &str, module_addr: &str) -> String {
    if module_addr.is_empty() {
        provider.to_owned()
    } else {
        format!("{module_addr}:{provider}")
    }
}

/// The fully qualified name of a provider source address (`corpus/oracle` →
/// `registry.terraform.io/corpus/oracle`), with `host` the program's default registry.
pub(crate) fn fqn_of_source(source: &str, host: &str) -> String {
    let parts: Vec<&str> = source.split('/').collect();
    let s = match parts.as_slice() {
        [t] => format!("{host}/hashicorp/{t}"),
        [ns, t] => format!("{host}/{ns}/{t}"),
        _ => source.to_owned(),
    };
    s.to_lowercase()
}

/// The provider a local name stands for in a module, with `host` the program's default
/// registry.
pub(crate) fn fqn_for_local(module: &ModuleConfig, local: &str, host: &str) -> String {
    if let Some(src) = module
        .required_providers
        .iter()
        .find(|r| r.name == local)
        .and_then(|r| r.source.as_deref())
    {
        return fqn_of_source(src, host);
    }
    if local == "terraform" {
        return "terraform.io/builtin/terraform".into();
    }
    format!("{host}/hashicorp/{local}")
}

/// The provider a local name stands for in a module as `version` resolved it: before provider
/// source addresses (0.12), always the legacy provider of that type name.
pub(crate) fn provider_fqn(module: &ModuleConfig, local: &str, version: &Release) -> String {
    if version.has(crate::Feature::ProviderSourceAddresses) {
        fqn_for_local(module, local, version.program.default_registry())
    } else {
        format!("{}/-/{local}", version.program.default_registry())
    }
}

/// The providers a module requires, with the version constraints declared for each
/// (`ProviderRequirementsShallow`), in a stable order.
fn requirements(module: &ModuleConfig, host: &str) -> Vec<(String, Vec<String>)> {
    let mut reqs: Vec<(String, Vec<String>)> = Vec::new();
    let mut add = |fqn: String, versions: &[String]| match reqs.iter_mut().find(|(f, _)| *f == fqn)
    {
        Some((_, v)) => v.extend_from_slice(versions),
        None => reqs.push((fqn, versions.to_vec())),
    };
    for rp in &module.required_providers {
        let fqn = rp
            .source
            .as_deref()
            .map(|src| fqn_of_source(src, host))
            .unwrap_or_else(|| fqn_for_local(module, &rp.name, host));
        add(fqn, &rp.versions);
    }
    for pc in &module.provider_configs {
        add(fqn_for_local(module, &pc.name, host), pc.version.as_slice());
    }
    for r in module
        .managed_resources
        .iter()
        .chain(&module.data_resources)
    {
        add(fqn_for_local(module, &r.provider_ref().name, host), &[]);
    }
    reqs
}

fn provider_type(fqn: &str) -> &str {
    fqn.rsplit('/').next().unwrap_or(fqn)
}

fn find_source_key(start: &str, full_name: &str, m: &BTreeMap<String, ProviderEntry>) -> String {
    let mut parent = String::new();
    let mut key = start.to_owned();
    let mut steps = 0;
    while !key.is_empty() && steps < 256 {
        match m.get(&key) {
            Some(e) if e.full_name == full_name => {
                parent = key.clone();
                key = e.parent_key.clone();
            }
            _ => break,
        }
        steps += 1;
    }
    parent
}

/// Builds every entry, including those with a `parent_key`.
pub(crate) fn collect(root: &ConfigNode, version: &Release) -> BTreeMap<String, ProviderEntry> {
    let mut m = BTreeMap::new();
    let host = version.program.default_registry();
    if version.has(crate::Feature::ModuleQualifiedConfig) {
        collect_node(root, None, &mut m, host);
    } else {
        collect_legacy(root, &mut m, version);
    }
    m
}

fn collect_node(
    c: &ConfigNode,
    parent: Option<&ConfigNode>,
    m: &mut BTreeMap<String, ProviderEntry>,
    host: &str,
) {
    let path = c.path_string();
    let module = &c.module;
    let reqs = requirements(module, host);
    let constraint = |fqn: &str| {
        reqs.iter()
            .find(|(f, _)| f == fqn)
            .map(|(_, v)| canonical(v))
            .unwrap_or_default()
    };
    for (i, pc) in module.provider_configs.iter().enumerate() {
        let fqn = fqn_for_local(module, &pc.name, host);
        m.insert(
            opaque_key(&pc.key(), &path),
            ProviderEntry {
                name: pc.name.clone(),
                full_name: fqn.clone(),
                alias: pc.alias.clone(),
                version_constraint: constraint(&fqn),
                module_address: path.clone(),
                block: Some((c.path.clone(), i)),
                parent_key: String::new(),
            },
        );
    }
    for rp in &module.required_providers {
        let fqn = rp
            .source
            .as_deref()
            .map(|src| fqn_of_source(src, host))
            .unwrap_or_else(|| fqn_for_local(module, &rp.name, host));
        for alias in &rp.aliases {
            let key = opaque_key(&alias.compact(), &path);
            m.entry(key).or_insert_with(|| ProviderEntry {
                name: rp.name.clone(),
                full_name: fqn.clone(),
                version_constraint: constraint(&fqn),
                module_address: path.clone(),
                ..ProviderEntry::default()
            });
        }
        let key = opaque_key(&rp.name, &path);
        if m.contains_key(&key) {
            continue;
        }
        let parent_key = match parent {
            Some(p) => find_source_key(&opaque_key(&rp.name, &p.path_string()), &fqn, m),
            None => String::new(),
        };
        m.insert(
            key,
            ProviderEntry {
                name: rp.name.clone(),
                full_name: fqn.clone(),
                version_constraint: constraint(&fqn),
                module_address: path.clone(),
                parent_key,
                ..ProviderEntry::default()
            },
        );
    }
    for (fqn, _) in &reqs {
        let type_name = provider_type(fqn);
        let key = opaque_key(type_name, &path);
        if m.contains_key(&key) {
            continue;
        }
        let parent_key = match parent {
            Some(p) => find_source_key(&opaque_key(type_name, &p.path_string()), fqn, m),
            None => String::new(),
        };
        m.insert(
            key,
            ProviderEntry {
                name: type_name.to_owned(),
                full_name: fqn.clone(),
                module_address: path.clone(),
                parent_key,
                ..ProviderEntry::default()
            },
        );
    }
    for call in &module.module_calls {
        let Some(child) = c.children.get(&call.name) else {
            continue;
        };
        let child_path = child.path_string();
        for (in_child, in_parent) in &call.providers {
            let name = in_child.compact();
            let fqn = fqn_for_local(&child.module, &in_child.name, host);
            let parent_key = find_source_key(&opaque_key(&in_parent.compact(), &path), &fqn, m);
            m.insert(
                opaque_key(&name, &child_path),
                ProviderEntry {
                    name,
                    full_name: fqn,
                    module_address: child_path.clone(),
                    parent_key,
                    ..ProviderEntry::default()
                },
            );
        }
        collect_node(child, Some(c), m, host);
    }
}

/// Terraform 0.14.7-1.1: provider blocks and `required_providers` entries only (`full_name` is
/// not printed by those versions). Without `requirements` (before 0.14.7), provider blocks
/// only, each with its own `version` argument as written.
fn collect_legacy(c: &ConfigNode, m: &mut BTreeMap<String, ProviderEntry>, version: &Release) {
    let host = version.program.default_registry();
    let requirements_too = version.has(crate::Feature::ProviderConfigFromRequirements);
    let path = c.path_string();
    let module = &c.module;
    let reqs = requirements(module, host);
    let constraint = |fqn: &str| {
        reqs.iter()
            .find(|(f, _)| f == fqn)
            .map(|(_, v)| canonical(v))
            .unwrap_or_default()
    };
    for (i, pc) in module.provider_configs.iter().enumerate() {
        m.insert(
            opaque_key(&pc.key(), &path),
            ProviderEntry {
                name: pc.name.clone(),
                full_name: provider_fqn(module, &pc.name, version),
                alias: pc.alias.clone(),
                version_constraint: if requirements_too {
                    constraint(&fqn_for_local(module, &pc.name, host))
                } else {
                    pc.version.clone().unwrap_or_default()
                },
                module_address: path.clone(),
                block: Some((c.path.clone(), i)),
                ..ProviderEntry::default()
            },
        );
    }
    let required = if requirements_too {
        module.required_providers.as_slice()
    } else {
        &[]
    };
    for rp in required {
        let key = opaque_key(&rp.name, &path);
        if m.contains_key(&key) {
            continue;
        }
        let fqn = rp
            .source
            .as_deref()
            .map(|src| fqn_of_source(src, host))
            .unwrap_or_else(|| fqn_for_local(module, &rp.name, host));
        m.insert(
            key,
            ProviderEntry {
                name: rp.name.clone(),
                version_constraint: constraint(&fqn),
                module_address: path.clone(),
                ..ProviderEntry::default()
            },
        );
    }
    for child in c.children.values() {
        collect_legacy(child, m, version);
    }
}

/// The `provider_config_key` of a resource in a module: its provider configuration's key,
/// replaced by the source key when that entry passes a configuration down from a parent.
pub(crate) fn resource_key(
    provider: &ProviderRef,
    module_addr: &str,
    m: &BTreeMap<String, ProviderEntry>,
) -> String {
    let key = opaque_key(&provider.compact(), module_addr);
    if let Some(e) = m.get(&key) {
        if !e.parent_key.is_empty() && m.contains_key(&e.parent_key) {
            return e.parent_key.clone();
        }
    }
    key
}
