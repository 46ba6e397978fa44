//! Which providers a plan or state file uses, and the lock file a plan carries — read
//! cheaply, before the file is shown.
//!
//! A plan that carries its lock file (Terraform 1.1+) uses only providers the lock file
//! lists (Terraform refuses to plan with one it does not list), so the lock file is the whole
//! answer and the `tfplan` entry is not read. An older plan's `tfplan` entry is skimmed for
//! the provider of each resource change (the protobuf's fields are skipped, not decoded). A
//! state file lists its resources' providers (a state of format 1 to 3 once upgraded: its
//! legacy provider references name `registry.terraform.io/-/TYPE` providers).

use std::collections::BTreeSet;
use std::io::{Cursor, Read};

use serde::Deserialize;
use tfshow_limits::Limits;
use tfshow_planfile::{sniff, Kind};

use crate::addr::ProviderAddr;

/// Terraform's builtin provider: it needs no plugin and its schema is not asked for.
pub const BUILTIN: &str = "terraform.io/builtin/terraform";

/// What a plan or state file says about its providers.
#[derive(Debug, Clone, Default)]
pub struct Inventory {
    /// Source addresses of the providers it uses (the builtin provider left out).
    pub providers: BTreeSet<String>,
    /// The plan's own `.terraform.lock.hcl` entry.
    pub lock_file: Option<Vec<u8>>,
}

/// Reads what `bytes` (a plan or state file) says about its providers. Input that is
/// neither, or that is damaged, gives an empty inventory: showing it reports the problem.
pub fn inventory(bytes: &[u8], limits: &Limits) -> Inventory {
    match sniff(bytes, limits) {
        Kind::PlanZip => plan(bytes, limits).unwrap_or_default(),
        Kind::State => {
            let mut out = Inventory::default();
            state_providers(bytes, limits, &mut out.providers);
            out
        }
        Kind::PlanJson | Kind::StateJson => {
            let mut out = Inventory::default();
            document_providers(bytes, limits, &mut out.providers);
            out
        }
        _ => Inventory::default(),
    }
}

/// The `tfplan` entry is skimmed only up to this size (a 50,000-resource plan's is about
/// 40 MB); past it, or past the entry limit, the plan's providers are not worked out here.
const MAX_SKIM: u64 = 256 << 20;

fn plan(bytes: &[u8], limits: &Limits) -> Option<Inventory> {
    let mut zip = zip::ZipArchive::new(Cursor::new(bytes)).ok()?;
    if zip.len() > limits.max_entries {
        return None;
    }
    // Entries are read only as far as `max` (and the entry limit): a bigger one, declared or
    // found, is left for showing the plan to refuse.
    let mut read = |name: &str, max: u64| -> Option<Vec<u8>> {
        let max = max.min(limits.max_entry_size);
        let entry = zip.by_name(name).ok()?;
        if entry.size() > max || entry.size() > entry.compressed_size().saturating_mul(1032) {
            return None;
        }
        let mut buf = Vec::new();
        entry
            .take(max.saturating_add(1))
            .read_to_end(&mut buf)
            .ok()?;
        (buf.len() as u64 <= max).then_some(buf)
    };
    let mut out = Inventory {
        lock_file: read(".terraform.lock.hcl", crate::lockfile::MAX_LOCK_FILE as u64),
        ..Inventory::default()
    };
    if let Some(lock) = out
        .lock_file
        .as_deref()
        .and_then(|l| crate::lockfile::LockFile::parse(l).ok())
    {
        out.providers = lock.providers.keys().map(ToString::to_string).collect();
        return Some(out);
    }
    // Every resource instance of the prior state has a change in the plan (a no-op one when
    // nothing changes), so the changes name every provider with resources.
    if let Some(tfplan) = read("tfplan", MAX_SKIM) {
        skim_tfplan(&tfplan, &mut out.providers);
    }
    Some(out)
}

/// Adds the source address of the provider configuration (or configuration instance) `config`
/// (`provider["registry.terraform.io/hashicorp/null"].alias`).
fn add_config(config: &str, out: &mut BTreeSet<String>) {
    // OpenTofu 1.9+ names provider instances (`….zone["east"]`).
    if let Ok((p, _)) = tfshow_addrs::AbsProviderConfig::parse_instance(config) {
        let source = p.provider.to_string();
        if source != BUILTIN && ProviderAddr::parse(&source).is_some() {
            out.insert(source);
        }
    }
}

/// The providers a `show -json` document names: each resource change's and drifted
/// resource's `provider_name`, and each resource's in the prior state or the state's
/// values (root module and child modules).
fn document_providers(bytes: &[u8], limits: &Limits, out: &mut BTreeSet<String>) {
    #[derive(Deserialize)]
    struct Document {
        #[serde(default)]
        resource_changes: Vec<Named>,
        #[serde(default)]
        resource_drift: Vec<Named>,
        #[serde(default)]
        prior_state: Option<StateDoc>,
        #[serde(default)]
        values: Option<Values>,
    }
    #[derive(Deserialize)]
    struct StateDoc {
        #[serde(default)]
        values: Option<Values>,
    }
    #[derive(Deserialize)]
    struct Values {
        #[serde(default)]
        root_module: Option<Module>,
    }
    #[derive(Deserialize)]
    struct Module {
        #[serde(default)]
        resources: Vec<Named>,
        #[serde(default)]
        child_modules: Vec<Module>,
    }
    #[derive(Deserialize)]
    struct Named {
        #[serde(default)]
        provider_name: String,
    }
    let mut add = |name: &str| {
        if name != BUILTIN && ProviderAddr::parse(name).is_some() {
            out.insert(name.to_owned());
        }
    };
    let Ok(d) = tfshow_limits::json::from_slice::<Document>(bytes, limits) else {
        return;
    };
    for r in d.resource_changes.iter().chain(&d.resource_drift) {
        add(&r.provider_name);
    }
    let values = d
        .prior_state
        .and_then(|s| s.values)
        .into_iter()
        .chain(d.values);
    let mut modules: Vec<Module> = values.filter_map(|v| v.root_module).collect();
    while let Some(m) = modules.pop() {
        for r in &m.resources {
            add(&r.provider_name);
        }
        modules.extend(m.child_modules);
    }
}

/// The providers of a state's resources.
fn state_providers(bytes: &[u8], limits: &Limits, out: &mut BTreeSet<String>) {
    #[derive(Deserialize)]
    struct State {
        #[serde(default)]
        version: Option<u64>,
        #[serde(default)]
        resources: Vec<Resource>,
    }
    #[derive(Deserialize)]
    struct Resource {
        #[serde(default)]
        provider: String,
        #[serde(default)]
        instances: Vec<Instance>,
    }
    /// OpenTofu 1.9+ states may name the provider per instance.
    #[derive(Deserialize)]
    struct Instance {
        #[serde(default)]
        provider: String,
    }
    if let Ok(s) = tfshow_limits::json::from_slice::<State>(bytes, limits) {
        if matches!(s.version, Some(1..=3)) {
            // Formats 1 to 3 name providers by legacy references that the upgrade resolves.
            if let Ok(upgraded) = tfshow_state::State::from_json_with(bytes, limits) {
                for r in &upgraded.resources {
                    add_config(&r.provider, out);
                }
            }
            return;
        }
        for r in &s.resources {
            add_config(&r.provider, out);
            for i in &r.instances {
                add_config(&i.provider, out);
            }
        }
    }
}

/// The `provider` (8) of each `ResourceInstanceChange` in `resource_changes` (3),
/// `resource_drift` (18) and `deferred_changes` (27, its `change`, 2).
fn skim_tfplan(bytes: &[u8], out: &mut BTreeSet<String>) {
    for_each_field(bytes, |field, value| match field {
        3 | 18 => change_provider(value, out),
        27 => for_each_field(value, |f, v| {
            if f == 2 {
                change_provider(v, out);
            }
        }),
        _ => {}
    });
}

fn change_provider(change: &[u8], out: &mut BTreeSet<String>) {
    for_each_field(change, |f, v| {
        if f == 8 {
            if let Ok(s) = std::str::from_utf8(v) {
                add_config(s, out);
            }
        }
    });
}

/// Calls `f` with each length-delimited field of a protobuf message; stops at the first
/// malformed byte.
fn for_each_field(mut b: &[u8], mut f: impl FnMut(u64, &[u8])) {
    fn varint(b: &mut &[u8]) -> Option<u64> {
        let mut v = 0u64;
        for shift in (0..64).step_by(7) {
            let (&byte, rest) = b.split_first()?;
            *b = rest;
            v |= u64::from(byte & 0x7f) << shift;
            if byte & 0x80 == 0 {
                return Some(v);
            }
        }
        None
    }
    while !b.is_empty() {
        let Some(tag) = varint(&mut b) else { return };
        let skip = match tag & 7 {
            0 => {
                if varint(&mut b).is_none() {
                    return;
                }
                0
            }
            1 => 8,
            5 => 4,
            2 => {
                let Some(len) = varint(&mut b).and_then(|l| usize::try_from(l).ok()) else {
                    return;
                };
                if len > b.len() {
                    return;
                }
                f(tag >> 3, &b[..len]);
                len
            }
            _ => return,
        };
        if skip > b.len() {
            return;
        }
        b = &b[skip..];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn testdata(p: &str) -> Vec<u8> {
        std::fs::read(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../testdata/oracle/scenarios")
                .join(p),
        )
        .unwrap()
    }

    #[test]
    fn plans_and_states() {
        let l = Limits::default();
        let null = "registry.terraform.io/hashicorp/null";
        // 1.15.5: the lock file it carries.
        let i = inventory(&testdata("null_provider/tf-1.15.5/plan.tfplan"), &l);
        assert!(i.lock_file.is_some());
        assert_eq!(i.providers.iter().collect::<Vec<_>>(), [null]);
        // 1.0.3: no lock file; the changes and states name it.
        let i = inventory(&testdata("null_provider/tf-1.0.3/plan.tfplan"), &l);
        assert!(i.lock_file.is_none());
        assert_eq!(i.providers.iter().collect::<Vec<_>>(), [null]);
        let i = inventory(&testdata("null_provider/tf-1.0.3/terraform.tfstate"), &l);
        assert_eq!(i.providers.iter().collect::<Vec<_>>(), [null]);
        assert!(inventory(b"not a plan", &l).providers.is_empty());
        // A format 3 state (Terraform 0.11): its resources' legacy providers, the builtin
        // one left out.
        let i = inventory(&testdata("state_upgrade/tf-1.11.4/v3.tfstate"), &l);
        assert_eq!(
            i.providers.iter().collect::<Vec<_>>(),
            ["registry.terraform.io/-/null"]
        );
        let i = inventory(
            &testdata("state_upgrade/tf-1.11.4/v3-remote-state.tfstate"),
            &l,
        );
        assert!(i.providers.is_empty(), "{:?}", i.providers);
        // Damaged tfplan bytes never panic.
        let mut set = BTreeSet::new();
        for n in 0..=255u8 {
            skim_tfplan(&[0x1a, n, 0x42, 0xff, 0x01, n], &mut set);
        }
    }
}
